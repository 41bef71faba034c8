package main

import "path/filepath"

// workloads are the tables, in the order docs/performance.md prints them.
var workloads = []*workload{
	{
		id: "enumerate", title: "Counting every solution", answer: "solutions",
		about: "Every solution of an exact cover problem counted by a search that visits each one. " +
			"The default engine (`auto`: bit sets where they take the problem, else sparse sets) " +
			"is compared with Knuth's sparse-set program SSXCC, and xcover's dancing links " +
			"(`--engine dlx`) with Knuth's DLX1 (DLX2 where items have colors), " +
			"which must then agree on the number of search nodes too. " +
			"For each instance, the first row says how the default compares with Knuth's faster program for the problem, " +
			"the second how close the same algorithm as Knuth's comes to his C.",
		pairs: concat(
			countPairs("queens-14", queens14, peerDLX1),
			countPairs("sudoku-multi-823k", multi823k, peerDLX1),
			countPairs("pent-6x10", pent6x10, peerDLX1),
			countPairs("pent-6x10-sym", pent6x10sym, peerDLX1),
			countPairs("langford-12", langford12, peerDLX1),
			countPairs("latin-5-xcc (colors)", latin5xcc, peerDLX2),
		),
	},
	{
		id: "mcc", title: "Multiplicities: items covered between a and b times", answer: "solutions",
		about: "Counting with items that must be covered a number of times in a range (Knuth's MCC): " +
			"the default engine against SSMCC, and `--engine dlx` against DLX3, " +
			"with the same number of search nodes. The default runs the bit-set engine there, with the sparse " +
			"engine's tree (Algorithm M, two branches a node): a level's list is a set of options, a child " +
			"visits only the options it loses, and a choice is one minimum over the items' keys; " +
			"`--engine dlx` runs DLX3's algorithm on dancing links.",
		pairs: concat(
			countPairsWith("mcc-queens2-8", mccQueens8, peerSSMCC, peerDLX3),
			countPairsWith("mcc-tetra-4x10", mccTetra, peerSSMCC, peerDLX3),
		),
	},
	{
		id: "costs", title: "The cheapest covers", answer: "costs",
		about: "Options with costs: `--min-cost` finds the cheapest solution, `--best 10` the ten cheapest, " +
			"against Knuth's DLX5 (`k10` for ten). Both must find the same costs. " +
			"The default engine picks bit sets for packings and sparse sets for the Sudoku; " +
			"DLX5 is dancing links. Below 1, xcover found the same costs with less CPU time.",
		pairs: concat(
			costPairs("pent-6x10-cost", pentCost6x10),
			costPairs("pent-5x12-cost", pentCost5x12),
			costPairs("border-15x4", border15x4),
			costPairs("sudoku-multi-823k-cost", multiCost),
		),
	},
	{
		id: "reduce", title: "Reductions", answer: "reduced problem",
		about: "`xcover reduce` removes the options and items that can be in no solution, " +
			"against Knuth's DLX-PRE; both must write the same problem, option for option. " +
			"Above 1, DLX-PRE took less CPU time.",
		pairs: []*pair{
			reducePair("pent-6x10", pent6x10),
			reducePair("pent-5x12", pent5x12),
			reducePair("gecode 25×25, line 9", gecode25Spec9),
		},
	},
	{
		id: "zdd", title: "The ZDD of all solutions", answer: "solutions; ZDD", memory: true,
		about: "`solve --zdd` writes a ZDD of every solution, against Knuth's DLX6 (`m1` to write it). " +
			"Counts must agree; DLX6's ZDD nodes include its two sinks. " +
			"Below 1, xcover made its diagram with less CPU time; the memory columns are the peak resident memory of each process.",
		pairs: []*pair{
			zddPair("pent-3x20", pent3x20),
			zddPair("soma", soma),
			zddPair("latin-5", latin5),
		},
	},
	{
		id: "memo", title: "Counting without enumerating", answer: "tilings", memory: true,
		about: "`solve --count --memo` counts the domino tilings of a square board without visiting them, " +
			"merging the partial tilings that leave the same board to fill; DLX6 counts them by building their ZDD. " +
			"Below 1, xcover counted with less CPU time. " +
			"From 14×14 on, DLX6's 64-bit count overflows, so the boards stop at 12×12.",
		pairs: []*pair{
			memoPair("domino-10x10", domino10),
			memoPair("domino-12x12", domino12),
		},
	},
	{
		id: "sudoku9", title: "9×9 Sudoku batches: solve and prove unique", answer: "verdicts",
		about: "A file of puzzles, each solved and proved unique (or not): `xcover sudoku --unique` " +
			"against tdoku (SolveSudoku with limit 2 for each line) and qqwing " +
			"(`--count-solutions`, which counts them all); the verdicts must agree puzzle by puzzle. " +
			"xcover also prints each solution, which the tdoku driver does not. Below 1, xcover took less CPU time than the peer; above 1, more.",
		pairs: []*pair{
			sudoku9Pair("17-clue", clue17, peerTdoku),
			sudoku9Pair("forum hardest 1905 11+", hardest, peerTdoku),
			sudoku9Pair("17-clue", clue17, peerQQWing),
		},
	},
	{
		id: "sudoku25", title: "Hard 25×25 Sudokus: one solution and its proof of uniqueness", answer: "verdict",
		about: "Single puzzles of Gecode's 25×25 set, on one core: `xcover sudoku --unique` " +
			"(search, then clause learning beside it) against CaDiCaL on the CNF of the same exact cover " +
			"(`xcover convert --to cnf`): a first model, then a fresh run with it blocked, their CPU times added. " +
			"The solutions must be the same. Below 1, xcover's solution and proof took less CPU time than CaDiCaL's two runs.",
		pairs: []*pair{
			sudoku25Pair("gecode 25×25, line 2", gecode25Line2, gecode25CNF2),
			sudoku25Pair("gecode 25×25, line 4", gecode25Line4, gecode25CNF4),
			sudoku25Pair("gecode 25×25, line 9", gecode25Line9, gecode25CNF9),
		},
	},
}

