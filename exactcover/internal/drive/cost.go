package drive

import (
	"context"
	"errors"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// The driver in this file runs every search for the cheapest solutions
// (Knuth's DLX5 and its kin) on cost engines (core.CostEngine), as Run
// and Sequential run the searches that list and count on engines. Its
// pieces of work are of the cost engines' own kind (CostUnit), because
// the cut-off, which falls as solutions are found, changes what a search
// visits: a unit is the subtree of one option of the root item from a
// position in it, and a search stopped anywhere leaves at most one unit
// per worker started plus the root options not yet started.
//
//   - One worker, from scratch: the engine searches the whole tree, as
//     DLX5 does, counting what DLX5 counts.
//   - Several workers, or a resumed search: a pool of units, in the order
//     of the root item's options (cheapest first); each worker takes the
//     next, and the workers share the cut-off (core.Bound) and the K best
//     solutions kept, so that a solution one finds prunes the others'
//     branches at once. A search from scratch makes one unit per root
//     option and counts the root once. (Dealing the root's options out
//     modulo the workers, each worker entering the root, took the same
//     time on two cores, and a pool needs no second way of dividing.)
//   - Several workers on a wide root: each unit enters the root again,
//     which walks the root item's list, so dividing a root of w options
//     costs about w² steps, however little lies below it. A search whose
//     root has more than costDivideWidth options starts as a search of the
//     whole tree by one worker, the others waiting, and is divided (as a
//     checkpoint divides it) once it has entered w² nodes, which pay for
//     the division: a root whose options the cut-off soon prunes is never
//     divided.
//   - Checkpoints stop the world, as Run's do: every busy worker stops at
//     its next poll and puts its unit back as its engine's position, the
//     sink is given the position (the K best kept, the units left, the
//     counters), and the workers go on. A search of the whole tree that
//     stops becomes a divided one.
//
// No shard: a shard searches its part of the tree without seeing the
// others, so its cut-off is its own, and the K best of the whole are not
// the K best of the parts' K best unless every shard searches as if alone
// (each exploring what the others' solutions would have pruned). Merging
// K best lists is easy, but the work would not divide: with costs, N
// machines do better as one search's workers.

// CostConfig is a search for the cheapest solutions for Cheapest.
type CostConfig struct {
	// Best is K, the number of cheapest solutions wanted (at least 1).
	Best int
	// Workers is the number of goroutines that search at once (0 and 1:
	// one).
	Workers int
	// MaxNodes, when positive, stops the search after about that many
	// nodes of this run (exactly, with one worker; with several, at their
	// next polls once they have entered that many together).
	MaxNodes int64
	// Visit, when set, is told every solution kept, as it is kept, with
	// its cost; one call at a time, with costs that decrease while fewer
	// than K are kept. Returning false stops the search (Stopped).
	Visit func(solution []int, cost int64) bool
	// Trace, when set, is told every step of a search with one worker.
	Trace func(core.CostStep)
	// Resume goes on from a position, which the caller has checked
	// (CheckCostPosition).
	Resume *CostPosition
	// Checkpoint, when set, is given the position every CheckpointEvery
	// (Running set) and at the end of a search that completed or was
	// stopped by its context or MaxNodes. An error does not stop the
	// search: it is the sink's to report.
	Checkpoint      func(*CostPosition) error
	CheckpointEvery time.Duration
}

// CostSolution is a solution kept, as the caller's options in the order
// chosen, with its cost (taxes included).
type CostSolution struct {
	Options []int
	Cost    int64
}

// CostUnit is a piece of a search for the cheapest solutions: the subtree
// of the root option Path[0] from the node Path leads to on, to the end
// of that subtree (see core.CostRun.Start). Entered says that the node
// was entered and counted; a root option not yet started is a unit of one
// step, not entered.
type CostUnit struct {
	Path    []core.Step
	Entered bool
}

// CostPosition is where a search for the cheapest solutions stands: its
// counters and time over every run, the best solutions kept (by
// increasing cost; the K-th best is the cut-off), and the units left, in
// the order of the root item's options. A complete search has none.
type CostPosition struct {
	Counters core.Counters
	Elapsed  time.Duration
	Status   core.Status // how the run that took it stood (Interrupted while Running)
	Running  bool
	Kept     []CostSolution
	Units    []CostUnit
}

// CostResult is what a search for the cheapest solutions did: its
// counters and time (with those of the runs it resumed), how it ended,
// the best solutions kept, and where it stands when stopped by its
// context or MaxNodes (nil otherwise).
type CostResult struct {
	Counters core.Counters
	Elapsed  time.Duration
	Status   core.Status
	Workers  int // more than one, or 0
	Kept     []CostSolution
	Position *CostPosition
}

// costDriver is the state of one Cheapest, shared by its workers.
type costDriver struct {
	cfg   *CostConfig
	ctx   context.Context
	k     int
	bound *core.Bound
	start time.Time
	prior time.Duration // elapsed in the runs a resumed position continues

	mu       sync.Mutex // guards what follows, and the calls of cfg.Visit
	cond     sync.Cond
	kept     []CostSolution
	total    core.Counters // of the units finished, and of the runs before
	units    []costPiece   // in the order of the root's options
	whole    bool          // the first piece is the whole tree, not yet divided
	divideAt int64         // with several workers, nodes after which the whole tree is divided
	next     int           // no unit before it is pending
	busy     int           // workers searching a piece
	paused   bool          // a checkpoint stops the world
	declined bool          // a visit said stop: the rest of its unit is dropped
	err      error         // a worker's panic, which loses its unit too
	workers  []*costWorker

	stop      atomic.Bool  // busy workers stop at their next poll, for good
	pause     atomic.Bool  // the same, for a checkpoint
	nodes     atomic.Int64 // nodes of this run, for MaxNodes with several workers
	nodeLimit atomic.Bool  // MaxNodes was reached
}

// costPiece is a unit of the pool and what became of it.
type costPiece struct {
	unit  CostUnit
	state pieceState
}

type pieceState int8

const (
	pending pieceState = iota
	searching
	finished
)

// costWorker is one goroutine of a search, with its engine.
type costWorker struct {
	d       *costDriver
	eng     core.CostEngine
	run     core.CostRun
	counted core.Counters // this worker's counts in this run, for polls
	last    int64         // nodes already added to d.nodes
	whole   bool          // searching the whole tree, not yet divided
	divide  bool          // the last poll stopped the whole tree's search to divide it
}

// Cheapest searches for the cfg.Best cheapest solutions with cost engines
// cloned from proto (the first worker searches proto itself). Its errors
// are the context's and a *WorkerPanic.
func Cheapest(ctx context.Context, proto core.CostEngine, cfg CostConfig) (CostResult, error) {
	d := &costDriver{cfg: &cfg, ctx: ctx, k: max(cfg.Best, 1), start: time.Now()}
	d.cond.L = &d.mu
	d.bound = core.NewBound(d.k)
	n := max(cfg.Workers, 1)
	switch {
	case cfg.Resume != nil:
		r := cfg.Resume
		d.total, d.prior = r.Counters, r.Elapsed
		tax := proto.TotalTax()
		for _, sol := range r.Kept {
			d.bound.Offer(sol.Cost - tax)
			d.kept = append(d.kept, CostSolution{Options: slices.Clone(sol.Options), Cost: sol.Cost})
		}
		for _, u := range r.Units {
			d.units = append(d.units, costPiece{unit: CostUnit{Path: slices.Clone(u.Path), Entered: u.Entered}})
		}
	case n == 1:
		d.whole = true
		d.units = []costPiece{{}}
	case rootWidth(proto) > costDivideWidth: // the whole tree, divided when it has paid for it
		w := int64(rootWidth(proto))
		d.whole, d.divideAt = true, w*w
		d.units = []costPiece{{}}
	default: // one unit per root option; the root is entered once, here
		d.total.Nodes++
		d.units = rootUnits(proto, nil)
	}
	d.workers = make([]*costWorker, n)
	for i := range d.workers {
		w := &costWorker{d: d, eng: proto}
		if i > 0 {
			w.eng = proto.Clone()
		}
		w.run = core.CostRun{Best: d.k, Bound: d.bound, Poll: w.poll, PollEvery: costPollEvery, Visit: d.keep}
		if n == 1 {
			w.run.Trace = cfg.Trace
		}
		d.workers[i] = w
	}

	finished := startLoops(d.workers)
	d.coordinate(finished)

	res := CostResult{Counters: d.total, Elapsed: d.prior + time.Since(d.start), Kept: d.kept}
	if n > 1 {
		res.Workers = n
	}
	var ctxErr error
	switch {
	case d.err != nil:
		res.Status = core.Interrupted
		return res, d.err
	case d.declined:
		res.Status = core.Stopped
		return res, nil // where the worker that declined stood is not known
	case d.nodeLimit.Load():
		res.Status = core.NodeLimit
	case d.stop.Load(): // stopped by the context
		ctxErr = ctx.Err()
		res.Status = core.StoppedBy(ctxErr)
	}
	pos := d.position(res.Status)
	if res.Status != core.Complete {
		res.Position = pos
	}
	if cfg.Checkpoint != nil {
		cfg.Checkpoint(pos) // the last word on this search; an error is the sink's to tell
	}
	return res, ctxErr
}

// costDivideWidth is the widest root that a search with several workers
// divides into a unit per option from the start: dividing a root of w
// options replays it w times, walking its w options each time, and
// 256² steps take well under a millisecond. (A variable for tests only,
// which divide every root late: SetCostDivideWidth.)
var costDivideWidth = 1 << 8

// rootWidth returns the number of options of the root item eng branches
// on (0 when there is none).
func rootWidth(eng core.CostEngine) int {
	root := eng.RootItem()
	if root < 0 {
		return 0
	}
	return len(eng.ListOrder(root))
}

// rootUnits returns the units of a search divided at its root: one per
// option of the root item eng branches on, in the order eng tries them,
// each of one step and not entered, but for the option of pos, the
// position of a search of the whole tree, whose unit stands at pos and
// before which every option was searched. With pos empty, every option is
// a unit.
func rootUnits(eng core.CostEngine, pos []core.Step) []costPiece {
	root := eng.RootItem()
	if root < 0 {
		return nil
	}
	var units []costPiece
	at := len(pos) == 0
	for _, o := range eng.ListOrder(root) {
		switch {
		case !at && int(pos[0].Option) == o:
			at = true
			units = append(units, costPiece{unit: CostUnit{Path: slices.Clone(pos), Entered: true}})
		case at:
			units = append(units, costPiece{unit: CostUnit{Path: []core.Step{{Item: int32(root), Option: int32(o)}}}})
		}
	}
	return units
}

// coordinate waits for the workers to finish, writing checkpoints when
// due.
func (d *costDriver) coordinate(finished <-chan struct{}) {
	if d.cfg.Checkpoint == nil {
		<-finished
		return
	}
	every := d.cfg.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-finished:
			return
		case <-t.C:
			d.checkpoint()
		}
	}
}

