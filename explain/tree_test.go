package explain_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// dotGraph is what parseDOT understands of a graph: node ids with their
// attributes, and edges.
type dotGraph struct {
	nodes map[string]map[string]string
	edges [][2]string
	attrs map[string]string // graph attributes (name=value statements)
}

// parseDOT parses the subset of the DOT language (graphviz.org/doc/info/lang)
// that a search tree needs, strictly: "digraph ID { stmt; … }" where a
// statement is an attribute statement (graph/node/edge [a=v, …]), a graph
// attribute ID=ID, a node "ID [a=v, …]" or an edge "ID -> ID [a=v, …]"; IDs
// are identifiers, numerals or double-quoted strings with \" escapes. Edges
// must join declared nodes.
func parseDOT(src string) (*dotGraph, error) {
	toks, err := dotTokens(src)
	if err != nil {
		return nil, err
	}
	pos := 0
	peek := func() string {
		if pos < len(toks) {
			return toks[pos]
		}
		return ""
	}
	next := func() string { t := peek(); pos++; return t }
	expect := func(want string) error {
		if got := next(); got != want {
			return fmt.Errorf("token %d: got %q, want %q", pos, got, want)
		}
		return nil
	}
	isID := func(t string) bool {
		return t != "" && !strings.ContainsAny(t[:1], "{}[];=,-")
	}
	attrList := func() (map[string]string, error) {
		attrs := map[string]string{}
		if peek() != "[" {
			return attrs, nil
		}
		next()
		for peek() != "]" {
			k := next()
			if !isID(k) {
				return nil, fmt.Errorf("token %d: attribute name %q", pos, k)
			}
			if err := expect("="); err != nil {
				return nil, err
			}
			v := next()
			if !isID(v) {
				return nil, fmt.Errorf("token %d: attribute value %q", pos, v)
			}
			attrs[k] = v
			if peek() == "," || peek() == ";" {
				next()
			}
		}
		next()
		return attrs, nil
	}
	if err := expect("digraph"); err != nil {
		return nil, err
	}
	if isID(peek()) {
		next()
	}
	if err := expect("{"); err != nil {
		return nil, err
	}
	g := &dotGraph{nodes: map[string]map[string]string{}, attrs: map[string]string{}}
	for peek() != "}" {
		if peek() == "" {
			return nil, errors.New("unexpected end: missing }")
		}
		id := next()
		switch {
		case id == "graph" || id == "node" || id == "edge":
			if _, err := attrList(); err != nil {
				return nil, err
			}
		case !isID(id):
			return nil, fmt.Errorf("token %d: statement starts with %q", pos, id)
		case peek() == "=":
			next()
			v := next()
			if !isID(v) {
				return nil, fmt.Errorf("token %d: value %q", pos, v)
			}
			g.attrs[id] = v
		case peek() == "->":
			next()
			to := next()
			if !isID(to) {
				return nil, fmt.Errorf("token %d: edge to %q", pos, to)
			}
			if _, err := attrList(); err != nil {
				return nil, err
			}
			g.edges = append(g.edges, [2]string{id, to})
		default:
			attrs, err := attrList()
			if err != nil {
				return nil, err
			}
			g.nodes[id] = attrs
		}
		if peek() == ";" {
			next()
		}
	}
	next()
	if pos != len(toks) {
		return nil, fmt.Errorf("tokens after the closing brace: %q", toks[pos:])
	}
	for _, e := range g.edges {
		if g.nodes[e[0]] == nil || g.nodes[e[1]] == nil {
			return nil, fmt.Errorf("edge %s -> %s joins an undeclared node", e[0], e[1])
		}
	}
	return g, nil
}

// dotTokens splits DOT source into tokens; a quoted string keeps its quotes
// and must be closed on the same line.
func dotTokens(src string) ([]string, error) {
	var toks []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case unicode.IsSpace(rune(c)):
			i++
		case c == '"':
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
				if j < len(src) && src[j] == '\n' {
					return nil, fmt.Errorf("offset %d: line break inside a string", j)
				}
			}
			if j >= len(src) {
				return nil, fmt.Errorf("offset %d: unterminated string", i)
			}
			toks = append(toks, src[i:j+1])
			i = j + 1
		case strings.HasPrefix(src[i:], "->"):
			toks = append(toks, "->")
			i += 2
		case strings.ContainsRune("{}[];=,", rune(c)):
			toks = append(toks, string(c))
			i++
		case c == '_' || unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) || c == '.':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '.' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			toks = append(toks, src[i:j])
			i = j
		default:
			return nil, fmt.Errorf("offset %d: unexpected %q", i, c)
		}
	}
	return toks, nil
}

