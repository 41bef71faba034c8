package main

import (
	"context"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/internal/cliparse"
	"xcover/specs"
)

// Every flag that more than one command takes is declared here, once, by a
// function that builds a fresh one for each app; a command file declares
// only its own. Values are checked as they are parsed (count, duration), so
// that 0, a negative number, a number too large or a duration without a
// unit gets the same message in every command.
const (
	flagAll, flagLimit, flagCount, flagJSON, flagStats = "all", "limit", "count", "json", "stats"
	flagMaxNodes, flagTimeout, flagProgress, flagEvery = "max-nodes", "timeout", "progress", "progress-every"
	flagFormat, flagEmitSpec, flagJobs                 = "format", "emit-spec", "jobs"
	flagEngine, flagBranching, flagSeed                = "engine", "branching", "seed"
)

// searchFlags returns the flags of the commands that search; what names a
// solution in the help: "solution", "packing".
func searchFlags(what string) []cli.Flag {
	return []cli.Flag{
		allFlag("print every "+what, "the first one only"),
		&cli.GenericFlag{Name: flagLimit, Value: &cliparse.Count{Min: 1}, DefaultText: "1", Usage: "print the first `N` " + what + "s (with --count: count up to N)"},
		&cli.BoolFlag{Name: flagCount, Usage: "count the " + what + "s without printing them; print the count (N+ when it is a lower bound)"},
		jsonFlag("print one JSON object per line, for programs: one per " + what + ", then a summary"),
		&cli.BoolFlag{Name: flagStats, Usage: "print a summary line on stderr: " + what + "s, updates, nodes, time, status"},
		&cli.GenericFlag{Name: flagMaxNodes, Value: &cliparse.Count{Min: 1}, DefaultText: "no limit", Usage: "stop a search after `N` search-tree nodes, print what was found, exit 3"},
		timeoutFlag(),
		&cli.BoolFlag{Name: flagProgress, DefaultText: "a status line when stderr is a terminal", Usage: "show progress on stderr: a status line on a terminal, else a line every --progress-every; --progress=false: never"},
		&cli.GenericFlag{Name: flagEvery, Value: &cliparse.Duration{D: 3 * time.Second}, Usage: "with --progress and stderr not a terminal, print a line every `DURATION`"},
		engineFlag("search with `ENGINE`: sparse (sparse sets, the fastest), dlx (dancing links: Knuth's DLX1/DLX2/DLX3 statistics exactly), or auto (the faster for the problem: sparse)"),
	}
}

// timeoutFlag bounds a whole run, reading the input included.
func timeoutFlag() cli.Flag {
	return &cli.GenericFlag{Name: flagTimeout, Value: &cliparse.Duration{}, DefaultText: "none", Usage: "stop after `DURATION` (30s, 5m, 1h30m), reading the input included; print what was found, exit 3"}
}

// specFormatFlag chooses the format of an exact-cover problem read.
func specFormatFlag() cli.Flag {
	return formatFlag("read the input as `FORMAT` yaml or dlx", "from the extension .yaml, .yml or .dlx (.gz too), else from the content")
}

// formatFlag chooses the format of the input; def says what the default
// does.
func formatFlag(usage, def string) cli.Flag {
	return &cli.StringFlag{Name: flagFormat, Usage: usage, DefaultText: def}
}

// allFlag asks for every solution (merge: every shard's).
func allFlag(usage, def string) cli.Flag {
	return &cli.BoolFlag{Name: flagAll, Usage: usage, DefaultText: def}
}

// jsonFlag asks for the output for programs; usage says what it holds.
func jsonFlag(usage string) cli.Flag { return &cli.BoolFlag{Name: flagJSON, Usage: usage} }

// engineFlag chooses the engine (solve's --engine); usage says for what.
func engineFlag(usage string) cli.Flag {
	return &cli.GenericFlag{Name: flagEngine, Value: &engine{}, DefaultText: "auto", Usage: usage}
}

// branchingFlag chooses the branching rule, read by branchingOf.
func branchingFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: flagBranching, Value: "knuth", Usage: usage}
}

// branchingOf reads --branching: knuth or weighted.
func branchingOf(c *cli.Context) (exactcover.Branching, error) {
	b, err := exactcover.ParseBranching(c.String(flagBranching))
	if err != nil {
		return b, usage(c, "--branching %q: expected knuth or weighted", c.String(flagBranching))
	}
	return b, nil
}

// seedFlag seeds random choices (zdd sample, estimate).
func seedFlag(usage string) cli.Flag { return &cli.Uint64Flag{Name: flagSeed, Usage: usage} }

// emitSpecFlag asks sudoku and pentomino for their exact-cover problem.
func emitSpecFlag() cli.Flag {
	return &cli.StringFlag{Name: flagEmitSpec, Usage: "print the exact-cover problem as `FORMAT` yaml or dlx instead of solving it"}
}

// jobsFlag sets the number of goroutines that solve; more than maxJobs
// gain nothing on any machine xcover runs on, and each holds a solver.
// usage says what they do in the command, def the default when it is not 1.
func jobsFlag(usage, def string) cli.Flag {
	return &cli.GenericFlag{Name: flagJobs, Aliases: []string{"j"}, Value: &cliparse.Count{N: 1, Min: 1, Max: maxJobs}, Usage: usage, DefaultText: def}
}

const maxJobs = 256

// search is what the shared search flags ask for, checked.
type search struct {
	limit              int64 // solutions to find; 0 for all
	count, json, stats bool
	maxNodes           int64 // 0: no limit
	timeout            time.Duration
	engine             exactcover.Engine
}

// searchOf reads the search flags and checks how they combine.
func searchOf(c *cli.Context) (*search, error) {
	s := &search{limit: 1, count: c.Bool(flagCount), json: c.Bool(flagJSON), stats: c.Bool(flagStats),
		maxNodes: countOf(c, flagMaxNodes), timeout: durationOf(c, flagTimeout),
		engine: c.Generic(flagEngine).(*engine).e}
	switch all := c.Bool(flagAll); {
	case all && c.IsSet(flagLimit):
		return nil, usage(c, "--all and --limit contradict each other: give one")
	case all && s.count:
		return nil, usage(c, "--all prints every solution and --count prints none: give one")
	case c.IsSet(flagLimit):
		s.limit = countOf(c, flagLimit)
	case all || s.count:
		s.limit = 0
	}
	return s, nil
}

// withTimeout returns the run's context, ended after d when d > 0.
func withTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(parent, d)
	}
	return context.WithCancel(parent)
}

// specFormat returns the format the flag names (yaml, yml or dlx), or ""
// when it is absent.
func specFormat(c *cli.Context, flag string) (specs.Format, error) {
	if !c.IsSet(flag) {
		return "", nil
	}
	f, err := specs.ParseFormat(c.String(flag))
	if err != nil {
		return "", usage(c, "--%s %v", flag, err)
	}
	return f, nil
}

// usage is a usage error of the command being run: exit 2, one line.
func usage(c *cli.Context, format string, args ...any) error {
	return badInput(fmt.Errorf("%s: %s", c.Command.Name, fmt.Sprintf(format, args...)))
}

func countOf(c *cli.Context, name string) int64 { return c.Generic(name).(*cliparse.Count).N }

func durationOf(c *cli.Context, name string) time.Duration {
	return c.Generic(name).(*cliparse.Duration).D
}

// engine is the value of --engine.
type engine struct{ e exactcover.Engine }

func (v *engine) Set(s string) (err error) {
	v.e, err = exactcover.ParseEngine(s)
	return err
}

func (v *engine) String() string { return v.e.String() }
