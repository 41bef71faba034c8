// Package sparse is xcover's sparse-set engine: Algorithm X and its
// extensions with the sets of options kept as sparse sets, in the manner
// of Christine Solnon's "dancing cells" and Knuth's SSXCC and SSMCC,
// rather than as doubly linked lists.
//
// # Sparse sets
//
// Each item has a segment of one array, set, holding the options that
// still contain it; its first size entries are the active ones. Every use
// of an item by an option is a node that knows its place (loc) in that
// segment. Removing an option from an item's set swaps it with the last
// active entry and shortens the set by one: two writes to set, two to
// loc, one to the size. Nothing needs to be undone entry by entry: the
// removed entries are still there, past the end, so restoring a set is
// restoring its size. The order inside a set changes as the search goes,
// which is why the search never depends on it (see below).
//
// # Restoring
//
// What the search changes and must bring back are words of one array: the
// items' sizes, with multiplicities their bounds, and the words of the set
// of short items (choose.go). A restore point, made at every branching
// node, is one of two kinds (restore.go):
//
//   - a whole save, as in Knuth's programs: the sizes of all active items
//     (and their bounds, and the short words) go on a stack, the trail,
//     when the point is made; going back writes them back. Nothing that
//     changes below it is recorded.
//   - a trail point: nothing is saved when it is made; a size goes on the
//     trail the first time it changes below the point (a stamp in the
//     item's header says whether it is there since the newest point), a
//     bound or a short word each time it changes; going back writes back,
//     newest first, what the trail holds since the point.
//
// A whole save costs the number of active items at each branching node
// and at each return to it; a trail point costs what changes, but adds a
// test to every update, for which the loops that make updates come in two
// compiled forms. A point is a whole save while its save is small (at
// most WholeSaveMax entries) and the trail short enough, a trail point
// otherwise: Sudoku, pentominoes and queens run on whole saves as fast as
// before trail points existed, while the 64×64 Sudoku (16,384 items) and
// deep problems with many items, such as a chain of 20,000 items each with
// two options of its own, run on trail points, without the saves of
// depth × items that took them to gigabytes. The kinds nest either way:
// going back to a whole save discards newer entries (its save covers
// them); going back to a trail point writes back every entry since,
// whole saves included. A forced move (an item with one option left)
// needs no restore point: it has no sibling to come back for.
//
// # Memory
//
// Along a path sizes only shrink, so trail points add at most one entry
// per item use (an option leaving a set) and per item (covered), four per
// primary item for the short words, and with multiplicities one per
// primary use for the bounds; whole saves may bring the trail to as many
// (trailMax, at least 64 Ki entries). The trail thus holds at most twice
// that, 8 bytes an entry, whatever the depth: RestoreMemory, which
// exactcover.MemoryNeeded budgets before the problem is built. Besides,
// the search keeps one record per level (its choice and restore point)
// and the current path: O(depth), at most the number of primary items
// (with multiplicities, of options) plus two.
//
// # Polls
//
// The search polls its caller (core.Run.Poll: stop, donate work, report
// progress) every core.PollInterval nodes, and also after PollWork
// updates: where nodes are expensive (the 64×64 Sudoku's make hundreds
// of updates each; choosing among tens of thousands of items looks at
// each), a stop then takes effect within milliseconds. Choices count the
// items they look at toward PollWork. A final run (core.Run.Final) stops
// without listing the unexplored rest of the tree.
//
// An item is covered (inactive) when its size is stored complemented
// (negative): the loops that remove options skip inactive items' sets at
// the cost of one load they make anyway. The active primary items also
// form a sparse set of their own, scanned to choose the next item; its
// size is saved at each restore point.
//
// # The search
//
// A node chooses the active primary item with the fewest options (ties to
// the heaviest under the Weighted rule, then to the first declared); it
// covers the item (removes its options from the other items' sets) and
// tries each of its options: the option's other items are covered too,
// the secondary ones keeping the options that give them the same color.
// When that would leave some primary item with no option, the choice is
// abandoned before it becomes a node.
//
// With multiplicities the engine branches two ways, as Knuth's SSMCC does:
// on the chosen item's option with the smallest index, either taking it
// (each of its primary items is then covered once more, and covered for
// good when its bound is reached) or removing it from the problem.
//
// # Statistics, and why they do not depend on history
//
// A node is an entry to a level: a branching node, a forced move, or a
// solution. An update is an item covered or an option removed from an
// item's set. These are this engine's own counts, not DLX1's; a count
// that skips work (forced finishes, counts kept, below) adds what the
// work would have counted. They depend
// only on the state of the problem at each node, never on the order inside
// the sets: the item chosen is the first in declaration order among the
// best, a dead end is noticed only after the item being covered has been
// dealt with entirely (so the updates made before noticing it are the
// same whatever the order), and with multiplicities the option branched on
// is the one with the smallest index. So a search divided among workers,
// or stopped and resumed, counts exactly what one uninterrupted search
// counts (with Knuth's rule; the Weighted rule learns from history).
//
// # Forced finishes
//
// Near the leaves of a count most nodes are forced moves: in a 9×9 Sudoku
// the last twelve items are each left with one option, three options that
// end in a solution. When a plain count (no solutions visited, no limits)
// reaches a node whose open items, at most LeafItems, each have one
// option, none using a secondary item, those options are disjoint (an
// item in two of them would have two), and taking them one at a time in
// any order reaches a solution with a node per move and updates known in
// advance (leaves.go). The search adds those counts and backs up, so
// that nodes, updates and nodes per level are what the move-at-a-time
// search counts.
//
// # Counts kept
//
// In a plain count of a problem without secondary items, under Knuth's
// rule (the Weighted rule learns from the subtrees it searches, so a
// count found would change the rest of its tree), what is left to
// solve at a node is fixed by its open primary items: an option is live
// exactly when all its items are open. Nodes reached along different paths
// often leave the same items open (in a Sudoku, two digits swapped in a
// rectangle of cells cover the same items), so nodes with at most
// CacheItems open items, every other level of them (cacheLooks), look
// their items up in a table of CacheSlots slots (cache.go). Found, a node
// adds the counts kept there; otherwise, when its search ends, the counts
// of its subtree go to the slot (over what it held), unless part of the
// subtree was given to another worker. A node's key is a hash of its open
// items, a sum of a word per item that each node finds from its parent's
// by taking out its option's items (Zobrist hashing), so that a look-up
// costs the same whatever the number of items; a slot keeps the open items
// themselves as well, and a count is taken only for the same items. A slot
// keeps the subtree's solutions, nodes and updates, and its nodes at each
// level below the node when the search keeps a profile, and a count found
// adds them all: nodes, updates and nodes per level are those of the
// search without the table, whatever the table held, whole or divided
// among workers, stopped and resumed. The table is the engine's (each
// worker has its own) and holds for one problem: it is emptied when the
// engine is given another.
//
// # Costs
//
// CostEngine (cost.go, costsets.go, costsearch.go) searches for the K
// cheapest solutions of a problem whose options have costs, in the model
// of Knuth's DLX5: each primary item is taxed the cost of its cheapest
// option (every solution's cost drops by the same total), the options
// tried at a node are taken cheapest first and the scan stops at the
// first whose cost would not beat the K-th best known (the cut-off), and
// covering an item leaves in place the options too dear to be chosen
// below. Its mem is laid out as the Engine's; besides its set, each item
// has a list of its options by cost (sorted, which the search never
// changes) and a pointer into it at or before its cheapest active option,
// which only moves on down a path. Every word the search changes (sizes,
// those pointers) goes on a trail, a size once per restore point (stamps,
// as for trail points), and goes back from it.
//
// It prunes more than DLX5: a choice that leaves a primary item with no
// option is abandoned as it is made (as the Engine does), and at each node
// a bound on what the items still to cover must cost stops the branch when
// it reaches the cut-off. The bound is the larger of two sums of the
// active items' cheapest options: over every item, divided by the most
// primary items of an option (an option pays at most that many items'
// shares), and over each class of items no option holds two of (classes
// made greedily when the engine is built, at most maxClasses: on a Sudoku
// the cells are one, each digit in a row another). On sudoku-multi-65k
// with random costs it takes the nodes from DLX5's 42,508 to 15,835.
//
// The item branched on has the fewest options cheap enough (counted up to
// 10, DLX5's lenThresh), ties to the one whose cheapest option is dearest,
// then to the first declared; nothing depends on the order inside the
// sets, so the counts do not depend on history. With several workers,
// each takes the root item's options whose rank is its number modulo
// their count, and all share the cut-off (core.Bound).
//
// # References
//
// Preston Briggs and Linda Torczon, "An efficient representation for
// sparse sets", ACM LOPLAS 2 (1993). Christine Solnon, "Dancing cells"
// (2020–2023), as described in Knuth's SSXCC (2023). Donald E. Knuth,
// SSXCC and SSMCC (with Filip Stappers), CWEB programs; The Art of
// Computer Programming, Volume 4B, Section 7.2.2.1.
package sparse
