package exactcover

import (
	"strconv"
	"strings"
)

// Problem is an exact-cover problem described by names, the form people and
// parsers produce. [New] validates it and compiles it into a [Solver].
//
// Items are declared once, primary first; an option lists the items it
// covers. Option indices used everywhere in this package (solutions, partial
// solutions, warnings) are indices into Options.
type Problem struct {
	// Primary items must be covered exactly once, unless Bounds says
	// otherwise.
	Primary []string
	// Bounds, when not empty, has one entry per primary item: how many
	// chosen options must cover it (Knuth's MCC problem, "multiple cover
	// with colors"; TAOCP 7.2.2.1, Algorithm M). Empty means exactly once
	// for every item, the exact-cover problem.
	Bounds []Bounds
	// Secondary items may be covered at most once, or by any number of
	// options that give them the same color.
	Secondary []string
	// Options are the subsets to choose from, in the order the search tries
	// them.
	Options []Option
}

// Bounds are the least and the most number of chosen options that may
// cover a primary item: 0 ≤ Lo ≤ Hi and Hi ≥ 1. Exactly once is {1, 1};
// "at most once" is {0, 1}, which makes an item behave like an uncolored
// secondary item that counts for branching.
type Bounds struct {
	Lo, Hi int
}

// Once is the bound of a primary item in an exact-cover problem.
var Once = Bounds{Lo: 1, Hi: 1}

// String writes b as Knuth's DLX3 does before an item's name: "lo:hi",
// or "hi" alone when lo = hi.
func (b Bounds) String() string {
	if b.Lo == b.Hi {
		return strconv.Itoa(b.Hi)
	}
	return strconv.Itoa(b.Lo) + ":" + strconv.Itoa(b.Hi)
}

// ItemBounds returns the bounds of primary item i: Bounds[i], or Once
// when p has no bounds.
func (p *Problem) ItemBounds(i int) Bounds {
	if len(p.Bounds) == 0 {
		return Once
	}
	return p.Bounds[i]
}

// HasMultiplicities reports whether some primary item may be covered other
// than exactly once.
func (p *Problem) HasMultiplicities() bool {
	for _, b := range p.Bounds {
		if b != Once {
			return true
		}
	}
	return false
}

// Option is one subset of items, with an optional label for printing and
// a cost (Knuth's DLX5): 0 ≤ Cost ≤ [MaxCost]; see [Solver.Cheapest].
type Option struct {
	Label string
	Items []ItemRef
	Cost  int64
}

// ItemRef names an item inside an option, with its color when the item is
// secondary and colored (Knuth's XCC). An empty Color means "uncolored":
// such a use excludes every other use of the item.
type ItemRef struct {
	Name  string
	Color string
}

// String returns the reference as Knuth's DLX format writes it: "name" or
// "name:color".
func (r ItemRef) String() string {
	if r.Color == "" {
		return r.Name
	}
	return r.Name + ":" + r.Color
}

// ParseItemRef splits "name:color" at its first colon; a reference without a
// colon is uncolored.
func ParseItemRef(s string) ItemRef {
	if name, color, ok := strings.Cut(s, ":"); ok {
		return ItemRef{Name: name, Color: color}
	}
	return ItemRef{Name: s}
}

// NewOption builds an unlabelled option from references written as Knuth
// writes them, for example NewOption("A", "C", "X:1").
func NewOption(refs ...string) Option {
	items := make([]ItemRef, len(refs))
	for i, r := range refs {
		items[i] = ParseItemRef(r)
	}
	return Option{Items: items}
}

// NumItems returns the number of declared items, primary and secondary.
func (p *Problem) NumItems() int { return len(p.Primary) + len(p.Secondary) }

// ItemName returns the name of item i, counting primary items first.
func (p *Problem) ItemName(i int) string {
	if i < len(p.Primary) {
		return p.Primary[i]
	}
	return p.Secondary[i-len(p.Primary)]
}

// String returns the option's items as Knuth's DLX format writes them,
// separated by spaces, for example "A C X:1".
func (o Option) String() string {
	var b strings.Builder
	for i, r := range o.Items {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r.String())
	}
	return b.String()
}
