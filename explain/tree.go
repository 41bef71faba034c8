package explain

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// DefaultTreeNodes is the drawing's bound when TreeConfig.MaxNodes is 0:
// Graphviz lays out a thousand nodes in a second or two, and a drawing with
// more is too dense to read anyway.
const DefaultTreeNodes = 1000

// TreeConfig says how much of the search [WriteTree] draws.
type TreeConfig struct {
	// MaxNodes stops the search, and the drawing, before a node beyond that
	// many (0: DefaultTreeNodes), as exactcover.Config.MaxNodes does.
	MaxNodes int64
	// MaxSolutions stops the search after that many solutions (0: all),
	// as exactcover.Config.MaxSolutions does.
	MaxSolutions int64
}

// treeNode is one node of the search tree as WriteTree draws it.
type treeNode struct {
	id       int64
	parent   int64 // 0 for the root
	edge     string
	label    string
	solution bool
	deadEnd  bool
	null     bool // the edge from the parent is a null branch
}

// WriteTree writes the search tree of p as a Graphviz DOT graph: one node
// per node of the search tree, in the order the search enters them, labeled
// with the item chosen there and its number of options; an edge per option
// tried, labeled with the option's number (from 1) and its label or items;
// dead ends (an item with no options left) in red and solutions in green.
// Render it with "dot -Tsvg tree.dot".
//
// With multiplicities (Algorithm M), a node's label gives the item's bounds
// and its number of branches, a dead end says that too few options are left,
// and a null branch is a dashed edge labeled "null: C gets no more".
//
// It draws the search that [Walk] and the engine make with the same limits:
// the tree up to where cfg stopped it, whose statistics it returns (Status
// says what stopped it) and writes in the graph's label. A search stopped
// early draws the nodes it entered, with the children it did not reach
// left out. The whole drawing is built before the first byte is written,
// so an invalid problem or a cancelled search writes nothing.
func WriteTree(ctx context.Context, w io.Writer, p *exactcover.Problem, cfg TreeConfig) (exactcover.Stats, error) {
	maxNodes := cfg.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultTreeNodes
	}
	var (
		nodes []treeNode
		path  []int64  // path[l]: the node at level l of the current path
		edge  []string // edge[l]: the option tried at level l
		null  []bool   // null[l]: level l took the null branch
		mcc   = p.HasMultiplicities()
	)
	parentAt := func(level int) (int64, string, bool) {
		if level == 0 {
			return 0, "", false
		}
		return path[level-1], edge[level-1], null[level-1]
	}
	st, err := Walk(ctx, p, maxNodes, func(s *Step) bool {
		switch s.Kind {
		case Enter, Solution:
			path = append(path[:s.Level], s.Node)
			parent, e, isNull := parentAt(s.Level)
			n := treeNode{id: s.Node, parent: parent, edge: e, null: isNull}
			if s.Kind == Solution {
				n.solution, n.label = true, fmt.Sprintf("solution %d", s.Solution)
			}
			nodes = append(nodes, n)
			if s.Kind == Solution && cfg.MaxSolutions > 0 && s.Solution >= cfg.MaxSolutions {
				return false
			}
		case Choose:
			n := &nodes[len(nodes)-1]
			switch {
			case mcc && s.Degree <= 0:
				n.label = itemBounds(p, s.Item) + "\ntoo few options: dead end"
				n.deadEnd = true
			case mcc:
				n.label = itemBounds(p, s.Item) + "\n" + branches(s.Degree)
			case s.Size == 0:
				n.label = p.ItemName(s.Item) + "\nno option: dead end"
				n.deadEnd = true
			default:
				n.label = fmt.Sprintf("%s\n%s", p.ItemName(s.Item), Plural(s.Size, "option"))
			}
		case Try:
			edge = append(edge[:s.Level], optionLabel(p, s.Option))
			null = append(null[:s.Level], false)
		case Null:
			edge = append(edge[:s.Level], "null: "+p.ItemName(s.Item)+" gets no more")
			null = append(null[:s.Level], true)
		}
		return true
	})
	if st.Status == exactcover.Stopped { // the visitor stopped at MaxSolutions
		st.Status = exactcover.SolutionLimit
	}
	if err != nil {
		return st, err
	}
	label := fmt.Sprintf("%s, %s, %s", Plural(st.Solutions, "solution"), Plural(st.Nodes, "node"), Plural(st.Updates, "update"))
	switch st.Status {
	case exactcover.NodeLimit:
		label += fmt.Sprintf("; stopped before node %d: the search goes on", st.Nodes+1)
	case exactcover.SolutionLimit:
		label += fmt.Sprintf("; stopped after %s: the search goes on", Plural(st.Solutions, "solution"))
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph search {")
	fmt.Fprintf(bw, "  label=%s;\n", dotQuote(label))
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
			style := ""
			if n.null {
				style = ", style=dashed"
			}
			fmt.Fprintf(bw, "  n%d -> n%d [label=%s%s];\n", n.parent, n.id, dotQuote(n.edge), style)
		}
	}
	fmt.Fprintln(bw, "}")
	return st, bw.Flush()
}

// itemBounds is item i's name, with its bounds when it has bounds other
// than exactly once: "C [2..3]".
func itemBounds(p *exactcover.Problem, i int) string {
	if i >= len(p.Primary) || p.ItemBounds(i) == exactcover.Once {
		return p.ItemName(i)
	}
	b := p.ItemBounds(i)
	return p.ItemName(i) + " " + rangeText(b.Lo, b.Hi)
}

// optionLabel is how the tree names an option: its number and its label or
// items.
func optionLabel(p *exactcover.Problem, k int) string {
	o := p.Options[k]
	if o.Label != "" {
		return fmt.Sprintf("%d: %s", k+1, o.Label)
	}
	return fmt.Sprintf("%d: %s", k+1, o.String())
}

// dotQuote writes s as a DOT quoted string. Inside one, DOT gives meaning to
// a backslash before a quote and to \n, \l, \r; so backslashes are doubled,
// quotes escaped, and line breaks become \n (a centered line).
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return `"` + r.Replace(s) + `"`
}
