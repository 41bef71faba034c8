package explain

import (
	"context"
	"errors"
	"time"

	"github.com/xcover/xcover/exactcover"
)

// Kind says what a [Step] of the search is.
type Kind int

const (
	// Enter: the search enters a node of its tree (Node, Level, Active,
	// Partial, View). Every primary item is still to be covered.
	Enter Kind = iota
	// Choose: the primary item with the fewest options left is chosen
	// (Item, Size, Ties). Size 0 is a dead end: no option can cover Item.
	// With multiplicities, the item with the fewest branches (Degree, and
	// Bound, Need, Size); a Degree of 0 or less is a dead end, too few
	// options being left for the options Item still needs.
	Choose
	// Cover: Item is covered (Hidden, Updates): taken out of the list of
	// active items, and each option that contains it hidden from the lists
	// of its other items. With multiplicities, a primary item is covered
	// when its bound reaches 0, "covered enough".
	Cover
	// Purify: a colored secondary Item gets Color (Hidden, Kept, Updates,
	// Cleansings): the options that give it another color are hidden.
	Purify
	// Try: Option, the K-th of the D options of Item, joins the partial
	// solution; the Cover and Purify steps for its other items follow.
	// With multiplicities, the K-th of Item's D branches; a Tweak step
	// follows when the options tried for Item are tweaked.
	Try
	// Solution: every primary item is covered (Node, Level, Partial,
	// Solution). A solution is a leaf of the search tree.
	Solution
	// Undo: Option leaves the partial solution; Items lists the items it had
	// covered or purified, uncovered now in the reverse order; with
	// multiplicities, Raised lists the primary items whose bound goes back
	// up, not having been covered.
	Undo
	// Backtrack: every option of Item has been tried; Item is uncovered and
	// the search returns to the level above (Level is the level it leaves).
	// With multiplicities, every branch of Item has been tried: the options
	// tweaked at this level are put back (Untweaked), Item is uncovered if
	// it was covered when chosen (Uncovered), and its bound goes back up
	// (Bound). After a dead end nothing was covered or tweaked.
	Backtrack
	// Lower (multiplicities only): Item's bound goes down by one, to Bound,
	// and stays above 0, so Item is not covered; it still needs Need more
	// options. It happens for the item chosen at a node (the option the
	// node gives it counts) and for the other primary items of an option
	// tried.
	Lower
	// Tweak (multiplicities only): Option, about to be tried for Item, is
	// taken out of Item's list, so that the levels below try only Item's
	// later options, and hidden from the lists of its other items (Hidden,
	// empty when Item is covered and they are hidden already); Updates.
	Tweak
	// Null (multiplicities only): the null branch, the K-th and last of
	// Item's D branches: Item gets no more options, its lower bound being
	// met, and leaves the active items; the search goes one level down.
	Null
)

var kindNames = [...]string{"enter", "choose", "cover", "purify", "try", "solution", "undo", "backtrack", "lower", "tweak", "null"}

// Kinds are the names of the kinds of [Step], in the order of their
// values (the page's data numbers them so).
func Kinds() []string { return append([]string(nil), kindNames[:]...) }

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// ItemSize is an active primary item and the number of options left in its
// list. With multiplicities it also has its bound, how many more options
// may cover it, and how many it still needs (its lower bound less the
// options it has, at least 0), and its branching degree: how many branches
// a node that chooses it has (Knuth's len + s − b + 1, s being the slack
// Bound − Need). Without, Bound and Need are 1 and Degree is Size.
type ItemSize struct {
	Item, Size          int
	Bound, Need, Degree int
}

// Hidden says that covering or purifying an item hid Option from the lists
// of the items From (they lost one option each).
type Hidden struct {
	Option int
	From   []int
}

