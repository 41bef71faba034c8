package exactcover

import (
	"fmt"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/internal/bytesize"
)

// Builder collects a problem given by item indices rather than names, for
// front ends that build many problems quickly (a Sudoku batch builds one per
// puzzle). Items 0…nPrimary-1 are primary, the rest secondary; colors are
// small positive integers, 0 meaning uncolored. Options are numbered in the
// order they are added.
//
// A Builder and the Solver it builds into keep their memory between problems,
// so a warm Reset/Add/Build cycle allocates nothing.
type Builder struct {
	nPrimary, nItems int
	items            []int32 // item indices of all options, concatenated
	colors           []int32 // parallel to items; nil until a color is added
	ends             []int32 // ends[k] is the end of option k in items
	// lo and hi are the primary items' bounds; both nil while every item
	// is to be covered exactly once.
	lo, hi []int32
	seen   []int32 // seen[i] == k+1: item i is in option k (Build's check)
	costs  []int64 // option k's cost (builder_cost.go); nil while none is set
}

// Reset starts a new problem with the given numbers of items.
func (b *Builder) Reset(nPrimary, nSecondary int) {
	b.nPrimary, b.nItems = nPrimary, nPrimary+nSecondary
	b.items = b.items[:0]
	b.colors = b.colors[:0]
	b.ends = b.ends[:0]
	b.lo, b.hi = b.lo[:0], b.hi[:0]
	b.costs = b.costs[:0]
}

// SetBounds says that primary item i must be covered by at least lo and at
// most hi options (Knuth's MCC). Items whose bounds are not set are covered
// exactly once. Build checks the values.
func (b *Builder) SetBounds(i, lo, hi int) {
	if len(b.lo) == 0 {
		b.lo = resize(b.lo, b.nPrimary)
		b.hi = resize(b.hi, b.nPrimary)
		for k := range b.lo {
			b.lo[k], b.hi[k] = 1, 1
		}
	}
	b.lo[i], b.hi[i] = int32(min(max(lo, -1), MaxBound+1)), int32(min(max(hi, -1), MaxBound+1))
}

// AddOption appends an uncolored option.
func (b *Builder) AddOption(items ...int32) {
	b.items = append(b.items, items...)
	if len(b.colors) > 0 {
		for range items {
			b.colors = append(b.colors, 0)
		}
	}
	b.ends = append(b.ends, int32(len(b.items)))
}

// AddColoredOption appends an option whose items carry colors (0: none).
func (b *Builder) AddColoredOption(items, colors []int32) {
	if len(b.colors) < len(b.items) {
		b.colors = append(b.colors, make([]int32, len(b.items)-len(b.colors))...)
	}
	b.items = append(b.items, items...)
	b.colors = append(b.colors, colors...)
	for i := len(colors); i < len(items); i++ {
		b.colors = append(b.colors, 0)
	}
	b.ends = append(b.ends, int32(len(b.items)))
}

// NumOptions returns the number of options added since Reset.
func (b *Builder) NumOptions() int { return len(b.ends) }

// option returns the items and colors (nil when uncolored) of option k.
func (b *Builder) option(k int) ([]int32, []int32) {
	lo := int32(0)
	if k > 0 {
		lo = b.ends[k-1]
	}
	hi := b.ends[k]
	if len(b.colors) >= int(hi) {
		return b.items[lo:hi], b.colors[lo:hi]
	}
	return b.items[lo:hi], nil
}

// colorBits bounds the colors of the secondary items, each item's counted
// apart (a bit each in the bit-set engine's rows): at most one per colored
// use, and, when every color is positive, at most the secondary items
// times the greatest color.
func (b *Builder) colorBits() int {
	uses, most, negative := int64(0), int32(0), false
	for _, c := range b.colors {
		if c != 0 {
			uses++
			most = max(most, c)
			negative = negative || c < 0
		}
	}
	if negative {
		return int(uses)
	}
	return int(min(uses, int64(b.nItems-b.nPrimary)*int64(most)))
}

