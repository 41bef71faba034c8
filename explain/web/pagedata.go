package web

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/explain"
)

// The page's data: what a page holds of its trace, made small and quick to
// read. A search repeats itself: the same steps, told in the same words,
// come back node after node, a level deeper or shallower. So the data
// keeps each distinct step once, its lines written without the
// indentation of its level, and refers to it again by how many steps ago
// it last came; likewise each distinct line. The nodes are written as
// numbers (variable-length integers, differences where they are small),
// and what can be worked out from the tree is left out (a node's number,
// level, branch and item, its parent's). The browser reads it without
// building a text of JSON of the whole trace first, which a large trace
// makes hundreds of megabytes long.
//
// The data is one line of JSON, then the nodes:
//
//	{"version": 3, "kinds": [...], "opKinds": [...], "page": the page
//	 without the trace's options, lines and nodes, "options": [...]}
//	"\n"
//	uvarint nodes, then for each node:
//	  uvarint parent gap (the node's index less its parent's; 0 at the root)
//	  uvarint option+1 of the branch from the parent (0: the null branch, or the root)
//	  uvarint solution | (chosen+1)<<1, and zigzag degree when chosen ≥ 0
//	  uvarint updates, cleansings since the node before
//	  uvarint length of the state, then the state: active (uvarint groups,
//	    each uvarint item gap, uvarint options left, and with
//	    multiplicities uvarint bound, uvarint need, zigzag branches),
//	    covered and hidden (uvarint count, uvarint gaps)
//	  uvarint steps, each uvarint ref and zigzag indent less twice the
//	    node's level (the narration indents by level); a new step (ref
//	    0) follows: byte kind, uvarint lines, each uvarint indent and
//	    uvarint ref, a new line (ref 0) followed by uvarint length, UTF-8
//	  uvarint operations, each byte kind, uvarint step, uvarint x, uvarint
//	    writes, each byte field, uvarint index, zigzag before, zigzag
//	    after, then uvarint reads, each byte field, uvarint index
//
// A new line's text may be a mark instead, derivedNode, derivedActive or
// derivedTry: the line is made from the node's state, or from the next
// node (see derived.go).
// A ref other than 0 is how many refs ago the same step (line) came last,
// steps counted in the nodes' order, lines in the order of the new steps
// that hold them. Gaps are differences from the previous item or option
// of the list, the first counted from -1. The playground sends the same
// data, and the static playground makes it in the browser.

// dataVersion is the version of the page's data, which the page's script
// checks.
const dataVersion = 3

// dataHead is the first line of the data but its options.
type dataHead struct {
	Version int      `json:"version"`
	Kinds   []string `json:"kinds"`
	OpKinds []string `json:"opKinds"`
	Page    *Page    `json:"page"`
}

// writeData writes p's data to w.
func writeData(w io.Writer, p *Page) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	shell := *p
	var (
		options []explain.TraceOption
		nodes   []explain.TraceNode
		lines   []string
	)
	if p.Trace != nil {
		t := *p.Trace
		options, lines, nodes = t.Problem.Options, t.Lines, t.Nodes
		t.Problem.Options, t.Lines, t.Nodes = nil, nil, nil
		shell.Trace = &t
	}
	head, err := json.Marshal(&dataHead{Version: dataVersion, Kinds: explain.Kinds(), OpKinds: explain.OpKinds, Page: &shell})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1])
	bw.WriteString(`,"options":`)
	if err := writeList(bw, options); err != nil {
		return err
	}
	bw.WriteString("}\n")
	e := newDataEncoder(bw, lines, p.Trace != nil && p.Trace.Problem.MCC)
	if derives(p.Trace) {
		e.path, e.names = newPathState(p.Trace.Problem.Primary), p.Trace.Problem.Items
		e.problem, e.nodeList = &p.Trace.Problem, nodes // the trace's own, with its options
	}
	if err := e.nodes(nodes); err != nil {
		return err
	}
	return bw.Flush()
}

