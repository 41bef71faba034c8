package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// The checkpoint that solve --resume reads: of a search that lists or
// counts (exactcover.Checkpoint), or of a search for the cheapest
// solutions (exactcover.CostCheckpoint: solve --min-cost, --best K). A
// checkpoint of the other kind than the run's is refused with the flags
// that resume it.

// readResume reads the checkpoint in file: of a search for the cheapest
// solutions when cost is set (the Checkpoint returned is nil), else of a
// search that lists or counts (the CostCheckpoint is nil). The error is
// solve's usage error: the file cannot be read, holds no checkpoint, or
// one of the other kind.
func readResume(s *iostreams.IO, file string, cost bool) (*exactcover.Checkpoint, *exactcover.CostCheckpoint, error) {
	f, err := s.OpenFile(file)
	if err != nil {
		return nil, nil, unreadable(file, err)
	}
	defer f.Close()
	var (
		ck  *exactcover.Checkpoint
		cck *exactcover.CostCheckpoint
	)
	if cost {
		cck, err = exactcover.ReadCostCheckpoint(f)
	} else {
		ck, err = exactcover.ReadCheckpoint(f)
	}
	if err == nil {
		return ck, cck, nil
	}
	if _, serr := f.Seek(0, io.SeekStart); serr != nil { // a pipe: read once
		return nil, nil, unreadable(file, err)
	}
	switch {
	case cost:
		if plain, perr := exactcover.ReadCheckpoint(f); perr == nil {
			how := "without --min-cost or --best"
			if flags := goalFlags(plain.Goal); flags != "" {
				how += ", with " + flags
			}
			return nil, nil, searchcmd.Usage("solve", "--resume %s: this checkpoint is of a search that %s, not for the cheapest solutions; resume it %s", file, plain.Goal, how)
		}
	default:
		if other, cerr := exactcover.ReadCostCheckpoint(f); cerr == nil {
			return nil, nil, searchcmd.Usage("solve", "--resume %s: this checkpoint is of a search for %s; resume it with %s", file, cheapestWhat(other.Best), cheapestFlags(other.Best))
		}
	}
	return nil, nil, unreadable(file, err)
}

// unreadable is the error for a checkpoint to resume that could not be
// read.
func unreadable(file string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return searchcmd.Usage("solve", "--resume %s: no such file", file)
	}
	return searchcmd.Usage("solve", "--resume %s: %v", file, iostreams.PathError(err))
}

// cheapestWhat says what a search for the k cheapest solutions looks
// for: "the cheapest solution", "the 3 cheapest solutions".
func cheapestWhat(k int) string {
	if k == 1 {
		return "the cheapest solution"
	}
	return fmt.Sprintf("the %d cheapest solutions", k)
}

// cheapestFlags returns the flags that ask for the k cheapest solutions.
func cheapestFlags(k int) string {
	if k == 1 {
		return "--min-cost (or --best 1)"
	}
	return fmt.Sprintf("--best %d", k)
}

// goalFlags returns the flags that ask for goal g: "" for the default
// search for one solution.
func goalFlags(g exactcover.Goal) string {
	switch {
	case !g.List && g.Limit == 0:
		return "--count"
	case !g.List:
		return fmt.Sprintf("--count --limit %d", g.Limit)
	case g.Limit == 0:
		return "--all"
	case g.Limit == 1:
		return ""
	}
	return fmt.Sprintf("--limit %d", g.Limit)
}
