package drive

import (
	"context"
	"errors"
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// The driver in this file runs every search that is more than one engine
// searching one unit: several workers (Config.Workers), a checkpointed
// search (Config.Checkpoint), a resumed one (Config.Resume) and a shard
// (Config.Shard). It keeps a pool of pieces of work (units with their
// shares, share.go); each worker has its own clone of the engine and
// searches one piece at a time. The package documentation says how it
// behaves; the comments here say how it works.
//
// Work stealing: a worker that finds the pool empty raises a request
// (want); the next busy worker to poll takes the request up and answers
// core.Donate: its engine gives away the rest of the shallowest level of
// its search that has branches left, which the worker moves to the pool
// at its next poll. Shallow rests are big pieces, so steals are few.
//
// A handover is paid for by nodes already searched: every unit a donation
// makes is searched by replaying its path, which costs about the widths of
// the nodes on it (entering the node again covers its item, which walks
// its list), and an engine that hands over each sibling as a unit of its
// own makes a unit per branch left. A node with a hundred thousand
// branches that each end at once would otherwise cost the square of its
// width to share. So a worker asked to donate weighs what its donation
// would cost (handoverCost) against a credit of the nodes the workers have
// entered, and donates only when the credit covers it: the handovers of a
// search cost at most handoverAllowance more than the search itself, and
// an idle worker waits no longer than its share would have cost to hand
// over.
//
// Checkpoints stop the world: every busy worker answers core.Stop at its
// next poll (its engine exports every unexplored part and unwinds), its
// pieces go to the pool and its counters to the total, and with every
// worker idle the pool and the total are exactly the search's position.
// The workers then take pieces again. Each stop costs a poll interval and
// the replay of a path per piece: nothing, once a minute.

// parallelPollEvery is how many nodes a worker searches between polls.
// An idle worker waits about two poll intervals for a donation (the poll
// at which a busy worker donates, and the next, at which it hands the
// piece over), so the interval is shorter than core.PollInterval, while a
// poll with nothing to do costs a few atomic loads, a thousandth of the
// work of 1024 nodes or less.
const parallelPollEvery = 1 << 10

// handoverAllowance is the credit a search starts with for handovers, in
// the steps of a replay (an option of a list walked, about a node's
// work): enough that the first donations of a search, a few siblings near
// the root, are made at once, and a millisecond of replays at most.
const handoverAllowance = 1 << 16

// pollEvery is parallelPollEvery, and costPollEvery is 0 (the cost
// engines' own, core.PollInterval), except in tests, which poll at every
// node to divide small searches in every possible way.
var pollEvery, costPollEvery int64 = parallelPollEvery, 0

// SetPollEvery sets how many nodes a worker searches between polls, in
// every driver, and returns the function that restores it: for tests,
// which poll at every node to divide small searches in every possible
// way. Not safe while a search runs.
func SetPollEvery(n int64) (restore func()) {
	old, oldCost := pollEvery, costPollEvery
	pollEvery, costPollEvery = n, n
	return func() { pollEvery, costPollEvery = old, oldCost }
}

// minProgressEvery bounds how often a driven search reports progress,
// whatever Config.ProgressEvery asks: its reports come from a timer, not
// from the polls that pace the sequential search's, and more than a
// thousand a second only keep a core busy.
const minProgressEvery = time.Millisecond

// driver is the state of one driven search, shared by its workers.
type driver struct {
	cfg   *Config
	ctx   context.Context // the search's; its end stops the workers
	proto core.Engine     // the caller's engine, never searched: workers clone it
	visit func([]int) bool
	start time.Time
	prior time.Duration // elapsed in the runs a checkpoint continues
	depth int           // profile length
	split string        // the digest of the shard split

	mu       sync.Mutex
	cond     sync.Cond
	pool     []piece
	busy     int           // workers searching a piece
	total    core.Counters // of finished pieces and of what came before
	resumed  int64         // the nodes of the position resumed: MaxNodes bounds the nodes after them
	profile  []int64
	share    float64 // the share of the tree the whole search covers
	paused   bool    // a checkpoint stops the world
	waiting  int     // idle workers waiting for a piece
	inflight int     // donations asked for and not yet handed over
	idle     time.Duration
	complete bool        // the pool ran out with every worker idle
	halted   bool        // the search was stopped
	status   core.Status // why, when halted
	ctxErr   error
	err      error // a worker's panic or a bad path
	lost     bool  // work was dropped that no piece holds (a panic, a declined solution): no more checkpoints
	workers  []*worker

	stop   atomic.Bool  // every busy worker answers Stop
	pause  atomic.Bool  // the same, for a checkpoint
	want   atomic.Int64 // donations wanted (see wantLocked)
	epoch  atomic.Int64 // progress requests; workers publish when it moves
	budget atomic.Int64 // nodes MaxNodes still allows that no worker holds (see claim)
	steals atomic.Int64
	// credit is the replay work handovers may still cost: the nodes the
	// workers entered, plus handoverAllowance, less what donations cost.
	credit atomic.Int64
	// wholeRests records that the engine hands the rest of a level over
	// as one unit (core.Unit.After), not a unit per sibling.
	wholeRests atomic.Bool

	visitMu   sync.Mutex
	delivered int64 // solutions handed to visit, with those of earlier runs
}

// worker is one goroutine of a driven search, with its engine.
type worker struct {
	d        *driver
	eng      core.Engine
	run      core.Run
	cur      piece // the piece being searched; hi shrinks as it donates
	running  bool
	gaveAway bool // pieces of cur went to the pool: cur cannot be requeued
	donating bool // the last poll answered Donate
	stopping bool // the last poll answered Stop
	epoch    int64
	fr       frame
	branches []core.Branch
	pos      float64       // published position in cur's share
	sofar    core.Counters // published counters of cur so far
	allowed  int64         // nodes of cur the budget granted (run.MaxNodes); see claim
	credited int64         // nodes of cur added to d.credit
	paid     int64         // what the donation asked for cost the credit
	cut      int           // levels ≤ cut gave their rests away (the engine's cut)
}

// Run runs the search that cfg asks for on clones of proto, which it
// never searches itself. Its errors are a bad path (a *core.PathError:
// a partial solution or a position that names no node), ErrUnfit and
// ErrOtherSplit for a position that does not fit, a *WorkerPanic, the
// context's error, or the sink's, joined.
func Run(ctx context.Context, proto core.Engine, cfg Config) (Result, error) {
	d := &driver{cfg: &cfg, ctx: ctx, visit: cfg.Visit, start: time.Now(), share: 1, proto: proto}
	d.cond.L = &d.mu
	d.depth = d.proto.MaxDepth() + 2
	d.profile = make([]int64, d.depth)

	var early [][]int // solutions above a shard split: shard 1 delivers them
	switch {
	case cfg.Resume != nil:
		if err := d.resume(cfg.Resume); err != nil {
			return Result{}, err
		}
	case cfg.Shards > 0:
		sp, err := splitOf(d.proto, cfg.Root, cfg.Shards, cfg.SplitSeed)
		if err != nil {
			return Result{Status: core.Complete}, err
		}
		d.split = sp.digest
		d.pool = gatherRests(sp.parts[cfg.Shard-1])
		d.share = 0
		for _, p := range d.pool {
			d.share += p.Hi - p.Lo
		}
		if cfg.Shard == 1 { // the nodes above the split count once, here
			d.total = sp.above
			copy(d.profile, sp.profile)
			early = sp.solutions
		}
	default:
		d.pool = []piece{{Unit: core.Unit{Path: cfg.Root}, Lo: 0, Hi: 1, End: 1}}
	}
	d.budget.Store(max(cfg.MaxNodes-(d.total.Nodes-d.resumed), 0))
	d.credit.Store(handoverAllowance)
	d.delivered = d.total.Solutions - int64(len(early))

	visitor := d.visitor()
	d.workers = make([]*worker, max(cfg.Workers, 1))
	for i := range d.workers {
		w := &worker{d: d, eng: d.proto.Clone()}
		w.eng.ResetWeights()
		w.run = core.Run{
			Weighted:  cfg.Weighted,
			Visit:     visitor,
			PollEvery: pollEvery,
		}
		if !cfg.SkipProfile || cfg.Checkpoint != nil { // (see Config.SkipProfile)
			w.run.Profile = make([]int64, d.depth)
		}
		w.run.Poll = w.poll
		d.workers[i] = w
	}
	for _, sol := range early {
		if visitor != nil && !visitor(sol) {
			break
		}
	}
	switch {
	case ctx.Err() != nil: // done on entry: nothing is searched, and a checkpoint says so
		d.halt(core.StoppedBy(ctx.Err()), ctx.Err())
	case cfg.MaxNodes > 0 && d.total.Nodes-d.resumed >= cfg.MaxNodes:
		d.halt(core.NodeLimit, nil)
	case cfg.MaxSolutions > 0 && d.delivered >= cfg.MaxSolutions:
		d.halt(core.SolutionLimit, nil) // before any worker drops anything
	}

	finished := startLoops(d.workers)
	d.coordinate(ctx, finished)

	res := d.result()
	err := d.err
	if err == nil && !d.complete {
		err = d.ctxErr
	}
	// A panic whose piece went back to the pool whole leaves an exact
	// position; one whose piece had given work away (lost), or a bad
	// path, leaves the last periodic checkpoint in place.
	var wp *WorkerPanic
	if d.cfg.Checkpoint != nil && !d.lost && (d.err == nil || errors.As(d.err, &wp)) {
		switch res.Status {
		case core.Complete, core.Interrupted, core.Timeout, core.NodeLimit:
			// The position is exact: save it, the last word on this search.
			// (A search stopped at a solution, by the limit or the visitor,
			// has dropped the rest of that worker's piece: the last
			// periodic checkpoint stays, and resuming from it is exact.)
			if werr := d.cfg.Checkpoint(d.snapshot(res.Status)); werr != nil {
				err = errors.Join(err, werr)
			}
		}
	}
	return res, err
}

// visitor returns the Visit of every worker: one solution at a time goes
// to the caller's visit, and the solution limit holds across workers.
func (d *driver) visitor() func([]int) bool {
	limit := d.cfg.MaxSolutions
	if d.visit == nil && limit <= 0 {
		return nil // count only: the engines need not call back
	}
	// Every solution an engine counts is delivered, even after the search
	// was told to stop (a checkpoint counts it), except when the visitor
	// or the limit ended the search: the engine that counted the solution
	// declined drops the rest of its piece, so no checkpoint is taken
	// after that (drop).
	stopped := false
	return func(sol []int) bool {
		d.visitMu.Lock()
		defer d.visitMu.Unlock()
		if stopped || limit > 0 && d.delivered >= limit {
			d.drop(core.SolutionLimit)
			return false
		}
		d.delivered++
		if d.visit != nil && !d.visit(sol) {
			stopped = true
			d.drop(core.Stopped)
			return false
		}
		if limit > 0 && d.delivered >= limit {
			d.drop(core.SolutionLimit)
			return false
		}
		return true
	}
}

// drop halts the search for status when a worker's engine is about to
// drop the rest of its piece (its visit returned false): the pool no
// longer holds the whole position, so no checkpoint may be written from
// now on, periodic or final, and the file keeps the last exact one.
func (d *driver) drop(status core.Status) {
	d.mu.Lock()
	d.lost = true
	d.haltLocked(status, nil)
	d.mu.Unlock()
}

// halt stops the search: busy workers stop at their next poll, idle ones
// leave. The first reason given is the one reported.
func (d *driver) halt(status core.Status, ctxErr error) {
	d.mu.Lock()
	d.haltLocked(status, ctxErr)
	d.mu.Unlock()
}

// haltLocked is halt with d.mu held.
func (d *driver) haltLocked(status core.Status, ctxErr error) {
	if !d.halted {
		d.halted, d.status, d.ctxErr = true, status, ctxErr
	}
	d.stop.Store(true)
	d.wantLocked()
	d.cond.Broadcast()
}

// coordinate waits for the workers to finish, stopping them when ctx
// ends, and meanwhile writes checkpoints and reports progress when due.
func (d *driver) coordinate(ctx context.Context, finished <-chan struct{}) {
	var ckTick, progressTick <-chan time.Time
	if d.cfg.Checkpoint != nil {
		every := d.cfg.CheckpointEvery
		if every <= 0 {
			every = DefaultCheckpointEvery
		}
		t := time.NewTicker(every)
		defer t.Stop()
		ckTick = t.C
	}
	if d.cfg.Progress != nil {
		every := d.cfg.ProgressEvery
		if every <= 0 {
			every = time.Second
		}
		every = max(every, minProgressEvery)
		t := time.NewTicker(every)
		defer t.Stop()
		progressTick = t.C
		d.epoch.Add(1)
	}
	done := ctx.Done()
	for {
		select {
		case <-finished:
			return
		case <-done:
			d.halt(core.StoppedBy(ctx.Err()), ctx.Err())
			done = nil
		case <-ckTick:
			d.checkpoint()
		case <-progressTick:
			d.progress()
		}
	}
}

// checkpoint stops the world, gives the position to the sink, and lets
// the workers go on; it does nothing when the search is over. A failure
// is the sink's to report: the search goes on.
func (d *driver) checkpoint() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted || d.complete {
		return
	}
	d.paused = true
	d.pause.Store(true)
	d.wantLocked()
	defer func() {
		d.paused = false
		d.pause.Store(false)
		d.wantLocked()
		d.cond.Broadcast()
	}()
	for d.busy > 0 {
		d.cond.Wait()
	}
	if d.halted || d.lost {
		// core.Stopped meanwhile: the final checkpoint, if exact, says it; a
		// panic that lost work must not overwrite the last good one.
		return
	}
	// No worker is inside a search: nothing is being visited.
	d.cfg.Checkpoint(d.snapshot(running)) // the sink knows of a failure; the search goes on
}

