package sparse

import (
	"math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Search explores the subtree of u (core.Engine).
func (e *Engine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.End, error) {
	if u.After {
		return core.Exhausted, &core.PathError{Err: core.ErrBadPath} // never made here
	}
	m0, nAct0, nSec0 := e.save(), e.nAct, e.nSec
	defer e.unsave(m0, nAct0, nSec0)
	base, alive, err := e.replay(u.Path, u.CountLast, c)
	if err != nil || !alive {
		return core.Exhausted, err
	}
	e.path = u.Path
	return e.search(run, c, base), nil
}

// unsave returns to the restore point made when e.saves had length m, and
// forgets it.
func (e *Engine) unsave(m, nAct, nSec int32) {
	e.restore(m, nAct, nSec)
	e.forget(m)
}

// forget drops the newest restore point, whose saves began at m.
func (e *Engine) forget(m int32) {
	e.saves = e.saves[:m]
	if e.mcc {
		e.bsaves = e.bsaves[:m]
	}
	if e.track {
		for len(e.shortAt) > 0 && e.shortAt[len(e.shortAt)-1] >= m {
			e.shortAt = e.shortAt[:len(e.shortAt)-1]
		}
		e.shortSaves = e.shortSaves[:len(e.shortAt)*len(e.short)]
	}
}

// bump adds to the weight of the item of block x, found with too few
// options, under the Weighted rule.
func (e *Engine) bump(weighted bool, x int32) {
	if i := e.item(x); weighted && e.weight[i] < maxWeight {
		e.weight[i]++
	}
}

// tally holds a search's counts while it runs; they reach the caller's
// core.Counters when the search polls and when it ends.
type tally struct {
	sols, nodes, updates int64
}

func (t *tally) add(c *core.Counters) core.Counters {
	return core.Counters{Solutions: c.Solutions + t.sols, Nodes: c.Nodes + t.nodes,
		Updates: c.Updates + t.updates, Cleansings: c.Cleansings}
}

// walk is the state of a search loop that the loop reads at most once
// per node. It is kept in memory on purpose: every call clobbers every
// register under Go's calling convention, and the loop makes calls at each
// node, so values kept in registers would be saved and reloaded around
// each call.
type walk struct {
	t        tally
	nextPoll int64
	base     int
	cut      int // levels ≤ cut gave their other branches away
	fast     bool
	weighted bool
	mcc      bool // the problem has multiplicities
}

// poll does what is due when a search reaches Run.NextPoll: at the node
// limit, or when Poll says Stop, it exports every unexplored part of the
// search (levels w.base…depth, those above w.cut) and reports how it ends;
// otherwise it exports or donates what Poll asks for and the search goes
// on.
func (e *Engine) poll(run *core.Run, w *walk, c *core.Counters, depth int) (end core.End, stop bool) {
	if run.MaxNodes > 0 && w.t.nodes >= run.MaxNodes {
		run.Export = e.export(run.Export, w.base, depth, w.cut)
		return core.NodeLimit, true
	}
	if run.Poll == nil {
		return core.Exhausted, false
	}
	e.depth = depth
	sofar := w.t.add(c)
	switch run.Poll(&sofar) {
	case core.Stop:
		run.Export = e.export(run.Export, w.base, depth, w.cut)
		return core.Polled, true
	case core.Export:
		run.Export = e.export(run.Export, w.base, depth, w.cut)
	case core.Donate:
		run.Export, w.cut = e.donate(run.Export, w.base, depth, w.cut)
	}
	return core.Exhausted, false
}

// search is the search loop: levels on an explicit stack, nothing
// allocated per node. It explores the subtree of the node reached by
// levels 0…base-1, and leaves the state for the caller's restore point to
// undo. Without multiplicities a node branches on every option of the
// item it chooses; with them (w.mcc), two ways on one option (see
// mcc.go). Polls, solutions, dead ends, restore points and backing up are
// the same for both.
func (e *Engine) search(run *core.Run, c *core.Counters, base int) (end core.End) {
	var (
		depth = base
		best  int32
		score int32
		lv    *level
		u     int64
		ok    bool
		w     walk
	)
	ww := &w
	ww.base, ww.cut = base, base-1
	ww.weighted = run.Weighted
	ww.fast = e.track && !run.Weighted
	ww.mcc = e.mcc
	clear(e.prof)
	ww.nextPoll = run.NextPoll(0)

forward:
	if ww.t.nodes >= ww.nextPoll {
		if why, stop := e.poll(run, ww, c, depth); stop {
			end = why
			goto finish
		}
		ww.nextPoll = run.NextPoll(ww.t.nodes)
	}
	ww.t.nodes++
	e.prof[depth]++
	lv = &e.lv[depth]
	lv.mark = -1
	if e.nAct == 0 { // every primary item covered (or content): a solution
		ww.t.sols++
		if run.Visit != nil && !run.Visit(e.solution(depth)) {
			end = core.Visited
			goto finish
		}
		if run.MaxSolutions > 0 && ww.t.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto finish
		}
		goto backup
	}
	if ww.mcc {
		goto nodeM
	}
	if ww.fast && depth > ww.base { // a forced move, as choose would find it (see there)
		for k, m := range e.short {
			if m != 0 {
				best = e.base[k<<6|bits.TrailingZeros64(m)]
				goto chosen
			}
		}
	}
	best = e.choose(depth == ww.base, ww.weighted)
chosen:
	lv.best = best
	lv.r = best
	lv.end = best + *viewMem(e.mem).wide(int(uint32(best)) + sizeAt)
	if lv.end == lv.r { // no option left: a dead end
		e.bump(ww.weighted, best)
		goto backup
	}
	if lv.end-lv.r == 1 { // a forced move: no restore point, no sibling
		u, ok = e.force(*viewMem(e.mem).wide(int(uint32(lv.r))))
		goto taken
	}
	ww.t.updates += e.cover(best)
	lv.mark, lv.nAct, lv.nSec = e.save(), e.nAct, e.nSec

advance:
	u, ok = e.take(*viewMem(e.mem).wide(int(uint32(lv.r))))
taken:
	ww.t.updates += u
	if ok {
		depth++
		goto forward
	}
	e.bump(ww.weighted, e.dead)

next: // on to lv's next branch, if it has one and keeps it
	if lv.mark < 0 || depth <= ww.cut {
		goto backup
	}
	if ww.mcc {
		goto right
	}
	if lv.r+1 >= lv.end {
		goto backup
	}
	e.restore(lv.mark, lv.nAct, lv.nSec)
	lv.r++
	goto advance

nodeM: // with multiplicities: take the option lv.r, then remove it
	lv.best, score = e.chooseM(ww.weighted)
	if score <= 0 { // too few options left for the item
		e.bump(ww.weighted, lv.best)
		goto backup
	}
	lv.r = e.firstOption(lv.best)
	if score > 1 { // else no right branch, and no restore point to come back to
		lv.mark, lv.nAct, lv.nSec = e.save(), e.nAct, e.nSec
	}
	lv.branch = takeBranch
	u, ok = e.include(lv.r)
	goto taken

right: // the other branch of lv's node, its last: remove its option
	// (next comes here only while lv has its restore point, which the
	// left branch alone has.)
	e.restore(lv.mark, lv.nAct, lv.nSec)
	e.forget(lv.mark)
	lv.mark = -1
	lv.branch = excludeBranch
	u, ok = e.exclude(lv.r)
	goto taken

backup:
	if depth == ww.base {
		goto finish
	}
	if lv.mark >= 0 { // leaving a restore point for good
		e.forget(lv.mark)
	}
	depth--
	lv = &e.lv[depth]
	goto next

finish:
	*c = ww.t.add(c)
	run.AddProfile(e.prof)
	return end
}

// solution returns the caller's indices of the options chosen at levels
// 0…depth-1, in a buffer reused from one solution to the next.
func (e *Engine) solution(depth int) []int {
	e.sol = e.sol[:0]
	for l := range depth {
		if k := e.chosen(l); k >= 0 {
			e.sol = append(e.sol, int(e.p.Caller[k]))
		}
	}
	return e.sol
}

// chosen returns the compiled option taken at level l, or -1 when the
// level removed an option instead (multiplicities).
func (e *Engine) chosen(l int) int32 {
	lv := &e.lv[l]
	if e.mcc {
		if lv.branch != takeBranch {
			return -1
		}
		return lv.r
	}
	return e.option(e.mem[lv.r])
}
