package searchcmd

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// The names of the flags that more than one command takes.
const (
	FlagAll, FlagLimit, FlagCount, FlagJSON, FlagStats = "all", "limit", "count", "json", "stats"
	FlagMaxNodes, FlagTimeout, FlagProgress, FlagEvery = "max-nodes", "timeout", "progress", "progress-every"
	FlagFormat, FlagEmitSpec, FlagJobs                 = "format", "emit-spec", "jobs"
	FlagEngine, FlagBranching, FlagSeed                = "engine", "branching", "seed"
)

// SearchFlags returns the flags of the commands that search; what names a
// solution in the help: "solution", "packing".
func SearchFlags(what string) []cli.Flag {
	return []cli.Flag{
		AllFlag("print every "+what, "the first one only"),
		&cli.GenericFlag{Name: FlagLimit, Value: &cliparse.Count{Min: 1}, DefaultText: "1", Usage: "print the first `N` " + what + "s (with --count: count up to N)"},
		&cli.BoolFlag{Name: FlagCount, Usage: "count the " + what + "s without printing them; print the count (N+ when it is a lower bound)"},
		JSONFlag("print one JSON object per line, for programs: one per " + what + ", then a summary"),
		&cli.BoolFlag{Name: FlagStats, Usage: "print a summary line on stderr: " + what + "s, updates, nodes, time, status"},
		&cli.GenericFlag{Name: FlagMaxNodes, Value: &cliparse.Count{Min: 1}, DefaultText: "no limit", Usage: "stop a search after `N` search-tree nodes (--engine learn: N conflicts), print what was found, exit 3 (with -j, the workers share the N: a stopped search enters at most N nodes, and at most 1025 per other worker fewer; a resumed search N more)"},
		TimeoutFlag(),
		&cli.BoolFlag{Name: FlagProgress, DefaultText: "a status line when stderr is a terminal", Usage: "show progress on stderr: a status line on a terminal, else a line every --progress-every; --progress=false: never"},
		&cli.GenericFlag{Name: FlagEvery, Value: &cliparse.Duration{D: 3 * time.Second}, Usage: "with --progress and stderr not a terminal, print a line every `DURATION`"},
		EngineFlag("search with `ENGINE`: sparse (sparse sets), bits (bit sets: the fastest where items are few and options many, as in polyomino packing; at most 4,096 items and colors, a bit per color of a secondary item; slower than sparse past 256 and with multiplicities), dlx (dancing links: Knuth's DLX1/DLX2/DLX3 statistics exactly), learn (clause learning: no search tree, for first solutions, uniqueness and unsatisfiability on hard problems; lists solutions by blocking each, so not for big counts; refuses what needs a search tree: checkpoints, shards, --memo, --tree, --profile, --branching; with -j its workers search the halves it splits a hard problem into), or auto (the faster for the problem: bits where it takes the problem, without multiplicities, and items have 8 options or more on average, else sparse; for a first solution or uniqueness, search alone for 50,000 nodes, then search and learn side by side (on one core sharing it, or learn alone if random probes estimate the search tree at 10^8 nodes or more); for --min-cost and --best, see --min-cost)"),
	}
}

// TimeoutFlag bounds a whole run, reading the input included.
func TimeoutFlag() cli.Flag {
	return &cli.GenericFlag{Name: FlagTimeout, Value: &cliparse.Duration{}, DefaultText: "none", Usage: "stop after `DURATION` (30s, 5m, 1h30m), reading the input included; print what was found, exit 3"}
}

// SpecFormatFlag chooses the format of an exact-cover problem read.
func SpecFormatFlag() cli.Flag {
	return FormatFlag("read the input as `FORMAT` yaml or dlx", "from the extension .yaml, .yml or .dlx (.gz too), else from the content")
}

// FormatFlag chooses the format of the input; def says what the default
// does.
func FormatFlag(usage, def string) cli.Flag {
	return &cli.StringFlag{Name: FlagFormat, Usage: usage, DefaultText: def}
}

// AllFlag asks for every solution (merge: every shard's).
func AllFlag(usage, def string) cli.Flag {
	return &cli.BoolFlag{Name: FlagAll, Usage: usage, DefaultText: def}
}

// JSONFlag asks for the output for programs; usage says what it holds.
func JSONFlag(usage string) cli.Flag { return &cli.BoolFlag{Name: FlagJSON, Usage: usage} }

// EngineFlag chooses the engine (solve's --engine); usage says for what.
func EngineFlag(usage string) cli.Flag {
	return &cli.GenericFlag{Name: FlagEngine, Value: &choice[exactcover.Engine]{parse: exactcover.ParseEngine}, DefaultText: exactcover.EngineAuto.String(), Usage: usage}
}

// BranchingFlag chooses the branching rule, read by [Branching].
func BranchingFlag(usage string) cli.Flag {
	return &cli.GenericFlag{Name: FlagBranching, Value: &choice[exactcover.Branching]{parse: exactcover.ParseBranching}, DefaultText: exactcover.KnuthMRV.String(), Usage: usage}
}

// Branching returns the value of --branching.
func Branching(c *cli.Context) exactcover.Branching {
	return c.Generic(FlagBranching).(*choice[exactcover.Branching]).v
}

// SeedFlag seeds random choices (zdd sample, estimate).
func SeedFlag(usage string) cli.Flag { return &cli.Uint64Flag{Name: FlagSeed, Usage: usage} }

