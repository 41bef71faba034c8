package pentomino

// This file is the tests' independent view of polyomino packing: its own
// piece pictures, its own geometry, a checker for packings and a naive
// backtracking packer. It shares no code with the package under test, so
// that the encoder, the symmetry reduction and the decoder are checked
// against something written separately.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

type pt struct{ r, c int }

// refPiece is a piece as the tests know it.
type refPiece struct {
	name  string
	cells []pt
	count int
}

// pic reads "#"-pictures with rows separated by '/'.
func pic(s string) []pt {
	var out []pt
	for r, row := range strings.Split(s, "/") {
		for c, ch := range row {
			if ch == '#' {
				out = append(out, pt{r, c})
			}
		}
	}
	return out
}

// refPentominoes are the twelve pentominoes drawn in orientations other than
// the package's, from Golomb's "Polyominoes" figures.
var refPentominoes = map[string][]pt{
	"F": pic("##./.##/.#."), "I": pic("#/#/#/#/#"), "L": pic("#/#/#/##"),
	"N": pic(".#/##/#./#."), "P": pic("##/##/.#"), "T": pic("###/.#./.#."),
	"U": pic("#.#/###"), "V": pic("###/..#/..#"), "W": pic("##./.##/..#"),
	"X": pic(".#./###/.#."), "Y": pic(".#/##/.#/.#"), "Z": pic("#../###/..#"),
}

// refTetrominoes are the seven one-sided tetrominoes; I O T S L are the five
// free ones.
var refTetrominoes = map[string][]pt{
	"I": pic("####"), "O": pic("##/##"), "T": pic("###/.#."), "S": pic(".##/##."),
	"Z": pic("##./.##"), "L": pic("#./#./##"), "J": pic(".#/.#/##"),
}

func refSet(table map[string][]pt, letters string) []refPiece {
	var out []refPiece
	for _, ch := range letters {
		n := string(ch)
		if i := slices.IndexFunc(out, func(p refPiece) bool { return p.name == n }); i >= 0 {
			out[i].count++
			continue
		}
		out = append(out, refPiece{name: n, cells: table[n], count: 1})
	}
	return out
}

// norm translates to the origin and sorts.
func norm(s []pt) []pt {
	s = slices.Clone(s)
	mr, mc := s[0].r, s[0].c
	for _, p := range s {
		mr, mc = min(mr, p.r), min(mc, p.c)
	}
	for i := range s {
		s[i].r -= mr
		s[i].c -= mc
	}
	sort.Slice(s, func(i, j int) bool { return s[i].r < s[j].r || s[i].r == s[j].r && s[i].c < s[j].c })
	return s
}

// isoms are the eight isometries of the square grid, written out; the first
// four keep orientation.
var isoms = []func(pt) pt{
	func(p pt) pt { return pt{p.r, p.c} },
	func(p pt) pt { return pt{-p.c, p.r} },
	func(p pt) pt { return pt{-p.r, -p.c} },
	func(p pt) pt { return pt{p.c, -p.r} },
	func(p pt) pt { return pt{p.r, -p.c} },
	func(p pt) pt { return pt{p.c, p.r} },
	func(p pt) pt { return pt{-p.r, p.c} },
	func(p pt) pt { return pt{-p.c, -p.r} },
}

func mapPts(s []pt, f func(pt) pt) []pt {
	out := make([]pt, len(s))
	for i, p := range s {
		out[i] = f(p)
	}
	return out
}

// refOrients lists the distinct normalized orientations of s.
func refOrients(s []pt, oneSided bool) [][]pt {
	n := 8
	if oneSided {
		n = 4
	}
	var out [][]pt
	for _, f := range isoms[:n] {
		o := norm(mapPts(s, f))
		if !slices.ContainsFunc(out, func(x []pt) bool { return slices.Equal(x, o) }) {
			out = append(out, o)
		}
	}
	return out
}

