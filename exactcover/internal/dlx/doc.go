// Package dlx is xcover's dancing-links engine: Knuth's Algorithm X with
// dancing links, with secondary items and colors (Algorithm C) and with
// multiplicities (Algorithm M), written so that its statistics equal those
// of Knuth's programs DLX1, DLX2 and DLX3 under his branching rule.
//
// # Dancing links
//
// Every use of an item by an option is a node in a circular doubly linked
// list of that item's options. Removing node x from its list is
//
//	x.up.down = x.down; x.down.up = x.up
//
// and, because x still remembers its neighbours, putting it back is
//
//	x.up.down = x; x.down.up = x
//
// provided removals are undone in exactly the reverse order. Nodes "dance"
// out of and back into their lists as the search goes down and up the tree.
// The lists are int32 indices into one flat array laid out as DLX1 lays it
// out (item headers first, then each option's nodes followed by a spacer),
// so a search allocates nothing and stays in cache.
//
// Covering an item removes it from the active items and hides every option
// in its list from the lists of the option's other items; uncovering puts
// everything back. Colors add two steps from DLX2: purifying a colored item
// hides the options that give it another color and marks those with the
// same color as compatible; unpurifying undoes it.
//
// # Multiplicities
//
// When items have bounds (at least lo and at most hi options must cover
// item i), the search follows Knuth's Algorithm M as his DLX3 does. An
// item's "bound" counts how many more options may still cover it; choosing
// an option lowers the bound of each of its primary items, and an item is
// covered (its remaining options hidden) only when its bound reaches zero:
// it is then "covered enough". While its bound is positive the item stays
// active, and the options already tried for it at this level are
// "tweaked": hidden and taken out of its list, so that a deeper level that
// branches on the same item again tries only later options and every
// multiset of options is generated once. When the lower bound is met, one
// more branch gives the item no further option (the null branch). The item
// to branch on minimises the branching degree len+s−b+1 (b the remaining
// bound, s the slack hi−lo, at most b), ties going to the smaller s, then
// the longer list, then the item declared first, as in DLX3.
//
// # Statistics
//
// A node is one entry to a level of the search tree, plus one per solution;
// an update is one item covered, plus one node removed from a list (DLX3
// counts a tweak's removals too); a cleansing is one colored use found
// compatible, plus one per purification. With Knuth's rule these equal
// DLX1's (DLX2's with colors, DLX3's with bounds) on the same input.
//
// # References
//
// Donald E. Knuth, "Dancing Links", in Millennial Perspectives in Computer
// Science (2000), arXiv:cs/0011047. Donald E. Knuth, The Art of Computer
// Programming, Volume 4B, Section 7.2.2.1 (2022): Algorithms X, C and M.
// His programs DLX1, DLX2 and DLX3 (CWEB, 2017–) define the statistics.
package dlx
