package explain

// Algorithm M: exact cover with multiplicities (Knuth, TAOCP 7.2.2.1), as
// his program DLX3 performs it, step for step and count for count. A
// primary item i has a bound, how many more options may cover it, and a
// slack, how many of those it may do without. The differences from
// Algorithm X (search, in walk.go):
//
//   - The item chosen is the one with the fewest branches, len + s − b + 1,
//     not the fewest options (see activeM and chooseM).
//   - Choosing i lowers its bound at once: the option the node gives it
//     counts. When that leaves the bound at 0 i is covered, as in Algorithm
//     X; otherwise it stays active, and each option tried for it is
//     tweaked, so that the levels below try only its later options.
//   - An option tried lowers the bound of each of its primary items; an item
//     is covered only when its bound reaches 0, "covered enough".
//   - Once i's lower bound is met, a last branch gives it no option at all
//     (the null branch): i leaves the active items, its options untouched.
//   - A node whose best item has 0 branches or fewer is a dead end, found
//     before anything is covered: too few options are left for the item.

// searchM is search for a problem with multiplicities. It explores the
// subtree below the current partial solution, at the given level, and
// leaves the links as it found them; it returns false when the walk must
// stop.
func (w *walker) searchM(level int) bool {
	l := w.l
	// DLX3 checks its limits before it looks for a solution, unlike DLX1.
	if !w.mayEnter() {
		return false
	}
	w.count(level)
	w.active = l.activeM(w.active[:0])
	active := w.active
	if len(active) == 0 { // every primary item is covered, or has all it needs
		w.st.Solutions++
		return w.emit(Step{Kind: Solution, Level: level, Node: w.st.Nodes, Partial: w.partial, Solution: w.st.Solutions})
	}
	if !w.emit(Step{Kind: Enter, Level: level, Node: w.st.Nodes, Active: active, Partial: w.partial, View: &View{l}}) {
		return false
	}
	best, ties := chooseM(active)
	i := best.Item + 1
	if !w.emit(Step{Kind: Choose, Level: level, Item: best.Item, Size: best.Size, Ties: ties,
		Bound: best.Bound, Need: best.Need, Degree: best.Degree}) {
		return false
	}
	if best.Degree <= 0 { // a dead end: nothing to undo
		return w.emit(Step{Kind: Backtrack, Level: level, Item: best.Item, Bound: l.bound[i]})
	}

	// The option this node gives i counts at once. When that uses up i's
	// bound, i is covered; when i also has no slack, it takes exactly one of
	// its options here, as in Algorithm X ("plain"). Otherwise the options
	// it takes here are tweaked, and once its lower bound is met it may take
	// none (the null branch).
	l.lower(i)
	b := l.bound[i]
	plain := b == 0 && l.slack[i] == 0
	covered := b == 0
	var ok bool
	if covered {
		before := l.updates
		hs := l.cover(i)
		ok = w.emit(Step{Kind: Cover, Level: level, Item: best.Item, Hidden: hs, Updates: l.updates - before})
	} else {
		ok = w.emit(Step{Kind: Lower, Level: level, Item: best.Item, Bound: b, Need: max(0, b-l.slack[i])})
	}

	// The branches: i's options from the top of its list while enough are
	// left for what i needs after the one taken here, then the null branch
	// when i needs nothing more. They number best.Degree. The options
	// tried are tweaked, unless the level is plain; firstTweak is the top
	// of i's list before any was, from which untweak puts them back (DLX3's
	// FIRSTTWEAK).
	firstTweak := l.dlink[i]
	var untweaked []int // the options tweaked, in order: untweak puts them back so
	k := 0
	for p := l.dlink[i]; ok; p = l.dlink[p] {
		if plain && p == i || !plain && l.length(i) <= b-l.slack[i] {
			break
		}
		k++
		if p == i {
			ok = w.null(level, i, k, best.Degree, covered)
			break
		}
		if !plain {
			untweaked = append(untweaked, l.option[p])
		}
		ok = w.try(level, i, p, k, best.Degree, !plain, !covered)
	}

	// Restore i as it was when the node was entered.
	if plain {
		l.uncover(i)
	} else {
		l.untweak(i, firstTweak, !covered)
	}
	l.raise(i)
	if !ok {
		return false
	}
	return w.emit(Step{Kind: Backtrack, Level: level, Item: best.Item, Untweaked: untweaked, Uncovered: covered, Bound: l.bound[i]})
}

// activeM appends the active primary items to active, with their bounds
// and branching degrees, and returns the result. Item i with bound b, slack
// at most s = min(slack, b), and len options left needs b − s more options.
// A node that chooses it gives it its next option, which may be any of the
// first len − (b − s) + 1 of its list (at least b − s − 1 more must follow
// it), or, when it needs none, no option at all: len + s − b + 1 branches
// (DLX3's "branching degree"), 0 or fewer when too few options are left.
func (l *links) activeM(active []ItemSize) []ItemSize {
	for i := l.rlink[0]; i != 0; i = l.rlink[i] {
		b := l.bound[i]
		s := min(l.slack[i], b)
		active = append(active, ItemSize{Item: i - 1, Size: l.length(i), Bound: b, Need: b - s, Degree: l.length(i) + s - b + 1})
	}
	return active
}

// chooseM returns the item to branch on, as DLX3 chooses it: the fewest
// branches; among those, the least slack (an item with slack is less
// constrained); then, counterintuitively, the longest list (Knuth finds it
// makes smaller trees); then the item declared first. It also returns the
// other items with as many branches.
func chooseM(active []ItemSize) (best ItemSize, ties []int) {
	better := func(a, b ItemSize) bool {
		sa, sb := a.Bound-a.Need, b.Bound-b.Need
		switch {
		case a.Degree != b.Degree:
			return a.Degree < b.Degree
		case sa != sb:
			return sa < sb
		}
		return a.Size > b.Size
	}
	best = active[0]
	for _, a := range active[1:] {
		if better(a, best) {
			best = a
		}
	}
	for _, a := range active {
		if a.Item != best.Item && a.Degree == best.Degree {
			ties = append(ties, a.Item)
		}
	}
	return best, ties
}

// null takes the null branch of item i, the k-th of its d branches: i gets
// no more options and leaves the active items (it left them already if it
// was covered when chosen), and the search goes one level down.
func (w *walker) null(level, i, k, d int, covered bool) bool {
	if !covered { // before the step that tells it, which the operation belongs to
		w.l.deactivate(i)
	}
	if !w.emit(Step{Kind: Null, Level: level, Item: i - 1, K: k, D: d}) {
		if !covered {
			w.l.activate(i)
		}
		return false
	}
	ok := w.searchM(level + 1)
	if !covered {
		w.l.activate(i)
	}
	return ok
}
