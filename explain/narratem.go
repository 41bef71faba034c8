package explain

import (
	"fmt"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// The narration of Algorithm M, for problems with multiplicities (see
// walkm.go). It tells the steps Algorithm X has (choose, cover, purify,
// try, undo, backtrack) in the terms of bounds, and the steps Algorithm M
// adds: a bound going down, an option tweaked, the null branch.

// headerWidth is the width the header's explanation is wrapped to.
const headerWidth = 80

// headerM explains Algorithm M before the story starts, with the first
// item that has bounds of its own as the example.
func (n *narrator) headerM() {
	ex, b := 0, exactcover.Once
	for i := range n.p.Primary {
		if b = n.p.ItemBounds(i); b != exactcover.Once {
			ex = i
			break
		}
	}
	name := n.name(ex)
	var text strings.Builder
	if b.Lo == b.Hi {
		fmt.Fprintf(&text, "An item's bounds say how many chosen options must cover it: %s, exactly %d. ", n.nameBounds(ex), b.Hi)
	} else {
		fmt.Fprintf(&text, "An item's bounds say how many chosen options must cover it: %s, at least %d and at most %d. ", n.nameBounds(ex), b.Lo, b.Hi)
	}
	fmt.Fprintf(&text, "Its bound counts how many more options may cover it (%d for %s at first), "+
		"and its slack how many of those it may do without (%s: %d). ", b.Hi, name, name, b.Hi-b.Lo)
	text.WriteString("At each node the search chooses the primary item with the fewest branches, " +
		"len + s − b + 1 (len its options left, b its bound, s its slack but at most b; " +
		"ties go to the smaller s, then to the longer list, then to the item declared first). " +
		"The item's bound goes down by one for the option the node gives it: each of its first options in turn, " +
		"and, once its lower bound is met, none (the null branch). " +
		"Each option tried lowers the bound of its other primary items, and an item is covered, " +
		"its other options hidden, only when its bound reaches 0: it is then covered enough. " +
		"Until then, an option tried for it is tweaked: hidden, and taken out of its list, " +
		"so that the levels below try only its later options.")
	for _, line := range wrap(text.String(), headerWidth) {
		n.printf(0, 0, "%s", line)
	}
	n.printf(0, 0, "")
}

// stepM tells one step of a walk with multiplicities.
func (n *narrator) stepM(s *Step) {
	L := s.Level
	switch s.Kind {
	case Enter:
		n.enterText(s, n.activeTextM(s.Active))
		n.chosen = append(n.chosen[:L], Step{})
		n.entered = append(n.entered[:0], s.Active...) // for the Choose step that follows
	case Choose:
		c := &n.chosen[L]
		c.Item, c.Bound, c.Need, c.Degree, c.Size = s.Item, s.Bound, s.Need, s.Degree, s.Size
		if s.Degree <= 0 {
			n.deadEnd = true
			left := fmt.Sprintf("only %d is left", s.Size)
			if s.Size == 0 {
				left = "none is left"
			} else if s.Size > 1 {
				left = fmt.Sprintf("only %d are left", s.Size)
			}
			n.printf(L, 2, "Dead end: %s needs %s, but %s.", n.nameBounds(s.Item), plural.Of(s.Need, "more option"), left)
			break
		}
		n.entering = true
		n.printf(L, 2, "Choose %s: %s.", n.nameBounds(s.Item), n.whyTextM(s))
	case Cover:
		if s.Item < len(n.p.Primary) && n.p.ItemBounds(s.Item).Hi > 1 {
			switch {
			case n.entering && n.chosen[L].Need == 0:
				n.printf(L, 2, "%s's bound goes down to 0: the option this node gives it, if any, is its last, so %s is covered enough.", n.name(s.Item), n.name(s.Item))
			case n.entering:
				n.printf(L, 2, "%s's bound goes down to 0: the option this node gives it is its last, so %s is covered enough.", n.name(s.Item), n.name(s.Item))
			default:
				n.printf(L, 2, "%s's bound goes down to 0: %s is covered enough.", n.name(s.Item), n.name(s.Item))
			}
		}
		n.coverText(s)
	case Purify:
		n.coverText(s)
	case Lower:
		item := n.name(s.Item)
		if n.entering {
			n.printf(L, 2, "%s's bound goes down from %d to %d for the option this node gives it; %s is not covered enough,", item, s.Bound+1, s.Bound, item)
			n.printf(L, 2, "so it stays to cover, and each option tried for it here is tweaked.")
			break
		}
		n.printf(L, 2, "%s's bound goes down to %d: %s takes %s more, and is not covered enough yet.", item, s.Bound, item, rangeText(s.Need, s.Bound))
	case Try:
		n.entering = false
		n.printf(L, 2, "Try option %d (%s), the %s of %s's %s.", s.Option+1, n.optionText(s.Option), ordinal(s.K), n.name(s.Item), branches(s.D))
	case Tweak:
		n.tweakText(s)
	case Null:
		n.entering = false
		c := n.chosen[L]
		b := n.p.ItemBounds(s.Item)
		item := n.name(s.Item)
		n.printf(L, 2, "Null branch, the %s of %s's %s. %s gets no more options: its lower bound %d is met (it has %d).",
			ordinal(s.K), item, branches(s.D), item, b.Lo, b.Hi-c.Bound)
		if c.Bound > 1 { // not covered when chosen
			n.printf(L, 2, "%s leaves the items to cover; its options stay where they are.", item)
		}
		n.chosen[L].Kind = Null // for the Backtrack step
	case Solution:
		n.solutionText(s, "every primary item is covered within its bounds")
	case Undo:
		n.printf(L, 2, "Undo option %d: %s.", s.Option+1, n.undoTextM(s))
	case Backtrack:
		n.entering = false
		n.backtrackTextM(s)
	}
}

// nameBounds is item i's name followed by its bounds when they are not
// exactly once: "C [2..3]".
func (n *narrator) nameBounds(i int) string { return itemBounds(n.p, i) }

// rangeText writes bounds as "[2..3]", or "[2]" when lo = hi.
func rangeText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("[%d]", hi)
	}
	return fmt.Sprintf("[%d..%d]", lo, hi)
}

