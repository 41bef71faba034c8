package explain

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/internal/plural"
)

// MaxTraceNodes bounds the nodes a [Trace] records. A node takes a few
// hundred bytes to two kilobytes of narration and state; a hundred
// thousand nodes make a page of a few megabytes once compressed (see
// explain/web), which a browser loads in a second or two and steps through
// at once. Past that, a search is no longer followed node by node.
const MaxTraceNodes = 100_000

// TraceLimits bounds a [Trace]: the nodes it records, and the memory it
// takes while it is made, in bytes (see [MaxTraceBytes]).
type TraceLimits struct {
	Nodes int64 // 0 or more than MaxTraceNodes: MaxTraceNodes
	Bytes int64 // 0 or more than MaxTraceBytes: MaxTraceBytes
}

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
// when the search backs up), and so are the counts of the items left: a
// node lists those whose counts changed.
//
// A trace is made within a budget of memory, [TraceLimits].Bytes: what it
// holds is counted as it is appended, and the trace stops before the step
// that would take it past the budget (Status "byte-limit"); its last node
// may then stop before its choice.
type Trace struct {
	Problem TraceProblem `json:"problem"`
	// Header and Footer are the narration's lines before the first node
	// and after the last.
	Header []string `json:"header"`
	Footer []string `json:"footer"`
	// Nodes are the nodes of the search tree in the order entered.
	Nodes []TraceNode `json:"nodes"`
	// Links, for a problem small enough to draw (see [MaxLinksItems]), is
	// Knuth's arrays as the search begins; the steps of the nodes then hold
	// the elementary operations on them. Nil for a larger problem.
	Links *TraceLinks `json:"links,omitempty"`
	// Lines are the distinct lines of the narration of the nodes, indented
	// as on a terminal; a step names its lines by their index here. A
	// search repeats itself a lot: the 1.7 million lines told of the 32,644
	// nodes of the pentominoes in a 3×20 box are 110,000 distinct ones.
	Lines []string `json:"lines"`
	// Stats of the search told, as [Walk] returns them.
	Solutions  int64 `json:"solutions"`
	NodeCount  int64 `json:"nodeCount"`
	Updates    int64 `json:"updates"`
	Cleansings int64 `json:"cleansings"`
	// Status is "complete", or why the trace stopped: an
	// [exactcover.Status] ("node-limit", "timeout", "interrupted"), or
	// [StatusByteLimit].
	Status string `json:"status"`
	// Limit is the node limit the trace was made with; Complete is false
	// when the search has more nodes than it tells.
	Limit    int64 `json:"limit"`
	Complete bool  `json:"complete"`
	// Budget is the memory the trace was allowed, in bytes, and Bytes what
	// it took, counted as it was made (see [TraceLimits]).
	Budget int64 `json:"budget"`
	Bytes  int64 `json:"bytes"`

	work int64 // the part of Bytes that was the walk's, freed once the trace is made
}

// StatusByteLimit is the Status of a [Trace] stopped at its budget of
// memory.
const StatusByteLimit = "byte-limit"

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
	// Chosen is the item the node branches on, -1 for a solution (and for
	// a last node the trace stopped in before its choice); Degree is its
	// number of branches (of options, without multiplicities), 0 or less
	// for a dead end.
	Chosen int `json:"chosen"`
	Degree int `json:"degree"`
	// Active lists the primary items still to cover as the node is entered
	// whose counts differ from those at its parent (at the root, every
	// one), in declaration order, as pairs: item, options left; with
	// multiplicities, as groups of five: item, options left, bound, need,
	// branches (see [ItemSize]). An item not listed has its counts at the
	// parent, unless it is among Covered; [Trace.ActiveAt] puts them
	// together.
	Active []int32 `json:"active"`
	// Covered and Hidden are the items no longer active and the options no
	// longer live (see [View]) as the node is entered, since its parent was.
	Covered []int32 `json:"covered"`
	Hidden  []int32 `json:"hidden"`
	// The counts as the node is entered: nodes so far is Node; updates,
	// cleansings, and solutions found before it (a solution node counts
	// the solutions before itself).
	Updates    int64 `json:"updates"`
	Cleansings int64 `json:"cleansings"`
	Solutions  int64 `json:"solutions"`
	// Steps are the steps told from this node until the next node, each
	// with the narration's lines for it.
	Steps []TraceStep `json:"steps"`
	// Ops are the elementary operations on the links that the steps tell,
	// in order, when the trace has Links (each says which of Steps it
	// belongs to): a cover's unlinking and hides, an undo's unhides, and so
	// on. Applied in order from the first node's on, they take the links
	// from each node as it is entered to the next.
	Ops []TraceOp `json:"ops,omitempty"`
}