// loop takes pieces and searches them until the search is over.
func (w *worker) loop() {
	for w.eng != nil {
		p, ok := w.d.take(w)
		if !ok {
			return
		}
		w.searchPiece(p)
	}
}

// take returns the next piece to search, waiting for one, or false when
// the search is complete or halted.
func (d *driver) take(w *worker) (piece, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		if d.halted || d.complete {
			return piece{}, false
		}
		if !d.paused {
			if len(d.pool) > 0 {
				p := d.pool[0]
				d.pool = d.pool[1:]
				d.busy++
				d.wantLocked()
				w.cur, w.running, w.gaveAway = p, true, false
				w.pos, w.sofar = p.Lo, core.Counters{}
				return p, true
			}
			if d.busy == 0 {
				d.complete = true
				d.cond.Broadcast()
				return piece{}, false
			}
		}
		d.waiting++
		d.wantLocked()
		idle := !d.paused
		t0 := time.Now()
		d.cond.Wait()
		if idle {
			d.idle += time.Since(t0)
		}
		d.waiting--
	}
}

// wantLocked recomputes d.want, the number of donations busy workers
// should make: idle workers waiting, less the pieces in the pool and the
// donations under way. None while the world is stopped.
func (d *driver) wantLocked() {
	n := 0
	if !d.paused && !d.halted {
		n = d.waiting - len(d.pool) - d.inflight
	}
	d.want.Store(int64(max(n, 0)))
}

