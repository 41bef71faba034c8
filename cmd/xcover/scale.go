package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// Big searches, solve's: -j, checkpoints and shards. See the exactcover
// package documentation, "Big searches".

// scale is what the flags for big searches ask for, checked.
type scale struct {
	checkpoint string
	every      time.Duration
	resume     string
	shard      exactcover.Shard

	// What became of the checkpoints (see finish).
	saved    time.Time // when one was last written, zero if none was
	failures int       // periodic checkpoints not written
	final    error     // why the final checkpoint was not written
}

// scaleOf checks the flags for big searches before any input is read.
func scaleOf(c *cli.Context, e *env) (*scale, error) {
	r := &scale{checkpoint: c.String("checkpoint"), every: searchcmd.Duration(c, "checkpoint-every"), resume: c.String("resume")}
	if s := c.String("shard"); s != "" {
		sh, err := exactcover.ParseShard(s)
		if err != nil {
			return nil, searchcmd.Usage(c.Command.Name, "--shard: %v", err)
		}
		r.shard = sh
	}
	if r.checkpoint == "" {
		r.checkpoint = r.resume // a resumed search goes on saving to its file
	}
	if r.checkpoint != "" && r.checkpoint != r.resume {
		// Never overwrite a position that may hold weeks of work.
		if _, err := os.Stat(e.Path(r.checkpoint)); err == nil {
			return nil, searchcmd.Usage(c.Command.Name, "--checkpoint %s: the file exists; give --resume %s to go on with the search it holds, or remove it to start afresh", r.checkpoint, r.checkpoint)
		}
	}
	return r, nil
}

// configure sets the fields of cfg that the flags for big searches ask
// for, reading the checkpoint to resume. every says whether the search is
// a count, which takes every core by default; out is the output, made
// durable before each checkpoint (which counts what it printed).
func (r *scale) configure(c *cli.Context, e *env, req *searchcmd.Request, cfg *exactcover.Config, every bool, out *searchcmd.Writer) error {
	cfg.Workers = req.Workers(every)
	cfg.Shard = r.shard
	if r.resume != "" {
		ck, err := readCheckpoint(e.Path(r.resume))
		if err != nil {
			if cck, cerr := readCostCheckpoint(e.Path(r.resume)); cerr == nil {
				return searchcmd.Usage(c.Command.Name, "--resume %s: this checkpoint is of a search for %s; resume it with %s", r.resume, cheapestWhat(cck.Best), cheapestFlags(cck.Best))
			}
			return r.unreadable(c, err)
		}
		if err := r.sameSearch(ck, cfg, !every); err != nil {
			return searchcmd.Usage(c.Command.Name, "%v", err)
		}
		cfg.Resume = ck
		if !c.IsSet(searchcmd.FlagBranching) {
			cfg.Branching = ck.Branching
		}
	}
	if r.checkpoint == "" {
		return nil
	}
	cfg.CheckpointEvery = r.every
	cfg.Checkpoint = func(ck *exactcover.Checkpoint) error { return r.save(e, out, ck.Running, ck.MarshalBinary) }
	return nil
}

// save writes a checkpoint, running or final, as marshal encodes it, to
// the file of --checkpoint, replacing it atomically, after the output
// made durable (a checkpoint counts the solutions printed); it keeps
// what became of it for finish, and warns once of running ones not
// written.
func (r *scale) save(e *env, out *searchcmd.Writer, running bool, marshal func() ([]byte, error)) error {
	err := out.Sync()
	if err != nil {
		err = fmt.Errorf("making the solutions printed durable first: %w", err)
	} else if data, merr := marshal(); merr != nil {
		err = merr
	} else if err = iostreams.ReplaceFile(e.Path(r.checkpoint), data); err != nil {
		err = fmt.Errorf("%s: %w", r.checkpoint, err)
	}
	switch {
	case err == nil:
		r.saved = time.Now()
	case !running: // the final one: said by finish, after the output
		r.final = fmt.Errorf("%w %v", exactcover.ErrCheckpointWrite, err)
	case r.failures == 0: // once: a full disk fails every time
		r.failures++
		out.Status.Clear()
		fmt.Fprintf(e.Stderr, "xcover: warning: %v %v (further failures not reported); the search goes on\n", exactcover.ErrCheckpointWrite, err)
	default:
		r.failures++
	}
	return err
}

// unreadable is the error for a checkpoint to resume that could not be
// read.
func (r *scale) unreadable(c *cli.Context, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return searchcmd.Usage(c.Command.Name, "--resume %s: no such file", r.resume)
	}
	return searchcmd.Usage(c.Command.Name, "--resume %s: %v", r.resume, iostreams.PathError(err))
}

// readCheckpoint reads the checkpoint file at path.
func readCheckpoint(path string) (*exactcover.Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return exactcover.ReadCheckpoint(f)
}

