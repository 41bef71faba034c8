package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// ReadVariant reads puzzles of variant v. Classic and X-Sudoku puzzles
// are read as [Read] reads them (every format, auto-detected): the
// diagonals of X-Sudoku need no data, only the variant's name. Jigsaw and
// killer puzzles carry a map; each is a paragraph (puzzles are separated
// by blank lines; a line of # and a blank first is a comment) in the form
//
//	givens            map
//	3.......2 AAABBBCCC       one line per row: the row's N givens
//	...                       ('.', '0' or '-' for an empty cell, values
//	                          1-9 then A-Z, a-z), then the row's map,
//	                          N characters or N words
//
// or, for N ≤ 8 rows of one line, the givens of the whole grid on one
// line and the map after them, on the same line or the next (the form of
// the enjoysudoku forum's jigsaw puzzles). A jigsaw map names each cell's
// region; cells with the same name form a region, which must have N
// cells. A killer map names each cell's cage ('.' for a cell in no cage);
// the lines after the grid give the sums as NAME=SUM words, as the
// CodinGame "Killer Sudoku Solver" puzzle writes them:
//
//	a=11 b=8 c=9
//
// A puzzle that cannot be read gets a *SyntaxError (file:line:column) in
// its Err, and the rest are read on; ReadVariant fails only when the input
// holds no puzzle.
func ReadVariant(name string, data []byte, v Variant) ([]VariantPuzzle, error) {
	if v < Classic || v > Killer {
		return nil, fmt.Errorf("unknown variant %d", int(v))
	}
	if v == Classic || v == XSudoku {
		return readFixedVariant(name, data, v)
	}
	lines, err := splitLines(name, data)
	if err != nil {
		return nil, err
	}
	var out []VariantPuzzle
	for k := 0; k < len(lines); {
		if isBlankOrComment(lines[k]) {
			k++
			continue
		}
		end := k
		var para []int // line indices of the paragraph, comments left out
		for ; end < len(lines) && len(bytes.TrimSpace(lines[end])) > 0; end++ {
			if !isBlankOrComment(lines[end]) {
				para = append(para, end)
			}
		}
		p := VariantPuzzle{Index: len(out) + 1, Line: k + 1}
		rd := &mapReader{name: name, lines: lines, para: para, variant: v}
		p.Grid, p.Rules, p.Err = rd.read()
		if p.Err != nil {
			p.Grid, p.Rules = nil, nil
		}
		out = append(out, p)
		k = end
	}
	if len(out) == 0 {
		return nil, &SyntaxError{File: name, Err: fmt.Errorf("%w: no puzzle in the input", ErrSyntax)}
	}
	return out, nil
}

// isBlankOrComment reports whether line is blank or a comment: a # alone
// or followed by a blank (a row of a 64×64 may start with the value #).
func isBlankOrComment(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) == 0 || t[0] == '#' && (len(t) == 1 || t[1] == ' ' || t[1] == '\t')
}

// readFixedVariant reads classic or X-Sudoku puzzles with Read and checks
// the diagonals' givens.
func readFixedVariant(name string, data []byte, v Variant) ([]VariantPuzzle, error) {
	b, err := Read(name, data, ReadOptions{})
	if err != nil {
		return nil, err
	}
	out := make([]VariantPuzzle, len(b.Puzzles))
	for k, p := range b.Puzzles {
		out[k] = VariantPuzzle{Index: p.Index, Line: p.Line, Grid: p.Grid, Err: p.Err}
		if p.Err != nil {
			continue
		}
		r := RulesFor(v)
		if i, j, where, ok := r.conflictIn(p.Grid); ok {
			n := p.Grid.Size()
			line, col := p.Line, 0
			switch b.Format {
			case Line:
				col = j + 1
			case Block:
				line, col = p.Line+j/n, j%n+1
			}
			out[k].Grid, out[k].Err = nil, &SyntaxError{File: name, Line: line, Column: col,
				Err: fmt.Errorf("%w: %s and %s both hold %d in %s", ErrConflict, cellName(i, n), cellName(j, n), p.Grid.Cells[j], where)}
			continue
		}
		out[k].Rules = r
	}
	return out, nil
}

// mapReader reads one jigsaw or killer puzzle: the lines of its paragraph.
type mapReader struct {
	name    string
	lines   [][]byte
	para    []int // indices into lines
	variant Variant
	n       int
	givenAt []pos // where each cell's given is
	mapAt   []pos // where each cell's map entry is
	ids     []string
}

// pos is a line and column, 1-based.
type pos struct{ line, col int }