// searchPiece searches p, then hands what it counted and exported to the
// driver.
func (w *worker) searchPiece(p piece) {
	d := w.d
	var c core.Counters
	w.run.Export = w.run.Export[:0]
	w.run.MaxNodes, w.allowed, w.run.Final = 0, 0, false
	w.donating, w.stopping, w.fr.valid = false, false, false
	w.credited, w.cut = 0, base(&p)-1
	var (
		end      core.Status
		err      error
		panicked error
	)
	if d.cfg.MaxNodes > 0 && !w.claim(0) {
		end = core.NodeLimit // the budget is spent: p goes back whole
	} else {
		end, err, panicked = w.searchSafely(p, &c)
	}

	d.credit.Add(c.Nodes - w.credited)
	d.mu.Lock()
	defer d.mu.Unlock()
	defer d.cond.Broadcast()
	d.busy--
	w.running = false
	if d.cfg.MaxNodes > 0 { // what the search was allowed and did not enter
		d.budget.Add(w.allowed - c.Nodes)
	}
	switch {
	case end == core.NodeLimit && w.allowed == 0:
		d.pool = append([]piece{p}, d.pool...)
		d.haltLocked(core.NodeLimit, nil)
		return
	case panicked != nil:
		if w.donating { // the donation dies with the engine's state
			w.handOver(nil)
		}
		d.err = errors.Join(d.err, panicked)
		if w.gaveAway {
			d.lost = true
		} else { // nothing of p went elsewhere: requeue it, its counts dropped
			d.pool = append([]piece{p}, d.pool...)
		}
		clear(w.run.Profile)
		d.haltLocked(core.Interrupted, nil)
		return
	case err != nil: // a path that names no node: a bad partial solution
		if w.donating {
			w.handOver(nil)
		}
		d.err = errors.Join(d.err, err)
		d.lost = true
		d.haltLocked(core.Complete, nil)
		return
	}
	units := w.run.Export
	if w.donating { // the donation made at the last poll, if it gave anything
		n := 0
		for n < len(units) && (units[n].After || units[n].CountLast || units[n].Rest != nil) {
			n++ // an export starts with a node of its own (neither)
		}
		w.handOver(units[:n])
		units = units[n:]
	}
	if len(units) > 0 { // the search stopped: its rest goes first, in order
		from := w.pos
		if !w.stopping { // a node limit, reached between polls
			w.fr.valid = false
		} else {
			from = w.fr.a
		}
		d.pool = append(w.fr.divide(&w.cur, units, from, w.branches), d.pool...)
	}
	d.total.Add(c)
	for l, n := range w.run.Profile {
		d.profile[l] += n
	}
	clear(w.run.Profile)
	// A search that used up what it was allowed (end core.NodeLimit) has
	// exported its rest to the pool; the worker takes the next piece, and
	// halts the search when the budget has nothing left for it. One that
	// used up the budget's last grant with no checkpoint to write exported
	// nothing (see claim): it halts the search at once, which never ends
	// as complete with that rest unsearched.
	if end == core.NodeLimit && w.run.Final {
		d.haltLocked(core.NodeLimit, nil)
	}
}

