package sudoku

import (
	"errors"
	"fmt"
	"strings"
)

// Variant is a kind of Sudoku whose rules add to, or change, the classic
// ones: rows, columns and boxes each hold every value once.
type Variant int

const (
	// Classic: rows, columns and boxes.
	Classic Variant = iota
	// XSudoku: the classic rules, and both main diagonals hold every
	// value once too.
	XSudoku
	// Jigsaw: the boxes are replaced by irregular regions of N cells each,
	// given by a region map.
	Jigsaw
	// Killer: the classic rules, and cages: groups of cells whose values
	// differ and add up to the cage's sum.
	Killer
)

var variantNames = [...]string{"classic", "x", "jigsaw", "killer"}

// String returns the variant's name, as ParseVariant takes it.
func (v Variant) String() string {
	if v >= 0 && int(v) < len(variantNames) {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// VariantNames lists the names ParseVariant takes, in order.
func VariantNames() []string { return variantNames[:] }

// ParseVariant returns the variant named s: classic, x, jigsaw or killer.
func ParseVariant(s string) (Variant, error) {
	for i, name := range variantNames {
		if s == name {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want %s)", s, strings.Join(variantNames[:], ", "))
}

// Limits of the killer cages.
const (
	// MaxCageCombinations bounds the digit combinations of one cage: each
	// is an option of the exact-cover problem (see [VariantSolver]), so the
	// bound keeps a puzzle's problem within memory whatever its size. A
	// 9×9 cage has at most 12 (four cells adding up to 20, or five to 25);
	// a 16×16 cage of 5 cells at most 190, of 8 cells 526; a 25×25 cage of
	// 6 cells 4,370. A 25×25 cage of 12 cells (up to 110,780) is refused
	// rather than built.
	MaxCageCombinations = 1 << 16
	// MaxCombinations bounds the combinations of all cages of one puzzle:
	// each option holds at most a cage item and N secondary items of 4
	// bytes, so the bound keeps them under 70 MB at 64×64.
	MaxCombinations = 1 << 18
)

// ErrRules: a region map or a cage that breaks the variant's rules (a
// region of the wrong size, a cage whose sum its cells cannot make, a
// cell in two cages, too many combinations).
var ErrRules = errors.New("bad variant rules")

// Cage is a killer cage: its cells (0-based indices, row by row, in
// increasing order) hold different values adding up to Sum.
type Cage struct {
	Sum   int
	Cells []int
	// Name is how the input named the cage (its letter or word), for
	// messages and for writing the puzzle back.
	Name string
}

// Rules are the constraints of a variant grid beyond its rows and
// columns, which hold every value once in every variant. They apply to a
// grid of side N = Box².
type Rules struct {
	Variant Variant
	// Diagonals: the two main diagonals hold every value once (X-Sudoku).
	Diagonals bool
	// Regions gives the region (0…N−1) of every cell, row by row; each
	// region has N cells and holds every value once. nil: the boxes.
	Regions []uint8
	// Cages are the killer cages; they need not cover the grid.
	Cages []Cage
}

// VariantPuzzle is a puzzle with the rules of its variant: either Grid
// and Rules, or Err (a *SyntaxError, located in the input) is set.
type VariantPuzzle struct {
	Index int // 1-based position in the input
	Line  int // line where the puzzle starts
	Grid  *Grid
	Rules *Rules
	Err   error
}

// RulesFor returns the rules of variant v with nothing beyond the variant's
// fixed units: the diagonals of X-Sudoku; a jigsaw or killer puzzle needs
// its regions or cages added.
func RulesFor(v Variant) *Rules { return &Rules{Variant: v, Diagonals: v == XSudoku} }

// regionOf returns the region (jigsaw) or box of cell i of a grid of side n.
func (r *Rules) regionOf(i, box int) int {
	if r.Regions != nil {
		return int(r.Regions[i])
	}
	n := box * box
	row, col := i/n, i%n
	return row/box*box + col/box
}

// unit is a set of N cells that holds every value once, named for
// messages and steps.
type unit struct {
	name  string
	cells []int
}

// units lists the units of a grid with box side box under r: rows,
// columns, boxes or regions, then the diagonals.
func (r *Rules) units(box int) []unit {
	n := box * box
	us := make([]unit, 0, 3*n+2)
	for k := range n {
		u := unit{name: fmt.Sprintf("row %d", k+1)}
		for c := range n {
			u.cells = append(u.cells, k*n+c)
		}
		us = append(us, u)
	}
	for k := range n {
		u := unit{name: fmt.Sprintf("column %d", k+1)}
		for row := range n {
			u.cells = append(u.cells, row*n+k)
		}
		us = append(us, u)
	}
	regions := make([]unit, n)
	for k := range regions {
		if r.Regions != nil {
			regions[k].name = fmt.Sprintf("region %d", k+1)
		} else {
			regions[k].name = fmt.Sprintf("box %d", k+1)
		}
	}
	for i := range n * n {
		k := r.regionOf(i, box)
		regions[k].cells = append(regions[k].cells, i)
	}
	us = append(us, regions...)
	if r.Diagonals {
		d1, d2 := unit{name: "diagonal 1"}, unit{name: "diagonal 2"}
		for k := range n {
			d1.cells = append(d1.cells, k*n+k)
			d2.cells = append(d2.cells, k*n+n-1-k)
		}
		us = append(us, d1, d2)
	}
	return us
}

// validate checks r for a grid with box side box: regions of N cells
// each, cages of different cells within the grid, none in two cages, each
// with a sum its cells can make and at most MaxCageCombinations
// combinations, MaxCombinations in all. The error wraps ErrRules.
func (r *Rules) validate(box int) error {
	n := box * box
	if r.Regions != nil {
		if len(r.Regions) != n*n {
			return fmt.Errorf("%w: a region map of %d cells for a %d×%d grid", ErrRules, len(r.Regions), n, n)
		}
		size := make([]int, n)
		for i, k := range r.Regions {
			if int(k) >= n {
				return fmt.Errorf("%w: cell %s is in region %d of a grid with %d", ErrRules, cellName(i, n), k+1, n)
			}
			size[k]++
		}
		for k, s := range size {
			if s != n {
				return fmt.Errorf("%w: region %d has %d cells, want %d", ErrRules, k+1, s, n)
			}
		}
	}
	inCage := make([]bool, n*n)
	total := 0
	for _, c := range r.Cages {
		if len(c.Cells) == 0 || len(c.Cells) > n {
			return fmt.Errorf("%w: cage %s has %d cells, want 1…%d", ErrRules, c.Name, len(c.Cells), n)
		}
		for k, i := range c.Cells {
			if i < 0 || i >= n*n || (k > 0 && i <= c.Cells[k-1]) {
				return fmt.Errorf("%w: cage %s: cells out of range or order", ErrRules, c.Name)
			}
			if inCage[i] {
				return fmt.Errorf("%w: cell %s is in two cages", ErrRules, cellName(i, n))
			}
			inCage[i] = true
		}
		k := len(c.Cells)
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		if c.Sum < lo || c.Sum > hi {
			return fmt.Errorf("%w: cage %s: %d different values of 1…%d add up to %d…%d, not %d", ErrRules, c.Name, k, n, lo, hi, c.Sum)
		}
		m, err := cageCombinations(n, k, c.Sum, 0, nil)
		if err != nil {
			return fmt.Errorf("cage %s: %w", c.Name, err)
		}
		if total += m; total > MaxCombinations {
			return fmt.Errorf("%w: the cages have more than %d digit combinations in all (MaxCombinations)", ErrRules, MaxCombinations)
		}
	}
	return nil
}

// cageCombinations calls f (when not nil) with each set of k different
// values of 1…n that adds up to sum and includes the values of need (a
// mask, bit v−1 for value v), as a mask, and returns how many there are.
// It fails, wrapping ErrRules, when there are more than
// MaxCageCombinations.
func cageCombinations(n, k, sum int, need uint64, f func(uint64)) (int, error) {
	count := 0
	var rec func(from, left, rest int, set uint64) bool
	rec = func(from, left, rest int, set uint64) bool {
		if left == 0 {
			if rest == 0 && set&need == need {
				if count++; count > MaxCageCombinations {
					return false
				}
				if f != nil {
					f(set)
				}
			}
			return true
		}
		for v := from; v <= n; v++ {
			// The smallest and largest sums of left values from v on.
			lo := left*v + left*(left-1)/2
			hi := left*n - left*(left-1)/2
			if rest < lo {
				break
			}
			if rest > hi {
				return true
			}
			if !rec(v+1, left-1, rest-v, set|1<<(v-1)) {
				return false
			}
		}
		return true
	}
	if !rec(1, k, sum, 0) {
		return 0, fmt.Errorf("%w: more than %d digit combinations of %d cells adding up to %d (MaxCageCombinations)", ErrRules, MaxCageCombinations, k, sum)
	}
	return count, nil
}

// conflictIn returns the first pair of givens of g that share a value in a
// unit or cage of r, with the name of the unit, or ok false when none do.
func (r *Rules) conflictIn(g *Grid) (i, j int, where string, ok bool) {
	cages := make([]unit, len(r.Cages))
	for k, c := range r.Cages {
		cages[k] = unit{name: "cage " + c.Name, cells: c.Cells}
	}
	for _, u := range append(r.units(g.Box), cages...) {
		for a, x := range u.cells {
			if g.Cells[x] == 0 {
				continue
			}
			for _, y := range u.cells[:a] {
				if g.Cells[y] == g.Cells[x] {
					return min(x, y), max(x, y), u.name, true
				}
			}
		}
	}
	return 0, 0, "", false
}

// checkPuzzle checks g and r together: r's rules, and givens that do not
// clash; a full cage whose givens miss its sum is a conflict too.
func (r *Rules) checkPuzzle(g *Grid) error {
	if err := g.validShape(); err != nil {
		return err
	}
	if err := r.validate(g.Box); err != nil {
		return err
	}
	n := g.Size()
	if i, j, where, ok := r.conflictIn(g); ok {
		return fmt.Errorf("%w: %s and %s both hold %d in %s", ErrConflict, cellName(i, n), cellName(j, n), g.Cells[i], where)
	}
	if k, sum, ok := r.cageSumConflict(g); ok {
		return fmt.Errorf("%w: the givens of cage %s add up to %d, its sum is %d", ErrConflict, r.Cages[k].Name, sum, r.Cages[k].Sum)
	}
	return nil
}

// cageSumConflict returns the first cage whose givens add up to more than
// its sum, or fill it with another sum, and what they add up to.
func (r *Rules) cageSumConflict(g *Grid) (k, sum int, ok bool) {
	for k, c := range r.Cages {
		sum, full := 0, true
		for _, i := range c.Cells {
			sum += int(g.Cells[i])
			full = full && g.Cells[i] != 0
		}
		if full && sum != c.Sum || sum > c.Sum {
			return k, sum, true
		}
	}
	return 0, 0, false
}

// cageOfCells returns, for each cell, the index of its cage in r.Cages, −1
// for a cell in none.
func (r *Rules) cageOfCells(cells int) []int {
	of := make([]int, cells)
	for i := range of {
		of[i] = -1
	}
	for k, c := range r.Cages {
		for _, i := range c.Cells {
			of[i] = k
		}
	}
	return of
}
