package exactcover

import "fmt"

// MaxCost bounds an option's cost. A solution has at most MaxItems options
// (each covers a primary item of its own), so the cost of a solution stays
// below MaxItems·MaxCost = 2⁶⁰, and sums of costs never overflow an int64.
const MaxCost = 1 << 36

// ErrBadCost is wrapped by the error for a cost below 0 or above MaxCost.
var ErrBadCost = fmt.Errorf("cost out of range: expected 0 to MaxCost = %d", int64(MaxCost))

// HasCosts reports whether some option of p has a cost other than 0.
func (p *Problem) HasCosts() bool {
	for _, o := range p.Options {
		if o.Cost != 0 {
			return true
		}
	}
	return false
}

// checkCosts returns a *ProblemError for the first option of p whose cost
// is out of range.
func checkCosts(p *Problem) error {
	for k, o := range p.Options {
		if o.Cost < 0 || o.Cost > MaxCost {
			return &ProblemError{Err: fmt.Errorf("%w: %d", ErrBadCost, o.Cost), Option: k, Position: -1}
		}
	}
	return nil
}

// costsOf returns the costs of the compiled options (caller maps them to
// p's), or nil when every cost is 0.
func costsOf(p *Problem, caller []int32) []int64 {
	if !p.HasCosts() {
		return nil
	}
	costs := make([]int64, len(caller))
	for k, c := range caller {
		costs[k] = p.Options[c].Cost
	}
	return costs
}
