package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
)

// Flags of "xcover solve", read by name in solveAction.
var (
	allFlag = &cli.BoolFlag{
		Name:        "all",
		Usage:       "print every solution",
		DefaultText: "the first one only",
	}
	limitFlag = &cli.Int64Flag{
		Name:        "limit",
		Usage:       "stop after `N` solutions (exit 0 when any was found)",
		DefaultText: "1; all with --all or --count",
	}
	countFlag = &cli.BoolFlag{
		Name:  "count",
		Usage: "count all solutions without printing them; print the count",
	}
	statsFlag = &cli.BoolFlag{
		Name:  "stats",
		Usage: "print a summary line on stderr: solutions, updates, nodes, time, status",
	}
	jsonFlag = &cli.BoolFlag{
		Name:  "json",
		Usage: "print one JSON object per line: one per solution, then a summary",
	}
	maxNodesFlag = &cli.Int64Flag{
		Name:        "max-nodes",
		Usage:       "stop after `N` search-tree nodes, print what was found, exit 3",
		DefaultText: "no limit",
	}
	branchingFlag = &cli.StringFlag{
		Name:  "branching",
		Value: "knuth",
		Usage: "`RULE` for the item to branch on, always one with the fewest options: knuth (ties to the first; DLX1's statistics) or weighted (ties to the item whose options ran out most often so far, then to the first: smaller trees on hard constrained problems such as Sudoku)",
	}
	profileFlag = &cli.BoolFlag{
		Name:  "profile",
		Usage: "print the number of search-tree nodes at each level on stderr, as Knuth's DLX1 does",
	}
	progressFlag = &cli.BoolFlag{
		Name:        "progress",
		Usage:       "print progress on stderr every few seconds; --progress=false never",
		DefaultText: "only when stderr is a terminal",
	}
	progressEveryFlag = &cli.DurationFlag{
		Name:  "progress-every",
		Usage: "print progress every `DURATION` (implies --progress)",
		Value: 3 * time.Second,
	}
	partialFlag = &cli.StringFlag{
		Name:  "partial",
		Usage: "start from the options in `LIST`, comma-separated labels or 0-based option indices (as --json prints them)",
	}
	treeFlag = &cli.StringFlag{
		Name:  "tree",
		Usage: fmt.Sprintf("write the search tree to `FILE.dot` as Graphviz (searches up to %d nodes)", maxTreeNodes),
	}
)

// maxTreeNodes bounds --tree: a drawing of more nodes is unreadable, and
// Graphviz takes minutes to lay it out.
const maxTreeNodes = 2000

// flushEvery bounds how long a printed solution may wait in the output
// buffer, so that rare solutions of a long search show up as found.
const flushEvery = 200 * time.Millisecond

// progressLevels bounds the "k of d" branches shown on a progress line.
const progressLevels = 24

var solveCommand = &cli.Command{
	Name:      "solve",
	Usage:     "solve an exact-cover problem written in YAML or Knuth's DLX format",
	ArgsUsage: "[FILE|-]",
	Description: `Reads a problem (FILE, or stdin when FILE is absent or "-") and prints the
first solution, one option per line: its label, else its items as written in
the input (a colored item as X:1). With --all or --limit, solutions are
separated by a blank line. Warnings (options dropped for having no primary
item) and statistics go to stderr.

Examples:
   $ xcover solve specs/examples/knuth.yaml
   $ xcover solve --all --stats specs/examples/queens-8.yaml
   $ xcover solve --count --profile specs/examples/langford-7.yaml
   $ xcover solve --json --limit 2 specs/examples/colors.yaml
   $ xcover solve --count --timeout 10s specs/examples/queens-8.yaml
   $ xcover solve --count --max-nodes 100 specs/examples/queens-8.yaml   # stops early: exit 3

--json prints, one object per line,
   {"type":"solution","number":1,"options":[{"index":3,"label":"...","items":["A","D"]},...]}
and last a summary,
   {"type":"summary","solutions":1,"nodes":6,"updates":30,"status":"complete",...}
where status is complete, limit, node-limit, timeout or interrupted.

` + exitCodeHelp,
	Flags: []cli.Flag{
		allFlag, limitFlag, countFlag, jsonFlag, statsFlag,
		formatFlag, timeoutFlag, maxNodesFlag, branchingFlag,
		profileFlag, progressFlag, progressEveryFlag,
		partialFlag, treeFlag,
	},
	Action: solveAction,
}

