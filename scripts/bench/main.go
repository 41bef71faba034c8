package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/google/renameio/v2"
)

// errDisagree is the error of a run in which some row stopped: its
// programs disagreed or one failed. The report is still written, saying
// which.
var errDisagree = errors.New("some rows stopped (see the tables)")

// errUsage is the error of a bad command line.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil:
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// options are the command line's flags.
type options struct {
	runs    int
	only    *regexp.Regexp
	list    bool
	dryRun  bool
	data    string
	xcover  string
	cpu     int
	timeout time.Duration
	out     string
	keep    bool
	engines bool     // the -engines mode: xcover's engines against each other
	names   []string // the workloads asked for; all when empty
}

// parse reads the command line.
func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./scripts/bench [flags] [workload…]\n\nworkloads:")
		for _, w := range workloads {
			fmt.Fprintf(stderr, " %s", w.id)
		}
		fmt.Fprintf(stderr, " (all when none is named)\n\nflags:\n")
		fs.PrintDefaults()
	}
	only := fs.String("only", "", "run only the rows whose `REGEX` matches \"workload/instance/peer\"")
	fs.IntVar(&o.runs, "runs", 5, "runs of each program per row, alternating")
	fs.BoolVar(&o.list, "list", false, "list the workloads, their inputs and the peers they need, and exit")
	fs.BoolVar(&o.dryRun, "dry-run", false, "check the inputs and the peers, print the commands, run nothing")
	fs.StringVar(&o.data, "data", "", "the shared data `DIR` (default: ../shared/data beside the module root)")
	fs.StringVar(&o.xcover, "xcover", "", "measure this xcover `BINARY` instead of building one from the checkout")
	fs.IntVar(&o.cpu, "cpu", -1, "pin every run to core `N` with taskset (default: the last core)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "give up a run after `DURATION`")
	fs.StringVar(&o.out, "o", "", "write the report to `FILE` once complete (default: stdout)")
	fs.BoolVar(&o.engines, "engines", false, "measure xcover's engines against each other on the shared instances and print the table of docs/engines.md's auto section")
	fs.BoolVar(&o.keep, "keep", false, "keep the temporary directory (inputs made, outputs) and print its path")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, errUsage
	}
	if o.runs < 1 {
		fmt.Fprintln(stderr, "bench: -runs must be at least 1")
		return o, errUsage
	}
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fmt.Fprintf(stderr, "bench: -only: %v\n", err)
			return o, errUsage
		}
		o.only = re
	}
	o.names = fs.Args()
	for _, n := range o.names {
		if !slices.ContainsFunc(workloads, func(w *workload) bool { return w.id == n }) {
			fmt.Fprintf(stderr, "bench: no workload %q (-list lists them)\n", n)
			return o, errUsage
		}
	}
	return o, nil
}

// selected are the workloads and rows the options ask for.
func (o options) selected() []*workload {
	var out []*workload
	for _, w := range workloads {
		if len(o.names) > 0 && !slices.Contains(o.names, w.id) {
			continue
		}
		sub := *w
		sub.pairs = nil
		for _, p := range w.pairs {
			if o.only == nil || o.only.MatchString(p.name(w)) {
				sub.pairs = append(sub.pairs, p)
			}
		}
		if len(sub.pairs) > 0 {
			out = append(out, &sub)
		}
	}
	return out
}

// run is the command: parse, then list, dry-run or measure.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.engines {
		root, err := moduleRoot()
		if err != nil {
			return err
		}
		return measureEngines(ctx, o, &env{root: root, data: o.dataDir(root), made: map[*input]bool{}}, stdout, stderr)
	}
	ws := o.selected()
	if len(ws) == 0 {
		fmt.Fprintln(stderr, "bench: no row matches -only")
		return errUsage
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	data := o.dataDir(root)
	if o.list {
		return list(stdout, ws)
	}
	e := &env{root: root, data: data, tmp: "$TMP", xcover: "xcover", made: map[*input]bool{}}
	if o.dryRun {
		return dryRun(stdout, e, ws, o)
	}

	return measureAll(ctx, o, ws, e, args, stdout, stderr)
}

// measureAll builds xcover, runs every row and writes the report.
func measureAll(ctx context.Context, o options, ws []*workload, e *env, args []string, stdout, stderr io.Writer) error {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "xcover-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(stderr, "bench: temporary directory", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	e.tmp = tmp
	if e.xcover, err = buildXcover(ctx, o.xcover, e.root, tmp, stderr); err != nil {
		return err
	}
	r := &runner{dir: tmp, pin: pinning(o.cpu), timeout: o.timeout}
	rp := &report{runs: o.runs, command: commandLine(args), machine: describe(e.root), loads: []float64{loadAverage()}}
	if r.pin != nil {
		rp.pin = strings.Join(r.pin, " ")
	}
	if o.xcover != "" {
		rp.machine.commit = "none: the binary " + o.xcover + " was given"
	}
	for _, p := range peers {
		if usedBy(p, ws) && p.check() == nil {
			rp.peers = append(rp.peers, peerVersion{p, p.version(ctx)})
		}
	}
	stopped := false
	for _, w := range ws {
		tb := table{w: w}
		for _, p := range w.pairs {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			rw := measure(ctx, r, e, w, p, o.runs, stderr)
			stopped = stopped || rw.failed != ""
			rp.loads = append(rp.loads, rw.load)
			tb.rows = append(tb.rows, rw)
		}
		rp.tables = append(rp.tables, tb)
	}
	rp.loads = append(rp.loads, loadAverage())
	rp.took = time.Since(start)
	var buf bytes.Buffer
	if err := rp.write(&buf, e); err != nil {
		return err
	}
	err = writeOut(o, buf.Bytes(), stdout)
	if err == nil && stopped {
		err = errDisagree
	}
	return err
}

// buildXcover builds xcover from the checkout at root into dir, once, or
// takes the binary given.
func buildXcover(ctx context.Context, given, root, dir string, stderr io.Writer) (string, error) {
	if given != "" {
		return filepath.Abs(given)
	}
	bin := filepath.Join(dir, "xcover")
	fmt.Fprintln(stderr, "bench: go build -o", bin, "./cmd/xcover")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/xcover")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building xcover: %w", err)
	}
	return bin, nil
}

// pinning is the taskset prefix that pins a run to core cpu (the last
// core when cpu < 0), or nil when taskset is not there.
func pinning(cpu int) []string {
	path, err := exec.LookPath("taskset")
	if err != nil {
		return nil
	}
	if cpu < 0 {
		cpu = runtime.NumCPU() - 1
	}
	return []string{filepath.Base(path), "-c", strconv.Itoa(cpu)}
}

// dataDir is the shared data directory: -data, or ../shared/data beside
// the module root.
func (o options) dataDir(root string) string {
	if o.data != "" {
		return o.data
	}
	return filepath.Join(filepath.Dir(root), "shared", "data")
}

// moduleRoot is the directory of the go.mod that holds the working
// directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", errors.New("run from inside the xcover module (go env GOMOD names no go.mod)")
	}
	return filepath.Dir(gomod), nil
}

// usedBy says whether some row of ws is compared with p.
func usedBy(p *peer, ws []*workload) bool {
	for _, w := range ws {
		for _, q := range w.pairs {
			if q.peer == p {
				return true
			}
		}
	}
	return false
}

// writeOut writes a finished report to -o's file, whole or not at all, or
// else to stdout.
func writeOut(o options, report []byte, stdout io.Writer) error {
	if o.out != "" {
		return renameio.WriteFile(o.out, report, 0o644)
	}
	_, err := stdout.Write(report)
	return err
}
