package explain

import "github.com/xcover/xcover/exactcover"

// The elementary operations of dancing links, as the links view of the page
// steps through them: what Knuth's DLX1, DLX2 and DLX3 do to their arrays,
// one routine at a time, and the cells each one changes. Covering an item is
// two of them in Knuth's programs (take the item out of the item list, then
// hide its options one by one), and so are purifying and tweaking; each part
// is an operation here, in the order the dlx engine performs it.

// LinkField names an array of the links (see [TraceLinks]).
type LinkField int32

// The arrays of the links, in Knuth's names. LLINK and RLINK are indexed by
// item (0 and N+1 head the lists of primary and secondary items); ULINK,
// DLINK, TOP and COLOR by node; BOUND by primary item.
const (
	FieldLLink LinkField = iota
	FieldRLink
	FieldULink
	FieldDLink
	FieldTop // TOP of a node: its item; of a header: LEN, the length of its list
	FieldColor
	FieldBound // Algorithm M: how many more options may cover the item

	numFields
)

var fieldNames = [...]string{"LLINK", "RLINK", "ULINK", "DLINK", "TOP", "COLOR", "BOUND"}

func (f LinkField) String() string {
	if f >= 0 && f < numFields {
		return fieldNames[f]
	}
	return "LinkField(?)"
}

// The kinds of [TraceOp], as the trace names them.
const (
	opCover      = "cover"      // X, an item, leaves its item list (the first half of cover; hides follow)
	opHide       = "hide"       // Knuth's hide(X): X's option leaves the lists of its other items
	opUncover    = "uncover"    // X, an item, goes back into its item list (unhides follow)
	opUnhide     = "unhide"     // unhide(X): X's option goes back into the lists it left
	opPurify     = "purify"     // DLX2: X, a colored node, gives its item its color (hides and marks follow)
	opMark       = "mark"       // node X agrees with its item's color: COLOR(X) ← −1
	opUnpurify   = "unpurify"   // undoing purify(X) begins (unmarks and unhides follow)
	opUnmark     = "unmark"     // COLOR(X) is its color again
	opLower      = "lower"      // DLX3: item X's bound goes down by one
	opRaise      = "raise"      // and back up
	opTweak      = "tweak"      // DLX3: node X leaves its own item's list
	opUntweak    = "untweak"    // DLX3: the nodes tweaked in item X's list go back at once
	opDeactivate = "deactivate" // DLX3's null branch: item X leaves the item list, its options untouched
	opActivate   = "activate"   // and goes back
)

// OpKinds are the kinds of [TraceOp], in a fixed order (the page's data
// numbers them so).
var OpKinds = []string{opCover, opHide, opUncover, opUnhide, opPurify, opMark, opUnpurify, opUnmark,
	opLower, opRaise, opTweak, opUntweak, opDeactivate, opActivate}

// TraceOp is one elementary operation on the links: its kind (cover, hide,
// uncover, unhide; purify, mark, unpurify, unmark with colors; lower,
// raise, tweak, untweak, deactivate, activate with multiplicities), the
// node or item it acts on, the cells it writes, and, when it undoes an
// operation, the cells it reads that remembered how to undo it (a hidden
// node's own ULINK and DLINK, which kept pointing at its neighbours).
type TraceOp struct {
	Kind string `json:"kind"`
	X    int32  `json:"x"`
	Step int32  `json:"step"` // the step of its node that tells it

	// W holds the writes in order, four numbers each: the array (a
	// [LinkField]), the index, the value before and the value after.
	W []int32 `json:"w"`
	// R holds the remembered cells, two numbers each: array and index.
	R []int32 `json:"r,omitempty"`
}

// TraceLinks is what the links view of a trace starts from: Knuth's arrays
// as the search begins (see [FieldLLink]), laid out as his programs and
// the dlx engine lay them out. Item i of the trace is item i+1 here; nodes
// 1…N are the item headers, whose TOP is the length of their list; node N+1
// is a spacer, and then come the nodes of each option in the order it gives
// its items, each option followed by a spacer whose TOP is −k for the k-th
// option kept (an option without a primary item has no nodes). The
// operations of each step follow in [TraceStep].Ops.
type TraceLinks struct {
	LLink []int32 `json:"llink"`
	RLink []int32 `json:"rlink"`
	ULink []int32 `json:"ulink"`
	DLink []int32 `json:"dlink"`
	Top   []int32 `json:"top"`
	Color []int32 `json:"color"`
	Bound []int32 `json:"bound,omitempty"` // items 0…Primary; with multiplicities only
	// Option is each node's option, an index in the problem's options; -1
	// for headers and spacers.
	Option []int32 `json:"option"`
	// Colors names the colors: COLOR c > 0 is Colors[c].
	Colors []string `json:"colors"`
	// Nodes is how many of the trace's nodes, from the first, have their
	// operations told; all of them unless the trace told MaxLinksOps
	// operations before its end.
	Nodes int `json:"nodes"`
	// Ops is the number of operations told.
	Ops int64 `json:"ops"`
}

