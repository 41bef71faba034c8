package memo

import (
	"context"
	"math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/zdd"
)

// Searcher builds the ZDD of all solutions the way Knuth's DLX6 does:
// Algorithm X's search, branching on the primary item with the fewest
// options left (the first such item in the problem's order) and trying its
// options in the problem's order, with a memo of every residual problem met
// so far, keyed on the state of the items still active. A residual problem
// met again is not searched again: its ZDD node is taken from the memo.
// Nodes are made bottom up as the search backs up: the node of a state
// that branches on options o₁…o_k with residual ZDDs z₁…z_k is the chain
// (o_k ? z_k : (o_{k−1} ? z_{k−1} : … (o₁ ? z₁ : ⊥))), each link made
// through a [zdd.Builder], so equal nodes are shared and the diagram is
// reduced (DLX6 makes a new node for every link and so may repeat one).
//
// Unlike the frontier count (see [Counter]), whose memory is its widest
// level, the memo keeps every state ever met; it pays where the search's
// choices cut the problem into pieces that recur (packings by pieces that
// all differ, Latin squares), and the frontier pays on thin problems
// (boards, strips) whose frontier stays narrow.
//
// Primary items must be covered exactly once: problems with
// multiplicities are for the frontier (see [Searchable]).
//
// The key of a state has one bit per primary item (still to cover) and a
// field per secondary item: 0 when it is covered or no active option uses
// it, 1 while it is open, 1+c once purified to its c-th color. Equal keys
// have the same active options (an option is active when all its items
// are open or purified to its colors; an item left out of the key has no
// active option), hence the same completions. A state in which a primary
// item has no option left is not kept: it is seen at once to have none.
type Searcher struct {
	p   *core.Problem
	cfg Config
	// The problem: for item i, the uses opts[optStart[i]:optStart[i+1]]
	// (option and the item's color code there, 0 for none), in option order.
	optStart []int32
	opts     []int32
	optColor []int32
	useColor []int32 // per use of p.Items: the item's color code there
	field    []keyField
	words    int
	// The state: for each item, -1 once covered, 0 while open, c once
	// purified to color code c; its active options; each option's
	// removal; trails to undo choices.
	state     []int32
	length    []int32
	removed   []bool
	optTrail  []int32
	itemTrail []int32 // pairs: item, previous state
	stack     []searchFrame
	key       []uint64
	memo      searchMemo
	b         *zdd.Builder
	root      zdd.Node
	done      bool
	stats     Stats
}

// keyField is where a secondary item's code lives in a key.
type keyField struct {
	w, shift int32
}

// searchFrame is a level of the search: the state it entered, the item it
// branches on, and the chain of nodes made so far for its options.
type searchFrame struct {
	item   int32    // the branching item
	next   int32    // the index in opts of the next option to try
	chosen int32    // the option being tried
	mark   [2]int32 // trail lengths before the choice
	chain  zdd.Node // the ZDD of the options tried so far
	entry  int32    // the memo entry of the state
}

// Searchable reports whether [Searcher] handles p: every primary item is
// to be covered exactly once.
func Searchable(p *core.Problem) bool { return !p.Multiplicities() }

// NewSearcher prepares the search of p, which must be [Searchable].
func NewSearcher(p *core.Problem, cfg Config) *Searcher {
	s := &Searcher{p: p, cfg: cfg}
	n := p.NItems
	var uses []int32
	s.optStart, s.opts, uses = p.ItemOptions()
	s.useColor = make([]int32, len(p.Items))
	// Color codes per item: 1, 2, … in order of first use.
	codes := make([]map[int32]int32, n)
	for u, it := range p.Items {
		if p.Colors == nil || p.Colors[u] == 0 {
			continue
		}
		if codes[it] == nil {
			codes[it] = map[int32]int32{}
		}
		code := codes[it][p.Colors[u]]
		if code == 0 {
			code = int32(len(codes[it]) + 1)
			codes[it][p.Colors[u]] = code
		}
		s.useColor[u] = code
	}
	s.optColor = make([]int32, len(p.Items))
	for j, u := range uses {
		s.optColor[j] = s.useColor[u]
	}
	// Key layout: primary bits first, then the secondary fields, none
	// across a word boundary.
	w, shift := p.NPrimary/64, int32(p.NPrimary%64)
	s.field = make([]keyField, n-p.NPrimary)
	for i := p.NPrimary; i < n; i++ {
		width := int32(bits.Len(uint(len(codes[i]) + 1)))
		if shift+width > 64 {
			w, shift = w+1, 0
		}
		s.field[i-p.NPrimary] = keyField{int32(w), shift}
		shift += width
	}
	s.words = w + 1
	s.key = make([]uint64, s.words)
	s.state = make([]int32, n)
	s.length = make([]int32, n)
	for i := range n {
		s.length[i] = s.optStart[i+1] - s.optStart[i]
	}
	s.removed = make([]bool, p.NumOptions())
	s.memo.reset(s.words)
	s.b = zdd.NewBuilder(0)
	s.root = zdd.Bottom
	s.enter()
	return s
}

