package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestRead checks format detection, alphabets and the errors of malformed
// puzzles, which must not stop the rest of the batch.
func TestRead(t *testing.T) {
	const p9 = "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3."
	tests := []struct {
		name    string
		in      string
		opt     ReadOptions
		format  Format
		grids   []string // each puzzle in Line form with standard symbols, or "error: <substring>"
		readErr string
	}{
		{"line", p9 + "\nend\nignored\n", ReadOptions{}, Line, []string{p9}, ""},
		{"line crlf and blank lines", "\r\n" + p9 + "\r\n\r\n" + p9 + "\r\n", ReadOptions{}, Line, []string{p9, p9}, ""},
		{"line zeros and dashes", strings.ReplaceAll(strings.ReplaceAll(p9, ".", "0"), "00", "-0"), ReadOptions{}, Line, []string{p9}, ""},
		{"4x4 line", "1...\x00"[:0] + "12..34..........", ReadOptions{}, Line, []string{"12..34.........."}, ""},
		{"16x16 standard", strings.Repeat(".", 255) + "G", ReadOptions{}, Line, []string{strings.Repeat(".", 255) + "G"}, ""},
		{"16x16 letters in a line", strings.Repeat(".", 254) + "AP", ReadOptions{}, Line, []string{strings.Repeat(".", 254) + "1G"}, ""},
		{"block 4x4", "12..\n34..\n....\n....\n\n....\n....\n....\n...1\n", ReadOptions{Format: Block}, Block, []string{"12..34..........", "...............1"}, ""},
		{"block letters 16x16", strings.Repeat("A---------------\n", 1) + strings.Repeat("----------------\n", 15), ReadOptions{}, Block, []string{"1" + strings.Repeat(".", 255)}, ""},
		{"numeric", "2\n1 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n", ReadOptions{}, Numeric, []string{"12.............4"}, ""},
		{"alphabet", "ab..............", ReadOptions{Alphabet: mustAlphabet("abcd")}, Line, []string{"12.............."}, ""},
		{"alphabet too long", "ab..............", ReadOptions{Alphabet: mustAlphabet("abcde")}, Line, []string{`error: :1: bad value: alphabet "abcde" has 5 symbols, a 4×4 grid needs exactly 4`}, ""},
		{"alphabet for 9x9 on 4x4", "ab..............", ReadOptions{Alphabet: mustAlphabet("abcdefghi")}, Line, []string{`error: alphabet "abcdefghi" has 9 symbols, a 4×4 grid needs exactly 4`}, ""},
		{"bad length in the middle", p9 + "\n" + p9[:80] + "\n" + p9 + "\n", ReadOptions{}, Line, []string{p9, "error: :2:81: bad grid size: 80 characters", p9}, ""},
		{"bad character", p9[:3] + "x" + p9[4:], ReadOptions{}, Line, []string{"error: :1:4: bad value: 'x'"}, ""},
		{"value too big for 4x4", "5...............", ReadOptions{}, Line, []string{"error: :1:1: bad value"}, ""},
		{"block short row", "12..\n34.\n....\n....\n", ReadOptions{Format: Block}, Block, []string{"error: :2:4: bad grid size: row 2 has 3 characters"}, ""},
		{"block long row", "12..\n34...\n....\n....\n", ReadOptions{Format: Block}, Block, []string{"error: :2:5: bad grid size: row 2 has 5 characters"}, ""},
		{"block too few rows", "12..\n34..\n....\n", ReadOptions{Format: Block}, Block, []string{"error: :4:1: bad grid size: 3 rows"}, ""},
		{"numeric bad value then good", "2\n1 2 0 0\n0 x 0 0\n0 0 0 0\n0 0 0 0\n2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n", ReadOptions{}, Numeric, []string{"error: :3:3: bad value", "...............1"}, ""},
		{"numeric short row", "2\n1 2 0\n", ReadOptions{}, Numeric, []string{"error: :2:6: bad grid size: row 1 has 3 numbers"}, ""},
		{"numeric long row", "2\n1 2 0 0 3\n", ReadOptions{}, Numeric, []string{"error: :2:9: bad grid size: row 1 has 5 numbers"}, ""},
		{"numeric truncated", "2\n1 2 0 0\n", ReadOptions{}, Numeric, []string{"error: :3:1: bad grid size: input ends after 1 of 4 rows"}, ""},
		{"numeric bad box", "9\n", ReadOptions{}, Numeric, []string{"error: :1:1: syntax error: want a line with the box side"}, ""},
		{"empty", "\n\n", ReadOptions{}, Auto, nil, "no puzzle"},
		{"unknown format", "12345\n", ReadOptions{}, Auto, nil, "in.txt:1:1: syntax error: cannot tell the format"},
		{"pretty is output only", p9, ReadOptions{Format: Pretty}, Auto, nil, "output format only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Read("in.txt", []byte(tt.in), tt.opt)
			if tt.readErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.readErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.readErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Format != tt.format {
				t.Errorf("format %s, want %s", b.Format, tt.format)
			}
			if len(b.Puzzles) != len(tt.grids) {
				t.Fatalf("%d puzzles, want %d", len(b.Puzzles), len(tt.grids))
			}
			for k, p := range b.Puzzles {
				want := tt.grids[k]
				if p.Index != k+1 {
					t.Errorf("puzzle %d has index %d", k+1, p.Index)
				}
				if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
					var se *SyntaxError
					if p.Err == nil || !errors.As(p.Err, &se) || !strings.Contains(p.Err.Error(), msg) {
						t.Errorf("puzzle %d: error %v, want a *SyntaxError containing %q", k+1, p.Err, msg)
					}
					continue
				}
				if p.Err != nil {
					t.Errorf("puzzle %d: %v", k+1, p.Err)
					continue
				}
				if got := strings.TrimSpace(string(AppendGrid(nil, p.Grid, Line, nil))); got != want {
					t.Errorf("puzzle %d: %s, want %s", k+1, got, want)
				}
			}
		})
	}
}

