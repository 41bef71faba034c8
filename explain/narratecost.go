package explain

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// NarrateCost tells, in English on w, how Knuth's DLX5 finds the best
// cheapest solutions of p, whose options have costs: the taxes that give
// every item an option of net cost 0, the item each node branches on and
// how many of its options are cheap enough, each option tried with the net
// cost it brings, each solution with its cost and the cut-off it sets,
// and each cut, where an option (and every dearer one after it in its
// item's list, sorted by cost) cannot beat the cut-off. maxNodes, when
// positive, stops the search and the story there.
//
// It returns what exactcover.Solver.Cheapest returns, and the first error
// writing to w.
func NarrateCost(ctx context.Context, w io.Writer, p *exactcover.Problem, best int, maxNodes int64) (exactcover.CostResult, error) {
	s, err := exactcover.New(p)
	if err != nil {
		return exactcover.CostResult{}, err
	}
	n := &costNarrator{w: w, p: p, best: max(best, 1)}
	what := "the cheapest solution"
	if n.best > 1 {
		what = fmt.Sprintf("the %d cheapest solutions", n.best)
	}
	n.say(0, "Looking for %s of a problem with %s and %s with costs (Knuth's DLX5).", what,
		plural.Of(len(p.Primary), "primary item"), plural.Of(len(p.Options), "option"))
	n.say(0, "First the taxes: each primary item is taxed the cost of its cheapest option, which is taken off every option that contains it. Every solution covers each primary item once, so its cost is the total tax plus the net costs of its options, and the cheapest solutions stay the cheapest.")
	res, err := s.Cheapest(ctx, exactcover.CostConfig{Best: best, MaxNodes: maxNodes, Trace: n.step}, nil)
	n.footer(res)
	if n.err != nil {
		return res, n.err
	}
	return res, err
}

// costNarrator turns the steps of a minimum-cost search into text.
type costNarrator struct {
	w     io.Writer
	p     *exactcover.Problem
	best  int
	taxes []string
	total int64
	// started says that the search has begun, after the taxes.
	started bool
	err     error
}

// say writes one line, indented by level.
func (n *costNarrator) say(level int, format string, args ...any) {
	if n.err == nil {
		_, n.err = fmt.Fprintf(n.w, "%s%s\n", strings.Repeat("  ", level), fmt.Sprintf(format, args...))
	}
}

// option names option k as solve prints it: its label, else its items.
func (n *costNarrator) option(k int) string {
	o := &n.p.Options[k]
	if o.Label != "" {
		return fmt.Sprintf("%q (%s, cost %d)", o.Label, o, o.Cost)
	}
	return fmt.Sprintf("%q (cost %d)", o.String(), o.Cost)
}

func (n *costNarrator) step(s exactcover.CostStep) {
	if s.Kind != exactcover.StepTax && !n.started { // the taxes are all told
		n.started = true
		if len(n.taxes) == 0 {
			n.say(1, "No tax: every primary item has an option of cost 0 already.")
		} else {
			n.say(1, "%s: total %d.", strings.Join(n.taxes, ", "), n.total)
		}
	}
	item := n.p.ItemName(s.Item)
	switch s.Kind {
	case exactcover.StepTax:
		n.taxes = append(n.taxes, fmt.Sprintf("%s is taxed %d", item, s.Net))
		n.total += s.Net
	case exactcover.StepBranch:
		n.say(s.Level, "Level %d: branch on %s, %s cheap enough (its list is sorted by net cost; the cheapest is at %d).",
			s.Level, item, plural.Of(s.Choices, "option"), s.Net)
	case exactcover.StepDeadEnd:
		if s.Net == exactcover.NoCost {
			n.say(s.Level, "Level %d: %s has no option left: dead end.", s.Level, item)
		} else {
			n.say(s.Level, "Level %d: %s's cheapest option would bring the net cost to the cut-off or beyond: dead end.", s.Level, item)
		}
	case exactcover.StepTry:
		n.say(s.Level, "Level %d: try %s: net cost so far %d.", s.Level, n.option(s.Option), s.Net)
	case exactcover.StepCut:
		n.say(s.Level, "Level %d: %s would bring the net cost to %d, not below the cut-off %d: cut, and with it the dearer options after it.",
			s.Level, n.option(s.Option), s.Net, s.Cutoff)
	case exactcover.StepSolution:
		if s.Cutoff == exactcover.NoCost {
			n.say(s.Level+1, "Solution of net cost %d, cost %d. No cut-off yet: fewer than %d solutions are known.", s.Net, s.Net+n.total, n.best)
		} else {
			n.say(s.Level+1, "Solution of net cost %d, cost %d. Cut-off from now on: net %d (a branch must cost less to be entered).", s.Net, s.Net+n.total, s.Cutoff)
		}
	}
}

func (n *costNarrator) footer(res exactcover.CostResult) {
	var costs []string
	for _, b := range res.Best {
		costs = append(costs, fmt.Sprint(b.Cost))
	}
	switch {
	case res.Status != exactcover.Complete:
		n.say(0, "Stopped (%s) after %s.", res.Status, plural.Of(res.Nodes, "node"))
	case len(costs) == 0:
		n.say(0, "No solution: %s, %d updates.", plural.Of(res.Nodes, "node"), res.Updates)
	default:
		best := "the cheapest solution costs " + costs[0]
		if n.best > 1 {
			best = fmt.Sprintf("the %s cost %s", plural.Of(len(costs), "cheapest solution"), inWords(costs))
		}
		n.say(0, "Done: %s; %s, %s and %d updates, as DLX5 counts them.",
			best, plural.Of(res.Solutions, "improving solution"), plural.Of(res.Nodes, "node"), res.Updates)
	}
}

// inWords lists costs as "7", "7 and 8", "7, 8 and 9".
func inWords(costs []string) string {
	if len(costs) == 1 {
		return costs[0]
	}
	return strings.Join(costs[:len(costs)-1], ", ") + " and " + costs[len(costs)-1]
}