// solveRequest is what the flags of one "xcover solve" ask for, checked.
type solveRequest struct {
	limit    int64 // solutions to find; 0 for all
	count    bool
	json     bool
	stats    bool
	profile  bool
	progress bool
	every    time.Duration
	maxNodes int64
	rule     exactcover.Branching
	partial  string
	tree     string
}

// solveFlags checks the flags before any input is read: a contradiction is
// a usage error, exit 2.
func solveFlags(c *cli.Context) (*solveRequest, error) {
	r := &solveRequest{
		limit:    1,
		count:    c.Bool(countFlag.Name),
		json:     c.Bool(jsonFlag.Name),
		stats:    c.Bool(statsFlag.Name),
		profile:  c.Bool(profileFlag.Name),
		every:    c.Duration(progressEveryFlag.Name),
		maxNodes: c.Int64(maxNodesFlag.Name),
		partial:  c.String(partialFlag.Name),
		tree:     c.String(treeFlag.Name),
	}
	all := c.Bool(allFlag.Name)
	if all || r.count {
		r.limit = 0
	}
	if c.IsSet(limitFlag.Name) {
		if all {
			return nil, badInput(errors.New("--all and --limit contradict each other: give one"))
		}
		r.limit = c.Int64(limitFlag.Name)
		if r.limit < 1 {
			return nil, badInput(fmt.Errorf("--limit %d: expected a number of solutions ≥ 1", r.limit))
		}
	}
	switch b := c.String(branchingFlag.Name); b {
	case "knuth":
		r.rule = exactcover.KnuthMRV
	case "weighted":
		r.rule = exactcover.Weighted
	default:
		return nil, badInput(fmt.Errorf("--branching %q: expected knuth or weighted", b))
	}
	if c.IsSet(maxNodesFlag.Name) && r.maxNodes < 1 {
		return nil, badInput(fmt.Errorf("--max-nodes %d: expected a number of nodes ≥ 1", r.maxNodes))
	}
	if c.IsSet(timeoutFlag.Name) && c.Duration(timeoutFlag.Name) <= 0 {
		return nil, badInput(fmt.Errorf("--timeout %v: expected a positive duration such as 30s", c.Duration(timeoutFlag.Name)))
	}
	if r.every <= 0 {
		return nil, badInput(fmt.Errorf("--progress-every %v: expected a positive duration", r.every))
	}
	if c.IsSet(progressFlag.Name) {
		r.progress = c.Bool(progressFlag.Name)
	} else {
		r.progress = c.IsSet(progressEveryFlag.Name) || isTerminal(c.App.ErrWriter)
	}
	if r.tree != "" && r.partial != "" {
		return nil, badInput(errors.New("--tree draws the whole search tree: it does not combine with --partial"))
	}
	if c.IsSet(treeFlag.Name) && (r.tree == "" || r.tree == "-") {
		return nil, badInput(fmt.Errorf("--tree %q: expected a file name such as tree.dot (stdout is for solutions)", r.tree))
	}
	return r, nil
}

