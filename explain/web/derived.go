package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/explain"
)

// Derived lines: the two lines a node begins with in the narration,
//
//	Node 40 at level 3; partial solution: options 2, 9, 14.
//	  Items left to cover, with their numbers of options: A 1, B 2, C 1.
//
// say nothing the node's state does not: its number, its level, the
// options of its path, and the primary items left with their numbers of
// options. Each is another text at every node, so the data would hold
// each once (of a large trace, they were two thirds of the page). The
// data holds instead a mark in their place (derivedNode, derivedActive),
// which the reader replaces with the text made from the node's state:
// the writer puts a mark only where that text is the narrator's line,
// byte for byte, and the page's script makes the same text (page.js:
// derivedLine). The steps that hold them come back unchanged from node to
// node, and are named by a ref. Problems with multiplicities or colors
// (MCC) tell their items otherwise, and are written as they are.
//
// The line that tries a branch, "Try option 27 (F: 00 01 02 10 11), the
// 1st of 00's 13 options.", the last Try of a node's steps, says nothing
// the next node does not: the option that reaches it, its rank among its
// parent's branches, its parent's item and their number. It is derived
// too (derivedTry), from the next node.
const (
	derivedNode   = "\x00node"
	derivedActive = "\x00active"
	derivedTry    = "\x00try"
)

// The narrator's limits on its lists (see explain's narrate.go): the
// derived lines are its lines, so they cut their lists where it does.
const (
	derivedListedItems   = 20 // the items left listed, the fewest options first
	derivedListedPartial = 12 // the options of the partial solution listed
)

// pathState is the state of the node being read or written, kept along
// the path from the root as the nodes come in the search's order: the
// options of the path, and each primary item's number of options, while
// it is active.
type pathState struct {
	size   []int32 // the number of options of each active primary item; -1: covered
	frames []pathFrame
}

// pathFrame is a node of the path, and what to undo when the search
// leaves it.
type pathFrame struct {
	node   int
	option int
	undo   []int32 // item, size before, …
}

func newPathState(primary int) *pathState {
	s := &pathState{size: make([]int32, primary)}
	for i := range s.size {
		s.size[i] = -1
	}
	return s
}

// enter makes node j, a child of parent (-1 for the root) reached by
// option, the current node: the path goes back to parent, then takes the
// node's covered items and active counts (see explain.TraceNode; pairs
// of item and number of options).
func (s *pathState) enter(j, parent, option int, covered, active []int32) {
	for len(s.frames) > 0 && s.frames[len(s.frames)-1].node != parent {
		f := s.frames[len(s.frames)-1]
		for x := len(f.undo) - 2; x >= 0; x -= 2 {
			s.size[f.undo[x]] = f.undo[x+1]
		}
		s.frames = s.frames[:len(s.frames)-1]
	}
	f := pathFrame{node: j, option: option}
	for _, i := range covered {
		if int(i) < len(s.size) {
			f.undo = append(f.undo, i, s.size[i])
			s.size[i] = -1
		}
	}
	for x := 0; x+1 < len(active); x += 2 {
		if i := active[x]; int(i) < len(s.size) {
			f.undo = append(f.undo, i, s.size[i])
			s.size[i] = active[x+1]
		}
	}
	s.frames = append(s.frames, f)
}

// nodeLine is the narrator's first line of the current node.
func (s *pathState) nodeLine() string {
	var partial []int
	for _, f := range s.frames[1:] {
		if f.option >= 0 {
			partial = append(partial, f.option)
		}
	}
	var what string
	switch {
	case len(partial) == 0:
		what = "none yet"
	case len(partial) > derivedListedPartial:
		what = fmt.Sprintf("%d options, the last of them %s", len(partial), optionNumbers(partial[len(partial)-derivedListedPartial/2:]))
	case len(partial) == 1:
		what = "option " + optionNumbers(partial)
	default:
		what = "options " + optionNumbers(partial)
	}
	top := s.frames[len(s.frames)-1]
	return fmt.Sprintf("Node %d at level %d; partial solution: %s.", top.node+1, len(s.frames)-1, what)
}

// optionNumbers lists options by their numbers from 1 (at most
// derivedListedPartial of them, which the callers never pass).
func optionNumbers(options []int) string {
	parts := make([]string, len(options))
	for j, k := range options {
		parts[j] = strconv.Itoa(k + 1)
	}
	return strings.Join(parts, ", ")
}

// activeLine is the narrator's line of the items left to cover, named by
// names. It keeps only what the line lists: the first items (all of them,
// when there are few), and the fewest options first, as a stable sort by
// size would order them, without sorting every item at every node.
func (s *pathState) activeLine(names []string) string {
	type item struct{ i, size int32 }
	var first, fewest []item
	n := 0
	for i, size := range s.size {
		if size < 0 {
			continue
		}
		a := item{int32(i), size}
		if n++; n <= derivedListedItems {
			first = append(first, a)
		}
		if len(fewest) == derivedListedItems && size >= fewest[derivedListedItems-1].size {
			continue
		}
		j := len(fewest)
		for j > 0 && fewest[j-1].size > size { // after its equals: stable
			j--
		}
		fewest = slices.Insert(fewest, j, a)
		if len(fewest) > derivedListedItems {
			fewest = fewest[:derivedListedItems]
		}
	}
	list := func(items []item) string {
		parts := make([]string, len(items))
		for j, a := range items {
			parts[j] = names[a.i] + " " + strconv.Itoa(int(a.size))
		}
		return strings.Join(parts, ", ")
	}
	if n <= derivedListedItems {
		return "Items left to cover, with their numbers of options: " + list(first) + "."
	}
	return fmt.Sprintf("%d items left to cover; the %d with the fewest options: %s.", n, derivedListedItems, list(fewest))
}

// tryLine is the narrator's line that tries option (from 0) of the item
// named item, the k-th of its d options.
func tryLine(p *explain.TraceProblem, option, k int, item string, d int) string {
	o := p.Options[option]
	parts := make([]string, len(o.Items))
	for j, i := range o.Items {
		parts[j] = p.Items[i]
		if j < len(o.Colors) && o.Colors[j] != "" {
			parts[j] += ":" + o.Colors[j]
		}
	}
	text := strings.Join(parts, " ")
	if o.Label != "" {
		text = o.Label + ": " + text
	}
	options := strconv.Itoa(d) + " options"
	if d == 1 {
		options = "1 option"
	}
	return fmt.Sprintf("Try option %d (%s), the %s of %s's %s.", option+1, text, ordinal(k), item, options)
}

// ordinal writes k as the narrator does: 1st, 2nd, 3rd, 4th, 11th, 21st.
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
	return strconv.Itoa(k) + suffix
}

// nextTry is the Try line that leads to node nd, or "" when there is no
// such node or it is not reached by an option.
func nextTry(p *explain.TraceProblem, nd *explain.TraceNode) string {
	if nd == nil || nd.Option < 0 || nd.Option >= len(p.Options) || nd.Item < 0 || nd.Item >= len(p.Items) {
		return ""
	}
	return tryLine(p, nd.Option, nd.K, p.Items[nd.Item], nd.D)
}

// derives reports whether the data of t derives lines.
func derives(t *explain.Trace) bool { return t != nil && !t.Problem.MCC }
