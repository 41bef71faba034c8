// Package verify checks exact-cover solutions against the definition of the
// problem, independently of the engine that found them.
//
// It reads only the [exactcover.Problem] (names, never the compiled links)
// and counts with maps, so that a bug in an engine cannot hide itself:
// every solution a test of xcover sees goes through [Solution], and so can
// a program's, when it reads solutions from elsewhere (a file, another
// solver) or wants a second opinion.
//
// The rules checked are those of Knuth's MCC problem (TAOCP 7.2.2.1,
// Algorithm M; his DLX3 program), which contains his XCC problem (DLX2):
// every primary item is covered between its lower and upper bound times
// (exactly once unless [exactcover.Problem.Bounds] says otherwise); a
// secondary item is covered at most once, or by any number of options that
// all give it the same color; an uncolored use excludes every other use. An
// option is chosen at most once. Options without any primary item are never
// part of a solution (Knuth's programs drop them, and so does the engine).
package verify

import (
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// use records how the chosen options touch one item so far.
type use struct {
	count    int
	color    string // color of the first colored use
	uncolor  bool   // some use was uncolored
	firstOpt int    // option of the first use, for messages
}

// Solution returns nil when options (indices into p.Options, in any order)
// is a solution of p, and otherwise an error saying which rule fails first.
// It does not assume p was validated: unknown or repeated items, colors on
// primary items and out-of-range indices are reported too.
func Solution(p *exactcover.Problem, options []int) error {
	if err := checkBounds(p); err != nil {
		return err
	}
	primary := make(map[string]bool, p.NumItems())
	for _, name := range p.Primary {
		if primary[name] {
			return fmt.Errorf("item %q declared twice", name)
		}
		primary[name] = true
	}
	for _, name := range p.Secondary {
		if _, dup := primary[name]; dup {
			return fmt.Errorf("item %q declared twice", name)
		}
		primary[name] = false
	}
	bounds := make(map[string]exactcover.Bounds, len(p.Primary))
	for i, name := range p.Primary {
		bounds[name] = p.ItemBounds(i)
	}
	uses := make(map[string]*use, p.NumItems())
	chosen := make(map[int]bool, len(options))
	for _, k := range options {
		if k < 0 || k >= len(p.Options) {
			return fmt.Errorf("option index %d out of range [0, %d)", k, len(p.Options))
		}
		if chosen[k] {
			return fmt.Errorf("option %d chosen twice", k)
		}
		chosen[k] = true
		hasPrimary := false
		inOption := make(map[string]bool, len(p.Options[k].Items))
		for _, r := range p.Options[k].Items {
			isPrimary, declared := primary[r.Name]
			if !declared {
				return fmt.Errorf("option %d: unknown item %q", k, r.Name)
			}
			if inOption[r.Name] {
				return fmt.Errorf("option %d: item %q repeated", k, r.Name)
			}
			inOption[r.Name] = true
			u := uses[r.Name]
			if u == nil {
				u = &use{firstOpt: k}
				uses[r.Name] = u
			}
			u.count++
			if isPrimary {
				hasPrimary = true
				if r.Color != "" {
					return fmt.Errorf("option %d: primary item %q has color %q", k, r.Name, r.Color)
				}
				if b := bounds[r.Name]; u.count > b.Hi {
					if b.Hi == 1 {
						return fmt.Errorf("primary item %q covered by options %d and %d", r.Name, u.firstOpt, k)
					}
					return fmt.Errorf("primary item %q covered %d times (the last by option %d), more than its upper bound %d", r.Name, u.count, k, b.Hi)
				}
				continue
			}
			switch {
			case r.Color == "":
				u.uncolor = true
			case u.color == "":
				u.color = r.Color
			case u.color != r.Color:
				return fmt.Errorf("secondary item %q has colors %q (option %d) and %q (option %d)", r.Name, u.color, u.firstOpt, r.Color, k)
			}
			if u.count > 1 && u.uncolor {
				return fmt.Errorf("secondary item %q used %d times, once without a color (options %d and %d)", r.Name, u.count, u.firstOpt, k)
			}
		}
		if !hasPrimary {
			return fmt.Errorf("option %d has no primary item (such options are dropped, never chosen)", k)
		}
	}
	for _, name := range p.Primary {
		n := 0
		if uses[name] != nil {
			n = uses[name].count
		}
		if b := bounds[name]; n < b.Lo {
			return fewer(name, n, b.Lo)
		}
	}
	return nil
}

// fewer is the error for a primary item covered n times, fewer than its
// lower bound lo.
func fewer(name string, n, lo int) error {
	switch {
	case n == 0 && lo == 1:
		return fmt.Errorf("primary item %q not covered", name)
	case n == 1:
		return fmt.Errorf("primary item %q covered once, fewer than its lower bound %d", name, lo)
	}
	return fmt.Errorf("primary item %q covered %d times, fewer than its lower bound %d", name, n, lo)
}

// checkBounds refuses bounds that no solution could meet or that do not
// fit the items: the rules of Knuth's DLX3 (0 ≤ lo ≤ hi, hi ≥ 1).
func checkBounds(p *exactcover.Problem) error {
	if len(p.Bounds) != 0 && len(p.Bounds) != len(p.Primary) {
		return fmt.Errorf("%d bounds for %d primary items", len(p.Bounds), len(p.Primary))
	}
	for i, b := range p.Bounds {
		if b.Lo < 0 || b.Hi < 1 || b.Lo > b.Hi {
			return fmt.Errorf("primary item %q has bounds %d..%d: expected 0 ≤ lower ≤ upper and upper ≥ 1", p.Primary[i], b.Lo, b.Hi)
		}
	}
	return nil
}
