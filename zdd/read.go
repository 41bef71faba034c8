package zdd

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/xcover/xcover/internal/located"
)

// Errors of [Read]; an *Error wraps one of them and says where.
var (
	ErrSyntax    = errors.New("not a ZDD node line")
	ErrDuplicate = errors.New("node defined twice")
	ErrSink      = errors.New("nodes 0 and 1 are the sinks and cannot be defined")
	ErrUndefined = errors.New("node not defined")
	ErrCycle     = errors.New("cycle")
	ErrMarker    = errors.New("variable 0 is reserved for the root marker")
	ErrNoNodes   = errors.New("no nodes")
	ErrTooLarge  = errors.New("too large")
	ErrNoRoot    = errors.New("no root marker")
	ErrRepeated  = errors.New("a variable repeats on a path")
	ErrHeader    = errors.New("bad header")
)

// MaxBytes bounds a ZDD file, which Read reads as a stream and refuses
// past this size: 4 GiB hold some 150 million node lines (DLX6's 16×16
// domino ZDD, 1.9 million nodes, takes 46 MB), whose reading takes some
// 25 GiB, the memory of the machines xcover is built for.
const MaxBytes = 1 << 32

// Error is a defect of a ZDD file named File, at Line and Column (1-based,
// in bytes; Line 0 when the defect belongs to the whole file). Err wraps
// one of the errors above; Error() says "file:line:col: what".
type Error = located.Error

// maxLine bounds a node line: the longest possible one, with 16 hex digits
// for each of three nodes, 10 decimal digits and spaces, is far shorter; a
// longer line is not a ZDD file.
const maxLine = 1 << 10

// maxHexDigits bounds a node number: 15 hexadecimal digits, 2⁶⁰ nodes, is
// far beyond MaxNodes, and keeps the number in a uint64 without overflow.
const maxHexDigits = 15

// entry is a node line as read, before the nodes are checked and renumbered.
type entry struct {
	id, lo, hi uint64
	v          int32
	line       int32
	loCol      int32
	hiCol      int32
	index      int32 // the node's number once placed, or a mark during the walk
}

// Read reads a ZDD in the text format of Knuth's ZDDREAD programs, which
// his BDD15 and DLX6 write and xcover's [ZDD.WriteTo] writes: one node per
// line,
//
//	ID: (~V?LO:HI)
//
// where ID, LO and HI are node numbers in hexadecimal and V is the node's
// variable in decimal; 0 and 1 are the sinks Bottom and Top. Lines may come
// in any order; blank lines and blanks around the tokens are allowed. The
// root is given by the root marker that DLX6 and xcover write: the one node
// of variable 0, whose LO is 0 and whose HI is the root. The first line may
// be the header comment that xcover writes ([Header]). name is used in
// error messages.
//
// Read checks what ZDDREAD leaves to chance, so that a damaged file is
// refused rather than counted wrong:
//
//   - the file is at most MaxBytes long (it is read as a stream, and no
//     further);
//   - every referenced node is defined, once, and the diagram has no cycle;
//   - the root marker is there, once: a file cut short at a line's end lacks
//     it (the writers put it last), or lacks a node that a line left
//     refers to, whatever the order of the lines;
//   - no variable repeats on a path (a set would hold it twice, or two
//     paths would be one set);
//   - the header, when there is one, counts the nodes there are.
//
// It drops the nodes the root does not reach and applies zero suppression
// to the rest (a node whose HI leads to no set stands for its LO), so that
// the ZDD keeps this package's invariants. Errors are *Error values with
// the line and column.
func Read(r io.Reader, name string) (*ZDD, error) {
	return readLimited(r, name, MaxBytes)
}

