package sudoku

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead feeds arbitrary input to Read in every input format: it must
// never panic, every puzzle must have either a grid of a supported size or
// a *SyntaxError, and a grid must survive a write and a re-read.
// Solving each grid (with a small node limit, by the engine or in grid
// order as the format byte's upper bits choose) must never panic either,
// and any solution must pass Check.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"line81.in", "letters16.in", "numeric.in", "one9.in"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data, uint8(0))
		}
	}
	f.Add([]byte("2\n1 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n"), uint8(3))
	f.Add([]byte("12..\n34..\n....\n....\n\n"), uint8(2))
	f.Add([]byte("55..............\nend\n"), uint8(1))
	s := NewSolver()
	f.Fuzz(func(t *testing.T, data []byte, format uint8) {
		opt := ReadOptions{Format: Format(format % 4)}
		b, err := Read("fuzz", data, opt)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		for _, p := range b.Puzzles {
			if (p.Grid == nil) == (p.Err == nil) {
				t.Fatalf("puzzle %d: grid %v and error %v", p.Index, p.Grid, p.Err)
			}
			if p.Err != nil {
				var se *SyntaxError
				if !errors.As(p.Err, &se) {
					t.Fatalf("puzzle %d: error %v is not a *SyntaxError", p.Index, p.Err)
				}
				continue
			}
			if err := p.Grid.validShape(); err != nil {
				t.Fatalf("puzzle %d: %v", p.Index, err)
			}
			// Write it back in the batch's format and read it again.
			out := AppendGrid(nil, p.Grid, b.Format, b.Alphabet(p.Grid.Box))
			if b.Format == Numeric {
				out = append([]byte{byte('0' + p.Grid.Box), '\n'}, out...)
			}
			b2, err := Read("again", out, ReadOptions{Format: b.Format, Alphabet: b.Alphabet(p.Grid.Box)})
			if err != nil || len(b2.Puzzles) != 1 || b2.Puzzles[0].Err != nil {
				t.Fatalf("puzzle %d: re-reading %q: %v", p.Index, out, err)
			}
			if string(b2.Puzzles[0].Grid.Cells) != string(p.Grid.Cells) {
				t.Fatalf("puzzle %d: changed by a write and a re-read", p.Index)
			}
			cfg := Config{MaxSolutions: 2, MaxNodes: 500, InOrder: format&4 != 0}
			res, err := s.Solve(context.Background(), p.Grid, cfg, func(sol *Grid) bool {
				if err := Check(p.Grid, sol); err != nil {
					t.Fatalf("puzzle %d: %v", p.Index, err)
				}
				return true
			})
			if err != nil && !errors.Is(err, ErrConflict) {
				t.Fatalf("puzzle %d: %v", p.Index, err)
			}
			_ = res
		}
	})
}
