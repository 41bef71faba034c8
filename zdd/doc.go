// Package zdd holds families of sets as zero-suppressed binary decision
// diagrams (ZDDs), and counts, samples, lists and weighs them. xcover uses
// it for the solutions of an exact-cover problem: a variable is an option,
// a set of variables a solution. The package knows nothing of exact cover.
//
// # What a ZDD is
//
// A ZDD (Minato, 1993; Knuth, TAOCP 7.1.4) is a DAG with two sinks, ⊥
// ([Bottom], the empty family) and ⊤ ([Top], the family {∅}), and internal
// nodes that each carry a variable v and two children: LO, the sets that do
// not contain v, and HI, the sets that do (with v removed). A node stands
// for LO ∪ {s ∪ {v} : s ∈ HI}. Each path from the root to ⊤ is one set: the
// variables of the nodes it leaves by a HI edge.
//
// Two rules keep the diagram small. Equal nodes (same variable, same
// children) are one node, so that a sub-family shared by many partial
// solutions is stored once; and no node has ⊥ as its HI child (such a node
// stands for exactly its LO, so it is left out: the "zero suppression" that
// suits sparse families such as exact covers, whose solutions use few of
// the options). Hence every node leads to ⊤: every path that goes down HI
// edges and LO edges as it likes, and ends at ⊤, is a set of the family.
//
// Nothing here requires the variables to increase along paths (an
// "ordered" ZDD): counting, sampling, listing and weighing walk the DAG and
// need only that it have no cycle and that no variable come twice on a
// path (which [Read] checks). The diagrams Knuth's DLX6 writes are not
// ordered.
//
// # What one can do with it
//
// With c(n) the number of sets below node n, c(⊥) = 0, c(⊤) = 1 and
// c(n) = c(LO) + c(HI), computed children first: [ZDD.Count] gives the
// total exactly, whatever its size. A [Sampler] draws a set uniformly: a
// random integer r below c(root), then from the root go HI when r < c(HI),
// otherwise subtract c(HI) from r and go LO; every set corresponds to
// exactly one r. [ZDD.All] lists the sets by a depth-first walk. The least
// or greatest total weight of a set, for weights on the variables,
// is the same kind of dynamic programme ([ZDD.MinWeight], [ZDD.MaxWeight]).
//
// # The file format
//
// [Read] and [ZDD.WriteTo] use the text format of Knuth's ZDDREAD programs,
// written by his BDD15 and DLX6, so that diagrams move freely between
// xcover and them. One node per line,
//
//	ID: (~V?LO:HI)
//
// with ID, LO and HI node numbers in hexadecimal (0 and 1 are ⊥ and ⊤) and
// V the variable in decimal. DLX6 and xcover write the nodes children
// first, then a root marker: a node of variable 0 with LO = 0 and HI the
// real root, which is not part of the family. (Knuth's ZDDREAD takes the
// first node of the smallest variable for the root, the marker in these
// files; [Read] requires the marker, so that a file cut short is refused
// rather than read from another root.) xcover writes a [Header] first.
// For exact cover, variable k is the k-th option of the problem
// (1-based), so the lines
//
//	2: (~4?0:1)
//	3: (~2?0:2)
//	4: (~0?0:3)
//
// say that the problem has one solution, options 2 and 4. (DLX6 numbers
// only the options it keeps, so its variables differ from xcover's when a
// problem has options without primary items, which both drop.)
//
// # References
//
// Shin-ichi Minato, "Zero-suppressed BDDs for set manipulation in
// combinatorial problems", Design Automation Conference (1993). Donald E.
// Knuth, The Art of Computer Programming, Volume 4A, Section 7.1.4 (2011);
// his programs BDD15, DLX6 and the ZDDREAD family (CWEB).
package zdd
