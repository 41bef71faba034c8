// Package reduce simplifies an exact-cover problem before the search, as
// Knuth's preprocessor DLX-PRE does: it removes options that can be in no
// solution and items that other items imply, and keeps the solutions.
//
// # Two facts
//
// Let p be a primary item. Every solution covers p, with exactly one of the
// options that contain p.
//
//   - Implied items. If every option containing p also contains an item c
//     (uncolored), then c is covered as soon as p is. Every other option that
//     uses c can be chosen in no solution: it would clash with p's option. So
//     those options go, and c can be struck from the options that remain:
//     they all contain p, which says the same.
//   - Blocking options. If an option r does not contain p, and every option
//     containing p clashes with r (shares an uncolored use of an item, or
//     gives a secondary item another color), then choosing r leaves p
//     uncoverable: r goes.
//
// Removing something can make either fact true somewhere else, so the
// reduction goes round the items until a round changes nothing ([Config]
// bounds the rounds). A primary item left with no option at all proves that
// the problem has no solution; the result then says so ([Result.Infeasible])
// and is the smallest problem with no solution: that item alone, no option.
//
// # How it tests them
//
// Both tests are done by "hiding", the covering of dancing links without
// choosing anything. For each item c in turn, hide the options that use c
// uncolored, counting per item the options still visible. A primary item p
// whose count drops to zero has all its options through c: c is implied by
// p (the first fact). Otherwise, for each option r whose first remaining
// item is c, hide also every option that clashes with r on r's other items:
// a primary item outside r whose count drops to zero is blocked by r (the
// second fact). Counts are restored after each test; nothing is copied. The
// cost is the size of the options hidden, summed over the tests: polynomial,
// but a pass over a large problem can cost more than the search it shortens
// (see the command's help for where it pays).
//
// Both tests ask whether the options hidden hold all of some primary
// item's; the second does not depend on the order they are hidden in, and
// the first only through which item it names when several qualify (the
// last to run out, a matter of positions). Where each item is in many
// options (pentominoes: hundreds of a few thousand), they are answered on
// bit sets instead: each item's live options are kept as a row of bits,
// the options hidden are a union of rows (for an item r colors, of the
// options giving it another color or none), and an item is blocked or
// implied when its row lies inside that union, which a few words of the
// row usually settle. Where items are in few options (Sudoku), the counts
// do less work and are kept. Reduce estimates the work of a pass both
// ways from the problem's shape and takes the smaller; the rows are
// bounded in bytes, past which the counts are used. The answers are the
// same either way, and so is the reduced problem.
//
// The order of the tests, and so which options go when several choices
// would do, follows DLX-PRE exactly (TAOCP 7.2.2.1; Knuth's program
// dlx-pre.w, whose output this package reproduces: the same items and
// options, in the same order). One difference: DLX-PRE keeps item names of
// at most eight characters and one-character colors; here names and colors
// are any strings.
//
// # Keeping the options' identities
//
// A reduced option is an original option, perhaps without some of its items
// (implied ones). [Result.Original] maps each reduced option back, and
// [Result.OriginalSolution] turns a solution of the reduced problem into the
// same solution of the original: the sets of options that solve the two
// problems are the same sets. Labels travel with their options.
//
// Problems with multiplicities (bounds other than "exactly once") are not
// reduced: both facts assume that p is covered exactly once.
package reduce