// finish ends a search with a checkpoint, after its output, with code,
// the command's exit error so far. The output is the main product: when
// the final checkpoint could not be written, a complete search keeps its
// exit code and says on one warning line that the file is stale; a
// stopped one (exit 3) has lost its position since the last checkpoint
// written, which its last line says instead of the hint to resume.
func (r *scale) finish(e *env, st exactcover.Stats, code error) error {
	stopped := st.Status == exactcover.Interrupted || st.Status == exactcover.Timeout || st.Status == exactcover.NodeLimit
	switch {
	case r.checkpoint == "":
		return code
	case r.final == nil:
		if stopped {
			fmt.Fprintf(e.Stderr, "xcover: the search's position is saved in %s; go on with --resume %s\n", r.checkpoint, r.checkpoint)
		}
		return code
	}
	var holds string // what the file holds
	switch {
	case !r.saved.IsZero():
		holds = "the position saved at " + r.saved.Format(time.TimeOnly)
	case r.resume == r.checkpoint:
		holds = "the position this run resumed"
	}
	if !stopped {
		msg := "no checkpoint was written"
		if holds != "" {
			msg = fmt.Sprintf("%s is stale, holding %s", r.checkpoint, holds)
		}
		fmt.Fprintf(e.Stderr, "xcover: warning: the search is complete, but its final checkpoint was not saved (%v): %s\n", r.final, msg)
		return code
	}
	msg := "no checkpoint was written: the work of this run is lost"
	if holds != "" {
		msg = fmt.Sprintf("%s holds %s: the work since is lost", r.checkpoint, holds)
	}
	exitcode.Print(code, e.Stderr) // how it stopped, then what was lost
	return exitcode.With(exitcode.Stopped, fmt.Errorf("the search's position was NOT saved (%v); %s", r.final, msg))
}

// sameSearch checks that a resumed search asks what the checkpoint's
// asked: the same goal (--count, --all, --limit), the same --partial and
// the same --shard. A resume that asked something else would answer
// another question with the totals of the first: a count resumed as a
// search for one solution would stop at once and end the count. The
// error names the checkpoint and the flags to give.
func (r *scale) sameSearch(ck *exactcover.Checkpoint, cfg *exactcover.Config, list bool) error {
	refuse := func(was, how string) error {
		return fmt.Errorf("--resume %s: this checkpoint is of %s; resume it %s", r.resume, was, how)
	}
	if asked := (exactcover.Goal{List: list, Limit: cfg.MaxSolutions}); ck.Goal != asked {
		flags := goalFlags(ck.Goal)
		if flags == "" {
			return refuse("a search for one solution", "without --count, --all or --limit")
		}
		return refuse("a "+flags+" search", "with "+flags)
	}
	if ck.Shard != cfg.Shard {
		if ck.Shard.N == 0 {
			return refuse("a whole search, not a shard", "without --shard")
		}
		return refuse("shard "+ck.Shard.String(), "with --shard "+ck.Shard.String())
	}
	if !slices.Equal(ck.Partial, cfg.Partial) {
		if len(ck.Partial) == 0 {
			return refuse("a search without --partial", "without --partial")
		}
		refs := make([]string, len(ck.Partial))
		for i, k := range ck.Partial {
			refs[i] = strconv.Itoa(k + 1)
		}
		list := strings.Join(refs, ",")
		return refuse("a search from --partial "+list+" (options numbered from 1)", "with --partial "+list)
	}
	return nil
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

// searchError turns what a driven search returned besides its statistics
// into the command's error; early says whether it came before any output
// (the search did not start), else it is reported after the output. The
// context's errors are left to the statistics (nil).
func searchError(c *cli.Context, r *scale, err error) (early, late error) {
	var wp *exactcover.WorkerPanic
	switch {
	case err == nil:
		return nil, nil
	case errors.Is(err, exactcover.ErrCheckpointMismatch), errors.Is(err, exactcover.ErrCheckpoint):
		return searchcmd.Usage(c.Command.Name, "--resume %s: %v", r.resume, err), nil
	case errors.Is(err, exactcover.ErrBadPartial), errors.Is(err, exactcover.ErrInconsistentPart):
		return searchcmd.Usage(c.Command.Name, "--partial: %v", err), nil
	case errors.Is(err, exactcover.ErrNoTree):
		return searchcmd.Usage(c.Command.Name, "--engine learn: %v", err), nil
	case errors.Is(err, exactcover.ErrEngineUnsupported):
		return searchcmd.Usage(c.Command.Name, "--engine %s: %v", c.String(searchcmd.FlagEngine), err), nil
	case errors.As(err, &wp):
		return nil, exitcode.With(exitcode.Stopped, fmt.Errorf("stopped by an internal error (please report it): %v; a checkpoint, if any, holds the last good position\n%s", wp.Value, wp.Stack))
	}
	return nil, nil // a checkpoint not written: see scale.finish
}