// checkpoint stops the world, gives the position to the sink, and lets
// the workers go on; it does nothing when the search is ending.
func (d *costDriver) checkpoint() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stop.Load() {
		return
	}
	d.paused = true
	d.pause.Store(true)
	defer func() {
		d.paused = false
		d.pause.Store(false)
		d.cond.Broadcast()
	}()
	for d.busy > 0 {
		d.cond.Wait()
	}
	if d.stop.Load() {
		return // ending: the final checkpoint, if any, says where
	}
	pos := d.positionLocked(core.Interrupted)
	pos.Running = true
	d.cfg.Checkpoint(pos) // the sink knows of a failure; the search goes on
}

// haltLocked stops the search (the caller says why by the flags): busy
// workers stop at their next poll, idle ones leave.
func (d *costDriver) haltLocked() {
	d.stop.Store(true)
	d.cond.Broadcast()
}

// loop takes units and searches them until none is left or the search
// stops.
func (w *costWorker) loop() {
	for {
		i, ok := w.d.take()
		if !ok {
			return
		}
		w.searchUnit(i)
	}
}

// take returns the index of the next unit to search, waiting while the
// world is stopped, or false when none is left or the search stops.
func (d *costDriver) take() (int, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		if d.stop.Load() {
			return 0, false
		}
		if !d.paused {
			for i := d.next; i < len(d.units); i++ {
				if d.units[i].state == pending {
					d.units[i].state = searching
					d.busy++
					d.next = i + 1
					return i, true
				}
			}
			d.next = len(d.units)
			if !d.whole || d.busy == 0 || len(d.workers) == 1 {
				return 0, false
			}
			// The whole tree is being searched: it may yet be divided.
		}
		d.cond.Wait()
	}
}

