package sparse

import (
	"math"
	"slices"
	"unsafe"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Everything the search changes lives in one array of int32, mem, so that
// the innermost loop needs a single base register:
//
//   - node q, one use of an item by an option, is mem[2q] (x: the base of
//     its item's block) and mem[2q+1] (loc: its place in mem). The nodes
//     of an option are consecutive and followed by a spacer whose first
//     word is minus the option's length (a walk around the option jumps
//     back to its first node) and whose second is the option's compiled
//     index. Node 0 is a spacer that begins nothing.
//   - each item has a block: a header of hdrLen words just below its base
//     x, then its set, mem[x:x+size]: the nodes of its active options, as
//     a sparse set. size is complemented (negative) while the item is
//     covered.
//   - past the blocks, the set of short items (choose.go): 64-bit words,
//     each two words of mem, 8-byte aligned.
//
// As in Knuth's SSXCC, the size sits right below the set it counts, and
// nodes name their item by its block. Everything a restore point must
// bring back (sizes, bounds, the short items' words) is a word of mem, so
// that the trail (restore.go) records them all alike, by their place.
const (
	stampAt = -6 // the restore point at which the size was last kept on the trail (restore.go)
	slackAt = -5 // hi−lo (multiplicities)
	boundAt = -4 // how many more options may cover the item (multiplicities)
	itemAt  = -3 // the item's index
	posAt   = -2 // the block's place in list
	sizeAt  = -1 // the set's size, complemented while the item is covered
	hdrLen  = 6
)

// level is what the search remembers about one level of the tree.
type level struct {
	best   int32 // the block of the item branched on
	r      int32 // place in mem of the option being tried (multiplicities: the option)
	end    int32 // end of best's set (best is covered, so its set stays put)
	branch int32 // with multiplicities: the branch taken (see mcc.go)
	point        // the level's restore point; mark < 0 for a forced move
	// With counts kept (cache.go): the slot to keep the node's counts
	// in (-1: none), and the counts before the node's search.
	slot int32
	t    tally
	open int32  // the open primary items at the node
	hash uint64 // with counts kept, the hash of its open items
}

// Engine is a problem compiled into sparse sets, with the scratch state of
// its search. It is not safe for concurrent use (each worker has its own
// Clone).
type Engine struct {
	p        *core.Problem
	nPrimary int32
	mem      []int32
	mem0     []int32 // mem as compiled, for ResetWeights, with list0, nAct0 and nSec0
	list0    []int32
	nAct0    int32
	nSec0    int32
	secBase  int32   // blocks below secBase are primary items'
	base     []int32 // item → the base of its block
	uses     []int32 // Reset's count of each item's uses
	colors   []int32 // colors[q] is node q's color: 0 none, > 0 a color; nil when there are none
	first    []int32 // compiled option → its first node
	// finishTag[q] tells countForcedFinish whether node q's option has
	// only primary items and whether q is its first node (leaves.go): a
	// byte per node.
	finishTag []uint8
	// list[:nAct] are the blocks of the active primary items and
	// list[nPrimary:nPrimary+nSec] those of the active secondary ones;
	// mem[x+posAt] is block x's place in list.
	list       []int32
	nAct, nSec int32
	// The trail and the state of restore points (restore.go).
	trail    []saved
	trailMax int   // the most entries whole saves may bring the trail to
	stamp    int32 // the newest restore point's stamp
	trailing bool  // the newest restore point is a trail point: changes go on the trail
	weight   []uint32
	// When track is set (more than TrackShortAbove primary items, no
	// multiplicities), short has bit i set while primary item i is active
	// with at most one option left, so that the search finds forced moves
	// and dead ends without a scan. Its words are mem[shortAt:], so that
	// restore points keep them as they keep sizes.
	short   []uint64
	shortAt int32
	track   bool
	// shortSets: every item is primary, with at most ShortSetUses uses on
	// average, so that shut's plain form is plainShort (sets.go).
	shortSets bool
	// With multiplicities (mcc), blocks hold bounds and slacks.
	mcc bool
	// packedM: fewer than 2^13 primary items, every set shorter than 2^20
	// and every slack below 2^10, so that chooseM's sort key fits 64 bits.
	packedM bool

	lv    []level
	sol   []int
	prof  []int64
	path  []core.Step
	depth int         // the current level, for Branches during a poll
	rest  core.RestAt // where a search of a rest unit stands (rest.go)
	// replays counts the paths replayed (units entered), for tests.
	replays int64
	dead    int32 // the block of the first item found with too few options, or -1
	// finished counts the forced finishes counted at once (leaves.go),
	// for tests.
	finished int64
	// cache keeps the counts of subtrees (cache.go); err is what ended a
	// search early (a count past what the counters hold), or nil.
	cache subCache
	err   error
	// minLen is the fewest items of an option (at least 1): the most
	// levels below a node with n open items is n/minLen (cache.go).
	minLen int32
	// itemHash[i] is item i's word, whose sums make the hashes of nodes'
	// open items; optionHash[q], the sum of those of node q's option's
	// items (cache.go).
	itemHash, optionHash []uint64
}

var _ core.Engine = (*Engine)(nil)

// Reset compiles p into e, reusing e's memory.
func (e *Engine) Reset(p *core.Problem) {
	e.p = p
	e.nPrimary = int32(p.NPrimary)
	n := p.NItems
	nOptions := p.NumOptions()
	nNodes := 1 + len(p.Items) + nOptions
	// Blocks start after the nodes; sizes count uses first.
	e.base = resize(e.base, n)
	e.uses = resize(e.uses, n)
	uses := e.uses
	clear(uses)
	for _, it := range p.Items {
		uses[it]++
	}
	x := int32(2 * nNodes)
	for i := range n {
		x += hdrLen
		e.base[i] = x
		x += uses[i]
		if i == p.NPrimary-1 {
			e.secBase = x + 1 // past every primary block, below every secondary base
		}
	}
	if p.NPrimary == n {
		e.secBase = x + 1
	}
	e.mcc = p.Multiplicities()
	e.track = p.NPrimary > TrackShortAbove && !e.mcc
	primaryUses := 0
	for i := range p.NPrimary {
		primaryUses += int(uses[i])
	}
	e.shortSets = p.NItems == p.NPrimary && primaryUses <= ShortSetUses*p.NPrimary
	e.shortAt = (x + 1) &^ 1 // 8-byte aligned, as mem's array is
	x = e.shortAt + 2*int32(p.NPrimary>>6+1)
	e.mem = resize(e.mem, int(x))
	clear(e.mem)
	mem := e.mem
	e.list = resize(e.list, n)
	for i := range n {
		b := e.base[i]
		mem[b+itemAt], mem[b+posAt] = int32(i), int32(i)
		e.list[i] = b
	}
	e.colors = e.colors[:0]
	if p.Colors == nil {
		e.colors = nil
	}
	e.first = resize(e.first, nOptions)
	q := int32(0)
	mem[0] = 0 // node 0: a spacer
	if e.colors != nil || p.Colors != nil {
		e.colors = append(e.colors, 0)
	}
	e.finishTag = resize(e.finishTag, nNodes)
	clear(e.finishTag)
	e.minLen = math.MaxInt32
	for k := range nOptions {
		items, colors := p.Option(k)
		e.minLen = min(e.minLen, max(int32(len(items)), 1))
		e.first[k] = q + 1
		if !slices.ContainsFunc(items, func(it int32) bool { return int(it) >= p.NPrimary }) {
			for j := range items {
				e.finishTag[int(q)+1+j] = tagPrimary
			}
			e.finishTag[q+1] = tagPrimary | tagFirst
		}
		for j, it := range items {
			q++
			b := e.base[it]
			loc := b + mem[b+sizeAt]
			mem[b+sizeAt]++
			mem[loc] = q
			mem[2*q], mem[2*q+1] = b, loc
			if p.Colors != nil {
				e.colors = append(e.colors, colors[j])
			}
		}
		q++
		mem[2*q], mem[2*q+1] = -int32(len(items)), int32(k)
		if p.Colors != nil {
			e.colors = append(e.colors, 0)
		}
	}
	e.nAct, e.nSec = e.nPrimary, int32(n)-e.nPrimary
	e.trail = e.trail[:0]
	e.trailMax = trailMax(n, len(p.Items), e.mcc)
	e.stamp, e.trailing = 0, false
	e.weight = resize(e.weight, p.NPrimary)
	e.packedM = p.NPrimary < 1<<13
	for i := range p.NPrimary {
		lo, hi := p.Bounds(i)
		b := e.base[i]
		mem[b+boundAt], mem[b+slackAt] = hi, hi-lo
		if hi-lo >= 1<<10 || mem[b+sizeAt] >= 1<<20 {
			e.packedM = false
		}
	}
	e.short = wordsAt(mem, e.shortAt)
	for i := range e.nPrimary {
		if mem[e.base[i]+sizeAt] <= 1 {
			e.short[i>>6] |= 1 << (i & 63)
		}
	}
	if e.mcc { // an item with no option that may stay uncovered is content from the start
		for i := range e.nPrimary {
			if b := e.base[i]; mem[b+sizeAt] == 0 && mem[b+boundAt] <= mem[b+slackAt] {
				e.deactivate(b)
			}
		}
	}
	e.mem0 = append(e.mem0[:0], e.mem...)
	e.list0 = append(e.list0[:0], e.list...)
	e.nAct0, e.nSec0 = e.nAct, e.nSec
	depth := e.MaxDepth() + 2
	e.lv = resize(e.lv, depth)
	e.prof = resize(e.prof, depth+1)
	e.sol = e.sol[:0]
	e.cache.invalidate()
	e.hashItems(p)
	e.countLevels()
}

// MaxDepth returns the most levels a path can have: each level covers a
// primary item for good, or, with multiplicities, takes or removes an
// option.
func (e *Engine) MaxDepth() int {
	if e.mcc {
		return e.p.NumOptions() + 1
	}
	return e.p.NPrimary
}

// wordsAt returns the 64-bit words that are mem[at:], at even: Go
// allocates mem's array 8-byte aligned.
func wordsAt(mem []int32, at int32) []uint64 {
	s := mem[at:]
	if len(s)%2 != 0 || uintptr(unsafe.Pointer(unsafe.SliceData(s)))%8 != 0 {
		panic("sparse: short words out of line")
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/2)
}

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// Clone returns an independent engine for the same problem.
// What a search writes lives in memory of the clone's own (core.Private),
// so that clones searching at once do not share cache lines.
func (e *Engine) Clone() core.Engine {
	c := *e
	c.mem = core.Private(e.mem, 0)
	c.mem0 = slices.Clone(e.mem0)
	c.list0 = slices.Clone(e.list0)
	c.list = core.Private(e.list, 0)
	c.trail = nil
	c.weight = core.Private[uint32](nil, len(e.weight))
	c.short = wordsAt(c.mem, e.shortAt)
	c.lv = core.Private[level](nil, len(e.lv))
	c.sol = nil
	c.prof = core.Private[int64](nil, len(e.prof))
	c.cache = subCache{levelsFor: e.cache.levelsFor} // a table of its own, made when a search needs it
	return core.PrivateValue(c)
}

// ResetWeights forgets what the Weighted rule has learned, and puts every
// set back in its first order: the order in which a search tries options
// is then the same in every search from the start, and so are the weights
// it learns (the Weighted rule's trees depend on that order). It is called
// between searches, when every item is active again.
func (e *Engine) ResetWeights() {
	clear(e.weight)
	copy(e.mem, e.mem0)
	copy(e.list, e.list0)
	e.nAct, e.nSec = e.nAct0, e.nSec0
}

// item returns the index of the item whose block is x.
func (e *Engine) item(x int32) int32 { return e.mem[x+itemAt] }

// option returns the compiled option of node q.
func (e *Engine) option(q int32) int32 {
	for e.mem[2*q] >= 0 {
		q++
	}
	return e.mem[2*q+1]
}
