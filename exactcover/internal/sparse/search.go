package sparse

import (
	"math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Search explores the subtree of u (core.Engine).
func (e *Engine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if u.After {
		return core.Complete, &core.PathError{Err: core.ErrBadPath} // never made here
	}
	if u.Rest != nil {
		return e.searchRest(u, run, c)
	}
	var pt point
	e.save(&pt)
	defer e.unsave(&pt)
	base, alive, err := e.replay(u.Path, u.CountLast, c)
	if err != nil || !alive {
		return core.Complete, err
	}
	e.path = u.Path
	end := e.searchSubtree(run, c, base)
	return end, e.err
}

// bump adds to the weight of the item of block x, found with too few
// options, under the Weighted rule.
func (e *Engine) bump(weighted bool, x int32) {
	if i := e.item(x); weighted && e.weight[i] < maxWeight {
		e.weight[i]++
	}
}

// PollWork is how much work a search does at most between two polls,
// besides core.PollInterval nodes: updates, and items looked at to choose
// the item to branch on. Nodes alone would be too coarse where they are
// expensive: on the 64×64 Sudoku a node makes hundreds of updates, and
// on a problem with tens of thousands of items and no forced move each
// choice looks at every one, so that core.PollInterval nodes would take
// seconds. An update is a few nanoseconds, so PollWork of them keeps a
// stop within milliseconds.
const PollWork = 1 << 19

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
	// nextWork is the count of updates at which to poll next (see
	// PollWork); other work brings it closer: the items and words looked
	// at to choose an item, the levels listed for a solution.
	nextWork int64
	base     int
	cut      int // levels ≤ cut gave their other branches away
	fast     bool
	weighted bool
	mcc      bool   // the problem has multiplicities
	finishes int32  // the most open items of a node that counts a forced finish at once (leaves.go), or -1
	caches   bool   // counts of subtrees may be kept and looked up (cache.go)
	looks    uint64 // bit n: nodes of n open items look their items up (cacheLooks)
}

// poll does what is due when a search reaches Run.NextPoll or its work
// PollWork: at the node limit, or when Poll says Stop, it exports every
// unexplored part of the search (levels w.base…depth, those above w.cut;
// nothing when the run is final) and reports how it ends;
// otherwise it exports or donates what Poll asks for and the search goes
// on.
func (e *Engine) poll(run *core.Run, w *walk, c *core.Counters, depth int) (end core.Status, stop bool) {
	if run.MaxNodes > 0 && w.t.nodes >= run.MaxNodes {
		core.Answer(e, run, core.Stop, w.base, depth, &w.cut)
		return core.NodeLimit, true
	}
	if run.Poll == nil {
		return core.Complete, false
	}
	e.depth = depth
	sofar := w.t.add(c)
	if core.Answer(e, run, run.Poll(&sofar), w.base, depth, &w.cut) {
		return core.Interrupted, true
	}
	return core.Complete, false
}

