package pentomino

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// Options chooses how pieces may move and whether to count packings up to
// the board's symmetry.
type Options struct {
	// OneSided pieces may be turned but not flipped over.
	OneSided bool
	// Symmetry reports each packing once up to the symmetries of the board
	// (see "Symmetry" in the package documentation).
	Symmetry bool
}

// Puzzle is a packing problem compiled to exact cover: the board, the
// pieces, every placement of every piece, and the symmetry data. Build one
// with [New]; it can be solved any number of times, but not concurrently.
type Puzzle struct {
	board     *Board
	pieces    []Piece
	opt       Options
	area      int   // total cells of the pieces, copies counted
	secondary bool  // the pieces' area exceeds the board: pieces may stay unused
	copies    bool  // some piece is listed more than once
	firstItem []int // firstItem[i] is the item of copy 0 of piece i
	order     orderItems

	placements []placement

	// Options of the exact-cover problem, in order: option k is placement
	// optPlace[k] of copy optCopy[k], its items in items[ends[k-1]:ends[k]].
	optPlace []int32
	optCopy  []int32
	items    []int32
	ends     []int32

	// Symmetry reduction (nil group: none). group[0] is the identity.
	group  []symmetry
	pivot  int    // piece whose placements are cut down to orbit representatives; -1 none
	isRep  []bool // per placement: kept (always true except for the pivot's non-representatives)
	mirror []int  // one-sided sets closed under reflection: piece → its mirror piece

	costs []int64 // per option, its placement's cost (weight.go); nil: none
}

// placement is one way to put one piece on the board.
type placement struct {
	piece int32
	cells []int32 // cell numbers, increasing; cells[0] is the anchor
}

// symmetry is a board symmetry acting on placements.
type symmetry struct {
	t     transform
	place []int32 // placement → its image
}

// New compiles the packing of pieces into board. It fails when a piece is
// malformed (a name that is not one letter or digit, a name listed twice, a
// count below 1, no cells) or the problem is beyond this package's limits
// or the engine's.
//
// The exact-cover problem has one primary item per cell (numbered row by
// row) and one item per piece copy, primary when the pieces' total area
// equals the board's and secondary (a piece may stay unused) when it is
// larger. Options come piece by piece in the order given, copy by copy, then
// orientation by orientation (the shape as given, its quarter turns
// clockwise, then the mirror image and its turns, repeats dropped), then by
// position of the orientation's bounding box, row by row; each option lists
// its piece item and then its cells in increasing order. For the twelve
// pentominoes on a 10x6 board this is exactly the shared pent-6x10.dlx.
func New(board *Board, pieces []Piece, opt Options) (*Puzzle, error) {
	if board == nil || board.NumCells() == 0 {
		return nil, fmt.Errorf("%w: no cells", ErrBoard)
	}
	if len(pieces) == 0 {
		return nil, fmt.Errorf("%w: no pieces", ErrPiece)
	}
	p := &Puzzle{board: board, pieces: slices.Clone(pieces), opt: opt, pivot: -1}
	names := map[string]bool{}
	total := 0
	for i, pc := range p.pieces {
		switch {
		case checkName(pc.Name) != nil:
			return nil, fmt.Errorf("%w: piece %d: name %q is not one letter or digit", ErrPiece, i+1, pc.Name)
		case names[pc.Name]:
			return nil, fmt.Errorf("%w: piece %q listed twice (give it a count instead)", ErrPiece, pc.Name)
		case pc.Count < 1:
			return nil, fmt.Errorf("%w: piece %q: count %d", ErrPiece, pc.Name, pc.Count)
		case len(pc.Shape) == 0 || len(pc.Shape) > MaxPieceCells:
			return nil, fmt.Errorf("%w: piece %q: %d cells (1 to MaxPieceCells = %d)", ErrPiece, pc.Name, len(pc.Shape), MaxPieceCells)
		}
		names[pc.Name] = true
		p.pieces[i].Shape = normalize(slices.Clone(pc.Shape))
		total += pc.Count
		if total > MaxPieces {
			return nil, fmt.Errorf("%w: more than MaxPieces = %d pieces", ErrTooLarge, MaxPieces)
		}
		p.area += pc.Count * len(pc.Shape)
		p.copies = p.copies || pc.Count > 1
	}
	p.secondary = p.area > board.NumCells()
	item := board.NumCells()
	for _, pc := range p.pieces {
		p.firstItem = append(p.firstItem, item)
		item += pc.Count
	}
	p.order.init(p.pieces, item, board.NumCells())
	if err := p.place(); err != nil {
		return nil, err
	}
	if opt.Symmetry && p.Possible() {
		if err := p.reduce(); err != nil {
			return nil, err
		}
	}
	if err := p.encode(); err != nil {
		return nil, err
	}
	return p, nil
}

