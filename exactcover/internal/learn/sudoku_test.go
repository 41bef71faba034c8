package learn_test

import (
	"bufio"
	"fmt"
	"github.com/xcover/xcover/exactcover/internal/cnf"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/learn"
)

// sudokuProblem encodes a Sudoku given as one line (digits 1-9 then
// letters A-Z for 10…, '.' or '0' for an empty cell) as an exact cover:
// items cell, row-value, column-value and box-value; an option per value
// a cell may take given the clues of its row, column and box.
func sudokuProblem(line string) *core.Problem {
	n := 1
	for n*n < len(line) {
		n++
	}
	b := 1
	for b*b < n {
		b++
	}
	val := make([]int, n*n)
	for i, ch := range line {
		switch {
		case ch >= '1' && ch <= '9':
			val[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			val[i] = int(ch-'A') + 10
		}
	}
	p := &core.Problem{NPrimary: 4 * n * n, NItems: 4 * n * n, Begin: []int32{0}}
	clash := func(r, c, v int) bool {
		for u := range n {
			if val[r*n+u] == v || val[u*n+c] == v {
				return true
			}
			br, bc := r/b*b+u/b, c/b*b+u%b
			if val[br*n+bc] == v {
				return true
			}
		}
		return false
	}
	for r := range n {
		for c := range n {
			for v := 1; v <= n; v++ {
				if g := val[r*n+c]; g != 0 && g != v || g == 0 && clash(r, c, v) {
					continue
				}
				box := r/b*b + c/b
				p.Items = append(p.Items, int32(r*n+c), int32(n*n+r*n+v-1), int32(2*n*n+c*n+v-1), int32(3*n*n+box*n+v-1))
				p.Begin = append(p.Begin, int32(len(p.Items)))
				k := int32(len(p.Caller))
				p.Caller = append(p.Caller, k)
				p.Index = append(p.Index, k)
			}
		}
	}
	return p
}

// TestGecode25 times first solution and uniqueness on the 25×25 puzzles of
// a file given by XCOVER_SUDOKU (a measurement, not a check).
func TestGecode25(t *testing.T) {
	file := os.Getenv("XCOVER_SUDOKU")
	if file == "" {
		t.Skip("XCOVER_SUDOKU not set")
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	i := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		i++
		p := sudokuProblem(line)
		start := time.Now()
		s := learn.New(p)
		var first learn.Stats
		var firstT time.Duration
		st := s.Solve(learn.Limits{Stop: func(*learn.Stats) bool { return time.Since(start) > time.Duration(knobSecs)*time.Second }}, func([]int) bool {
			first, firstT = s.Stats(), time.Since(start)
			return true
		})
		t.Logf("first solution: %.2fs %d conflicts", firstT.Seconds(), first.Conflicts)
		stats := s.Stats()
		t.Logf("puzzle %d: %d options, status %v, %d solutions, %.2fs, %+v", i, p.NumOptions(), st, stats.Solutions, time.Since(start).Seconds(), stats)
	}
}

// TestWriteSudokuCNF writes the puzzles of XCOVER_SUDOKU as CNF files
// into XCOVER_CNF_DIR, for timing SAT solvers on the same exact cover.
func TestWriteSudokuCNF(t *testing.T) {
	file, dir := os.Getenv("XCOVER_SUDOKU"), os.Getenv("XCOVER_CNF_DIR")
	if file == "" || dir == "" {
		t.Skip("XCOVER_SUDOKU or XCOVER_CNF_DIR not set")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Fields(string(data)) {
		p := sudokuProblem(line)
		out, err := os.Create(filepath.Join(dir, fmt.Sprintf("%02d.cnf", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := cnf.Encode(p).Write(out, "", 0, nil); err != nil {
			t.Fatal(err)
		}
		out.Close()
	}
}

var knobSecs = func() int {
	n, err := strconv.Atoi(os.Getenv("XCOVER_SECS"))
	if err != nil {
		return 60
	}
	return n
}()
