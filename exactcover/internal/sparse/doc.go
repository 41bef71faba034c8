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
// As Knuth's programs do, the engine saves the sizes of all active items
// at every branching node, its restore point (with multiplicities, the
// primary items' bounds too; with many primary items, the set of short
// items, see choose.go). Going back to it writes them back. (A trail of
// the sizes that changed since, one stamp per item, cost more than it
// saved.) A forced move (an item with one option left) needs no restore
// point of its own: it has no sibling to come back for.
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
// item's set. These are this engine's own counts, not DLX1's. They depend
// only on the state of the problem at each node, never on the order inside
// the sets: the item chosen is the first in declaration order among the
// best, a dead end is noticed only after the item being covered has been
// dealt with entirely (so the updates made before noticing it are the
// same whatever the order), and with multiplicities the option branched on
// is the one with the smallest index. So a search divided among workers,
// or stopped and resumed, counts exactly what one uninterrupted search
// counts (with Knuth's rule; the Weighted rule learns from history).
//
// # References
//
// Preston Briggs and Linda Torczon, "An efficient representation for
// sparse sets", ACM LOPLAS 2 (1993). Christine Solnon, "Dancing cells"
// (2020–2023), as described in Knuth's SSXCC (2023). Donald E. Knuth,
// SSXCC and SSMCC (with Filip Stappers), CWEB programs; The Art of
// Computer Programming, Volume 4B, Section 7.2.2.1.
package sparse
