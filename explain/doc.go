// Package explain tells how Algorithm X with dancing links solves a problem,
// one step at a time, for people learning or teaching it.
//
// It runs its own Algorithm X, written to be read rather than to be fast,
// and reports every step: the node of the search tree it enters, the item it
// chooses, the options that covering hides, the option it tries, the dead
// ends, the undoing of each choice and each solution. A problem with
// multiplicities is solved by Knuth's Algorithm M, with its own steps: a
// bound going down, an option tweaked, the null branch. [Walk] hands these
// steps to a function; [Narrate] tells them in English; [WriteTree] draws
// the search tree for Graphviz; [NewTrace] records the walk as data, node
// by node, with the narration's own sentences, for the web page of package
// explain/web. The package is what "xcover explain" (and its --html) and
// "xcover solve --tree" run.
//
// # Exact cover in one paragraph
//
// A problem has items and options; each option is a set of items. A
// solution is a set of options that covers every primary item exactly once
// and every secondary item at most once. Knuth's 7-item example (from the
// paper "Dancing Links", arXiv cs/0011047) has items A…G and six options
//
//	1: C E F   2: A D G   3: B C F   4: A D   5: B G   6: D E G
//
// and exactly one solution: options 4, 1 and 5, that is {A D}, {C E F},
// {B G}. A secondary item may also be given a color in an option (X:red);
// options that give it the same color can then share it (Knuth's XCC
// problem, his program DLX2).
//
// # Algorithm X
//
// Knuth's Algorithm X (TAOCP 7.2.2.1) is a depth-first search. At each node
// of the search tree:
//
//  1. If no primary item is left to cover, the options chosen so far are a
//     solution.
//  2. Otherwise choose a primary item i, the one with the fewest options
//     left (the "minimum remaining values" rule; ties go to the item
//     declared first). If it has none, the node is a dead end.
//  3. Cover i: take it out of the list of items to cover, and hide every
//     option that contains i from the lists of its other items, since no
//     option that clashes with i's cover may be chosen later.
//  4. For each option o left in i's list, in order: add o to the partial
//     solution, cover the other items of o, search the node below, then
//     undo: uncover o's other items in the reverse order, and take o out.
//  5. Uncover i and go back up.
//
// A colored use X:c of a secondary item is not covered but purified: the
// options that give X another color are hidden, and those that give it the
// same color are marked (cleansed) so that choosing them later costs
// nothing more for X; unpurify undoes it.
//
// # Dancing links
//
// The options of each item form a circular doubly linked list. Hiding node
// x from its list is
//
//	dlink[ulink[x]], ulink[dlink[x]] = dlink[x], ulink[x]
//
// and, because x keeps its own links, putting it back is
//
//	dlink[ulink[x]], ulink[dlink[x]] = x, x
//
// which is exact as long as the undos come in the reverse order of the
// removals. That is why backtracking uncovers in reverse order, and why the
// search needs no copy of the matrix at any level: the links "dance" out and
// back in.
//
// # Algorithm M: multiplicities
//
// A primary item may have bounds: it must be covered by at least lo and at
// most hi of the chosen options ([exactcover.Problem].Bounds; Knuth's MCC
// problem, TAOCP 7.2.2.1 Algorithm M, his program DLX3). The example of
// DLX3's documentation has primary items A, B and C [2..3] (two or three
// times), secondary items X and Y, and five options
//
//	1: A B X:0 Y:0   2: A C X:1 Y:1   3: C X:0   4: B X:1   5: C Y:1
//
// and one solution: options 2, 4 and 5, which cover C twice.
//
// Each primary item keeps a bound b, how many more options may cover it
// (hi at first), and a slack, hi − lo, how many of those it may do without.
// Algorithm X changes in four places:
//
//   - The chosen item is the one with the fewest branches, len + s − b + 1
//     (len its options left, s its slack but at most b): its next option may
//     be any of its first len − (b − s) + 1, since b − s − 1 more must
//     follow it, plus none when b − s = 0. Ties go to the smaller s, then,
//     counterintuitively, to the longer list (Knuth finds it makes smaller
//     trees), then to the item declared first. An item with too few options
//     for what it needs has 0 branches or fewer: the node is a dead end.
//   - Choosing an option lowers the bound of each of its primary items; an
//     item is covered, its other options hidden, only when its bound reaches
//     0. It is then "covered enough".
//   - While the chosen item's bound is still above 0 it stays active, and
//     each option tried for it is tweaked: hidden from its other items, as
//     covering would, and taken out of the item's own list, so that a level
//     below that chooses the same item again tries only the later options,
//     and no set of options is found twice in another order. Going back up,
//     the level untweaks them.
//   - Once the chosen item's lower bound is met (b − s = 0), its last branch
//     is the null branch: it gets no more options, and leaves the active
//     items with its options untouched.
//
// In the example, C [2..3] starts with 3 options, bound 3 and slack 1: 2
// branches, as many as A and B have, but more slack, so A is chosen first.
// Option 1 leaves C one option for the two it needs: a dead end. Option 2
// lowers C's bound to 2; B is covered by option 4; C, with 1 branch, takes
// option 5, tweaked; then C, its bound 1 and no option left, takes the null
// branch, its lower bound 2 being met: the solution.
//
// # Counting as Knuth counts
//
// [Walk] counts its work exactly as Knuth's DLX1 (DLX2 with colors, DLX3
// with multiplicities) and the engine [xcover/exactcover] with
// [exactcover.EngineDLX] do: a node is one entry to a level of the search
// tree plus one per solution; an update is one item covered plus one option
// taken out of an item's list, tweaks included; a cleansing is one
// purification plus one option found to agree with it. On Knuth's example
// with F and G secondary, as in DLX1's sample input, that is 6 nodes and 30
// updates; on DLX3's example, 6 nodes, 14 updates and 7 cleansings. A
// teacher can add up the updates printed by [Narrate] and find the same
// total.
//
// # Sizes
//
// A narration is useful while a reader can follow it: [Config].MaxNodes
// stops it, and "xcover explain" measures the search first and says when it
// is bigger than that. Long lists are shortened on a line (a Sudoku has 324
// items). The matrix view draws at most [MaxMatrixItems] items and
// [MaxMatrixOptions] options, a window on a larger problem; [WriteTree]
// draws at most the number of nodes it is given; a [Trace] holds at most
// [MaxTraceNodes].
//
// A trace is also bounded in memory, [MaxTraceBytes] or less as its
// caller asks: what it appends is counted as it goes (the problem as it
// gives it, the walk's links, each node, step and distinct line), and it
// stops before the step that would pass the budget, saying so. Each node
// is kept as a difference from its parent (the items covered and options
// hidden since, the items whose counts changed), and the recorder keeps
// one copy of the path's state, not one per level: an empty 64×64 Sudoku
// goes 4,096 levels down a path of 262,144 options.
package explain