// SetLimit changes the memory limit (0: no bound).
func (s *Searcher) SetLimit(n int64) { s.cfg.Limit = n }

// Done reports whether the ZDD is complete.
func (s *Searcher) Done() bool { return s.done }

// Stats returns the statistics so far: States counts the memo's entries,
// Transitions the search's nodes, Level the depth of the search.
func (s *Searcher) Stats() Stats { return s.stats }

// ZDD returns the ZDD of all solutions, once Done.
func (s *Searcher) ZDD() *zdd.ZDD {
	if !s.done {
		return nil
	}
	return s.b.ZDD(s.root)
}

// Fraction estimates the part of the search done, as Knuth's DLX
// programs do: the k-th of d options at the first level is (k−1)/d of the
// way, plus 1/d of the estimate below.
func (s *Searcher) Fraction() float64 {
	if s.done {
		return 1
	}
	f, scale := 0.0, 1.0
	for _, fr := range s.stack {
		d := float64(s.optStart[fr.item+1] - s.optStart[fr.item])
		k := float64(fr.next - s.optStart[fr.item])
		scale /= max(d, 1)
		f += max(k-1, 0) * scale
	}
	return f
}

// Run goes on with the search until it is done, until about maxNodes more
// nodes have been searched (maxNodes ≤ 0: no bound), or until ctx ends. It
// returns ctx.Err() when ctx ended it, a *LimitError when memory ran out
// (it cannot go on then), and nil otherwise; a stopped search can be run
// again.
func (s *Searcher) Run(ctx context.Context, maxNodes int64) error {
	done := ctx.Done()
	start := s.stats.Transitions
	for !s.done {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		for range pollEvery {
			if s.step() {
				break
			}
		}
		if err := s.checkMemory(); err != nil {
			return err
		}
		if maxNodes > 0 && s.stats.Transitions-start >= maxNodes {
			return nil
		}
	}
	return nil
}

// step tries the next option of the deepest level, or backs up from it
// when it has none left; it reports whether the search is done.
func (s *Searcher) step() bool {
	if len(s.stack) == 0 {
		s.done = true
		return true
	}
	f := &s.stack[len(s.stack)-1]
	for end := s.optStart[f.item+1]; f.next < end; f.next++ {
		o := s.opts[f.next]
		if s.removed[o] {
			continue
		}
		f.next++
		f.chosen = o
		f.mark = [2]int32{int32(len(s.optTrail)), int32(len(s.itemTrail))}
		s.choose(o)
		s.enter()
		return false
	}
	// Every option tried: the chain is this state's node.
	s.memo.nodes[f.entry] = f.chain
	s.stack = s.stack[:len(s.stack)-1]
	s.backUp(f.chain)
	return false
}

// enter starts the search of the current state: its node comes from the
// memo, or is Top when nothing is left to cover, or Bottom when an item
// cannot be covered; otherwise a new level branches on the item with the
// fewest options.
func (s *Searcher) enter() {
	s.stats.Transitions++
	best, fewest := int32(-1), int32(1<<31-1)
	for i := range int32(s.p.NPrimary) {
		if s.state[i] == 0 && s.length[i] < fewest {
			best, fewest = i, s.length[i]
			if fewest == 0 {
				break
			}
		}
	}
	switch {
	case best < 0:
		s.backUp(zdd.Top)
		return
	case fewest == 0:
		s.backUp(zdd.Bottom) // not worth a memo entry: found again at once
		return
	}
	s.makeKey()
	entry, hit := s.memo.find(s.key)
	if hit {
		s.backUp(s.memo.nodes[entry])
		return
	}
	s.stats.States++
	s.stack = append(s.stack, searchFrame{item: best, next: s.optStart[best], chain: zdd.Bottom, entry: entry})
	s.stats.Level = max(s.stats.Level, len(s.stack))
}

// backUp hands the node of the state just searched to the level above:
// its choice is undone and its chain grows by a link. With no level above,
// the node is the root.
func (s *Searcher) backUp(n zdd.Node) {
	if len(s.stack) == 0 {
		s.root = n
		s.done = true
		s.stats.ZDDNodes = s.b.Len()
		return
	}
	f := &s.stack[len(s.stack)-1]
	s.undo(f.mark)
	f.chain = s.b.Node(int(s.p.Caller[f.chosen])+1, f.chain, n)
}

