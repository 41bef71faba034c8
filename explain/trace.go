package explain

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// MaxTraceNodes bounds the nodes a [Trace] records. A node takes a few
// hundred bytes to two kilobytes of narration and state; a hundred
// thousand nodes make a page of a few megabytes once compressed (see
// explain/web), which a browser loads in a second or two and steps through
// at once. Past that, a search is no longer followed node by node.
const MaxTraceNodes = 100_000

// Trace is a search told as data: the problem, and for each node of the
// search tree what the narration says of it and the state of the links when
// the search enters it. It is what the page of "xcover explain --html"
// shows, and it marshals to JSON as it is.
//
// The narration is [Narrate]'s own, sentence for sentence: a Trace is made
// by the same narrator, writing each step's lines into the step rather than
// onto a terminal. The matrix state of a node is given as a difference from
// its parent's: the items covered and the options hidden on the way down
// (going down a path only takes items and options away; they come back
// when the search backs up).
type Trace struct {
	Problem TraceProblem `json:"problem"`
	// Header and Footer are the narration's lines before the first node
	// and after the last.
	Header []string `json:"header"`
	Footer []string `json:"footer"`
	// Nodes are the nodes of the search tree in the order entered.
	Nodes []TraceNode `json:"nodes"`
	// Lines are the distinct lines of the narration of the nodes, indented
	// as on a terminal; a step names its lines by their index here. A
	// search repeats itself a lot: the 1.7 million lines told of the 32,644
	// nodes of the pentominoes in a 3×20 box are 110,000 distinct ones.
	Lines []string `json:"lines"`
	// Stats of the search told, as [Walk] returns them.
	Solutions  int64  `json:"solutions"`
	NodeCount  int64  `json:"nodeCount"`
	Updates    int64  `json:"updates"`
	Cleansings int64  `json:"cleansings"`
	Status     string `json:"status"` // "complete", or why it stopped
	// Limit is the node limit the trace was made with; Complete is false
	// when the search has more nodes than it tells.
	Limit    int64 `json:"limit"`
	Complete bool  `json:"complete"`
}

// TraceProblem is the problem of a [Trace]: items primary first, as the
// steps number them, and options as the problem gives them.
type TraceProblem struct {
	Items   []string      `json:"items"`
	Primary int           `json:"primary"` // items[:Primary] are primary
	Bounds  [][2]int      `json:"bounds,omitempty"`
	Options []TraceOption `json:"options"`
	MCC     bool          `json:"mcc"` // some primary item has bounds: Algorithm M
}

// TraceOption is an option: its label, its items (indices into
// TraceProblem.Items) and their colors ("" for none).
type TraceOption struct {
	Label  string   `json:"label,omitempty"`
	Items  []int    `json:"items"`
	Colors []string `json:"colors,omitempty"`
}

// TraceNode is a node of the search tree: an entry to a level, or a
// solution (a leaf).
type TraceNode struct {
	Node   int64 `json:"node"`   // its number, from 1, as the narration counts
	Parent int   `json:"parent"` // index in Trace.Nodes of its parent, -1 for the root
	Level  int   `json:"level"`
	// How the parent came here: Option, the K-th of the D branches of
	// Item; a null branch (Algorithm M) has Option -1. The root has
	// Item -1.
	Item   int `json:"item"`
	Option int `json:"option"`
	K      int `json:"k,omitempty"`
	D      int `json:"d,omitempty"`
	// Solution is the number of the solution this node is, 0 if none.
	Solution int64 `json:"solution,omitempty"`
	// Chosen is the item the node branches on, -1 for a solution; Degree is
	// its number of branches (of options, without multiplicities), 0 or
	// less for a dead end.
	Chosen int `json:"chosen"`
	Degree int `json:"degree"`
	// Active lists the primary items still to cover as the node is entered,
	// in declaration order, as pairs: item, options left; with
	// multiplicities, as groups of five: item, options left, bound, need,
	// branches (see [ItemSize]).
	Active []int32 `json:"active"`
	// Covered and Hidden are the items no longer active and the options no
	// longer live (see [View]) as the node is entered, since its parent was.
	Covered []int32 `json:"covered"`
	Hidden  []int32 `json:"hidden"`
	// The counts as the node is entered: nodes so far is Node; updates,
	// cleansings and solutions found before it.
	Updates    int64 `json:"updates"`
	Cleansings int64 `json:"cleansings"`
	Solutions  int64 `json:"solutions"`
	// Steps are the steps told from this node until the next node, each
	// with the narration's lines for it.
	Steps []TraceStep `json:"steps"`
}