// place lists every placement of every piece, within the engine's limits.
func (p *Puzzle) place() error {
	b := p.board
	uses := 0         // item uses so far, as the engine will count them
	var chunk []int32 // cell lists are cut from chunks: one allocation per cellChunk cells
	for i, pc := range p.pieces {
		for _, s := range orientations(pc.Shape, p.opt.OneSided) {
			h, w := s.Size()
			for dr := 0; dr+h <= b.Height; dr++ {
			offset:
				for dc := 0; dc+w <= b.Width; dc++ {
					if len(chunk) < len(s) {
						chunk = make([]int32, max(cellChunk, len(s)))
					}
					cells := chunk[:len(s):len(s)]
					for j, c := range s {
						k := b.cellIndex(Cell{c.Row + dr, c.Col + dc})
						if k < 0 {
							continue offset
						}
						cells[j] = k
					}
					// Cells of a normalized shape are in reading order, and
					// so are their numbers after a translation.
					chunk = chunk[len(s):]
					uses += (len(cells) + 2) * pc.Count // cells, piece item, spacer
					if uses > exactcover.MaxNodes || len(p.placements) >= exactcover.MaxOptions {
						return fmt.Errorf("%w: more than %d placements or %d item uses, the engine's limits", ErrTooLarge, exactcover.MaxOptions, exactcover.MaxNodes)
					}
					p.placements = append(p.placements, placement{piece: int32(i), cells: cells})
				}
			}
		}
	}
	return nil
}

// cellChunk is how many cell numbers place allocates at a time.
const cellChunk = 1 << 14

// placementKey identifies a placement by its piece and its cell set.
func placementKey(piece int32, cells []int32) string {
	b := make([]byte, 0, 4+4*len(cells))
	b = strconv.AppendInt(b, int64(piece), 10)
	for _, c := range cells {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c), 10)
	}
	return string(b)
}

// encode builds the option lists, leaving out the placements reduce cut.
func (p *Puzzle) encode() error {
	var start int
	for i, pc := range p.pieces {
		end := start
		for end < len(p.placements) && p.placements[end].piece == int32(i) {
			end++
		}
		for copy := 0; copy < pc.Count; copy++ {
			for k := start; k < end; k++ {
				if p.isRep != nil && !p.isRep[k] {
					continue
				}
				if len(p.ends) >= exactcover.MaxOptions || len(p.items) >= exactcover.MaxNodes {
					return fmt.Errorf("%w: more than %d options or %d item uses, the engine's limits", ErrTooLarge, exactcover.MaxOptions, exactcover.MaxNodes)
				}
				p.optPlace = append(p.optPlace, int32(k))
				p.optCopy = append(p.optCopy, int32(copy))
				p.items = append(p.items, int32(p.firstItem[i]+copy))
				p.items = append(p.items, p.placements[k].cells...)
				p.items = p.order.appendItems(p.items, i, copy, pc.Count, p.placements[k].cells[0])
				p.ends = append(p.ends, int32(len(p.items)))
			}
		}
		start = end
	}
	return nil
}

// NumOptions returns the number of options of the exact-cover problem.
func (p *Puzzle) NumOptions() int { return len(p.ends) }

// Board returns the board.
func (p *Puzzle) Board() *Board { return p.board }

// Pieces returns the pieces (a fresh slice; shapes normalized).
func (p *Puzzle) Pieces() []Piece { return slices.Clone(p.pieces) }

// Area returns the pieces' total number of cells, copies counted.
func (p *Puzzle) Area() int { return p.area }

// Optional reports whether pieces may stay unused: their area exceeds the
// board's, and their items are secondary.
func (p *Puzzle) Optional() bool { return p.secondary }

// Possible reports whether the pieces' area is at least the board's; when
// it is not, no packing exists and Solve returns at once.
func (p *Puzzle) Possible() bool { return p.area >= p.board.NumCells() }

// GroupSize returns the number of board symmetries the packings are counted
// up to: 1 without Options.Symmetry.
func (p *Puzzle) GroupSize() int { return max(len(p.group), 1) }

// Pivot returns the name of the piece whose placements the symmetry
// reduction cut down, or "" when none was.
func (p *Puzzle) Pivot() string {
	if p.pivot < 0 {
		return ""
	}
	return p.pieces[p.pivot].Name
}

// PieceList lists the pieces briefly, as "FILNPTUVWXYZ" or "L×2 P×2",
// followed by " (one-sided)" when they may not be flipped over.
func (p *Puzzle) PieceList() string {
	var b strings.Builder
	for _, pc := range p.pieces {
		b.WriteString(pc.Name)
		if pc.Count > 1 {
			fmt.Fprintf(&b, "×%d ", pc.Count)
		}
	}
	s := strings.TrimSpace(b.String())
	if p.opt.OneSided {
		s += " (one-sided)"
	}
	return s
}

