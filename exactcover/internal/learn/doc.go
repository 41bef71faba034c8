// Package learn is xcover's clause-learning engine: conflict-driven clause
// learning (CDCL) whose variables are the options of an exact-cover
// problem, true when the option is taken.
//
// # Why learning
//
// The enumerating engines (dlx, sparse) have one kind of inference: branch
// on the item with the fewest options. On hard instances (25×25 Sudokus with
// few clues, quasigroup completion) they meet the same dead end millions of
// times in different places of the tree. A learner remembers why a branch
// failed, as a clause over options, and never enters a branch that the
// clause rules out again. It does not enumerate well: each solution found
// adds a clause that blocks it, so it is the tool for first solutions,
// uniqueness (find one, block it, prove the rest unsatisfiable) and
// unsatisfiability, and for listings of modest size. Counting many
// solutions is the enumerating engines' and the memo counter's job.
//
// # Constraints propagated natively
//
// The items are not turned into clauses. Each item keeps two counters over
// its options, how many are true and how many are false, updated as the
// trail is processed (propagate.go):
//
//   - a primary item with bounds [lo, hi] lets at most hi of its options
//     be true: when hi are, the others become false; and at least lo: when
//     only lo are not false, they become true. The common case lo = hi = 1
//     is the pair "at most one, at least one" of the usual CNF encoding,
//     without its quadratic number of clauses.
//   - a secondary item without colors allows at most one of its options.
//   - a secondary item with colors: an option giving it color c excludes
//     every option that uses it with another color or without one, and an
//     uncolored use excludes every other use.
//
// Every implied literal keeps as its reason the item that implied it; the
// clause behind it is rebuilt on demand (analyze.go) from the trail: the
// options of that item assigned before the implied one. Conflict analysis
// therefore works as if the item were a set of clauses.
//
// # The CDCL loop
//
// Conflict analysis learns the first unique implication point clause
// (1-UIP), minimized recursively (Sörensson and Biere, "Minimizing learned
// clauses", SAT 2009; each literal the test reaches is marked implied or
// not, so that no reason is followed twice) and shrunk (each level's
// literals replaced by one that implies them all, Fleury and Biere 2021:
// shrink.go), and backjumps. Learned clauses are watched by two
// literals (Moskewicz et al., "Chaff", DAC 2001). Branching weighs the four
// unassigned options of highest activity (EVSIDS: the activity of each
// option met in an analysis grows by an increment that itself grows by
// 1/0.95 per conflict) and takes the one with an item that has the fewest
// options left open, the most active on a tie (heap.go): activity says
// where the conflicts are, and the enumerating engines' rule, the item
// with the fewest options, says where a decision is most nearly forced.
// It decides it in the phase it last had (phase saving, Pipatsrisawat
// and Darwiche 2007); an option never assigned is first tried false, which
// suits exact cover, where most options are false in a solution. Deciding
// every option taken instead, as the enumerating engines branch, proves
// the 25×25 Sudokus unique in 10% fewer conflicts, but finds no solution
// in minutes on quasigroup completions whose phases find one in seconds;
// so options are decided taken only once a
// solution is found, when what is left is most often a proof (mode.go). The
// learned clauses are reduced every few thousand conflicts, keeping those
// of low literal block distance (LBD, Audemard and Simon, "glucose", IJCAI
// 2009), those used lately and those that are reasons on the trail, within
// a memory budget ([MaxLearnedLiterals]).
//
// # Two modes
//
// As in CaDiCaL and Kissat, the search alternates between a focused mode
// (glucose's restarts, saved phases), the better one for proving that
// nothing is left, and a stable mode (restarts after Luby's sequence in
// units of a thousand conflicts, target phases, reason-side bumping), the
// better one for finding a solution, on a schedule that doubles each
// phase's length (mode.go, restart.go). The saved and target phases are
// reset now and then to the best phase seen or to the original one
// (rephasing). On the hard Gecode 25×25 Sudokus the focused mode alone
// met a million conflicts without a solution where the alternation needs
// tens of thousands. Once a solution is found, the search stays in stable
// mode: proofs that no other is left took 14% fewer conflicts so.
//
// # Why not a SAT library
//
// gophersat v1.4.0 (the Go SAT solver the module proxy serves, with
// cardinality constraints) was measured on the same Gecode 25×25 puzzles
// with each item given as "exactly one" cardinality constraints: it
// reported models that violate up to a hundred of the at-most-one
// constraints (2 of 2 puzzles checked), its Solve takes no context or stop
// function, and it allocates per conflict. Written for exact cover, the
// engine propagates items natively and explains them lazily. On the 18
// Gecode 25×25 Sudokus it finds the first solution in about as many
// conflicts as CaDiCaL on the plain CNF (0.91 million in all, CaDiCaL 0.63),
// but proving that no other is left took it 1.1 to 2.8 times as many
// before shrinking (shrink.go), splitting (split.go) and branching on
// the most constrained of the most active options (heap.go). With them,
// on two cores, `xcover sudoku --unique` settles each of them faster than
// CaDiCaL proves the same puzzle's uniqueness on one core
// (docs/performance.md).
//
// # Splitting: cube and conquer
//
// SolveSplit runs the same search on several goroutines. A search that has
// found no solution within firstConflicts conflicts (10,000; 100,000 when
// the question is a first solution alone), or has found its first one,
// goes on as the first half. A half that does not settle within
// splitConflicts more (sooner when a worker waits) is cut in two on an
// option chosen by look-ahead (split.go): a copy of the solver takes the
// option, the original rules it out, and each keeps every clause learned
// so far; workers take the halves. The halves are
// smaller problems with learned clauses and activities of their own, so
// that even one worker proves faster split than whole: on puzzle 1 of the
// Gecode 25×25 Sudokus, the first solution and the proof that there is no
// other took half the time split. Once any half has found a solution,
// every half searches as after a solution of its own (options decided
// taken): what is left of a uniqueness question is then a proof.
//
// # Enumeration and limits
//
// A solution is a full assignment. Its decisions imply every other
// literal, so the clause that negates the decisions blocks that solution
// and no other; the search goes on from the level below the last
// decision. The unit of the node limit is a conflict. A stop function is
// polled every [PollConflicts] conflicts and every [PollPropagations]
// propagations, so that a stop takes effect within milliseconds. Split,
// the limits hold for all the halves together and exactly: the half that
// counts the last solution asked for ends the search before any other can
// count one more, and each half's turn draws its conflicts from what the
// conflict limit leaves.
package learn
