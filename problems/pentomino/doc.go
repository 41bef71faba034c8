// Package pentomino packs polyominoes into boards by exact cover, the
// running example of Knuth's "Dancing Links" (arXiv cs/0011047, section 3;
// TAOCP 7.2.2.1).
//
// # Pieces and boards
//
// A piece is a polyomino: cells joined edge to edge. [Pentominoes] returns
// the twelve free pentominoes in Conway's lettering, F I L N P T U V W X Y Z;
// [ParseLetters] takes some of them ("LLPP" is two L and two P: a letter
// listed k times is k pieces), and [ParsePieces] reads any polyominoes from
// a YAML file. A free piece may be turned and flipped over, so it has up to
// eight orientations (the twelve pentominoes have 63 in all); a one-sided
// piece ([Options].OneSided) may only be turned, up to four.
//
// A board is any finite set of cells: a [Rectangle], or a picture read by
// [ParseBoard] where '.' is a cell and '#' or a space is not.
//
// # Encoding
//
// Packing is exact cover ([New] builds the problem, [Puzzle.Problem] shows
// it with names):
//
//   - one primary item per cell, which must be covered exactly once;
//   - one item per piece (per copy of a piece listed more than once),
//     primary when the pieces hold exactly as many cells as the board, and
//     secondary when they hold more: then a piece may stay unused;
//   - one option per placement: a piece in one orientation at one position,
//     listing the piece's item and the cells it covers.
//
// Options come piece by piece, copy by copy, orientation by orientation,
// position by position in reading order; for the twelve pentominoes on a 10x6 board the
// problem is exactly the shared pent-6x10.dlx, and the search makes the same
// 3,620,988 nodes as Knuth's DLX1 to find all 9,356 packings.
//
// Copies of a piece are interchangeable, but their items are not: each
// packing with k copies of a piece would come out k! times. Secondary
// "order items" (see orderItems in order.go) make the copies come out in
// one order only, copy j+1 anchored after copy j, by a bit-by-bit
// comparison of their anchor cells that adds at most 2·⌈log₂ cells⌉ items
// to an option and no search. When pieces may stay unused, which copies are
// used can still vary, and [Puzzle.Solve] keeps only the packings that use
// the first copies.
//
// # Symmetry
//
// With [Options].Symmetry each packing is reported once up to the
// symmetries of the board: the rotations and reflections of the square grid
// (the dihedral group of order 8) that map the board's cells onto
// themselves. That group G has 4 elements for a rectangle, 8 for a square,
// and any subgroup of the 8 for a drawn board; packings come in orbits under
// G, and the aim is one packing per orbit.
//
// For one-sided pieces a reflection turns a piece into its mirror image,
// which may be another piece of the set or none. When the mirror image of
// each asymmetric piece is exactly one other piece of the set, listed as
// many times, a reflection maps packings to packings with the pieces
// renamed, and G acts in full; otherwise only the rotations of G act, since
// a reflected packing is no packing of the set (or not in one way).
//
// The classic trick for the 6x10 board keeps the X pentomino in one quarter
// of the board; it is only right when X is in the set and no placement of
// X is mapped to itself by a symmetry: on a side of odd length X can sit on
// the axis, and a packing and its mirror image are then both counted. The
// method here is right for every board and set:
//
//  1. Choose a pivot piece P listed once, and the subgroup K of G that maps
//     P to itself (all of G for free pieces). Split P's placements into
//     K-orbits and keep only the first placement of each orbit, the
//     representative, in the exact-cover problem. The pivot is the piece
//     whose placements fall into the fewest orbits (X on most boards), since
//     the search shrinks with the options kept: about |K| times.
//  2. Let T be the packings the reduced problem finds: those whose P, if
//     present, is at a representative. Every orbit meets T, because K can
//     move any placement of P to its representative.
//  3. Of a packing in T, Solve computes the images under G that lie in T and
//     reports the packing only if it is the smallest of them
//     (lexicographically, as a sorted list of placement numbers). Each orbit
//     meets T in a set of packings that are each other's images, and exactly
//     one of them, the smallest, passes.
//
// When no representative is fixed by a symmetry (X on 6x10), the packings of
// T are already in different orbits and step 3 rejects nothing; when one is
// (X on the middle row of 5x12, X on a diagonal of 8x8), step 3 removes the
// duplicates the reduction left. When no piece is listed once, step 1 is
// skipped and step 3 alone dedupes: right, without the speed-up. The filter
// costs |G| images of a few placements per solution found, nothing per
// search node. The published counts (2339 for 6x10, 1010 for 5x12, 368 for
// 4x15, 2 for 3x20, 65 for 8x8 without its centre) are the tests, with a
// naive packer and a brute-force dedupe on small boards of every kind of
// symmetry.
//
// # Output
//
// A [Packing] prints as a letter grid ([Packing.String]), as colored blocks
// for a terminal ([Packing.ANSI]) or as SVG ([WriteSVG], one packing or a
// sheet). The command "xcover pentomino" puts it all on the command line.
package pentomino
