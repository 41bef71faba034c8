package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// Checkpoints of solve --min-cost and --best K: the file keeps the K best
// solutions found and the parts of the search left (see
// exactcover.CostCheckpoint); a resumed search goes on with their cut-off.

// readCostCheckpoint reads the checkpoint of a search for the cheapest
// solutions at path.
func readCostCheckpoint(path string) (*exactcover.CostCheckpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return exactcover.ReadCostCheckpoint(f)
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

// configureCost sets the checkpoint and the resume of a search for the k
// cheapest solutions that the flags ask for: the checkpoint to resume,
// read and checked to be of such a search for k (the problem, solutions
// and units are checked by Cheapest), and the sink that saves the
// position to the file of --checkpoint (or of --resume).
func (r *scale) configureCost(c *cli.Context, e *env, cfg *exactcover.CostConfig, k int, out *searchcmd.Writer) error {
	if cfg.Engine == exactcover.EngineBits && (r.resume != "" || r.checkpoint != "") {
		return searchcmd.Usage(c.Command.Name, "--engine bits does not save checkpoints of a search for the cheapest solutions: give --engine sparse or dlx (or auto, which picks one of them) with --checkpoint or --resume")
	}
	if r.resume != "" {
		ck, err := readCostCheckpoint(e.Path(r.resume))
		if err != nil {
			if plain, perr := readCheckpoint(e.Path(r.resume)); perr == nil {
				how := "without --min-cost or --best"
				if flags := goalFlags(plain.Goal); flags != "" {
					how += ", with " + flags
				}
				return searchcmd.Usage(c.Command.Name, "--resume %s: this checkpoint is of a search that %s, not for the cheapest solutions; resume it %s", r.resume, plain.Goal, how)
			}
			return r.unreadable(c, err)
		}
		if ck.Best != k {
			return searchcmd.Usage(c.Command.Name, "--resume %s: this checkpoint is of a search for %s; resume it with %s", r.resume, cheapestWhat(ck.Best), cheapestFlags(ck.Best))
		}
		cfg.Resume = ck
		if cfg.Engine == exactcover.EngineAuto {
			cfg.Engine = ck.Engine
		}
	}
	if r.checkpoint == "" {
		return nil
	}
	cfg.CheckpointEvery = r.every
	cfg.Checkpoint = func(ck *exactcover.CostCheckpoint) error { return r.save(e, out, ck.Running, ck.MarshalBinary) }
	return nil
}

// costResumeError turns what Cheapest said of the checkpoint it resumed
// into the command's error: another problem, or a file whose solutions or
// units are not the problem's.
func (r *scale) costResumeError(c *cli.Context, err error) error {
	if errors.Is(err, exactcover.ErrCheckpointMismatch) || errors.Is(err, exactcover.ErrCheckpoint) {
		return searchcmd.Usage(c.Command.Name, "--resume %s: %v", r.resume, err)
	}
	return err
}
