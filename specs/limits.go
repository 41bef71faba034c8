package specs

import "xcover/exactcover"

// Limits on input. A parser stops at the first declaration, option or item
// use beyond a limit and says which limit it hit, instead of running the
// machine out of memory; the engine's own limits (exactcover.MaxItems,
// MaxOptions, MaxNodes) apply while parsing, so that an absurd file fails at
// the line that crosses them.
const (
	// MaxDLXBytes bounds a DLX input. The worst case is one short option
	// per line (each costs about 100 bytes of lists and positions): a file
	// of 32 M lines "A" took 12 s to parse and 6.6 GB at peak with the
	// engine's compilation, measured on this project's 2-core machine.
	// Published instances are far smaller.
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
)

// Engine limits, repeated here so messages can name them.
const (
	maxItems   = exactcover.MaxItems
	maxOptions = exactcover.MaxOptions
	maxUses    = exactcover.MaxNodes
)