// Step is one step of Algorithm X as [Walk] reports it. Items are indices
// into the problem's items, primary first (see [exactcover.Problem.ItemName]);
// options are indices into Problem.Options. Fields a Kind does not use are
// zero. A Step and its slices are valid only during the callback.
type Step struct {
	Kind  Kind
	Level int   // depth in the search tree: the options in the partial solution, and the null branches taken
	Node  int64 // Enter, Solution: the node's number, counting from 1

	Item   int
	Option int
	K, D   int // Try, Null: the K-th (from 1) of the D options (branches) of Item

	Size   int        // Choose: options left for Item
	Ties   []int      // Choose: other items with Size options, declared later; with multiplicities, other items with as many branches
	Active []ItemSize // Enter: the active primary items, in declaration order

	Partial  []int // Enter, Solution: the options chosen so far, in order
	Solution int64 // Solution: its number, counting from 1

	Hidden     []Hidden // Cover, Purify, Tweak: options hidden, in the order hidden
	Color      string   // Purify: the color given to Item
	Kept       int      // Purify: options kept because they agree on Color
	Updates    int64    // Cover, Purify, Tweak: updates this step made
	Cleansings int64    // Purify: cleansings this step made
	Items      []int    // Undo: items uncovered or unpurified, in that order

	// Multiplicities (Algorithm M) only.
	Bound     int        // Choose: Item's bound before the node; Lower: after; Backtrack: restored
	Need      int        // Choose: options Item needs before the node; Lower: after
	Degree    int        // Choose: Item's branches (see ItemSize)
	Raised    []ItemSize // Undo: primary items whose bound went back up, to Bound, never covered
	Untweaked []int      // Backtrack: options put back into Item's list, in that order
	Uncovered bool       // Backtrack: Item, covered when chosen, is uncovered

	// View shows the matrix as the links are now (Enter only).
	View *View
}

// View answers questions about the state of the links during an Enter step.
type View struct{ l *links }

// Active reports whether item i is still to be covered (primary) or still
// free to use (secondary). A purified secondary item stays active.
func (v *View) Active(i int) bool { return v.l.active(i + 1) }

// Bound reports how many more options may cover primary item i: its upper
// bound less the options of the partial solution that contain it (see
// [exactcover.Problem.Bounds]). Without multiplicities it is 1 while i is
// to be covered.
func (v *View) Bound(i int) int { return v.l.bound[i+1] }

// Live reports whether option k could still be chosen or used: none of its
// items is covered and it is hidden from none of their lists. Options
// dropped for having no primary item are never live.
func (v *View) Live(k int) bool {
	l := v.l
	if l.first[k] == 0 {
		return false
	}
	for x := range l.nodesOf(k) {
		if !l.active(l.top[x]) || !l.linked(x) {
			return false
		}
	}
	return true
}

// Walk runs Algorithm X with dancing links on p and calls step for each
// step, in order; step may be nil to count only, and returning false from
// it stops the search (Status Stopped). maxNodes > 0 stops the search
// before it enters a node beyond that many (Status NodeLimit), as
// [exactcover.Config].MaxNodes does.
//
// Walk is the engine's algorithm told step by step: the same branching rule
// (the primary item with the fewest options left, ties to the item declared
// first), the same order of covering, and statistics counted the same way,
// so that a complete walk reports the Solutions, Nodes, Updates and
// Cleansings that [exactcover.Solver.Count] reports with
// [exactcover.EngineDLX], and Knuth's DLX1 and DLX2 report. A problem with
// multiplicities is solved by Algorithm M as Knuth's DLX3 solves it, with
// DLX3's branching rule (the fewest branches; see [ItemSize]) and DLX3's
// statistics, with the steps Lower, Tweak and Null besides. It is written to be
// read, not to be fast: it allocates at every step, many times the
// engine's time, which is nothing next to the time it takes to read a
// step.
//
// An invalid problem is reported as [exactcover.New] reports it. Walk
// returns ctx.Err() when the context stopped it; the statistics are valid
// in every case.
func Walk(ctx context.Context, p *exactcover.Problem, maxNodes int64, step func(*Step) bool) (exactcover.Stats, error) {
	if _, err := exactcover.New(p); err != nil {
		return exactcover.Stats{}, err
	}
	return walk(ctx, p, maxNodes, step, nil)
}

