package sudoku

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// dataDir returns the shared puzzle sets (../shared/data/sudoku from the
// module root), skipping the test when they are absent.
func dataDir(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data", "sudoku")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("shared Sudoku data not found at %s", dir)
	}
	return dir
}

// refAlphabet is the shared sets' alphabet, spelled out here rather than
// taken from the package: 1–9, then A–Z, then a–z.
const refAlphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// setPuzzle is one line of a shared set with its expected answer.
type setPuzzle struct {
	line     int
	text     string
	grid     *Grid
	count    string // "0", "1" or "2+"; "" when there is no .sol.txt
	solution string
}

// loadSet reads a shared set with a parser of its own (independent of the
// package's readers) and its .sol.txt when present.
func loadSet(tb testing.TB, rel string) []setPuzzle {
	path := filepath.Join(dataDir(tb), rel)
	lines := readLines(tb, path)
	var sols []string
	if _, err := os.Stat(strings.TrimSuffix(path, ".txt") + ".sol.txt"); err == nil {
		sols = readLines(tb, strings.TrimSuffix(path, ".txt")+".sol.txt")
	}
	var out []setPuzzle
	for k, text := range lines {
		if text == "" {
			continue
		}
		size := 0
		for size*size < len(text) {
			size++
		}
		box := 0
		for box*box < size {
			box++
		}
		if size*size != len(text) || box*box != size {
			tb.Fatalf("%s:%d: length %d is not a grid", path, k+1, len(text))
		}
		g := &Grid{Box: box, Cells: make([]uint8, len(text))}
		for i := range len(text) {
			if ch := text[i]; ch != '.' && ch != '0' {
				v := strings.IndexByte(refAlphabet, ch) + 1
				if v == 0 || v > size {
					tb.Fatalf("%s:%d:%d: bad character %q", path, k+1, i+1, ch)
				}
				g.Cells[i] = uint8(v)
			}
		}
		p := setPuzzle{line: k + 1, text: text, grid: g}
		if sols != nil {
			count, sol, _ := strings.Cut(sols[k], "\t")
			p.count, p.solution = count, sol
		}
		out = append(out, p)
	}
	return out
}

func readLines(tb testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), " \r\t"))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}
