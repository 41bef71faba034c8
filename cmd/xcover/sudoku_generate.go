package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/problems/sudoku"
)

// sudokuGenerateOptions is what "xcover sudoku generate" is asked.
type sudokuGenerateOptions struct {
	IO *iostreams.IO
	searchcmd.Request
	Gen   sudoku.GenerateOptions // Box from --size; Seed, Symmetry, Clues
	Count int64                  // puzzles to generate
	// SeedGiven says that --seed chose the seed; without it the seed is
	// drawn, and --stats prints it.
	SeedGiven bool
	Output    sudoku.Format // --format
	// Difficulty keeps only the puzzles rated so: a level (simple, easy,
	// intermediate, expert) or a technique ("x-wing"); "": every one.
	Difficulty string
	// Variant is the kind of puzzle made (--variant).
	Variant sudoku.Variant
}

// maxGenerateCount bounds --count: a million 9×9 puzzles are an 82 MB
// file, more than any use of a batch of puzzles needs, and at a few
// hundred puzzles a second an hour's work.
const maxGenerateCount = 1_000_000

func newCmdSudokuGenerate(s *iostreams.IO, runF func(context.Context, *sudokuGenerateOptions) error) *cli.Command {
	return &cli.Command{Name: "generate", Usage: "make Sudoku puzzles with exactly one solution, minimal (no clue can go), of any size from 4×4 to 64×64",
		Flags: []cli.Flag{
			&cli.GenericFlag{Name: "size", Value: &cliparse.Count{N: 9, Min: 4, Max: sudoku.MaxSize}, Usage: "make `N`×N grids: 4, 9, 16, 25, 36, 49 or 64"},
			&cli.GenericFlag{Name: "count", Value: &cliparse.Count{N: 1, Min: 1, Max: maxGenerateCount}, Usage: "make `K` puzzles"},
			&cli.Uint64Flag{Name: searchcmd.FlagSeed, DefaultText: "a fresh seed each run, which --stats prints",
				Usage: "seed the draws with `S`: the same seed (and size, symmetry, --clues) gives the same puzzles, whatever -j"},
			&cli.StringFlag{Name: "symmetry", Value: "none", Usage: "keep the clues in a `PATTERN`: none, rotational (a half turn), quarter (a quarter turn), mirror (left-right) or diagonal (about the main diagonal)"},
			&cli.GenericFlag{Name: "clues", Value: &cliparse.Count{Min: 1}, DefaultText: "none: minimal puzzles", Usage: "stop taking clues away at `N` clues: an easier puzzle, not minimal"},
			&cli.GenericFlag{Name: searchcmd.FlagMaxNodes, Value: &cliparse.Count{Min: 1}, DefaultText: "no limit",
				Usage: "bound each uniqueness proof to `N` search-tree nodes (25×25 and larger: N conflicts of the clause-learning engine); a clue whose proof is cut short stays: the puzzle is unique, maybe not minimal"},
			&cli.StringFlag{Name: "variant", Value: "classic", Usage: "make puzzles of `VARIANT`: classic, x (diagonals), jigsaw (random regions) or killer (cages, no givens), written as \"xcover sudoku --variant VARIANT\" reads them"},
			&cli.StringFlag{Name: "difficulty", DefaultText: "any",
				Usage: "keep only puzzles of `LEVEL` (simple, easy, intermediate or expert, qqwing's scale) or rated a technique (\"hidden pair\", \"x-wing\", beyond: see --rate)"},
			searchcmd.FormatFlag("write the puzzles as `FORMAT`: line, block, numeric or pretty", "line"),
			searchcmd.JobsFlag("generate on `N` cores (the output keeps its order)", "every core"),
			&cli.GenericFlag{Name: searchcmd.FlagTimeout, Value: &cliparse.Duration{}, DefaultText: "none",
				Usage: "stop after `DURATION` (30s, 5m, 1h30m); print the puzzles made, exit 3"},
			&cli.BoolFlag{Name: searchcmd.FlagStats, Usage: "print a summary line on stderr: puzzles, clues, proofs, time, rate and the seed"},
		},
		Action: searchcmd.Action(s, parseSudokuGenerate, sudokuGenerateRun, runF)}
}