// walk is Walk on a problem known to be valid. When ops is not nil, the
// elementary operations on the links are logged there as they are made,
// each before the step that tells it (see opLog).
func walk(ctx context.Context, p *exactcover.Problem, maxNodes int64, step func(*Step) bool, ops *opLog) (exactcover.Stats, error) {
	if step == nil {
		step = func(*Step) bool { return true }
	}
	w := &walker{ctx: ctx, l: newLinks(p), maxNodes: maxNodes, step: step}
	if ops != nil {
		ops.begin(w.l)
		w.l.ops = ops
	}
	search := w.searchBelow
	if w.l.mcc {
		search = w.searchM
	}
	start := time.Now()
	if search(0) {
		w.st.Status = exactcover.Complete
	}
	w.st.Updates, w.st.Cleansings = w.l.updates, w.l.cleansings
	w.st.Elapsed = time.Since(start)
	return w.st, w.err
}

// walker holds the state of one walk.
type walker struct {
	ctx      context.Context
	l        *links
	maxNodes int64
	step     func(*Step) bool
	partial  []int // options chosen at levels 0…level-1
	st       exactcover.Stats
	err      error
	cur      Step       // the step being reported (see emit)
	active   []ItemSize // scratch for the Enter step's Active (Algorithm M)
}

// emit reports s; false means stop. The step handed on is the walker's
// own, overwritten by the next: a Step is valid only during the callback,
// and not allocating one per step makes the walk twice as fast.
func (w *walker) emit(s Step) bool {
	w.cur = s
	if w.step(&w.cur) {
		return true
	}
	w.st.Status = exactcover.Stopped
	return false
}

// count records a node of the search tree at level.
func (w *walker) count(level int) {
	w.st.Nodes++
	for len(w.st.Profile) <= level {
		w.st.Profile = append(w.st.Profile, 0)
	}
	w.st.Profile[level]++
}

// mayEnter reports whether the walk may enter one more node: not when the
// node limit is reached or the context is done, which it records.
func (w *walker) mayEnter() bool {
	if w.maxNodes > 0 && w.st.Nodes >= w.maxNodes {
		w.st.Status = exactcover.NodeLimit
		return false
	}
	if err := w.ctx.Err(); err != nil {
		w.err = err
		w.st.Status = exactcover.Interrupted
		if errors.Is(err, context.DeadlineExceeded) {
			w.st.Status = exactcover.Timeout
		}
		return false
	}
	return true
}

// searchBelow explores the subtree below the current partial solution, at the
// given level, and leaves the links as it found them. It returns false when
// the walk must stop.
func (w *walker) searchBelow(level int) bool {
	l := w.l
	if l.rlink[0] == 0 { // every primary item is covered
		w.count(level)
		w.st.Solutions++
		return w.emit(Step{Kind: Solution, Level: level, Node: w.st.Nodes, Partial: w.partial, Solution: w.st.Solutions})
	}
	if !w.mayEnter() {
		return false
	}
	w.count(level)

	// The active primary items, and the one with the fewest options
	// (Knuth's "minimum remaining values" rule; ties go to the first).
	// The list is the walker's scratch, reused at every node: a Step is
	// valid only during its callback, and the ties are found before the
	// levels below reuse it.
	active := w.active[:0]
	best := 0
	for i := l.rlink[0]; i != 0; i = l.rlink[i] {
		active = append(active, ItemSize{Item: i - 1, Size: l.length(i), Bound: 1, Need: 1, Degree: l.length(i)})
		if best == 0 || l.length(i) < l.length(best) {
			best = i
		}
	}
	w.active = active
	if !w.emit(Step{Kind: Enter, Level: level, Node: w.st.Nodes, Active: active, Partial: w.partial, View: &View{l}}) {
		return false
	}
	var ties []int
	for _, a := range active {
		if a.Item+1 > best && a.Size == l.length(best) {
			ties = append(ties, a.Item)
		}
	}
	if !w.emit(Step{Kind: Choose, Level: level, Item: best - 1, Size: l.length(best), Ties: ties}) {
		return false
	}

	before := l.updates
	hs := l.cover(best)
	if !w.emit(Step{Kind: Cover, Level: level, Item: best - 1, Hidden: hs, Updates: l.updates - before}) {
		l.uncover(best)
		return false
	}
	d := l.length(best)
	k := 0
	for p := l.dlink[best]; p != best; p = l.dlink[p] {
		k++
		if !w.try(level, best, p, k, d, false, false) {
			l.uncover(best)
			return false
		}
	}
	l.uncover(best)
	return w.emit(Step{Kind: Backtrack, Level: level, Item: best - 1})
}

