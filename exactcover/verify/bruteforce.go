package verify

import "github.com/xcover/xcover/exactcover"

// MaxBruteForceOptions bounds BruteForce. It decides each option in turn,
// so it may visit up to 2ⁿ subsets of n options; pruning on the bounds
// usually cuts that to far fewer (two queens in each row and column of a
// 6×6 board, 36 options, takes a fraction of a second), but a problem
// with many more options is no job for it.
const MaxBruteForceOptions = 40

// BruteForce returns every solution of p, each as increasing option
// indices, in increasing order of the subsets' bit masks (option k worth
// 2ᵏ). It decides the options one by one, from the last to the first,
// leaving each out and then taking it in, and prunes only two ways: it
// takes an option in only while that keeps every item within its upper
// bound and every secondary item's colors consistent, and it leaves an
// option out only while each of its primary items can still reach its
// lower bound with the options not yet decided. Every set it completes
// goes through the [Checker], so the pruning can cost solutions but never
// invent one. Options without a primary item are never chosen, as Knuth
// defines solutions.
//
// It shares no code with the engine (no links, no item choice, no
// covering) and is meant for tests on small problems; it panics beyond
// MaxBruteForceOptions options, and returns nothing for a problem with
// defects (unknown items, bad bounds, …), which [Checker] would report.
func BruteForce(p *exactcover.Problem) [][]int {
	if len(p.Options) > MaxBruteForceOptions {
		panic("verify.BruteForce: too many options")
	}
	e := enumeration{check: NewChecker(p)}
	if e.check.err != nil {
		return nil
	}
	c := e.check
	e.left = make([]int, p.NumItems())
	for k, items := range c.items {
		if e.hasPrimary(k) {
			for _, i := range items {
				e.left[i]++
			}
		}
	}
	e.color = make([]int, p.NumItems())
	e.count = make([]int, p.NumItems())
	e.decide(len(p.Options) - 1)
	return e.found
}

// enumeration is the state of BruteForce: the options decided so far and
// what they cover.
type enumeration struct {
	check  *Checker
	chosen []int // decided in, from the last option down
	count  []int // per item, chosen options that cover it
	color  []int // per secondary item, the color of its uses (-1 uncolored)
	left   []int // per item, undecided options with a primary item covering it
	found  [][]int
}

// hasPrimary reports whether option k covers a primary item.
func (e *enumeration) hasPrimary(k int) bool {
	for _, i := range e.check.items[k] {
		if i < e.check.nPrimary {
			return true
		}
	}
	return false
}

// decide decides options k, k-1, …, 0, leaving option k out first.
func (e *enumeration) decide(k int) {
	c := e.check
	if k < 0 {
		sol := make([]int, len(e.chosen))
		for j, o := range e.chosen {
			sol[len(sol)-1-j] = o
		}
		if c.Check(sol) == nil {
			e.found = append(e.found, sol)
		}
		return
	}
	if !e.hasPrimary(k) {
		e.decide(k - 1)
		return
	}
	items := c.items[k]
	for _, i := range items {
		e.left[i]--
	}
	if e.canLeaveOut(k) {
		e.decide(k - 1)
	}
	if e.canTake(k) {
		for j, i := range items {
			e.count[i]++
			e.color[i] = c.colors[k][j]
			if e.color[i] == 0 {
				e.color[i] = -1
			}
		}
		e.chosen = append(e.chosen, k)
		e.decide(k - 1)
		e.chosen = e.chosen[:len(e.chosen)-1]
		for _, i := range items {
			e.count[i]--
		}
	}
	for _, i := range items {
		e.left[i]++
	}
}

// canLeaveOut reports whether every primary item of option k can still
// reach its lower bound without it.
func (e *enumeration) canLeaveOut(k int) bool {
	c := e.check
	for _, i := range c.items[k] {
		if i < c.nPrimary && e.count[i]+e.left[i] < c.lo[i] {
			return false
		}
	}
	return true
}

// canTake reports whether option k can join the chosen ones: no primary
// item beyond its upper bound, no secondary item used twice unless both
// uses give it the same color.
func (e *enumeration) canTake(k int) bool {
	c := e.check
	for j, i := range c.items[k] {
		switch {
		case i < c.nPrimary:
			if e.count[i] >= c.hi[i] {
				return false
			}
		case e.count[i] > 0:
			if col := c.colors[k][j]; col == 0 || e.color[i] != col {
				return false
			}
		}
	}
	return true
}
