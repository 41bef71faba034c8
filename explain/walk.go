package explain

import (
	"context"
	"errors"
	"time"

	"xcover/exactcover"
)

// Kind says what a [Step] of the search is.
type Kind int

const (
	// Enter: the search enters a node of its tree (Node, Level, Active,
	// Partial, View). Every primary item is still to be covered.
	Enter Kind = iota
	// Choose: the primary item with the fewest options left is chosen
	// (Item, Size, Ties). Size 0 is a dead end: no option can cover Item.
	Choose
	// Cover: Item is covered (Hidden, Updates): taken out of the list of
	// active items, and each option that contains it hidden from the lists
	// of its other items.
	Cover
	// Purify: a colored secondary Item gets Color (Hidden, Kept, Updates):
	// the options that give it another color are hidden.
	Purify
	// Try: Option, the K-th of the D options of Item, joins the partial
	// solution; the Cover and Purify steps for its other items follow.
	Try
	// Solution: every primary item is covered (Node, Level, Partial,
	// Solution). A solution is a leaf of the search tree.
	Solution
	// Undo: Option leaves the partial solution; Items lists the items it had
	// covered or purified, uncovered now in the reverse order.
	Undo
	// Backtrack: every option of Item has been tried; Item is uncovered and
	// the search returns to the level above (Level is the level it leaves).
	Backtrack
)

