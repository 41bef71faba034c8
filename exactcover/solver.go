package exactcover

import (
	"fmt"
	"slices"
)

// node is one cell of Knuth's dancing-links structure. Nodes 1…N are the
// item headers: for them top holds the item's current list length (Knuth's
// LEN) and color the color it was last purified with. Every option is a run
// of consecutive nodes, followed by a spacer node whose top is ≤ 0: its up
// link points to the first node of the option before it and its down link
// to the last node of the option after it, so a walk around an option never
// needs an explicit "next" link.
type node struct {
	up, down int32
	top      int32 // item of a node; length of a header; -(k+1) in spacer k
	color    int32 // >0 a color, 0 none, -1 known compatible (DLX2's cleansing)
}

// Solver is a compiled exact-cover problem together with the scratch state
// of its search. Compile one with [New] or [Builder.Build]; the search
// mutates the links and restores them before it returns, so a Solver can
// search any number of times. It is not safe for concurrent use: give each
// goroutine its own [Solver.Clone].
type Solver struct {
	nPrimary int32 // items 1…nPrimary are primary
	nItems   int32 // items nPrimary+1…nItems are secondary
	nodes    []node
	// active has bit i set while primary item i is uncovered (Knuth keeps
	// a doubly linked list of them; a bit set gives the same order, and
	// scanning it for the item with the fewest options makes independent
	// loads instead of chasing links, which halves the scan's cost).
	// nActive counts its bits.
	active  []uint64
	nActive int32
	// When track is set (more than trackShortAbove primary items), short
	// has bit i set while item i's list has at most one option; unlink and
	// relink keep it so, and choose finds a forced move or a dead end by
	// looking at short&active instead of scanning every item. (A covered
	// item's list does not change, so its bit may be stale; active hides
	// it, and hides the secondary items' bits too.)
	short []uint64
	track bool
	// weight counts, for the Weighted rule, how often each item's list was
	// found empty during the current search.
	weight    []uint32
	optionOf  []int32 // compiled option → index given by the caller
	firstNode []int32 // caller's option index → its first node, 0 if dropped
	warnings  []Warning
	names     *Problem // set by New; nil for Builder-made solvers

	// search scratch
	choice  []int32
	profile []int64
	sol     []int
	mark    []int32
	last    Stats
}

// New validates p and compiles it. Errors are *ProblemError values; options
// without a primary item are dropped and reported by [Solver.Warnings].
// The Problem is kept (not copied) for [Solver.Problem]; do not change it
// afterwards.
func New(p *Problem) (*Solver, error) {
	nItems := p.NumItems()
	if len(p.Primary) == 0 {
		return nil, &ProblemError{Err: ErrNoPrimaryItems, Option: -1, Position: -1}
	}
	if nItems > MaxItems {
		return nil, &ProblemError{Err: fmt.Errorf("%w: %d items, limit MaxItems = %d", ErrTooLarge, nItems, MaxItems), Option: -1, Position: -1}
	}
	index := make(map[string]int32, nItems)
	for i := 0; i < nItems; i++ {
		name := p.ItemName(i)
		if name == "" {
			return nil, &ProblemError{Err: ErrEmptyItemName, Option: -1, Position: i}
		}
		if _, dup := index[name]; dup {
			return nil, &ProblemError{Err: ErrDuplicateItem, Option: -1, Position: i, Item: name}
		}
		index[name] = int32(i)
	}
	var (
		b       Builder
		colorID = map[string]int32{} // color name → id ≥ 1
		items   []int32
		colors  []int32
	)
	b.Reset(len(p.Primary), len(p.Secondary))
	if len(p.Bounds) != 0 {
		if len(p.Bounds) != len(p.Primary) {
			return nil, &ProblemError{Err: fmt.Errorf("%w: %d bounds for %d primary items", ErrBadBounds, len(p.Bounds), len(p.Primary)), Option: -1, Position: -1}
		}
		for i, bd := range p.Bounds {
			if err := checkBounds(bd.Lo, bd.Hi); err != nil {
				return nil, &ProblemError{Err: err, Option: -1, Position: i, Item: p.Primary[i]}
			}
			b.SetBounds(i, bd.Lo, bd.Hi)
		}
	}
	for k, o := range p.Options {
		if len(o.Items) == 0 {
			return nil, &ProblemError{Err: ErrEmptyOption, Option: k, Position: -1}
		}
		items, colors = items[:0], colors[:0]
		colored := false
		for j, r := range o.Items {
			it, ok := index[r.Name]
			if !ok {
				return nil, &ProblemError{Err: ErrUnknownItem, Option: k, Position: j, Item: r.Name}
			}
			c := int32(0)
			if r.Color != "" {
				if int(it) < len(p.Primary) {
					return nil, &ProblemError{Err: ErrColorOnPrimary, Option: k, Position: j, Item: r.Name}
				}
				if c, ok = colorID[r.Color]; !ok {
					if len(colorID) >= MaxColors {
						return nil, &ProblemError{Err: fmt.Errorf("%w: more than MaxColors = %d colors", ErrTooLarge, MaxColors), Option: k, Position: j}
					}
					c = int32(len(colorID) + 1)
					colorID[r.Color] = c
				}
				colored = true
			}
			items = append(items, it)
			colors = append(colors, c)
		}
		if colored {
			b.AddColoredOption(items, colors)
		} else {
			b.AddOption(items...)
		}
	}
	s := new(Solver)
	if err := b.Build(s); err != nil {
		if pe, ok := err.(*ProblemError); ok && pe.Option >= 0 && pe.Position >= 0 {
			pe.Item = p.Options[pe.Option].Items[pe.Position].Name
		}
		return nil, err
	}
	s.names = p
	return s, nil
}

