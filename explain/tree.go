package explain

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"xcover/exactcover"
)

// DefaultTreeNodes is the bound [WriteTree] uses when given maxNodes ≤ 0:
// Graphviz lays out a thousand nodes in a second or two, and a drawing with
// more is too dense to read anyway.
const DefaultTreeNodes = 1000

// ErrTreeTooLarge is returned by [WriteTree] (wrapped, with the bound) when
// the search tree has more nodes than it was allowed to draw.
var ErrTreeTooLarge = errors.New("search tree too large to draw")

// treeNode is one node of the search tree as WriteTree draws it.
type treeNode struct {
	id       int64
	parent   int64 // 0 for the root
	edge     string
	label    string
	solution bool
	deadEnd  bool
}

// WriteTree writes the search tree of p as a Graphviz DOT graph: one node
// per node of the search tree, in the order the search enters them, labeled
// with the item chosen there and its number of options; an edge per option
// tried, labeled with the option; dead ends (an item with no options left)
// in red and solutions in green. Render it with "dot -Tsvg tree.dot".
//
// The tree has exactly the nodes that [Walk] and the engine count. A search
// of more than maxNodes nodes (DefaultTreeNodes when maxNodes ≤ 0) is
// refused with an error wrapping [ErrTreeTooLarge], and nothing is written:
// the whole tree is built before the first byte is.
func WriteTree(ctx context.Context, w io.Writer, p *exactcover.Problem, maxNodes int64) error {
	if maxNodes <= 0 {
		maxNodes = DefaultTreeNodes
	}
	var (
		nodes []treeNode
		path  []int64  // path[l]: the node at level l of the current path
		edge  []string // edge[l]: the option tried at level l
	)
	parentAt := func(level int) (int64, string) {
		if level == 0 {
			return 0, ""
		}
		return path[level-1], edge[level-1]
	}
	st, err := Walk(ctx, p, maxNodes+1, func(s *Step) bool {
		switch s.Kind {
		case Enter, Solution:
			path = append(path[:s.Level], s.Node)
			parent, e := parentAt(s.Level)
			n := treeNode{id: s.Node, parent: parent, edge: e}
			if s.Kind == Solution {
				n.solution, n.label = true, fmt.Sprintf("solution %d", s.Solution)
			}
			nodes = append(nodes, n)
		case Choose:
			n := &nodes[len(nodes)-1]
			n.label = fmt.Sprintf("%s\n%s", p.ItemName(s.Item), plural(s.Size, "option"))
			if s.Size == 0 {
				n.label = p.ItemName(s.Item) + "\nno option: dead end"
			}
			n.deadEnd = s.Size == 0
		case Try:
			edge = append(edge[:s.Level], optionLabel(p, s.Option))
		}
		return true
	})
	if err != nil {
		return err
	}
	if st.Status == exactcover.NodeLimit || st.Nodes > maxNodes {
		return fmt.Errorf("%w: more than %d nodes", ErrTreeTooLarge, maxNodes)
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph search {")
	fmt.Fprintf(bw, "  label=%s;\n", dotQuote(fmt.Sprintf("%s, %s, %s",
		plural64(st.Solutions, "solution"), plural64(st.Nodes, "node"), plural64(st.Updates, "update"))))
	fmt.Fprintln(bw, "  node [shape=box, fontname=\"Helvetica\"];")
	fmt.Fprintln(bw, "  edge [fontname=\"Helvetica\", fontsize=10];")
	for _, n := range nodes {
		attrs := "label=" + dotQuote(n.label)
		switch {
		case n.solution:
			attrs += ", shape=ellipse, color=darkgreen, fontcolor=darkgreen"
		case n.deadEnd:
			attrs += ", color=red, fontcolor=red"
		}
		fmt.Fprintf(bw, "  n%d [%s];\n", n.id, attrs)
		if n.parent != 0 {
			fmt.Fprintf(bw, "  n%d -> n%d [label=%s];\n", n.parent, n.id, dotQuote(n.edge))
		}
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}

// optionLabel is how the tree names an option: its number and its label or
// items.
func optionLabel(p *exactcover.Problem, k int) string {
	o := p.Options[k]
	if o.Label != "" {
		return fmt.Sprintf("%d: %s", k+1, o.Label)
	}
	refs := make([]string, len(o.Items))
	for j, r := range o.Items {
		refs[j] = r.String()
	}
	return fmt.Sprintf("%d: %s", k+1, strings.Join(refs, " "))
}

// dotQuote writes s as a DOT quoted string. Inside one, DOT gives meaning to
// a backslash before a quote and to \n, \l, \r; so backslashes are doubled,
// quotes escaped, and line breaks become \n (a centered line).
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return `"` + r.Replace(s) + `"`
}
