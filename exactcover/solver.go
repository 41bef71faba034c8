package exactcover

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// Solver is a compiled exact-cover problem together with the engines that
// search it and their scratch state. Compile one with [New] or
// [Builder.Build], once; then search it any number of times, as a regexp
// is compiled once and matched many times. Results are values: each
// search returns its statistics and its error, and leaves nothing behind
// in the Solver.
//
// A Solver is safe for concurrent use, and a search may start another
// from inside its visitor: a search that finds the Solver's engines busy
// runs on a copy of them, made on first need and kept for the next time
// (so a Solver used by k goroutines at once holds k sets of engines).
type Solver struct {
	model    core.Problem
	warnings []*ProblemError
	names    *Problem // set by New; nil for Builder-made solvers
	// The engines, each built from model on first use.
	dlx    lazy[dlx.Engine, *dlx.Engine]
	sparse lazy[sparse.Engine, *sparse.Engine]
	bits   lazy[bits.Engine, *bits.Engine]
	// autoBits is bits.Prefer of the model, decided when it is built: the
	// engine auto picks.
	autoBits bool
	busy     atomic.Bool // a search runs on this Solver's engines
	spare    spares      // copies for the searches that found it busy
	scratch  scratch
	// Buffers that the model's slices use, kept to be reused by Build.
	lo, hi, colors []int32
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
	if err := checkCosts(p); err != nil {
		return nil, err
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
	s.model.Costs = costsOf(p, s.model.Caller)
	return s, nil
}

// EngineFor returns the engine that a search with the given choice uses:
// the choice itself, or for EngineAuto the engine expected to be faster
// for the problem: the bit-set engine for a problem it takes, without
// multiplicities, of at most 256 items whose primary items have 8 options
// each or more on average, such as polyomino packings, the sparse-set
// engine otherwise. Node counts are each engine's own; DLX1's, DLX2's and
// DLX3's are EngineDLX's.
func (s *Solver) EngineFor(choice Engine) Engine {
	if choice != EngineAuto {
		return choice
	}
	return autoEnumerate(s.autoBits)
}

// engineOf returns the engine that the search cfg asks for uses: a resumed
// search keeps its checkpoint's engine unless cfg names one.
func (s *Solver) engineOf(cfg Config) Engine {
	if cfg.Resume != nil && cfg.Engine == EngineAuto {
		return cfg.Resume.Engine
	}
	return s.EngineFor(cfg.Engine)
}

// engine returns the engine that searches s for the given choice, built or
// rebuilt as needed.
func (s *Solver) engine(choice Engine) core.Engine {
	switch s.EngineFor(choice) {
	case EngineSparse, EngineLearn:
		return s.sparse.get(&s.model)
	case EngineBits:
		return s.bits.get(&s.model)
	}
	return s.dlx.get(&s.model)
}

// lazy is an engine of type *E built from a model on first use, and
// rebuilt, reusing its memory, when the model has changed since (stale).
type lazy[E any, P interface {
	*E
	core.Engine
}] struct {
	e     P
	stale bool
}

// get returns the engine for model m, built or rebuilt as needed.
func (l *lazy[E, P]) get(m *core.Problem) P {
	switch {
	case l.e == nil:
		l.e = core.New[E, P](m)
	case l.stale:
		l.e.Reset(m)
	}
	l.stale = false
	return l.e
}

// spares are copies of a Solver for searches that find it busy.
type spares struct {
	sync.Mutex
	free []*Solver
}

// acquire returns a Solver whose engines the caller may use until it
// gives it back with release: s itself when no other search is running on
// it (allocating nothing), else a spare copy.
func (s *Solver) acquire() *Solver {
	if s.busy.CompareAndSwap(false, true) {
		return s
	}
	s.spare.Lock()
	defer s.spare.Unlock()
	if n := len(s.spare.free); n > 0 {
		m := s.spare.free[n-1]
		s.spare.free = s.spare.free[:n-1]
		return m
	}
	return s.Clone()
}

// release gives back m, which acquire returned.
func (s *Solver) release(m *Solver) {
	if m == s {
		s.busy.Store(false)
		return
	}
	s.spare.Lock()
	s.spare.free = append(s.spare.free, m)
	s.spare.Unlock()
}

// Clone returns an independent copy of s for use in another goroutine. The
// compiled problem is shared, read-only; the engines are copied.
func (s *Solver) Clone() *Solver {
	m := s.model
	m.Lo, m.Hi, m.Colors = slices.Clone(m.Lo), slices.Clone(m.Hi), slices.Clone(m.Colors)
	m.Begin, m.Items = slices.Clone(m.Begin), slices.Clone(m.Items)
	m.Caller, m.Index = slices.Clone(m.Caller), slices.Clone(m.Index)
	return &Solver{model: m, warnings: slices.Clone(s.warnings), names: s.names, autoBits: s.autoBits}
}

// Warnings returns what the compiler accepted but reports: each option
// dropped, as a *ProblemError wrapping ErrDroppedOption that names it.
func (s *Solver) Warnings() []*ProblemError { return s.warnings }

// Problem returns the problem s was compiled from by [New], or nil.
func (s *Solver) Problem() *Problem { return s.names }

// NumPrimary returns the number of primary items.
func (s *Solver) NumPrimary() int { return s.model.NPrimary }

// NumItems returns the number of items, primary and secondary.
func (s *Solver) NumItems() int { return s.model.NItems }

// NumOptions returns the number of options the caller gave, dropped ones
// included; option indices range over 0…NumOptions()-1.
func (s *Solver) NumOptions() int { return len(s.model.Index) }

// OptionItems appends to dst the items (0-based, primary first) of option k
// in the order given, and returns the extended slice. A dropped option has
// no items here.
func (s *Solver) OptionItems(dst []int, k int) []int {
	c := s.model.Index[k]
	if c < 0 {
		return dst
	}
	items, _ := s.model.Option(int(c))
	for _, it := range items {
		dst = append(dst, int(it))
	}
	return dst
}

// Hash returns a digest of the compiled problem (items, bounds, options,
// colors), the same for the same problem however it was written.
func (s *Solver) Hash() [32]byte { return s.model.Hash() }
