package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
)

// maxTreeNodes bounds the drawing of --tree: Graphviz takes minutes to lay
// out more, and the drawing is unreadable anyway.
const maxTreeNodes = 2000

func solveCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve an exact-cover problem written in YAML or Knuth's DLX format",
		ArgsUsage: "[FILE|-]",
		Description: `Reads a problem (FILE, or stdin when FILE is absent or "-"; gzipped or not)
and prints the first solution, one option per line: its label, else its items
as written in the input (a colored item as X:1). With --all or --limit,
solutions are separated by a blank line. Warnings (options dropped for having
no primary item) and statistics go to stderr. Options are numbered from 1 in
the order the input gives them, as --partial, --tree and explain count them.

Examples:
   $ xcover examples knuth.yaml | xcover solve -
   $ xcover examples queens-8.yaml | xcover solve --all --stats -
   $ xcover examples langford-7.yaml | xcover solve --count --profile -
   $ xcover examples colors.yaml | xcover solve --json --limit 2 -
   $ xcover examples knuth.yaml | xcover solve --partial 4 -
   $ xcover examples queens-8.yaml | xcover solve --count --max-nodes 100 -   # stops early: exit 3

--json prints, one object per line,
   {"type":"solution","number":1,"option_indices":[3,0,4],"options":[{"label":"...","items":["A","D"]},...]}
where option_indices are the library's 0-based indices of the options, and
last a summary,
   {"type":"summary","solutions":1,"nodes":6,"updates":30,"status":"complete","elapsed_seconds":...}
where status is complete, limit, node-limit, timeout or interrupted.

` + exitCodeHelp,
		Flags: append(searchFlags("solution"), formatFlag(),
			&cli.StringFlag{Name: "branching", Value: "knuth",
				Usage: "`RULE` for the item to branch on, always one with the fewest options: knuth (ties to the first; DLX1's statistics) or weighted (ties to the item whose options ran out most often so far: smaller trees on hard constrained problems such as Sudoku)"},
			&cli.BoolFlag{Name: "profile", Usage: "print the number of search-tree nodes at each level on stderr, as Knuth's DLX1 does"},
			&cli.GenericFlag{Name: "partial", Value: &optionRefs{},
				Usage: "start from the options `REFS`: numbers from 1 or labels, comma-separated or one per --partial; label:TEXT for a label that is a number or holds a comma"},
			&cli.StringFlag{Name: "tree",
				Usage: fmt.Sprintf("draw the search tree (what the search explores, up to %d nodes) in `FILE` as Graphviz DOT; - for stdout, in place of the solutions", maxTreeNodes)},
		),
		Action: func(c *cli.Context) error { return solve(c, e) },
	}
}

func solve(c *cli.Context, e *env) error {
	req, err := searchOf(c, e)
	if err != nil {
		return err
	}
	var rule exactcover.Branching
	switch b := c.String("branching"); b {
	case "knuth":
	case "weighted":
		rule = exactcover.Weighted
	default:
		return usage(c, "--branching %q: expected knuth or weighted", b)
	}
	refs := c.Generic("partial").(*optionRefs).refs
	var tree *outputFile
	if c.IsSet("tree") {
		switch {
		case len(refs) > 0:
			return usage(c, "--tree draws the search from its root: it does not combine with --partial")
		case rule != exactcover.KnuthMRV:
			return usage(c, "--tree draws the search of Knuth's rule: it does not combine with --branching %s", c.String("branching"))
		case c.String("tree") == "-" && (req.json || req.count):
			return usage(c, "--tree - draws on stdout in place of the solutions: it does not combine with --json or --count")
		}
		if tree, err = createOutput(e, "--tree", c.String("tree")); err != nil {
			return err
		}
		defer tree.abort()
	}
	ctx, cancel := withTimeout(c.Context, req.timeout)
	defer cancel()
	status := newProgress(e, req)
	out := newWriter(e.stdout, req.json, status)
	end := ending{what: "solution"}
	pr, err := loadSpec(ctx, c, e)
	if isStop(err) {
		return finish(out, e, req, exactcover.Stats{Status: stoppedStatus(err)}, end)
	} else if err != nil {
		return err
	}
	p := &pr.spec.Problem
	partial := make([]int, len(refs))
	for i, ref := range refs {
		if partial[i], err = p.FindOption(ref); err != nil {
			return usage(c, "--partial: %v", err)
		}
	}
	if tree != nil {
		if err := drawTree(ctx, e, tree, p, req); err != nil {
			return err
		}
	}

	cfg := exactcover.Config{MaxSolutions: req.limit, MaxNodes: req.maxNodes, Partial: partial, Branching: rule}
	cfg.Progress, cfg.ProgressEvery = status.callback()
	var visit func([]int) bool
	if !req.count && (tree == nil || tree.stdout == nil) {
		visit = (&solutionPrinter{out: out, p: p, printed: make([][]byte, len(p.Options))}).solution
	}
	st, err := pr.solver.Search(ctx, cfg, visit)
	if err != nil && !isStop(err) {
		// The only other errors are about the partial solution, found
		// before any solution was printed.
		return partialError(c, err, p)
	}
	status.stop()
	end.summary = func(s *summary) { s.Cleansings, s.Profile = st.Cleansings, st.Profile }
	if c.Bool("profile") {
		// The nodes per level, as Knuth's DLX1 prints them with its
		// show_profile option.
		end.before = func() {
			var b strings.Builder
			b.WriteString("Profile:\n")
			for level, n := range st.Profile {
				fmt.Fprintf(&b, "%3d: %d\n", level, n)
			}
			io.WriteString(e.stderr, b.String())
		}
	}
	return finish(out, e, req, st, end)
}

