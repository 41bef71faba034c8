package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// The checkpoint that solve --resume reads, of either kind
// (exactcover.Checkpoint): of a search that lists or counts, or of a
// search for the cheapest solutions (solve --min-cost, --best K). A
// checkpoint of the other kind than the run's is refused with the flags
// that resume it.

// readResume reads the checkpoint in file, once: of a search for the
// cheapest solutions when cost is set, else of a search that lists or
// counts. The error is solve's usage error: the file cannot be read,
// holds no checkpoint, or one of the other kind.
func readResume(s *iostreams.IO, file string, cost bool) (*exactcover.Checkpoint, error) {
	f, err := s.OpenFile(file)
	if err != nil {
		return nil, unreadable(file, err)
	}
	defer f.Close()
	ck, err := exactcover.ReadCheckpoint(f)
	switch {
	case err != nil:
		return nil, unreadable(file, err)
	case cost && ck.Best == 0:
		how := "without --min-cost or --best"
		if flags := goalFlags(ck); flags != "" {
			how += ", with " + flags
		}
		return nil, searchcmd.Usage("solve", "--resume %s: this checkpoint is of a search that %s, not for the cheapest solutions; resume it %s", file, ck.Goal(), how)
	case !cost && ck.Best > 0:
		return nil, searchcmd.Usage("solve", "--resume %s: this checkpoint is of a search for %s; resume it with %s", file, cheapestWhat(ck.Best), cheapestFlags(ck.Best))
	}
	return ck, nil
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

// goalFlags returns the flags that ask for what the search of checkpoint
// ck asked for: "" for the default search for one solution.
func goalFlags(ck *exactcover.Checkpoint) string {
	switch {
	case !ck.List && ck.Limit == 0:
		return "--count"
	case !ck.List:
		return fmt.Sprintf("--count --limit %d", ck.Limit)
	case ck.Limit == 0:
		return "--all"
	case ck.Limit == 1:
		return ""
	}
	return fmt.Sprintf("--limit %d", ck.Limit)
}
