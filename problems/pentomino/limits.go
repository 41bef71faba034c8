package pentomino

// Limits on boards and piece sets, with the reason for each.
const (
	// MaxBoardCells bounds the cells of a board: each piece gets about one
	// option per cell and orientation, so the twelve pentominoes on 16,384
	// cells make a million options (a few hundred MB with the symmetry tables),
	// and no exhaustive packing search on a board that size would finish.
	MaxBoardCells = 1 << 14
	// MaxBoardSide bounds the width and height of a board, so that a long
	// thin picture cannot allocate a huge grid.
	MaxBoardSide = 1 << 12
	// MaxBoardFile bounds a board picture read by ParseBoard.
	MaxBoardFile = 1 << 24
	// MaxPieceCells bounds the cells of one piece: a piece is one option's
	// worth of cells, and no packing search with pieces this large and
	// numerous enough to matter could finish anyway.
	MaxPieceCells = 1 << 10
	// MaxPieces bounds the pieces of a set, copies counted: every piece is
	// an item of the exact-cover problem and gets a full set of options.
	MaxPieces = 1 << 12
	// MaxPieceFile bounds a piece file read by ParsePieces, so that a
	// mistaken path cannot make the YAML parser eat memory.
	MaxPieceFile = 1 << 20
)
