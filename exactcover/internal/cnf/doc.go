// Package cnf writes an exact-cover problem as a formula in conjunctive
// normal form, in the DIMACS format that SAT solvers read, and reads such
// formulas back.
//
// # The encoding
//
// Variable k+1 is compiled option k: true when the option is taken. A
// comment line before the header names the option behind each variable.
// Each item adds clauses over the options that use it:
//
//   - a primary item with bounds [lo, hi] (1 and 1 unless given): "at
//     least lo" and "at most hi" of its options. At least one is one
//     clause; at most one is the pairwise encoding (a clause ¬x ∨ ¬y per
//     pair) while the item has at most [PairwiseMax] options, Sinz's
//     sequential counter ("Towards an optimal CNF encoding of Boolean
//     cardinality constraints", CP 2005) beyond, with n·k auxiliary
//     variables and about 2·n·k clauses instead of n²/2; other bounds use
//     the sequential counter too, at least lo of n being at most n−lo of
//     their negations.
//   - a secondary item without colors: at most one of its options.
//   - a secondary item with colors: an auxiliary variable per color c,
//     true exactly when some option gives the item color c (each such
//     option implies it; it implies their disjunction), and at most one
//     of the colors' variables and of the options that use the item
//     without a color.
//
// The auxiliary variables of colors are determined by the options; those
// of the sequential counter are not always, so a SAT solver's count of
// models can exceed the number of solutions: count solutions projected
// on the first variables (the options).
package cnf
