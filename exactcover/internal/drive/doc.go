// Package drive runs searches of units (core.Unit) on engines
// (core.Engine): the drivers that divide a search and put it together
// again, for any engine, without looking inside one.
//
// A search is named by the path of its root (the partial solution) and
// explored by one of two drivers:
//
//   - Sequential searches in the caller's goroutine on the caller's
//     engine, with its state in a Scratch the caller keeps, so that a warm
//     search allocates nothing. It is the common case: one thread, nothing
//     to save.
//   - Run keeps a pool of pieces of work (core.Piece: a unit and its share
//     of the tree) and workers, each with its own clone of the engine,
//     which take pieces, steal from one another, stop the world for a
//     checkpoint (a Position given to the caller's sink), resume from one,
//     and search one shard of a deterministic split (split.go).
//
// Both poll the same way (poller, and the workers' poll on top of it),
// report a Result in the engines' counters, and leave the translation into
// the caller's terms (exactcover's Stats, Checkpoint, errors) to the
// caller: one conversion, in one place.
//
// Knuth's estimator of a tree's size (Probe) walks random paths down from
// a unit; the shard split weighs its units with it, and exactcover's
// Estimate sums its walks in numbers of any size.
//
// Totals stay exact however a search is divided: each node is counted by
// exactly one step of one driver (a unit with CountLast has its last step
// counted by whoever searches it), and a position holds every piece not yet
// searched, each once (CheckUnits checks it; CheckFits checks that a
// position read back names nodes of this problem's tree).
package drive
