// Package core is the vocabulary that xcover's engines and search drivers
// share: the compiled problem every engine builds its own structures from,
// positions in a search tree, the counters a search keeps, and the
// interface an engine offers to the drivers above it.
//
// # One notion of position
//
// A node of a search tree is named by its path: the branches taken from the
// root, each a [Step] (the item branched on and the option taken for it).
// A [Unit] is a piece of work: the subtree below a path, or the subtrees of
// branches of one node that it names ([Unit.Rest]), which an engine
// searches entering the node once ([SearchRest]). The drivers need
// nothing else: the sequential search runs one unit; a parallel search
// hands units to workers and makes new ones by taking the unexplored
// siblings of a busy worker; a checkpoint is the list of units not yet
// explored plus the counters so far, a node's siblings left being one
// unit; a shard is a deterministic share of the units at some depth.
//
// # Counting stays exact
//
// A search counts a node when it enters it, plus one per solution, and
// counts updates where they happen. A node's own work (choosing its item,
// covering it) belongs to the node; the work of taking an option, which
// leads from a node to its child, belongs to the child. An engine that
// exports a child as a unit has counted the parent but not the child, so
// the unit says so ([Unit.CountLast]): whoever searches it counts the last
// step's updates, the child and everything below; the steps before were
// counted by whoever explored them, and are replayed silently. Every node
// is thus counted once, by whichever worker or run explored it, and totals
// add up to those of one uninterrupted search as long as the engine's tree
// does not depend on its history (true of Knuth's branching rule in both
// engines; the Weighted rule learns from the search so far, so its trees,
// though not its solutions, depend on how the work was divided).
package core
