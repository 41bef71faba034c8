package cnf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// MaxVars bounds the variables a formula read may declare: literals are
// int32, and the readers of the result size arrays by it.
const MaxVars = 1 << 28

// SyntaxError is an error in a DIMACS file, at a 1-based line and column.
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Read reads a formula in DIMACS CNF format: comment lines starting with
// c, the header "p cnf VARIABLES CLAUSES", then the clauses, each a list
// of nonzero literals ended by 0 (a clause may span lines). The number of
// clauses must be the header's, and every literal within its variables.
// file names the input in errors.
func Read(r io.Reader, file string) (*Formula, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<26)
	var (
		f                   *Formula
		nClauses            int
		cur                 []int32
		line                int
		lastLine            int
		lastCol             int
		startLine, startCol int // where the current clause starts
	)
	fail := func(col int, format string, args ...any) error {
		return &SyntaxError{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	for sc.Scan() {
		line++
		text := sc.Bytes()
		fields := splitFields(text)
		if len(fields) == 0 {
			continue
		}
		first := string(text[fields[0][0]:fields[0][1]])
		if first == "c" || first[0] == 'c' && f == nil {
			continue
		}
		if first == "p" {
			if f != nil {
				return nil, fail(fields[0][0]+1, "a second header")
			}
			if len(fields) != 4 || string(text[fields[1][0]:fields[1][1]]) != "cnf" {
				return nil, fail(fields[0][0]+1, `expected the header "p cnf VARIABLES CLAUSES"`)
			}
			v, err1 := strconv.Atoi(string(text[fields[2][0]:fields[2][1]]))
			if err1 != nil || v < 0 || v > MaxVars {
				return nil, fail(fields[2][0]+1, "expected a number of variables from 0 to %d", MaxVars)
			}
			c, err2 := strconv.Atoi(string(text[fields[3][0]:fields[3][1]]))
			if err2 != nil || c < 0 || c > 1<<31-1 {
				return nil, fail(fields[3][0]+1, "expected a number of clauses")
			}
			f, nClauses = &Formula{NVars: v}, c
			continue
		}
		if f == nil {
			return nil, fail(fields[0][0]+1, `expected the header "p cnf VARIABLES CLAUSES" before the clauses`)
		}
		for _, fl := range fields {
			word := string(text[fl[0]:fl[1]])
			n, err := strconv.ParseInt(word, 10, 32)
			if err != nil || n > int64(f.NVars) || -n > int64(f.NVars) {
				return nil, fail(fl[0]+1, "expected a literal from -%d to %d, found %q", f.NVars, f.NVars, word)
			}
			lastLine, lastCol = line, fl[1]+1
			if cur == nil && startLine == 0 {
				startLine, startCol = line, fl[0]+1
			}
			if n == 0 {
				if len(f.Clauses) == nClauses {
					return nil, &SyntaxError{File: file, Line: startLine, Col: startCol, Msg: fmt.Sprintf("more clauses than the header's %d", nClauses)}
				}
				startLine = 0
				f.Clauses = append(f.Clauses, cur)
				cur = nil
				continue
			}
			cur = append(cur, int32(n))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &SyntaxError{File: file, Line: line + 1, Col: 1, Msg: err.Error()}
	}
	switch {
	case f == nil:
		return nil, &SyntaxError{File: file, Line: line + 1, Col: 1, Msg: `expected the header "p cnf VARIABLES CLAUSES"`}
	case cur != nil:
		return nil, &SyntaxError{File: file, Line: lastLine, Col: lastCol, Msg: "expected 0 to end the last clause"}
	case len(f.Clauses) != nClauses:
		return nil, &SyntaxError{File: file, Line: line + 1, Col: 1, Msg: fmt.Sprintf("expected %d clauses, found %d", nClauses, len(f.Clauses))}
	}
	return f, nil
}

// splitFields returns the [start, end) offsets of the words of b,
// separated by spaces and tabs.
func splitFields(b []byte) [][2]int {
	var out [][2]int
	start := -1
	for i, ch := range b {
		if ch == ' ' || ch == '\t' || ch == '\r' {
			if start >= 0 {
				out = append(out, [2]int{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(b)})
	}
	return out
}
