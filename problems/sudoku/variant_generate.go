package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/xcover/xcover/exactcover"
)

// GeneratedVariant is a variant puzzle [VariantGenerator.Generate] made:
// the puzzle, its rules and its one solution, with how it was made.
type GeneratedVariant struct {
	Generated
	Rules *Rules
}

// VariantGenerator makes variant puzzles with exactly one solution. It is
// not safe for concurrent use.
type VariantGenerator struct {
	s   *VariantSolver
	rng *rand.Rand
	pcg *rand.PCG
}

// NewVariantGenerator returns a VariantGenerator.
func NewVariantGenerator() *VariantGenerator {
	pcg := rand.NewPCG(0, 0)
	return &VariantGenerator{s: NewVariantSolver(), pcg: pcg, rng: rand.New(pcg)}
}

// maxCage is the largest cage a generated killer puzzle has, for each box
// side: the cages of published 9×9 killers have two to five cells, and
// small cages keep a large grid's combinations few (see
// MaxCageCombinations).
func maxCage(box int) int { return min(box*box-1, 5) }

// MaxKillerGenerateBox is the largest box side of the killer puzzles
// [VariantGenerator.Generate] makes: their cages alone, with no given,
// must fix the grid, and on a 16×16 grid the proofs had not settled the
// first puzzle after a minute and a half of CPU time, when they were
// stopped.
const MaxKillerGenerateBox = 3

// MaxJigsawGenerateBox is the largest box side of the jigsaw puzzles
// [VariantGenerator.Generate] makes: on 25×25 grids, the random fill found
// no solved grid for any of a thousand random region maps within its
// bound (variantFillNodes) each.
const MaxJigsawGenerateBox = 4

// variantFillNodes bounds one attempt at a solved variant grid: a search
// that wanders this far has met a region map with no solution or a
// corner hard to leave, and a fresh draw is quicker.
func variantFillNodes(n int) int64 { return int64(64 * n * n) }

// Generate makes puzzle number index of the run that opt and v describe:
// a puzzle of variant v with exactly one solution. X-Sudoku and jigsaw
// puzzles are made as classic ones are (a random solved grid, then clues
// taken away while the engines prove it the only solution), minimal unless
// opt.Clues stops the removal; a jigsaw grid gets a random region map of
// connected regions first. A killer puzzle has no givens: a random solved
// grid is cut into random cages of up to maxCage cells, and while the
// cages allow a second solution, the cage of a cell where it differs is
// split off that cell; the result is unique but not minimal (two cages
// might merge). The same opt, v and index give the same puzzle.
func (gen *VariantGenerator) Generate(ctx context.Context, opt GenerateOptions, v Variant, index uint64) (*GeneratedVariant, error) {
	if opt.Box < MinBox || opt.Box > MaxBox {
		return nil, fmt.Errorf("%w: box side %d, want %d…%d", ErrSize, opt.Box, MinBox, MaxBox)
	}
	if v < Classic || v > Killer {
		return nil, fmt.Errorf("unknown variant %d", int(v))
	}
	if v == Killer && opt.Box > MaxKillerGenerateBox {
		return nil, fmt.Errorf("%w: killer puzzles are made up to box side %d (MaxKillerGenerateBox), not %d", ErrSize, MaxKillerGenerateBox, opt.Box)
	}
	if v == Jigsaw && opt.Box > MaxJigsawGenerateBox {
		return nil, fmt.Errorf("%w: jigsaw puzzles are made up to box side %d (MaxJigsawGenerateBox), not %d", ErrSize, MaxJigsawGenerateBox, opt.Box)
	}
	gen.pcg.Seed(opt.Seed, index)
	out := &GeneratedVariant{Generated: Generated{Minimal: true}}
	rules, sol, err := gen.fill(ctx, opt.Box, v, &out.Generated)
	if err != nil {
		return nil, err
	}
	out.Rules, out.Solution = rules, sol
	if v == Killer {
		err = gen.cages(ctx, opt, out)
	} else {
		err = gen.removeClues(ctx, opt, out)
	}
	if err != nil {
		return nil, err
	}
	// The certificate: the engines count the final puzzle's solutions up
	// to two, as "xcover sudoku --variant V --unique" does.
	res, err := gen.s.Solve(ctx, out.Puzzle, out.Rules, Config{MaxSolutions: 2, Engine: opt.Engine}, func(g *Grid) bool {
		if !slices.Equal(g.Cells, sol.Cells) {
			panic("sudoku: a generated variant puzzle has a solution other than its grid")
		}
		return true
	})
	out.count(res)
	if err != nil {
		return nil, err
	}
	if vd := res.Verdict(); vd != Unique {
		return nil, fmt.Errorf("sudoku: the generated puzzle's count ended %s, not unique", vd)
	}
	return out, nil
}

