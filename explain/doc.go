// Package explain tells how Algorithm X with dancing links solves a problem,
// one step at a time, for people learning or teaching it.
//
// It runs its own Algorithm X, written to be read rather than to be fast,
// and reports every step: the node of the search tree it enters, the item it
// chooses, the options that covering hides, the option it tries, the dead
// ends, the undoing of each choice and each solution. [Walk] hands these
// steps to a function; [Narrate] tells them in English; [WriteTree] draws
// the search tree for Graphviz. The package is what "xcover explain" and
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
// # Counting as Knuth counts
//
// [Walk] counts its work exactly as Knuth's DLX1 (DLX2 with colors) and the
// engine [xcover/exactcover] do: a node is one entry to a level of the search
// tree plus one per solution; an update is one item covered plus one option
// taken out of an item's list. On Knuth's example with F and G secondary,
// as in DLX1's sample input, that is 6 nodes and 30 updates; a teacher can
// add up the updates printed by [Narrate] and find the same total.
//
// # Sizes
//
// A narration is useful while a reader can follow it: [Config].MaxNodes
// stops it, and "xcover explain" measures the search first and says when it
// is bigger than that. Long lists are shortened on a line (a Sudoku has 324
// items). The matrix view draws at most [MaxMatrixItems] items and
// [MaxMatrixOptions] options, a window on a larger problem; [WriteTree]
// draws at most the number of nodes it is given.
package explain