// branches writes "1 branch", "2 branches".
func branches(d int) string {
	if d == 1 {
		return "1 branch"
	}
	return fmt.Sprintf("%d branches", d)
}

// activeTextM lists the items left to cover with what each still takes
// (its bounds now: [need..bound]), its options left and its branches.
func (n *narrator) activeTextM(active []ItemSize) string {
	// The first item is told in words, to show how to read the others.
	list := func(items []ItemSize) string {
		parts := make([]string, len(items))
		for j, a := range items {
			d := branches(a.Degree)
			if a.Degree <= 0 {
				d = "too few"
			}
			if j == 0 {
				parts[j] = fmt.Sprintf("%s takes %s of its %s left (%s)", n.name(a.Item), rangeText(a.Need, a.Bound), plural.Of(a.Size, "option"), d)
				continue
			}
			parts[j] = fmt.Sprintf("%s %s of %d (%s)", n.name(a.Item), rangeText(a.Need, a.Bound), a.Size, d)
		}
		return strings.Join(parts, ", ")
	}
	return listActive(active, "Items left to cover: ", list, "branches", func(a ItemSize) int { return a.Degree })
}

// whyTextM says why the item of a Choose step was chosen: its branching
// degree, worked out, and how the ties went.
func (n *narrator) whyTextM(s *Step) string {
	slack := s.Bound - s.Need
	why := fmt.Sprintf("it has the fewest branches, %d (%s left + slack %d − bound %d + 1)", s.Degree, plural.Of(s.Size, "option"), slack, s.Bound)
	var same, moreSlack, shorter []string
	for _, a := range n.entered {
		if a.Item == s.Item || a.Degree != s.Degree {
			continue
		}
		switch name := n.name(a.Item); {
		case a.Bound-a.Need > slack:
			moreSlack = append(moreSlack, name)
		case a.Size < s.Size:
			shorter = append(shorter, name)
		default:
			same = append(same, name)
		}
	}
	names := func(list []string) string {
		if len(list) > maxListedTies {
			return fmt.Sprintf("%d other items", len(list))
		}
		return joinAnd(list)
	}
	switch {
	case len(same) == 1:
		why += fmt.Sprintf(", as does %s, and it comes first", same[0])
	case len(same) > maxListedTies:
		why += fmt.Sprintf(", as do %d later items, and it comes first", len(same))
	case len(same) > 1:
		why += fmt.Sprintf(", as do %s, and it comes first", joinAnd(same))
	}
	if len(moreSlack) > 0 {
		why += fmt.Sprintf("; %s %s as many, but more slack", names(moreSlack), has(len(moreSlack)))
	}
	if len(shorter) > 0 {
		why += fmt.Sprintf("; %s %s as many, but fewer options left (the longer list goes first)", names(shorter), has(len(shorter)))
	}
	return why
}