// writeList writes list as a JSON array, an element at a time.
func writeList[T any](bw *bufio.Writer, list []T) error {
	bw.WriteByte('[')
	for j := range list {
		if j > 0 {
			bw.WriteByte(',')
		}
		b, err := json.Marshal(&list[j])
		if err != nil {
			return err
		}
		bw.Write(b)
	}
	bw.WriteByte(']')
	return nil
}

// dataEncoder writes the nodes of the data.
type dataEncoder struct {
	w     *bufio.Writer
	lines []string // the trace's lines
	mcc   bool
	kind  map[string]byte
	op    map[string]byte
	buf   []byte // scratch for a node's state

	// The distinct steps, by key (their kind, and their lines' indents
	// and numbers), with the ref that named each last; the distinct lines
	// without their indent (substrings of the trace's), numbered, with
	// the ref that named each last.
	steps     map[string]int
	stepClock int
	lineID    map[string]int
	lineLast  []int
	lineClock int
	key       []byte

	// The lines derived from the node's state (see derived.go): the path's
	// state, the items' names, and the current node's two lines, made
	// when a step has a line that may be one of them.
	path                          *pathState
	names                         []string
	problem                       *explain.TraceProblem
	nodeList                      []explain.TraceNode
	derivedAt                     int // the node index nodeText, activeText and tryText are of, or -1
	nodeText, activeText, tryText string
}

func newDataEncoder(w *bufio.Writer, lines []string, mcc bool) *dataEncoder {
	e := &dataEncoder{w: w, lines: lines, mcc: mcc, kind: map[string]byte{}, op: map[string]byte{},
		steps: map[string]int{}, lineID: map[string]int{}, derivedAt: -1}
	for j, k := range explain.Kinds() {
		e.kind[k] = byte(j)
	}
	for j, k := range explain.OpKinds {
		e.op[k] = byte(j)
	}
	return e
}

// putUvarint and putVarint write a number without allocating.
func putUvarint(w *bufio.Writer, v uint64) {
	var b [binary.MaxVarintLen64]byte
	w.Write(b[:binary.PutUvarint(b[:], v)])
}

func putVarint(w *bufio.Writer, v int64) {
	var b [binary.MaxVarintLen64]byte
	w.Write(b[:binary.PutVarint(b[:], v)])
}

// errNotDerivable: a node is not what the tree before it says it is; the
// data leaves out what the tree tells, so such a trace cannot be written.
var errNotDerivable = errors.New("the trace's node does not follow from its tree")

// nodes writes the nodes, checking that what is left out follows from the
// tree: a node's number is its index + 1, its level its parent's + 1, its
// branch the next of its parent's item, and the solutions before it those
// of the nodes before it.
func (e *dataEncoder) nodes(nodes []explain.TraceNode) error {
	w := e.w
	putUvarint(w, uint64(len(nodes)))
	children := make([]int32, len(nodes)) // children so far, for each node
	var updates, cleansings, solutions int64
	for j := range nodes {
		nd := &nodes[j]
		gap := 0
		if j == 0 {
			if nd.Parent != -1 || nd.Level != 0 || nd.Item != -1 || nd.Option != -1 {
				return fmt.Errorf("%w: the root %+v", errNotDerivable, *nd)
			}
		} else {
			if nd.Parent < 0 || nd.Parent >= j {
				return fmt.Errorf("%w: node %d's parent is %d", errNotDerivable, nd.Node, nd.Parent)
			}
			pa := &nodes[nd.Parent]
			children[nd.Parent]++
			if nd.Level != pa.Level+1 || nd.Item != pa.Chosen || nd.K != int(children[nd.Parent]) || nd.D != pa.Degree {
				return fmt.Errorf("%w: node %d, level %d, the %d-th of %d branches of item %d; its parent: level %d, item %d, %d branches, %d children",
					errNotDerivable, nd.Node, nd.Level, nd.K, nd.D, nd.Item, pa.Level, pa.Chosen, pa.Degree, children[nd.Parent])
			}
			gap = j - nd.Parent
		}
		sol := int64(0)
		if nd.Solution > 0 {
			sol = solutions + 1
		}
		if nd.Node != int64(j)+1 || nd.Solutions != solutions || nd.Solution != sol || nd.Updates < updates || nd.Cleansings < cleansings {
			return fmt.Errorf("%w: node %d at index %d, solution %d after %d, updates %d after %d", errNotDerivable, nd.Node, j, nd.Solution, nd.Solutions, nd.Updates, updates)
		}
		if sol > 0 {
			solutions = sol
		}
		putUvarint(w, uint64(gap))
		putUvarint(w, uint64(nd.Option+1))
		flags := uint64(nd.Chosen+1) << 1
		if sol > 0 {
			flags |= 1
		}
		putUvarint(w, flags)
		if nd.Chosen >= 0 {
			putVarint(w, int64(nd.Degree))
		}
		putUvarint(w, uint64(nd.Updates-updates))
		putUvarint(w, uint64(nd.Cleansings-cleansings))
		updates, cleansings = nd.Updates, nd.Cleansings
		e.state(nd)
		if e.path != nil {
			e.path.enter(j, nd.Parent, nd.Option, nd.Covered, nd.Active)
		}
		if err := e.stepsOf(j, nd); err != nil {
			return err
		}
		if err := e.ops(nd); err != nil {
			return err
		}
	}
	return nil
}

