package main

import (
	"bytes"
	"cmp"
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
		Flags: append(searchFlags("solution"), formatFlag(),
			&cli.StringFlag{Name: "branching", Value: "knuth",
				Usage: "`RULE` for the item to branch on, always one with the fewest options: knuth (ties to the first; DLX1's statistics) or weighted (ties to the item whose options ran out most often so far: smaller trees on hard constrained problems such as Sudoku)"},
			&cli.BoolFlag{Name: "profile", Usage: "print the number of search-tree nodes at each level on stderr, as Knuth's DLX1 does"},
			&cli.GenericFlag{Name: "partial", Value: &optionRefs{},
				Usage: "start from the options `REFS`: numbers from 1 or labels, comma-separated or one per --partial; label:TEXT for a label that is a number or holds a comma"},
			&cli.StringFlag{Name: "tree",
				Usage: fmt.Sprintf("draw the search tree (what the search explores, up to %d nodes) in `FILE` as Graphviz DOT; - for stdout, in place of the solutions", maxTreeNodes)}),
		Action: func(c *cli.Context) error { return solve(c, e) },
	}
}

func solve(c *cli.Context, e *env) error {
	req, err := searchOf(c)
	if err != nil {
		return err
	}
	cfg := exactcover.Config{MaxSolutions: req.limit, MaxNodes: req.maxNodes}
	switch b := c.String("branching"); b {
	case "knuth":
	case "weighted":
		cfg.Branching = exactcover.Weighted
	default:
		return usage(c, "--branching %q: expected knuth or weighted", b)
	}
	refs := c.Generic("partial").(*optionRefs).refs
	var tree *outputFile
	if c.IsSet("tree") {
		switch {
		case len(refs) > 0:
			return usage(c, "--tree draws the search from its root: it does not combine with --partial")
		case cfg.Branching != exactcover.KnuthMRV:
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
	status := newProgress(c, e)
	out := newWriter(e, req.json, status)
	end := ending{what: "solution"}
	pr, err := loadSpec(ctx, c, e)
	if isStop(err) {
		return finish(out, e, req, exactcover.Stats{Status: stopped(err)}, end)
	} else if err != nil {
		return err
	}
	p := &pr.spec.Problem
	for _, ref := range refs {
		k, err := p.FindOption(ref)
		if err != nil {
			return usage(c, "--partial: %v", err)
		}
		cfg.Partial = append(cfg.Partial, k)
	}
	if tree != nil {
		if err := drawTree(ctx, e, tree, p, req); err != nil {
			return err
		}
	}

	cfg.Progress, cfg.ProgressEvery = status.callback()
	var visit func([]int) bool
	if !req.count && (tree == nil || tree.stdout == nil) {
		visit = (&solutionPrinter{out: out, p: p, printed: make([][]byte, len(p.Options))}).solution
	}
	st, err := pr.solver.Search(ctx, cfg, visit)
	if err != nil && !isStop(err) {
		return partialError(c, err, p) // found before any solution was printed
	}
	end.summary = func(s *summary) { s.Cleansings, s.Profile = st.Cleansings, st.Profile }
	if c.Bool("profile") { // as Knuth's DLX1 prints it with its show_profile option
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
	why := "was dropped for having no primary item"
	if errors.Is(err, exactcover.ErrInconsistentPart) {
		why = "clashes with an option before it in the list"
	}
	return usage(c, "--partial: option %d (%s) %s", pe.Option+1, cmp.Or(o.Label, o.String()), why)
}

// drawTree draws into file the search that solve is about to make, up to
// maxTreeNodes nodes.
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

// solution prints one solution, as text or as
//
//	{"type":"solution","number":1,"option_indices":[3,0,4],"options":[{"label":…,"items":[…]},…]}
//
// and returns false to stop the search when the output cannot be written.
func (sp *solutionPrinter) solution(sol []int) bool {
	sp.n++
	b := sp.buf[:0]
	if !sp.out.json {
		for _, k := range sol {
			b = append(b, sp.option(k)...)
		}
		sp.out.text(b, true)
		sp.buf = b
		return sp.out.tick()
	}
	b = strconv.AppendInt(append(b, `{"type":"solution","number":`...), sp.n, 10)
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
	sp.buf = b
	return sp.out.tick()
}

// option returns option k as printed, formatting it on first use: as text,
// its label, else its items as written in the input; as JSON,
// {"label":…,"items":[…]}.
func (sp *solutionPrinter) option(k int) []byte {
	if b := sp.printed[k]; b != nil {
		return b
	}
	o := &sp.p.Options[k]
	b := []byte(cmp.Or(o.Label, o.String()) + "\n")
	if sp.out.json {
		var items []string
		for _, r := range o.Items {
			items = append(items, r.String())
		}
		b = bytes.TrimSuffix(marshal(new(bytes.Buffer), struct {
			Label string   `json:"label,omitempty"`
			Items []string `json:"items"`
		}{o.Label, items}), []byte("\n"))
	}
	sp.printed[k] = b
	return b
}

// optionRefs is the value of --partial: references to options, in order,
// as exactcover.Problem.FindOption takes them. One --partial is split at
// commas, unless it starts with "label:".
type optionRefs struct{ refs []string }

func (v *optionRefs) Set(s string) error {
	if strings.HasPrefix(strings.TrimSpace(s), exactcover.LabelPrefix) {
		v.refs = append(v.refs, s)
	} else {
		v.refs = append(v.refs, strings.Split(s, ",")...)
	}
	return nil
}

func (v *optionRefs) String() string { return strings.Join(v.refs, ",") }