func congruentRef(a, b []pt, oneSided bool) bool {
	nb := norm(b)
	for _, o := range refOrients(a, oneSided) {
		if slices.Equal(o, nb) {
			return true
		}
	}
	return false
}

// refBoard is a board as the tests know it: its cells.
type refBoard map[pt]bool

func rectRef(w, h int) refBoard {
	b := refBoard{}
	for r := range h {
		for c := range w {
			b[pt{r, c}] = true
		}
	}
	return b
}

func picRef(lines ...string) refBoard {
	b := refBoard{}
	for r, l := range lines {
		for c, ch := range l {
			if ch == '.' {
				b[pt{r, c}] = true
			}
		}
	}
	return b
}

func (b refBoard) pts() []pt {
	var out []pt
	for p := range b {
		out = append(out, p)
	}
	return norm(out)
}

// checkPacking verifies a packing independently: every board cell covered
// exactly once and nothing else, each piece used as often as listed (at most
// that often when optional), each placed shape congruent to its piece, and
// the letter grid agrees with the placements.
func checkPacking(board refBoard, pieces []refPiece, oneSided, optional bool, k *Packing) error {
	covered := map[pt]string{}
	used := map[string]int{}
	for _, pl := range k.Placed {
		i := slices.IndexFunc(pieces, func(p refPiece) bool { return p.name == pl.Piece })
		if i < 0 {
			return fmt.Errorf("unknown piece %q", pl.Piece)
		}
		used[pl.Piece]++
		var cells []pt
		for _, c := range pl.Cells {
			p := pt{c.Row, c.Col}
			if !board[p] {
				return fmt.Errorf("piece %s covers %v, not a board cell", pl.Piece, p)
			}
			if o, dup := covered[p]; dup {
				return fmt.Errorf("pieces %s and %s both cover %v", o, pl.Piece, p)
			}
			covered[p] = pl.Piece
			cells = append(cells, p)
		}
		if len(cells) != len(pieces[i].cells) || !congruentRef(pieces[i].cells, cells, oneSided) {
			return fmt.Errorf("piece %s placed as %v, not congruent (one-sided %v)", pl.Piece, cells, oneSided)
		}
	}
	if len(covered) != len(board) {
		return fmt.Errorf("%d of %d cells covered", len(covered), len(board))
	}
	for _, p := range pieces {
		if used[p.name] > p.count || !optional && used[p.name] != p.count {
			return fmt.Errorf("piece %s used %d times, listed %d times", p.name, used[p.name], p.count)
		}
	}
	rows := k.Rows()
	for p, name := range covered {
		if p.r >= len(rows) || p.c >= len(rows[p.r]) || rows[p.r][p.c:p.c+1] != name {
			return fmt.Errorf("letter grid %q disagrees at %v (want %s)", rows, p, name)
		}
	}
	return nil
}

// packingKey identifies a packing as the sorted list of "name:cells".
type placedRef struct {
	name  string
	cells []pt
}

func keyOf(ps []placedRef) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.name + fmt.Sprint(sortedPts(p.cells))
	}
	sort.Strings(parts)
	return strings.Join(parts, ";")
}

func sortedPts(s []pt) []pt {
	s = slices.Clone(s)
	sort.Slice(s, func(i, j int) bool { return s[i].r < s[j].r || s[i].r == s[j].r && s[i].c < s[j].c })
	return s
}

func fromPacking(k *Packing) []placedRef {
	var out []placedRef
	for _, pl := range k.Placed {
		var cells []pt
		for _, c := range pl.Cells {
			cells = append(cells, pt{c.Row, c.Col})
		}
		out = append(out, placedRef{pl.Piece, cells})
	}
	return out
}