// state writes the node's active items, covered items and hidden options,
// preceded by their length, so that a reader can skip them.
func (e *dataEncoder) state(nd *explain.TraceNode) {
	b := e.buf[:0]
	g := 2
	if e.mcc {
		g = 5
	}
	b = binary.AppendUvarint(b, uint64(len(nd.Active)/g))
	prev := int32(-1)
	for x := 0; x+g <= len(nd.Active); x += g {
		b = binary.AppendUvarint(b, uint64(nd.Active[x]-prev))
		prev = nd.Active[x]
		b = binary.AppendUvarint(b, uint64(nd.Active[x+1]))
		if g == 5 {
			b = binary.AppendUvarint(b, uint64(nd.Active[x+2]))
			b = binary.AppendUvarint(b, uint64(nd.Active[x+3]))
			b = binary.AppendVarint(b, int64(nd.Active[x+4]))
		}
	}
	for _, list := range [][]int32{nd.Covered, nd.Hidden} {
		b = binary.AppendUvarint(b, uint64(len(list)))
		prev := int32(-1)
		for _, v := range list {
			b = binary.AppendUvarint(b, uint64(v-prev))
			prev = v
		}
	}
	e.buf = b
	putUvarint(e.w, uint64(len(b)))
	e.w.Write(b)
}

// indentOf returns a line's leading spaces and the rest.
func indentOf(line string) (int, string) {
	rest := strings.TrimLeft(line, " ")
	return len(line) - len(rest), rest
}

// textOf returns line id's indent and text, or the mark of a derived line
// in its place when the text is the line made from node j's state.
func (e *dataEncoder) textOf(j int, id int32) (int, string) {
	n, text := indentOf(e.lines[id])
	if e.path == nil || !(strings.HasPrefix(text, "Node ") || strings.Contains(text, "left to cover") || strings.HasPrefix(text, "Try option ")) {
		return n, text
	}
	if e.derivedAt != j {
		e.derivedAt, e.nodeText, e.activeText = j, e.path.nodeLine(), e.path.activeLine(e.names)
		e.tryText = ""
		if j+1 < len(e.nodeList) {
			e.tryText = nextTry(e.problem, &e.nodeList[j+1])
		}
	}
	switch text {
	case e.nodeText:
		return n, derivedNode
	case e.activeText:
		return n, derivedActive
	case e.tryText:
		return n, derivedTry
	}
	return n, text
}

