package specs

import (
	"unsafe"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
)

// Limits on input. A parser stops at the first declaration, option or item
// use beyond a limit and says which limit it hit, instead of running the
// machine out of memory; the engine's own limits (exactcover.MaxItems,
// MaxOptions, MaxNodes) apply while parsing, so that an absurd file fails at
// the line that crosses them. Before parsing, the DLX reader counts what
// the input holds and refuses a problem whose parsed form would take more
// than MaxParseMemory, or whose compiled form more than
// exactcover.MemoryBudget, saying how much it would need.
const (
	// MaxDLXBytes bounds a DLX input, so that reading it stays quick and
	// its first pass cheap. Within it, memory is the limit that bites: the
	// worst case, one short option per line (about 100 bytes of lists and
	// positions each, and as much again compiled), would take 6.5 GB for
	// 32 M lines "A"; such a file is refused by MaxParseMemory before it is
	// read, while files of up to about 20 M options are read. Published
	// instances are far smaller.
	MaxDLXBytes = 64 << 20
	// MaxYAMLBytes bounds a YAML input: the YAML library builds a node tree
	// before we see it, about 120 bytes of memory per input byte (measured:
	// 1.9 GB for a 16 MB list of one-letter names), so YAML is for problems
	// people write; generate larger ones in DLX.
	MaxYAMLBytes = 4 << 20
	// MaxNameBytes bounds an item name, a color, a label and the spec's
	// name: names are for reading, and every one is kept in memory.
	MaxNameBytes = 1 << 10
	// MaxDescriptionBytes bounds the description.
	MaxDescriptionBytes = 64 << 10
	// MaxParseMemory bounds the memory a parsed problem takes: its names,
	// options and labels, and the positions kept for messages (about 100
	// bytes an option and 40 an item use). The parsed problem lives on
	// beside the compiled one, which exactcover.MemoryBudget bounds, so
	// that the two together stay within a quarter of the 24 GiB machines
	// xcover is built and measured on.
	MaxParseMemory = 2 << 30
)

// Engine limits, repeated here so messages can name them.
const (
	maxItems   = exactcover.MaxItems
	maxOptions = exactcover.MaxOptions
	maxUses    = exactcover.MaxNodes
)

// Memory of a parsed problem, in bytes, by what it holds: the name's
// string header, position, bounds and entry in the parser's table of
// names per item; the option, its position and the start of its item
// positions per option; the reference and its position per item use; and
// the text of names, colors and labels, at most twice the input's bytes
// once rounded up to Go's allocation sizes.
const (
	parsedPerItem   = int64(unsafe.Sizeof("")+unsafe.Sizeof(pos{})+unsafe.Sizeof(exactcover.Bounds{})) + mapEntry
	parsedPerOption = int64(unsafe.Sizeof(exactcover.Option{}) + unsafe.Sizeof(pos{}) + unsafe.Sizeof(0))
	parsedPerUse    = int64(unsafe.Sizeof(exactcover.ItemRef{}) + unsafe.Sizeof(pos{}))
	parsedPerByte   = 2
	// mapEntry is what a map[string]string entry takes at worst: key and
	// value (32 bytes), its share of the table's control words, and the
	// room a table keeps free before it grows.
	mapEntry = 64
)

// parsedMemory estimates the memory of a parsed problem from (upper bounds
// on) its counts.
func parsedMemory(items, options, uses, bytes int) int64 {
	return int64(items)*parsedPerItem + int64(options)*parsedPerOption + int64(uses)*parsedPerUse + int64(bytes)*parsedPerByte
}

// checkMemory refuses a problem whose parsed form would take more than
// MaxParseMemory, or whose compiled form more than exactcover.MemoryBudget,
// in one line that says how much it needs and which budget it exceeds.
func (sp *Spec) checkMemory(n dlxCounts) error {
	parsed := parsedMemory(n.items, n.options, n.uses, n.bytes)
	compiled := exactcover.MemoryNeeded(n.items, n.options, n.uses)
	var budget string
	switch {
	case parsed > MaxParseMemory:
		budget = "MaxParseMemory = " + bytesize.Format(MaxParseMemory)
	case compiled > exactcover.MemoryBudget:
		budget = "exactcover.MemoryBudget = " + bytesize.Format(exactcover.MemoryBudget)
	default:
		return nil
	}
	return sp.errorAt(pos{1, 1}, exactcover.ErrTooLarge,
		"this problem (%d options, %d item uses) needs about %s of memory, %s to read and %s compiled: more than %s",
		n.options, n.uses, bytesize.Format(parsed+compiled), bytesize.Format(parsed), bytesize.Format(compiled), budget)
}
