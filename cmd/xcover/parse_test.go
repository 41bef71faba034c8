package main

import (
	"context"
	"io"
	"os"
	"reflect"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// parseCase is a command line given to a command's parsing: the options
// it gives are those of no flag, changed by want; or the parsing fails
// with err (exit 2).
type parseCase[O any] struct {
	args []string
	want func(*O)
	err  string
}

// checkParse parses each case's arguments as newCmd's command does, with
// the run function replaced (nothing runs), and compares the options
// with the options of no flag, changed as the case says, once clear has
// cleared in both what they cannot compare (the IO; functions, which
// clear compares itself). The parsing touches no file: every case runs in
// the module root, and must leave it as it was.
func checkParse[O any](t *testing.T, newCmd func(*iostreams.IO, func(context.Context, *O) error) *cli.Command, cases []parseCase[O], clear func(got, want *O)) {
	t.Helper()
	before, err := os.ReadDir(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	base, err := parseArgs(t, newCmd)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		got, err := parseArgs(t, newCmd, tc.args...)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err || exitcode.Print(err, io.Discard) != exitcode.BadInput {
				t.Errorf("%q: error %v, want %q, exit 2", tc.args, err, tc.err)
			}
			continue
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		want := *base
		tc.want(&want)
		clear(got, &want)
		if !reflect.DeepEqual(got, &want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.args, *got, want)
		}
	}
	if after, _ := os.ReadDir(moduleRoot(t)); !reflect.DeepEqual(names(before), names(after)) {
		t.Errorf("parsing changed the module root: %v, now %v", names(before), names(after))
	}
}

