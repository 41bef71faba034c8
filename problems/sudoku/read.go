package sudoku

import (
	"bytes"
	"fmt"
	"strconv"
)

// MaxInputBytes bounds the input xcover reads for [Read]: the largest
// shared sets (49,158 puzzles of 82 bytes) are a tenth of it.
const MaxInputBytes = 64 << 20

// MaxReadMemory bounds the memory [Read] and [ReadVariant] spend on what
// they hold beyond the input: an index of its lines, and for each puzzle
// its place in the batch and its grid or its error. The largest input of
// 81-character puzzles that MaxInputBytes admits (786,000 puzzles) takes
// about 270 MB of it; an input of as many short or blank lines would take
// gigabytes (a line's index alone is 24 bytes, more than a short line), and
// is refused, at the line where the budget runs out, before it is spent.
const MaxReadMemory = 512 << 20

// What Read counts against MaxReadMemory, in bytes: estimates of what the
// runtime allocates, rounded up.
const (
	lineBytes   = 24  // a line's slice in the index of lines
	puzzleBytes = 112 // a puzzle's place in the batch (48) and, for symbols, its raw form (56)
	gridBytes   = 48  // a grid, besides its cells (one byte each)
	errorBytes  = 320 // a puzzle's error: the located error, the wrapped one and its message
)

// readBudget counts the memory a Read spends against MaxReadMemory.
type readBudget struct {
	name  string
	spent int64
	err   error // set when the budget ran out
}

// spend counts n bytes about to be spent for what line holds, and says
// whether they fit; when not, err says so and located at line.
func (r *readBudget) spend(n int64, line int) bool {
	if r.err != nil {
		return false
	}
	if r.spent+n > MaxReadMemory {
		r.err = &SyntaxError{File: r.name, Line: line, Column: 1, Err: fmt.Errorf("%w: holding the puzzles up to this line needs about %d MiB, more than the %d MiB an input may take",
			ErrTooLarge, (r.spent+n+1<<20-1)>>20, MaxReadMemory>>20)}
		return false
	}
	r.spent += n
	return true
}

// ReadOptions choose how [Read] reads its input.
type ReadOptions struct {
	// Format of the input; Auto detects it from the first non-blank line.
	Format Format
	// Alphabet gives the symbols for the values 1…N of Line and Block
	// input, exactly N of them: an alphabet of more symbols is for grids of
	// another size, and the puzzles of this size are refused (the
	// built-in alphabets, which [Batch.Alphabet] may return, serve every
	// size with their first N symbols). nil detects them for each grid size: StandardSymbols, or
	// LetterSymbols when the puzzles of that size use letters beyond the
	// standard ones (a 16×16 with H–P, say). When both fit (a 16×16 using
	// only A–G), Line input takes the standard symbols and Block input the
	// letters, as the judge formats do.
	Alphabet *Alphabet
}

// Puzzle is one puzzle of a batch: either Grid or Err is set.
type Puzzle struct {
	Index int // 1-based position in the batch
	Line  int // line where the puzzle starts
	Grid  *Grid
	// Err is a *SyntaxError that locates what is wrong (file:line:column);
	// the rest of the batch is still read.
	Err error
}

// Batch is what [Read] found: the format and, per grid size, the alphabet,
// so that answers can be written the way the puzzles were.
type Batch struct {
	Format    Format
	Puzzles   []Puzzle
	name      string // of the input, for messages
	alphabets [MaxBox + 1]*Alphabet
	budget    readBudget
}

// Alphabet returns the symbols used for grids of box side box: the one
// detected or given, StandardSymbols when the batch had none of that size.
func (b *Batch) Alphabet(box int) *Alphabet {
	if box >= 0 && box <= MaxBox && b.alphabets[box] != nil {
		return b.alphabets[box]
	}
	return standardAlphabet
}

// Unreadable returns the error of a batch with nothing to solve: the
// error of its one puzzle when that could not be read, or an error saying
// that none of its puzzles could; nil when some puzzle was read.
func (b *Batch) Unreadable() error {
	switch errs := b.Errors(); {
	case len(errs) < len(b.Puzzles):
		return nil
	case len(errs) == 1:
		return errs[0]
	default:
		return fmt.Errorf("%s: none of the %d puzzles could be read", b.name, len(errs))
	}
}

