package main

import (
	"fmt"
	"os"
)

// The instances the workloads read. Each generated one is made once per
// run, into the temporary directory, the first time a row needs it.
var (
	queens14    = sharedFile("exactcover/queens-14.dlx")
	multi823k   = sharedFile("exactcover/sudoku-multi-823k.dlx")
	pent6x10    = sharedFile("exactcover/pent-6x10.dlx")
	pent6x10sym = sharedFile("exactcover/pent-6x10-sym.dlx")
	pent5x12    = sharedFile("exactcover/pent-5x12.dlx")
	pent3x20    = sharedFile("exactcover/pent-3x20.dlx")
	mccQueens8  = sharedFile("mcc/mcc-queens2-8.dlx")
	mccTetra    = sharedFile("mcc/mcc-tetra-4x10.dlx")
	latin5      = repoFile("exactcover/testdata/zdd/latin-5.dlx")
	latin5xcc   = repoFile("exactcover/testdata/zdd/latin-5-xcc.dlx")
	soma        = repoFile("exactcover/testdata/zdd/soma.dlx")
	clue17      = sharedFile("sudoku/9x9/puzzles2_17_clue.txt")
	hardest     = sharedFile("sudoku/9x9/puzzles5_forum_hardest_1905_11+.txt")
	gecode25    = sharedFile("sudoku/gecode/gecode_25x25.txt")

	langford12 = &input{name: "langford-12.dlx",
		from: "made by the script: Langford pairs of order 12, items `v1`…`v12` then `s0`…`s23`, an option `vk si sj` for each j = i+k+1 < 24",
		make: func(*env, []string) ([]byte, error) { return langford(12), nil }}

	pentCost6x10 = pentominoCost("pent-6x10-cost", "10x6")
	pentCost5x12 = pentominoCost("pent-5x12-cost", "12x5")
	border15x4   = &input{name: "border-15x4.dlx",
		from: "made by `xcover pentomino --board 15x4 --weight border --emit-spec dlx` (a placement costs 1 where it touches the border)",
		make: func(e *env, _ []string) ([]byte, error) {
			return runXcover(e, nil, "pentomino", "--board", "15x4", "--weight", "border", "--emit-spec", "dlx")
		}}
	multiCost = &input{name: "sudoku-multi-823k-cost.dlx", needs: []*input{multi823k},
		from: fmt.Sprintf("made by the script: `sudoku-multi-823k.dlx`, each option a random cost 0–%d (PCG, seed %d)", maxCost, costSeed),
		make: func(_ *env, needs []string) ([]byte, error) {
			spec, err := os.ReadFile(needs[0])
			return withCosts(spec), err
		}}

	gecode25Line2 = gecodeLine(2)
	gecode25Line4 = gecodeLine(4)
	gecode25Line9 = gecodeLine(9)
)

// pentominoCost is the pentomino packing of a board, W×H, as xcover
// pentomino --emit-spec dlx writes it, with random costs.
func pentominoCost(name, board string) *input {
	return &input{name: name + ".dlx",
		from: fmt.Sprintf("made by the script: `xcover pentomino --board W×H --emit-spec dlx`, each option a random cost 0–%d (PCG, seed %d)", maxCost, costSeed),
		make: func(e *env, _ []string) ([]byte, error) {
			spec, err := runXcover(e, nil, "pentomino", "--board", board, "--emit-spec", "dlx")
			return withCosts(spec), err
		}}
}

// gecodeLine is the puzzle on line k of the shared Gecode 25×25 file, on
// a line of its own.
func gecodeLine(k int) *input {
	return &input{name: fmt.Sprintf("gecode-25x25-%d.txt", k), needs: []*input{gecode25},
		from: "made by the script: one line of `../shared/data/sudoku/gecode/gecode_25x25.txt`",
		make: func(_ *env, needs []string) ([]byte, error) { return line(needs[0], k) }}
}

// sudokuSpec is the exact cover of the puzzle in p, as xcover sudoku
// --emit-spec dlx writes it.
func sudokuSpec(p *input) *input {
	return &input{name: p.name[:len(p.name)-len(".txt")] + ".dlx", needs: []*input{p},
		from: "made by `xcover sudoku --emit-spec dlx` from one line of `../shared/data/sudoku/gecode/gecode_25x25.txt`",
		make: func(e *env, needs []string) ([]byte, error) {
			return runXcover(e, nil, "sudoku", "--emit-spec", "dlx", needs[0])
		}}
}

// sudokuCNF is the CNF of the exact cover of the puzzle in p, as xcover
// convert --to cnf writes it (a variable per option, each item exactly
// once).
func sudokuCNF(spec *input) *input {
	return &input{name: spec.name[:len(spec.name)-len(".dlx")] + ".cnf", needs: []*input{spec},
		from: "made by `xcover sudoku --emit-spec dlx` then `xcover convert --to cnf`",
		make: func(e *env, needs []string) ([]byte, error) {
			return runXcover(e, nil, "convert", "--to", "cnf", needs[0])
		}}
}

// dominoBoard is the tilings of an n×n board by dominoes.
func dominoBoard(n int) *input {
	return &input{name: fmt.Sprintf("domino-%dx%d.dlx", n, n),
		from: "made by the script: an item per cell, an option per two neighbouring cells",
		make: func(*env, []string) ([]byte, error) { return dominoes(n, n), nil }}
}