// partialError explains why the engine refused the partial solution,
// naming the option by its number as --partial takes it.
func partialError(c *cli.Context, err error, p *exactcover.Problem) error {
	var pe *exactcover.ProblemError
	if !errors.As(err, &pe) || pe.Option < 0 || pe.Option >= len(p.Options) {
		return usage(c, "--partial: %v", err)
	}
	o := &p.Options[pe.Option]
	name := o.Label
	if name == "" {
		name = o.String()
	}
	why := "was dropped for having no primary item"
	if errors.Is(err, exactcover.ErrInconsistentPart) {
		why = "clashes with an option before it in the list"
	}
	return usage(c, "--partial: option %d (%s) %s", pe.Option+1, name, why)
}

// drawTree draws the search that solve is about to make, up to
// maxTreeNodes nodes, into file.
func drawTree(ctx context.Context, e *env, file *outputFile, p *exactcover.Problem, req *search) error {
	cfg := explain.TreeConfig{MaxNodes: maxTreeNodes, MaxSolutions: req.limit}
	if req.maxNodes > 0 && req.maxNodes <= maxTreeNodes {
		cfg.MaxNodes = req.maxNodes
	}
	var buf bytes.Buffer
	st, err := explain.WriteTree(ctx, &buf, p, cfg)
	if err != nil {
		return err // the context's: the search that follows stops at once and says so
	}
	if st.Status == exactcover.NodeLimit && cfg.MaxNodes != req.maxNodes {
		fmt.Fprintf(e.stderr, "xcover: --tree: drew the first %d nodes of the search (maxTreeNodes)\n", maxTreeNodes)
	}
	return file.commit(func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err })
}

// solutionPrinter prints solve's solutions. Each option is formatted once,
// the first time a solution uses it, so that printing millions of
// solutions costs little more than copying bytes.
type solutionPrinter struct {
	out     *writer
	p       *exactcover.Problem
	n       int64
	printed [][]byte // option k as printed: its text line, or its JSON object
	buf     []byte
}

// solution prints one solution; it returns false to stop the search when
// the output cannot be written.
func (sp *solutionPrinter) solution(sol []int) bool {
	sp.n++
	b := sp.buf[:0]
	if sp.out.json {
		b = append(b, `{"type":"solution","number":`...)
		b = strconv.AppendInt(b, sp.n, 10)
		b = append(b, `,"option_indices":[`...)
		for i, k := range sol {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(k), 10)
		}
		b = append(b, `],"options":[`...)
		for i, k := range sol {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, sp.option(k)...)
		}
		b = append(b, "]}\n"...)
		sp.out.w.Write(b)
	} else {
		for _, k := range sol {
			b = append(b, sp.option(k)...)
		}
		sp.out.text(b, true)
	}
	sp.buf = b
	return sp.out.tick()
}

// jsonOption is an option of a solution in --json output.
type jsonOption struct {
	Label string   `json:"label,omitempty"`
	Items []string `json:"items"`
}

// option returns option k as printed, formatting it on first use: as text,
// one line with its label, else its items as written in the input; as
// JSON, the object {"label":...,"items":[...]}.
func (sp *solutionPrinter) option(k int) []byte {
	if b := sp.printed[k]; b != nil {
		return b
	}
	o := &sp.p.Options[k]
	var b []byte
	switch {
	case sp.out.json:
		items := make([]string, len(o.Items))
		for j, r := range o.Items {
			items[j] = r.String()
		}
		var buf bytes.Buffer
		newEncoder(&buf).Encode(jsonOption{Label: o.Label, Items: items})
		b = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	case o.Label != "":
		b = append([]byte(o.Label), '\n')
	default:
		b = append([]byte(o.String()), '\n')
	}
	sp.printed[k] = b
	return b
}

// optionRefs is the value of --partial: references to options, in order.
type optionRefs struct{ refs []string }

// Set takes one --partial: "label:TEXT" whole, anything else split at
// commas.
func (v *optionRefs) Set(s string) error {
	if strings.HasPrefix(strings.TrimSpace(s), exactcover.LabelPrefix) {
		v.refs = append(v.refs, s)
		return nil
	}
	v.refs = append(v.refs, strings.Split(s, ",")...)
	return nil
}

func (v *optionRefs) String() string { return strings.Join(v.refs, ",") }
