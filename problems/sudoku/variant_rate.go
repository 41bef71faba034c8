package sudoku

import (
	"context"
	"math/bits"
	"strconv"
)

// VariantStep is one single of a variant puzzle's solving path: a value
// placed, with the unit whose last place it took (hidden single).
type VariantStep struct {
	Technique Technique // NakedSingle or HiddenSingle
	Placed    Candidate
	// Unit names the unit of a hidden single ("row 3", "region 5",
	// "diagonal 1"); empty for a naked single.
	Unit string
}

// Say writes the step as a player would, for a grid of side n:
//
//	hidden single: r3c7 = 5, the only place for 5 in diagonal 1
func (st VariantStep) Say(n int) string {
	if st.Technique == NakedSingle {
		return "naked single: " + placed(st.Placed, n) + ", the only value left in its cell"
	}
	return "hidden single: " + placed(st.Placed, n) + ", the only place for " + strconv.Itoa(st.Placed.Value) + " in " + st.Unit
}

// Items writes the step in items and options:
//
//	item diagonal 1#5 has one option left: r3c7=5
func (st VariantStep) Items(n int) string {
	item := cellName(st.Placed.Cell, n)
	if st.Technique == HiddenSingle {
		item = st.Unit + "#" + strconv.Itoa(st.Placed.Value)
	}
	return "item " + item + " has one option left: " + optionName(st.Placed, n)
}

// VariantRating is what [VariantSolver.Rate] found, as [Rating] is for a
// classic puzzle.
type VariantRating struct {
	// Hardest is NakedSingle or HiddenSingle when singles fill the grid,
	// Beyond when they stall (or reach a dead end), 0 for a full grid.
	Hardest  Technique
	Steps    []VariantStep
	Stalled  *Grid
	Verdict  Verdict
	Solution *Grid
	Engine   Result
}

// Rate solves g under r with singles only, as a person who knows no
// other technique would: naked singles (a cell with one candidate) and
// hidden singles (a value with one place left in a row, column, box or
// region, or diagonal), the easiest first. A killer cell's candidates are
// the values of its cage's digit combinations that the values placed in
// the cage allow, the pencil marks a killer player starts from; the
// other killer techniques (the rule of 45, cage splitting) and every
// technique beyond singles are left to the engines, which count the
// solutions of a puzzle the singles do not fill up to two (Beyond).
func (s *VariantSolver) Rate(ctx context.Context, g *Grid, r *Rules, cfg Config) (*VariantRating, error) {
	if err := r.checkPuzzle(g); err != nil {
		return nil, err
	}
	n := g.Size()
	grid := g.Clone()
	units := r.units(g.Box)
	cageOf := r.cageOfCells(n * n)
	rt := &VariantRating{}
	full := true
	for _, v := range grid.Cells {
		full = full && v != 0
	}
	for !full {
		cand, dead := variantCandidates(grid, r, units, cageOf)
		if dead {
			rt.Hardest, rt.Verdict, rt.Stalled = Beyond, NoSolution, grid
			return rt, nil
		}
		st, ok := nextSingle(grid, cand, units)
		if !ok {
			break
		}
		grid.Cells[st.Placed.Cell] = uint8(st.Placed.Value)
		rt.Steps = append(rt.Steps, st)
		rt.Hardest = max(rt.Hardest, st.Technique)
		full = true
		for _, v := range grid.Cells {
			full = full && v != 0
		}
	}
	rt.Stalled = grid
	if full {
		if err := CheckVariant(g, grid, r); err != nil {
			rt.Hardest, rt.Verdict = Beyond, NoSolution // a full cage with the wrong sum
			return rt, nil
		}
		rt.Verdict, rt.Solution = Unique, grid
		return rt, nil
	}
	rt.Hardest = Beyond
	cfg.MaxSolutions = 2
	var first *Grid
	res, err := s.Solve(ctx, g, r, cfg, func(sol *Grid) bool {
		if first == nil {
			first = sol.Clone()
		}
		return true
	})
	rt.Engine, rt.Verdict, rt.Solution = res, res.Verdict(), first
	return rt, err
}

// variantCandidates returns each empty cell's candidates: the values no
// unit of the cell holds, and in a cage the values of a combination that
// holds the cage's values; dead when some empty cell has none.
func variantCandidates(g *Grid, r *Rules, units []unit, cageOf []int) ([]uint64, bool) {
	n := g.Size()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	cand := make([]uint64, n*n)
	for i, v := range g.Cells {
		if v == 0 {
			cand[i] = all
		}
	}
	for _, u := range units {
		var used uint64
		for _, i := range u.cells {
			if v := g.Cells[i]; v != 0 {
				used |= 1 << (v - 1)
			}
		}
		for _, i := range u.cells {
			cand[i] &^= used
		}
	}
	for k, c := range r.Cages {
		var have, allowed uint64
		for _, i := range c.Cells {
			if v := g.Cells[i]; v != 0 {
				have |= 1 << (v - 1)
			}
		}
		_, _ = cageCombinations(n, len(c.Cells), c.Sum, have, func(set uint64) { allowed |= set })
		for _, i := range c.Cells {
			if cageOf[i] == k {
				cand[i] &= allowed &^ have
			}
		}
	}
	for i, v := range g.Cells {
		if v == 0 && cand[i] == 0 {
			return cand, true
		}
	}
	return cand, false
}

// nextSingle finds the first naked single, in cell order, else the first
// hidden single, unit by unit.
func nextSingle(g *Grid, cand []uint64, units []unit) (VariantStep, bool) {
	for i, m := range cand {
		if g.Cells[i] == 0 && bits.OnesCount64(m) == 1 {
			return VariantStep{Technique: NakedSingle, Placed: Candidate{i, bits.TrailingZeros64(m) + 1}}, true
		}
	}
	n := g.Size()
	for _, u := range units {
		for v := 1; v <= n; v++ {
			place, count := -1, 0
			for _, i := range u.cells {
				if g.Cells[i] == 0 && cand[i]&(1<<(v-1)) != 0 {
					place, count = i, count+1
				}
			}
			if count == 1 {
				return VariantStep{Technique: HiddenSingle, Placed: Candidate{place, v}, Unit: u.name}, true
			}
		}
	}
	return VariantStep{}, false
}
