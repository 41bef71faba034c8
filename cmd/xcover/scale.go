package main

import (
	"errors"
	"fmt"
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

// scaleOptions is what the flags for big searches ask for, checked.
type scaleOptions struct {
	Checkpoint string // the file saved to: --checkpoint, else --resume's ("": none)
	Every      time.Duration
	Resume     string // the checkpoint resumed ("": none)
	Shard      exactcover.Shard
}

// parseScale reads the flags for big searches.
func parseScale(c *cli.Context) (scaleOptions, error) {
	o := scaleOptions{Checkpoint: c.String("checkpoint"), Every: searchcmd.Duration(c, "checkpoint-every"), Resume: c.String("resume")}
	if s := c.String("shard"); s != "" {
		sh, err := exactcover.ParseShard(s)
		if err != nil {
			return o, searchcmd.Usage("solve", "--shard: %v", err)
		}
		o.Shard = sh
	}
	if o.Checkpoint == "" {
		o.Checkpoint = o.Resume // a resumed search goes on saving to its file
	}
	return o, nil
}

// scale is a big search under way: what its flags ask for, and what
// became of its checkpoints (see finish).
type scale struct {
	scaleOptions
	io       *iostreams.IO
	saved    time.Time // when one was last written, zero if none was
	failures int       // periodic checkpoints not written
	final    error     // why the final checkpoint was not written
}

// newScale starts a big search as o asks, before any input is read: a
// checkpoint that would overwrite another file is refused.
func newScale(s *iostreams.IO, o scaleOptions) (*scale, error) {
	if o.Checkpoint != "" && o.Checkpoint != o.Resume {
		// Never overwrite a position that may hold weeks of work.
		if _, err := s.Stat(o.Checkpoint); err == nil {
			return nil, searchcmd.Usage("solve", "--checkpoint %s: the file exists; give --resume %s to go on with the search it holds, or remove it to start afresh", o.Checkpoint, o.Checkpoint)
		}
	}
	return &scale{scaleOptions: o, io: s}, nil
}

// configure sets the fields of cfg that the flags for big searches ask
// for, reading the checkpoint to resume: the workers (a count, req.Count,
// takes every core by default), the shard, and the checkpoints saved. A
// resumed search takes the checkpoint's branching rule unless
// keepBranching (--branching given). out is the output, made durable
// before each checkpoint (which counts what it printed).
func (r *scale) configure(cfg *exactcover.Config, req *searchcmd.Request, keepBranching bool, out *searchcmd.Writer) error {
	cfg.Workers = req.Workers(req.Count)
	cfg.Shard = r.Shard
	if r.Resume != "" {
		ck, err := readResume(r.io, r.Resume, false)
		if err != nil {
			return err
		}
		if err := r.sameSearch(ck, cfg, !req.Count); err != nil {
			return searchcmd.Usage("solve", "%v", err)
		}
		cfg.Resume = ck
		if !keepBranching {
			cfg.Branching = ck.Branching
		}
	}
	if r.Checkpoint == "" {
		return nil
	}
	cfg.CheckpointEvery = r.Every
	cfg.Checkpoint = func(ck *exactcover.Checkpoint) error { return r.save(out, ck.Running, ck.MarshalBinary) }
	return nil
}

// save writes a checkpoint, running or final, as marshal encodes it, to
// the file of --checkpoint, replacing it atomically, after the output
// made durable (a checkpoint counts the solutions printed); it keeps
// what became of it for finish, and warns once of running ones not
// written.
func (r *scale) save(out *searchcmd.Writer, running bool, marshal func() ([]byte, error)) error {
	err := out.Sync()
	if err != nil {
		err = fmt.Errorf("making the solutions printed durable first: %w", err)
	} else if data, merr := marshal(); merr != nil {
		err = merr
	} else if err = iostreams.ReplaceFile(r.io.Path(r.Checkpoint), data); err != nil {
		err = fmt.Errorf("%s: %w", r.Checkpoint, err)
	}
	switch {
	case err == nil:
		r.saved = time.Now()
	case !running: // the final one: said by finish, after the output
		r.final = fmt.Errorf("%w %v", exactcover.ErrCheckpointWrite, err)
	case r.failures == 0: // once: a full disk fails every time
		r.failures++
		out.Status.Clear()
		fmt.Fprintf(r.io.Stderr, "xcover: warning: %v %v (further failures not reported); the search goes on\n", exactcover.ErrCheckpointWrite, err)
	default:
		r.failures++
	}
	return err
}

// finish ends a search with a checkpoint, after its output, with code,
// the command's exit error so far. The output is the main product: when
// the final checkpoint could not be written, a complete search keeps its
// exit code and says on one warning line that the file is stale; a
// stopped one (exit 3) has lost its position since the last checkpoint
// written, which its last line says instead of the hint to resume.
func (r *scale) finish(st exactcover.Stats, code error) error {
	stopped := st.Status == exactcover.Interrupted || st.Status == exactcover.Timeout || st.Status == exactcover.NodeLimit
	stderr := r.io.Stderr
	switch {
	case r.Checkpoint == "":
		return code
	case r.final == nil:
		if stopped {
			fmt.Fprintf(stderr, "xcover: the search's position is saved in %s; go on with --resume %s\n", r.Checkpoint, r.Checkpoint)
		}
		return code
	}
	var holds string // what the file holds
	switch {
	case !r.saved.IsZero():
		holds = "the position saved at " + r.saved.Format(time.TimeOnly)
	case r.Resume == r.Checkpoint:
		holds = "the position this run resumed"
	}
	if !stopped {
		msg := "no checkpoint was written"
		if holds != "" {
			msg = fmt.Sprintf("%s is stale, holding %s", r.Checkpoint, holds)
		}
		fmt.Fprintf(stderr, "xcover: warning: the search is complete, but its final checkpoint was not saved (%v): %s\n", r.final, msg)
		return code
	}
	msg := "no checkpoint was written: the work of this run is lost"
	if holds != "" {
		msg = fmt.Sprintf("%s holds %s: the work since is lost", r.Checkpoint, holds)
	}
	exitcode.Print(code, stderr) // how it stopped, then what was lost
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
		return fmt.Errorf("--resume %s: this checkpoint is of %s; resume it %s", r.Resume, was, how)
	}
	if ck.List != list || ck.Limit != cfg.MaxSolutions {
		flags := goalFlags(ck)
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

// searchError turns what a driven search with engine returned besides
// its statistics into the command's error; early says whether it came
// before any output (the search did not start), else it is reported after
// the output. The context's errors are left to the statistics (nil).
func (r *scale) searchError(err error, engine exactcover.Engine) (early, late error) {
	var wp *exactcover.WorkerPanic
	switch {
	case err == nil:
		return nil, nil
	case errors.Is(err, exactcover.ErrCheckpointMismatch), errors.Is(err, exactcover.ErrCheckpoint):
		return searchcmd.Usage("solve", "--resume %s: %v", r.Resume, err), nil
	case errors.Is(err, exactcover.ErrBadPartial), errors.Is(err, exactcover.ErrInconsistentPart):
		return searchcmd.Usage("solve", "--partial: %v", err), nil
	case errors.Is(err, exactcover.ErrNoTree):
		return searchcmd.Usage("solve", "--engine learn: %v", err), nil
	case errors.Is(err, exactcover.ErrEngineUnsupported):
		return searchcmd.Usage("solve", "--engine %s: %v", engine, err), nil
	case errors.As(err, &wp):
		return nil, exitcode.With(exitcode.Stopped, fmt.Errorf("stopped by an internal error (please report it): %v; a checkpoint, if any, holds the last good position\n%s", wp.Value, wp.Stack))
	}
	return nil, nil // a checkpoint not written: see scale.finish
}