// TraceStep is one step of [Walk] and the narration's lines for it, as
// indices into Trace.Lines.
type TraceStep struct {
	Kind  string  `json:"kind"` // a [Kind]'s name
	Lines []int32 `json:"lines"`
}

// NewTrace walks p as [Narrate] tells it, and records the walk as a
// [Trace] of at most maxNodes nodes (0 or more than [MaxTraceNodes]:
// MaxTraceNodes). A search with more nodes is told up to there, and the
// Trace says it is not complete. Errors are those of [Walk].
func NewTrace(ctx context.Context, p *exactcover.Problem, maxNodes int64) (*Trace, error) {
	s, err := exactcover.New(p)
	if err != nil {
		return nil, err
	}
	if maxNodes <= 0 || maxNodes > MaxTraceNodes {
		maxNodes = MaxTraceNodes
	}
	var buf bytes.Buffer
	lineID := map[string]int32{}
	r := &recorder{
		n: &narrator{w: &buf, p: p, mcc: p.HasMultiplicities()},
		t: &Trace{Problem: traceProblem(p), Limit: maxNodes},
	}
	r.n.header(s.Warnings())
	r.t.Header = lines(&buf)
	st, err := Walk(ctx, p, maxNodes, func(s *Step) bool {
		r.step(s)
		if r.n.step(s) && len(r.t.Nodes) > 0 {
			nd := &r.t.Nodes[len(r.t.Nodes)-1]
			step := TraceStep{Kind: s.Kind.String(), Lines: []int32{}}
			for _, line := range lines(&buf) {
				id, ok := lineID[line]
				if !ok {
					id = int32(len(r.t.Lines))
					lineID[line] = id
					r.t.Lines = append(r.t.Lines, line)
				}
				step.Lines = append(step.Lines, id)
			}
			nd.Steps = append(nd.Steps, step)
		}
		buf.Reset()
		return true
	})
	r.n.footer(st)
	r.t.Footer = lines(&buf)
	t := r.t
	t.Solutions, t.NodeCount, t.Updates, t.Cleansings = st.Solutions, st.Nodes, st.Updates, st.Cleansings
	t.Status = st.Status.String()
	t.Complete = st.Status == exactcover.Complete
	return t, err
}

