// Package exactcover solves exact-cover problems with Knuth's Algorithm X
// and dancing links, including secondary items and colors (Algorithm C).
//
// # Vocabulary
//
// An exact-cover problem has items and options. Each option is a set of
// items. A solution is a set of options that covers every primary item
// exactly once and every secondary item at most once. Sudoku is exact cover
// (the items are "cell r1c3 is filled", "row 1 has a 5", …; an option is
// "put 5 in r1c3" and covers four items); so are polyomino packings and the
// n-queens problem, whose diagonals are secondary items: a diagonal may stay
// empty but may not hold two queens.
//
// Colors generalise secondary items (Knuth's XCC problems): an option may
// give a secondary item a color, written "X:red". Options that give X the
// same color are compatible and may all be chosen; an option that uses X
// without a color excludes every other option using X.
//
// Multiplicities generalise primary items (Knuth's MCC problems): a
// primary item may carry bounds [lo, hi], and is then covered by at least
// lo and at most hi of the chosen options ([Problem.Bounds]): two queens in
// every row, each piece used at most three times. The options themselves
// stay sets: no option is chosen twice.
//
// # Algorithm X
//
// Algorithm X is plain backtracking: if no primary item is left, the options
// chosen so far are a solution; otherwise choose an item i, and for each
// option o that contains i, choose o, remove every item of o and every
// option that shares an item with o, solve what is left, and put everything
// back. Removing an item and the options that clash with it is called
// covering it; putting it back, uncovering.
//
// Which item to branch on matters enormously. Knuth's rule, used here, is to
// pick the primary item with the fewest remaining options ("minimum
// remaining values", MRV), ties going to the item declared first. An item
// with no options left is a dead end, found at once; an item with one option
// is a forced move. [Config.Branching] offers one other rule, [Weighted],
// which breaks ties in favour of the items that have most often run out of
// options so far in the search: it learns where the conflicts are, and on
// hard Sudoku puzzles explores a third fewer nodes.
//
// Finding the item is a scan of the active primary items, which are kept
// as a bit set in item order. On problems with many primary items the
// solver also keeps, as the links dance, the set of items down to one
// option, so that the frequent forced moves and dead ends need no scan.
//
// # Four engines
//
// A problem is validated and compiled once into flat arrays that every
// engine shares ([Config.Engine] chooses). Three enumerate, each walking
// the search tree of Algorithm X in its own data structure, and find the
// same solutions; the fourth learns.
//
// [EngineDLX] is dancing links. Every use of an item by an option is a
// node in a circular doubly linked list of that item's options; removing
// node x is x.up.down = x.down, x.down.up = x.up, and because x remembers
// its neighbours, putting it back undoes that, provided removals are undone
// in reverse order. It follows Knuth's DLX1, DLX2 (colors: purifying) and
// DLX3 (multiplicities: Algorithm M, with its "tweaking") step for step,
// and its statistics equal theirs under Knuth's branching rule: a node is
// one entry to a level of the search tree, plus one per solution; an update
// is one item covered plus one option removed from an item's list. The
// tests check this on published instances. It is the engine for teaching
// and for checking results against Knuth's.
//
// [EngineSparse] keeps each item's options as a sparse set, as Knuth's
// SSXCC and SSMCC do after Christine Solnon's "dancing cells": removing an
// option swaps it past the end of the set, and restoring a set is
// restoring its size. Its trees and counts are its own (a dead end is
// noticed before it becomes a node), and with multiplicities it branches
// two ways, on taking or removing one option, as SSMCC does.
//
// [EngineBits] makes each option a row of bits and keeps, at each level,
// the list of options still live, filtered from its parent's by one AND
// per word; bit-plane counters find the item with the fewest options.
// Past 256 items its lists are sets of options, changed by what each
// node loses. It takes at most 4,096 items, without colors or
// multiplicities, and is the fastest where options are many and items at
// most 256: [EngineAuto] picks it there (see [Solver.EngineFor]) and the
// sparse-set engine otherwise.
//
// The enumerating engines allocate nothing per node, and all give totals
// that do not depend on how a search is divided (into workers, or stopped
// and resumed) under Knuth's branching rule.
//
// [EngineLearn] is conflict-driven clause learning whose variables are the
// options: it has no search tree, and what a dead end taught it (a clause
// over options) it never forgets. It answers a first solution, a few
// solutions, uniqueness and unsatisfiability, and settles in seconds
// problems where search meets the same dead end millions of times (25×25
// Sudokus with few clues, quasigroup completion); counting, checkpoints and
// shards are the enumerating engines' (it refuses them with [ErrNoTree]).
// For a first solution or a uniqueness question, [EngineAuto] runs it as a
// portfolio beside the enumerating engine it would pick, the first to
// settle the question stopping the other.
//
// [Stats] reports what the engine counted.
//
// # Using the package
//
// Describe a problem by names with [Problem] and compile it with [New], or
// build one by item indices with a [Builder] when speed matters (a Builder
// and its Solver reuse their memory). Then enumerate with
// [Solver.Solutions], take [Solver.First], count with [Solver.Count], or
// call [Solver.Search] with a [Config] for limits, a partial solution to
// start from, and progress reports. A search polls its context every few thousand
// nodes, so cancellation and deadlines stop it promptly, with statistics.
//
// # Counting without enumerating
//
// A search meets every solution, so it cannot count 10³⁰ of them.
// [Solver.Count] can also count by memoizing: the options are decided
// one by one in a fixed order, and partial solutions that leave the same
// residual problem (the same items still to cover, the same remaining
// multiplicities, the same colors fixed on the secondary items that
// options to come still use) are merged and counted once. Memory is the
// live frontier of such residual problems, and counts are exact integers
// of any size: the 16×16 domino board's 2.4·10³⁰ tilings take a fraction
// of a second and a megabyte. The same levels, kept whole, are the ZDD of
// all solutions ([Solver.ZDD]; package xcover/zdd counts, samples and
// lists it); where the frontier is wide, Solver.ZDD builds it instead as
// Knuth's DLX6 does, by the search with a memo of the residual problems it
// meets. Memoizing pays when the problem has a narrow frontier in some
// order (boards and strips tiled by small pieces) and loses badly when
// constraints reach across the whole problem (Sudoku, n queens,
// pentominoes); by default (MethodAuto) Count searches first and memoizes
// only when its bound or a trial shows it ahead. [Solver.Estimate] estimates the
// search tree by Knuth's random probes, to decide before a long run.
//
// # Big searches: workers, checkpoints, shards
//
// A node of the search tree is named by its path, the options chosen from
// the root; a piece of work is the subtree below a path, or the branches
// of a node after a given one. Three drivers divide a search into such
// pieces, and combine freely:
//
//   - [Config.Workers] searches with several goroutines, each with its own
//     copy of the engine (so memory grows with the workers). A worker that
//     runs out of work asks; the next busy worker to poll (every 1024 nodes)
//     gives away the untried branches of the shallowest level of its search
//     that has any, which are big pieces, so steals are few. Solutions go to
//     the visit function one at a time, in no particular order.
//     MaxSolutions holds exactly. MaxNodes is one budget the workers
//     share, drawn a poll interval at a time: the search never enters more
//     nodes (a solution is a node like any other), and when the budget is
//     spent it stops at most 1025 nodes per other worker short of it (what
//     they were granted and had not yet entered). A resumed search's MaxNodes bounds the nodes it
//     enters, as --timeout bounds its time: the checkpoint's do not count.
//     A piece handed over enters its node again, which costs about the
//     node's width, so a worker gives away only what the nodes searched so
//     far pay for: a node of a hundred thousand branches that end at once
//     is searched by one worker, as fast as by one alone.
//   - [Config.Checkpoint] is given the search's position (the pieces not
//     yet searched, and the totals so far) every minute and when it is
//     stopped, to keep where the caller likes ([Checkpoint.WriteTo]; the
//     command line replaces a file atomically); [Config.Resume] goes on
//     from a [Checkpoint] ([ReadCheckpoint]), with any number of workers. To take a checkpoint, every
//     busy worker stops at its next poll and hands its unsearched pieces
//     back, so that the position is exact; then they go on.
//   - [Config.Shard] searches part K of a deterministic split into N parts
//     that share nothing, for N machines; package shards adds up their
//     results and refuses a set of shards with one missing, repeated,
//     unfinished, of another search, or whose counts contradict one
//     another.
//
// Totals stay exact: every node is counted once, by whichever worker, run
// or shard enters it (the engine that exports a piece has counted the
// nodes above it, and the piece's searcher counts the rest), so solutions,
// nodes and updates add up to exactly those of one uninterrupted search.
// For EngineDLX these are DLX1's, DLX2's or DLX3's figures under any
// division; EngineSparse counts its own way but, like EngineDLX, never
// lets the history of the search change a choice. The [Weighted] rule does
// learn from history, and each worker learns on its own: its solutions are
// exact, its node and update totals depend on how the work was divided.
//
// On many cores: a hungry worker waits about two poll intervals for work
// (a thousand nodes of search each); the pool of pieces is
// guarded by one mutex, taken only when a piece changes hands, at most a
// few thousand times a second even with 64 workers, and a poll with nothing
// to do reads two atomic words that change only on those events; what an
// engine writes as it searches lies in cache lines of its own (shared
// lines between two workers' engines cost up to half their speed). The cost
// of 64 workers is thus at the end of a search, when the work left lies in
// deep, small subtrees and steals become frequent and small, and in the
// visit function when solutions are dense (every solution goes through
// it). A checkpoint stops every worker for a poll interval and a few path
// replays: nothing, once a minute.
//
// # The cheapest solutions
//
// Options may have costs ([Option.Cost], [Builder.SetCost]); a solution
// costs the sum of its options'. [Solver.Cheapest] finds the K cheapest as
// Knuth's DLX5 does: each primary item is taxed the cost of its cheapest
// option, which is taken off every option containing it (every solution's
// cost drops by the same total, so the order of solutions is kept, and
// every item now has an option of net cost 0); every list is sorted by net
// cost; and once K solutions are known, a branch whose cost so far plus
// its next option's reaches the K-th best is not entered, nor are the
// dearer options after it in the list. The package reduce removes, before
// any search, the options that can be in no solution (Knuth's DLX-PRE).
//
// # References
//
// Donald E. Knuth, "Dancing Links", in Millennial Perspectives in Computer
// Science (2000), arXiv:cs/0011047. Donald E. Knuth, The Art of Computer
// Programming, Volume 4B, Section 7.2.2.1 (2022): Algorithms X, C and M.
// His programs DLX1, DLX2 and DLX3 (CWEB, 2017–) define the statistics of
// EngineDLX; SSXCC and SSMCC (with Filip Stappers) are the sparse-set
// programs EngineSparse follows; DLX5 and DLX-PRE those of Cheapest and
// package reduce. Preston Briggs and Linda Torczon, "An
// efficient representation for sparse sets", ACM LOPLAS 2 (1993).
package exactcover
