package exactcover

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