func (rd *mapReader) errAt(at pos, sentinel error, format string, args ...any) error {
	return &SyntaxError{File: rd.name, Line: at.line, Column: at.col, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}

// read parses the paragraph.
func (rd *mapReader) read() (*Grid, *Rules, error) {
	first := rd.para[0]
	f := fields(rd.lines[first])
	w := f[0].end - f[0].start
	rows := 0
	if box := sizeOfSide(w); box != 0 {
		for _, k := range rd.para {
			if ff := fields(rd.lines[k]); len(ff) > 0 && ff[0].end-ff[0].start == w {
				rows++
			} else {
				break
			}
		}
	}
	var g *Grid
	var rest []int
	var err error
	switch {
	case sizeOfSide(w) != 0 && rows >= w:
		g, err = rd.readRows(sizeOfSide(w))
		rest = rd.para[w:]
	case sizeOfLine(w) != 0:
		g, rest, err = rd.readLine(sizeOfLine(w))
	case sizeOfSide(w) != 0:
		last := rd.para[rows-1]
		return nil, nil, rd.errAt(pos{last + 2, 1}, ErrSize, "a %d×%d grid needs %d rows of givens and map; the puzzle has %d", w, w, w, rows)
	default:
		return nil, nil, rd.errAt(pos{first + 1, f[0].end + 1}, ErrSize,
			"%d givens: want a row of N (4, 9, 16, … 64) followed by the row's map, or a line of N² then the map", w)
	}
	if err != nil {
		return nil, nil, err
	}
	r := RulesFor(rd.variant)
	switch rd.variant {
	case Jigsaw:
		if len(rest) > 0 {
			return nil, nil, rd.errAt(pos{rest[0] + 1, 1}, ErrSyntax, "a jigsaw puzzle ends with its region map; separate puzzles with a blank line")
		}
		if r.Regions, err = rd.regions(); err != nil {
			return nil, nil, err
		}
	case Killer:
		if r.Cages, err = rd.cages(rest); err != nil {
			return nil, nil, err
		}
	}
	if i, j, where, ok := r.conflictIn(g); ok {
		return nil, nil, rd.errAt(rd.givenAt[j], ErrConflict, "%s and %s both hold %d in %s", cellName(i, rd.n), cellName(j, rd.n), g.Cells[j], where)
	}
	if k, sum, ok := r.cageSumConflict(g); ok {
		c := r.Cages[k]
		last := c.Cells[0]
		for _, i := range c.Cells {
			if g.Cells[i] != 0 {
				last = i
			}
		}
		return nil, nil, rd.errAt(rd.givenAt[last], ErrConflict, "the givens of cage %s add up to %d, its sum is %d", c.Name, sum, c.Sum)
	}
	if err := r.checkPuzzle(g); err != nil {
		return nil, nil, &SyntaxError{File: rd.name, Line: first + 1, Err: err}
	}
	return g, r, nil
}

// readRows reads the grid and map of the rows form, for box side box.
func (rd *mapReader) readRows(box int) (*Grid, error) {
	n := box * box
	rd.setup(n)
	g, _ := NewGrid(box)
	for row := range n {
		k := rd.para[row]
		line := rd.lines[k]
		f := fields(line)
		if err := rd.givens(g, line, k, f[0], row*n, n); err != nil {
			return nil, err
		}
		m := f[1:]
		switch {
		case len(m) == 1 && m[0].end-m[0].start == n:
			for c := range n {
				rd.ids[row*n+c] = string(line[m[0].start+c])
				rd.mapAt[row*n+c] = pos{k + 1, m[0].start + c + 1}
			}
		case len(m) == n:
			for c, fl := range m {
				rd.ids[row*n+c] = string(line[fl.start:fl.end])
				rd.mapAt[row*n+c] = pos{k + 1, fl.start + 1}
			}
		default:
			return nil, rd.errAt(pos{k + 1, f[0].end + 1}, ErrSyntax, "row %d: want its map after the givens, %d characters or %d words", row+1, n, n)
		}
	}
	return g, nil
}

// readLine reads the one-line form: N² givens, then N² map characters on
// the same line or the next. It returns the lines after the map.
func (rd *mapReader) readLine(box int) (*Grid, []int, error) {
	n := box * box
	rd.setup(n)
	g, _ := NewGrid(box)
	k := rd.para[0]
	f := fields(rd.lines[k])
	if err := rd.givens(g, rd.lines[k], k, f[0], 0, n*n); err != nil {
		return nil, nil, err
	}
	rest := rd.para[1:]
	mk, mf := k, field{}
	switch {
	case len(f) == 2:
		mf = f[1]
	case len(f) == 1 && len(rest) > 0:
		mk, rest = rest[0], rest[1:]
		ff := fields(rd.lines[mk])
		if len(ff) != 1 {
			return nil, nil, rd.errAt(pos{mk + 1, 1}, ErrSyntax, "want the map of the %d cells as one word", n*n)
		}
		mf = ff[0]
	default:
		return nil, nil, rd.errAt(pos{k + 1, f[0].end + 1}, ErrSyntax, "want the map of the %d cells after the givens", n*n)
	}
	if mf.end-mf.start != n*n {
		return nil, nil, rd.errAt(pos{mk + 1, mf.start + 1}, ErrSize, "a map of %d characters for %d cells", mf.end-mf.start, n*n)
	}
	for i := range n * n {
		rd.ids[i] = string(rd.lines[mk][mf.start+i])
		rd.mapAt[i] = pos{mk + 1, mf.start + i + 1}
	}
	return g, rest, nil
}

func (rd *mapReader) setup(n int) {
	rd.n = n
	rd.givenAt = make([]pos, n*n)
	rd.mapAt = make([]pos, n*n)
	rd.ids = make([]string, n*n)
}

// givens reads the count symbols of field f of line (index k) into the
// cells from cell on.
func (rd *mapReader) givens(g *Grid, line []byte, k int, f field, cell, count int) error {
	if f.end-f.start != count {
		return rd.errAt(pos{k + 1, f.start + 1}, ErrSize, "%d givens, want %d", f.end-f.start, count)
	}
	for c := range count {
		ch := line[f.start+c]
		rd.givenAt[cell+c] = pos{k + 1, f.start + c + 1}
		if isEmpty(ch) {
			continue
		}
		v := standardAlphabet.Value(ch, rd.n)
		if v == 0 {
			return rd.errAt(rd.givenAt[cell+c], ErrValue, "%q is not a value of a %d×%d grid", ch, rd.n, rd.n)
		}
		g.Cells[cell+c] = uint8(v)
	}
	return nil
}

// regions turns the map into regions: each name, in order of first use,
// is a region, which must have N cells.
func (rd *mapReader) regions() ([]uint8, error) {
	n := rd.n
	index := map[string]int{}
	first := []int{}
	regions := make([]uint8, n*n)
	size := make([]int, n)
	for i, id := range rd.ids {
		k, ok := index[id]
		if !ok {
			if len(index) == n {
				return nil, rd.errAt(rd.mapAt[i], ErrRules, "%q is a region beyond the %d a %d×%d grid has", id, n, n, n)
			}
			k = len(index)
			index[id] = k
			first = append(first, i)
		}
		regions[i] = uint8(k)
		size[k]++
	}
	if len(index) < n {
		return nil, rd.errAt(rd.mapAt[0], ErrRules, "%d regions, a %d×%d grid needs %d", len(index), n, n, n)
	}
	for k, s := range size {
		if s != n {
			return nil, rd.errAt(rd.mapAt[first[k]], ErrRules, "region %q has %d cells, want %d", rd.ids[first[k]], s, n)
		}
	}
	return regions, nil
}

// cages turns the map and the sums on lines rest into cages.
func (rd *mapReader) cages(rest []int) ([]Cage, error) {
	n := rd.n
	index := map[string]int{}
	var cages []Cage
	var firstCell []int
	for i, id := range rd.ids {
		if id == "." {
			continue
		}
		k, ok := index[id]
		if !ok {
			k = len(cages)
			index[id] = k
			cages = append(cages, Cage{Name: id})
			firstCell = append(firstCell, i)
		}
		cages[k].Cells = append(cages[k].Cells, i)
	}
	sumAt := make([]pos, len(cages))
	for _, k := range rest {
		line := rd.lines[k]
		for _, f := range fields(line) {
			at := pos{k + 1, f.start + 1}
			word := string(line[f.start:f.end])
			eq := bytes.IndexByte(line[f.start:f.end], '=')
			if eq < 0 {
				return nil, rd.errAt(at, ErrSyntax, "%q: want a cage's sum as NAME=SUM", word)
			}
			id, sumText := word[:eq], word[eq+1:]
			c, ok := index[id]
			if !ok {
				return nil, rd.errAt(at, ErrRules, "no cage %q in the map", id)
			}
			if sumAt[c].line != 0 {
				return nil, rd.errAt(at, ErrRules, "cage %q has a sum already, at line %d", id, sumAt[c].line)
			}
			sum, err := strconv.Atoi(sumText)
			if err != nil || sum < 1 {
				return nil, rd.errAt(pos{at.line, at.col + eq + 1}, ErrSyntax, "cage %q: sum %q is not a positive number", id, sumText)
			}
			sumAt[c], cages[c].Sum = at, sum
			one := &Rules{Cages: []Cage{cages[c]}}
			if err := one.validate(sqrtInt(n)); err != nil {
				return nil, &SyntaxError{File: rd.name, Line: at.line, Column: at.col, Err: err}
			}
		}
	}
	for c := range cages {
		if sumAt[c].line == 0 {
			return nil, rd.errAt(rd.mapAt[firstCell[c]], ErrRules, "cage %q has no sum (want %s=SUM after the grid)", cages[c].Name, cages[c].Name)
		}
	}
	r := &Rules{Cages: cages}
	if err := r.validate(sqrtInt(n)); err != nil {
		if errors.Is(err, ErrRules) {
			return nil, &SyntaxError{File: rd.name, Line: rd.para[0] + 1, Err: err}
		}
		return nil, err
	}
	return cages, nil
}

// sqrtInt returns the box side of a grid of side n.
func sqrtInt(n int) int {
	b := 1
	for b*b < n {
		b++
	}
	return b
}