// reset prepares s for a problem of the given size, keeping its memory.
func (s *Solver) reset(nPrimary, nItems, nodesHint int) {
	s.nPrimary, s.nItems = int32(nPrimary), int32(nItems)
	s.warnings = s.warnings[:0]
	s.names = nil
	s.nodes = slices.Grow(s.nodes[:0], nItems+2+nodesHint)[:nItems+2]
	s.active = resize(s.active, nPrimary>>6+1)
	clear(s.active)
	for i := 1; i <= nPrimary; i++ {
		s.active[i>>6] |= 1 << (i & 63)
	}
	s.nActive = int32(nPrimary)
	s.weight = resize(s.weight, nPrimary+1)
	s.short = resize(s.short, nItems>>6+1)
	s.mark = resize(s.mark, nItems)
	clear(s.mark)
	s.optionOf = s.optionOf[:0]
	s.firstNode = s.firstNode[:0]
	for i := int32(0); i <= int32(nItems); i++ {
		s.nodes[i] = node{up: i, down: i}
	}
	// The first spacer.
	s.nodes = append(s.nodes, node{})
}

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// appendOption adds caller's option k (items 0-based) at the end of the
// node array, followed by its spacer.
func (s *Solver) appendOption(k int, items, colors []int32) {
	for len(s.firstNode) < k {
		s.firstNode = append(s.firstNode, 0)
	}
	nd := s.nodes
	spacer := int32(len(nd) - 1)
	first := spacer + 1
	s.firstNode = append(s.firstNode, first)
	for j, it := range items {
		item := it + 1
		p := int32(len(nd))
		c := int32(0)
		if colors != nil {
			c = colors[j]
		}
		// Append p at the bottom of item's list.
		up := nd[item].up
		nd = append(nd, node{up: up, down: item, top: item, color: c})
		nd[up].down = p
		nd[item].up = p
		nd[item].top++
	}
	last := int32(len(nd) - 1)
	nd[spacer].down = last
	s.optionOf = append(s.optionOf, int32(k))
	nd = append(nd, node{up: first, top: -int32(len(s.optionOf))})
	s.nodes = nd
}

// finish completes the layout after the last option.
func (s *Solver) finish(nOptions int) {
	for len(s.firstNode) < nOptions {
		s.firstNode = append(s.firstNode, 0)
	}
	s.track = int(s.nPrimary) > trackShortAbove
	clear(s.short)
	for i := int32(1); i <= s.nItems; i++ {
		if s.nodes[i].top <= 1 {
			s.short[i>>6] |= 1 << (i & 63)
		}
	}
	depth := int(s.nPrimary) + 2
	s.choice = resize(s.choice, depth)
	s.profile = resize(s.profile, depth+1)
	s.sol = s.sol[:0]
}

// Clone returns an independent copy of s for use in another goroutine.
func (s *Solver) Clone() *Solver {
	c := *s
	c.nodes = slices.Clone(s.nodes)
	c.active = slices.Clone(s.active)
	c.short = slices.Clone(s.short)
	c.weight = make([]uint32, len(s.weight))
	c.choice = make([]int32, len(s.choice))
	c.profile = make([]int64, len(s.profile))
	c.sol = nil
	c.mark = make([]int32, len(s.mark))
	c.warnings = slices.Clone(s.warnings)
	return &c
}

// Warnings returns what the compiler accepted but reports: dropped options.
func (s *Solver) Warnings() []Warning { return s.warnings }

// Problem returns the problem s was compiled from by [New], or nil.
func (s *Solver) Problem() *Problem { return s.names }

// NumPrimary returns the number of primary items.
func (s *Solver) NumPrimary() int { return int(s.nPrimary) }

// NumItems returns the number of items, primary and secondary.
func (s *Solver) NumItems() int { return int(s.nItems) }

// NumOptions returns the number of options the caller gave, dropped ones
// included; option indices range over 0…NumOptions()-1.
func (s *Solver) NumOptions() int { return len(s.firstNode) }

// OptionItems appends to dst the items (0-based, primary first) of option k
// in the order given, and returns the extended slice. A dropped option has
// no items here.
func (s *Solver) OptionItems(dst []int, k int) []int {
	p := s.firstNode[k]
	if p == 0 {
		return dst
	}
	for ; s.nodes[p].top > 0; p++ {
		dst = append(dst, int(s.nodes[p].top-1))
	}
	return dst
}
