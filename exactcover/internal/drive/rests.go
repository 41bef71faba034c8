package drive

import "github.com/xcover/xcover/exactcover/internal/core"

// gatherRests returns pieces with every run of siblings in a row (units
// for branches of one node on one item, as an engine exports the
// branches it has not taken, a unit each, and as a shard's part holds a
// node's children dealt to it) gathered into one rest unit
// (core.Unit.Rest): a search of the rest enters the node once, where the
// units would each enter it, walking the item's options every time, n²
// steps on a node of n branches. The rest's share of the tree is the
// sum of its siblings' (which a shard's part need not hold side by side),
// laid out from the first one's start. Other pieces are kept as they are, in order.
// (pieces is not changed.)
func gatherRests(pieces []piece) []piece {
	out := make([]piece, 0, len(pieces))
	for i := 0; i < len(pieces); {
		parent, item, ok := branchesOf(&pieces[i].Unit)
		j := i + 1
		for ok && j < len(pieces) {
			p2, item2, ok2 := branchesOf(&pieces[j].Unit)
			if !ok2 || item2 != item || !samePath(parent, p2) {
				break
			}
			j++
		}
		if j-i < 2 {
			out = append(out, pieces[i:j]...)
			i = j
			continue
		}
		var rest []core.Step
		width := 0.0
		for _, p := range pieces[i:j] {
			width += p.Hi - p.Lo
			if p.Unit.Rest != nil {
				rest = append(rest, p.Unit.Rest...)
			} else {
				rest = append(rest, p.Unit.Path[len(p.Unit.Path)-1])
			}
		}
		lo := pieces[i].Lo
		hi := min(lo+width, 1)
		out = append(out, piece{Unit: core.Unit{Path: parent, Rest: rest}, Lo: lo, Hi: hi, End: hi})
		i = j
	}
	return out
}

// branchesOf returns the node u holds branches of and the item they are
// for, when u is a rest unit or a unit for one branch that takes an
// option (a sibling as an engine exports it).
func branchesOf(u *core.Unit) (parent []core.Step, item int32, ok bool) {
	if u.Rest != nil {
		return u.Path, u.Rest[0].Item, true
	}
	n := len(u.Path)
	if !u.CountLast || u.After || n == 0 {
		return nil, 0, false
	}
	last := u.Path[n-1]
	if last.Item < 0 || last.Option < 0 || last.Exclude {
		return nil, 0, false
	}
	return u.Path[: n-1 : n-1], last.Item, true
}

// samePath reports whether a and b are the same path, at once when they
// share their memory (siblings that an engine exported often do not,
// those read from a file do).
func samePath(a, b []core.Step) bool {
	return len(a) == len(b) && core.CommonPrefix(a, b) == len(a)
}