// TraceStep is one step of [Walk] and the narration's lines for it, as
// indices into Trace.Lines.
type TraceStep struct {
	Kind  string  `json:"kind"` // a [Kind]'s name
	Lines []int32 `json:"lines"`
}

// NewTrace walks p as [Narrate] tells it, and records the walk as a
// [Trace] within lim. A search with more nodes, or one whose trace would
// take more memory, is told up to there, and the Trace says where it
// stopped and that it is not complete. A problem whose trace would take
// more than lim.Bytes before its first node is told is refused with a
// [*BudgetError]: from its size, before any of the trace is made, or, when
// only the narration's first lines do not fit, once they are told.
//
// When ctx stops the walk, NewTrace returns the trace told so far and
// ctx.Err(); other errors are those of [Walk], with no trace.
func NewTrace(ctx context.Context, p *exactcover.Problem, lim TraceLimits) (*Trace, error) {
	if lim.Nodes <= 0 || lim.Nodes > MaxTraceNodes {
		lim.Nodes = MaxTraceNodes
	}
	if lim.Bytes <= 0 || lim.Bytes > MaxTraceBytes {
		lim.Bytes = MaxTraceBytes
	}
	if need := firstNodeBytes(p); need > lim.Bytes {
		return nil, &BudgetError{Bytes: need, Budget: lim.Bytes}
	}
	s, err := exactcover.New(p)
	if err != nil {
		return nil, err
	}
	warnings := s.Warnings() // and the solver goes: the walk makes its own links
	r := newRecorder(p, lim)
	r.n.header(warnings)
	r.t.Header = r.keep(lines(&r.buf))
	st, err := walk(ctx, p, lim.Nodes, r.record, r.ops)
	t := r.t
	if r.ops != nil {
		t.Links = r.ops.start
		t.Links.Nodes, t.Links.Ops = r.linksNodes, r.opsTold
		if !r.ops.off {
			t.Links.Nodes = len(t.Nodes)
		}
	}
	if r.cut && len(t.Nodes) == 0 { // the narration's lines of the root did not fit
		return nil, &BudgetError{Bytes: r.refused, Budget: lim.Bytes}
	}
	if r.cut {
		// The walk counted the node it was refused, if it was one.
		if r.cutNode {
			st.Nodes--
		}
		if r.cutSolution {
			st.Solutions--
		}
		st.Updates, st.Cleansings = r.updates, r.cleansings // without the refused step's
		r.n.stopped = fmt.Sprintf("at the trace's budget of memory, %s, after %s", bytesize.Format(lim.Bytes), plural.Of(st.Nodes, "node"))
	}
	r.n.footer(st)
	t.Footer = r.keep(lines(&r.buf))
	t.Solutions, t.NodeCount, t.Updates, t.Cleansings = st.Solutions, st.Nodes, st.Updates, st.Cleansings
	t.Status = st.Status.String()
	if r.cut {
		t.Status = StatusByteLimit
	}
	t.Complete = st.Status == exactcover.Complete
	t.Bytes = r.bytes
	t.work = linksBytes(p) + r.workBytes()
	return t, err
}