// Errors returns the errors of the puzzles that could not be read.
func (b *Batch) Errors() []error {
	var errs []error
	for _, p := range b.Puzzles {
		if p.Err != nil {
			errs = append(errs, p.Err)
		}
	}
	return errs
}

// rawPuzzle is a Line or Block puzzle before its symbols are known.
type rawPuzzle struct {
	idx   int // into Batch.Puzzles
	box   int
	cells []byte // Size()² symbols
	line  int
	block bool
}

// pos returns the line and column of cell i.
func (r *rawPuzzle) pos(i int) (int, int) {
	if r.block {
		n := r.box * r.box
		return r.line + i/n, i%n + 1
	}
	return r.line, i + 1
}

// Read parses a batch of puzzles. name is used in messages. A puzzle that
// is malformed, or whose givens conflict (a *ConflictError), gets its own
// *SyntaxError in Puzzle.Err, located at the bad character, number or
// given, and the others are read on; Read itself fails only when the
// format cannot be told or the input holds no puzzle.
func Read(name string, data []byte, opt ReadOptions) (*Batch, error) {
	lines, err := splitLines(name, data)
	if err != nil {
		return nil, err
	}
	f := opt.Format
	if f == Auto {
		var err error
		if f, err = detect(name, lines); err != nil {
			return nil, err
		}
	}
	b := &Batch{Format: f, name: name, budget: readBudget{name: name, spent: int64(len(lines)) * lineBytes}}
	switch f {
	case Line, Block:
		raws := b.readSymbols(name, lines, f == Block)
		b.resolve(name, raws, opt.Alphabet, f == Block)
	case Numeric:
		b.readNumeric(name, lines)
	default:
		return nil, &SyntaxError{File: name, Line: 1, Err: fmt.Errorf("%w: %s is an output format only", ErrSyntax, f)}
	}
	if b.budget.err != nil {
		return nil, b.budget.err
	}
	if len(b.Puzzles) == 0 {
		return nil, &SyntaxError{File: name, Line: len(lines) + 1, Err: fmt.Errorf("%w: no puzzle in the input", ErrSyntax)}
	}
	return b, nil
}

// splitLines splits data into lines without their line ends and trailing
// blanks. It refuses, at the line where MaxReadMemory runs out, an input of
// more lines than the budget can index.
func splitLines(name string, data []byte) ([][]byte, error) {
	n := bytes.Count(data, []byte{'\n'}) + 1
	if int64(n)*lineBytes > MaxReadMemory {
		return nil, &SyntaxError{File: name, Line: MaxReadMemory/lineBytes + 1, Column: 1, Err: fmt.Errorf("%w: indexing its %d lines needs about %d MiB, more than the %d MiB an input may take",
			ErrTooLarge, n, (int64(n)*lineBytes+1<<20-1)>>20, MaxReadMemory>>20)}
	}
	// Made at its final size: a file of short lines holds millions, and
	// growing the list by copying would double its peak.
	lines := make([][]byte, 0, n)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		lines = append(lines, bytes.TrimRight(line, " \t\r"))
	}
	return lines, nil
}

// detect tells the format from the first line that shows one: one number
// is Numeric; Size()² characters is Line; Size() characters is Block. A
// line of 16 characters is both a 4×4 puzzle and a row of a 16×16 one:
// it is Block when its paragraph (the lines between blank lines) has 16
// lines, give or take one, so that a 16×16 puzzle with a short, long or
// missing row is still read as one and its bad row reported. (Use Format:
// Line for a file of 15 to 17 4×4 puzzles without blank lines.) A line that
// shows no format (a malformed first puzzle) is passed over; it is reported
// as that puzzle's error.
func detect(name string, lines [][]byte) (Format, error) {
	first := 0
	for k, line := range lines {
		if len(line) == 0 {
			continue
		}
		if first == 0 {
			first = k + 1
		}
		if fields := bytes.Fields(line); len(fields) == 1 && len(fields[0]) <= 2 && isDigits(fields[0]) {
			return Numeric, nil
		}
		if len(line) == 16 {
			if rows := paragraphLen(lines, k); rows >= 15 && rows <= 17 {
				return Block, nil
			}
			return Line, nil
		}
		switch {
		case sizeOfLine(len(line)) != 0:
			return Line, nil
		case sizeOfSide(len(line)) != 0:
			return Block, nil
		}
		if k+1-first >= maxDetectLines {
			break
		}
	}
	if first == 0 {
		return Auto, &SyntaxError{File: name, Line: 1, Err: fmt.Errorf("%w: no puzzle in the input", ErrSyntax)}
	}
	return Auto, &SyntaxError{File: name, Line: first, Column: 1, Err: fmt.Errorf("%w: cannot tell the format from a first line of %d characters (want a box side, a row of 4, 9, 16, 25, 36, 49 or 64 symbols, or a whole grid of 16, 81, 256, … symbols)", ErrSyntax, len(bytes.TrimSpace(lines[first-1])))}
}