// readLimited is Read, refusing more than limit bytes.
func readLimited(r io.Reader, name string, limit int64) (*ZDD, error) {
	var (
		entries []entry
		byID    ids
		head    *Header
		marker  = -1 // the entry of the root marker
	)
	lr := &io.LimitedReader{R: r, N: limit + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	ln := 0
	tooLarge := func() error {
		return &Error{File: name, Line: ln, Err: fmt.Errorf("%w: larger than %d bytes, the most xcover reads of a ZDD", ErrTooLarge, limit)}
	}
	for sc.Scan() {
		ln++
		if lr.N <= 0 {
			return nil, tooLarge()
		}
		if ln == 1 && bytes.HasPrefix(sc.Bytes(), []byte("#")) {
			h, err := parseHeader(sc.Bytes())
			if err != nil {
				err.File, err.Line = name, ln
				return nil, err
			}
			head = &h
			continue
		}
		e, blank, err := parseLine(sc.Bytes())
		if err != nil {
			err.File, err.Line = name, ln
			return nil, err
		}
		if blank {
			continue
		}
		at := func(col int, err error) *Error { return &Error{File: name, Line: ln, Column: col, Err: err} }
		if e.id <= 1 {
			return nil, at(1+leadingBlanks(sc.Bytes()), ErrSink)
		}
		if first, dup := byID.get(e.id); dup {
			return nil, at(1+leadingBlanks(sc.Bytes()), fmt.Errorf("%w: %x (first on line %d)", ErrDuplicate, e.id, entries[first].line))
		}
		if e.v == 0 {
			switch {
			case e.lo != 0:
				return nil, at(int(e.loCol), fmt.Errorf("%w, whose LO is 0", ErrMarker))
			case marker >= 0:
				return nil, at(1+leadingBlanks(sc.Bytes()), fmt.Errorf("%w: a second one (the first on line %d): two ZDDs in one file?", ErrMarker, entries[marker].line))
			}
			marker = len(entries)
		}
		if len(entries) >= MaxNodes-2 {
			return nil, at(1, fmt.Errorf("%w: more than %d nodes", ErrTooLarge, MaxNodes-2))
		}
		e.line = int32(ln)
		byID.set(e.id, int32(len(entries)), len(entries))
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &Error{File: name, Line: ln + 1, Column: maxLine, Err: fmt.Errorf("%w: line longer than %d bytes", ErrSyntax, maxLine)}
		}
		var pe *fs.PathError // "is a directory": the name is the file's already
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{File: name, Err: err}
	}
	if lr.N <= 0 {
		return nil, tooLarge()
	}
	if len(entries) == 0 {
		return nil, &Error{File: name, Err: ErrNoNodes}
	}
	if marker < 0 {
		return nil, &Error{File: name, Err: fmt.Errorf("%w (the node of variable 0 whose HI is the root, which DLX6 and xcover write last): the file is cut short", ErrNoRoot)}
	}
	if head != nil && head.Nodes != len(entries)-1 {
		return nil, &Error{File: name, Line: 1, Err: fmt.Errorf("%w: it counts %d nodes, the file has %d: the file is cut short or altered", ErrHeader, head.Nodes, len(entries)-1)}
	}
	z, err := build(name, entries, byID, marker)
	if err != nil {
		return nil, err
	}
	if head != nil {
		z.problem = head.Problem
	}
	return z, nil
}

// build checks the references and the absence of cycles by a depth-first
// walk from the root, the HI of the marker entry, numbers the nodes
// children first, and checks that no variable repeats on a path.
func build(name string, entries []entry, byID ids, marker int) (*ZDD, error) {
	rootRef := entries[marker].hi
	// ref resolves a node number: a sink, or the index of its entry.
	const onStack, unseen = -2, -1
	for i := range entries {
		entries[i].index = unseen
	}
	z := &ZDD{nodes: make([]node, 2, len(entries)+2)}
	resolve := func(id uint64) int32 {
		if id <= 1 {
			return int32(id)
		}
		k, _ := byID.get(id)
		return entries[k].index
	}
	check := func(from *entry, id uint64, col int32) (int32, error) {
		if id <= 1 {
			return -1, nil
		}
		k, ok := byID.get(id)
		if !ok {
			return 0, &Error{File: name, Line: int(from.line), Column: int(col), Err: fmt.Errorf("%w: %x", ErrUndefined, id)}
		}
		if entries[k].v == 0 {
			return 0, &Error{File: name, Line: int(entries[k].line), Column: 1, Err: ErrMarker}
		}
		if entries[k].index == onStack {
			return 0, &Error{File: name, Line: int(from.line), Column: int(col), Err: fmt.Errorf("%w through node %x", ErrCycle, id)}
		}
		if entries[k].index >= 0 {
			return -1, nil
		}
		return k, nil
	}
	if rootRef <= 1 {
		z.root = Node(rootRef)
		return z, nil
	}
	k, ok := byID.get(rootRef)
	if !ok {
		e := &entries[marker]
		return nil, &Error{File: name, Line: int(e.line), Column: int(e.hiCol), Err: fmt.Errorf("%w: %x", ErrUndefined, rootRef)}
	}
	if entries[k].v == 0 {
		return nil, &Error{File: name, Line: int(entries[k].line), Column: 1, Err: ErrMarker}
	}
	from := make([]int32, 0, len(entries)) // the entry of each node made, for messages
	// An explicit stack: a file may hold a path of millions of nodes.
	type visit struct {
		k     int32
		state int8 // 0: lo next, 1: hi next, 2: both done
	}
	stack := []visit{{k: k}}
	entries[k].index = onStack
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		e := &entries[top.k]
		if top.state < 2 {
			id, col := e.lo, e.loCol
			if top.state == 1 {
				id, col = e.hi, e.hiCol
			}
			top.state++
			next, err := check(e, id, col)
			if err != nil {
				return nil, err
			}
			if next >= 0 {
				entries[next].index = onStack
				stack = append(stack, visit{k: next})
			}
			continue
		}
		lo, hi := resolve(e.lo), resolve(e.hi)
		if hi == int32(Bottom) {
			e.index = lo
		} else {
			e.index = int32(len(z.nodes))
			z.nodes = append(z.nodes, node{e.v, lo, hi})
			from = append(from, top.k)
		}
		stack = stack[:len(stack)-1]
	}
	z.root = Node(entries[k].index)
	if n, child, ok := z.repeat(); ok {
		e := &entries[from[n-2]]
		col := e.hiCol
		if child == z.nodes[n].lo {
			col = e.loCol
		}
		return nil, &Error{File: name, Line: int(e.line), Column: int(col), Err: fmt.Errorf("%w: variable %d comes again below this branch of its node", ErrRepeated, e.v)}
	}
	return z, nil
}

