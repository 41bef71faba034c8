package explain

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// Limits on how much one line of the narration lists. Beyond them a list is
// shortened and says how long it was: a reader follows a dozen names, not
// hundreds, and a Sudoku's 324 items would turn every line into a page.
const (
	// maxListedItems bounds the items named by the problem's header and by
	// the "items left to cover" line (which then names those with the
	// fewest options, the ones the branching rule looks at).
	maxListedItems = 20
	// maxListedOptions bounds the options listed by the header, by a
	// solution and by one cover or purify.
	maxListedOptions = 12
	// maxListedPartial bounds the option numbers of a partial solution.
	maxListedPartial = 12
	// maxListedTies bounds the tied items named by a choice.
	maxListedTies = 6
	// maxIndentLevel bounds the indentation: below this level the text stops
	// moving right, so that a deep search (a 9×9 Sudoku goes 60 levels down)
	// stays readable.
	maxIndentLevel = 16
)

// maxMeasured bounds the nodes the engine explores to measure a search
// before Narrate tells it: a million take it a tenth of a second, and a
// narration of that many nodes (a few million lines) is never read.
const maxMeasured = 1_000_000

// Config says how [Narrate] tells a search.
type Config struct {
	// MaxNodes stops the narration, and the search, before it enters a node
	// beyond that many (0: no limit).
	MaxNodes int64
	// Matrix draws the matrix at every node, through a window of
	// MaxMatrixItems × MaxMatrixOptions on a larger problem.
	Matrix bool
	// Dim draws covered items and hidden options dimmed with ANSI escapes
	// rather than blanked; for terminals.
	Dim bool
}

// Narrate tells, in English on w, how Algorithm X with dancing links solves
// p: the items left at each node of the search tree and their numbers of
// options, the item chosen and why, each option tried, the options each
// cover hides and from which items, dead ends, the undoing of each choice
// in reverse order, and each solution. A problem with multiplicities is told
// as Knuth's Algorithm M: items with their bounds and branches, the choice
// by the branching degree worked out, bounds going down, items covered
// enough, options tweaked and put back, null branches, and dead ends where
// too few options are left; the totals then count cleansings too. It
// returns the statistics of the search it told, which are the engine's
// (see [Walk]).
//
// With cfg.MaxNodes, the engine first measures the search, in a blink (at
// most maxMeasured nodes), and a search bigger than the narration will
// tell is said to be so before the story starts.
//
// Narrate checks p before it writes anything. It returns the first error
// writing to w, or ctx.Err() when the context stopped the search.
func Narrate(ctx context.Context, w io.Writer, p *exactcover.Problem, cfg Config) (exactcover.Stats, error) {
	s, err := exactcover.New(p)
	if err != nil {
		return exactcover.Stats{}, err
	}
	n := &narrator{w: w, p: p, cfg: cfg, mcc: p.HasMultiplicities()}
	if cfg.MaxNodes > 0 {
		measured := min(cfg.MaxNodes, maxMeasured)
		if res, _ := s.Count(ctx, exactcover.Config{Method: exactcover.MethodSearch, MaxNodes: measured, SkipProfile: true, Engine: exactcover.EngineDLX}); res.Status == exactcover.NodeLimit {
			told := "only the first " + plural.Of(cfg.MaxNodes, "node") + " are told below."
			if cfg.MaxNodes == 1 {
				told = "only the first node is told below."
			} else if measured < cfg.MaxNodes {
				told = "at most the first " + plural.Of(cfg.MaxNodes, "node") + " are told below."
			}
			n.printf(0, 0, "This search has more than %s, too many to follow step by step:", plural.Of(measured, "node"))
			n.printf(0, 0, "%s", told)
			n.printf(0, 0, "")
		}
	}
	n.header(s.Warnings())
	st, err := Walk(ctx, p, cfg.MaxNodes, n.step)
	n.footer(st)
	if n.err != nil {
		return st, n.err
	}
	return st, err
}

// narrator turns the steps of a walk into text.
type narrator struct {
	w   io.Writer
	p   *exactcover.Problem
	cfg Config
	err error // the first write error; nothing is written after it

	deadEnd bool // the node being told chose an item with no options

	// Multiplicities (Algorithm M): see narratem.go.
	mcc      bool
	entering bool   // between a Choose and the node's first branch
	chosen   []Step // chosen[level]: the Choose step of each level on the path
	// entered is the Active of the node entered last, which its Choose
	// step compares the chosen item with: one copy, not one per level,
	// whose memory would grow with the depth of the path.
	entered []ItemSize
	// stopped says why a walk stopped by its caller stopped (a trace's
	// budget), for the footer.
	stopped string
}