func solveAction(c *cli.Context) error {
	req, err := solveFlags(c)
	if err != nil {
		return err
	}
	sp, err := loadSpec(c)
	if err != nil {
		return err
	}
	s, warnings, err := sp.Compile()
	if err != nil {
		return badInput(err)
	}
	stderr := c.App.ErrWriter
	for _, w := range warnings {
		fmt.Fprintf(stderr, "xcover: warning: %s\n", w)
	}
	p := &sp.Problem
	partial, err := parsePartial(req.partial, p)
	if err != nil {
		return err
	}
	if req.tree != "" {
		if err := writeTree(c.Context, req.tree, p); err != nil {
			return err
		}
	}

	ctx, stop := searchContext(c)
	defer stop()
	out := newSolutionWriter(c.App.Writer, p, req)
	cfg := exactcover.Config{
		MaxSolutions: req.limit,
		MaxNodes:     req.maxNodes,
		Partial:      partial,
		Branching:    req.rule,
	}
	if req.progress {
		cfg.Progress = progressPrinter(stderr)
		cfg.ProgressEvery = req.every
	}
	var visit func([]int) bool
	if !req.count {
		visit = out.solution
	}
	st, err := s.Search(ctx, cfg, visit)
	if err != nil && st.Status != exactcover.Timeout && st.Status != exactcover.Interrupted {
		// The only other errors are about the partial solution, found
		// before any solution was printed.
		return partialError(err, p)
	}
	out.summary(st)
	if err := out.flush(); err != nil {
		return withCode(exitBadInput, fmt.Errorf("writing the output: %v", err))
	}
	if req.profile {
		writeProfile(stderr, st.Profile)
	}
	if req.stats {
		fmt.Fprintln(stderr, summaryLine(st))
	}
	return searchExit(st, "solution", req.count, req.json)
}

// parsePartial resolves --partial: comma-separated entries, each a 0-based
// option index or an option's label (which must name exactly one option).
// The engine checks that the options are consistent.
func parsePartial(list string, p *exactcover.Problem) ([]int, error) {
	if list == "" {
		return nil, nil
	}
	var labels map[string][]int
	var partial []int
	for _, entry := range strings.Split(list, ",") {
		entry = strings.TrimSpace(entry)
		if k, err := strconv.Atoi(entry); err == nil {
			if k < 0 || k >= len(p.Options) {
				return nil, badInput(fmt.Errorf("--partial: option index %d: expected 0…%d", k, len(p.Options)-1))
			}
			partial = append(partial, k)
			continue
		}
		if labels == nil {
			labels = make(map[string][]int)
			for k, o := range p.Options {
				if o.Label != "" {
					labels[o.Label] = append(labels[o.Label], k)
				}
			}
		}
		switch ks := labels[entry]; len(ks) {
		case 0:
			return nil, badInput(fmt.Errorf("--partial: %q: expected an option label or a 0-based option index", entry))
		case 1:
			partial = append(partial, ks[0])
		default:
			return nil, badInput(fmt.Errorf("--partial: label %q names %d options (indices %v): give an index", entry, len(ks), ks))
		}
	}
	return partial, nil
}

// partialError explains why the engine refused the partial solution, naming
// options by their 0-based index as --partial does.
func partialError(err error, p *exactcover.Problem) error {
	var pe *exactcover.ProblemError
	if !errors.As(err, &pe) || pe.Option < 0 || pe.Option >= len(p.Options) {
		return badInput(fmt.Errorf("--partial: %v", err))
	}
	name := p.Options[pe.Option].Label
	if name == "" {
		name = strings.Join(itemStrings(&p.Options[pe.Option]), " ")
	}
	switch {
	case errors.Is(err, exactcover.ErrInconsistentPart):
		return badInput(fmt.Errorf("--partial: option %d (%s) clashes with an option before it in the list", pe.Option, name))
	case errors.Is(err, exactcover.ErrBadPartial):
		return badInput(fmt.Errorf("--partial: option %d (%s) was dropped for having no primary item", pe.Option, name))
	}
	return badInput(fmt.Errorf("--partial: %v", err))
}

