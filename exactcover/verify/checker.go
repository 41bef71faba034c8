package verify

import (
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// Checker checks many solutions of one problem quickly: the names are
// resolved once, then each check works on small integer arrays. It applies
// the same rules as [Solution] and, like it, reads only the Problem.
// A Checker is not safe for concurrent use.
type Checker struct {
	p        *exactcover.Problem
	nPrimary int
	items    [][]int // option → item indices
	colors   [][]int // option → color ids, 0 uncolored
	lo, hi   []int   // per primary item, its bounds
	count    []int   // per item, uses in the current check
	color    []int   // per item, color of the first use (-1: uncolored seen)
	touched  []int
	picked   []bool // per option, chosen in the current check
	err      error  // a defect of the problem itself, reported by Check
}

// NewChecker resolves p's names. Defects of p (unknown items, colors on
// primary items, …) are reported by every Check, as Solution would.
func NewChecker(p *exactcover.Problem) *Checker {
	c := &Checker{p: p, nPrimary: len(p.Primary), err: checkBounds(p)}
	for i := range p.Primary {
		if c.err == nil {
			b := p.ItemBounds(i)
			c.lo, c.hi = append(c.lo, b.Lo), append(c.hi, b.Hi)
		}
	}
	index := map[string]int{}
	for i := 0; i < p.NumItems(); i++ {
		if _, dup := index[p.ItemName(i)]; dup {
			c.err = fmt.Errorf("item %q declared twice", p.ItemName(i))
		}
		index[p.ItemName(i)] = i
	}
	colorID := map[string]int{"": 0}
	for k, o := range p.Options {
		var items, colors []int
		for _, r := range o.Items {
			i, ok := index[r.Name]
			if !ok && c.err == nil {
				c.err = fmt.Errorf("option %d: unknown item %q", k, r.Name)
			}
			if i < c.nPrimary && r.Color != "" && c.err == nil {
				c.err = fmt.Errorf("option %d: primary item %q has color %q", k, r.Name, r.Color)
			}
			id, ok := colorID[r.Color]
			if !ok {
				id = len(colorID)
				colorID[r.Color] = id
			}
			items, colors = append(items, i), append(colors, id)
		}
		c.items, c.colors = append(c.items, items), append(c.colors, colors)
	}
	c.picked = make([]bool, len(p.Options))
	c.count = make([]int, p.NumItems())
	c.color = make([]int, p.NumItems())
	return c
}

// Check returns nil when options (indices into the problem's options, in any
// order) is a solution, and otherwise what is wrong.
func (c *Checker) Check(options []int) error {
	if c.err != nil {
		return c.err
	}
	defer func() {
		for _, i := range c.touched {
			c.count[i] = 0
		}
		c.touched = c.touched[:0]
		for _, k := range options {
			if k >= 0 && k < len(c.picked) {
				c.picked[k] = false
			}
		}
	}()
	for _, k := range options {
		if k < 0 || k >= len(c.items) {
			return fmt.Errorf("option index %d out of range [0, %d)", k, len(c.items))
		}
		if c.picked[k] {
			return fmt.Errorf("option %d chosen twice", k)
		}
		c.picked[k] = true
		hasPrimary := false
		for j, i := range c.items[k] {
			col := c.colors[k][j]
			c.count[i]++
			if c.count[i] == 1 {
				c.touched = append(c.touched, i)
				c.color[i] = col
				if col == 0 {
					c.color[i] = -1
				}
			}
			if i < c.nPrimary {
				hasPrimary = true
				if c.count[i] > c.hi[i] {
					return fmt.Errorf("primary item %q covered more than %d times (again by option %d)", c.p.ItemName(i), c.hi[i], k)
				}
				continue
			}
			if c.count[i] > 1 && (col == 0 || c.color[i] != col) {
				return fmt.Errorf("secondary item %q used again by option %d with a clashing color", c.p.ItemName(i), k)
			}
		}
		if !hasPrimary {
			return fmt.Errorf("option %d has no primary item (such options are dropped, never chosen)", k)
		}
	}
	for i := 0; i < c.nPrimary; i++ {
		if c.count[i] < c.lo[i] {
			return fewer(c.p.ItemName(i), c.count[i], c.lo[i])
		}
	}
	return nil
}