// searchUnit searches unit i (the whole tree, for a search not divided), then
// hands what it counted and where it stopped to the driver.
func (w *costWorker) searchUnit(i int) {
	d := w.d
	d.mu.Lock()
	u, whole := d.units[i].unit, d.whole
	d.mu.Unlock()
	w.run.Start, w.run.Entered = u.Path, u.Entered
	w.run.MaxNodes = 0
	w.whole, w.divide = whole, false
	searched := true
	if d.cfg.MaxNodes > 0 && len(d.workers) == 1 { // several share MaxNodes by their polls
		w.run.MaxNodes = d.cfg.MaxNodes - w.counted.Nodes
		searched = w.run.MaxNodes > 0
	}
	var (
		c        core.Counters
		end      = core.NodeLimit // MaxNodes spent: the unit goes back whole
		panicked error
	)
	if searched {
		end, panicked = w.searchSafely(&c)
	}
	w.counted.Add(c)

	d.mu.Lock()
	defer d.mu.Unlock()
	defer d.cond.Broadcast()
	d.busy--
	d.total.Add(c)
	p := &d.units[i]
	p.state = pending
	d.next = min(d.next, i)
	switch {
	case panicked != nil:
		d.err = errors.Join(d.err, panicked)
		d.haltLocked()
		return
	case end == core.Complete:
		p.state = finished
		return
	case end == core.Stopped: // a visit declined: the rest of the unit is dropped
		d.declined = true
		d.haltLocked()
		return
	case !searched:
	case whole: // the whole tree, stopped: divided from now on
		d.whole = false
		d.units, d.next = rootUnits(w.eng, w.eng.Position()), 0
		if w.divide && end == core.Interrupted {
			return // to be searched by every worker
		}
	default:
		p.unit = CostUnit{Path: slices.Clone(w.eng.Position()), Entered: true}
	}
	if end == core.NodeLimit {
		d.nodeLimit.Store(true)
	}
	if d.nodeLimit.Load() || d.ctx.Err() != nil || !d.pause.Load() {
		d.haltLocked() // by the context or a node limit, not for a checkpoint
	}
}

