// Package planes is a search kernel for puzzles of Sudoku's shape: cells
// that each take one of n values, and units, sets of n cells that hold
// every value once (a Sudoku's rows, columns and boxes; a diagonal, an
// irregular region). The units are data ([NewShape]), so the kernel serves
// the variants as well as the classic grid.
//
// # The exact cover it searches
//
// The problem is the exact cover the sudoku package builds for the
// engines, searched without building it. Its primary items are the cells
// and the (unit, value) pairs; its options the (cell, value) pairs, each
// covering its cell and (u, value) for every unit u through the cell.
// Choosing an option places a value; every option that shares an item
// with it goes. Knuth's Algorithm X (TAOCP 7.2.2.1; arXiv cs/0011047)
// branches on an item with the fewest options left, and an item with one
// option left forces it: a cell with one value left is a player's naked
// single, a (unit, value) pair with one place left a hidden single.
//
// # The representation
//
// A level of the search holds, for each value, its plane: the bit set of
// the cells where the value is still possible. A placement clears the
// cell from the other planes and the cell's peers (the cells that share a
// unit with it) from its own: a few word operations, where dancing links
// would unlink each option. Beside the planes, a level counts the options
// left to each item (a byte per cell and per (unit, value) pair): each
// option a placement removes takes one from the counts of its items, an
// item whose count falls to one is queued as a single, and one that falls
// to zero ends the branch. An item a placement covers gets a count no
// removal can bring down to one, so it is never queued again.
//
// The sets are arrays of 64-bit words sized to the shape (two words for a
// 9×9 grid's 81 cells), and the kernel is compiled once per size, so the
// loops over a set's words have a constant bound. A branch copies its
// parent's level (under 500 bytes for a 9×9 grid) and changes the copy;
// going back is dropping the copy.
//
// # Branching and nodes
//
// The kernel branches on a cell with the fewest values left, Knuth's
// minimum-remaining-values rule restricted to the cell items, and among
// those on one with the most open peers: its placement removes the most
// options. On the forum's hardest 9×9 puzzles that tie-break cut the
// nodes by two fifths against the first such cell. Its values are tried
// from the smallest up. A node is one option tried at a branch point, one
// value tried in the cell branched on; placements that singles force are
// not nodes, and a puzzle singles settle takes none.
package planes