// printf writes one line at the indentation of level, plus extra spaces.
func (n *narrator) printf(level, extra int, format string, args ...any) {
	if n.err != nil {
		return
	}
	indent := strings.Repeat("  ", min(level, maxIndentLevel)) + strings.Repeat(" ", extra)
	_, n.err = fmt.Fprintf(n.w, indent+format+"\n", args...)
}

func (n *narrator) header(warnings []*exactcover.ProblemError) {
	p := n.p
	if n.mcc {
		n.printf(0, 0, "Algorithm M with dancing links, step by step (Knuth, TAOCP 7.2.2.1; his program DLX3).")
	} else {
		n.printf(0, 0, "Algorithm X with dancing links, step by step (Knuth, arXiv cs/0011047).")
	}
	n.printf(0, 0, "The problem: %s, %s, %s.",
		plural.Of(len(p.Primary), "primary item"), plural.Of(len(p.Secondary), "secondary item"), plural.Of(len(p.Options), "option"))
	switch {
	case len(p.Primary) > maxListedItems:
	case n.mcc:
		names := make([]string, len(p.Primary))
		for i := range names {
			names[i] = n.nameBounds(i)
		}
		n.printf(0, 2, "primary (cover as many times as the bounds say, else exactly once): %s", strings.Join(names, " "))
	default:
		n.printf(0, 2, "primary (cover exactly once): %s", strings.Join(p.Primary, " "))
	}
	if len(p.Secondary) > 0 && len(p.Secondary) <= maxListedItems {
		n.printf(0, 2, "secondary (cover at most once, or share one color): %s", strings.Join(p.Secondary, " "))
	}
	if len(p.Options) <= maxListedOptions {
		width := len(fmt.Sprint(len(p.Options)))
		for k := range p.Options {
			n.printf(0, 2, "option %*d: %s", width, k+1, n.optionText(k))
		}
	}
	for j, w := range warnings {
		if j == maxListedOptions {
			n.printf(0, 0, "%s more have no primary item, and are left out too.", plural.Of(len(warnings)-j, "option"))
			break
		}
		n.printf(0, 0, "Option %d (%s) has no primary item: it is left out, as Knuth's programs do.", w.Option+1, n.optionText(w.Option))
	}
	if n.mcc {
		n.headerM()
		return
	}
	n.printf(0, 0, "At each node the search chooses the primary item with the fewest options")
	n.printf(0, 0, "left (ties go to the item declared first), covers it, and tries its options")
	n.printf(0, 0, "one by one; each try covers the option's other items and goes one level down.")
	n.printf(0, 0, "")
}

func (n *narrator) footer(st exactcover.Stats) {
	n.printf(0, 0, "")
	counts := fmt.Sprintf("%s, %s, %s", plural.Of(st.Solutions, "solution"), plural.Of(st.Nodes, "node"), plural.Of(st.Updates, "update"))
	if n.mcc {
		counts += ", " + plural.Of(st.Cleansings, "cleansing")
	}
	switch st.Status {
	case exactcover.Complete:
		n.printf(0, 0, "The search is complete: %s.", counts)
	case exactcover.NodeLimit:
		n.printf(0, 0, "Stopped after %s, as asked; so far %s.", plural.Of(st.Nodes, "node"), counts)
	case exactcover.Stopped:
		n.printf(0, 0, "Stopped %s; so far %s.", cmp.Or(n.stopped, "("+st.Status.String()+")"), counts)
	default:
		n.printf(0, 0, "Stopped (%s); so far %s.", st.Status, counts)
	}
	if n.mcc {
		n.printf(0, 0, "(Counted as Knuth's DLX3 counts: a node per level entered plus one per")
		n.printf(0, 0, "solution; an update per item covered plus one per option taken out of a list,")
		n.printf(0, 0, "tweaks included; a cleansing per purification plus one per option kept.)")
		return
	}
	n.printf(0, 0, "(Counted as Knuth's DLX1 counts: a node per level entered plus one per")
	n.printf(0, 0, "solution; an update per item covered plus one per option taken out of a list.)")
}