// claim tops up what the budget allows the worker's search of cur, having
// entered nodes nodes, to a node past its next poll (the engine checks
// its limit before polling: a grant that ended at the poll would stop it
// there), and reports whether it allows any node more. The budget is
// MaxNodes less every node counted or granted: a worker takes a poll
// interval's worth at a time and gives back what it did not enter when
// its piece ends, so that the workers together never enter more than
// MaxNodes, and when one finds the budget spent the others stop at their
// next polls, each short of its grant by at most pollEvery+1 nodes.
func (w *worker) claim(nodes int64) bool {
	d := w.d
	want := nodes + pollEvery + 1 - w.allowed
	for want > 0 {
		left := d.budget.Load()
		take := min(want, left)
		if take <= 0 {
			break
		}
		if d.budget.CompareAndSwap(left, left-take) {
			w.allowed += take
			break
		}
	}
	w.run.MaxNodes = w.allowed
	// A grant short of what was asked is the budget's last: a search that
	// stops at it is stopped for good, and with no checkpoint to write its
	// rest is not wanted (core.Run.Final): exporting it takes memory in the
	// square of the depth on a search thousands of levels deep.
	if want > 0 && d.budget.Load() == 0 && d.cfg.Checkpoint == nil {
		w.run.Final = true
	}
	return w.allowed > nodes
}