func names(entries []os.DirEntry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestSolveParse: solve's flags become its options, checked as they
// combine, and nothing else happens: a --checkpoint that exists and a
// --tree in a missing folder are the run's to refuse.
func TestSolveParse(t *testing.T) {
	checkParse(t, newCmdSolve, []parseCase[solveOptions]{
		{args: []string{"x.dlx"}, want: func(o *solveOptions) { o.Input.File = "x.dlx" }},
		{args: []string{"--count", "-j", "3", "--branching", "weighted", "--partial", "1,r1c2", "--format", "yaml"}, want: func(o *solveOptions) {
			o.Count, o.Limit, o.Jobs, o.Branching, o.BranchingSet = true, 0, 3, exactcover.Weighted, true
			o.Partial, o.Input.Format = []string{"1", "r1c2"}, specs.YAML
		}},
		{args: []string{"--all", "--json", "--stats", "--max-nodes", "1000", "--engine", "dlx", "--profile", "--progress"}, want: func(o *solveOptions) {
			o.Limit, o.JSON, o.Stats, o.MaxNodes, o.Engine, o.Profile, o.Progress = 0, true, true, 1000, exactcover.EngineDLX, true, searchcmd.ProgressAsked
		}},
		{args: []string{"--zdd", "all.zdd", "--memo-limit", "1GiB"}, want: func(o *solveOptions) {
			o.Count, o.Limit, o.Memo = true, 0, &memoOptions{ZDD: "all.zdd", Limit: 1 << 30}
		}},
		{args: []string{"--best", "3"}, want: func(o *solveOptions) { o.Cheapest = cheapestOptions{K: 3, AtEnd: true} }},
		{args: []string{"--min-cost", "-j", "2"}, want: func(o *solveOptions) { o.Cheapest, o.Jobs = cheapestOptions{K: 1}, 2 }},
		{args: []string{"--resume", "go.mod", "--shard", "2/5"}, want: func(o *solveOptions) {
			o.Scale.Checkpoint, o.Scale.Resume, o.Scale.Shard = "go.mod", "go.mod", exactcover.Shard{K: 2, N: 5}
		}},
		{args: []string{"--checkpoint", "go.mod"}, want: func(o *solveOptions) { o.Scale.Checkpoint = "go.mod" }},
		{args: []string{"--reduce", "--rounds", "2"}, want: func(o *solveOptions) { o.Reduce = &reduce.Config{Rounds: 2} }},
		{args: []string{"--tree", "no/such/folder/tree.dot"}, want: func(o *solveOptions) { o.Tree = "no/such/folder/tree.dot" }},
		{args: []string{"--tree", "-"}, err: `--tree "-": expected a file name (stdout is for the solutions)`},
		{args: []string{"--tree", "t.dot", "--partial", "1"}, err: "solve: --tree draws the search of Knuth's rule from its root: it does not combine with --partial or --branching weighted"},
		{args: []string{"--memo", "--checkpoint", "c"}, err: "solve: --memo and --zdd count without dividing a search: they do not combine with --checkpoint, --resume or --shard"},
		{args: []string{"--min-cost", "--count"}, err: "solve: --min-cost and --best search for the cheapest solutions alone: they do not combine with --count"},
		{args: []string{"--reduce", "--partial", "1"}, err: "solve: --reduce changes the options searched: it does not combine with --partial or --tree"},
		{args: []string{"--engine", "learn", "--profile"}, err: "solve: --engine learn: the learning engine has no search tree, which --profile counts level by level: use the sparse, dlx or bits engine with --profile"},
		{args: []string{"a.dlx", "b.dlx"}, err: "solve: expected one input file, got 2 arguments"},
	}, func(got, want *solveOptions) { got.IO, want.IO = nil, nil })
}

// TestSudokuParse: sudoku's flags become its options.
func TestSudokuParse(t *testing.T) {
	letters, err := sudoku.NewAlphabet("ABCD")
	if err != nil {
		t.Fatal(err)
	}
	checkParse(t, newCmdSudoku, []parseCase[sudokuOptions]{
		{args: []string{"puzzles.txt"}, want: func(o *sudokuOptions) { o.Input = "puzzles.txt" }},
		{args: []string{"--unique", "--output", "pretty", "--alphabet", "ABCD", "-j", "2"}, want: func(o *sudokuOptions) {
			o.Mode, o.Output, o.Read.Alphabet, o.Jobs = sudoku.ModeUnique, sudoku.Pretty, letters, 2
		}},
		{args: []string{"--count", "--format", "block"}, want: func(o *sudokuOptions) {
			o.Mode, o.Count, o.Limit, o.Read.Format = sudoku.ModeCount, true, 0, sudoku.Block
		}},
		{args: []string{"--limit", "3"}, want: func(o *sudokuOptions) { o.Mode, o.Limit = sudoku.ModeList, 3 }},
		{args: []string{"--emit-spec", "dlx"}, want: func(o *sudokuOptions) { o.EmitSpec = specs.DLX }},
		{args: []string{"--rate"}, want: func(o *sudokuOptions) { o.Rate = true }},
		{args: []string{"--steps", "--json"}, want: func(o *sudokuOptions) { o.Rate, o.Steps, o.JSON = true, true, true }},
		{args: []string{"--steps", "--count"}, err: "sudoku: --rate and --steps settle each puzzle's solutions themselves: they do not combine with --unique, --all, --limit, --count or --emit-spec"},
		{args: []string{"--unique", "--all"}, err: "sudoku: --unique looks for two solutions: it does not combine with --all, --limit or --count"},
		{args: []string{"--emit-spec", "yaml", "--json"}, err: "sudoku: --emit-spec writes the problem and solves nothing; drop --unique, --all, --limit, --count and --json"},
		{args: []string{"--format", "pretty"}, err: `sudoku: --format "pretty": expected line, block or numeric`},
	}, func(got, want *sudokuOptions) { got.IO, want.IO = nil, nil })
}

// TestPentominoParse: pentomino's flags become its options; a board
// drawn in a file, like a piece file, is the run's to read.
func TestPentominoParse(t *testing.T) {
	box, err := pentomino.ParseBoardSize("12x5")
	if err != nil {
		t.Fatal(err)
	}
	checkParse(t, newCmdPentomino, []parseCase[pentominoOptions]{
		{args: []string{"--board", "12x5", "--symmetry", "--one-sided", "--color", "never"}, want: func(o *pentominoOptions) {
			o.Board, o.Symmetry, o.OneSided, o.Color = box, true, true, "never"
		}},
		{args: []string{"--board-file", "no/such/board.txt", "--pieces", "no/such/pieces.yaml"}, want: func(o *pentominoOptions) {
			o.Board, o.BoardFile, o.Pieces = nil, "no/such/board.txt", "no/such/pieces.yaml"
		}},
		{args: []string{"--weight", "border", "--best", "2", "--svg", "p.svg"}, want: func(o *pentominoOptions) {
			o.Weight, o.Cheapest, o.SVG = pentomino.TouchingBorder, cheapestOptions{K: 2, AtEnd: true}, "p.svg"
		}},
		{args: []string{"--emit-spec", "yaml", "--min-cost"}, want: func(o *pentominoOptions) { o.EmitSpec = specs.YAML }}, // the problem, costs and all
		{args: []string{"--min-cost"}, err: "pentomino: --min-cost and --best need --weight: without it every packing costs 0"},
		{args: []string{"--board", "6x10", "--board-file", "b.txt"}, err: "pentomino: give --board or --board-file, not both"},
		{args: []string{"--board", "6by10"}, err: `--board: bad board: "6by10": expected WIDTHxHEIGHT, for example 10x6`},
		{args: []string{"--weight", "heavy"}, err: `pentomino: --weight "heavy": expected border`},
		{args: []string{"--svg", "p.svg", "--count"}, err: "pentomino: --svg draws the packings printed: it does not combine with --count"},
	}, func(got, want *pentominoOptions) {
		if fn := func(w pentomino.Weight) uintptr { return reflect.ValueOf(w).Pointer() }; fn(got.Weight) != fn(want.Weight) {
			t.Errorf("the weight %v, want %v", got.Weight != nil, want.Weight != nil)
		}
		got.IO, got.Weight, want.IO, want.Weight = nil, nil, nil, nil
	})
}
