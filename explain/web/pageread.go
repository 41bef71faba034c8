package web

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/xcover/xcover/explain"
)

// Reading a page back: what a page or a reply of the playground holds, as
// the page's script reads it. The tests hold the writer to it (a trace
// written and read back is the trace), and a page from elsewhere is
// checked as it is read, never trusted: every count and reference is
// checked against what came before, and a page that does not hold
// together is refused with the place where it stops making sense.

// maxIndent bounds the indentation of a line read back: the narration
// indents a line by two spaces a level down to the 16th level, and by a
// few more within a step.
const maxIndent = 255

// maxDataBytes bounds the data a page may inflate to when it is read
// back: a trace of explain.MaxTraceBytes writes less than half as much.
const maxDataBytes = explain.MaxTraceBytes

var dataScript = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)<script id="trace-data"[^>]*>(.*?)</script>`)
})

// ReadPage reads back the page of "explain --html" that WritePage wrote.
func ReadPage(html []byte) (*Page, error) {
	m := dataScript().FindSubmatch(html)
	if m == nil {
		return nil, errors.New("no page data in the page")
	}
	return Decode(string(bytes.TrimSpace(m[1])))
}

// Decode reads back the data of a page that Encode returned.
func Decode(data string) (*Page, error) {
	raw, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, strings.NewReader(data)))
	if err != nil {
		return nil, fmt.Errorf("the page's data: %v", err)
	}
	z, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("the page's data: %v", err)
	}
	b, err := io.ReadAll(io.LimitReader(z, maxDataBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the page's data: %v", err)
	}
	if len(b) > maxDataBytes {
		return nil, fmt.Errorf("the page's data inflates to more than %d bytes", maxDataBytes)
	}
	return readData(b)
}

// dataReader reads the nodes of the data.
type dataReader struct {
	b   []byte
	at  int
	err error
}

func (r *dataReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("the page's data, at byte %d: %s", r.at, fmt.Sprintf(format, args...))
	}
}

func (r *dataReader) uvarint() uint64 {
	if r.err != nil || r.at >= len(r.b) {
		r.fail("the data is cut")
		return 0
	}
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 {
		r.fail("a number is cut or too large")
		return 0
	}
	r.at += n
	return v
}

// count reads a number that counts something of at least one byte each
// in what follows, or indexes a list of n.
func (r *dataReader) count(n int) int {
	v := r.uvarint()
	if v > uint64(n) {
		r.fail("%d, more than %d", v, n)
		return 0
	}
	return int(v)
}

func (r *dataReader) varint() int64 {
	if r.err != nil || r.at >= len(r.b) {
		r.fail("the data is cut")
		return 0
	}
	v, n := binary.Varint(r.b[r.at:])
	if n <= 0 {
		r.fail("a number is cut or too large")
		return 0
	}
	r.at += n
	return v
}

func (r *dataReader) byte() byte {
	if r.err != nil || r.at >= len(r.b) {
		r.fail("the data is cut")
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *dataReader) left() int { return max(0, len(r.b)-r.at) }

// int32 reads an int32 through f, or fails.
func (r *dataReader) int32(v int64) int32 {
	if v != int64(int32(v)) {
		r.fail("%d is out of range", v)
	}
	return int32(v)
}

// readData reads what writeData wrote.
func readData(b []byte) (*Page, error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return nil, errors.New("the page's data has no head")
	}
	var head struct {
		dataHead
		Options []explain.TraceOption `json:"options"`
	}
	if err := json.Unmarshal(b[:nl], &head); err != nil {
		return nil, fmt.Errorf("the page's data: its head: %v", err)
	}
	if head.Version != dataVersion {
		return nil, fmt.Errorf("the page's data is of version %d, not %d", head.Version, dataVersion)
	}
	p := head.Page
	if p == nil || p.Trace == nil {
		return nil, errors.New("the page's data has no trace")
	}
	if p.Rating != nil {
		if err := checkRating(p.Rating, p.Board); err != nil {
			return nil, err
		}
	}
	t := p.Trace
	t.Problem.Options = head.Options
	r := &dataReader{b: b, at: nl + 1}
	n := r.count(r.left())
	t.Nodes = make([]explain.TraceNode, 0, n)
	t.Lines = []string{}
	lineID := map[string]int32{} // the trace's lines, indented
	var (
		children            = make([]int, n)
		updates, cleansings int64
		solutions           int64
		steps               []stepEntry // the distinct steps, in the order they came
		stepHist, lineHist  []int       // the step (line) each ref named
		texts               []string    // the distinct lines without indent
		g                   = 2
		nItems, nOptions    = int32(len(t.Problem.Items)), int32(len(t.Problem.Options))
		kinds, opKinds      = head.Kinds, head.OpKinds
		nPrimary            = int32(t.Problem.Primary)
	)
	if t.Problem.MCC {
		g = 5
	}
	var path *pathState // the lines derived from the nodes' state
	if derives(t) {
		path = newPathState(t.Problem.Primary)
	}
	// The lines of the node before, by step: a Try line derived from the
	// next node is made once that node is read; the lines are numbered
	// then, in the order they came.
	var pending [][]string
	finish := func(j int, next *explain.TraceNode) {
		for s, lines := range pending {
			for _, line := range lines {
				if strings.HasSuffix(line, derivedTry) {
					text := nextTry(&t.Problem, next)
					if text == "" {
						r.fail("node %d: a derived Try line, and no node it leads to", j+1)
						return
					}
					line = line[:len(line)-len(derivedTry)] + text
				}
				id, ok := lineID[line]
				if !ok {
					id = int32(len(t.Lines))
					lineID[line] = id
					t.Lines = append(t.Lines, line)
				}
				t.Nodes[j].Steps[s].Lines = append(t.Nodes[j].Steps[s].Lines, id)
			}
		}
		pending = pending[:0]
	}
	for j := 0; j < n && r.err == nil; j++ {
		nd := explain.TraceNode{Node: int64(j) + 1, Parent: -1, Item: -1, Option: -1}
		gap := r.count(j)
		if (gap == 0) != (j == 0) {
			r.fail("node %d has parent gap %d", j+1, gap)
			break
		}
		nd.Option = int(r.count(int(nOptions))) - 1
		flags := r.uvarint()
		if flags>>1 > uint64(nPrimary) {
			r.fail("node %d chooses item %d of %d primary", j+1, flags>>1-1, nPrimary)
			break
		}
		nd.Chosen = int(flags>>1) - 1
		if nd.Chosen >= 0 {
			nd.Degree = int(r.int32(r.varint()))
		}
		if j > 0 {
			pa := &t.Nodes[j-gap]
			children[j-gap]++
			nd.Parent, nd.Level, nd.Item = j-gap, pa.Level+1, pa.Chosen
			nd.K, nd.D = children[j-gap], pa.Degree
			if pa.Chosen < 0 || pa.Solution > 0 {
				r.fail("node %d's parent, node %d, has no branches", j+1, pa.Node)
			}
		} else if nd.Option != -1 {
			r.fail("the root is reached by an option")
		}
		nd.Solutions = solutions
		if flags&1 != 0 {
			solutions++
			nd.Solution = solutions
		}
		updates += int64(r.uvarint())
		cleansings += int64(r.uvarint())
		nd.Updates, nd.Cleansings = updates, cleansings
		// The state.
		size := r.count(r.left())
		end := r.at + size
		groups := r.count(size)
		nd.Active = make([]int32, 0, g*groups)
		prev := int32(-1)
		for range groups {
			gap := r.int32(int64(r.count(int(nPrimary))))
			prev += gap
			if prev >= nPrimary || gap == 0 {
				r.fail("node %d: active item %d of %d primary", j+1, prev, nPrimary)
			}
			nd.Active = append(nd.Active, prev, r.int32(int64(r.count(int(nOptions)))))
			if g == 5 {
				nd.Active = append(nd.Active, r.int32(int64(r.uvarint())), r.int32(int64(r.uvarint())), r.int32(r.varint()))
			}
		}
		for _, list := range []*[]int32{&nd.Covered, &nd.Hidden} {
			limit := nItems
			if list == &nd.Hidden {
				limit = nOptions
			}
			c := r.count(size)
			*list = make([]int32, 0, c)
			prev := int32(-1)
			for range c {
				gap := r.int32(int64(r.count(int(limit))))
				prev += gap
				if prev >= limit || gap == 0 {
					r.fail("node %d: %d out of range", j+1, prev)
				}
				*list = append(*list, prev)
			}
		}
		if r.err == nil && r.at != end {
			r.fail("node %d's state is %d bytes, not %d", j+1, r.at-(end-size), size)
		}
		if path != nil && r.err == nil {
			path.enter(j, nd.Parent, nd.Option, nd.Covered, nd.Active)
		}
		// The steps; the node before's lines first.
		if j > 0 {
			finish(j-1, &nd)
		}
		ns := r.count(r.left())
		nd.Steps = make([]explain.TraceStep, 0, ns)
		for range ns {
			ref := r.count(len(stepHist))
			indent := 2*nd.Level + int(r.int32(r.varint()))
			if indent < 0 || indent > maxIndent {
				r.fail("node %d: a step indented by %d", j+1, indent)
				break
			}
			var k int
			if ref == 0 {
				var e stepEntry
				kind := int(r.byte())
				if kind >= len(kinds) {
					r.fail("a step of kind %d", kind)
					break
				}
				e.kind = kinds[kind]
				for range r.count(r.left()) {
					in := r.count(maxIndent)
					lref := r.count(len(lineHist))
					var lid int
					if lref == 0 {
						size := r.count(r.left())
						lid = len(texts)
						texts = append(texts, string(r.b[r.at:r.at+size]))
						r.at += size
					} else {
						lid = lineHist[len(lineHist)-lref]
					}
					lineHist = append(lineHist, lid)
					e.lines = append(e.lines, [2]int{in, lid})
				}
				k = len(steps)
				steps = append(steps, e)
			} else {
				k = stepHist[len(stepHist)-ref]
			}
			stepHist = append(stepHist, k)
			if r.err != nil {
				break
			}
			s := explain.TraceStep{Kind: steps[k].kind, Lines: make([]int32, 0, len(steps[k].lines))}
			var lines []string
			for _, l := range steps[k].lines {
				text := texts[l[1]]
				if text == derivedNode || text == derivedActive || text == derivedTry {
					if path == nil {
						r.fail("node %d: a derived line in a trace with multiplicities or colors", j+1)
						break
					}
					switch text {
					case derivedNode:
						text = path.nodeLine()
					case derivedActive:
						text = path.activeLine(t.Problem.Items)
					}
				}
				lines = append(lines, strings.Repeat(" ", indent+l[0])+text)
			}
			nd.Steps = append(nd.Steps, s)
			pending = append(pending, lines)
		}
		// The operations.
		for range r.count(r.left()) {
			kind := int(r.byte())
			if kind >= len(opKinds) {
				r.fail("an operation of kind %d", kind)
				break
			}
			step := r.uvarint()
			if step >= uint64(len(nd.Steps)) {
				r.fail("node %d: an operation of step %d of %d", j+1, step, len(nd.Steps))
				break
			}
			op := explain.TraceOp{Kind: opKinds[kind], Step: int32(step), X: r.int32(int64(r.uvarint()))}
			for range r.count(r.left()) {
				op.W = append(op.W, int32(r.byte()), r.int32(int64(r.uvarint())), r.int32(r.varint()), r.int32(r.varint()))
			}
			for range r.count(r.left()) {
				op.R = append(op.R, int32(r.byte()), r.int32(int64(r.uvarint())))
			}
			nd.Ops = append(nd.Ops, op)
		}
		t.Nodes = append(t.Nodes, nd)
	}
	if len(t.Nodes) > 0 && r.err == nil {
		finish(len(t.Nodes)-1, nil)
	}
	if r.err == nil && r.at != len(r.b) {
		r.fail("%d bytes after the last node", len(r.b)-r.at)
	}
	if r.err != nil {
		return nil, r.err
	}
	return p, nil
}

// stepEntry is a distinct step: its kind, and its lines, each an indent
// and a line without indent.
type stepEntry struct {
	kind  string
	lines [][2]int
}