// step tells one step of the walk.
func (n *narrator) step(s *Step) bool {
	if n.mcc {
		n.stepM(s)
		return n.err == nil
	}
	L := s.Level
	switch s.Kind {
	case Enter:
		n.enterText(s, n.activeText(s.Active))
	case Choose:
		if s.Size == 0 {
			n.deadEnd = true
			n.printf(L, 2, "Dead end: no option is left for %s.", n.name(s.Item))
			break
		}
		n.printf(L, 2, "Choose %s: %s.", n.name(s.Item), n.whyText(s))
	case Cover, Purify:
		n.coverText(s)
	case Try:
		n.printf(L, 2, "Try option %d (%s), the %s of %s's %s.", s.Option+1, n.optionText(s.Option), ordinal(s.K), n.name(s.Item), plural.Of(s.D, "option"))
	case Solution:
		n.solutionText(s, "every primary item is covered")
	case Undo:
		n.printf(L, 2, "Undo option %d: %s.", s.Option+1, n.undoText(s))
	case Backtrack:
		back := backText(L)
		if n.deadEnd {
			n.printf(L, 2, "Uncover %s and %s.", n.name(s.Item), back)
			n.deadEnd = false
			break
		}
		n.printf(L, 2, "%s has no more options: uncover %s and %s.", n.name(s.Item), n.name(s.Item), back)
	}
	return n.err == nil
}

// enterText tells an Enter step: the node, the partial solution, the
// items left (active, as the algorithm shows them) and the matrix.
func (n *narrator) enterText(s *Step, active string) {
	n.deadEnd = false
	n.printf(s.Level, 0, "Node %d at level %d; partial solution: %s.", s.Node, s.Level, n.partialText(s.Partial))
	n.printf(s.Level, 2, "%s", active)
	n.matrix(s)
}

// solutionText tells a Solution step; covered says how the primary items
// are covered.
func (n *narrator) solutionText(s *Step, covered string) {
	n.printf(s.Level, 0, "Solution %d at node %d: %s, by options %s.", s.Solution, s.Node, covered, n.numbers(s.Partial, maxListedPartial))
	if len(s.Partial) <= maxListedOptions {
		for _, k := range s.Partial {
			n.printf(s.Level, 2, "option %d: %s", k+1, n.optionText(k))
		}
	}
}

// backText says where a Backtrack step at level L goes.
func backText(L int) string {
	if L == 0 {
		return "the search is over"
	}
	return fmt.Sprintf("go back to level %d", L-1)
}

// matrix draws the matrix of an Enter step, when asked to.
func (n *narrator) matrix(s *Step) {
	if !n.cfg.Matrix {
		return
	}
	var b strings.Builder
	drawMatrix(&b, n.p, s.View, s.Partial, n.cfg.Dim)
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		n.printf(s.Level, 4, "%s", line)
	}
}

func (n *narrator) name(i int) string { return n.p.ItemName(i) }

// optionText shows option k as its label and its items, as "label: A B:1".
func (n *narrator) optionText(k int) string {
	if o := n.p.Options[k]; o.Label != "" {
		return o.Label + ": " + o.String()
	}
	return n.p.Options[k].String()
}

// numbers lists options as their 1-based numbers, the first max of them.
func (n *narrator) numbers(options []int, max int) string {
	var parts []string
	for j, k := range options {
		if j == max {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(options)))
			break
		}
		parts = append(parts, fmt.Sprint(k+1))
	}
	return strings.Join(parts, ", ")
}

func (n *narrator) partialText(partial []int) string {
	if len(partial) == 0 {
		return "none yet"
	}
	if len(partial) > maxListedPartial {
		tail := n.numbers(partial[len(partial)-maxListedPartial/2:], maxListedPartial)
		return fmt.Sprintf("%s, the last of them %s", plural.Of(len(partial), "option"), tail)
	}
	if len(partial) == 1 {
		return "option " + n.numbers(partial, maxListedPartial)
	}
	return "options " + n.numbers(partial, maxListedPartial)
}

// activeText lists the items left to cover with their numbers of options.
func (n *narrator) activeText(active []ItemSize) string {
	sizes := func(list []ItemSize) string {
		parts := make([]string, len(list))
		for j, a := range list {
			parts[j] = fmt.Sprintf("%s %d", n.name(a.Item), a.Size)
		}
		return strings.Join(parts, ", ")
	}
	return listActive(active, "Items left to cover, with their numbers of options: ", sizes,
		"options", func(a ItemSize) int { return a.Size })
}

