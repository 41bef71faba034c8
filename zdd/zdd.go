package zdd

import "fmt"

// Node names a node of a [ZDD]: [Bottom], [Top], or an internal node
// numbered from 2 upward. Every ZDD of this package keeps two invariants:
// an internal node's children have smaller numbers than the node itself,
// so that a pass over the nodes in increasing order meets every node after
// its children; and no internal node has Bottom as its hi child (zero
// suppression), so that every node leads to Top and stands for at least one
// set.
type Node int32

// The two sinks.
const (
	// Bottom is the empty family: no set at all.
	Bottom Node = 0
	// Top is the family holding one set, the empty set.
	Top Node = 1
)

// MaxNodes bounds the nodes of a ZDD, sinks included: nodes are numbered by
// int32, and a node takes 12 bytes, so MaxNodes nodes take 24 GiB, the
// memory of the machines xcover is built and measured on.
const MaxNodes = 1<<31 - 1

// MaxVar bounds a variable: variables are option numbers, which xcover
// keeps below 2³¹.
const MaxVar = 1<<31 - 1

// node is an internal node: the sets of the family that contain variable v
// are those of hi with v added; the others are those of lo.
type node struct {
	v, lo, hi int32
}

// ZDD is a zero-suppressed binary decision diagram (Minato, 1993): a DAG
// that represents a family of sets of variables, here the options of the
// solutions of an exact-cover problem. A ZDD is immutable; make one with a
// [Builder] or [Read].
type ZDD struct {
	nodes   []node // nodes[0] and nodes[1] stand for the sinks
	root    Node
	problem string // the digest its header names, if any (see Header)
}

// Root returns the node that represents the whole family.
func (z *ZDD) Root() Node { return z.root }

// Len returns the number of internal nodes.
func (z *ZDD) Len() int { return len(z.nodes) - 2 }

// Var returns the variable of internal node n.
func (z *ZDD) Var(n Node) int { return int(z.nodes[n].v) }

// Lo returns the child of internal node n for the sets without its
// variable.
func (z *ZDD) Lo(n Node) Node { return Node(z.nodes[n].lo) }

// Hi returns the child of internal node n for the sets with its variable.
func (z *ZDD) Hi(n Node) Node { return Node(z.nodes[n].hi) }

// MaxVar returns the largest variable of any node (0 when there is none):
// what a family of sets of options names at most.
func (z *ZDD) MaxVar() int {
	top := 0
	for _, n := range z.nodes[2:] {
		top = max(top, int(n.v))
	}
	return top
}

// Empty reports whether the family has no set.
func (z *ZDD) Empty() bool { return z.root == Bottom }

// Builder makes a ZDD bottom up, children before parents. It keeps the
// diagram reduced: a node whose hi child is Bottom is never made (its lo
// child stands for it: zero suppression), and a node equal to one made
// before (same variable and children) is that node again.
type Builder struct {
	nodes []node
	table []int32 // open addressing: node index, 0 for an empty slot
	err   error
}

// NewBuilder returns a Builder with room for about n nodes.
func NewBuilder(n int) *Builder {
	b := &Builder{nodes: make([]node, 2, max(n, 0)+2)}
	b.table = make([]int32, tableSize(n))
	return b
}

func tableSize(n int) int {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return size
}

func hashNode(v, lo, hi int32) uint64 {
	h := uint64(uint32(v))*0x9E3779B97F4A7C15 ^ uint64(uint32(lo))*0xC2B2AE3D27D4EB4F ^ uint64(uint32(hi))*0x165667B19E3779F9
	return h ^ h>>29
}

// Node returns the node for variable v with children lo and hi, both
// returned by this Builder before (or sinks). v must be in 0…MaxVar.
// When the Builder is full (MaxNodes) it returns Bottom and Err reports it.
func (b *Builder) Node(v int, lo, hi Node) Node {
	if hi == Bottom {
		return lo
	}
	if v < 0 || v > MaxVar || lo < 0 || hi < 0 || int(lo) >= len(b.nodes) || int(hi) >= len(b.nodes) {
		panic(fmt.Sprintf("zdd: Builder.Node(%d, %d, %d) with %d nodes", v, lo, hi, len(b.nodes)))
	}
	n := node{int32(v), int32(lo), int32(hi)}
	mask := uint64(len(b.table) - 1)
	for h := hashNode(n.v, n.lo, n.hi) & mask; ; h = (h + 1) & mask {
		i := b.table[h]
		if i == 0 {
			break
		}
		if b.nodes[i] == n {
			return Node(i)
		}
	}
	if len(b.nodes) >= MaxNodes {
		b.err = fmt.Errorf("zdd: more than %d nodes", MaxNodes)
		return Bottom
	}
	b.nodes = append(b.nodes, n)
	if 2*len(b.nodes) > len(b.table) {
		b.grow()
	} else {
		b.insert(int32(len(b.nodes) - 1))
	}
	return Node(len(b.nodes) - 1)
}

func (b *Builder) insert(i int32) {
	mask := uint64(len(b.table) - 1)
	n := b.nodes[i]
	h := hashNode(n.v, n.lo, n.hi) & mask
	for b.table[h] != 0 {
		h = (h + 1) & mask
	}
	b.table[h] = i
}

func (b *Builder) grow() {
	b.table = make([]int32, 2*len(b.table))
	for i := 2; i < len(b.nodes); i++ {
		b.insert(int32(i))
	}
}

// Len returns the number of internal nodes made so far.
func (b *Builder) Len() int { return len(b.nodes) - 2 }

// Bytes returns the memory the Builder holds.
func (b *Builder) Bytes() int64 { return int64(cap(b.nodes))*12 + int64(len(b.table))*4 }

// Err reports whether the Builder ran out of room.
func (b *Builder) Err() error { return b.err }

// ZDD returns the diagram whose root is root, keeping only the nodes that
// root reaches. The Builder must not be used afterwards.
func (b *Builder) ZDD(root Node) *ZDD {
	b.table = nil
	return compact(b.nodes, root)
}

// compact returns the ZDD of the nodes reachable from root, renumbered in
// the order of a depth-first search that numbers children first. Every
// node's children must have smaller indices than the node or be sinks.
func compact(nodes []node, root Node) *ZDD {
	if root <= Top {
		return &ZDD{nodes: nodes[:2:2], root: root}
	}
	keep := make([]bool, len(nodes))
	keep[root] = true
	for i := int(root); i >= 2; i-- {
		if keep[i] {
			keep[nodes[i].lo] = true
			keep[nodes[i].hi] = true
		}
	}
	newIndex := make([]int32, len(nodes))
	newIndex[1] = 1
	j := int32(2)
	for i := 2; i <= int(root); i++ {
		if keep[i] {
			n := nodes[i]
			nodes[j] = node{n.v, newIndex[n.lo], newIndex[n.hi]}
			newIndex[i] = j
			j++
		}
	}
	return &ZDD{nodes: nodes[:j:j], root: Node(j - 1)}
}