// writeTree writes the search tree to file, refusing searches beyond
// maxTreeNodes. Nothing is written when the tree cannot be drawn.
func writeTree(ctx context.Context, file string, p *exactcover.Problem) error {
	var buf bytes.Buffer
	if err := explain.WriteTree(ctx, &buf, p, maxTreeNodes); err != nil {
		return badInput(fmt.Errorf("--tree: %v", err))
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o666); err != nil {
		return badInput(fmt.Errorf("--tree: %s: %v", file, pathError(err)))
	}
	return nil
}

// solutionWriter prints solutions as text or JSON lines through a buffer,
// flushed at the end, when a solution has waited flushEvery, and on stop.
// Each option is formatted once, the first time a solution uses it, so
// that printing millions of solutions costs little more than copying bytes.
type solutionWriter struct {
	w         *bufio.Writer
	enc       *json.Encoder // for the summary object
	p         *exactcover.Problem
	req       *solveRequest
	n         int64
	lastFlush time.Time
	printed   [][]byte // option k as printed: its text line, or its JSON object
	num       []byte   // scratch for the solution number
}

// jsonOption is one option of a solution in --json output.
type jsonOption struct {
	Index int      `json:"index"`
	Label string   `json:"label,omitempty"`
	Items []string `json:"items"`
}

// A solution is printed as
//
//	{"type":"solution","number":N,"options":[jsonOption,...]}
//
// from preformatted options; jsonLine in main_test.go decodes it strictly.
const (
	jsonSolutionStart   = `{"type":"solution","number":`
	jsonSolutionOptions = `,"options":[`
	jsonSolutionEnd     = "]}\n"
)

