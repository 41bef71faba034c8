package reduce

import (
	"context"

	"github.com/xcover/xcover/exactcover"
)

// Config tunes a reduction.
type Config struct {
	// Rounds bounds the passes over the items; 0 means no bound: passes
	// go on until one changes nothing, as DLX-PRE's do by default. One
	// round finds most of what there is to find and costs a known amount:
	// one test per option.
	Rounds int
}

// Result is a reduced problem and how it relates to the original.
type Result struct {
	// Problem is the reduced problem: the items left, in their original
	// order (primary first), and the options left, each with the items not
	// struck, its label and its cost, in DLX-PRE's order: grouped by their
	// first item, in item order, and in their original order within a
	// group.
	Problem exactcover.Problem
	// Original[k] is the index in the original problem's Options of
	// option k of the reduced one.
	Original []int
	// Infeasible reports that some primary item can be covered by no
	// option: the problem has no solution, and Problem is that item alone,
	// without options (DLX-PRE's output in that case).
	Infeasible bool
	// RemovedOptions and RemovedItems count what the reduction took away
	// (options without primary items, which no solution can use, among
	// the options); Rounds counts the passes made, the last of which
	// changed nothing unless Config.Rounds stopped them.
	RemovedOptions, RemovedItems, Rounds int
}

// Reduce reduces p as DLX-PRE does (see the package documentation); p is
// not changed, and the result shares its names and colors. When ctx is
// done between two steps, Reduce stops and returns what it has reduced so
// far, a problem with the same solutions, with ctx's error.
//
// Problems with bounds other than exactly once are refused with
// [ErrMultiplicities]; a problem that exactcover.New would refuse, with the
// same *exactcover.ProblemError.
func Reduce(ctx context.Context, p *exactcover.Problem, cfg Config) (*Result, error) {
	m, err := newMatrix(p)
	if err != nil {
		return nil, err
	}
	switch blockTest {
	case autoTest:
		m.rows = chooseRows(m)
	case rowsTest:
		m.rows = newRows(m)
	}
	st := &state{removedOptions: len(p.Options) - len(m.origin)}
	for i := range m.nItems {
		if m.count[i] == 0 {
			if i < m.nPrimary {
				m.infeasible = int32(i)
				break
			}
			st.removedItems++
		}
	}
	rounds := 0
	for m.infeasible == noItem && (cfg.Rounds == 0 || rounds < cfg.Rounds) {
		if err = ctx.Err(); err != nil {
			break
		}
		rounds++
		if !m.pass(ctx, st) {
			break
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	r := m.result(p)
	r.Rounds = rounds
	if r.Infeasible {
		r.RemovedOptions, r.RemovedItems = len(p.Options), p.NumItems()-1
	} else {
		r.RemovedOptions, r.RemovedItems = st.removedOptions, st.removedItems
	}
	return r, err
}

// blockTest says which form of the tests Reduce uses: autoTest (chooseRows
// decides), countsTest or rowsTest; the tests set it to check both on the
// same problems.
var blockTest = autoTest

const (
	autoTest = iota
	countsTest
	rowsTest
)

// result builds the reduced problem from what m has left.
func (m *matrix) result(p *exactcover.Problem) *Result {
	r := &Result{}
	q := &r.Problem
	if m.infeasible != noItem {
		r.Infeasible = true
		q.Primary = []string{p.Primary[m.infeasible]}
		return r
	}
	for i := range m.nItems {
		if m.count[i] == 0 {
			continue
		}
		if i < m.nPrimary {
			q.Primary = append(q.Primary, p.Primary[i])
		} else {
			q.Secondary = append(q.Secondary, p.Secondary[i-m.nPrimary])
		}
	}
	// The options left and their items are counted first, so that all
	// their items go in one slice, cut into each option's.
	options, entries := 0, 0
	for k := range int32(len(m.origin)) {
		if m.optLive[k] {
			options++
			for j := m.begin[k]; j < m.begin[k+1]; j++ {
				if m.itemLive[m.items[j]] {
					entries++
				}
			}
		}
	}
	q.Options, r.Original = make([]exactcover.Option, 0, options), make([]int, 0, options)
	refs := make([]exactcover.ItemRef, 0, entries)
	for c := range int32(m.nItems) {
		if m.count[c] == 0 {
			continue
		}
		for _, u := range m.usesOf(c) {
			if !m.optLive[u.opt] || !m.isFirst(u.opt, u.pos) {
				continue
			}
			orig := int(m.origin[u.opt])
			start := len(refs)
			for j, ref := range p.Options[orig].Items {
				if m.itemLive[m.items[m.begin[u.opt]+int32(j)]] {
					refs = append(refs, ref)
				}
			}
			q.Options = append(q.Options, exactcover.Option{Items: refs[start:len(refs):len(refs)],
				Label: p.Options[orig].Label, Cost: p.Options[orig].Cost})
			r.Original = append(r.Original, orig)
		}
	}
	return r
}

// OriginalSolution returns the solution of the original problem that a
// solution of the reduced one stands for: the same options, by their
// original indices, in the order given.
func (r *Result) OriginalSolution(sol []int) []int {
	out := make([]int, len(sol))
	for i, k := range sol {
		out[i] = r.Original[k]
	}
	return out
}