// fill draws the rules (a region map for jigsaw) and a solved grid under
// them, counting its attempts in out.Fills.
func (gen *VariantGenerator) fill(ctx context.Context, box int, v Variant, out *Generated) (*Rules, *Grid, error) {
	n := box * box
	empty, _ := NewGrid(box)
	for out.Fills < maxFills {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		out.Fills++
		r := RulesFor(v)
		if v == Killer {
			r = RulesFor(Classic) // the cages come once the grid is known
		}
		if v == Jigsaw {
			r.Regions = gen.regionMap(box)
		}
		var sol *Grid
		res, err := gen.s.search(ctx, empty, r, Config{MaxSolutions: 1, MaxNodes: variantFillNodes(n), Engine: exactcover.EngineDLX},
			func(g *Grid) bool { sol = g.Clone(); return false }, -1, 0, gen.rng)
		if err != nil {
			return nil, nil, err
		}
		_ = res
		if sol != nil {
			r.Variant = v
			return r, sol, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: %d attempts at a %d×%d %s grid", ErrFill, maxFills, n, n, v)
}

// regionMap draws a map of box² connected regions of box² cells: it
// starts from the boxes and swaps cells between neighbouring regions at
// random, keeping each swap that leaves both regions connected.
func (gen *VariantGenerator) regionMap(box int) []uint8 {
	n := box * box
	r := &Rules{}
	m := make([]uint8, n*n)
	for i := range m {
		m[i] = uint8(r.regionOf(i, box))
	}
	for range 8 * n * n {
		a := gen.rng.IntN(n * n)
		b := neighbour(a, n, gen.rng.IntN(4))
		if b < 0 || m[a] == m[b] {
			continue
		}
		// Swap a into b's region and some cell c of b's region that
		// touches a's region into a's, so the sizes stay.
		ra, rb := m[a], m[b]
		c := gen.touching(m, n, rb, ra, b)
		if c < 0 {
			continue
		}
		m[a], m[c] = rb, ra
		if !connected(m, n, ra) || !connected(m, n, rb) {
			m[a], m[c] = ra, rb
		}
	}
	// Number the regions in the order of their first cell, as ReadVariant
	// does, so that a map written and read back is the same.
	renum := map[uint8]uint8{}
	for i, k := range m {
		if _, ok := renum[k]; !ok {
			renum[k] = uint8(len(renum))
		}
		m[i] = renum[k]
	}
	return m
}

// touching returns a random cell of region from (other than skip) with a
// neighbour in region to, −1 when none.
func (gen *VariantGenerator) touching(m []uint8, n int, from, to uint8, skip int) int {
	var cands []int
	for i, k := range m {
		if k != from || i == skip {
			continue
		}
		for d := range 4 {
			if j := neighbour(i, n, d); j >= 0 && m[j] == to {
				cands = append(cands, i)
				break
			}
		}
	}
	if len(cands) == 0 {
		return -1
	}
	return cands[gen.rng.IntN(len(cands))]
}

// neighbour returns the cell next to i in direction d (0 up, 1 right, 2
// down, 3 left) of a grid of side n, −1 off the grid.
func neighbour(i, n, d int) int {
	r, c := i/n, i%n
	switch d {
	case 0:
		r--
	case 1:
		c++
	case 2:
		r++
	default:
		c--
	}
	if r < 0 || r >= n || c < 0 || c >= n {
		return -1
	}
	return r*n + c
}

// connected reports whether the cells of region k of map m form one
// piece, neighbours sharing a side.
func connected(m []uint8, n int, k uint8) bool {
	start, size := -1, 0
	for i, x := range m {
		if x == k {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	if start < 0 {
		return true
	}
	seen := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for d := range 4 {
			if j := neighbour(i, n, d); j >= 0 && m[j] == k && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return len(seen) == size
}

// removeClues takes clues away from the solved grid, orbit after orbit of
// opt.Symmetry in a random order, keeping those the puzzle needs to stay
// unique, as Generator.Generate does for classic grids.
func (gen *VariantGenerator) removeClues(ctx context.Context, opt GenerateOptions, out *GeneratedVariant) error {
	n := opt.Box * opt.Box
	sol := out.Solution
	puzzle := sol.Clone()
	out.Puzzle, out.Clues = puzzle, n*n
	orbits := opt.Symmetry.orbits(n)
	gen.rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	cfg := Config{MaxSolutions: 2, MaxNodes: opt.MaxNodes, Engine: opt.Engine}
	for _, orbit := range orbits {
		if opt.Clues > 0 && out.Clues <= opt.Clues {
			out.Minimal = false
			break
		}
		for _, i := range orbit {
			puzzle.Cells[i] = 0
		}
		var res Result
		var err error
		if len(orbit) == 1 {
			// A second solution would differ from sol in the cell emptied.
			i := orbit[0]
			c := cfg
			c.MaxSolutions = 1
			res, err = gen.s.search(ctx, puzzle, out.Rules, c, nil, i, int(sol.Cells[i]), nil)
		} else {
			res, err = gen.s.Solve(ctx, puzzle, out.Rules, cfg, nil)
			res.Solutions-- // sol is one of them
		}
		out.count(res)
		if err != nil {
			return err
		}
		switch {
		case res.Solutions <= 0 && res.Status != exactcover.NodeLimit:
			out.Clues -= len(orbit)
			continue
		case res.Status == exactcover.NodeLimit:
			out.Minimal = false
			out.Undecided += len(orbit)
		}
		for _, i := range orbit {
			puzzle.Cells[i] = sol.Cells[i]
		}
	}
	return nil
}

// cages cuts the solved grid into cages until they alone make it unique.
func (gen *VariantGenerator) cages(ctx context.Context, opt GenerateOptions, out *GeneratedVariant) error {
	n := opt.Box * opt.Box
	sol := out.Solution
	cageOf := gen.randomCages(sol, maxCage(opt.Box))
	empty, _ := NewGrid(opt.Box)
	out.Puzzle, out.Clues, out.Minimal = empty, 0, false
	for {
		out.Rules.Cages = cagesFrom(sol, cageOf)
		var other *Grid
		res, err := gen.s.Solve(ctx, empty, out.Rules, Config{MaxSolutions: 2, Engine: opt.Engine}, func(g *Grid) bool {
			if !slices.Equal(g.Cells, sol.Cells) {
				other = g.Clone()
			}
			return true
		})
		out.count(res)
		if err != nil {
			return err
		}
		if other == nil && res.Status == exactcover.Complete {
			return nil
		}
		if other == nil {
			return fmt.Errorf("sudoku: a killer cage proof ended %s", res.Verdict())
		}
		// Split off a cell where the other solution differs, from a
		// cage of more than one cell (a cell alone in its cage is fixed).
		split := -1
		for i := range n * n {
			if other.Cells[i] != sol.Cells[i] && cageSize(cageOf, cageOf[i]) > 1 {
				split = i
				break
			}
		}
		if split < 0 {
			return fmt.Errorf("sudoku: a second solution differs only in single-cell cages")
		}
		cageOf[split] = maxInt(cageOf) + 1
	}
}

// randomCages cuts the cells of sol into connected cages of up to most
// cells, no value twice in one: each cage grows from a random free cell
// to a random size, one free neighbour after another.
func (gen *VariantGenerator) randomCages(sol *Grid, most int) []int {
	n := sol.Size()
	cageOf := make([]int, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	order := gen.rng.Perm(n * n)
	next := 0
	for _, start := range order {
		if cageOf[start] >= 0 {
			continue
		}
		size := 2 + gen.rng.IntN(most-1)
		cells := []int{start}
		cageOf[start] = next
		var used uint64 = 1 << (sol.Cells[start] - 1)
		for len(cells) < size {
			var grow []int
			for _, i := range cells {
				for d := range 4 {
					if j := neighbour(i, n, d); j >= 0 && cageOf[j] < 0 && used&(1<<(sol.Cells[j]-1)) == 0 {
						grow = append(grow, j)
					}
				}
			}
			if len(grow) == 0 {
				break
			}
			j := grow[gen.rng.IntN(len(grow))]
			cageOf[j] = next
			used |= 1 << (sol.Cells[j] - 1)
			cells = append(cells, j)
		}
		next++
	}
	return cageOf
}

// cagesFrom turns a cage index per cell into cages with sol's sums,
// numbered and named in order of their first cell.
func cagesFrom(sol *Grid, cageOf []int) []Cage {
	renum := map[int]int{}
	var cages []Cage
	for i, k := range cageOf {
		c, ok := renum[k]
		if !ok {
			c = len(cages)
			renum[k] = c
			cages = append(cages, Cage{})
		}
		cages[c].Cells = append(cages[c].Cells, i)
		cages[c].Sum += int(sol.Cells[i])
	}
	for c := range cages {
		cages[c].Name = cageName(c, len(cages))
	}
	return cages
}

func cageSize(cageOf []int, k int) int {
	size := 0
	for _, x := range cageOf {
		if x == k {
			size++
		}
	}
	return size
}

func maxInt(xs []int) int { return slices.Max(xs) }