// Build validates the collected problem and compiles it into s, reusing s's
// memory. Errors are *ProblemError values naming the option and position.
func (b *Builder) Build(s *Solver) error {
	switch {
	case b.nPrimary <= 0:
		return &ProblemError{Err: ErrNoPrimaryItems, Option: -1, Position: -1}
	case b.nItems > MaxItems:
		return &ProblemError{Err: fmt.Errorf("%w: %d items, limit MaxItems = %d", ErrTooLarge, b.nItems, MaxItems), Option: -1, Position: -1}
	case len(b.ends) > MaxOptions:
		return &ProblemError{Err: fmt.Errorf("%w: %d options, limit MaxOptions = %d", ErrTooLarge, len(b.ends), MaxOptions), Option: -1, Position: -1}
	case b.nItems+1+len(b.ends)+1+len(b.items) > MaxNodes:
		return &ProblemError{Err: fmt.Errorf("%w: %d item uses, limit MaxNodes = %d", ErrTooLarge, len(b.items), MaxNodes), Option: -1, Position: -1}
	}
	need := MemoryNeeded(b.nItems, len(b.ends), len(b.items)) + bits.ColorMemory(b.nItems, len(b.ends), b.colorBits())
	if need > MemoryBudget {
		return &ProblemError{Err: fmt.Errorf("%w: it would take %s, more than MemoryBudget = %s", ErrTooLarge, bytesize.Format(need), bytesize.Format(MemoryBudget)), Option: -1, Position: -1}
	}
	for i := range b.lo {
		if err := checkBounds(int(b.lo[i]), int(b.hi[i])); err != nil {
			return &ProblemError{Err: err, Option: -1, Position: i}
		}
	}
	m := &s.model
	m.NPrimary, m.NItems = b.nPrimary, b.nItems
	m.Lo, m.Hi = nil, nil
	for i := range b.lo {
		if b.lo[i] != 1 || b.hi[i] != 1 {
			s.lo = append(s.lo[:0], b.lo...)
			s.hi = append(s.hi[:0], b.hi...)
			m.Lo, m.Hi = s.lo, s.hi
			break
		}
	}
	m.Begin = append(m.Begin[:0], 0)
	m.Items = m.Items[:0]
	s.colors = s.colors[:0]
	m.Caller = m.Caller[:0]
	m.Index = resize(m.Index, len(b.ends))
	s.warnings = s.warnings[:0]
	s.names = nil
	b.seen = resize(b.seen, b.nItems)
	clear(b.seen)
	hasColors := false
	for k := range b.ends {
		items, colors := b.option(k)
		if len(items) == 0 {
			return &ProblemError{Err: ErrEmptyOption, Option: k, Position: -1}
		}
		stamp := int32(k + 1)
		primary := false
		for j, it := range items {
			if it < 0 || int(it) >= b.nItems {
				return &ProblemError{Err: fmt.Errorf("%w: index %d of %d", ErrUnknownItem, it, b.nItems), Option: k, Position: j}
			}
			if b.seen[it] == stamp {
				return &ProblemError{Err: ErrRepeatedItem, Option: k, Position: j}
			}
			b.seen[it] = stamp
			if int(it) < b.nPrimary {
				primary = true
				if colors != nil && colors[j] != 0 {
					return &ProblemError{Err: ErrColorOnPrimary, Option: k, Position: j}
				}
			} else if colors != nil && colors[j] != 0 {
				hasColors = true
			}
		}
		if !primary {
			s.warnings = append(s.warnings, &ProblemError{Err: ErrDroppedOption, Option: k, Position: -1})
			m.Index[k] = -1
			continue
		}
		m.Index[k] = int32(len(m.Caller))
		m.Caller = append(m.Caller, int32(k))
		m.Items = append(m.Items, items...)
		if colors != nil || len(s.colors) > 0 {
			// Colors are kept parallel to Items from the first option that
			// has them.
			for len(s.colors) < len(m.Items)-len(items) {
				s.colors = append(s.colors, 0)
			}
			if colors != nil {
				s.colors = append(s.colors, colors...)
			} else {
				s.colors = append(s.colors, make([]int32, len(items))...)
			}
		}
		m.Begin = append(m.Begin, int32(len(m.Items)))
	}
	m.Colors = nil
	if hasColors {
		m.Colors = s.colors
	}
	if err := b.compileCosts(m); err != nil {
		return err
	}
	s.dlx.stale, s.sparse.stale, s.bits.stale = true, true, true
	s.autoBits = bits.Prefer(m)
	s.spare.Lock()
	s.spare.free = nil // copies of the problem s held before
	s.spare.Unlock()
	return nil
}

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// checkBounds says what is wrong with the bounds lo..hi, if anything, in
// the terms of Knuth's DLX3, which refuses the same values.
func checkBounds(lo, hi int) error {
	switch {
	case lo < 0:
		return fmt.Errorf("%w: lower bound %d is negative", ErrBadBounds, lo)
	case hi < 1:
		return fmt.Errorf("%w: upper bound %d is below 1", ErrBadBounds, hi)
	case lo > hi:
		return fmt.Errorf("%w: lower bound %d is above upper bound %d", ErrBadBounds, lo, hi)
	case hi > MaxBound:
		return fmt.Errorf("%w: upper bound %d is above MaxBound = %d", ErrBadBounds, hi, MaxBound)
	}
	return nil
}
