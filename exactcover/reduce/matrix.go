package reduce

import (
	"errors"

	"github.com/xcover/xcover/exactcover"
)

// ErrMultiplicities is returned for a problem whose primary items have
// bounds other than exactly once: both reductions assume exact cover.
var ErrMultiplicities = errors.New("reduce: only problems whose primary items are covered exactly once can be reduced")

// matrix is the problem in index form, with the counts the reductions
// change. Items are numbered primary first, as declared; options are those
// of the input that have a primary item, in order (the others can be in no
// solution and are dropped, as DLX-PRE and the solver drop them).
//
// Everything is in flat arrays built once: the passes read and write them
// and allocate nothing (but the scratch lists of state, which grow to
// their largest size once).
type matrix struct {
	nPrimary, nItems int
	begin            []int32 // option k uses items[begin[k]:begin[k+1]]
	items            []int32
	colors           []int32 // parallel to items; 0 for an uncolored use
	origin           []int32 // option k → its index in the input's Options

	// The options that use item i are uses[useBegin[i]:useEnd[i]], in
	// order; entries of deleted options stay until compact drops them,
	// which lowers useEnd[i].
	uses     []use
	useBegin []int32
	useEnd   []int32
	stale    []int32 // per item, entries of deleted options still in its uses
	count    []int32 // per item, the options visible (neither deleted nor hidden)

	optLive  []bool
	itemLive []bool // false once an item is struck as implied
	hidden   []uint32
	stamp    []uint32 // per item, the test whose option uses it
	epoch    uint32

	// rows, when not nil, holds each item's live options as bits, for the
	// tests on bit sets (rows.go).
	rows *optionRows

	// infeasible is a primary item found without options, or noItem.
	infeasible int32
}

// use is one entry of an item's list: an option, where in items the
// option names the item, and the color it gives the item.
type use struct{ opt, pos, color int32 }

// usesOf returns the entries of item i's list.
func (m *matrix) usesOf(i int32) []use { return m.uses[m.useBegin[i]:m.useEnd[i]] }

// newMatrix checks p as exactcover.New would and builds its index form.
func newMatrix(p *exactcover.Problem) (*matrix, error) {
	if p.HasMultiplicities() {
		return nil, ErrMultiplicities
	}
	if len(p.Primary) == 0 {
		return nil, &exactcover.ProblemError{Err: exactcover.ErrNoPrimaryItems, Option: -1, Position: -1}
	}
	m := &matrix{nPrimary: len(p.Primary), nItems: p.NumItems(), infeasible: noItem}
	index := make(map[string]int32, m.nItems)
	for i := range m.nItems {
		name := p.ItemName(i)
		if name == "" {
			return nil, &exactcover.ProblemError{Err: exactcover.ErrEmptyItemName, Option: -1, Position: i}
		}
		if _, dup := index[name]; dup {
			return nil, &exactcover.ProblemError{Err: exactcover.ErrDuplicateItem, Option: -1, Position: i, Item: name}
		}
		index[name] = int32(i)
	}
	entries := 0
	for _, o := range p.Options {
		entries += len(o.Items)
	}
	m.items, m.colors = make([]int32, 0, entries), make([]int32, 0, entries)
	m.begin = append(make([]int32, 0, len(p.Options)+1), 0)
	m.origin = make([]int32, 0, len(p.Options))
	colorIDs := map[string]int32{}
	lastUse := make([]int32, m.nItems) // 1 + the last option using each item
	m.count = make([]int32, m.nItems)
	for k, o := range p.Options {
		if len(o.Items) == 0 {
			return nil, &exactcover.ProblemError{Err: exactcover.ErrEmptyOption, Option: k, Position: -1}
		}
		start, primary := len(m.items), false
		for j, r := range o.Items {
			i, ok := index[r.Name]
			switch {
			case !ok:
				return nil, &exactcover.ProblemError{Err: exactcover.ErrUnknownItem, Option: k, Position: j, Item: r.Name}
			case lastUse[i] == int32(k)+1:
				return nil, &exactcover.ProblemError{Err: exactcover.ErrRepeatedItem, Option: k, Position: j, Item: r.Name}
			case r.Color != "" && int(i) < m.nPrimary:
				return nil, &exactcover.ProblemError{Err: exactcover.ErrColorOnPrimary, Option: k, Position: j, Item: r.Name}
			}
			lastUse[i] = int32(k) + 1
			c := int32(0)
			if r.Color != "" {
				if c = colorIDs[r.Color]; c == 0 {
					c = int32(len(colorIDs)) + 1
					colorIDs[r.Color] = c
				}
			}
			m.items, m.colors = append(m.items, i), append(m.colors, c)
			primary = primary || int(i) < m.nPrimary
		}
		if !primary {
			m.items, m.colors = m.items[:start], m.colors[:start]
			continue
		}
		for _, i := range m.items[start:] {
			m.count[i]++
		}
		m.begin = append(m.begin, int32(len(m.items)))
		m.origin = append(m.origin, int32(k))
	}
	m.useBegin, m.useEnd = make([]int32, m.nItems), make([]int32, m.nItems)
	at := int32(0)
	for i, n := range m.count {
		m.useBegin[i], m.useEnd[i] = at, at
		at += n
	}
	m.uses = make([]use, len(m.items))
	n := int32(len(m.origin))
	for k := range n {
		for j := m.begin[k]; j < m.begin[k+1]; j++ {
			i := m.items[j]
			m.uses[m.useEnd[i]] = use{k, j, m.colors[j]}
			m.useEnd[i]++
		}
	}
	m.stale = make([]int32, m.nItems)
	m.optLive = make([]bool, n)
	for k := range m.optLive {
		m.optLive[k] = true
	}
	m.itemLive = make([]bool, m.nItems)
	for i := range m.itemLive {
		m.itemLive[i] = true
	}
	m.hidden = make([]uint32, n)
	m.stamp = make([]uint32, m.nItems)
	return m, nil
}

// next returns a fresh stamp for hiding or testing. Stamps only need to
// differ from the ones in use; when they run out, all are cleared.
func (m *matrix) next() uint32 {
	if m.epoch == ^uint32(0) {
		clear(m.hidden)
		clear(m.stamp)
		m.epoch = 0
	}
	m.epoch++
	return m.epoch
}

// position returns where option k uses item i, or -1.
func (m *matrix) position(k, i int32) int32 {
	for j := m.begin[k]; j < m.begin[k+1]; j++ {
		if m.items[j] == i {
			return j
		}
	}
	return -1
}

// isFirst reports whether option k's first item not struck is at
// position j.
func (m *matrix) isFirst(k, j int32) bool {
	for q := m.begin[k]; q < j; q++ {
		if m.itemLive[m.items[q]] {
			return false
		}
	}
	return true
}
