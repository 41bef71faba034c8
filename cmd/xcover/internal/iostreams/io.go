package iostreams

import (
	"io"
	"os"
	"path/filepath"

	"golang.org/x/term"
)

// IO is what one run of a command sees of the world.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Dir            string // relative file names are in Dir ("": the working directory)
}

// System returns the process's own streams and environment.
func System() *IO {
	return &IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
}

// Path returns the file to open for name as the user gave it.
func (s *IO) Path(name string) string {
	if s.Dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.Dir, name)
}

// IsTerminal reports whether a stream is a terminal; tests stand in for
// one with a value that has an IsTerminal method.
func IsTerminal(f any) bool {
	switch f := f.(type) {
	case interface{ IsTerminal() bool }:
		return f.IsTerminal()
	case *os.File:
		return term.IsTerminal(int(f.Fd()))
	}
	return false
}

// Color decides --color WHEN for output to w: always, never, or auto: w is
// a terminal, NO_COLOR is unset or empty (no-color.org) and TERM is not
// dumb.
func (s *IO) Color(w io.Writer, when string) bool {
	return when == "always" || when == "auto" && IsTerminal(w) && s.getenv("NO_COLOR") == "" && s.getenv("TERM") != "dumb"
}

// CanRedraw reports whether stderr is a terminal that redraws a line in
// place (TERM is not dumb).
func (s *IO) CanRedraw() bool { return IsTerminal(s.Stderr) && s.getenv("TERM") != "dumb" }

func (s *IO) getenv(key string) string {
	if s.Getenv == nil {
		return ""
	}
	return s.Getenv(key)
}
