package exactcover

import (
	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// Limits on the size of a compiled problem. Links are int32 indices, so every
// count must stay well below 2³¹; beyond that, the limits are set by memory:
// each node takes 16 bytes, so MaxNodes nodes take 2 GiB, a tenth of the
// 24 GiB machines xcover is built and measured on.
const (
	// MaxItems bounds primary plus secondary items (a header node each);
	// the Weighted rule's sort key has 24 bits for an item.
	MaxItems = 1 << 24
	// MaxOptions bounds the number of options (one spacer node each).
	MaxOptions = 1 << 26
	// MaxNodes bounds the item uses summed over all options, plus headers
	// and spacers.
	MaxNodes = 1 << 27
	// MaxColors bounds the distinct colors in one problem.
	MaxColors = 1 << 24
	// MaxBound bounds an item's upper multiplicity: no item can be covered
	// by more options than a problem may have.
	MaxBound = MaxOptions
)

// MemoryBudget is the most memory a compiled problem may take: a sixth of
// the 24 GiB machines xcover is built and measured on, leaving room for
// the parsed problem, a second engine and the caller. [New] and
// [Builder.Build] refuse larger problems before allocating them.
const MemoryBudget = 4 << 30

// MemoryNeeded returns an upper bound, in bytes, on the memory that a
// compiled problem with the given numbers of items, options and item uses
// (summed over all options) takes in every engine that may be built for
// it, and one search's restore points and table of counts in the
// sparse-set engine, so that callers can refuse a problem before building
// anything. Colors of secondary items can widen the bit-set engine's rows:
// [Builder.Build] adds that too, from the colors it holds.
func MemoryNeeded(items, options, uses int) int64 {
	// Per item: a header node in each engine, its bounds, bits, weight and
	// the sparse-set engine's hash word. Per option: a spacer in each
	// engine and its index maps. Per use: a node in each engine (16 bytes
	// in the dancing-links layout, 16 in the sparse-set layout with its
	// place in the item's set), its place in the flat model (8) and the
	// sparse-set engine's hash of its option (8). The sparse-set engine's trail of restore
	// points is bounded in proportion to items and uses too. The bit-set
	// engine, built only for at most bits.MaxItems items, takes its rows
	// and first stack of lists per option (bits.Memory; colors add to it,
	// see Builder.colorBits). A count in the sparse-set engine keeps
	// subtrees' counts in a table of fixed size.
	return int64(items)*64 + int64(options)*48 + int64(uses)*48 + sparse.RestoreMemory(items, uses) + sparse.CacheMemory + bits.Memory(items, options)
}
