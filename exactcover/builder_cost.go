package exactcover

import (
	"fmt"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// SetCost gives option k, added already, a cost (0 ≤ cost ≤ MaxCost, as
// [Option.Cost]); options whose cost is not set cost 0. Build checks the
// values; [Solver.Cheapest] uses them.
func (b *Builder) SetCost(k int, cost int64) {
	if len(b.costs) < len(b.ends) {
		b.costs = append(b.costs, make([]int64, len(b.ends)-len(b.costs))...)
	}
	b.costs[k] = cost
}

// compileCosts checks the costs set and gives the compiled options theirs
// (m.Costs stays nil when none is set).
func (b *Builder) compileCosts(m *core.Problem) error {
	m.Costs = nil
	if len(b.costs) == 0 {
		return nil
	}
	for k, c := range b.costs {
		if c < 0 || c > MaxCost {
			return &ProblemError{Err: fmt.Errorf("%w: %d", ErrBadCost, c), Option: k, Position: -1}
		}
	}
	m.Costs = make([]int64, len(m.Caller))
	for k, c := range m.Caller {
		if int(c) < len(b.costs) {
			m.Costs[k] = b.costs[c]
		}
	}
	return nil
}