func parseSudokuGenerate(c *cli.Context, s *iostreams.IO) (*sudokuGenerateOptions, error) {
	const name = "sudoku generate"
	if c.NArg() > 0 {
		return nil, searchcmd.Usage(name, "takes no argument, got %q", c.Args().First())
	}
	o := &sudokuGenerateOptions{IO: s, Count: searchcmd.Count(c, "count"), Output: sudoku.Line}
	o.Timeout, o.Stats = searchcmd.Duration(c, searchcmd.FlagTimeout), c.Bool(searchcmd.FlagStats)
	o.Progress = searchcmd.ProgressOff
	if c.IsSet(searchcmd.FlagJobs) {
		o.Jobs = int(searchcmd.Count(c, searchcmd.FlagJobs))
	}
	size := int(searchcmd.Count(c, "size"))
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		if box*box == size {
			o.Gen.Box = box
		}
	}
	if o.Gen.Box == 0 {
		return nil, searchcmd.Usage(name, "--size %d: a Sudoku grid's side is a square: 4, 9, 16, 25, 36, 49 or 64", size)
	}
	var err error
	if o.Gen.Symmetry, err = sudoku.ParseSymmetry(c.String("symmetry")); err != nil {
		return nil, searchcmd.Usage(name, "--symmetry %q: expected %s", c.String("symmetry"), strings.Join(sudoku.SymmetryNames(), ", "))
	}
	o.Gen.MaxNodes = searchcmd.Count(c, searchcmd.FlagMaxNodes)
	if c.IsSet("clues") {
		o.Gen.Clues = int(searchcmd.Count(c, "clues"))
		if o.Gen.Clues >= size*size {
			return nil, searchcmd.Usage(name, "--clues %d: a %d×%d grid has %d cells; ask for fewer clues", o.Gen.Clues, size, size, size*size)
		}
	}
	if d := c.String("difficulty"); c.IsSet("difficulty") {
		_, errTech := sudoku.ParseTechnique(d)
		if errTech != nil && !slices.Contains(sudoku.Levels(), d) {
			return nil, searchcmd.Usage(name, "--difficulty %q: expected a level (%s) or a technique (%s)", d,
				strings.Join(sudoku.Levels(), ", "), techniqueNames())
		}
		o.Difficulty = d
	}
	if c.IsSet(searchcmd.FlagFormat) {
		if o.Output, err = sudoku.ParseFormat(c.String(searchcmd.FlagFormat)); err != nil || o.Output == sudoku.Auto {
			return nil, searchcmd.Usage(name, "--format %q: expected line, block, numeric or pretty", c.String(searchcmd.FlagFormat))
		}
	}
	if o.Variant, err = sudoku.ParseVariant(c.String("variant")); err != nil {
		return nil, searchcmd.Usage(name, "--variant %q: expected %s", c.String("variant"), strings.Join(sudoku.VariantNames(), ", "))
	}
	switch v := o.Variant; {
	case (v == sudoku.Jigsaw || v == sudoku.Killer) && c.IsSet(searchcmd.FlagFormat):
		return nil, searchcmd.Usage(name, "--variant %s writes its own form (each row's givens and map); drop --format", v)
	case v == sudoku.Killer && (c.IsSet("symmetry") || c.IsSet("clues")):
		return nil, searchcmd.Usage(name, "--variant killer makes puzzles with no givens, only cages; drop --symmetry and --clues")
	case v == sudoku.Jigsaw && o.Gen.Box > sudoku.MaxJigsawGenerateBox:
		return nil, searchcmd.Usage(name, "--variant jigsaw makes grids up to %d×%d (a random region map of a larger grid is seldom filled); --size %d", sudoku.MaxJigsawGenerateBox*sudoku.MaxJigsawGenerateBox, sudoku.MaxJigsawGenerateBox*sudoku.MaxJigsawGenerateBox, size)
	case v == sudoku.Killer && o.Gen.Box > sudoku.MaxKillerGenerateBox:
		return nil, searchcmd.Usage(name, "--variant killer makes grids up to %d×%d (the proofs that cages alone fix a larger grid take too long); --size %d", sudoku.MaxKillerGenerateBox*sudoku.MaxKillerGenerateBox, sudoku.MaxKillerGenerateBox*sudoku.MaxKillerGenerateBox, size)
	}
	if o.SeedGiven = c.IsSet(searchcmd.FlagSeed); o.SeedGiven {
		o.Gen.Seed = c.Uint64(searchcmd.FlagSeed)
	} else {
		o.Gen.Seed = uint64(time.Now().UnixNano())
	}
	return o, nil
}

// generated is the outcome of one puzzle of a run: the puzzle, whether it
// has the difficulty asked for (always, when none was), or an error.
type generated struct {
	p     *sudoku.Generated
	rules *sudoku.Rules // of a variant puzzle
	kept  bool
	err   error
}

// maxTriesPerPuzzle bounds the puzzles made for each one kept with
// --difficulty: a level one puzzle in a thousand reaches is not one to
// ask for this way (on 9×9, simple is the rarest, about 1 in 50).
const maxTriesPerPuzzle = 1000