// lines returns what buf holds as lines, and empties it.
func lines(buf *bytes.Buffer) []string {
	if buf.Len() == 0 {
		return nil
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	buf.Reset()
	return strings.Split(s, "\n")
}

func traceProblem(p *exactcover.Problem) TraceProblem {
	tp := TraceProblem{Primary: len(p.Primary), MCC: p.HasMultiplicities()}
	index := make(map[string]int, p.NumItems())
	for i := range p.NumItems() {
		tp.Items = append(tp.Items, p.ItemName(i))
		index[p.ItemName(i)] = i
	}
	if tp.MCC {
		for i := range p.Primary {
			b := p.ItemBounds(i)
			tp.Bounds = append(tp.Bounds, [2]int{b.Lo, b.Hi})
		}
	}
	for _, o := range p.Options {
		to := TraceOption{Label: o.Label, Items: make([]int, len(o.Items))}
		colored := false
		for j, r := range o.Items {
			to.Items[j] = index[r.Name]
			colored = colored || r.Color != ""
		}
		if colored {
			to.Colors = make([]string, len(o.Items))
			for j, r := range o.Items {
				to.Colors[j] = r.Color
			}
		}
		tp.Options = append(tp.Options, to)
	}
	return tp
}

// recorder turns the steps of a walk into the nodes of a Trace.
type recorder struct {
	n    *narrator
	t    *Trace
	view *View // the links, seen through the first Enter step's View

	at   []int  // at[level]: index in t.Nodes of the node on the path at that level
	edge []edge // edge[level]: the branch taken at that level
	// active[level] and live[level]: the items active and options live at
	// the path's node of that level, in increasing order.
	active, live [][]int

	updates, cleansings int64
}

// edge is a branch of a node: the K-th of D, Option (-1 for the null
// branch) for Item.
type edge struct{ item, option, k, d int }

func (r *recorder) step(s *Step) {
	switch s.Kind {
	case Enter, Solution:
		if r.view == nil && s.View != nil {
			r.view = s.View
		}
		r.enter(s)
	case Choose:
		nd := &r.t.Nodes[len(r.t.Nodes)-1]
		nd.Chosen, nd.Degree = s.Item, s.Size
		if r.n.mcc {
			nd.Degree = s.Degree
		}
	case Try:
		r.setEdge(s.Level, edge{s.Item, s.Option, s.K, s.D})
	case Null:
		r.setEdge(s.Level, edge{s.Item, -1, s.K, s.D})
	case Cover, Purify, Tweak:
		r.updates += s.Updates
		r.cleansings += s.Cleansings
	}
}

func (r *recorder) setEdge(level int, e edge) {
	r.edge = append(r.edge[:level], e)
}

// enter records the node an Enter or Solution step enters.
func (r *recorder) enter(s *Step) {
	nd := TraceNode{Node: s.Node, Parent: -1, Level: s.Level, Item: -1, Option: -1, Chosen: -1,
		Updates: r.updates, Cleansings: r.cleansings, Solutions: r.t.Solutions}
	if s.Kind == Solution {
		nd.Solution = s.Solution
		nd.Solutions = s.Solution - 1
	}
	if s.Level > 0 {
		nd.Parent = r.at[s.Level-1]
		e := r.edge[s.Level-1]
		nd.Item, nd.Option, nd.K, nd.D = e.item, e.option, e.k, e.d
	}
	nd.Active = make([]int32, 0, 5*len(s.Active))
	for _, a := range s.Active {
		nd.Active = append(nd.Active, int32(a.Item), int32(a.Size))
		if r.n.mcc {
			nd.Active = append(nd.Active, int32(a.Bound), int32(a.Need), int32(a.Degree))
		}
	}
	nd.Covered, nd.Hidden = r.changes(s.Level)
	r.at = append(r.at[:s.Level], len(r.t.Nodes))
	r.t.Nodes = append(r.t.Nodes, nd)
}

// changes works out the items and options the path lost between the node
// at level-1 and the one entered at level, and remembers what is left. Only
// those still there at the parent are looked at: going down, nothing comes
// back.
func (r *recorder) changes(level int) (covered, hidden []int32) {
	covered, hidden = []int32{}, []int32{}
	var items, options []int
	if level == 0 {
		nItems, nOptions := len(r.t.Problem.Items), len(r.t.Problem.Options)
		items, options = make([]int, nItems), make([]int, nOptions)
		for i := range items {
			items[i] = i
		}
		for k := range options {
			options[k] = k
		}
	} else {
		items, options = r.active[level-1], r.live[level-1]
	}
	var keepItems, keepOptions []int
	for _, i := range items {
		if r.view == nil || r.view.Active(i) {
			keepItems = append(keepItems, i)
		} else {
			covered = append(covered, int32(i))
		}
	}
	for _, k := range options {
		if r.view == nil || r.view.Live(k) {
			keepOptions = append(keepOptions, k)
		} else {
			hidden = append(hidden, int32(k))
		}
	}
	r.active = append(r.active[:level], keepItems)
	r.live = append(r.live[:level], keepOptions)
	return covered, hidden
}

// Text returns the narration the trace holds, as [Narrate] writes it
// without a matrix (and without the note on a search bigger than its
// limit, which Narrate adds before the header).
func (t *Trace) Text() string {
	var b strings.Builder
	for _, l := range t.Header {
		fmt.Fprintln(&b, l)
	}
	for _, nd := range t.Nodes {
		for _, s := range nd.Steps {
			for _, id := range s.Lines {
				fmt.Fprintln(&b, t.Lines[id])
			}
		}
	}
	for _, l := range t.Footer {
		fmt.Fprintln(&b, l)
	}
	return b.String()
}
