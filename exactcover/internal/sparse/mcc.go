package sparse

import "xcover/exactcover/internal/core"

// takeBranch marks, in level.bound, a level of the search with
// multiplicities that took its option; otherwise it removed it.
const takeBranch = 1

func (e *Engine) searchM(run *core.Run, c *core.Counters, base int) core.End { return core.Exhausted }

func (e *Engine) stepM(l int, st core.Step) (int64, bool, error) { return 0, false, core.ErrBadPath }

func (e *Engine) expandM(c *core.Counters, dst []core.Unit, base int) ([]core.Unit, bool, error) {
	return dst, false, nil
}