// checkTree checks that g is a tree of exactly nodes nodes, rooted at n1,
// with solutions leaves drawn as such.
func checkTree(t *testing.T, g *dotGraph, st exactcover.Stats) {
	t.Helper()
	if int64(len(g.nodes)) != st.Nodes {
		t.Errorf("%d DOT nodes, the search has %d nodes", len(g.nodes), st.Nodes)
	}
	if int64(len(g.edges)) != st.Nodes-1 {
		t.Errorf("%d edges, want nodes-1 = %d", len(g.edges), st.Nodes-1)
	}
	parents := map[string]int{}
	children := map[string]int{}
	for _, e := range g.edges {
		parents[e[1]]++
		children[e[0]]++
	}
	for id := range g.nodes {
		want := 1
		if id == "n1" {
			want = 0
		}
		if parents[id] != want {
			t.Errorf("node %s has %d parents, want %d", id, parents[id], want)
		}
	}
	sols := 0
	for id, attrs := range g.nodes {
		if strings.HasPrefix(attrs["label"], `"solution`) {
			sols++
			if children[id] != 0 {
				t.Errorf("solution %s has children", id)
			}
		}
	}
	if int64(sols) != st.Solutions {
		t.Errorf("%d solution nodes, want %d", sols, st.Solutions)
	}
}

func TestWriteTreeIsValidDOT(t *testing.T) {
	cases := []struct {
		name string
		p    *exactcover.Problem
	}{
		{"knuth-paper", knuthPaper()},
		{"color", colorExample()},
		{"quotes", &exactcover.Problem{
			Primary: []string{`a"b`, `c\d`, "e f"},
			Options: []exactcover.Option{
				{Label: `say "hi"\n`, Items: []exactcover.ItemRef{{Name: `a"b`}, {Name: `c\d`}}},
				{Items: []exactcover.ItemRef{{Name: "e f"}}},
				{Items: []exactcover.ItemRef{{Name: `a"b`}}},
			},
		}},
	}
	for _, name := range []string{"knuth-example", "queens-8"} {
		if p := readDLXOptional(filepath.Join(sharedDir, name+".dlx")); p != nil {
			cases = append(cases, struct {
				name string
				p    *exactcover.Problem
			}{name, p})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if _, err := explain.WriteTree(context.Background(), &out, tc.p, explain.TreeConfig{MaxNodes: 2000}); err != nil {
				t.Fatal(err)
			}
			g, err := parseDOT(out.String())
			if err != nil {
				t.Fatalf("invalid DOT: %v\n%s", err, out.String())
			}
			checkTree(t, g, engineCount(t, tc.p))
			renderDOT(t, out.Bytes())
		})
	}
}

// renderDOT renders the graph with Graphviz when it is installed.
func renderDOT(t *testing.T, src []byte) {
	t.Helper()
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Log("dot not on PATH: not rendered")
		return
	}
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = bytes.NewReader(src)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("dot -Tsvg: %v\n%s", err, out)
	}
}

func TestWriteTreeGolden(t *testing.T) {
	var out bytes.Buffer
	if _, err := explain.WriteTree(context.Background(), &out, knuthPaper(), explain.TreeConfig{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "knuth.dot", out.Bytes())
}

// TestWriteTreeLimits draws searches cut short by a node limit or a
// solution limit: the drawing has the nodes and solutions that the engine
// counts under the same limits, and its label says the search goes on.
func TestWriteTreeLimits(t *testing.T) {
	p := readDLXOptional(filepath.Join(sharedDir, "queens-8.dlx"))
	if p == nil {
		p = knuthPaper()
	}
	for _, cfg := range []explain.TreeConfig{
		{MaxNodes: 1}, {MaxNodes: 5}, {MaxNodes: 100},
		{MaxSolutions: 1}, {MaxSolutions: 3, MaxNodes: 2000}, {MaxSolutions: 2, MaxNodes: 50},
	} {
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		limit := cfg.MaxNodes
		if limit == 0 {
			limit = explain.DefaultTreeNodes
		}
		res, err := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch, MaxNodes: limit, MaxSolutions: cfg.MaxSolutions, Engine: exactcover.EngineDLX})
		eng := res.Search
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		st, err := explain.WriteTree(context.Background(), &out, p, cfg)
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
		if st.Nodes != eng.Nodes || st.Solutions != eng.Solutions || st.Status != eng.Status {
			t.Errorf("%+v: drew %d nodes, %d solutions, %s; the engine: %d, %d, %s", cfg, st.Nodes, st.Solutions, st.Status, eng.Nodes, eng.Solutions, eng.Status)
		}
		g, err := parseDOT(out.String())
		if err != nil {
			t.Fatalf("%+v: invalid DOT: %v", cfg, err)
		}
		checkTree(t, g, eng)
		if eng.Status != exactcover.Complete && !strings.Contains(g.attrs["label"], "the search goes on") {
			t.Errorf("%+v: label %s does not say the search goes on", cfg, g.attrs["label"])
		}
	}
}

// readDLXOptional is readDLX for a file that may be absent: nil then.
func readDLXOptional(path string) *exactcover.Problem {
	p, err := loadDLX(path)
	if err != nil {
		return nil
	}
	return p
}

func TestParseDOTRejects(t *testing.T) {
	for _, src := range []string{
		`digraph { a -> b; }`,
		`digraph { a [label="x]; }`,
		`digraph { a; `,
		`graph { a; }`,
		`digraph { a [label=]; }`,
	} {
		if _, err := parseDOT(src); err == nil {
			t.Errorf("parseDOT accepted %q", src)
		}
	}
}
