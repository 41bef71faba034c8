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
//
// # Generating puzzles
//
// A puzzle a setter publishes has exactly one solution, and a minimal one
// has no clue to spare: take any clue away and a second solution appears.
// [Generator.Generate] makes such puzzles, for every box side the Solver
// takes, in two steps:
//
//  1. A solved grid, drawn at random: the empty grid is filled by a
//     backtracking search that branches on an open cell with the fewest
//     candidates (ties drawn at random) and tries its candidates in a
//     random order, placing the singles that follow each choice. An
//     attempt that wanders into a corner with no completion is abandoned
//     after a bound on its nodes and a fresh one drawn.
//  2. Clues taken away: every cell starts as a clue; in a random order,
//     each cell (with a [Symmetry], each orbit of cells the symmetry maps
//     onto one another) is emptied and the engines decide whether the
//     solved grid is still the only solution. If it is, the cell stays
//     empty; if not, its clue goes back. One pass makes the puzzle
//     minimal: emptying more cells only adds solutions, so a clue that was
//     needed when it was tried is needed in the final puzzle too.
//
// The question for one emptied cell is an exact-cover problem of its own:
// a second solution keeps every other clue, so it differs from the grid
// in that cell, and the engines look for a solution with the cell's value
// ruled out (one option fewer); finding none is the proof. An orbit of
// several cells is counted up to two solutions, and so is the finished
// puzzle, as "xcover sudoku --unique" counts. Propagation settles most of
// these questions; the exact-cover search, or on 16×16 and larger the
// clause-learning engine, settles the rest. The last questions, asked of
// a puzzle with few clues left, are the hard ones: they make a minimal
// 25×25 puzzle cost far more than a 16×16.
//
// With a symmetry, the puzzle is minimal among the puzzles of that
// symmetry: no orbit of clues can go, though a single clue of an orbit
// sometimes could. [GenerateOptions].Clues stops the removal early, for
// an easier puzzle or a quicker large one.
//
// The draws come from a PCG generator seeded with the pair (Seed, index):
// puzzle index of a run is the same whatever was generated before it and
// however many goroutines share the work, and the same seed gives the same
// puzzles.
//
// # Rating
//
// A person solving a Sudoku pencils in each empty cell's candidates and
// looks for deductions, the easy ones first. [Solver.Rate] follows that
// path, one [Step] at a time, always taking the easiest deduction left,
// and rates the puzzle by the hardest [Technique] the path needs. Each
// technique is a statement about the exact-cover problem's items and
// options (see [Encode] for their names), and [Step.Say] and
// [Step.Items] say each step both ways:
//
//   - A naked single is a cell item with one option left; a hidden single
//     a row-, column- or box-value item with one option left: that option
//     is in every solution.
//   - Locked candidates: every option left of box item b1#7 also covers
//     r2#7 (pointing), so r2#7's options outside the box would leave b1#7
//     uncovered, and go; claiming is the same with a line's options inside
//     a box.
//   - A naked pair (triple): two (three) cell items whose options left
//     each cover one of two (three) value items of a unit take those value
//     items, whose other options go. A hidden pair (triple) is the same
//     with value items taking cell items.
//   - An x-wing (swordfish): two (three) row-value items whose options
//     each cover one of two (three) column-value items of the same value
//     take them, and the other options of those go; or columns and rows
//     the other way round. Subsets and fish are one idea: k items whose
//     options lie within k others.
//
// The techniques never guess, so a path that fills the grid proves the
// puzzle unique. When they stall, the puzzle is rated Beyond, and the
// engines count its solutions up to two as [Solver.Solve] does: what is
// beyond these techniques (chains, uniqueness arguments, guessing) is
// left to search, whose answer is a proof. The order follows qqwing's
// (naked singles before hidden singles, as its "simple" and "easy" levels
// need), and on its scale the ratings agree with its own: simple is
// NakedSingle, easy HiddenSingle, intermediate Pointing through
// HiddenPair, expert the rest.
//
// # Variants
//
// A variant changes the items. X-Sudoku adds the items d1#v and d2#v
// (diagonal 1 and 2 get a v), so every option of a cell on a diagonal
// covers one more item. Jigsaw replaces the box items by items of its
// irregular regions. Killer adds cages, whose sums are not a matter of
// covering: each cage gets a primary item and, per value, two secondary
// items, "v is in the cage" and "v is allowed in the cage"; a cell's
// option covers both for its value, and each of the cage's digit
// combinations (the sets of different values, as many as the cage's
// cells, adding up to its sum) is an option that covers the cage's item
// and "allowed" for every value it leaves out. One combination is chosen
// and the cells take different values it allows: the cage holds exactly
// the combination. [Rules] says which variant a grid follows,
// [ReadVariant] reads puzzles with their region or cage maps,
// [VariantSolver] solves, counts and rates them, [VariantGenerator] makes
// them, and [CheckVariant] judges a solution on its own.
package sudoku