// maxDetectLines bounds how far detection looks for a line that shows the
// format: far enough to pass over a few malformed puzzles, not so far that
// a file in some other format is read to its end.
const maxDetectLines = 100

// paragraphLen returns the number of lines of the paragraph holding line
// k: the run of non-blank lines around it, up to an "end" line.
func paragraphLen(lines [][]byte, k int) int {
	start, end := k, k
	for start > 0 && len(lines[start-1]) > 0 {
		start--
	}
	for end < len(lines) && len(lines[end]) > 0 && string(lines[end]) != "end" {
		end++
	}
	return end - start
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// readSymbols splits Line or Block input into puzzles, recording the
// malformed ones in b.Puzzles with their errors.
func (b *Batch) readSymbols(name string, lines [][]byte, block bool) []rawPuzzle {
	var raws []rawPuzzle
	if !block {
		// A puzzle a line: the lists are made at their final size (growing
		// them by copying would make as much again), but for no more
		// puzzles than the budget can hold, each taking at least
		// puzzleBytes+errorBytes of it.
		n := 0
		for _, line := range lines {
			if len(line) > 0 {
				n++
			}
		}
		n = min(n, int((MaxReadMemory-b.budget.spent)/(puzzleBytes+errorBytes))+1)
		raws, b.Puzzles = make([]rawPuzzle, 0, n), make([]Puzzle, 0, n)
	}
	add := func(line int, err error) int {
		b.Puzzles = append(b.Puzzles, Puzzle{Index: len(b.Puzzles) + 1, Line: line, Err: err})
		return len(b.Puzzles) - 1
	}
	// A puzzle's place, and its error or its grid (which resolve makes),
	// are counted before it is read.
	fits := func(line, cells int) bool {
		return b.budget.spend(puzzleBytes+max(errorBytes, gridBytes+int64(cells)), line)
	}
	for k := 0; k < len(lines) && b.budget.err == nil; k++ {
		line := lines[k]
		if len(line) == 0 {
			continue
		}
		if string(line) == "end" {
			break
		}
		if !block {
			if !fits(k+1, len(line)) {
				break
			}
			box := sizeOfLine(len(line))
			if box == 0 {
				add(k+1, &SyntaxError{File: name, Line: k + 1, Column: lengthColumn(len(line), nearest(len(line), 4)), Err: fmt.Errorf("%w: %d characters, want a whole grid: 16, 81, 256, 625, 1296, 2401 or 4096", ErrSize, len(line))})
				continue
			}
			raws = append(raws, rawPuzzle{idx: add(k+1, nil), box: box, cells: line, line: k + 1})
			continue
		}
		// Block: the rows run to the next blank line.
		start := k
		for k < len(lines) && len(lines[k]) > 0 && string(lines[k]) != "end" {
			k++
		}
		rows := lines[start:k]
		k--                                           // the loop's k++ moves to the blank line
		if !fits(start+1, 2*len(rows)*len(rows[0])) { // its cells, joined and as a grid
			break
		}
		n := commonLength(rows)
		box := sizeOfSide(n)
		var err error
		switch {
		case box == 0:
			err = &SyntaxError{File: name, Line: start + 1, Column: lengthColumn(n, nearest(n, 2)), Err: fmt.Errorf("%w: a row of %d characters, want 4, 9, 16, 25, 36, 49 or 64", ErrSize, n)}
		case len(rows) != n:
			// The line of the first row missing, or of the first too many.
			err = &SyntaxError{File: name, Line: start + min(len(rows), n) + 1, Column: 1, Err: fmt.Errorf("%w: %d rows, want %d for a %d×%d grid", ErrSize, len(rows), n, n, n)}
		default:
			for r, row := range rows {
				if len(row) != n {
					err = &SyntaxError{File: name, Line: start + r + 1, Column: lengthColumn(len(row), n), Err: fmt.Errorf("%w: row %d has %d characters, want %d", ErrSize, r+1, len(row), n)}
					break
				}
			}
		}
		if err != nil {
			add(start+1, err)
			continue
		}
		cells := make([]byte, 0, n*n)
		for _, row := range rows {
			cells = append(cells, row...)
		}
		raws = append(raws, rawPuzzle{idx: add(start+1, nil), box: box, cells: cells, line: start + 1, block: true})
	}
	return raws
}

// commonLength returns the length most rows have (the first such on a
// tie), so that one row of a wrong length is the one reported.
// nearest returns the size, among box^power for the box sides xcover
// reads, nearest to n: the length a line or a row of n characters was
// most likely meant to have.
func nearest(n, power int) int {
	best := -1
	for box := MinBox; box <= MaxBox; box++ {
		size := 1
		for range power {
			size *= box
		}
		if best < 0 || abs(size-n) < abs(best-n) {
			best = size
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }

// lengthColumn returns the column to point at in a line of got characters
// that should have want: the first character too many, or the place of the
// first one missing.
func lengthColumn(got, want int) int { return min(got, want) + 1 }

func commonLength(rows [][]byte) int {
	count := map[int]int{}
	best := len(rows[0])
	for _, row := range rows {
		count[len(row)]++
		if count[len(row)] > count[best] {
			best = len(row)
		}
	}
	return best
}

// maxText bounds the text quoted by a message: the start of a long line.
const maxText = 100

func clip(text []byte) string {
	if len(text) > maxText {
		return string(text[:maxText]) + "…"
	}
	return string(text)
}

// resolve chooses each grid size's alphabet and turns the raw puzzles into
// grids.
func (b *Batch) resolve(name string, raws []rawPuzzle, given *Alphabet, block bool) {
	for box := MinBox; box <= MaxBox; box++ {
		if given != nil {
			b.alphabets[box] = given
			continue
		}
		var used [256]bool
		any := false
		for _, r := range raws {
			if r.box != box {
				continue
			}
			any = true
			for _, ch := range r.cells {
				used[ch] = true
			}
		}
		if any {
			b.alphabets[box] = chooseAlphabet(&used, box*box, block)
		}
	}
	// The grids and their cells come out of one array each, made at their
	// final size: a batch holds tens of thousands of small grids.
	size := 0
	for _, r := range raws {
		size += len(r.cells)
	}
	grids, cells := make([]Grid, len(raws)), make([]uint8, size)
	for k, r := range raws {
		a := b.alphabets[r.box]
		n := r.box * r.box
		p := &b.Puzzles[r.idx]
		// A given alphabet names the symbols of one grid size: one with more
		// symbols than the grid has values is for another size.
		if !a.fits(n) || a == given && !a.builtin() && len(a.symbols) != n {
			p.Err = &SyntaxError{File: name, Line: r.line, Err: fmt.Errorf("%w: alphabet %q has %d symbols, a %d×%d grid needs exactly %d", ErrValue, a.symbols, len(a.symbols), n, n, n)}
			continue
		}
		g := &grids[k]
		g.Box, g.Cells, cells = r.box, cells[:n*n:n*n], cells[n*n:]
		for i, ch := range r.cells {
			if isEmpty(ch) {
				continue
			}
			v := a.Value(ch, n)
			if v == 0 {
				line, col := r.pos(i)
				p.Err = &SyntaxError{File: name, Line: line, Column: col, Err: fmt.Errorf("%w: %s is not a value of a %d×%d grid (symbols %s)", ErrValue, strconv.QuoteRune(rune(ch)), n, n, a.symbols[:n])}
				break
			}
			g.Cells[i] = uint8(v)
		}
		if p.Err != nil {
			continue
		}
		if ce := g.conflict(); ce != nil {
			line, col := r.pos(ce.Cell2)
			p.Err = &SyntaxError{File: name, Line: line, Column: col, Err: ce}
			continue
		}
		p.Grid = g
	}
}

func isEmpty(ch byte) bool { return ch == '.' || ch == '0' || ch == '-' }

// chooseAlphabet picks the symbol set that covers the symbols used, the
// one covering more of them when neither covers all (the puzzles with
// other symbols then fail one by one).
func chooseAlphabet(used *[256]bool, n int, block bool) *Alphabet {
	var std, let, total int
	for ch, u := range used {
		if !u || isEmpty(byte(ch)) {
			continue
		}
		total++
		if standardAlphabet.Value(byte(ch), n) != 0 {
			std++
		}
		if n <= len(LetterSymbols) && letterAlphabet.Value(byte(ch), n) != 0 {
			let++
		}
	}
	switch {
	case std == total && let == total:
		if block {
			return letterAlphabet
		}
		return standardAlphabet
	case let > std:
		return letterAlphabet
	default:
		return standardAlphabet
	}
}

// readNumeric reads Numeric input: a box side, then its rows of numbers.
func (b *Batch) readNumeric(name string, lines [][]byte) {
	for k := 0; k < len(lines); k++ {
		if len(bytes.TrimSpace(lines[k])) == 0 {
			continue
		}
		start := k
		// Its place, and its error or its grid (as large as its first
		// line's box side makes it, if any), counted before it is read.
		cells := 0
		if f := fields(lines[k]); len(f) == 1 {
			if box, err := strconv.Atoi(string(lines[k][f[0].start:f[0].end])); err == nil && box >= MinBox && box <= MaxBox {
				cells = box * box * box * box
			}
		}
		if !b.budget.spend(puzzleBytes+max(errorBytes, gridBytes+int64(cells)), k+1) {
			return
		}
		g, next, err := readNumericGrid(name, lines, k)
		if err == nil {
			if ce := g.conflict(); ce != nil {
				n := g.Size()
				row := start + 1 + ce.Cell2/n // 0-based index of the cell's line
				g, err = nil, &SyntaxError{File: name, Line: row + 1, Column: fields(lines[row])[ce.Cell2%n].start + 1, Err: ce}
			}
		}
		b.Puzzles = append(b.Puzzles, Puzzle{Index: len(b.Puzzles) + 1, Line: start + 1, Grid: g, Err: err})
		k = next - 1
	}
}

// readNumericGrid reads the puzzle whose box-side line is lines[k] and
// returns the index of the line after it. After an error, it skips to the
// next line holding a single number, where the next puzzle may start.
func readNumericGrid(name string, lines [][]byte, k int) (*Grid, int, error) {
	skip := func(from int) int {
		for from < len(lines) {
			if f := fields(lines[from]); len(f) == 1 {
				return from
			}
			from++
		}
		return from
	}
	f := fields(lines[k])
	head := f[0]
	box, err := strconv.Atoi(string(lines[k][head.start:head.end]))
	if len(f) != 1 || err != nil || box < MinBox || box > MaxBox {
		return nil, skip(k + 1), &SyntaxError{File: name, Line: k + 1, Column: head.start + 1, Err: fmt.Errorf("%w: want a line with the box side %d…%d, got %q", ErrSyntax, MinBox, MaxBox, clip(bytes.TrimSpace(lines[k])))}
	}
	n := box * box
	g := &Grid{Box: box, Cells: make([]uint8, n*n)}
	k++
	for r := 0; r < n; r++ {
		if k+r >= len(lines) {
			return nil, len(lines), &SyntaxError{File: name, Line: k + r + 1, Column: 1, Err: fmt.Errorf("%w: input ends after %d of %d rows", ErrSize, r, n)}
		}
		line := lines[k+r]
		f := fields(line)
		if len(f) != n {
			col := len(bytes.TrimRight(line, " \t")) + 1 // where the next number would be
			if len(f) > n {
				col = f[n].start + 1 // the first number too many
			}
			return nil, skip(k + r + 1), &SyntaxError{File: name, Line: k + r + 1, Column: col, Err: fmt.Errorf("%w: row %d has %d numbers, want %d", ErrSize, r+1, len(f), n)}
		}
		for c, fl := range f {
			tok := line[fl.start:fl.end]
			v, err := strconv.Atoi(string(tok))
			if err != nil || v < 0 || v > n || !isDigits(tok) {
				return nil, skip(k + r + 1), &SyntaxError{File: name, Line: k + r + 1, Column: fl.start + 1, Err: fmt.Errorf("%w: %q is not a number 0…%d", ErrValue, clip(tok), n)}
			}
			g.Cells[r*n+c] = uint8(v)
		}
	}
	return g, k + n, nil
}

// field is the byte range of one whitespace-separated word of a line.
type field struct{ start, end int }

// fields splits line at blanks, keeping positions for messages; it stops
// after MaxSize+1 words, enough to tell that a row is too long.
func fields(line []byte) []field {
	var f []field
	for i := 0; i < len(line) && len(f) <= MaxSize; {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		f = append(f, field{i, j})
		i = j
	}
	return f
}