// try adds the option of node p, the k-th of the d options of item i (the
// k-th of its d branches, with multiplicities), to the partial solution,
// searches below it, and takes it back out. With tweak, p is tweaked first
// (Algorithm M; blocking the option's other items when block is set):
// searchM untweaks the nodes of a level when it leaves it.
func (w *walker) try(level, i, p, k, d int, tweak, block bool) bool {
	l := w.l
	option := l.option[p]
	w.partial = append(w.partial, option)
	defer func() { w.partial = w.partial[:len(w.partial)-1] }()
	if !w.emit(Step{Kind: Try, Level: level, Item: i - 1, Option: option, K: k, D: d}) {
		return false
	}
	if tweak {
		before := l.updates
		h := l.tweak(p, block)
		var hs []Hidden
		if block {
			hs = []Hidden{h}
		}
		if !w.emit(Step{Kind: Tweak, Level: level, Item: i - 1, Option: option, Hidden: hs, Updates: l.updates - before}) {
			return false
		}
	}
	ok := true
	var done []int // nodes committed so far, to undo in reverse
	for q := range l.others(p) {
		s := w.commitStep(level, q)
		done = append(done, q)
		if s != nil && !w.emit(*s) {
			ok = false
			break
		}
	}
	if ok {
		if l.mcc {
			ok = w.searchM(level + 1)
		} else {
			ok = w.searchBelow(level + 1)
		}
	}
	var undone []int
	var raised []ItemSize
	for j := len(done) - 1; j >= 0; j-- {
		q := done[j]
		switch l.uncommit(q) {
		case committedCover, committedPurify:
			undone = append(undone, l.top[q]-1)
		case committedLower:
			raised = append(raised, ItemSize{Item: l.top[q] - 1, Bound: l.bound[l.top[q]]})
		}
	}
	if !ok {
		return false
	}
	return w.emit(Step{Kind: Undo, Level: level, Item: i - 1, Option: option, Items: undone, Raised: raised})
}

// commitStep commits node q of an option tried (see links.commit) and
// returns the step that tells it, nil when there is nothing to tell.
func (w *walker) commitStep(level, q int) *Step {
	l := w.l
	before, cleansings := l.updates, l.cleansings
	did, hs, kept := l.commit(q)
	switch i := l.top[q]; did {
	case committedLower:
		return &Step{Kind: Lower, Level: level, Item: i - 1, Bound: l.bound[i], Need: max(0, l.bound[i]-l.slack[i])}
	case committedCover:
		return &Step{Kind: Cover, Level: level, Item: l.top[q] - 1, Hidden: hs, Updates: l.updates - before}
	case committedPurify:
		return &Step{Kind: Purify, Level: level, Item: l.top[q] - 1, Color: l.colorName[l.color[q]], Hidden: hs, Kept: kept,
			Updates: l.updates - before, Cleansings: l.cleansings - cleansings}
	}
	return nil
}