// Spec returns the exact-cover problem of [Puzzle.Problem] as a spec, with
// a name and a description that says what it packs: the pieces, the board
// (drawn when it is not a rectangle), how items are named and what the
// symmetry reduction did. "xcover pentomino --emit-spec" writes it.
func (p *Puzzle) Spec() *specs.Spec {
	b := p.board
	var d strings.Builder
	fmt.Fprintf(&d, "Pack %s into the board %s", p.PieceList(), b.Describe())
	if b.IsRectangle() {
		d.WriteString(".\n")
	} else {
		fmt.Fprintf(&d, ":\n%s\n", b.String())
	}
	d.WriteString("Items: the cells, named row then column in base 36 (\"0a\": row 0, column 10), then the pieces")
	if p.secondary {
		d.WriteString(" (secondary: the pieces hold more cells than the board)")
	}
	if p.copies {
		d.WriteString(", one per copy (L#1, L#2, ...), and secondary order items (L#1<3.12) that keep the copies in one order")
	}
	d.WriteString(". Options: one per placement of a piece.")
	if pivot := p.Pivot(); pivot != "" {
		fmt.Fprintf(&d, "\nSymmetry: %s is kept to one placement per orbit of the board's %d symmetries; "+
			"solving with the symmetry option also filters what this problem alone may still repeat.", pivot, p.GroupSize())
	}
	name := "pentomino-" + b.Describe()
	if !b.IsRectangle() {
		name = "pentomino-board"
	}
	return &specs.Spec{Name: name, Description: d.String(), Problem: *p.Problem()}
}

// cellName names cell k the way Knuth's data does when the board is at most
// 36 wide and high: row and column as base-36 digits ("0a" is row 0,
// column 10); otherwise r<row>c<col>.
func (p *Puzzle) cellName(k int32) string {
	c := p.board.cells[k]
	if p.board.Height <= 36 && p.board.Width <= 36 {
		return strconv.FormatInt(int64(c.Row), 36) + strconv.FormatInt(int64(c.Col), 36)
	}
	return fmt.Sprintf("r%dc%d", c.Row, c.Col)
}

// itemName names item it: a cell, a piece ("F"), a copy of a piece listed
// more than once ("L#2"), or an order item ("L#1<3.12", see orderItems).
// Names never clash: cells have two or more characters and no '#', pieces
// one character.
func (p *Puzzle) itemName(it int32) string {
	if int(it) < p.board.NumCells() {
		return p.cellName(it)
	}
	if int(it) >= p.order.base {
		pair, level, prefix := p.order.decode(int(it))
		i := p.order.pieceOf(pair)
		return fmt.Sprintf("%s#%d<%d.%d", p.pieces[i].Name, pair-p.order.firstPair[i]+1, level, prefix)
	}
	for i := len(p.firstItem) - 1; i >= 0; i-- {
		if int(it) >= p.firstItem[i] {
			if p.pieces[i].Count == 1 {
				return p.pieces[i].Name
			}
			return fmt.Sprintf("%s#%d", p.pieces[i].Name, int(it)-p.firstItem[i]+1)
		}
	}
	return ""
}

// Problem returns the exact-cover problem with item names, as written by
// "xcover pentomino --emit-spec". With Options.Symmetry it is the reduced
// problem, whose solutions include every packing up to symmetry at least
// once; the final filter of Solve (representatives with a non-trivial
// stabilizer; unused copies of optional pieces) cannot be written as
// options.
func (p *Puzzle) Problem() *exactcover.Problem {
	nCells := p.board.NumCells()
	nItems := p.order.end()
	var prob exactcover.Problem
	for it := range int32(nItems) {
		name := p.itemName(it)
		if int(it) < nCells || !p.secondary && int(it) < p.order.base {
			prob.Primary = append(prob.Primary, name)
		} else {
			prob.Secondary = append(prob.Secondary, name)
		}
	}
	lo := int32(0)
	for _, hi := range p.ends {
		o := exactcover.Option{Items: make([]exactcover.ItemRef, hi-lo)}
		for j, it := range p.items[lo:hi] {
			o.Items[j].Name = p.itemName(it)
		}
		if p.costs != nil {
			o.Cost = p.costs[len(prob.Options)]
		}
		prob.Options = append(prob.Options, o)
		lo = hi
	}
	return &prob
}

// build compiles the problem into s.
func (p *Puzzle) build(b *exactcover.Builder, s *exactcover.Solver) error {
	nCells, nItems := p.board.NumCells(), p.order.end()
	if p.secondary {
		b.Reset(nCells, nItems-nCells)
	} else {
		b.Reset(p.order.base, nItems-p.order.base)
	}
	lo := int32(0)
	for k, hi := range p.ends {
		b.AddOption(p.items[lo:hi]...)
		if p.costs != nil {
			b.SetCost(k, p.costs[k])
		}
		lo = hi
	}
	return b.Build(s)
}