// sudokuGenerateRun makes o.Count puzzles on o's workers and prints them in
// order as they come; a stop by --timeout or a signal prints those made.
// With --difficulty, puzzle i is made and rated for each index i in turn,
// and those of the difficulty asked are kept, so that the output is the
// same whatever the number of workers.
func sudokuGenerateRun(ctx context.Context, o *sudokuGenerateOptions) error {
	ctx, out, cancel := searchcmd.Begin(ctx, o.IO, &o.Request)
	defer cancel()
	start := time.Now()
	tries := o.Count
	if o.Difficulty != "" {
		tries = o.Count * maxTriesPerPuzzle
	}
	jobs := int(min(int64(o.Workers(true)), tries))
	// The workers stop when enough puzzles are kept (done) or the run
	// stops (ctx).
	work, done := context.WithCancel(ctx)
	defer done()
	// Workers run at most window puzzles ahead of the one printed next, so
	// that the puzzles held for their turn stay few.
	window := make(chan struct{}, 4*jobs)
	type indexed struct {
		i int64
		generated
	}
	results := make(chan indexed, jobs)
	var next int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gen, rater := sudoku.NewGenerator(), sudoku.NewSolver()
			vgen, vrater := sudoku.NewVariantGenerator(), sudoku.NewVariantSolver()
			for {
				select {
				case window <- struct{}{}:
				case <-work.Done():
					return
				}
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= tries {
					return
				}
				g := generated{kept: true}
				if o.Variant != sudoku.Classic {
					var vp *sudoku.GeneratedVariant
					if vp, g.err = vgen.Generate(work, o.Gen, o.Variant, uint64(i)); g.err == nil {
						g.p, g.rules = &vp.Generated, vp.Rules
					}
					if g.err == nil && o.Difficulty != "" {
						var rt *sudoku.VariantRating
						if rt, g.err = vrater.Rate(work, g.p.Puzzle, g.rules, sudoku.Config{}); g.err == nil {
							g.kept = o.Difficulty == rt.Hardest.String() || o.Difficulty == rt.Hardest.Level()
						}
					}
				} else {
					g.p, g.err = gen.Generate(work, o.Gen, uint64(i))
				}
				if g.err == nil && o.Difficulty != "" && o.Variant == sudoku.Classic {
					var rt *sudoku.Rating
					if rt, g.err = rater.Rate(work, g.p.Puzzle, sudoku.Config{}); g.err == nil {
						g.kept = o.Difficulty == rt.Hardest.String() || o.Difficulty == rt.Hardest.Level()
					}
				}
				select {
				case results <- indexed{i, g}:
				case <-work.Done():
					return
				}
				if g.err != nil {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	held := map[int64]generated{}
	var sum sudokuGenerateTally
	var failed error
	head := int64(0) // the next index to print or pass over
	for r := range results {
		held[r.i] = r.generated
		for sum.Puzzles < o.Count {
			g, ok := held[head]
			if !ok || g.err != nil {
				if ok && failed == nil && work.Err() == nil {
					failed = g.err
					done() // the others stop too
				}
				break
			}
			delete(held, head)
			head++
			sum.Tries++
			if g.kept {
				sum.add(g.p)
				if g.rules != nil {
					sum.Cages += int64(len(g.rules.Cages))
				}
				if g.rules != nil && g.rules.Variant != sudoku.XSudoku {
					writeGeneratedVariant(out, g.p.Puzzle, g.rules, sum.Puzzles)
				} else {
					writeGenerated(out, g.p.Puzzle, o.Output, sum.Puzzles)
				}
				out.Tick()
			}
			<-window
		}
		if sum.Puzzles == o.Count {
			done()
		}
	}
	took := time.Since(start)
	oc := searchcmd.Outcome{Found: true}
	if o.Stats {
		oc.Stats = sum.line(o, took, jobs)
	}
	switch {
	case failed != nil:
		return failed
	case ctx.Err() != nil && sum.Puzzles < o.Count:
		oc.Stopped = fmt.Errorf("%s after %s: %d of %s generated; those are printed", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0),
			report.Elapsed(took), sum.Puzzles, plural.Of(o.Count, "puzzle"))
	case sum.Puzzles < o.Count:
		oc.Found = false
		oc.None = fmt.Errorf("%d of %s rated %s in %d puzzles made (at most %d a puzzle asked for); those are printed",
			sum.Puzzles, plural.Of(o.Count, "puzzle"), o.Difficulty, sum.Tries, maxTriesPerPuzzle)
	}
	return searchcmd.End(out, o.IO, oc)
}

// writeGenerated writes puzzle k (from 1) of a run in format f, so that
// "xcover sudoku" reads the output back: numeric puzzles after their box
// side, block and pretty ones apart by a blank line, block 16×16 and 25×25
// grids in the judges' letters A–P and A–Y.
func writeGenerated(out *searchcmd.Writer, g *sudoku.Grid, f sudoku.Format, k int64) {
	buf := out.Scratch()
	buf.Reset()
	if k > 1 && (f == sudoku.Block || f == sudoku.Pretty) {
		buf.WriteByte('\n')
	}
	if f == sudoku.Numeric {
		fmt.Fprintf(buf, "%d\n", g.Box)
	}
	var alpha *sudoku.Alphabet
	if f == sudoku.Block && (g.Size() == 16 || g.Size() == 25) {
		alpha, _ = sudoku.NewAlphabet(sudoku.LetterSymbols[:g.Size()])
	}
	buf.Write(sudoku.AppendGrid(nil, g, f, alpha))
	out.Write(buf.Bytes())
}

// writeGeneratedVariant writes jigsaw or killer puzzle k (from 1) in the
// form "xcover sudoku --variant" reads, apart from the one before by a
// blank line.
func writeGeneratedVariant(out *searchcmd.Writer, g *sudoku.Grid, r *sudoku.Rules, k int64) {
	buf := out.Scratch()
	buf.Reset()
	if k > 1 {
		buf.WriteByte('\n')
	}
	buf.Write(sudoku.AppendVariant(nil, g, r))
	out.Write(buf.Bytes())
}

// sudokuGenerateTally adds up a run's puzzles for its --stats line.
type sudokuGenerateTally struct {
	Puzzles, Clues, Proofs, Nodes, Conflicts int64
	NotMinimal, Undecided                    int64
	Tries                                    int64 // puzzles made, kept or not (--difficulty)
	Cages                                    int64 // of killer puzzles
}

func (t *sudokuGenerateTally) add(p *sudoku.Generated) {
	t.Puzzles++
	t.Clues += int64(p.Clues)
	t.Proofs += int64(p.Proofs)
	t.Nodes += p.Nodes
	t.Conflicts += p.Conflicts
	if !p.Minimal {
		t.NotMinimal++
	}
	t.Undecided += int64(p.Undecided)
}

// line is the --stats line: "5 puzzles 9×9, minimal, 24.2 clues on
// average; 410 uniqueness proofs, 0 nodes; in 0.021 s on 2 of 2 cores:
// 238 puzzles/s; seed 1".
func (t *sudokuGenerateTally) line(o *sudokuGenerateOptions, took time.Duration, jobs int) string {
	n := o.Gen.Box * o.Gen.Box
	kind := "minimal"
	if t.NotMinimal > 0 {
		kind = fmt.Sprintf("%d not minimal", t.NotMinimal)
		if t.Undecided > 0 {
			kind += fmt.Sprintf(" (%s kept when --max-nodes cut their proof short)", plural.Of(t.Undecided, "clue"))
		}
	}
	if o.Gen.Symmetry != sudoku.NoSymmetry {
		kind += ", " + o.Gen.Symmetry.String()
	}
	what := fmt.Sprintf("%.1f clues", float64(t.Clues)/float64(max(t.Puzzles, 1)))
	if o.Variant == sudoku.Killer {
		kind, what = "no givens", fmt.Sprintf("%.1f cages", float64(t.Cages)/float64(max(t.Puzzles, 1)))
	}
	if o.Variant != sudoku.Classic {
		kind = o.Variant.String() + ", " + kind
	}
	s := fmt.Sprintf("%s %d×%d, %s, %s on average; %s, %s", plural.Of(t.Puzzles, "puzzle"), n, n, kind,
		what, plural.Of(t.Proofs, "uniqueness proof"), plural.Of(t.Nodes, "node"))
	if t.Conflicts > 0 {
		s += ", " + plural.Of(t.Conflicts, "conflict")
	}
	if o.Difficulty != "" {
		s += fmt.Sprintf("; rated %s: %d of %d made", o.Difficulty, t.Puzzles, t.Tries)
	}
	return s + fmt.Sprintf("; in %s on %d of %d cores: %s puzzles/s; seed %d", report.Elapsed(took), jobs, runtime.GOMAXPROCS(0),
		perSecond(float64(t.Puzzles)/max(took.Seconds(), 1e-9)), o.Gen.Seed)
}

// techniqueNames lists the techniques' names for a message.
func techniqueNames() string {
	var names []string
	for _, t := range sudoku.Techniques() {
		names = append(names, t.String())
	}
	return strings.Join(names, ", ")
}