var kindNames = [...]string{"enter", "choose", "cover", "purify", "try", "solution", "undo", "backtrack"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// ItemSize is an active primary item and the number of options left in its
// list.
type ItemSize struct {
	Item, Size int
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
	Level int   // depth in the search tree: options in the partial solution
	Node  int64 // Enter, Solution: the node's number, counting from 1

	Item   int
	Option int
	K, D   int // Try: Option is the K-th (from 1) of the D options of Item

	Size   int        // Choose: options left for Item
	Ties   []int      // Choose: other items with Size options, declared later
	Active []ItemSize // Enter: the active primary items, in declaration order

	Partial  []int // Enter, Solution: the options chosen so far, in order
	Solution int64 // Solution: its number, counting from 1

	Hidden  []Hidden // Cover, Purify: options hidden, in the order hidden
	Color   string   // Purify: the color given to Item
	Kept    int      // Purify: options kept because they agree on Color
	Updates int64    // Cover, Purify: updates this step made
	Items   []int    // Undo: items uncovered or unpurified, in that order

	// View shows the matrix as the links are now (Enter only).
	View *View
}

// View answers questions about the state of the links during an Enter step.
type View struct{ l *links }

// Active reports whether item i is still to be covered (primary) or still
// free to use (secondary). A purified secondary item stays active.
func (v *View) Active(i int) bool { return v.l.active(i + 1) }

// Live reports whether option k could still be chosen or used: none of its
// items is covered and it is hidden from none of their lists. Options
// dropped for having no primary item are never live.
func (v *View) Live(k int) bool {
	l := v.l
	if l.nodesOf[k] == nil {
		return false
	}
	for _, x := range l.nodesOf[k] {
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
// Cleansings that [exactcover.Solver.Count] reports. It is written to be
// read, not to be fast: it allocates at every step, and takes 10 to 30
// times the engine's time (8 ms against 0.5 ms for the 92 solutions of
// 8 queens), which is nothing next to the time it takes to read a step.
//
// An invalid problem is reported as [exactcover.New] reports it. Walk
// returns ctx.Err() when the context stopped it; the statistics are valid
// in every case.
func Walk(ctx context.Context, p *exactcover.Problem, maxNodes int64, step func(*Step) bool) (exactcover.Stats, error) {
	if _, err := exactcover.New(p); err != nil {
		return exactcover.Stats{}, err
	}
	if step == nil {
		step = func(*Step) bool { return true }
	}
	w := &walker{ctx: ctx, l: newLinks(p), maxNodes: maxNodes, step: step}
	start := time.Now()
	if w.search(0) {
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
}

// emit reports s; false means stop.
func (w *walker) emit(s *Step) bool {
	if w.step(s) {
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

// search explores the subtree below the current partial solution, at the
// given level, and leaves the links as it found them. It returns false when
// the walk must stop.
func (w *walker) search(level int) bool {
	l := w.l
	if l.rlink[0] == 0 { // every primary item is covered
		w.count(level)
		w.st.Solutions++
		return w.emit(&Step{Kind: Solution, Level: level, Node: w.st.Nodes, Partial: w.partial, Solution: w.st.Solutions})
	}
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
	w.count(level)

	// The active primary items, and the one with the fewest options
	// (Knuth's "minimum remaining values" rule; ties go to the first).
	var active []ItemSize
	best := 0
	for i := l.rlink[0]; i != 0; i = l.rlink[i] {
		active = append(active, ItemSize{Item: i - 1, Size: l.length[i]})
		if best == 0 || l.length[i] < l.length[best] {
			best = i
		}
	}
	if !w.emit(&Step{Kind: Enter, Level: level, Node: w.st.Nodes, Active: active, Partial: w.partial, View: &View{l}}) {
		return false
	}
	var ties []int
	for _, a := range active {
		if a.Item+1 > best && a.Size == l.length[best] {
			ties = append(ties, a.Item)
		}
	}
	if !w.emit(&Step{Kind: Choose, Level: level, Item: best - 1, Size: l.length[best], Ties: ties}) {
		return false
	}

	before := l.updates
	hs := l.cover(best)
	if !w.emit(&Step{Kind: Cover, Level: level, Item: best - 1, Hidden: publicHidden(hs), Updates: l.updates - before}) {
		l.uncover(best)
		return false
	}
	d := l.length[best]
	k := 0
	for p := l.dlink[best]; p != best; p = l.dlink[p] {
		k++
		if !w.try(level, best, p, k, d) {
			l.uncover(best)
			return false
		}
	}
	l.uncover(best)
	return w.emit(&Step{Kind: Backtrack, Level: level, Item: best - 1})
}

// try adds the option of node p (the k-th of the d options of item best) to
// the partial solution, searches below it, and takes it back out.
func (w *walker) try(level, best, p, k, d int) bool {
	l := w.l
	option := l.option[p]
	w.partial = append(w.partial, option)
	defer func() { w.partial = w.partial[:len(w.partial)-1] }()
	if !w.emit(&Step{Kind: Try, Level: level, Item: best - 1, Option: option, K: k, D: d}) {
		return false
	}
	others := l.others(p)
	ok := true
	var done []int // nodes committed so far, to undo in reverse
	for _, q := range others {
		before := l.updates
		did, hs, kept := l.commit(q)
		done = append(done, q)
		var s *Step
		switch did {
		case committedCover:
			s = &Step{Kind: Cover, Level: level, Item: l.top[q] - 1, Hidden: publicHidden(hs), Updates: l.updates - before}
		case committedPurify:
			s = &Step{Kind: Purify, Level: level, Item: l.top[q] - 1, Color: l.colorName[l.color[q]], Hidden: publicHidden(hs), Kept: kept, Updates: l.updates - before}
		}
		if s != nil && !w.emit(s) {
			ok = false
			break
		}
	}
	if ok {
		ok = w.search(level + 1)
	}
	var undone []int
	for j := len(done) - 1; j >= 0; j-- {
		if l.uncommit(done[j]) != committedNothing {
			undone = append(undone, l.top[done[j]]-1)
		}
	}
	if !ok {
		return false
	}
	return w.emit(&Step{Kind: Undo, Level: level, Item: best - 1, Option: option, Items: undone})
}

// publicHidden converts Knuth-numbered items to problem indices.
func publicHidden(hs []hidden) []Hidden {
	out := make([]Hidden, len(hs))
	for j, h := range hs {
		from := make([]int, len(h.from))
		for m, i := range h.from {
			from[m] = i - 1
		}
		out[j] = Hidden{Option: h.option, From: from}
	}
	return out
}