var (
	gecode25Spec9 = sudokuSpec(gecode25Line9)
	gecode25CNF2  = sudokuCNF(sudokuSpec(gecode25Line2))
	gecode25CNF4  = sudokuCNF(sudokuSpec(gecode25Line4))
	gecode25CNF9  = sudokuCNF(gecode25Spec9)
	domino10      = dominoBoard(10)
	domino12      = dominoBoard(12)
)

// countPairs are the rows of a count against SSXCC and against dancing
// links (DLX1, or DLX2 for colors).
func countPairs(name string, in *input, links *peer) []*pair {
	return countPairsWith(name, in, peerSSXCC, links)
}

// countPairsWith are the rows of a count: the default engine against the
// sparse-set program, and --engine dlx against the dancing-links one,
// nodes compared.
func countPairsWith(name string, in *input, sparse, links *peer) []*pair {
	return []*pair{
		{instance: name, variant: "default", peer: sparse, inputs: []*input{in},
			xcover: xcoverRun(xcoverCount, "solve", "-j", "1", "--count"),
			other:  stdinRun(knuthCount)},
		{instance: name, variant: "`--engine dlx`", peer: links, inputs: []*input{in},
			xcover: xcoverRun(withNodes(xcoverCount), "solve", "-j", "1", "--count", "--engine", "dlx", "--stats"),
			other:  stdinRun(withNodes(knuthCount))},
	}
}

// costPairs are the rows of --min-cost and --best 10 against DLX5.
func costPairs(name string, in *input) []*pair {
	return []*pair{
		{instance: name, variant: "`--min-cost`", peer: peerDLX5, inputs: []*input{in},
			xcover: xcoverRun(xcoverMinCost, "solve", "-j", "1", "--min-cost"),
			other:  stdinRun(dlx5Costs)},
		{instance: name, variant: "`--best 10`", peer: peerDLX5, inputs: []*input{in},
			xcover: xcoverRun(xcoverBest, "solve", "-j", "1", "--best", "10"),
			other:  stdinRun(dlx5Costs, "k10")},
	}
}

// reducePair is the row of xcover reduce against DLX-PRE.
func reducePair(name string, in *input) *pair {
	return &pair{instance: name, variant: "`reduce`", peer: peerDLXPRE, inputs: []*input{in},
		xcover: xcoverRun(xcoverReduced, "reduce"),
		other:  stdinRun(reduced)}
}

// zddPair is the row of solve --zdd against DLX6 writing its ZDD.
func zddPair(name string, in *input) *pair {
	return &pair{instance: name, variant: "`--zdd`", peer: peerDLX6, inputs: []*input{in},
		xcover: func(e *env, in []string) side {
			stem := trimExt(filepath.Base(in[0]))
			out := filepath.Join(e.tmp, stem+".zdd")
			return single(command{argv: []string{e.xcover, "solve", "--zdd", out, "--stats", in[0]}}, zddCount(xcoverCount))
		},
		other: stdinRun(zddCount(knuthCount), "m1")}
}

// memoPair is the row of solve --count --memo against DLX6.
func memoPair(name string, in *input) *pair {
	return &pair{instance: name, variant: "`--count --memo`", peer: peerDLX6, inputs: []*input{in},
		xcover: xcoverRun(xcoverCount, "solve", "--count", "--memo"),
		other:  stdinRun(knuthCount)}
}

// sudoku9Pair is the row of a batch of 9×9 puzzles against tdoku's or
// qqwing's verdicts.
func sudoku9Pair(name string, in *input, p *peer) *pair {
	other := stdinRun(tdokuVerdicts)
	if p == peerQQWing {
		other = stdinRun(qqwingVerdicts, "--solve", "--count-solutions", "--csv")
	}
	return &pair{instance: name, variant: "`--unique`", peer: p, inputs: []*input{in},
		xcover: xcoverRun(xcoverVerdicts, "sudoku", "-j", "1", "--unique"),
		other:  other}
}

// sudoku25Pair is the row of one hard puzzle against CaDiCaL.
func sudoku25Pair(name string, puzzle, cnf *input) *pair {
	return &pair{instance: name, variant: "`--unique`", peer: peerCaDiCaL, inputs: []*input{puzzle, cnf},
		xcover: xcoverRun(xcoverUnique, "sudoku", "-j", "1", "--unique"),
		other: func(e *env, bin string, in []string) side {
			return satUnique(bin, in[0], in[1], e.tmp)
		}}
}

// concat joins lists of rows.
func concat(lists ...[]*pair) []*pair {
	var all []*pair
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// trimExt is a file name without its extension.
func trimExt(name string) string { return name[:len(name)-len(filepath.Ext(name))] }