// TestDetectedAlphabet checks that answers are written in the symbols the
// puzzles were read in.
func TestDetectedAlphabet(t *testing.T) {
	b, err := Read("in", []byte(strings.Repeat("-", 255)+"P"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Alphabet(4).Symbols()[:16]; got != "ABCDEFGHIJKLMNOP" {
		t.Errorf("alphabet %s, want the letters A-P", got)
	}
	if got := b.Alphabet(3).Symbols()[:9]; got != "123456789" {
		t.Errorf("alphabet for 9×9 (absent) %s, want 1-9", got)
	}
}

func TestNewAlphabet(t *testing.T) {
	for _, bad := range []string{"abc", "aabc", "ab.d", "ab d", strings.Repeat("x", 65)} {
		if _, err := NewAlphabet(bad); err == nil {
			t.Errorf("NewAlphabet(%q) accepted", bad)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for f := Auto; f <= Pretty; f++ {
		if g, err := ParseFormat(f.String()); err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := ParseFormat("grid"); err == nil {
		t.Error("ParseFormat(grid) accepted")
	}
}

// TestUnreadable checks the error of a batch with nothing to solve: the
// one puzzle's own, or "none of the N", and none when a puzzle was read.
func TestUnreadable(t *testing.T) {
	const good, bad = "1...\n..2.\n.3..\n...4\n", "11..\n....\n....\n....\n"
	for _, tc := range []struct {
		name, input, want string
	}{
		{"one good", good, ""},
		{"good and bad", good + "\n" + bad, ""},
		{"one bad", bad, "in:1:2: conflicting givens: r1c1 and r1c2 both hold 1 in the same row"},
		{"two bad", bad + "\n" + bad, "in: none of the 2 puzzles could be read"},
	} {
		b, err := Read("in", []byte(tc.input), ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := ""
		if err := b.Unreadable(); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: Unreadable() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestModeFor(t *testing.T) {
	for _, tc := range []struct {
		m    Mode
		f    Format
		want Mode
	}{
		{ModeFirst, Numeric, ModeList}, {ModeFirst, Line, ModeFirst}, {ModeUnique, Numeric, ModeUnique}, {ModeCount, Numeric, ModeCount},
	} {
		if got := tc.m.For(tc.f); got != tc.want {
			t.Errorf("Mode(%d).For(%v) = %d, want %d", tc.m, tc.f, got, tc.want)
		}
	}
}

// TestReadMemory checks that Read and ReadVariant refuse, before making
// it, an index of more lines than MaxReadMemory can hold, with an error
// located at the line where the budget runs out, and that a line fewer is
// read.
func TestReadMemory(t *testing.T) {
	testtier.Slow(t)                 // one goroutine: nothing for the race detector, and seconds under it
	fit := MaxReadMemory / lineBytes // lines whose index the budget holds
	over := []byte(strings.Repeat("\n", fit))
	want := fmt.Sprintf("in:%d:1: input too large", fit+1)
	_, err := Read("in", over, ReadOptions{})
	if !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Read: %v, want %q…", err, want)
	}
	if _, err := ReadVariant("in", over, Jigsaw); !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("ReadVariant: %v, want %q…", err, want)
	}
	// One line fewer is indexed, and found empty.
	if _, err := Read("in", over[1:], ReadOptions{}); errors.Is(err, ErrTooLarge) || !errors.Is(err, ErrSyntax) {
		t.Errorf("Read of %d lines: %v, want no puzzle in the input", fit, err)
	}
}