// stepsOf writes the steps of node j.
func (e *dataEncoder) stepsOf(j int, nd *explain.TraceNode) error {
	w := e.w
	putUvarint(w, uint64(len(nd.Steps)))
	for _, s := range nd.Steps {
		kind, ok := e.kind[s.Kind]
		if !ok {
			return fmt.Errorf("a step of an unknown kind %q", s.Kind)
		}
		// The step's indent is the least of its lines'; its key, its kind
		// and its lines without it.
		indent := 0
		for j, id := range s.Lines {
			if int(id) < 0 || int(id) >= len(e.lines) {
				return fmt.Errorf("node %d: line %d of %d", nd.Node, id, len(e.lines))
			}
			n, _ := indentOf(e.lines[id])
			if j == 0 || n < indent {
				indent = n
			}
		}
		e.key = append(e.key[:0], kind)
		for _, id := range s.Lines {
			n, text := e.textOf(j, id)
			lid, ok := e.lineID[text]
			if !ok {
				lid = len(e.lineLast)
				e.lineID[text] = lid
				e.lineLast = append(e.lineLast, 0) // never named yet
			}
			e.key = binary.AppendUvarint(e.key, uint64(n-indent))
			e.key = binary.AppendUvarint(e.key, uint64(lid))
		}
		last, seen := e.steps[string(e.key)]
		e.stepClock++
		if seen {
			e.steps[string(e.key)] = e.stepClock
			putUvarint(w, uint64(e.stepClock-last))
			putVarint(w, int64(indent-2*nd.Level))
			continue
		}
		e.steps[string(e.key)] = e.stepClock
		putUvarint(w, 0)
		putVarint(w, int64(indent-2*nd.Level))
		w.WriteByte(kind)
		putUvarint(w, uint64(len(s.Lines)))
		for _, id := range s.Lines {
			n, text := e.textOf(j, id)
			lid := e.lineID[text]
			putUvarint(w, uint64(n-indent))
			e.lineClock++
			if last := e.lineLast[lid]; last > 0 {
				putUvarint(w, uint64(e.lineClock-last))
			} else {
				putUvarint(w, 0)
				putUvarint(w, uint64(len(text)))
				w.WriteString(text)
			}
			e.lineLast[lid] = e.lineClock
		}
	}
	return nil
}

// ops writes the node's operations on the links.
func (e *dataEncoder) ops(nd *explain.TraceNode) error {
	w := e.w
	putUvarint(w, uint64(len(nd.Ops)))
	for _, op := range nd.Ops {
		kind, ok := e.op[op.Kind]
		if !ok || op.Step < 0 || int(op.Step) >= len(nd.Steps) || op.X < 0 || len(op.W)%4 != 0 || len(op.R)%2 != 0 {
			return fmt.Errorf("node %d: an operation %q on %d, of step %d of %d, with %d numbers written and %d read",
				nd.Node, op.Kind, op.X, op.Step, len(nd.Steps), len(op.W), len(op.R))
		}
		w.WriteByte(kind)
		putUvarint(w, uint64(op.Step))
		putUvarint(w, uint64(op.X))
		putUvarint(w, uint64(len(op.W)/4))
		for x := 0; x < len(op.W); x += 4 {
			if op.W[x] < 0 || op.W[x] > 255 || op.W[x+1] < 0 {
				return fmt.Errorf("node %d: an operation writes %v", nd.Node, op.W[x:x+2])
			}
			w.WriteByte(byte(op.W[x]))
			putUvarint(w, uint64(op.W[x+1]))
			putVarint(w, int64(op.W[x+2]))
			putVarint(w, int64(op.W[x+3]))
		}
		putUvarint(w, uint64(len(op.R)/2))
		for x := 0; x < len(op.R); x += 2 {
			if op.R[x] < 0 || op.R[x] > 255 || op.R[x+1] < 0 {
				return fmt.Errorf("node %d: an operation reads %v", nd.Node, op.R[x:x+2])
			}
			w.WriteByte(byte(op.R[x]))
			putUvarint(w, uint64(op.R[x+1]))
		}
	}
	return nil
}
