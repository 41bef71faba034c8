// Package sudoku reads, solves and writes Sudoku puzzles of every size from
// 4×4 to 64×64, by turning each into an exact-cover problem for the
// engines of package [xcover/exactcover].
//
// # Sudoku as exact cover
//
// A grid of side N = n² (n is the box side: 3 for the classic 9×9) is
// solved when every cell holds a value and every row, column and box holds
// each value 1…N once. Each of those demands is an item:
//
//	r3c7   cell (3,7) gets a value
//	r3#5   row 3 gets a 5
//	c7#5   column 7 gets a 5
//	b6#5   box 6 gets a 5
//
// and each way to fill a cell is an option: "5 in (3,7)" covers r3c7, r3#5,
// c7#5 and b6#5. A choice of options covering every item exactly once is a
// solved grid (Knuth, "Dancing Links", arXiv cs/0011047, §5; TAOCP
// 7.2.2.1). [Encode] writes this problem with names, the form
// "xcover sudoku --emit-spec" prints.
//
// # Prune before the search
//
// A given settles its items, so [Solver] leaves them out, and it gives an
// empty cell options only for the values that no given in its row, column
// or box excludes: candidates are kept as one bit mask per cell. It then
// places singles — a cell with one candidate left (a naked single) or a
// value with one place left in a unit (a hidden single) — until none is
// left. Last, it probes: for each cell with two candidates it tries each,
// propagating singles, and when one leads to a contradiction the other is
// placed (a failed-literal test). All of this is forced, so no solution is
// lost; a puzzle left with no open cell is solved and proven unique without
// a search. Only what is still open goes to the engine, with the items
// numbered compactly. Most 17-clue puzzles never reach it.
//
// Which items are primary matters for speed: the engine branches on the
// primary item with the fewest options, and must look at all of them when
// no forced move exists. The cell, row and column items are primary; on
// grids up to 9×9 the box items are secondary (at most once). That is
// still Sudoku: N² cells each filled once, with no value twice in a box,
// puts each value in each box exactly once. From 16×16 on they are
// primary too, for the clause-learning engine that settles the hard ones:
// it propagates only what items state, and a box item that is only "at
// most once" never places a value in the last cell of its box left for
// it. The engine runs with its Weighted rule: ties among the
// items with the fewest options (almost always two) go to the items that
// have caused the most dead ends so far in this puzzle, which on the
// hardest puzzles explores a third fewer nodes than Knuth's first-declared
// tie-break. The order of the primary items breaks the ties weights leave:
// cells first, fewest candidates first. The measurements behind these
// choices are in bench_test.go.
//
// # Formats
//
// [Read] takes a batch in one of the judges' formats, detected from its
// first line or named: [Line] (POJ 3074: one 81-character line per puzzle,
// '.' empty, "end" to stop), [Block] (POJ 3076 / LA 2659: 16 lines of 16
// letters A–P, '-' empty, puzzles separated by a blank line) and [Numeric]
// (a box side, then rows of numbers, 0 empty). Values are written 1–9 then
// A–Z, a–z ([StandardSymbols], as in the shared puzzle sets) or with the
// judges' letters ([LetterSymbols]); [NewAlphabet] names others. A
// malformed puzzle, or one whose givens conflict, gets its own
// *SyntaxError (file:line:column of the bad character, number or given)
// and the rest of the batch is read. [AppendGrid] writes a grid back, or as
// a [Pretty] board.
//
// # Batches
//
// A [Solver] keeps its memory between puzzles: once warm, it allocates
// nothing per puzzle. [SolveBatch] gives each of its workers a Solver and
// reports the solutions and the answers in input order as they come, so
// that the output streams; [Tally] adds them up. Each [Mode] (the first
// solution, uniqueness, a count, a listing) has its search configuration
// and its text ([Batch.AppendAnswer]): the judges' formats, whose listings
// come in grid order ([Config].InOrder), framed by [AppendSeparator] and
// [AppendTotal]. [Check] verifies a solution with code of its own, for
// tests that must not trust the solver.
package sudoku