// ids maps node numbers to entries: a slice while the numbers are small
// next to the count of nodes (as every writer numbers them), a map for
// the others.
type ids struct {
	dense  []int32 // entry + 1, 0 for none
	sparse map[uint64]int32
}

func (m *ids) get(id uint64) (int32, bool) {
	if id < uint64(len(m.dense)) && m.dense[id] != 0 {
		return m.dense[id] - 1, true
	}
	k, ok := m.sparse[id]
	return k, ok
}

// set records id for entry k when n entries are known.
func (m *ids) set(id uint64, k int32, n int) {
	if id < uint64(4*n+1024) {
		for uint64(len(m.dense)) <= id {
			m.dense = append(m.dense, 0)
		}
		// A number put in the map before the slice reached it stays
		// there: get looks in the map when the slice has nothing.
		m.dense[id] = k + 1
		return
	}
	if m.sparse == nil {
		m.sparse = map[uint64]int32{}
	}
	m.sparse[id] = k
}

func leadingBlanks(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t') {
		n++
	}
	return n
}

// parseLine reads one line: "ID: (~V?LO:HI)" with optional blanks between
// the tokens. The error, if any, has its column set.
func parseLine(b []byte) (e entry, blank bool, err *Error) {
	b = bytes.TrimSuffix(b, []byte("\r"))
	s := &lineScanner{b: b, p: leadingBlanks(b)}
	if s.p == len(b) {
		return e, true, nil
	}
	s.node(&e.id)
	s.punct(':')
	s.punct('(')
	s.punct('~')
	e.v = s.variable()
	s.punct('?')
	e.loCol = s.node(&e.lo)
	s.punct(':')
	e.hiCol = s.node(&e.hi)
	s.punct(')')
	s.end()
	return e, false, s.err
}

// lineScanner reads the tokens of a node line from b[p:]. After its first
// error it reads nothing more, so that parseLine reads as the line's
// grammar and looks at the error once.
type lineScanner struct {
	b   []byte
	p   int
	err *Error
}

// fail records that what was expected at p, and what is there instead.
func (s *lineScanner) fail(what string) {
	got := "end of line"
	if s.p < len(s.b) {
		got = fmt.Sprintf("%q", s.b[s.p:s.p+1])
	}
	s.err = &Error{Column: s.p + 1, Err: fmt.Errorf("%w: expected %s, found %s", ErrSyntax, what, got)}
}

// punct reads the character c, with the blanks around it.
func (s *lineScanner) punct(c byte) {
	if s.err != nil {
		return
	}
	s.p += leadingBlanks(s.b[s.p:])
	if s.p == len(s.b) || s.b[s.p] != c {
		s.fail(fmt.Sprintf(`"%c"`, c))
		return
	}
	s.p++
	s.p += leadingBlanks(s.b[s.p:])
}

// node reads a node number into *dst: at most maxHexDigits hexadecimal
// digits. It returns the number's column.
func (s *lineScanner) node(dst *uint64) int32 {
	start := s.p
	if s.err != nil {
		return int32(start + 1)
	}
	var v uint64
	for ; s.p < len(s.b); s.p++ {
		d, ok := hexDigit(s.b[s.p])
		if !ok {
			break
		}
		if s.p-start == maxHexDigits {
			s.err = &Error{Column: start + 1, Err: fmt.Errorf("%w: node number of more than %d hexadecimal digits", ErrTooLarge, maxHexDigits)}
			return int32(start + 1)
		}
		v = v<<4 | uint64(d)
	}
	if s.p == start {
		s.fail("a node number in hexadecimal")
	}
	*dst = v
	return int32(start + 1)
}

// hexDigit returns the value of c as a hexadecimal digit.
func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// variable reads a variable in decimal, at most MaxVar.
func (s *lineScanner) variable() int32 {
	if s.err != nil {
		return 0
	}
	start := s.p
	var v int64
	for ; s.p < len(s.b) && '0' <= s.b[s.p] && s.b[s.p] <= '9'; s.p++ {
		if v = v*10 + int64(s.b[s.p]-'0'); v > MaxVar {
			s.err = &Error{Column: start + 1, Err: fmt.Errorf("%w: variable above %d", ErrTooLarge, MaxVar)}
			return 0
		}
	}
	if s.p == start {
		s.fail("a variable in decimal")
	}
	return int32(v)
}

// end checks that nothing is left on the line.
func (s *lineScanner) end() {
	if s.err == nil && s.p != len(s.b) {
		s.fail("end of line")
	}
}