// has is "has" for one item, "have" for more.
func has(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

// tweakText tells a Tweak step.
func (n *narrator) tweakText(s *Step) {
	L, item := s.Level, n.name(s.Item)
	what := fmt.Sprintf("take it out of %s's list", item)
	if len(s.Hidden) > 0 && len(s.Hidden[0].From) > 0 {
		from := make([]string, len(s.Hidden[0].From))
		for m, i := range s.Hidden[0].From {
			from[m] = n.name(i)
		}
		what = fmt.Sprintf("hide it from %s and take it out of %s's list", strings.Join(from, ", "), item)
	}
	n.printf(L, 2, "Tweak option %d (%s): %s, so that the levels below try only %s's later options.",
		s.Option+1, plural.Of(s.Updates, "update"), what, item)
	switch {
	case s.Hidden == nil:
		n.printf(L, 4, "(%s is covered: its options are hidden from their other items already)", item)
	case len(s.Hidden[0].From) == 0:
		n.printf(L, 4, "(no other list to hide it from: its other colored uses agree)")
	}
}

// undoTextM says how an option's items are restored: the reverse order of
// covering, uncover or unpurify, and the bounds that go back up.
func (n *narrator) undoTextM(s *Step) string {
	var parts []string
	if len(s.Items) > 0 {
		parts = append(parts, n.undoText(s))
	}
	for _, r := range s.Raised {
		parts = append(parts, fmt.Sprintf("%s's bound goes back up to %d", n.name(r.Item), r.Bound))
	}
	if len(parts) == 0 {
		return "it covered no other item"
	}
	return strings.Join(parts, "; ")
}

// backtrackTextM tells the end of a node: a dead end, the end of an
// item's options as in Algorithm X, or the end of its branches, when the
// options tweaked at the node go back into the lists.
func (n *narrator) backtrackTextM(s *Step) {
	L, item := s.Level, n.name(s.Item)
	back := backText(L)
	b := n.p.ItemBounds(s.Item)
	switch {
	case n.deadEnd:
		n.deadEnd = false
		n.printf(L, 2, "%s.", strings.ToUpper(back[:1])+back[1:])
	case s.Bound == 1 && b.Lo == b.Hi: // as in Algorithm X
		n.printf(L, 2, "%s has no more options: uncover %s and %s.", item, item, back)
	default:
		var parts []string
		if len(s.Untweaked) > 0 {
			parts = append(parts, fmt.Sprintf("put %s back (untweak)", n.optionNumbers(s.Untweaked)))
		}
		if s.Uncovered {
			parts = append(parts, "uncover "+item)
		} else if n.chosen[L].Kind == Null {
			parts = append(parts, fmt.Sprintf("put %s back among the items to cover", item))
		}
		parts = append(parts, fmt.Sprintf("raise %s's bound back to %d", item, s.Bound), back)
		n.printf(L, 2, "%s has no more branches: %s.", item, joinAnd(parts))
	}
}

// optionNumbers writes "option 5" or "options 5, 3".
func (n *narrator) optionNumbers(options []int) string {
	if len(options) == 1 {
		return fmt.Sprintf("option %d", options[0]+1)
	}
	return "options " + n.numbers(options, maxListedPartial)
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