// searchSafely runs the engine on p, turning a panic into an error.
func (w *worker) searchSafely(p piece, c *core.Counters) (end core.Status, err, panicked error) {
	defer func() {
		if r := recover(); r != nil {
			panicked = &WorkerPanic{Value: r, Stack: debug.Stack()}
			w.eng = nil // its links are in disarray: this worker is done
		}
	}()
	end, err = w.eng.Search(p.Unit, &w.run, c)
	return end, err, nil
}

// poll is the workers' core.Run.Poll.
func (w *worker) poll(c *core.Counters) core.Action {
	d := w.d
	if w.donating {
		d.mu.Lock()
		w.handOver(w.run.Export)
		d.cond.Broadcast()
		d.mu.Unlock()
		w.run.Export = w.run.Export[:0]
	}
	select {
	case <-d.ctx.Done(): // noticed here too: the coordinator may wait for a core
		d.halt(core.StoppedBy(d.ctx.Err()), d.ctx.Err())
	default:
	}
	if d.stop.Load() || d.pause.Load() {
		w.locate()
		w.stopping = true
		// Halted with no checkpoint to write, the rest of the piece is
		// dropped: the engine need not export it (core.Run.Final), which
		// takes seconds thousands of levels deep.
		w.run.Final = d.stop.Load() && d.cfg.Checkpoint == nil
		return core.Stop
	}
	if d.cfg.MaxNodes > 0 {
		w.claim(c.Nodes) // the engine stops at run.MaxNodes when nothing is left
	}
	d.credit.Add(c.Nodes - w.credited)
	w.credited = c.Nodes
	if d.want.Load() > 0 {
		w.locate()
		if cost := w.handoverCost(); d.spend(cost) {
			d.mu.Lock()
			ask := !d.paused && !d.halted && d.waiting-len(d.pool)-d.inflight > 0
			if ask {
				d.inflight++
				d.wantLocked()
			}
			d.mu.Unlock()
			if ask {
				w.donating, w.paid = true, cost
				return core.Donate
			}
			d.credit.Add(cost) // not asked after all
		}
	}
	if e := d.epoch.Load(); e != w.epoch {
		w.epoch = e
		w.locate()
		d.mu.Lock()
		w.pos, w.sofar = w.fr.position(&w.cur), *c
		d.mu.Unlock()
	}
	return core.Continue
}

