// Package bands is a search kernel for the classic 9×9 Sudoku, the grid
// most puzzles are set on, where a puzzle takes microseconds and the cost
// of every step of the search shows.
//
// # The exact cover it searches
//
// The problem is the exact cover the sudoku package builds for the
// engines, searched without building it: 324 primary items, one per cell
// and one per (row, value), (column, value) and (box, value) pair, and 729
// options, one per (cell, value) pair, each covering its cell and the
// three pairs of its row, column and box with its value. Knuth's
// Algorithm X (TAOCP 7.2.2.1; arXiv cs/0011047) branches on an item with
// the fewest options left; an item with one option left forces it.
//
// # The representation
//
// The grid's 81 cells fall into three bands of three rows, 27 cells each,
// and a level of the search keeps, for each value and band, the 27-bit set
// of the band's cells where the value is still possible (placed cells
// included): 27 words of 32 bits, a word of placed cells per band and the
// columns where each value is placed, 140 bytes in all, which a branch
// copies. A band's rows are bits 0–8, 9–17
// and 18–26 of its word, so a row's options for a value are nine bits, a
// box's are three triads (three bits of a row each), and a column's are
// three bits of each band's word. Placing a value in a cell clears the
// cell from the other values' words and the cell's row and box from the
// value's word of its band, its column from the value's other two words:
// a dozen word operations.
//
// # Propagation
//
// After a placement the kernel looks at what it changed, a (value, band)
// word at a time, and places every option that is the last of an item
// (the words first, lowest value first, then the values' columns, then
// the cells; a word that lost no cell, or lost one that cannot make a
// rule fire, is not looked at, as the look would find nothing new):
//
//   - A cell with one value left (a naked single): counted across the
//     nine words of a band with bit-sliced counters (one value or more,
//     two or more, three or more), which also give the cells with two
//     values that the search branches on.
//   - A (row, value) or (box, value) item with one option left (a hidden
//     single in a row or box): a row or box of a word with one bit, read
//     with the triads off a 512-entry table of a row's nine bits.
//   - A (column, value) item with one option left: a column with one bit
//     across the three words of the value.
//
// Within a band, a value takes one triad in each of its three rows and
// one in each of its three boxes: the triads it takes form one of the six
// permutation matrices of three rows and three boxes. A 512-entry table
// gives, for the triads still open, the union of the matrices that fit;
// the options in any other triad go. That is the box–line rule of players
// (pointing: a value whose places in a box lie in one row leaves the rest
// of that row; claiming: the converse), read off the same exact cover: an
// option that no choice of the band's (row, value) and (box, value) items
// can take is removed. The same holds within a stack (three boxes of a
// column of boxes): a value takes one column piece (three cells of a
// column and a box) in each of its columns and each of its boxes, and the
// pieces that no permutation matrix of the stack takes go; the pieces are
// read off the band words' columns. An item with no option left, a cell
// with no value, or a band or stack with no matrix, ends the branch.
//
// # Branching and nodes
//
// The kernel branches on a cell with the fewest values left (the MRV rule
// restricted to cells), and among those on one with the most open peers
// (the cells sharing its row, column or box), whose placement removes the
// most options: on the forum's hardest puzzles that took two fifths of the
// nodes off the first such cell in grid order. Most branch points are cells
// with two values. Its values are tried from the smallest up, each on a
// copy of the level, and the search goes on after the first solution to
// prove it the only one. A node is one value tried at a branch
// point; placements that propagation forces are not nodes, and a puzzle
// propagation settles takes none.
package bands
