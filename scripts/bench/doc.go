// Command bench measures xcover against the programs people compare it
// with, and prints docs/performance.md: the machine, the programs'
// versions, and one table per kind of work.
//
//	go run ./scripts/bench [flags] [workload…] > docs/performance.md
//
// # What it compares
//
// Each row of a table is a pair: one xcover command and the command of a
// peer (Knuth's DLX1, DLX2, DLX3, DLX5, DLX6, DLX-PRE, SSXCC and SSMCC;
// tdoku and qqwing for 9×9 Sudoku; CaDiCaL for hard Sudokus) that answers
// the same question on the same input. The peers' binaries are given in
// environment variables, XCOVER_BENCH_DLX1 and so on (-list names them
// all); the script never builds or fetches a peer. A row whose peer is not
// given is measured with xcover alone and prints "—" for the peer; a row
// whose input is missing (the shared data is not beside the checkout) is
// skipped, and the table says so.
//
// # How it measures
//
// xcover is built once into a temporary directory (go build -o). Each
// pair runs -runs times (5 by default), alternating xcover and the peer
// (A B A B …), each pinned to one core with taskset when taskset is
// there, so that both meet the same moments of a shared machine. A run's
// time is the CPU time of the whole process, user plus system, from
// getrusage of the child: on a machine shared with other work, wall time
// would count the other work's turns. The table gives the medians and
// their ratio, xcover / peer (below 1: xcover took less CPU), and the
// range of the ratios of the single pairs, which shows the noise.
//
// Before any time is trusted, both programs must give the same answer:
// the same count of solutions (and, for xcover's dancing links against
// Knuth's, the same number of search nodes), the same cheapest costs, the
// same reduced problem, the same verdict and solution for every puzzle.
// A row whose programs disagree stops at once, says so in the table and
// on stderr, and the command exits 1.
//
// # Inputs
//
// Inputs come from the shared data (-data, ../shared/data by default), from
// the repository's testdata, or are made by the script from xcover itself
// (pentomino boards with xcover pentomino --emit-spec, Sudoku puzzles with
// xcover sudoku --emit-spec, CNF with xcover convert --to cnf) and from
// small generators here (Langford pairs, domino boards, random costs drawn
// with a fixed seed), so no large file is kept in the repository.
//
// # Flags
//
//	-runs N        runs of each program per row (default 5)
//	-only REGEX    rows whose "workload/instance/peer" matches
//	-list          print the workloads, their inputs and peers, and exit
//	-dry-run       check inputs and peers and print the commands, run nothing
//	-o FILE        write the report to FILE once complete (default: stdout)
//	-data DIR      the shared data (default: ../shared/data beside the module)
//	-xcover PATH   measure this binary instead of building one
//	-cpu N         the core to pin to (default: the last)
//	-timeout D     give up a run after D (default 10m)
//	-keep          keep the temporary directory
//	-engines       xcover's engines against each other (below)
//
// Arguments name workloads (enumerate, mcc, costs, reduce, zdd, memo,
// sudoku9, sudoku25); none means all.
//
// # The engines' table
//
//	go run ./scripts/bench -engines [-runs N] [-only REGEX]
//
// prints the table of docs/engines.md's auto section: every engine (dlx,
// sparse, bits, learn) and auto on every shared exact-cover and MCC
// instance, asked each question auto answers in its own way (count every
// solution, find the first, prove the solution unique: --count, --limit 1,
// --limit 2), and on the first puzzles of the 9×9 Sudoku sets and the
// 16×16 ones (xcover sudoku --unique). Each row gives every engine's
// median CPU time (the engines run in turn, -j 1, pinned to one core),
// the fastest and its margin over the next, and what auto picked (the
// engine its JSON summary names) with its time against the fastest's. The
// engines of a row must agree (the count, or every puzzle's verdict and
// solution); a row whose engines disagree stops, says so, and the command
// exits 1. -only matches "FILE/QUESTION", as "queens-14.dlx/count".
package main
