package pentomino

import (
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// toPieces converts the tests' pieces for the package.
func toPieces(ref []refPiece) []Piece {
	var out []Piece
	for _, p := range ref {
		var cells []Cell
		for _, q := range p.cells {
			cells = append(cells, Cell{q.r, q.c})
		}
		out = append(out, Piece{Name: p.name, Shape: cells, Count: p.count})
	}
	return out
}

func boardOf(t *testing.T, ref refBoard) *Board {
	var cells []Cell
	for _, p := range ref.pts() {
		cells = append(cells, Cell{p.r, p.c})
	}
	b, err := FromCells(cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pinwheel is a board whose only symmetries are its four rotations.
var pinwheel = picRef(
	".#....",
	".....#",
	"......",
	"......",
	"#.....",
	"....#.",
)

func area(pieces []refPiece) int {
	n := 0
	for _, p := range pieces {
		n += p.count * len(p.cells)
	}
	return n
}

// oneSidedMirror names the mirror image of each one-sided tetromino.
var oneSidedMirror = map[string]string{"I": "I", "O": "O", "T": "T", "S": "Z", "Z": "S", "L": "J", "J": "L"}

// TestAgainstBruteForce compares, on small boards of every symmetry type,
// the packings found through exact cover with those of the naive packer in
// verify_test.go, and the packings reported with Options.Symmetry with the
// classes of the naive packer's packings under the board's symmetries.
func TestAgainstBruteForce(t *testing.T) {
	mixed := append(refSet(refPentominoes, "LNPU"), refPiece{"O", refTetrominoes["O"], 1})
	tests := []struct {
		name     string
		board    refBoard
		pieces   []refPiece
		oneSided bool
		mirror   map[string]string // one-sided sets closed under reflection
		group    int               // size of the board group acting
	}{
		{"5x5 square", rectRef(5, 5), refSet(refPentominoes, "ILPUY"), false, nil, 8},
		{"5x5 square 2", rectRef(5, 5), refSet(refPentominoes, "LNPVY"), false, nil, 8},
		{"5x4", rectRef(5, 4), refSet(refPentominoes, "FIPU"), false, nil, 4},
		{"optional 5x3", rectRef(5, 3), refSet(refPentominoes, "LNPUY"), false, nil, 4},
		{"copies 4x4 L×4", rectRef(4, 4), refSet(refTetrominoes, "LLLL"), false, nil, 8},
		{"copies 5x4 LLPP", rectRef(5, 4), refSet(refPentominoes, "LLPP"), false, nil, 4},
		{"copies 6x5 L×6", rectRef(6, 5), refSet(refPentominoes, "LLLLLL"), false, nil, 4},
		{"copies 10x6 L×12", rectRef(10, 6), refSet(refPentominoes, "LLLLLLLLLLLL"), false, nil, 4},
		{"copies 10x5 Y×10", rectRef(10, 5), refSet(refPentominoes, "YYYYYYYYYY"), false, nil, 4},
		{"copies optional 4x4 TTLLI", rectRef(4, 4), refSet(refTetrominoes, "TTLLI"), false, nil, 8},
		{"copies optional 4x4 TTSSL", rectRef(4, 4), refSet(refTetrominoes, "TTSSL"), false, nil, 8},
		{"one-sided closed 6x4", rectRef(6, 4), refSet(refTetrominoes, "IOSZLJ"), true, oneSidedMirror, 4},
		{"one-sided closed copies 6x4", rectRef(6, 4), refSet(refTetrominoes, "ILLJJO"), true, oneSidedMirror, 4},
		{"one-sided open 6x4", rectRef(6, 4), refSet(refTetrominoes, "IILLSS"), true, nil, 2},
		{"one-sided square 4x4", rectRef(4, 4), refSet(refTetrominoes, "LJIO"), true, oneSidedMirror, 8},
		{"one-sided square copies 4x4", rectRef(4, 4), refSet(refTetrominoes, "LJLJ"), true, oneSidedMirror, 8},
		{"one-sided twin shapes 4x4", rectRef(4, 4), append(refSet(refTetrominoes, "IO"), refPiece{"K", refTetrominoes["I"], 1}, refPiece{"Q", refTetrominoes["O"], 1}), true,
			map[string]string{"I": "I", "K": "K", "O": "O", "Q": "Q"}, 8},
		{"pinwheel", pinwheel, refSet(refTetrominoes, "LLLLTTTT"), false, nil, 4},
		{"pinwheel one-sided", pinwheel, refSet(refTetrominoes, "LLLLTTTT"), true, nil, 4},
		{"anti-diagonal", picRef(
			"....#",
			".....",
			".....",
			".....",
			".....",
		), mixed, false, nil, 2},
	}
	// The naive packer takes seconds on a whole 10×6 board of copies (no
	// pivot: the filter alone removes the copies' orders).
	longCases := map[string]bool{"copies 10x6 L×12": true}
	slowCases := map[string]bool{"copies 10x5 Y×10": true} // one goroutine: the race detector makes it tens of seconds
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if longCases[tc.name] {
				testtier.Long(t)
			}
			if slowCases[tc.name] {
				testtier.Slow(t)
			}
			brutal := brute(tc.board, tc.pieces, tc.oneSided)
			syms, reflects := boardSymmetries(tc.board, tc.oneSided && tc.mirror == nil)
			if tc.group > 1 && len(syms) != tc.group {
				t.Fatalf("test board has %d symmetries, meant %d", len(syms), tc.group)
			}
			all := map[string]bool{}
			classes := map[string]bool{}
			for _, ps := range brutal {
				all[keyOf(ps)] = true
				classes[canonicalKey(ps, syms, reflects, tc.mirror)] = true
			}
			if len(all) != len(brutal) {
				t.Fatalf("naive packer repeated a packing")
			}
			if len(brutal) == 0 {
				t.Fatalf("no packing: not a useful test")
			}
			board := boardOf(t, tc.board)
			res, got := solveChecked(t, board, tc.board, toPieces(tc.pieces), tc.pieces, Options{OneSided: tc.oneSided}, nil)
			if area(tc.pieces) == len(tc.board) && res.Stats.Solutions != res.Packings {
				// The order items alone put copies in one order.
				t.Errorf("%d exact-cover solutions for %d packings", res.Stats.Solutions, res.Packings)
			}
			if len(got) != len(all) {
				t.Errorf("%d packings, naive packer %d", len(got), len(all))
			}
			for _, k := range got {
				if !all[keyOf(fromPacking(k))] {
					t.Errorf("packing not found by the naive packer:\n%v", k)
				}
			}
			_, sym := solveChecked(t, board, tc.board, toPieces(tc.pieces), tc.pieces, Options{OneSided: tc.oneSided, Symmetry: true}, tc.mirror)
			if len(sym) != len(classes) {
				t.Errorf("%d packings up to symmetry, naive packer %d classes (of %d packings, %d symmetries)", len(sym), len(classes), len(all), len(syms))
			}
			t.Logf("%d packings, %d up to %d symmetries", len(all), len(classes), len(syms))
		})
	}
}