// jsonSummary is the last object of --json output.
type jsonSummary struct {
	Type           string  `json:"type"` // "summary"
	Solutions      int64   `json:"solutions"`
	Nodes          int64   `json:"nodes"`
	Updates        int64   `json:"updates"`
	Cleansings     int64   `json:"cleansings"`
	Status         string  `json:"status"`
	Complete       bool    `json:"complete"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	Profile        []int64 `json:"profile"`
}

func newSolutionWriter(w io.Writer, p *exactcover.Problem, req *solveRequest) *solutionWriter {
	out := &solutionWriter{
		w:         bufio.NewWriterSize(w, 64<<10),
		p:         p,
		req:       req,
		lastFlush: time.Now(),
		printed:   make([][]byte, len(p.Options)),
	}
	if req.json {
		out.enc = json.NewEncoder(out.w)
		out.enc.SetEscapeHTML(false)
	}
	return out
}

// solution prints one solution; it returns false to stop the search when
// the output cannot be written.
func (out *solutionWriter) solution(sol []int) bool {
	out.n++
	if out.req.json {
		out.w.WriteString(jsonSolutionStart)
		out.num = strconv.AppendInt(out.num[:0], out.n, 10)
		out.w.Write(out.num)
		out.w.WriteString(jsonSolutionOptions)
		for i, k := range sol {
			if i > 0 {
				out.w.WriteByte(',')
			}
			out.w.Write(out.option(k))
		}
		out.w.WriteString(jsonSolutionEnd)
	} else {
		if out.n > 1 {
			out.w.WriteByte('\n')
		}
		for _, k := range sol {
			out.w.Write(out.option(k))
		}
	}
	if now := time.Now(); now.Sub(out.lastFlush) >= flushEvery {
		out.lastFlush = now
		if out.w.Flush() != nil {
			return false
		}
	}
	return true
}

// option returns option k as printed, formatting it on first use: as text,
// one line with its label, else its items as written in the input; as
// JSON, the object {"index":k,"label":...,"items":[...]}.
func (out *solutionWriter) option(k int) []byte {
	if b := out.printed[k]; b != nil {
		return b
	}
	o := &out.p.Options[k]
	var b []byte
	if out.req.json {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(jsonOption{Index: k, Label: o.Label, Items: itemStrings(o)})
		b = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	} else if o.Label != "" {
		b = append([]byte(o.Label), '\n')
	} else {
		b = append([]byte(strings.Join(itemStrings(o), " ")), '\n')
	}
	out.printed[k] = b
	return b
}

// itemStrings returns an option's items as written in the input.
func itemStrings(o *exactcover.Option) []string {
	items := make([]string, len(o.Items))
	for j, r := range o.Items {
		items[j] = r.String()
	}
	return items
}

// summary prints what must follow the solutions on stdout: the count with
// --count, the summary object with --json.
func (out *solutionWriter) summary(st exactcover.Stats) {
	switch {
	case out.req.json:
		profile := st.Profile
		if profile == nil {
			profile = []int64{}
		}
		out.enc.Encode(jsonSummary{
			Type:           "summary",
			Solutions:      st.Solutions,
			Nodes:          st.Nodes,
			Updates:        st.Updates,
			Cleansings:     st.Cleansings,
			Status:         st.Status.String(),
			Complete:       st.Status == exactcover.Complete,
			ElapsedSeconds: st.Elapsed.Seconds(),
			Profile:        profile,
		})
	case out.req.count:
		fmt.Fprintln(out.w, st.Solutions)
	}
}

func (out *solutionWriter) flush() error { return out.w.Flush() }

// summaryLine is the --stats line, worded as Knuth's programs end:
// "Altogether 92 solutions, 17160 updates, 1049 nodes, 0.004s; complete".
func summaryLine(st exactcover.Stats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Altogether %d %s, %d updates", st.Solutions, plural(st.Solutions, "solution", "solutions"), st.Updates)
	if st.Cleansings > 0 {
		fmt.Fprintf(&b, ", %d cleansings", st.Cleansings)
	}
	fmt.Fprintf(&b, ", %d nodes, %s; %s", st.Nodes, elapsed(st.Elapsed), st.Status)
	return b.String()
}

// writeProfile prints the nodes per level as Knuth's DLX1 does with its
// show_profile option: "Profile:" then "%3d: %d" per level.
func writeProfile(w io.Writer, profile []int64) {
	var b strings.Builder
	b.WriteString("Profile:\n")
	for level, n := range profile {
		fmt.Fprintf(&b, "%3d: %d\n", level, n)
	}
	io.WriteString(w, b.String())
}

// progressPrinter returns the engine's progress callback: one line on w
// with the time, solutions and nodes so far, Knuth's estimate of the
// fraction of the tree explored, and the branch taken at each level as
// "k of d" (the k-th of the d options of the item chosen there), a run of
// forced levels as "1 of 1 ×n".
func progressPrinter(w io.Writer) func(*exactcover.Progress) {
	var b strings.Builder
	return func(pr *exactcover.Progress) {
		b.Reset()
		st := pr.Stats
		fmt.Fprintf(&b, "xcover: progress %s: %d %s, %d nodes, %.2f%% done (estimated); levels:",
			elapsed(st.Elapsed), st.Solutions, plural(st.Solutions, "solution", "solutions"), st.Nodes, 100*pr.Fraction())
		shown := 0
		for l := 0; l < len(pr.Branches); {
			if shown == progressLevels {
				fmt.Fprintf(&b, " … (%d levels)", len(pr.Branches))
				break
			}
			if shown > 0 {
				b.WriteByte(',')
			}
			br := pr.Branches[l]
			fmt.Fprintf(&b, " %d of %d", br.K, br.D)
			// A run of forced moves (Sudoku givens, say) reads better
			// as one entry: "1 of 1 ×17".
			run := 1
			for l+run < len(pr.Branches) && br.D == 1 && pr.Branches[l+run].D == 1 {
				run++
			}
			if run > 2 {
				fmt.Fprintf(&b, " ×%d", run)
			} else {
				run = 1
			}
			l += run
			shown++
		}
		b.WriteByte('\n')
		io.WriteString(w, b.String())
	}
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