// listActive writes the line that lists the items left to cover: all of
// them after intro when they are few, else the maxListedItems with the
// fewest of what (options, branches) by count, the order the branching
// rule looks at them in; list writes the items.
func listActive(active []ItemSize, intro string, list func([]ItemSize) string, what string, count func(ItemSize) int) string {
	if len(active) <= maxListedItems {
		return intro + list(active) + "."
	}
	return fmt.Sprintf("%s left to cover; the %d with the fewest %s: %s.",
		plural.Of(len(active), "item"), maxListedItems, what, list(fewest(active, maxListedItems, count)))
}

// fewest returns the m items of active with the lowest counts, ties in
// the order of active: the first m of a stable sort by count, found in one
// pass (a 64×64 Sudoku has 16,384 items, listed at every node).
func fewest(active []ItemSize, m int, count func(ItemSize) int) []ItemSize {
	out := make([]ItemSize, 0, m+1)
	for _, a := range active {
		c := count(a)
		if len(out) == m && c >= count(out[m-1]) {
			continue
		}
		j := len(out)
		for j > 0 && count(out[j-1]) > c {
			j--
		}
		out = slices.Insert(out, j, a)
		if len(out) > m {
			out = out[:m]
		}
	}
	return out
}

func (n *narrator) whyText(s *Step) string {
	why := fmt.Sprintf("it has the fewest options (%d)", s.Size)
	switch {
	case len(s.Ties) == 0:
		return why
	case len(s.Ties) <= maxListedTies:
		names := make([]string, len(s.Ties))
		for j, i := range s.Ties {
			names[j] = n.name(i)
		}
		verb := "as do"
		if len(names) == 1 {
			verb = "as does"
		}
		return fmt.Sprintf("%s, %s %s, and it comes first", why, verb, joinAnd(names))
	}
	return fmt.Sprintf("%s, as do %d later items, and it comes first", why, len(s.Ties))
}

// coverText tells a Cover or Purify step and the options it hid.
func (n *narrator) coverText(s *Step) {
	L, item := s.Level, n.name(s.Item)
	what := "Cover " + item
	if s.Kind == Purify {
		what = fmt.Sprintf("Purify %s with color %s", item, s.Color)
	}
	upd := plural.Of(s.Updates, "update")
	if n.mcc && s.Kind == Purify {
		upd += ", " + plural.Of(s.Cleansings, "cleansing")
	}
	switch {
	case len(s.Hidden) == 0 && s.Kind == Cover:
		n.printf(L, 2, "%s (%s): no other option to hide.", what, upd)
	case len(s.Hidden) == 0:
		n.printf(L, 2, "%s (%s): no option of another color to hide.", what, upd)
	case s.Kind == Cover:
		n.printf(L, 2, "%s (%s), hiding its options from their other items:", what, upd)
	default:
		n.printf(L, 2, "%s (%s), hiding the options that give it another color:", what, upd)
	}
	n.hiddenList(s)
}

// hiddenList lists the options a step hid, and from which items.
func (n *narrator) hiddenList(s *Step) {
	L := s.Level
	for j, h := range s.Hidden {
		if j == maxListedOptions {
			n.printf(L, 4, "… and %s", plural.Of(len(s.Hidden)-j, "more option"))
			break
		}
		from := make([]string, len(h.From))
		for m, i := range h.From {
			from[m] = n.name(i)
		}
		where := "from " + strings.Join(from, ", ")
		if len(from) == 0 {
			where = "from no other list: its other colored uses agree"
		}
		n.printf(L, 4, "option %d (%s) %s", h.Option+1, n.optionText(h.Option), where)
	}
	if s.Kind == Purify && s.Kept > 0 {
		n.printf(L, 4, "(%s giving %s color %s too: kept, marked as agreeing)", plural.Of(s.Kept, "option"), n.name(s.Item), s.Color)
	}
}

// undoText says how an option's items are restored: the reverse order of
// covering, uncover for an uncolored use and unpurify for a colored one.
func (n *narrator) undoText(s *Step) string {
	if len(s.Items) == 0 {
		return "it covered no other item"
	}
	colored := map[string]bool{}
	for _, r := range n.p.Options[s.Option].Items {
		colored[r.Name] = r.Color != ""
	}
	parts := make([]string, len(s.Items))
	for j, i := range s.Items {
		verb := "uncover "
		if colored[n.name(i)] {
			verb = "unpurify "
		}
		if j > 0 {
			verb = "then " + verb
		}
		parts[j] = verb + n.name(i)
	}
	return strings.Join(parts, ", ")
}

// joinAnd joins names as "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ordinal writes 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st.
func ordinal(k int) string {
	suffix := "th"
	if k%100 < 11 || k%100 > 13 {
		switch k % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", k, suffix)
}
