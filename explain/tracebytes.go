package explain

import (
	"fmt"
	"unsafe"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
)

// MaxTraceBytes bounds the memory a [Trace] takes while it is made: the
// problem as the trace gives it, the links of the walk, the nodes, their
// steps and the distinct lines of the narration, and the recorder's view
// of the path; all of it but the problem given to [NewTrace]. A page of
// that much trace is about a tenth of it once gzipped (a few tens of MB),
// already more than a browser opens quickly; and with the problem, the
// links of the walk and the page being written, "xcover explain --html"
// then holds about three times the budget at most, which a laptop has to
// spare. The nodes of a search that needs more are not followed by hand.
const MaxTraceBytes = 256 << 20

// BudgetError: the trace of a problem would take more memory than its
// budget before its first node is told. It is reported before any of the
// trace is made, from the problem's size, or, when the narration's first
// lines are what does not fit, once they are told.
type BudgetError struct {
	Bytes  int64 // at least what the problem and the first node take
	Budget int64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the problem is too big to trace: its trace would take at least %s before its first node is told, more than the budget of %s",
		bytesize.Format(e.Bytes), bytesize.Format(e.Budget))
}

// The memory a trace takes, counted as it is made. The figures are those of
// a 64-bit machine; the test TestTraceBytesMeasured compares the count with
// the heap a trace holds.
const (
	stringBytes = int64(unsafe.Sizeof(""))
	nodeBytes   = int64(unsafe.Sizeof(TraceNode{}))
	stepBytes   = int64(unsafe.Sizeof(TraceStep{}))
	optionBytes = int64(unsafe.Sizeof(TraceOption{}))
	opBytes     = int64(unsafe.Sizeof(TraceOp{}))
	// mapEntryBytes is one entry of the map from a line to its number: a
	// string and an int32, in a map kept at most seven eighths full and
	// grown by doubling.
	mapEntryBytes = 64
	// footerBytes is kept for the lines of the footer, written once the
	// walk is over: five lines, the longest two hundred bytes.
	footerBytes = 1 << 10
)

// alloc is the memory an allocation of n bytes takes: Go rounds a small
// one up to its size class (multiples of 16 bytes up to 256), and a larger
// one by at most about an eighth.
func alloc(n int64) int64 {
	switch {
	case n == 0:
		return 0
	case n <= 256:
		return (n + 15) &^ 15
	}
	return n + n/8
}

// growBytes is the memory a slice of len n and capacity c, of elements of
// size bytes, gains when grow makes room for add more.
func growBytes(n, c, add int, size int64) int64 {
	if n+add <= c {
		return 0
	}
	return alloc(int64(newCap(n+add, c))*size) - alloc(int64(c)*size)
}

// newCap is the capacity grow gives a slice that must hold n elements and
// has capacity c: half as much again, so that a long slice wastes at most
// a third of its array.
func newCap(n, c int) int {
	return max(n, c+c/2, 4)
}

// grow returns s with room for add more elements, as growBytes counts it.
func grow[T any](s []T, add int) []T {
	if len(s)+add <= cap(s) {
		return s
	}
	g := make([]T, len(s), newCap(len(s)+add, cap(s)))
	copy(g, s)
	return g
}

// problemBytes is the memory of p as a trace gives it ([TraceProblem]),
// and of the recorder's view of the path (see pathstate.go); the names and
// labels are p's own strings, shared.
func problemBytes(p *exactcover.Problem) int64 {
	b := alloc(stringBytes * int64(p.NumItems()))
	if p.HasMultiplicities() {
		b += alloc(16 * int64(len(p.Primary)))
	}
	b += alloc(optionBytes * int64(len(p.Options)))
	for _, o := range p.Options {
		b += alloc(8 * int64(len(o.Items)))
		for _, r := range o.Items {
			if r.Color != "" {
				b += alloc(stringBytes * int64(len(o.Items)))
				break
			}
		}
	}
	return b
}

// linksBytes is the memory of the links [Walk] makes for p (see
// newLinks): five arrays of ints with an entry per node (item header, use
// of an item by an option, spacer), two per item, one per option, two per
// primary item, and a map of the items' names; and what left play (an
// int32 per option and per item at most).
func linksBytes(p *exactcover.Problem) int64 {
	n, opts := int64(p.NumItems()), int64(len(p.Options))
	nodes := linksNodes(p)
	b := 5*alloc(8*nodes) + 2*alloc(8*(n+2)) + alloc(8*opts) + 2*alloc(8*int64(len(p.Primary)+1))
	b += alloc(4*opts) + alloc(4*n)
	return b + mapEntryBytes*n
}

// linksNodes is the number of nodes of the links of p, spacers included,
// at most (the options without a primary item have none).
func linksNodes(p *exactcover.Problem) int64 {
	nodes := int64(p.NumItems()) + 2
	for _, o := range p.Options {
		nodes += int64(len(o.Items)) + 1
	}
	return nodes
}

// linksViewBytes is the memory of a trace's Links (see [TraceLinks]): the
// arrays as the search begins, int32s.
func linksViewBytes(p *exactcover.Problem) int64 {
	b := 2*alloc(4*int64(p.NumItems()+2)) + 5*alloc(4*linksNodes(p)) + alloc(int64(unsafe.Sizeof(TraceLinks{})))
	if p.HasMultiplicities() {
		b += alloc(4 * int64(len(p.Primary)+1))
	}
	return b
}

// opsBytes is the memory of the operations of a step, as logged and then
// kept (the slice they were logged in goes once they are copied into
// their node's).
func opsBytes(ops []TraceOp) int64 {
	var b int64
	for _, op := range ops {
		b += alloc(4*int64(cap(op.W))) + alloc(4*int64(cap(op.R)))
	}
	return b
}

// firstNodeBytes is the memory a trace of p takes once its first node is
// recorded: the problem, the links of the walk, the recorder's view of the
// path (with its scratch for the counts), the root with every primary
// item and its counts, and the footer (the narration's other lines are not
// counted here).
func firstNodeBytes(p *exactcover.Problem) int64 {
	width := int64(2)
	if p.HasMultiplicities() {
		width = 5
	}
	primary := int64(len(p.Primary))
	path := 8*int64(p.NumItems()+len(p.Options)) + 4*(2*width-1)*primary
	// The walk's Enter step lists the active items (an ItemSize each), and
	// the narration of Algorithm M keeps a copy.
	scratch := 2 * int64(unsafe.Sizeof(ItemSize{})) * primary
	b := problemBytes(p) + linksBytes(p) + path + scratch + alloc(4*width*primary) + alloc(4*nodeBytes) + footerBytes
	if drawsLinks(p) {
		b += linksViewBytes(p)
	}
	return b
}