// searchSafely runs the engine on the worker's run, turning a panic into
// an error.
func (w *costWorker) searchSafely(c *core.Counters) (end core.Status, panicked error) {
	defer func() {
		if r := recover(); r != nil {
			panicked = &WorkerPanic{Value: r, Stack: debug.Stack()}
		}
	}()
	return w.eng.Search(&w.run, c), nil
}

// poll is the workers' core.CostRun.Poll: false when the search stops or
// pauses, when the context is done, or when the workers together reached
// MaxNodes.
func (w *costWorker) poll(c *core.Counters) bool {
	d := w.d
	if d.cfg.MaxNodes > 0 && len(d.workers) > 1 {
		if d.nodes.Add(c.Nodes-w.last) >= d.cfg.MaxNodes {
			d.nodeLimit.Store(true)
			return false
		}
		w.last = c.Nodes
	}
	select {
	case <-d.ctx.Done():
		return false
	default:
	}
	if d.stop.Load() || d.pause.Load() {
		return false
	}
	if w.whole && d.divideAt > 0 && c.Nodes >= d.divideAt {
		w.divide = true // the nodes entered pay for dividing the root
		return false
	}
	return true
}

// keep records and reports a solution that beat the cut-off when the
// bound took it, unless one at least as good was kept meanwhile by
// another worker (the K best of DLX5, kept by increasing cost; of equal
// costs, the first kept comes first).
func (d *costDriver) keep(sol []int, cost int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch {
	case d.declined:
		return false
	case len(d.kept) == d.k && cost >= d.kept[d.k-1].Cost:
		return true
	}
	i, _ := slices.BinarySearchFunc(d.kept, cost, func(b CostSolution, c int64) int {
		if b.Cost <= c {
			return -1
		}
		return 1
	})
	d.kept = slices.Insert(d.kept, i, CostSolution{Options: slices.Clone(sol), Cost: cost})
	if len(d.kept) > d.k {
		d.kept = d.kept[:d.k]
	}
	if d.cfg.Visit != nil && !d.cfg.Visit(sol, cost) {
		d.declined = true
		d.haltLocked()
		return false
	}
	return true
}

// position returns where the search stands once the workers are done.
func (d *costDriver) position(status core.Status) *CostPosition {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.positionLocked(status)
}

// positionLocked returns where the search stands, with d.mu held and no
// worker busy: the units not finished, in order.
func (d *costDriver) positionLocked(status core.Status) *CostPosition {
	pos := &CostPosition{Counters: d.total, Elapsed: d.prior + time.Since(d.start), Status: status}
	for _, s := range d.kept {
		pos.Kept = append(pos.Kept, CostSolution{Options: slices.Clone(s.Options), Cost: s.Cost})
	}
	if status == core.Complete {
		return pos
	}
	for _, p := range d.units {
		switch {
		case p.state == finished:
		case d.whole: // the whole tree, not started: divided at its root, which counts as entered
			pos.Counters.Nodes++
			for _, q := range rootUnits(d.workers[0].eng, nil) {
				pos.Units = append(pos.Units, q.unit)
			}
		default:
			pos.Units = append(pos.Units, CostUnit{Path: slices.Clone(p.unit.Path), Entered: p.unit.Entered})
		}
	}
	return pos
}