// brute lists every packing by the obvious backtracking: the first empty
// cell in reading order is covered by each piece left, in each orientation,
// with the orientation's first cell on it.
func brute(board refBoard, pieces []refPiece, oneSided bool) [][]placedRef {
	// Scan across the short side of the board, so that the filled part
	// stays compact: the first empty cell in column order when the board is
	// wider than tall (the orientations are then sorted the same way, so
	// that an orientation's first cell is the one that lands on it).
	order := board.pts()
	h, w := 0, 0
	for _, p := range order {
		h, w = max(h, p.r+1), max(w, p.c+1)
	}
	less := func(a, b pt) bool { return a.r < b.r || a.r == b.r && a.c < b.c }
	if w > h {
		less = func(a, b pt) bool { return a.c < b.c || a.c == b.c && a.r < b.r }
	}
	sort.Slice(order, func(i, j int) bool { return less(order[i], order[j]) })
	left := map[string]int{}
	orients := map[string][][]pt{}
	for _, p := range pieces {
		left[p.name] = p.count
		for _, o := range refOrients(p.cells, oneSided) {
			sort.Slice(o, func(i, j int) bool { return less(o[i], o[j]) })
			orients[p.name] = append(orients[p.name], o)
		}
	}
	filled := map[pt]bool{}
	var cur []placedRef
	var out [][]placedRef
	var rec func(int)
	rec = func(i int) {
		for i < len(order) && filled[order[i]] {
			i++
		}
		if i == len(order) {
			out = append(out, slices.Clone(cur))
			return
		}
		at := order[i]
		for _, p := range pieces {
			if left[p.name] == 0 {
				continue
			}
		orient:
			for _, o := range orients[p.name] {
				dr, dc := at.r-o[0].r, at.c-o[0].c
				cells := make([]pt, len(o))
				for j, q := range o {
					cells[j] = pt{q.r + dr, q.c + dc}
					if !board[cells[j]] || filled[cells[j]] {
						continue orient
					}
				}
				for _, q := range cells {
					filled[q] = true
				}
				left[p.name]--
				cur = append(cur, placedRef{p.name, cells})
				rec(i + 1)
				cur = cur[:len(cur)-1]
				left[p.name]++
				for _, q := range cells {
					filled[q] = false
				}
			}
		}
	}
	rec(0)
	return out
}

// boardSymmetries returns the isometries mapping the board onto itself, as
// functions on board coordinates (translation included), and whether each
// one is a reflection.
func boardSymmetries(board refBoard, rotationsOnly bool) (syms []func(pt) pt, reflects []bool) {
	base := board.pts()
	n := 8
	if rotationsOnly {
		n = 4
	}
	for i, f := range isoms[:n] {
		img := mapPts(base, f)
		mr, mc := img[0].r, img[0].c
		for _, p := range img {
			mr, mc = min(mr, p.r), min(mc, p.c)
		}
		if !slices.Equal(norm(img), base) {
			continue
		}
		syms = append(syms, func(p pt) pt { q := f(p); return pt{q.r - mr, q.c - mc} })
		reflects = append(reflects, i >= 4)
	}
	return syms, reflects
}

// canonicalKey is the smallest key among the images of a packing under the
// symmetries; mirror renames pieces under reflections (one-sided sets), nil
// when names stay.
func canonicalKey(ps []placedRef, syms []func(pt) pt, reflects []bool, mirror map[string]string) string {
	best := ""
	for g, f := range syms {
		img := make([]placedRef, len(ps))
		for i, p := range ps {
			name := p.name
			if reflects[g] && mirror != nil {
				name = mirror[name]
			}
			img[i] = placedRef{name, mapPts(p.cells, f)}
		}
		if k := keyOf(img); g == 0 || k < best {
			best = k
		}
	}
	return best
}

func TestBruteSelf(t *testing.T) {
	// The naive packer agrees with published counts on a small case:
	// 3x20 has 8 pentomino packings (2 up to symmetry).
	if testtier.Short() {
		t.Skip("2 s")
	}
	got := brute(rectRef(20, 3), refSet(refPentominoes, PentominoLetters), false)
	if len(got) != 8 {
		t.Fatalf("brute force 3x20: %d packings, published 8", len(got))
	}
}