// choose takes option o: its uncolored items are covered (every option
// using them leaves), its colored items purified (the options giving them
// another color leave).
func (s *Searcher) choose(o int32) {
	p := s.p
	for u := p.Begin[o]; u < p.Begin[o+1]; u++ {
		it, code := p.Items[u], s.useColor[u]
		if code != 0 && s.state[it] == code {
			continue // purified to this color already
		}
		s.itemTrail = append(s.itemTrail, it, s.state[it])
		if code == 0 {
			s.state[it] = -1
		} else {
			s.state[it] = code
		}
		lo, hi := s.optStart[it], s.optStart[it+1]
		if code == 0 {
			for _, o := range s.opts[lo:hi] {
				s.remove(o)
			}
			continue
		}
		for x, c := range s.optColor[lo:hi] {
			if c != code {
				s.remove(s.opts[int(lo)+x])
			}
		}
	}
}

// remove takes option o out of the active options, if it is there.
func (s *Searcher) remove(o int32) {
	if s.removed[o] {
		return
	}
	s.removed[o] = true
	s.optTrail = append(s.optTrail, o)
	for _, it := range s.p.Items[s.p.Begin[o]:s.p.Begin[o+1]] {
		s.length[it]--
	}
}

// undo restores the state as it was when the trails had the lengths of
// mark.
func (s *Searcher) undo(mark [2]int32) {
	p := s.p
	for len(s.optTrail) > int(mark[0]) {
		o := s.optTrail[len(s.optTrail)-1]
		s.optTrail = s.optTrail[:len(s.optTrail)-1]
		s.removed[o] = false
		for _, it := range p.Items[p.Begin[o]:p.Begin[o+1]] {
			s.length[it]++
		}
	}
	for len(s.itemTrail) > int(mark[1]) {
		n := len(s.itemTrail)
		s.state[s.itemTrail[n-2]] = s.itemTrail[n-1]
		s.itemTrail = s.itemTrail[:n-2]
	}
}

// makeKey writes the current state's key into s.key.
func (s *Searcher) makeKey() {
	clear(s.key)
	for i := range s.p.NPrimary {
		if s.state[i] == 0 {
			s.key[i/64] |= 1 << (i % 64)
		}
	}
	for i := s.p.NPrimary; i < s.p.NItems; i++ {
		if s.state[i] < 0 || s.length[i] == 0 {
			continue
		}
		f := s.field[i-s.p.NPrimary]
		s.key[f.w] |= uint64(1+s.state[i]) << f.shift
	}
}

// checkMemory updates the memory figures and refuses to go beyond the
// limit.
func (s *Searcher) checkMemory() error {
	s.stats.Bytes = s.memo.bytes() + s.b.Bytes() + int64(cap(s.optTrail)+cap(s.itemTrail))*4 + int64(cap(s.stack))*32
	s.stats.PeakBytes = max(s.stats.PeakBytes, s.stats.Bytes)
	if s.cfg.Limit > 0 && s.stats.Bytes > s.cfg.Limit {
		return &LimitError{Limit: s.cfg.Limit, Need: s.stats.Bytes, Search: true, Entries: s.stats.States}
	}
	if err := s.b.Err(); err != nil {
		return err
	}
	return nil
}

// searchMemo maps keys to ZDD nodes: keys in a flat array, found by open
// addressing.
type searchMemo struct {
	k     int
	keys  []uint64
	nodes []zdd.Node
	slots []int32 // entry index + 1; 0 empty
}

func (m *searchMemo) reset(k int) {
	m.k = k
	m.slots = make([]int32, 1<<10)
}

func (m *searchMemo) bytes() int64 {
	return int64(cap(m.keys))*8 + int64(cap(m.nodes))*4 + int64(len(m.slots))*4
}

// find returns the entry of key, making it (with node Bottom) when it is
// new; hit says whether it was there.
func (m *searchMemo) find(key []uint64) (entry int32, hit bool) {
	mask := uint64(len(m.slots) - 1)
	k := m.k
	for h := hashKey(key) & mask; ; h = (h + 1) & mask {
		e := m.slots[h]
		if e == 0 {
			m.slots[h] = int32(len(m.nodes) + 1)
			break
		}
		i := int(e - 1)
		if equal(m.keys[i*k:i*k+k], key) {
			return int32(i), true
		}
	}
	m.keys = append(m.keys, key...)
	m.nodes = append(m.nodes, zdd.Bottom)
	if 2*len(m.nodes) > len(m.slots) {
		m.rehash()
	}
	return int32(len(m.nodes) - 1), false
}

func (m *searchMemo) rehash() { m.slots = slotsFor(m.keys, m.k, 2*len(m.slots)) }
