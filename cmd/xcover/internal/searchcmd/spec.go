package searchcmd

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// Input is the exact-cover problem a command reads: its file ("-":
// stdin) and the format --format names ("": from the file's name or
// content).
type Input struct {
	File   string
	Format specs.Format
}

// InputOf reads the command's FILE argument and --format.
func InputOf(c *cli.Context) (Input, error) {
	format, err := SpecFormat(c, FlagFormat)
	file, aerr := InputArg(c)
	return Input{File: file, Format: format}, cmp.Or(err, aerr)
}

// LoadSpec reads the command's input ([ReadSpec]) and compiles it,
// printing the compiler's warnings. Errors are bad input naming
// file:line:column, or ctx's error when ctx ends first (--timeout bounds
// the whole run).
func LoadSpec(ctx context.Context, s *iostreams.IO, in Input) (*specs.Spec, *exactcover.Solver, error) {
	type loaded struct {
		sp     *specs.Spec
		solver *exactcover.Solver
	}
	l, err := Await(ctx, func() (l loaded, err error) {
		var warnings []string
		if l.sp, err = ReadSpec(s, in.File, in.Format); err == nil {
			l.solver, warnings, err = l.sp.Compile()
		}
		for _, w := range warnings {
			fmt.Fprintf(s.Stderr, "xcover: warning: %s\n", w)
		}
		return l, exitcode.Bad(err)
	})
	return l.sp, l.solver, err
}

// maxOtherInputBytes bounds the input that ReadSpec reads again as a
// puzzle or a board when it is not a problem: a Sudoku batch of the shared
// sets is a few MB, and reading a large file of short lines as puzzles
// takes tens of bytes a line.
const maxOtherInputBytes = 16 << 20

// ReadSpec reads the problem in file name as format says, else as its
// extension says (.gz aside), else as its content looks, up to the limit
// of that format, and parses it.
func ReadSpec(s *iostreams.IO, name string, format specs.Format) (*specs.Spec, error) {
	byName, named := specs.FormatOf(strings.TrimSuffix(name, ".gz"))
	what := map[specs.Format]string{specs.YAML: "a YAML spec (large problems are best written in DLX)"}[cmp.Or(format, byName)]
	file, data, err := s.ReadFile(name, specs.MaxBytes(cmp.Or(format, byName)), cmp.Or(what, "a DLX file"))
	if err != nil {
		return nil, err
	}
	sp, err := specs.Load(file, data, format)
	if looks := specs.Detect(data); err != nil && format == "" && named && looks != byName && isText(data) {
		err = fmt.Errorf("%w (the content looks like %s: --format %s reads it so)", err, looks, looks)
	} else if (err != nil || len(sp.Problem.Options) == 0) && !errors.Is(err, exactcover.ErrTooLarge) && len(data) <= maxOtherInputBytes {
		// Not a problem, or one with nothing to choose: perhaps a puzzle.
		switch what, command := otherInput(file, name, data); {
		case what == "":
		case err != nil:
			err = fmt.Errorf("%w (the input reads as %s: %s)", err, what, command)
		default:
			fmt.Fprintf(s.Stderr, "xcover: warning: %s reads as %s, not a problem with options: %s\n", file, what, command)
		}
	}
	return sp, exitcode.Bad(err)
}

// isText reports whether data holds some text and nothing else: an empty
// or a binary file looks like no format, and a hint that it looks like
// another would mislead.
func isText(data []byte) bool {
	if len(bytes.TrimSpace(data)) == 0 || !utf8.Valid(data) {
		return false
	}
	for _, c := range data {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return true
}
