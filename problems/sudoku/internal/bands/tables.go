package bands

import "math/bits"

// The tables of a band's geometry. A band's cell i (0…26) lies in row i/9
// of the band, column i%9 and box (i%9)/3 of the band; triad t (0…8) is
// the three cells of row t/3 and box t%3.
var (
	// rowInfo gives, for a row's nine bits, its triads that hold a cell
	// (bits 0–2, bit k for box k), those that hold one cell only (bits
	// 3–5), and whether the row holds one cell only (bit 6).
	rowInfo [512]uint8
	// lastCellsOf gives, for a set of a band's rows (bits 0–2) and boxes
	// (bits 3–5), their cells.
	lastCellsOf [64]uint32
	// fitTriads gives, for a band's set of open triads, the triads of the
	// permutation matrices (one triad in each row and in each box) that
	// the set contains: 0 when none fits.
	fitTriads [512]uint16
	// unfitTriads gives, for a set of open triads, those that no
	// permutation matrix in the set takes, or noFitTriads when none fits.
	unfitTriads [512]uint16
	// fitCells gives fitTriads' triads as the band's cells.
	fitCells [512]uint32
	// triadCells gives a set of triads as the band's cells.
	triadCells [512]uint32
	// bandPeers gives the cells of cell i's row and box within its band,
	// cell i excluded.
	bandPeers [27]uint32
	// peerCells gives, band by band, the cells that share a row, column or
	// box with cell c of the grid (c excluded).
	peerCells [81][3]uint32
	// unitsOf gives the cells of cell i's triad, row and box in its band.
	unitsOf [27]struct{ triad, row, box uint32 }
	// boxCells are the cells of each box of a band.
	boxCells [3]uint32
)

// word names a value's word of a band.
type word struct{ band, value uint8 }

// wordOf gives the word of a dirty bit: bit 3v+b is value v's word of
// band b (a table, as dividing by three took a tenth of a look).
var wordOf [27]word

// rowCells are the cells of each row of a band.
var rowCells = [3]uint32{0x1ff, 0x1ff << 9, 0x1ff << 18}

// columnBit gives the column of a band's cell i as a set of columns.
var columnBit [27]uint16

// columnCells gives the cells of column c within a band.
var columnCells [9]uint32

// columnsCells gives a set of columns (nine bits) as the band's cells.
var columnsCells [512]uint32

// noFitTriads marks, in unfitTriads, a set of triads that holds no
// permutation matrix.
const noFitTriads = 1 << 9

// allCells is every cell of a band, box0 the cells of its first box.
const (
	allCells = 1<<27 - 1
	box0     = 7 | 7<<9 | 7<<18
)

func init() {
	for j := range 27 {
		wordOf[j] = word{band: uint8(j % 3), value: uint8(j / 3)}
	}
	for row := range 512 {
		for k := range 3 {
			switch bits.OnesCount(uint(row >> (3 * k) & 7)) {
			case 0:
			case 1:
				rowInfo[row] |= 1<<k | 1<<(3+k)
			default:
				rowInfo[row] |= 1 << k
			}
		}
		if bits.OnesCount(uint(row)) == 1 {
			rowInfo[row] |= 1 << 6
		}
	}
	for set := range 512 {
		for t := range 9 {
			if set>>t&1 != 0 {
				r, k := t/3, t%3
				triadCells[set] |= 7 << (9*r + 3*k)
			}
		}
	}
	// The six permutations of three boxes over three rows.
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for set := range 512 {
		for _, p := range perms {
			m := uint16(1<<(0+p[0]) | 1<<(3+p[1]) | 1<<(6+p[2]))
			if uint16(set)&m == m {
				fitTriads[set] |= m
			}
		}
	}
	for set := range 512 {
		unfitTriads[set] = uint16(set) &^ fitTriads[set]
		if fitTriads[set] == 0 {
			unfitTriads[set] = noFitTriads
		}
	}
	for set := range 512 {
		fitCells[set] = triadCells[fitTriads[set]]
	}
	for k := range 3 {
		boxCells[k] = triadCells[1<<k|1<<(3+k)|1<<(6+k)]
	}
	for i := range 27 {
		columnBit[i] = 1 << (i % 9)
	}
	for c := range 9 {
		columnCells[c] = 1<<c | 1<<(9+c) | 1<<(18+c)
	}
	for set := range 512 {
		for c := range 9 {
			if set>>c&1 != 0 {
				columnsCells[set] |= columnCells[c]
			}
		}
	}
	for set := range 64 {
		for k := range 3 {
			if set>>k&1 != 0 {
				lastCellsOf[set] |= rowCells[k]
			}
			if set>>(3+k)&1 != 0 {
				lastCellsOf[set] |= boxCells[k]
			}
		}
	}
	for i := range 27 {
		bandPeers[i] = (rowCells[i/9] | boxCells[i%9/3]) &^ (1 << i)
	}
	for i := range 27 {
		unitsOf[i].triad = triadCells[1<<(i/9*3+i%9/3)]
		unitsOf[i].row = rowCells[i/9]
		unitsOf[i].box = boxCells[i%9/3]
	}
	for c := range 81 {
		for o := range 3 {
			peerCells[c][o] = columnCells[c%9]
		}
		peerCells[c][c/27] = bandPeers[c%27]
	}
}
