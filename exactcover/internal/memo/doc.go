// Package memo counts the solutions of an exact-cover problem (with colors
// and multiplicities) without meeting them one by one, and builds the ZDD
// of all of them.
//
// # Why memoize
//
// The search of Algorithm X meets every solution, so it cannot count 10³⁰
// of them. But two partial solutions often leave the same problem to
// solve: on a domino board filled from the top, every way of tiling the
// first rows that leaves the same cells of the next row covered has the
// same completions. Counting each residual problem once, and adding up the
// numbers of ways to reach it, counts every solution without listing any.
// Nishino, Yasuda, Minato and Nagata ("Dancing with decision diagrams",
// AAAI 2017) memoize Algorithm X's search this way, keyed on the set of
// items still to cover; Knuth's DLX6 extends their method to colors and
// multiplicities. Both keep every residual problem ever met, which is why
// DLX6 needs 4 GB for the 16×16 board.
//
// # The method here: a frontier, level by level
//
// This package fixes the order of the decisions instead of letting the
// search choose them. The options are sorted by their first primary item
// in a static item order (see order.go), and level j decides option j:
// take it or skip it. A state at level j is what options 0…j-1 leave to
// the rest, and only the items that some decided option touched and some
// undecided option still touches, the frontier, can differ from the start;
// so the key of a state holds just their residual needs:
//
//   - an exact-cover primary item, or an uncolored secondary item: one bit,
//     covered (used) or not;
//   - a primary item with bounds [lo, hi]: how many chosen options cover
//     it, in canonical form (once it has reached lo and cannot pass hi with
//     the options it has left, all such counts are alike and stored as lo);
//   - a secondary item with colors: unused, blocked, or the color fixed on
//     it, in canonical form (a color that no undecided option gives it is
//     blocked; when every undecided option gives it the same color, that
//     color is as good as unused).
//
// Items that no decided option touched are in their first state, items that
// no undecided option touches are settled (a primary item is checked when
// its last option is decided: it must have reached its lower bound), and an
// option whose items have left the frontier cannot be chosen or not chosen
// differently: so the key captures everything that decides the rest, and
// equal keys have equal completions. The set of undecided options is the
// same for all states of a level, and whether one is still available
// follows from the key (its items' capacities and colors).
//
// The states of level j+1 are made from those of level j, each state's
// count (its number of ways in) added to each of its two successors;
// level j is then dropped. Memory is therefore the widest frontier, not
// everything ever seen: the 16×16 board needs about a megabyte, and 20×20
// (1.3·10⁴⁸ tilings) about 14 MiB. The count is the count of the one state
// left after the last level. Counts are fixed-width multiword integers,
// one word while they fit, the width set per level from the level's total
// (no state of the next level can receive more than twice it).
//
// A state dies early when a primary item could no longer reach its lower
// bound with the options it has left, or when an option is taken whose
// items are covered or colored otherwise; that is all the lookahead there
// is. The number of states grows with the frontier's width, about 2^width
// for exact cover, so the method pays on problems that have a narrow
// frontier in some order (boards, strips, paths, tilings by small pieces)
// and loses to the search on problems whose constraints reach across the
// whole problem (Sudoku's columns and boxes, the n-queens diagonals,
// pentominoes, whose twelve pieces stay in the key from start to end).
// The caller decides which to use; see [Counter.Bound].
//
// # The other way: a search with a memo
//
// Where every order leaves a wide frontier (pentominoes, the Soma cube,
// Latin squares), [Searcher] builds the ZDD as DLX6 does: Algorithm X's
// search, branching on the item with the fewest options, with a memo of
// every residual problem met, keyed on the items still active, and the
// ZDD's nodes made bottom up as the search backs up. It needs memory for
// every residual problem ever met, not just a frontier; it pays where the
// search's choices leave residual problems that recur. It handles colors
// but not multiplicities. The exactcover package chooses between the two
// (see Solver.ZDD there).
//
// # The ZDD
//
// Kept whole, the levels form a DAG in which every path from the root
// state to the final state is a solution: the ZDD of all solutions once
// the states that lead nowhere are dropped, a state whose take branch
// dies is replaced by its skip branch (zero suppression), and equal nodes
// are shared. With Config.ZDD the count records each state's two
// successors (eight bytes per state) and builds the diagram bottom up at
// the end; variable k+1 is the caller's option k.
//
// # References
//
// Masaaki Nishino, Norihito Yasuda, Shin-ichi Minato, Masaaki Nagata,
// "Dancing with decision diagrams: a combined approach to exact cover",
// AAAI 2017. Donald E. Knuth, DLX6 (CWEB, 2019–). Frontier-based search:
// Hiroaki Iwashita, Jun Kawahara, Shin-ichi Minato, "ZDD-based computation
// of the number of paths in a graph" (2012), and Knuth, TAOCP 7.1.4,
// Algorithm R's "simpath" programs. Elizabeth Cuthill, James McKee,
// "Reducing the bandwidth of sparse symmetric matrices" (1969).
package memo