// handoverCost returns what searching the units of the donation a poll
// would ask for costs, in the steps of their replays (valid after locate):
// the donation is the rest of the shallowest level below the worker's cut
// that has branches left (core.DonateUnits), each unit's replay walks
// about the widths of the levels down to it, and there is a unit per
// branch left, or one for them all once the engine has handed a rest over
// whole, or when the level is that of a rest unit being searched
// (core.SearchRest donates its branches as one unit). Zero when no level
// has branches left.
func (w *worker) handoverCost() int64 {
	from := max(base(&w.cur), w.cut+1)
	var replay int64
	for l, b := range w.branches {
		d, k := int64(max(b.D, 1)), int64(max(b.K, 1))
		replay += d
		if l < from || d <= k {
			continue
		}
		units := d - k
		if w.d.wholeRests.Load() || w.cur.Unit.Rest != nil && l == base(&w.cur) { // a rest gives its own rest whole
			units = 1
		}
		if replay > math.MaxInt64/units {
			return math.MaxInt64
		}
		return units * replay
	}
	return 0
}

// spend takes cost from the handover credit and reports whether it
// covered it; a cost it does not cover is not taken.
func (d *driver) spend(cost int64) bool {
	for {
		left := d.credit.Load()
		if left < cost {
			return false
		}
		if d.credit.CompareAndSwap(left, left-cost) {
			return true
		}
	}
}

// locate records where the search stands (valid during a poll).
func (w *worker) locate() {
	w.branches = w.eng.Branches(w.branches[:0])
	w.fr.locate(&w.cur, w.branches)
}

// handOver moves the units a donation produced (if any) to the pool, with
// their shares: the tail of the donor's. d.mu is held.
func (w *worker) handOver(units []core.Unit) {
	d := w.d
	w.donating = false
	d.inflight--
	defer d.wantLocked() // with nothing given, someone else is asked
	if len(units) == 0 {
		d.credit.Add(w.paid)
		return
	}
	// The units are the rest of one level: the tail of the donor's share.
	w.cut = units[0].Level()
	if units[0].CountLast && !units[0].After {
		w.cut-- // a branch: the level is its parent's
	}
	if units[0].After {
		d.wholeRests.Store(true)
	}
	from := w.fr.restStart(w.cut, w.cur.Hi)
	pieces := w.fr.divide(&w.cur, units, from, w.branches)
	w.cur.Hi = pieces[0].Lo
	d.pool = append(d.pool, pieces...)
	w.gaveAway = true
	d.steals.Add(1)
}

// progress reports the combined progress: counters of finished pieces plus
// those the busy workers published at their last poll, and the share done.
func (d *driver) progress() {
	d.epoch.Add(1) // published at the workers' next polls, for the next report
	d.mu.Lock()
	c := d.total
	left := 0.0
	for _, p := range d.pool {
		left += p.Hi - p.Lo
	}
	busy := 0
	for _, w := range d.workers {
		if w.running {
			busy++
			c.Add(w.sofar)
			left += w.cur.Hi - w.pos
		}
	}
	d.mu.Unlock()
	p := Progress{Counters: c, Elapsed: d.prior + time.Since(d.start), Workers: busy, Combined: true}
	if d.share > 0 {
		p.Done = min(max((d.share-left)/d.share, 0), 1)
	}
	// As in the sequential search, progress and visit never run at once.
	d.visitMu.Lock()
	defer d.visitMu.Unlock()
	d.cfg.Progress(&p)
}

// result returns what the search did once the workers are done.
func (d *driver) result() Result {
	r := Result{Counters: d.total, Elapsed: d.prior + time.Since(d.start), Status: core.Complete,
		Workers: len(d.workers), Steals: d.steals.Load(), Idle: d.idle, Split: d.split}
	if d.halted && !d.complete { // (a stop that came after the end changes nothing)
		r.Status = d.status
	}
	if r.Status == core.SolutionLimit || r.Status == core.Stopped {
		// Workers may have counted a solution or two that the limit kept
		// from the visitor: report the solutions delivered.
		r.Counters.Solutions = d.delivered
	}
	if !d.cfg.SkipProfile {
		r.Profile = trimmed(d.profile)
	}
	return r
}

// startLoops runs each worker's loop in a goroutine of its own and returns
// a channel closed once every loop has returned: Run's and Cheapest's
// workers start and end alike.
func startLoops[W interface{ loop() }](workers []W) <-chan struct{} {
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Go(w.loop)
	}
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		close(finished)
	}()
	return finished
}
