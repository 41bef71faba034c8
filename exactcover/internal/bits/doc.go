// Package bits is xcover's bit-set engine: Algorithm X with each option a
// row of bits, one per item, and the options still possible at each level
// of the search kept as a list of their indices. It is the fastest engine
// where items are few and options many, as in polyomino and polycube
// packing, and takes problems of at most MaxItems items and colors of
// secondary items, with or without multiplicities (Supports);
// exactcover's auto picks it for some of those (Prefer).
//
// # State without undo
//
// A node of the search is the set of items its path has covered. An
// option is live there when it meets none of them, which one AND per
// 64-bit word of its row tells. Each level keeps its live options as a
// list of indices on a stack, made from its parent's list by keeping the
// options that meet none of the items of the option taken (filter.go):
// the child's list is never longer than its parent's, and going back up
// is going back to the parent's list, so nothing is ever undone, and a
// position is its path alone (core.Unit), easy to hand to another worker
// or to a checkpoint.
//
// # Choosing the item
//
// While it makes a child's list, filter also counts, for every open
// primary item, the live options that contain it, with vertical counters:
// six words of bits per 64 items, bit i of word p being bit p of item i's
// count, to which the surviving rows are added eight at a time by a tree
// of carry-save adders (Harley and Seal's population count, kept
// vertical: 64 counters at once per instruction; TAOCP 7.1.3). The item
// with the fewest options is then found by keeping, from the highest
// plane down, the candidates with a 0 in it. Counts stop at Saturated;
// items with that many options or more tie. Before it counts, filter ORs
// the surviving rows: an open primary item missing from that OR has no
// option left, a dead end, and the child is abandoned without counts (two
// children out of three in a pentomino packing).
//
// The branching rule is Knuth's: the open primary item with the fewest
// live options, ties to the first declared, its options tried in the
// order the caller gave them. Below Saturated options it picks the item
// the sparse-set engine picks, so the two engines' trees are the same
// wherever some item has fewer than Saturated options at every node,
// which holds on every shared instance this engine takes. Under the
// Weighted rule (core.Run.Weighted) ties go instead to the item that has
// been found without options most often, as in the sparse-set engine
// (the two learn from different histories, so their trees differ).
//
// # Colors
//
// A secondary item with colors has a bit per color besides its own, and
// each option two rows: the bits it is tested by, and the bits it covers
// when taken (its kill, colors.go). An option that gives item j color c
// is tested by (j, c) alone and covers j and j's other colors; one that
// uses j without a color is tested by and covers j and all its colors.
// So a child's list is its parent's less the options whose rows meet the
// kill of the option taken, one AND per word as without colors, and the
// options that give j the color already chosen stay live, as the
// sparse-set engine's purification leaves them: the two engines' trees
// are the same on colored problems as on others.
//
// # Multiplicities
//
// With bounds on primary items (Knuth's M) the search branches two ways
// on one option, as the sparse-set engine and Knuth's SSMCC do: the item
// of least branching degree and its live option with the smallest index,
// taken or removed (mcc.go). A level's list is made from its parent's as
// above, by the kill of the option taken and the items it spends; its
// counters are exact, its parent's less the options its list loses, and
// the bounds, the slacks and what each item still needs are vertical
// numbers like the counters, so that choosing the item is a few
// subtractions per plane and word. The tree is the sparse-set engine's,
// node for node. Filtered so, a node costs more than the sparse sets'
// (two children to filter, count and choose where the sparse sets touch
// the options an item loses); where rows take two words and options are
// few (mccsets.go), a level's list is instead a set of options and each
// primary item has a sort key (its degree, s, count and index in one
// number): a child visits only the options it loses and changes their
// items' keys, a choice is the least key, and a right branch's is among
// its option's items, so that auto picks this engine for those problems
// (Prefer) and the sparse sets for the rest.
//
// # Statistics
//
// A node is an entry to a level: a branching node, a forced move or a
// solution; a child whose list leaves an open primary item without
// options is abandoned before it becomes one, as in the sparse-set
// engine, so the two count the same nodes where their trees agree. An
// update is an option removed from a list: a child's list costs its
// parent's length minus its own, counted by the child (core.Unit's
// CountLast). Both depend only on the node, never on how the search was
// divided, so stopped and resumed or shared searches count exactly what
// one uninterrupted search counts.
//
// # Limits and memory
//
// Rows are two words up to 128 items and four up to 256: the filter is
// generated for each width (gen.go) so that a row's words and the
// counters' planes live in registers. Rows of at most 64 bits (items and
// colors; Langford's pairs of order 12 take 36), without multiplicities,
// are also filtered as one word (kernel1.go), half the loads and adds of
// two; the rest of the engine reads them in two. Their lists carry each
// option's row beside it, so that a filter reads a list's rows in order
// instead of looking each up; a node's branches are then copied out of
// its list, which stays whole (its children's filters drop them, as they
// contain the item chosen), rather than moved apart from the rest; a
// list's last survivors, fewer than eight, are counted in three planes;
// and a dead end is found in the counts' planes (an open item with no bit
// in any), which costs less than a pass of its own over the survivors
// where rows are one word.
// The stack of lists needs at most twice the length of each level's
// parent list along the current path; it starts at four times the number
// of options and doubles when a path needs more, which happens a few
// times in a search, never per node. Nothing else is allocated while
// searching.
//
// # Wide rows
//
// Past 256 items, up to MaxItems, rows are as many words as the items
// need, and most of their words are zero: an option of a 9×9 Sudoku
// touches 4 of 324 items, one of a 16×16 Sudoku 4 of 1,024. Filtering a
// whole list per node, as above, then costs far more than what a node
// changes, so wide rows change the representation (wide.go): a level's
// list is a set of options, a bit per option in the order of the root's
// list; a child's is its parent's less the options of the items of the
// option taken (a few words per item, whatever the list's length); its
// counters are exact, its parent's less the options the list lost, in
// vertical counters of as many planes as the most options of an item
// need; a row keeps only its words that are not zero (entries), so that
// subtracting an option costs its items, not the row's width. The item
// chosen is then always the sparse-set engine's, and the branches are
// written to the stack as narrow rows' are, so that paths, units,
// checkpoints and the cost search are the same. The sets take a bit per
// option per item and per level (MaxWideBytes bounds them with the rest).
// Filtered and counted as narrow rows are (with the same entries), a
// 9×9 Sudoku took about seven times the sparse sets' time; with sets and
// counters kept from the parent, about twice. Wide rows are still slower
// than the sparse sets on Sudokus, so auto does not pick them
// (PreferItems).
//
// The search polls its caller (core.Run.Poll) every core.PollInterval
// nodes, and after PollWork options tested, so that a stop takes effect
// within milliseconds where lists are long; at a node limit or a stop it
// exports the unexplored rest of the tree as units, deepest first,
// unless the run is final.
//
// # Costs
//
// CostEngine (cost.go, costsearch.go) searches for the cheapest solutions
// in Knuth's DLX5 model on the same rows: the root's list sorted by the
// options' net costs after DLX5's taxes, which every list and every
// item's branches then keep, so that a node tries its branches cheapest
// first and stops at the first too dear, and a child's list is filtered
// from the prefix of its parent's cheaper than the room the cut-off
// leaves (a binary search), so that options too dear are never read.
//
// # References
//
// Donald E. Knuth, "Dancing links", arXiv cs/0011047 (2000), for
// Algorithm X and its branching rule; The Art of Computer Programming,
// Volume 4A, Section 7.1.3 (bitwise tricks and techniques), and Volume
// 4B, Section 7.2.2.1.
package bits
