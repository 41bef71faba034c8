package memo

import (
	"math"
	"math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// plan is the static part of a count: the order in which options are
// decided, where each item's state lives in a key, and for each level (one
// option) what taking it and skipping it do to a key.
type plan struct {
	p     *core.Problem
	order []int32 // level j decides compiled option order[j]
	words int     // a key has this many 64-bit words
	bits  []int   // bits[j]: key bits in use at level j (before deciding order[j])
	// infeasible: some primary item can never reach its lower bound, so
	// there is no solution at all.
	infeasible bool
	// Per level j: the bit operations bitOps[bitStart[j]:bitStart[j+1]],
	// the field operations fieldOps[fieldStart[j]:fieldStart[j+1]], and
	// whether each branch is possible at all whatever the key.
	bitStart, fieldStart []int32
	bitOps               []bitOp
	fieldOps             []fieldOp
	skipOK, takeOK       []bool
	// colorLast[colorBase(item)+code] is the last level that uses the
	// item with that color code; see fieldOp.
	colorLast []int32
	info      []itemInfo // until finish
}

// bitOp is what a level does to one word of the key for the items kept as
// one bit (exact-cover primary items, uncolored secondary items): a bit is
// set while the item is covered (used).
type bitOp struct {
	w        int32
	takeZero uint64 // taking the option needs these bits clear: the items are not yet covered
	takeSet  uint64 // taking sets these: items covered now that have options after this one
	clear    uint64 // both branches clear these: items of which this is the last option
	skipNeed uint64 // skipping needs these set: primary items whose last chance this is
}

// Kinds of field: an item whose state needs more than one bit.
const (
	fieldCount = iota // a primary item with multiplicities: how many options cover it
	fieldColor        // a secondary item with colors: unused, blocked, or a color
)

// fieldOp is what a level does to one multi-bit field of the key.
//
// A primary item with bounds [lo, hi] keeps v, the options covering it so
// far, in canonical form: when v ≥ lo and hi − v ≥ rem (the item's options
// still undecided), every larger v behaves the same, and v is stored as lo.
//
// A secondary item with colors keeps 0 while unused, 1 when used without a
// color (or when no remaining option could use it any more), and 2+c when
// used with its c-th color. In canonical form a color that no remaining
// option gives the item is 1, and when every remaining option gives it the
// same color, that color is 0.
type fieldOp struct {
	w, shift  int32
	width     int32
	kind      int8
	inKey     bool  // the item was in the key before this level
	leaves    bool  // this is the item's last option
	lo, hi    int32 // fieldCount: the bounds (hi at most the item's options)
	rem       int32 // the item's options after this one
	code      int32 // fieldColor: the code this option gives (1: uncolored)
	single    int32 // fieldColor: the code of every later use, when they agree; else 0
	colorBase int32 // fieldColor: where the item's codes start in plan.colorLast
}

func (f *fieldOp) mask() uint64 { return (uint64(1)<<f.width - 1) << f.shift }

func (f *fieldOp) get(key []uint64) int32 {
	return int32(key[f.w] >> f.shift & (uint64(1)<<f.width - 1))
}

func (f *fieldOp) set(key []uint64, v int32) {
	key[f.w] = key[f.w]&^f.mask() | uint64(v)<<f.shift
}

// itemInfo is what the plan learns about one item.
type itemInfo struct {
	levels []int32 // the levels of the options that contain it, increasing
	kind   int8    // see below
	width  int32   // key bits while in the key
	w      int32   // key word
	shift  int32   // bit position in the word
	lo, hi int32   // primary: bounds, hi at most len(levels)
	// secondary with colors: the item's colors, whose codes are 2, 3, …;
	// the code each of its options gives it (1: none); and after each
	// option, the code that every later option gives it when they all
	// give the same color, else 0.
	colors, codes, single []int32
}

// Item kinds.
const (
	kindNone    = iota // never in the key: unconstrained
	kindBit            // one bit: covered/used
	kindCount          // primary with multiplicities
	kindColor          // secondary with colors
	kindOnce           // primary with one option: checked at that level
	kindMissing        // primary without options
)

// newPlan decides the order of the options and lays out the key, for the
// order of the primary items that rank gives (nil: the declared order);
// finish completes it.
func newPlan(p *core.Problem, rank []int32) *plan {
	pl := &plan{p: p}
	nOpt := p.NumOptions()
	// The static order: options by their first primary item in the item
	// order, then as given. Each level then decides the options whose
	// first item is the next one, so an item's options are decided close
	// together and it soon leaves the key.
	first := make([]int32, nOpt)
	for k := range nOpt {
		items, _ := p.Option(k)
		f := int32(math.MaxInt32)
		for _, it := range items {
			if int(it) < p.NPrimary {
				r := it
				if rank != nil {
					r = rank[it]
				}
				f = min(f, r)
			}
		}
		first[k] = f
	}
	// A counting sort, stable: first ranks are below NPrimary.
	start := make([]int32, p.NPrimary+1)
	for _, f := range first {
		start[f+1]++
	}
	for i := range p.NPrimary {
		start[i+1] += start[i]
	}
	pl.order = make([]int32, nOpt)
	for k, f := range first {
		pl.order[start[f]] = int32(k)
		start[f]++
	}

	// The levels of each item, in one array.
	uses := make([]int32, p.NItems+1)
	for _, it := range p.Items {
		uses[it+1]++
	}
	for i := range p.NItems {
		uses[i+1] += uses[i]
	}
	levels := make([]int32, len(p.Items))
	info := make([]itemInfo, p.NItems)
	for it := range info {
		info[it].levels = levels[uses[it]:uses[it]:uses[it+1]]
	}
	for j, k := range pl.order {
		items, _ := p.Option(int(k))
		for _, it := range items {
			info[it].levels = append(info[it].levels, int32(j))
		}
	}
	pl.classify(info)
	pl.layout(info)
	pl.info = info
	return pl
}

// finish writes the plan's programs, which only the chosen plan needs.
func (pl *plan) finish() *plan {
	pl.programs(pl.info)
	pl.info = nil
	return pl
}

// classify decides how each item is kept.
func (pl *plan) classify(info []itemInfo) {
	p := pl.p
	for it := range info {
		in := &info[it]
		n := int32(len(in.levels))
		if it < p.NPrimary {
			lo, hi := p.Bounds(it)
			in.lo, in.hi = lo, min(hi, n)
			switch {
			case n == 0:
				in.kind = kindMissing
				if lo > 0 {
					pl.infeasible = true
				}
			case lo > n:
				pl.infeasible = true
				in.kind = kindMissing
			case n == 1:
				in.kind = kindOnce
			case in.hi == 1:
				in.kind, in.width = kindBit, 1
			default:
				in.kind, in.width = kindCount, int32(bits.Len32(uint32(in.hi)))
			}
			continue
		}
		if n <= 1 {
			continue // used at most once: no constraint
		}
		// A secondary item: which colors do its uses give it? Codes: 1
		// for no color, 2, 3, … for its colors in order of first use.
		uncolored := false
		code := map[int32]int32{}
		codes := make([]int32, n)
		for i, j := range in.levels {
			c := pl.colorAt(int(pl.order[j]), int32(it))
			if c == 0 {
				uncolored, codes[i] = true, 1
				continue
			}
			if _, ok := code[c]; !ok {
				code[c] = int32(len(code)) + 2
				in.colors = append(in.colors, c)
			}
			codes[i] = code[c]
		}
		switch {
		case len(code) == 0:
			in.kind, in.width = kindBit, 1
		case len(code) == 1 && !uncolored:
			// every use gives the same color: they are all compatible
		default:
			in.kind = kindColor
			in.width = int32(bits.Len32(uint32(len(code) + 1)))
			in.codes, in.single = codes, singleAfter(codes)
		}
	}
}

// colorAt returns the color that compiled option k gives item it (0 for
// none).
func (pl *plan) colorAt(k int, it int32) int32 {
	items, colors := pl.p.Option(k)
	if colors == nil {
		return 0
	}
	for j, x := range items {
		if x == it {
			return colors[j]
		}
	}
	return 0
}

// layout gives every item kept in the key a field. An item is in the key
// from its first option to its last (both included, so that an item that
// leaves at a level and one that enters there never share bits). Sweeping
// the levels, an item gets the field of an item of the same width that
// has left, else new bits, never straddling a word; in time linear in the
// number of items.
func (pl *plan) layout(info []itemInfo) {
	nLevels := len(pl.order)
	enters := make([][]int32, nLevels) // the keyed items by first level
	leaves := make([][]int32, nLevels) // by last level
	for it := range info {
		if k := info[it].kind; k == kindBit || k == kindCount || k == kindColor {
			lv := info[it].levels
			enters[lv[0]] = append(enters[lv[0]], int32(it))
			leaves[lv[len(lv)-1]] = append(leaves[lv[len(lv)-1]], int32(it))
		}
	}
	var (
		free  = map[int32][]int32{} // width → bit offsets of fields given back
		top   = 0                   // bits ever used
		inUse = 0
	)
	pl.bits = make([]int, nLevels+1)
	for j := range nLevels {
		if j > 0 {
			for _, it := range leaves[j-1] {
				in := &info[it]
				free[in.width] = append(free[in.width], in.w*64+in.shift)
				inUse -= int(in.width)
			}
		}
		for _, it := range enters[j] {
			in := &info[it]
			w := int(in.width)
			var b int
			if f := free[in.width]; len(f) > 0 {
				b, free[in.width] = int(f[len(f)-1]), f[:len(f)-1]
			} else {
				if top/64 != (top+w-1)/64 {
					top = (top + 63) / 64 * 64 // the next word
				}
				b, top = top, top+w
			}
			in.w, in.shift = int32(b/64), int32(b%64)
			inUse += w
		}
		pl.bits[j] = inUse
	}
	pl.words = max(1, (top+63)/64)
}

// programs writes, for every level, what taking and skipping its option
// do to a key.
func (pl *plan) programs(info []itemInfo) {
	p := pl.p
	nLevels := len(pl.order)
	pl.bitStart = make([]int32, nLevels+1)
	pl.fieldStart = make([]int32, nLevels+1)
	pl.skipOK = make([]bool, nLevels)
	pl.takeOK = make([]bool, nLevels)
	// The last level of each color of each colored item.
	colorBase := make([]int32, len(info))
	for it := range info {
		in := &info[it]
		if in.kind != kindColor {
			continue
		}
		colorBase[it] = int32(len(pl.colorLast))
		pl.colorLast = append(pl.colorLast, make([]int32, len(in.colors)+2)...)
		for i, j := range in.levels {
			if code := in.codes[i]; code >= 2 {
				pl.colorLast[colorBase[it]+code] = j
			}
		}
	}
	occurrence := make([]int32, len(info)) // how many of the item's levels came before
	var words []bitOp
	// At most one operation per item use: no growing of huge slices.
	nBits, nFields := 0, 0
	for it := range info {
		switch info[it].kind {
		case kindBit:
			nBits += len(info[it].levels)
		case kindCount, kindColor:
			nFields += len(info[it].levels)
		}
	}
	pl.bitOps = make([]bitOp, 0, nBits)
	pl.fieldOps = make([]fieldOp, 0, nFields)
	for j, k := range pl.order {
		pl.skipOK[j], pl.takeOK[j] = true, true
		words = words[:0]
		op := func(w int32) *bitOp {
			for i := range words {
				if words[i].w == w {
					return &words[i]
				}
			}
			words = append(words, bitOp{w: w})
			return &words[len(words)-1]
		}
		items, _ := p.Option(int(k))
		for _, it := range items {
			in := &info[it]
			occ := occurrence[it]
			occurrence[it]++
			rem := int32(len(in.levels)) - occ - 1
			inKey := occ > 0
			leaves := rem == 0
			switch in.kind {
			case kindOnce:
				// Taking covers it once (lo ≤ 1 ≤ hi, or the problem is
				// infeasible); skipping leaves it uncovered for good.
				if in.lo > 0 {
					pl.skipOK[j] = false
				}
			case kindBit:
				o := op(in.w)
				m := uint64(1) << in.shift
				if inKey {
					o.takeZero |= m
				}
				if leaves {
					o.clear |= m
					if int(it) < p.NPrimary && in.lo > 0 {
						o.skipNeed |= m
					}
				} else {
					o.takeSet |= m
				}
			case kindCount, kindColor:
				f := fieldOp{w: in.w, shift: in.shift, width: in.width, inKey: inKey, leaves: leaves,
					lo: in.lo, hi: in.hi, rem: rem}
				if in.kind == kindCount {
					f.kind = fieldCount
				} else {
					f.kind = fieldColor
					f.colorBase = colorBase[it]
					f.code, f.single = in.codes[occ], in.single[occ]
				}
				pl.fieldOps = append(pl.fieldOps, f)
			}
		}
		pl.bitOps = append(pl.bitOps, words...)
		pl.bitStart[j+1] = int32(len(pl.bitOps))
		pl.fieldStart[j+1] = int32(len(pl.fieldOps))
	}
}

// singleAfter returns, for each use of a colored item, the code of the
// color that every later use gives it when they all give the same one (and
// one use at least remains), else 0; one pass from the last use back.
func singleAfter(codes []int32) []int32 {
	single := make([]int32, len(codes))
	same := int32(-1) // the code shared by the uses after i: -1 none yet, 0 none
	for i := len(codes) - 2; i >= 0; i-- {
		switch next := codes[i+1]; {
		case next == 1:
			same = 0 // an uncolored use: no color is as good as unused
		case same == -1:
			same = next
		case same != next:
			same = 0
		}
		single[i] = max(same, 0)
	}
	return single
}

// take applies level j's take branch to key in place and reports whether
// the branch is possible.
func (pl *plan) take(j int, key []uint64) bool {
	for _, o := range pl.bitOps[pl.bitStart[j]:pl.bitStart[j+1]] {
		x := key[o.w]
		if x&o.takeZero != 0 {
			return false
		}
		key[o.w] = (x | o.takeSet) &^ o.clear
	}
	for i := pl.fieldStart[j]; i < pl.fieldStart[j+1]; i++ {
		f := &pl.fieldOps[i]
		v := int32(0)
		if f.inKey {
			v = f.get(key)
		}
		if f.kind == fieldCount {
			if v >= f.hi {
				return false
			}
			v++
			if f.lo-v > f.rem {
				return false
			}
			v = f.canonCount(v)
		} else {
			switch {
			case f.code == 1 && v != 0:
				return false
			case f.code != 1 && v != 0 && v != f.code:
				return false
			}
			v = pl.canonColor(f, j, f.code)
		}
		if f.leaves {
			v = 0
		}
		f.set(key, v)
	}
	return true
}

// skip applies level j's skip branch to key in place and reports whether
// the branch is possible.
func (pl *plan) skip(j int, key []uint64) bool {
	for _, o := range pl.bitOps[pl.bitStart[j]:pl.bitStart[j+1]] {
		x := key[o.w]
		if x&o.skipNeed != o.skipNeed {
			return false
		}
		key[o.w] = x &^ o.clear
	}
	for i := pl.fieldStart[j]; i < pl.fieldStart[j+1]; i++ {
		f := &pl.fieldOps[i]
		if !f.inKey {
			if f.kind == fieldCount && f.lo > f.rem {
				return false
			}
			continue // stays 0, which is canonical
		}
		v := f.get(key)
		if f.kind == fieldCount {
			if f.lo-v > f.rem {
				return false
			}
			v = f.canonCount(v)
		} else {
			v = pl.canonColor(f, j, v)
		}
		if f.leaves {
			v = 0
		}
		f.set(key, v)
	}
	return true
}

// canonCount returns the canonical form of count v once f's level is
// decided (rem options left).
func (f *fieldOp) canonCount(v int32) int32 {
	if v >= f.lo && f.hi-v >= f.rem {
		return f.lo
	}
	return v
}

// canonColor returns the canonical form of color state v once level j is
// decided.
func (pl *plan) canonColor(f *fieldOp, j int, v int32) int32 {
	if v >= 2 && pl.colorLast[f.colorBase+v] <= int32(j) {
		return 1 // no later option gives this color: blocked
	}
	if v == f.single {
		return 0 // every later option gives this color: as if unused
	}
	return v
}
