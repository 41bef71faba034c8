package sudoku

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Technique is a way a person solving a Sudoku finds a value or rules one
// out, named as players name it. The techniques come in the order of
// their difficulty, the easiest first; each is a statement about the
// items and options of the exact-cover problem (see the package comment,
// "Rating").
type Technique int

const (
	// NakedSingle: a cell with one candidate left. In items and options:
	// a cell item with one option left.
	NakedSingle Technique = iota + 1
	// HiddenSingle: a value with one place left in a row, column or box:
	// a row-, column- or box-value item with one option left.
	HiddenSingle
	// Pointing (locked candidates): a value whose places in a box all lie
	// in one row (or column) is ruled out of the rest of that line: every
	// option of the box item covers the line item, so the line item's
	// other options would leave the box item none.
	Pointing
	// Claiming (locked candidates): a value whose places in a row or
	// column all lie in one box is ruled out of the rest of that box: the
	// same with the line item's options inside the box item's.
	Claiming
	// NakedPair: two cells of a unit with the same two candidates and no
	// others: those values go from the unit's other cells. Two cell items
	// whose options lie in two value items of the unit take both: the
	// value items' other options go.
	NakedPair
	// HiddenPair: two values with the same two places in a unit and no
	// others: the two cells lose every other candidate. Two value items
	// whose options lie in two cell items take both: the cell items'
	// other options go.
	HiddenPair
	// NakedTriple: three cells of a unit whose candidates together are
	// three values (NakedPair with three).
	NakedTriple
	// HiddenTriple: three values whose places in a unit are together three
	// cells (HiddenPair with three).
	HiddenTriple
	// XWing: a value whose places in two rows lie in the same two columns
	// is ruled out of the rest of those columns (or rows and columns the
	// other way round): two row-value items whose options lie in two
	// column-value items take both, whose other options go.
	XWing
	// Swordfish: XWing with three rows and three columns.
	Swordfish
	// Beyond: the techniques above stall before the grid is full. What is
	// left is for the engines, which settle it by search (a proof of
	// uniqueness, or a second solution).
	Beyond
)

var techniqueNames = [...]string{"", "naked single", "hidden single", "pointing", "claiming",
	"naked pair", "hidden pair", "naked triple", "hidden triple", "x-wing", "swordfish", "beyond"}

// String returns the technique's name as players say it: "hidden single",
// "pointing", "x-wing", or "beyond".
func (t Technique) String() string {
	if t > 0 && int(t) < len(techniqueNames) {
		return techniqueNames[t]
	}
	if t == 0 {
		return "given"
	}
	return "Technique(" + strconv.Itoa(int(t)) + ")"
}

// Level places the technique on the four-level scale of qqwing and of
// many puzzle sites: "simple" (NakedSingle), "easy" (HiddenSingle),
// "intermediate" (Pointing to HiddenPair, qqwing's techniques beyond
// singles) and "expert" (the rest, where qqwing has to guess); "" for 0.
func (t Technique) Level() string {
	switch {
	case t <= 0:
		return ""
	case t == NakedSingle:
		return "simple"
	case t == HiddenSingle:
		return "easy"
	case t <= HiddenPair:
		return "intermediate"
	}
	return "expert"
}

// Levels lists the levels of Technique.Level, the easiest first.
func Levels() []string { return []string{"simple", "easy", "intermediate", "expert"} }

// Techniques lists the techniques from the easiest, Beyond last.
func Techniques() []Technique {
	var ts []Technique
	for t := NakedSingle; t <= Beyond; t++ {
		ts = append(ts, t)
	}
	return ts
}

