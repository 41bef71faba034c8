package memo

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/internal/multiword"
	"github.com/xcover/xcover/zdd"
)

// Config sets the limits of a count.
type Config struct {
	// Limit bounds the memory the count holds, in bytes (0: no bound).
	Limit int64
	// ZDD keeps every level's transitions, to build the ZDD of all
	// solutions at the end; otherwise only the live frontier is kept.
	ZDD bool
}

// ErrLimit is wrapped by the *LimitError a count returns when it would
// need more memory than Config.Limit.
var ErrLimit = errors.New("memory limit reached")

// LimitError says where a count ran out of memory.
type LimitError struct {
	Limit, Need   int64
	Level, Levels int  // options decided, of all
	ZDD           bool // the ZDD was being built
	States        bool // a level has more states than int32 numbers
	// Search: the memo of a [Searcher], with Entries residual problems,
	// was being built (Level and Levels are then zero).
	Search  bool
	Entries int64
}

func (e *LimitError) Error() string {
	if e.States {
		return fmt.Sprintf("%v: one level would have more than %d states, after %d of %d options", ErrLimit, maxLevelStates, e.Level, e.Levels)
	}
	if e.Search {
		return fmt.Sprintf("%v: the search's memo and the ZDD would take %s, more than the limit of %s, after %d residual problems",
			ErrLimit, bytesize.Format(e.Need), bytesize.Format(e.Limit), e.Entries)
	}
	what := "the frontier"
	if e.ZDD {
		what = "the frontier and the ZDD"
	}
	return fmt.Sprintf("%v: %s would take %s, more than the limit of %s, after %d of %d options (%.0f%%)",
		ErrLimit, what, bytesize.Format(e.Need), bytesize.Format(e.Limit), e.Level, e.Levels, 100*float64(e.Level)/float64(max(e.Levels, 1)))
}

func (e *LimitError) Unwrap() error { return ErrLimit }

// Stats describe a count so far.
type Stats struct {
	Levels      int   // options to decide, one level each
	Level       int   // levels decided
	States      int64 // states made, over all levels
	Transitions int64 // branches tried (two per state and level)
	Widest      int   // the most states in one level
	KeyBits     int   // the most key bits in use at one level
	Bytes       int64 // memory held now
	PeakBytes   int64 // the most memory held
	ZDDNodes    int   // nodes of the ZDD, once built
}

// Fraction returns the part of the count done, by levels.
func (s *Stats) Fraction() float64 {
	if s.Levels == 0 {
		return 1
	}
	return float64(s.Level) / float64(s.Levels)
}

// Counter counts the solutions of a problem level by level. See the
// package documentation for the method.
type Counter struct {
	pl        *plan
	cfg       Config
	cur, next table
	pos       int // the next state of cur to expand
	scratch   []uint64
	dag       [][]int32 // with Config.ZDD: per level, the skip and take child of each state
	dagBytes  int64
	stats     Stats
	count     *big.Int // once done
	zdd       *zdd.ZDD
}

// New plans the count of p's solutions.
func New(p *core.Problem, cfg Config) *Counter {
	pl := bestPlan(p)
	c := &Counter{pl: pl, cfg: cfg}
	c.stats.Levels = len(pl.order)
	for _, b := range pl.bits {
		c.stats.KeyBits = max(c.stats.KeyBits, b)
	}
	c.scratch = make([]uint64, pl.words)
	c.cur.reset(pl.words, 1)
	if !pl.infeasible {
		one := []uint64{1}
		c.cur.add(c.scratch, one)
	}
	c.stats.States = int64(c.cur.n)
	return c
}

// KeyBitsByLevel returns, for each level, the key bits in use before it:
// a level has at most 2^bits states.
func (c *Counter) KeyBitsByLevel() []int { return c.pl.bits[:len(c.pl.order)] }

// Bound returns an upper bound on the states the count can make: at each
// level, at most 2^bits states for the key bits in use there, and at most
// twice as many as the level before.
func (c *Counter) Bound() float64 { return c.pl.bound() }

// SetLimit changes the memory limit (0: no bound).
func (c *Counter) SetLimit(n int64) { c.cfg.Limit = n }

// Done reports whether the count is complete.
func (c *Counter) Done() bool { return c.count != nil }

// Stats returns the statistics so far.
func (c *Counter) Stats() Stats { return c.stats }

// Count returns the number of solutions, once Done.
func (c *Counter) Count() *big.Int { return c.count }

// ZDD returns the ZDD of all solutions, once Done with Config.ZDD set.
func (c *Counter) ZDD() *zdd.ZDD { return c.zdd }

// pollEvery is how many states a count expands between looks at its
// context and its work budget: about a millisecond.
const pollEvery = 1 << 13