// EmitSpecFlag asks sudoku and pentomino for their exact-cover problem.
func EmitSpecFlag() cli.Flag {
	return &cli.StringFlag{Name: FlagEmitSpec, Usage: "print the exact-cover problem as `FORMAT` yaml or dlx instead of solving it"}
}

// JobsUsage and JobsDefault are -j's help in the commands that search with
// workers (solve, pentomino).
const (
	JobsUsage   = "search with `N` workers, each on its own core; -j 1 is the sequential search"
	JobsDefault = "every core with --count; else 1, so that the solutions printed come in the sequential search's order (with -j they come as found)"
)

// JobsFlag sets the number of goroutines that solve, at most maxJobs;
// usage says what they do in the command, def the default when it is not 1.
func JobsFlag(usage, def string) cli.Flag {
	return &cli.GenericFlag{Name: FlagJobs, Aliases: []string{"j"}, Value: &cliparse.Count{N: 1, Min: 1, Max: maxJobs}, Usage: usage, DefaultText: def}
}

// maxJobs bounds -j: more workers gain nothing on any machine xcover runs
// on, and each holds a solver.
const maxJobs = 256

// Request is what the shared search flags ask for, checked: the flags of
// [SearchFlags], and -j ([JobsFlag]) where the command takes it.
type Request struct {
	Limit              int64 // solutions to find; 0 for all
	Count, JSON, Stats bool
	MaxNodes           int64 // 0: no limit
	Timeout            time.Duration
	Engine             exactcover.Engine
	Jobs               int // -j; 0 when not given (see [Request.Workers])
	Progress           ProgressWhen
	ProgressEvery      time.Duration // with Progress, a line this often where no status line is drawn
}

// ProgressWhen says when a run shows its progress on stderr.
type ProgressWhen int

const (
	// ProgressOnTerminal, the default: a status line when stderr is a
	// terminal that redraws a line in place, else nothing.
	ProgressOnTerminal ProgressWhen = iota
	// ProgressAsked (--progress, or --progress-every given): the status
	// line on such a terminal, else a line every ProgressEvery.
	ProgressAsked
	// ProgressOff (--progress=false): never.
	ProgressOff
)

// RequestOf reads the search flags and checks how they combine.
func RequestOf(c *cli.Context) (*Request, error) {
	r := &Request{Limit: 1, Count: c.Bool(FlagCount), JSON: c.Bool(FlagJSON), Stats: c.Bool(FlagStats),
		MaxNodes: Count(c, FlagMaxNodes), Timeout: Duration(c, FlagTimeout), Engine: Engine(c),
		ProgressEvery: Duration(c, FlagEvery)}
	switch all := c.Bool(FlagAll); {
	case all && c.IsSet(FlagLimit):
		return nil, Usage(c.Command.Name, "--all and --limit contradict each other: give one")
	case all && r.Count:
		return nil, Usage(c.Command.Name, "--all prints every solution and --count prints none: give one")
	case c.IsSet(FlagLimit):
		r.Limit = Count(c, FlagLimit)
	case all || r.Count:
		r.Limit = 0
	}
	switch {
	case c.IsSet(FlagProgress) && !c.Bool(FlagProgress):
		r.Progress = ProgressOff
	case c.IsSet(FlagProgress) || c.IsSet(FlagEvery):
		r.Progress = ProgressAsked
	}
	if c.IsSet(FlagJobs) {
		r.Jobs = int(Count(c, FlagJobs))
	}
	return r, nil
}

// Workers returns the number of workers: -j when given; else, for a count
// (every), as many as the Go runtime runs at once (GOMAXPROCS: the cores
// this process may use, within its cgroup's CPU quota); else one, so that
// printed solutions come in the sequential search's order, the same from
// run to run (with workers they come as found).
func (r *Request) Workers(every bool) int {
	switch {
	case r.Jobs > 0:
		return r.Jobs
	case every:
		return runtime.GOMAXPROCS(0)
	}
	return 1
}

// WithTimeout returns the run's context, ended after d when d > 0.
func WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(parent, d)
	}
	return context.WithCancel(parent)
}

// SpecFormat returns the format the flag names (yaml, yml or dlx), or ""
// when it is absent.
func SpecFormat(c *cli.Context, flag string) (specs.Format, error) {
	if !c.IsSet(flag) {
		return "", nil
	}
	f, err := specs.ParseFormat(c.String(flag))
	if err != nil {
		return "", Usage(c.Command.Name, "--%s %v", flag, err)
	}
	return f, nil
}

// Count returns the value of a flag of [cliparse.Count].
func Count(c *cli.Context, name string) int64 { return c.Generic(name).(*cliparse.Count).N }

// Duration returns the value of a flag of [cliparse.Duration].
func Duration(c *cli.Context, name string) time.Duration {
	return c.Generic(name).(*cliparse.Duration).D
}

// Engine returns the value of --engine.
func Engine(c *cli.Context) exactcover.Engine {
	return c.Generic(FlagEngine).(*choice[exactcover.Engine]).v
}

// choice is the value of a flag that names one of a few choices (--engine,
// --branching), checked as the flags are parsed, with the one message
// shape of a bad flag value.
type choice[T fmt.Stringer] struct {
	v     T
	parse func(string) (T, error)
}

func (c *choice[T]) Set(s string) (err error) {
	c.v, err = c.parse(s)
	return err
}

func (c *choice[T]) String() string {
	if c == nil || c.parse == nil { // urfave/cli asks a zero value
		return ""
	}
	return c.v.String()
}