// ParseTechnique returns the technique named s (its String).
func ParseTechnique(s string) (Technique, error) {
	for t := NakedSingle; t <= Beyond; t++ {
		if s == t.String() {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown technique %q (want %s)", s, strings.Join(techniqueNames[1:], ", "))
}

// Candidate is a value in a cell: an option of the exact-cover problem.
// Cell counts from 0, row by row; Value from 1.
type Candidate struct{ Cell, Value int }

// Step is one deduction of a human solving path: a value placed (a
// single) or candidates ruled out (every other technique).
type Step struct {
	Technique Technique
	// Placed is the value a single puts in its cell (Value 0 for the
	// other techniques).
	Placed Candidate
	// Removed are the candidates the step rules out, in cell order.
	Removed []Candidate
	// Units are the units the pattern lies in, numbered as the Solver's
	// geometry does (rows 0…N−1, columns N…2N−1, boxes 2N…3N−1): the one
	// unit of a hidden single or subset; the box then the line of
	// Pointing, the line then the box of Claiming; the base lines then the
	// cover lines of a fish.
	Units []int
	// Cells and Values are the pattern's: the subset's cells and values,
	// the fish's value.
	Cells  []int
	Values []int
}

// Rating is what [Solver.Rate] found: the path a person would take, the
// hardest technique it needed, and what the puzzle's solutions are.
type Rating struct {
	// Hardest is the hardest technique the path uses: Beyond when the
	// techniques do not fill the grid (they stall, or reach a dead end),
	// 0 when the grid was already full.
	Hardest Technique
	// Steps is the path, each step the easiest deduction available after
	// the ones before it.
	Steps []Step
	// Stalled is the grid where the path ends: full when the techniques
	// solved the puzzle.
	Stalled *Grid
	// Verdict is what is known of the puzzle's solutions: Unique when the
	// path filled the grid (every step was forced), NoSolution when it
	// reached a cell or unit with no candidate left; with Beyond, the
	// engines' count up to two settles it (or says Stopped).
	Verdict Verdict
	// Solution is the puzzle's solution when Verdict is Unique, the first
	// the engines found when Multiple.
	Solution *Grid
	// Engine is the search that settled a puzzle rated Beyond.
	Engine Result
}

// Rate solves g as a person would, with the techniques from NakedSingle up
// to Swordfish, each step the easiest deduction available, and rates it
// by the hardest technique the path needs. When the techniques stall, it
// rates the puzzle Beyond and counts its solutions up to two with the
// engines, as Solve does with cfg (MaxSolutions is set to 2). Errors are
// those of Solve.
func (s *Solver) Rate(ctx context.Context, g *Grid, cfg Config) (*Rating, error) {
	if err := g.validShape(); err != nil {
		return nil, err
	}
	if c := g.conflict(); c != nil {
		return nil, c
	}
	r := newRater(g)
	out := &Rating{}
	for {
		st, ok := r.next()
		if !ok {
			break
		}
		out.Steps = append(out.Steps, st)
		out.Hardest = max(out.Hardest, st.Technique)
	}
	out.Stalled = &Grid{Box: g.Box, Cells: r.val}
	switch {
	case r.dead:
		out.Hardest, out.Verdict = Beyond, NoSolution
	case r.open == 0:
		out.Verdict, out.Solution = Unique, out.Stalled.Clone()
	default:
		out.Hardest = Beyond
		cfg.MaxSolutions = 2
		res, err := s.Solve(ctx, g, cfg, func(sol *Grid) bool {
			if out.Solution == nil {
				out.Solution = sol.Clone()
			}
			return true
		})
		out.Engine, out.Verdict = res, res.Verdict()
		if out.Verdict != Unique && out.Verdict != Multiple {
			out.Solution = nil
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// rater is a grid with its candidates, as a person pencils them in.
type rater struct {
	geo  *geometry
	val  []uint8
	cand []uint64 // of each empty cell; 0 once filled
	open int      // empty cells
	dead bool     // some cell or unit has no candidate left
}

func newRater(g *Grid) *rater {
	geo := geometryOf(g.Box)
	r := &rater{geo: geo, val: append([]uint8(nil), g.Cells...), cand: make([]uint64, len(g.Cells))}
	for i, v := range r.val {
		if v != 0 {
			continue
		}
		r.open++
		m := geo.all
		for _, p := range geo.peersOf(i) {
			if w := r.val[p]; w != 0 {
				m &^= 1 << (w - 1)
			}
		}
		r.cand[i] = m
	}
	return r
}

// place puts value v in empty cell i and rules v out of its peers.
func (r *rater) place(i, v int) {
	r.val[i] = uint8(v)
	r.cand[i] = 0
	r.open--
	for _, p := range r.geo.peersOf(i) {
		r.cand[p] &^= 1 << (v - 1)
	}
}

// remove rules out the candidates of st.
func (r *rater) remove(st *Step) {
	for _, c := range st.Removed {
		r.cand[c.Cell] &^= 1 << (c.Value - 1)
	}
}

// next finds the easiest deduction, applies it and returns it; false when
// the grid is full, dead, or no technique applies.
func (r *rater) next() (Step, bool) {
	if r.open == 0 || r.checkDead() {
		return Step{}, false
	}
	finders := []func() (Step, bool){
		r.nakedSingle, r.hiddenSingle, r.pointing, r.claiming,
		func() (Step, bool) { return r.nakedSubset(2) }, func() (Step, bool) { return r.hiddenSubset(2) },
		func() (Step, bool) { return r.nakedSubset(3) }, func() (Step, bool) { return r.hiddenSubset(3) },
		func() (Step, bool) { return r.fish(2) }, func() (Step, bool) { return r.fish(3) },
	}
	for _, find := range finders {
		if st, ok := find(); ok {
			if st.Placed.Value != 0 {
				r.place(st.Placed.Cell, st.Placed.Value)
			}
			r.remove(&st)
			return st, true
		}
	}
	return Step{}, false
}

// checkDead sets r.dead when an empty cell has no candidate or a unit has a
// value with no place.
func (r *rater) checkDead() bool {
	for i, v := range r.val {
		if v == 0 && r.cand[i] == 0 {
			r.dead = true
			return true
		}
	}
	for _, unit := range r.geo.units {
		var m uint64
		for _, i := range unit {
			if v := r.val[i]; v != 0 {
				m |= 1 << (v - 1)
			}
			m |= r.cand[i]
		}
		if m != r.geo.all {
			r.dead = true
			return true
		}
	}
	return false
}

// unitOrder is the order units are searched in: boxes, rows, columns, as
// players scan a grid for singles.
func (r *rater) unitOrder() []int {
	n := r.geo.n
	order := make([]int, 0, 3*n)
	for u := 2 * n; u < 3*n; u++ {
		order = append(order, u)
	}
	for u := 0; u < 2*n; u++ {
		order = append(order, u)
	}
	return order
}

// places returns the mask of the positions (indices into the unit) where
// value v can go in unit u.
func (r *rater) places(u, v int) uint64 {
	var m uint64
	bit := uint64(1) << (v - 1)
	for k, i := range r.geo.units[u] {
		if r.cand[i]&bit != 0 {
			m |= 1 << k
		}
	}
	return m
}

// placed reports whether unit u holds value v.
func (r *rater) placed(u, v int) bool {
	for _, i := range r.geo.units[u] {
		if int(r.val[i]) == v {
			return true
		}
	}
	return false
}

func (r *rater) nakedSingle() (Step, bool) {
	for i, m := range r.cand {
		if r.val[i] == 0 && bits.OnesCount64(m) == 1 {
			return Step{Technique: NakedSingle, Placed: Candidate{i, bits.TrailingZeros64(m) + 1}}, true
		}
	}
	return Step{}, false
}

func (r *rater) hiddenSingle() (Step, bool) {
	for _, u := range r.unitOrder() {
		for v := 1; v <= r.geo.n; v++ {
			if m := r.places(u, v); bits.OnesCount64(m) == 1 {
				cell := int(r.geo.units[u][bits.TrailingZeros64(m)])
				return Step{Technique: HiddenSingle, Placed: Candidate{cell, v}, Units: []int{u}}, true
			}
		}
	}
	return Step{}, false
}

// lineOf returns the row unit and the column unit of cell i.
func (r *rater) lineOf(i int) (int, int) {
	return int(r.geo.row[i]), r.geo.n + int(r.geo.col[i])
}

// locked rules value v out of the cells of unit rest that are not in unit
// within, when every place of v in within is in rest; the step names
// within then rest.
func (r *rater) locked(t Technique, within, rest, v int) (Step, bool) {
	bit := uint64(1) << (v - 1)
	inWithin := make(map[int16]bool, r.geo.n)
	for _, i := range r.geo.units[within] {
		inWithin[i] = true
	}
	st := Step{Technique: t, Units: []int{within, rest}, Values: []int{v}}
	for _, i := range r.geo.units[rest] {
		if !inWithin[i] && r.cand[i]&bit != 0 {
			st.Removed = append(st.Removed, Candidate{int(i), v})
		}
	}
	sortCandidates(st.Removed)
	return st, len(st.Removed) > 0
}

// pointing: a value whose places in a box lie in one line.
func (r *rater) pointing() (Step, bool) {
	n := r.geo.n
	for b := 2 * n; b < 3*n; b++ {
		for v := 1; v <= n; v++ {
			if st, ok := r.lockedIn(Pointing, b, v, func(i int) (int, int) { return r.lineOf(i) }); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// claiming: a value whose places in a line lie in one box.
func (r *rater) claiming() (Step, bool) {
	n := r.geo.n
	for u := 0; u < 2*n; u++ {
		for v := 1; v <= n; v++ {
			box := func(i int) (int, int) { b := 2*n + int(r.geo.boxOf[i]); return b, b }
			if st, ok := r.lockedIn(Claiming, u, v, box); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// lockedIn looks at the places of value v in unit within: when they all
// share one of the two units that units(cell) names, v goes from the rest
// of that unit.
func (r *rater) lockedIn(t Technique, within, v int, units func(int) (int, int)) (Step, bool) {
	m := r.places(within, v)
	if m == 0 || r.placed(within, v) {
		return Step{}, false
	}
	a, b, first := -1, -1, true
	for k := m; k != 0; k &= k - 1 {
		x, y := units(int(r.geo.units[within][bits.TrailingZeros64(k)]))
		if first {
			a, b, first = x, y, false
			continue
		}
		if x != a {
			a = -1
		}
		if y != b {
			b = -1
		}
	}
	for _, rest := range []int{a, b} {
		if rest >= 0 && rest != within {
			if st, ok := r.locked(t, within, rest, v); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// nakedSubset: k cells of a unit whose candidates together are k values.
func (r *rater) nakedSubset(k int) (Step, bool) {
	t := map[int]Technique{2: NakedPair, 3: NakedTriple}[k]
	for _, u := range r.unitOrder() {
		var cells []int
		for _, i := range r.geo.units[u] {
			if c := bits.OnesCount64(r.cand[i]); r.val[i] == 0 && c >= 2 && c <= k {
				cells = append(cells, int(i))
			}
		}
		var found Step
		ok := combinations(len(cells), k, func(pick []int) bool {
			var union uint64
			for _, p := range pick {
				union |= r.cand[cells[p]]
			}
			if bits.OnesCount64(union) != k {
				return false
			}
			st := Step{Technique: t, Units: []int{u}}
			in := map[int]bool{}
			for _, p := range pick {
				st.Cells = append(st.Cells, cells[p])
				in[cells[p]] = true
			}
			st.Values = valuesOf(union)
			for _, i := range r.geo.units[u] {
				if !in[int(i)] && r.cand[i]&union != 0 {
					for _, v := range valuesOf(r.cand[i] & union) {
						st.Removed = append(st.Removed, Candidate{int(i), v})
					}
				}
			}
			found = st
			return len(st.Removed) > 0
		})
		if ok {
			sortCandidates(found.Removed)
			return found, true
		}
	}
	return Step{}, false
}

// hiddenSubset: k values whose places in a unit are together k cells.
func (r *rater) hiddenSubset(k int) (Step, bool) {
	t := map[int]Technique{2: HiddenPair, 3: HiddenTriple}[k]
	for _, u := range r.unitOrder() {
		var values []int
		var where []uint64
		for v := 1; v <= r.geo.n; v++ {
			if m := r.places(u, v); bits.OnesCount64(m) >= 2 && bits.OnesCount64(m) <= k {
				values, where = append(values, v), append(where, m)
			}
		}
		var found Step
		ok := combinations(len(values), k, func(pick []int) bool {
			var union, keep uint64
			for _, p := range pick {
				union |= where[p]
				keep |= 1 << (values[p] - 1)
			}
			if bits.OnesCount64(union) != k {
				return false
			}
			st := Step{Technique: t, Units: []int{u}, Values: valuesOf(keep)}
			for q := union; q != 0; q &= q - 1 {
				i := int(r.geo.units[u][bits.TrailingZeros64(q)])
				st.Cells = append(st.Cells, i)
				for _, v := range valuesOf(r.cand[i] &^ keep) {
					st.Removed = append(st.Removed, Candidate{i, v})
				}
			}
			found = st
			return len(st.Removed) > 0
		})
		if ok {
			sortCandidates(found.Removed)
			return found, true
		}
	}
	return Step{}, false
}

// fish: a value whose places in k rows lie in k columns (or the other way
// round) is ruled out of the rest of those columns.
func (r *rater) fish(k int) (Step, bool) {
	t := map[int]Technique{2: XWing, 3: Swordfish}[k]
	n := r.geo.n
	for v := 1; v <= n; v++ {
		for _, base := range []int{0, n} { // rows as the base, then columns
			cover := n - base // the other kind
			var lines []int
			var where []uint64
			for u := base; u < base+n; u++ {
				if m := r.places(u, v); bits.OnesCount64(m) >= 2 && bits.OnesCount64(m) <= k {
					lines, where = append(lines, u), append(where, m)
				}
			}
			var found Step
			ok := combinations(len(lines), k, func(pick []int) bool {
				var union uint64
				for _, p := range pick {
					union |= where[p]
				}
				if bits.OnesCount64(union) != k {
					return false
				}
				st := Step{Technique: t, Values: []int{v}}
				inBase := map[int]bool{}
				for _, p := range pick {
					st.Units = append(st.Units, lines[p])
					inBase[lines[p]-base] = true
				}
				for q := union; q != 0; q &= q - 1 {
					c := bits.TrailingZeros64(q)
					st.Units = append(st.Units, cover+c)
					for k2, i := range r.geo.units[cover+c] {
						if !inBase[k2] && r.cand[i]&(1<<(v-1)) != 0 {
							st.Removed = append(st.Removed, Candidate{int(i), v})
						}
					}
				}
				found = st
				return len(st.Removed) > 0
			})
			if ok {
				sortCandidates(found.Removed)
				return found, true
			}
		}
	}
	return Step{}, false
}

// combinations calls f with each choice of k indices of 0…n−1, in
// increasing order, until f returns true, and reports whether it did.
func combinations(n, k int, f func([]int) bool) bool {
	pick := make([]int, k)
	var rec func(at, from int) bool
	rec = func(at, from int) bool {
		if at == k {
			return f(pick)
		}
		for i := from; i <= n-(k-at); i++ {
			pick[at] = i
			if rec(at+1, i+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

// valuesOf lists the values (from 1) of a candidate mask.
func valuesOf(m uint64) []int {
	var vs []int
	for ; m != 0; m &= m - 1 {
		vs = append(vs, bits.TrailingZeros64(m)+1)
	}
	return vs
}

func sortCandidates(cs []Candidate) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && (cs[j].Cell < cs[j-1].Cell || cs[j].Cell == cs[j-1].Cell && cs[j].Value < cs[j-1].Value); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