// Run goes on with the count until it is done, until about maxWork more
// branches have been tried (maxWork ≤ 0: no bound), or until ctx ends. It
// returns ctx.Err() when ctx ended it, a *LimitError when memory ran out
// (the count cannot go on then), and nil otherwise; Done says whether the
// count is complete. A stopped count can be run again.
func (c *Counter) Run(ctx context.Context, maxWork int64) error {
	pl := c.pl
	start := c.stats.Transitions
	done := ctx.Done()
	for c.count == nil {
		if c.stats.Level == len(pl.order) {
			return c.finish()
		}
		j := c.stats.Level
		if c.pos == 0 {
			if err := c.beginLevel(); err != nil {
				return err
			}
		}
		for c.pos < c.cur.n {
			end := min(c.cur.n, c.pos+pollEvery)
			if err := c.expand(j, c.pos, end); err != nil {
				return err
			}
			c.pos = end
			select {
			case <-done:
				return ctx.Err()
			default:
			}
			if maxWork > 0 && c.stats.Transitions-start >= maxWork {
				return nil
			}
		}
		c.endLevel()
	}
	return nil
}

// beginLevel prepares the next level's table: its count width is enough
// for twice the current level's total, the most any state can receive.
func (c *Counter) beginLevel() error {
	total := c.cur.total()
	w := (total.BitLen() + 1 + 63) / 64
	c.next.reset(c.pl.words, max(w, c.cur.w))
	if c.cfg.ZDD {
		c.dag = append(c.dag, make([]int32, 2*c.cur.n))
		c.dagBytes += int64(8 * c.cur.n)
	}
	return c.checkMemory()
}

// expand tries both branches of states lo…hi-1 of the current level.
func (c *Counter) expand(j, lo, hi int) error {
	pl := c.pl
	cur, next := &c.cur, &c.next
	key := c.scratch
	k, w := cur.k, cur.w
	skipOK, takeOK := pl.skipOK[j], pl.takeOK[j]
	var edges []int32
	if c.cfg.ZDD {
		edges = c.dag[j]
	}
	grown := false
	for s := lo; s < hi; s++ {
		src := cur.keys[s*k : s*k+k]
		cnt := cur.counts[s*w : s*w+w]
		child := int32(-1)
		if skipOK {
			copy(key, src)
			if pl.skip(j, key) {
				child, grown = next.addGrow(key, cnt, grown)
			}
		}
		if edges != nil {
			edges[2*s] = child
		}
		child = -1
		if takeOK {
			copy(key, src)
			if pl.take(j, key) {
				child, grown = next.addGrow(key, cnt, grown)
			}
		}
		if edges != nil {
			edges[2*s+1] = child
		}
	}
	c.stats.Transitions += 2 * int64(hi-lo)
	if next.n > maxLevelStates {
		return &LimitError{Limit: c.cfg.Limit, Need: c.stats.Bytes, Level: c.stats.Level, Levels: c.stats.Levels, ZDD: c.cfg.ZDD, States: true}
	}
	if grown {
		return c.checkMemory()
	}
	return nil
}

// maxLevelStates bounds the states of one level: they are numbered by
// int32, and one expand call adds at most 2·pollEvery.
const maxLevelStates = 1<<31 - 1 - 2*pollEvery

// endLevel makes the next level current.
func (c *Counter) endLevel() {
	c.stats.States += int64(c.next.n)
	c.stats.Widest = max(c.stats.Widest, c.next.n)
	c.cur, c.next = c.next, c.cur
	c.pos = 0
	c.stats.Level++
}

// finish reads the count off the last level, whose only possible state is
// the empty key (every item has left), and builds the ZDD if asked.
func (c *Counter) finish() error {
	c.count = new(big.Int)
	if c.cur.n == 1 {
		c.count = multiword.ToBig(c.cur.counts[:c.cur.w])
	}
	if c.cfg.ZDD {
		return c.buildZDD()
	}
	return nil
}

