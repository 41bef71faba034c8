package dlx

// Unpack makes e choose as it must when lists or slacks are too long for
// chooseM's one-pass sort key, so that the tests check both ways.
func Unpack(e *Engine) { e.packedM = false }

// What links_view_test.go needs to compare the engine's arrays with those
// that the links view of package explain shows, at every elementary
// operation. These exist only in the package's test binary: the engine
// itself has no hook.

// Node is one node of the engine's array, as the links view names its
// fields: ULINK, DLINK, TOP (LEN for a header) and COLOR.
type Node struct{ Up, Down, Top, Color int32 }

// Snapshot returns a copy of e's node array, its active primary items in
// increasing order, and its bounds (Algorithm M; items 0…nPrimary).
func Snapshot(e *Engine) (nodes []Node, active, bound []int32) {
	for _, n := range e.nodes {
		nodes = append(nodes, Node{n.up, n.down, n.top, n.color})
	}
	for i := int32(1); i <= e.nPrimary; i++ {
		if e.active[i>>6]&(1<<(i&63)) != 0 {
			active = append(active, i)
		}
	}
	return nodes, active, append([]int32(nil), e.bound...)
}

// The elementary operations, each the engine's own routine where it has
// one: Knuth's hide(p) and unhide(p) are hideOptions and unhideOptions on
// one option, the engine's own calls in purify and tweak; tweak without
// blocking takes a node out of its own list; deactivate and activate are
// what cover and uncover do to the active items (for a primary item: a
// secondary item has no place in the engine's set).

func HideOption(e *Engine, p int32) int64 { return e.hideOptions(p, e.nodes[p].down) }
func UnhideOption(e *Engine, p int32)     { e.unhideOptions(p, e.nodes[p].up) }
func TweakNode(e *Engine, x int32) int64  { return e.tweak(x, false) }

func Deactivate(e *Engine, i int32) {
	if i <= e.nPrimary {
		e.deactivate(i)
	}
}

func Activate(e *Engine, i int32) {
	if i <= e.nPrimary {
		e.activate(i)
	}
}

// The writes the engine makes inline, inside a larger routine: purify's
// and unpurify's colors, a bound going down and up (coverOthers, enterM),
// and the first half of untweak, which puts back at once the nodes
// tweaked in c's list since x was at its top.

func SetColor(e *Engine, x, c int32) { e.nodes[x].color = c }
func Lower(e *Engine, i int32)       { e.bound[i]-- }
func Raise(e *Engine, i int32)       { e.bound[i]++ }

func RelinkTweaked(e *Engine, c, x int32) {
	nd := e.nodes
	z := nd[c].down
	nd[c].down = x
	k, qq := int32(0), c
	for rr := x; rr != z; qq, rr = rr, nd[rr].down {
		nd[rr].up = qq
		k++
	}
	nd[z].up = qq
	nd[c].top += k
}

// The routines made of those operations, to check the operations above
// against them: each, run on a copy of the engine from before the first
// of its operations, must leave the copy as they left the engine.

func Copy(e *Engine) *Engine                      { return e.Clone().(*Engine) }
func Cover(e *Engine, c int32)                    { e.cover(c) }
func Uncover(e *Engine, c int32)                  { e.uncover(c) }
func Purify(e *Engine, p int32)                   { e.purify(p) }
func Unpurify(e *Engine, p int32)                 { e.unpurify(p) }
func Tweak(e *Engine, x int32, block bool)        { e.tweak(x, block) }
func Untweak(e *Engine, c, x int32, unblock bool) { e.untweak(c, x, unblock) }

// Replays returns how many paths e has replayed (units entered).
func Replays(e *Engine) int64 { return e.replays }