// Limits of the links view. The view draws one row per option and one
// column per item, each node a cell with its arrows; in a lecture hall at
// 1280×720, the view has about 1,200×560 pixels, and a cell needs some 14
// pixels for its node and the arrows through it to be made out from the
// back of the room: 80 columns and 40 rows. Knuth's example, the color and
// multiplicity examples, queens up to 6×6 and a 4×4 Sudoku with its givens
// fit; a larger problem's trace has no links view.
const (
	MaxLinksItems   = 80
	MaxLinksOptions = 40
	// MaxLinksOps bounds the operations a trace tells: a lecture steps
	// through a few hundred, and a hundred thousand, some 8 MB of a trace,
	// are hours of stepping. A trace that reaches it goes on without them,
	// and says from which node (TraceLinks.Nodes).
	MaxLinksOps = 100_000
)

// drawsLinks reports whether the links view shows p.
func drawsLinks(p *exactcover.Problem) bool {
	return p.NumItems() <= MaxLinksItems && len(p.Options) <= MaxLinksOptions
}

// opLog collects the operations of a walk for a trace.
type opLog struct {
	start   *TraceLinks // the arrays as the walk began
	pending []TraceOp   // the operations since the last step recorded
	off     bool        // no more operations are logged
}

// begin starts the log of the links' arrays as they are now.
func (o *opLog) begin(l *links) {
	o.start = &TraceLinks{
		LLink: int32s(l.llink), RLink: int32s(l.rlink),
		ULink: int32s(l.ulink), DLink: int32s(l.dlink), Top: int32s(l.top), Color: int32s(l.color),
		Option: int32s(l.option), Colors: l.colorName,
	}
	if l.mcc {
		o.start.Bound = int32s(l.bound)
	}
}

// take returns the operations pending, and forgets them.
func (o *opLog) take() []TraceOp {
	ops := o.pending
	o.pending = nil
	return ops
}

func int32s(s []int) []int32 {
	out := make([]int32, len(s))
	for j, v := range s {
		out[j] = int32(v)
	}
	return out
}

// field returns the array f of l.
func (l *links) field(f LinkField) []int {
	switch f {
	case FieldLLink:
		return l.llink
	case FieldRLink:
		return l.rlink
	case FieldULink:
		return l.ulink
	case FieldDLink:
		return l.dlink
	case FieldTop:
		return l.top
	case FieldColor:
		return l.color
	}
	return l.bound
}

// logging reports whether operations are logged.
func (l *links) logging() bool { return l.ops != nil && !l.ops.off }

// begin starts the log of an operation of the given kind on x.
func (l *links) begin(kind string, x int) {
	if l.logging() {
		l.ops.pending = append(l.ops.pending, TraceOp{Kind: kind, X: int32(x)})
	}
}

// write sets f[x] to v, and logs it in the operation begun last.
func (l *links) write(f LinkField, x, v int) {
	s := l.field(f)
	if l.logging() {
		op := &l.ops.pending[len(l.ops.pending)-1]
		op.W = append(op.W, int32(f), int32(x), int32(s[x]), int32(v))
	}
	s[x] = v
}

// remember logs that the operation begun last reads f[x] to undo an
// earlier one.
func (l *links) remember(f LinkField, x int) {
	if l.logging() {
		op := &l.ops.pending[len(l.ops.pending)-1]
		op.R = append(op.R, int32(f), int32(x))
	}
}

// LinksState is the links as a trace's operations leave them: the arrays
// of [TraceLinks], changed by [LinksState.Apply] and [LinksState.Revert].
type LinksState [numFields][]int32

// Start returns the links as the search begins.
func (t *TraceLinks) Start() *LinksState {
	var s LinksState
	for f, a := range [...][]int32{t.LLink, t.RLink, t.ULink, t.DLink, t.Top, t.Color, t.Bound} {
		s[f] = append([]int32(nil), a...)
	}
	return &s
}

// Apply makes op's writes, in order.
func (s *LinksState) Apply(op *TraceOp) {
	for w := 0; w+4 <= len(op.W); w += 4 {
		s[op.W[w]][op.W[w+1]] = op.W[w+3]
	}
}

// Revert undoes op's writes, in reverse order.
func (s *LinksState) Revert(op *TraceOp) {
	for w := len(op.W) - 4; w >= 0; w -= 4 {
		s[op.W[w]][op.W[w+1]] = op.W[w+2]
	}
}