// searchSubtree is the search loop: levels on an explicit stack, nothing
// allocated per node. It explores the subtree of the node reached by
// levels 0…base-1, and leaves the state for the caller's restore point to
// undo. Without multiplicities a node branches on every option of the
// item it chooses; with them (w.mcc), two ways on one option (see
// mcc.go). Polls, solutions, dead ends, restore points and backing up are
// the same for both.
func (e *Engine) searchSubtree(run *core.Run, c *core.Counters, base int) (end core.Status) {
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
	ww.finishes = -1
	if e.finishes(run.Visit != nil, run.MaxSolutions > 0 || run.MaxNodes > 0) {
		ww.finishes = int32(LeafItems)
	}
	ww.caches = e.caches(run.Visit != nil, run.MaxSolutions > 0 || run.MaxNodes > 0, run.Weighted)
	ww.looks = e.cacheLooks()
	if ww.caches {
		e.cache.keepProfiles(run.Profile != nil)
	}
	e.err = nil
	clear(e.prof)
	ww.nextPoll, ww.nextWork = run.NextPoll(0), PollWork

forward:
	if ww.t.nodes >= ww.nextPoll || ww.t.updates >= ww.nextWork {
		if why, stop := e.poll(run, ww, c, depth); stop {
			end = why
			goto finish
		}
		ww.nextPoll, ww.nextWork = run.NextPoll(ww.t.nodes), ww.t.updates+PollWork
	}
	ww.t.nodes++
	e.prof[depth]++
	lv = viewLevels(e.lv).at(depth)
	lv.mark, lv.slot = -1, -1
	if e.nAct == 0 { // every primary item covered (or content): a solution
		ww.t.sols++
		if run.Visit != nil {
			ww.nextWork -= int64(depth)
			if !run.Visit(e.solution(depth)) {
				end = core.Stopped
				goto finish
			}
		}
		if run.MaxSolutions > 0 && ww.t.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto finish
		}
		goto backup
	}
	if e.nAct <= ww.finishes && e.countForcedFinish(depth, ww) {
		goto backup
	}
	lv.open = e.nAct
	if ww.caches {
		if depth > ww.base { // its parent's hash, less its option's items
			up := viewLevels(e.lv).up(lv, depth)
			lv.hash = up.hash ^ *viewWords(e.optionHash).at(*viewMem(e.mem).at(up.r))
		} else {
			lv.hash = e.openHash()
		}
		if ww.looks>>uint32(e.nAct)&1 != 0 { // (0 from 64 open items up)
			e.checkHash(lv.hash)
			if s := e.lookUp(lv, &ww.t, depth); s != nil {
				if !e.addSlot(&ww.t, s, depth) {
					e.err = ErrCountOverflow
					goto finish
				}
				goto backup
			}
		}
	}
	if ww.mcc {
		goto nodeM
	}
	if ww.fast && depth > ww.base { // a forced move, as choose would find it (see there)
		for k, m := range e.short {
			if m != 0 {
				best = *viewMem(e.base).wide(k<<6 | bits.TrailingZeros64(m))
				ww.nextWork -= int64(k)
				goto chosen
			}
		}
	}
	ww.nextWork -= int64(e.nPrimary) // the most choose may look at (inactive items too, see there)
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
		// take's choice of form, with self, written out here as below: a
		// call between, or one place for both with self a variable, costs
		// the loop more than the repeated switch.
		switch q := *viewMem(e.mem).wide(int(uint32(lv.r))); {
		case e.trailing:
			u, ok = takeOption[trailed](e, q, true)
		case e.shortSets:
			u, ok = takeOption[plainShort](e, q, true)
		default:
			u, ok = takeOption[plain](e, q, true)
		}
		goto taken
	}
	ww.t.updates += e.cover(best)
	e.save(&lv.point)

advance:
	switch q := *viewMem(e.mem).wide(int(uint32(lv.r))); { // take, written out (see above)
	case e.trailing:
		u, ok = takeOption[trailed](e, q, false)
	case e.shortSets:
		u, ok = takeOption[plainShort](e, q, false)
	default:
		u, ok = takeOption[plain](e, q, false)
	}
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
	e.restore(&lv.point)
	lv.r++
	goto advance

nodeM: // with multiplicities: take the option lv.r, then remove it
	ww.nextWork -= int64(e.nAct)
	lv.best, score = e.chooseM(ww.weighted)
	if score <= 0 { // too few options left for the item
		e.bump(ww.weighted, lv.best)
		goto backup
	}
	lv.r = e.firstOption(lv.best)
	if score > 1 { // else no right branch, and no restore point to come back to
		e.save(&lv.point)
	}
	lv.branch = takeBranch
	u, ok = e.include(lv.r)
	goto taken

right: // the other branch of lv's node, its last: remove its option
	// (next comes here only while lv has its restore point, which the
	// left branch alone has.)
	e.unsave(&lv.point)
	lv.mark = -1
	lv.branch = excludeBranch
	u, ok = e.exclude(lv.r)
	goto taken

backup:
	if lv.slot >= 0 { // the node's subtree is searched: keep its count
		e.keepCount(lv, &ww.t, depth, depth > ww.cut)
	}
	if depth == ww.base {
		goto finish
	}
	if lv.mark >= 0 { // leaving a restore point for good
		e.forget(&lv.point)
	}
	depth--
	lv = viewLevels(e.lv).at(depth)
	goto next

finish:
	if ww.t.sols < 0 { // solutions counted past what an int64 holds
		e.err = ErrCountOverflow
	}
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