// lines returns what buf holds as lines, and empties it. The lines share
// one string: see recorder.keep.
func lines(buf *bytes.Buffer) []string {
	if buf.Len() == 0 {
		return nil
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	buf.Reset()
	return strings.Split(s, "\n")
}

func traceProblem(p *exactcover.Problem) TraceProblem {
	tp := TraceProblem{Primary: len(p.Primary), MCC: p.HasMultiplicities(), Items: make([]string, 0, p.NumItems())}
	index := make(map[string]int, p.NumItems())
	for i := range p.NumItems() {
		tp.Items = append(tp.Items, p.ItemName(i))
		index[p.ItemName(i)] = i
	}
	if tp.MCC {
		tp.Bounds = make([][2]int, 0, len(p.Primary))
		for i := range p.Primary {
			b := p.ItemBounds(i)
			tp.Bounds = append(tp.Bounds, [2]int{b.Lo, b.Hi})
		}
	}
	tp.Options = make([]TraceOption, 0, len(p.Options))
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

// recorder turns the steps of a walk into the nodes of a Trace, and counts
// the memory they take.
type recorder struct {
	n    *narrator
	buf  bytes.Buffer // the narration of the step being recorded
	t    *Trace
	view *View // the links, seen through the first Enter step's View

	lineID map[string]int32 // Trace.Lines, the other way

	at   []int  // at[level]: index in t.Nodes of the node on the path at that level
	edge []edge // edge[level]: the branch taken at that level
	// The items active, the options live and the counts of the active
	// primary items at the path's nodes (see pathstate.go).
	items, options *shrinkingSet
	counts         *itemCounts
	// marks[level]: how much had left play (the walk's links' hidden and
	// unlinked) as the path's node at that level was entered; what left
	// since is what a node below may have lost.
	marks []lostMark

	solutions, updates, cleansings int64 // before the step being recorded

	budget, bytes int64 // the memory allowed, and counted so far
	// cut: the walk stopped at the budget, refusing a step, which would
	// have made the count refused; cutNode and cutSolution: the step
	// refused was a node, a solution.
	cut, cutNode, cutSolution bool
	refused                   int64

	// The elementary operations on the links, logged for a problem the
	// links view draws (nil otherwise): how many were told, and, once
	// MaxLinksOps were, from which node on they are not.
	ops        *opLog
	opsTold    int64
	linksNodes int
}

// lostMark is a mark in the walk's links' hidden and unlinked.
type lostMark struct{ hidden, unlinked int }

// edge is a branch of a node: the K-th of D, Option (-1 for the null
// branch) for Item.
type edge struct{ item, option, k, d int }

func newRecorder(p *exactcover.Problem, lim TraceLimits) *recorder {
	r := &recorder{
		t:       &Trace{Problem: traceProblem(p), Limit: lim.Nodes, Budget: lim.Bytes, Nodes: []TraceNode{}, Lines: []string{}},
		lineID:  map[string]int32{},
		items:   newShrinkingSet(p.NumItems()),
		options: newShrinkingSet(len(p.Options)),
		counts:  newItemCounts(len(p.Primary), p.HasMultiplicities()),
		budget:  lim.Bytes,
	}
	r.n = &narrator{w: &r.buf, p: p, mcc: p.HasMultiplicities()}
	r.bytes = problemBytes(p) + linksBytes(p) + r.workBytes()
	if drawsLinks(p) {
		r.ops = &opLog{}
		r.bytes += linksViewBytes(p)
	}
	return r
}

// keep returns lines as a trace keeps them (header and footer), counted.
func (r *recorder) keep(lines []string) []string {
	out := make([]string, len(lines))
	r.bytes += alloc(stringBytes * int64(len(lines)))
	for j, l := range lines {
		out[j] = strings.Clone(l)
		r.bytes += alloc(int64(len(l)))
	}
	return out
}

// workBytes is the memory of the recorder's view of the path.
func (r *recorder) workBytes() int64 {
	return r.items.bytes() + r.options.bytes() + r.counts.bytes() + 8*int64(cap(r.at)) + 32*int64(cap(r.edge))
}

// record records one step of the walk: the node it enters, if any, and
// the narration's lines for it. It refuses the step, and stops the walk,
// when the step would take the trace past its budget.
func (r *recorder) record(s *Step) bool {
	r.n.step(s)
	text := lines(&r.buf)
	work := r.workBytes()
	var nd TraceNode
	node := s.Kind == Enter || s.Kind == Solution
	if node {
		nd = r.node(s)
	}
	var ops []TraceOp
	if r.ops != nil {
		ops = r.ops.take()
	}
	cost := r.workBytes() - work + r.linesBytes(text) + opsBytes(ops)
	if len(ops) > 0 && len(r.t.Nodes) > 0 && !node {
		last := &r.t.Nodes[len(r.t.Nodes)-1]
		cost += growBytes(len(last.Ops), cap(last.Ops), len(ops), opBytes)
	} else if len(ops) > 0 {
		cost += growBytes(0, 0, len(ops), opBytes)
	}
	if node {
		cost += alloc(4*int64(len(nd.Active))) + alloc(4*int64(len(nd.Covered))) + alloc(4*int64(len(nd.Hidden)))
		cost += growBytes(len(r.t.Nodes), cap(r.t.Nodes), 1, nodeBytes)
	}
	if len(r.t.Nodes) > 0 || node {
		var steps []TraceStep
		if !node {
			steps = r.t.Nodes[len(r.t.Nodes)-1].Steps
		}
		cost += growBytes(len(steps), cap(steps), 1, stepBytes) + alloc(4*int64(len(text)))
	}
	if r.bytes+cost > r.budget-footerBytes {
		r.cut, r.cutNode, r.cutSolution, r.refused = true, node, s.Kind == Solution, r.bytes+cost+footerBytes
		return false
	}
	r.bytes += cost
	r.opsTold += int64(len(ops))
	if node && r.ops != nil && !r.ops.off && r.opsTold >= MaxLinksOps {
		r.ops.off, r.linksNodes = true, len(r.t.Nodes) // this node's operations are not told
	}
	if node {
		r.at = append(r.at[:s.Level], len(r.t.Nodes))
		r.t.Nodes = grow(r.t.Nodes, 1)
		r.t.Nodes = append(r.t.Nodes, nd)
	}
	r.step(s)
	if len(r.t.Nodes) == 0 { // a step before the root: none does
		return true
	}
	last := &r.t.Nodes[len(r.t.Nodes)-1]
	step := TraceStep{Kind: s.Kind.String(), Lines: make([]int32, len(text))}
	for j, line := range text {
		id, ok := r.lineID[line]
		if !ok {
			line = strings.Clone(line) // not the whole step's text, which it shares
			id = int32(len(r.t.Lines))
			r.lineID[line] = id
			r.t.Lines = grow(r.t.Lines, 1)
			r.t.Lines = append(r.t.Lines, line)
		}
		step.Lines[j] = id
	}
	last.Steps = grow(last.Steps, 1)
	last.Steps = append(last.Steps, step)
	for j := range ops {
		ops[j].Step = int32(len(last.Steps) - 1)
	}
	last.Ops = grow(last.Ops, len(ops))
	last.Ops = append(last.Ops, ops...)
	return true
}

// linesBytes is the memory that the lines of a step add to the trace's
// distinct lines.
func (r *recorder) linesBytes(text []string) int64 {
	var b int64
	added := 0
	for j, line := range text {
		if _, ok := r.lineID[line]; ok || slices.Contains(text[:j], line) {
			continue
		}
		added++
		b += alloc(int64(len(line))) + mapEntryBytes
	}
	return b + growBytes(len(r.t.Lines), cap(r.t.Lines), added, stringBytes)
}

// step keeps the counts and the path up to date.
func (r *recorder) step(s *Step) {
	switch s.Kind {
	case Solution:
		r.solutions++
	case Choose:
		nd := &r.t.Nodes[len(r.t.Nodes)-1]
		nd.Chosen, nd.Degree = s.Item, s.Size
		if r.n.mcc {
			nd.Degree = s.Degree
		}
	case Try:
		r.edge = append(r.edge[:s.Level], edge{s.Item, s.Option, s.K, s.D})
	case Null:
		r.edge = append(r.edge[:s.Level], edge{s.Item, -1, s.K, s.D})
	case Cover, Purify, Tweak:
		r.updates += s.Updates
		r.cleansings += s.Cleansings
	}
}

// node makes the node an Enter or Solution step enters: the branch from
// its parent, and what changed since.
func (r *recorder) node(s *Step) TraceNode {
	if r.view == nil && s.View != nil {
		r.view = s.View
	}
	nd := TraceNode{Node: s.Node, Parent: -1, Level: s.Level, Item: -1, Option: -1, Chosen: -1,
		Updates: r.updates, Cleansings: r.cleansings, Solutions: r.solutions}
	if s.Kind == Solution {
		nd.Solution = s.Solution
	}
	if s.Level > 0 {
		nd.Parent = r.at[s.Level-1]
		e := r.edge[s.Level-1]
		nd.Item, nd.Option, nd.K, nd.D = e.item, e.option, e.k, e.d
	}
	nd.Active = r.counts.enter(s.Level, s.Active)
	lostItems, lostOptions := r.lostSince(s.Level)
	nd.Covered = r.items.enter(s.Level, lostItems, func(i int) bool { return r.view == nil || r.view.Active(i) })
	nd.Hidden = r.options.enter(s.Level, lostOptions, func(k int) bool { return r.view == nil || r.view.Live(k) })
	if r.view != nil {
		l := r.view.l
		r.marks = append(r.marks[:s.Level], lostMark{len(l.hidden), len(l.unlinked)})
	}
	return nd
}

// lostSince returns what may have left play since the path's node at
// level-1 was entered: the items unlinked since, and the options hidden
// since. Covering an item hides every option of its list, and Algorithm
// M's null branch takes out of play an item whose list its tweaks have
// emptied, so no option leaves play without a hide. Both are nil, asking
// for every member to be looked at, at the root or when the walk's links
// are not known.
func (r *recorder) lostSince(level int) (items, options []int32) {
	if r.view == nil || level == 0 || level > len(r.marks) || scanEveryMember {
		return nil, nil
	}
	l, m := r.view.l, r.marks[level-1]
	return l.unlinked[m.unlinked:], l.hidden[m.hidden:]
}

// ActiveAt returns the Active of node j in full, as the node's parent's
// put together with its own changes: every primary item still to cover as
// the node is entered, in declaration order, with its counts.
func (t *Trace) ActiveAt(j int) []int32 {
	w := 2
	if t.Problem.MCC {
		w = 5
	}
	var path []int
	for k := j; k >= 0; k = t.Nodes[k].Parent {
		path = append(path, k)
	}
	counts := map[int32][]int32{}
	var order []int32 // the items, in the root's order
	for m := len(path) - 1; m >= 0; m-- {
		nd := &t.Nodes[path[m]]
		for _, i := range nd.Covered {
			delete(counts, i)
		}
		for x := 0; x+w <= len(nd.Active); x += w {
			i := nd.Active[x]
			if m == len(path)-1 {
				order = append(order, i)
			}
			counts[i] = nd.Active[x+1 : x+w]
		}
	}
	out := []int32{}
	for _, i := range order {
		if c, ok := counts[i]; ok {
			out = append(out, i)
			out = append(out, c...)
		}
	}
	return out
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