// buildZDD turns the recorded transitions into a reduced ZDD, bottom up:
// a state whose take branch leads nowhere stands for its skip branch
// (zero suppression), equal nodes are shared, and states that lead to no
// solution become Bottom.
func (c *Counter) buildZDD() error {
	pl := c.pl
	b := zdd.NewBuilder(0)
	below := []zdd.Node{zdd.Top} // the nodes of the level below, by state
	if c.cur.n == 0 {
		below = below[:0]
	}
	node := func(x int32) zdd.Node {
		if x < 0 {
			return zdd.Bottom
		}
		return below[x]
	}
	for j := len(c.dag) - 1; j >= 0; j-- {
		edges := c.dag[j]
		v := int(pl.p.Caller[pl.order[j]]) + 1
		here := make([]zdd.Node, len(edges)/2)
		for s := range here {
			here[s] = b.Node(v, node(edges[2*s]), node(edges[2*s+1]))
		}
		if err := b.Err(); err != nil {
			return err
		}
		c.dag[j] = nil
		c.dagBytes -= int64(4 * len(edges))
		below = here
		need := c.dagBytes + b.Bytes() + int64(len(below))*8
		c.stats.PeakBytes = max(c.stats.PeakBytes, need)
		if c.cfg.Limit > 0 && need > c.cfg.Limit {
			return &LimitError{Limit: c.cfg.Limit, Need: need, Level: c.stats.Level, Levels: c.stats.Levels, ZDD: true}
		}
	}
	root := zdd.Bottom
	if len(below) == 1 {
		root = below[0]
	}
	c.zdd = b.ZDD(root)
	c.stats.ZDDNodes = c.zdd.Len()
	return nil
}

// checkMemory updates the memory figures and refuses to go beyond the
// limit.
func (c *Counter) checkMemory() error {
	c.stats.Bytes = c.cur.bytes() + c.next.bytes() + c.dagBytes
	c.stats.PeakBytes = max(c.stats.PeakBytes, c.stats.Bytes)
	if c.cfg.Limit > 0 && c.stats.Bytes > c.cfg.Limit {
		return &LimitError{Limit: c.cfg.Limit, Need: c.stats.Bytes, Level: c.stats.Level, Levels: c.stats.Levels, ZDD: c.cfg.ZDD}
	}
	return nil
}

// table is one level's states: keys and counts in flat arrays, found by
// open addressing.
type table struct {
	k, w   int // words per key, per count
	keys   []uint64
	counts []uint64
	n      int
	slots  []int32 // state index + 1; 0 empty
}

func (t *table) reset(k, w int) {
	t.k, t.w = k, w
	t.keys = t.keys[:0]
	t.counts = t.counts[:0]
	t.n = 0
	if len(t.slots) == 0 {
		t.slots = make([]int32, 1<<10)
	} else {
		clear(t.slots)
	}
}

func (t *table) bytes() int64 {
	return int64(cap(t.keys))*8 + int64(cap(t.counts))*8 + int64(cap(t.slots))*4
}

func hashKey(key []uint64) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, x := range key {
		h = (h ^ x) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}

// add adds cnt (of any width up to t.w) to the count of key, making the
// state when it is new, and returns its index.
func (t *table) add(key, cnt []uint64) int32 {
	i, _ := t.addGrow(key, cnt, false)
	return i
}

// addGrow is add, also reporting (or-ed into grown) whether the table's
// arrays grew.
func (t *table) addGrow(key, cnt []uint64, grown bool) (int32, bool) {
	mask := uint64(len(t.slots) - 1)
	h := hashKey(key) & mask
	k := t.k
	for {
		s := t.slots[h]
		if s == 0 {
			break
		}
		i := int(s - 1)
		if equal(t.keys[i*k:i*k+k], key) {
			multiword.Add(t.counts[i*t.w:i*t.w+t.w], cnt)
			return int32(i), grown
		}
		h = (h + 1) & mask
	}
	i := t.n
	t.n++
	t.slots[h] = int32(t.n)
	if cap(t.keys) < len(t.keys)+k || cap(t.counts) < len(t.counts)+t.w {
		grown = true
	}
	t.keys = append(t.keys, key...)
	t.counts = append(t.counts, cnt...)
	for range t.w - len(cnt) {
		t.counts = append(t.counts, 0)
	}
	if 2*t.n > len(t.slots) {
		t.rehash()
		grown = true
	}
	return int32(i), grown
}

func (t *table) rehash() { t.slots = slotsFor(t.keys, t.k, 2*len(t.slots)) }

// slotsFor returns an open-addressing table of size slots (a power of two)
// for the keys of k words each: slot h holds the index + 1 of a key whose
// hash leads there, 0 when empty.
func slotsFor(keys []uint64, k, size int) []int32 {
	slots := make([]int32, size)
	mask := uint64(size - 1)
	for i := range len(keys) / k {
		h := hashKey(keys[i*k:i*k+k]) & mask
		for slots[h] != 0 {
			h = (h + 1) & mask
		}
		slots[h] = int32(i + 1)
	}
	return slots
}

func equal(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// total returns the sum of the counts.
func (t *table) total() *big.Int {
	sum := make([]uint64, t.w+1)
	for i := range t.n {
		multiword.Add(sum, t.counts[i*t.w:i*t.w+t.w])
	}
	return multiword.ToBig(sum)
}
