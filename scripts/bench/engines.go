package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The -engines mode measures xcover's engines against each other, not
// against a peer: every engine on every shared instance, for each
// question auto answers in its own way (count every solution, find the
// first, prove the solution unique), and prints the markdown table of
// docs/engines.md's auto section: which engine wins, by how much, and
// what auto picks. Every engine of a row must give the same answer (the
// count, or the verdicts of a batch of puzzles); a row whose engines
// disagree stops there and the command exits 1.

// The engines compared, in the table's order; auto runs last in each
// round.
var benchEngines = []string{"dlx", "sparse", "bits", "learn"}

// engineCap is a run's bound in the -engines mode: an engine that takes
// longer on a row is shown as slower than the bound and not run again.
// The table compares engines that are within a few times of each other,
// and the slowest engines of a row (learn counting, dlx on a 16×16
// Sudoku with few clues) can take hours.
const engineCap = 90 * time.Second

// sudokuBatch is how many puzzles of a 9×9 set a Sudoku row solves: the
// sets hold up to 49,158 puzzles, and the slowest engine would take
// minutes on all of them, while a few thousand settle the ratio.
const sudokuBatch = 2000

// A question is what a row asks.
type question struct {
	name string   // as the table says it
	args []string // xcover solve's flags for it
}

var (
	qCount  = question{"count", []string{"--count"}}
	qFirst  = question{"first", []string{"--limit", "1"}}
	qUnique = question{"unique", []string{"--limit", "2"}}
)

// An engineCase is one instance of the table: a problem in DLX format
// (for xcover solve) or a batch of Sudoku puzzles (for xcover sudoku
// --unique), and the questions asked of it.
type engineCase struct {
	in        *input
	sudoku    bool
	questions []question
}

// engineCases are the instances of the table: the shared exact-cover and
// MCC instances, and the Sudoku sets.
func engineCases() []engineCase {
	all := []question{qCount, qFirst, qUnique}
	quick := []question{qFirst, qUnique} // counting takes minutes or more
	var cs []engineCase
	for _, f := range []string{"queens-8", "queens-10", "queens-12", "queens-13", "queens-14",
		"pent-3x20", "pent-4x15", "pent-5x12", "pent-6x10-sym", "pent-6x10",
		"sudoku-17clue", "sudoku-inkala2012", "sudoku-escargot", "sudoku-goldennugget",
		"sudoku-multi-65k", "sudoku-multi-823k", "knuth-example", "color-example"} {
		cs = append(cs, engineCase{in: sharedFile("exactcover/" + f + ".dlx"), questions: all})
	}
	for _, f := range []string{"mcc-knuth", "mcc-queens2-6", "mcc-queens2-7", "mcc-queens2-8",
		"mcc-tetra-6x6", "mcc-tetra-5x8", "mcc-tetra-4x10"} {
		cs = append(cs, engineCase{in: sharedFile("mcc/" + f + ".dlx"), questions: all})
	}
	cs = append(cs, engineCase{in: sharedFile("mcc/mcc-queens2-9.dlx"), questions: quick})
	for _, f := range []string{"9x9/puzzles2_17_clue.txt", "9x9/puzzles3_magictour_top1465.txt",
		"9x9/puzzles5_forum_hardest_1905_11+.txt", "9x9/puzzles7_serg_benchmark.txt"} {
		cs = append(cs, engineCase{in: firstLines(sharedFile("sudoku/"+f), sudokuBatch), sudoku: true,
			questions: []question{qUnique}})
	}
	for _, f := range []string{"gecode/gecode_16x16.txt", "vu_kr/16x16.txt"} {
		in := sharedFile("sudoku/" + f)
		if dir, base := filepath.Split(f); !strings.HasPrefix(base, filepath.Clean(dir)) {
			in.name = filepath.Clean(dir) + "_" + base // vu_kr's files are named by their size alone
		}
		cs = append(cs, engineCase{in: in, sudoku: true, questions: []question{qUnique}})
	}
	return cs
}

// firstLines is the first n lines of in.
func firstLines(in *input, n int) *input {
	return &input{name: fmt.Sprintf("%s-%d.txt", trimExt(in.name), n), needs: []*input{in},
		from: fmt.Sprintf("made by the script: the first %d lines of %s", n, in.from),
		make: func(_ *env, needs []string) ([]byte, error) {
			data, err := os.ReadFile(needs[0])
			if err != nil {
				return nil, err
			}
			lines := bytes.SplitAfter(data, []byte("\n"))
			return bytes.Join(lines[:min(n, len(lines))], nil), nil
		}}
}

// An engineRun is what one engine did on a row: its CPU times, or why
// it has none.
type engineRun struct {
	cpu     []time.Duration
	refused string // the engine does not take the problem or the question
	capped  bool   // a run took longer than engineCap
	picked  string // for auto: the engine its summary names
}

// An engineRow is one instance and question with every engine's runs.
type engineRow struct {
	c       engineCase
	q       question
	shape   string
	answer  string // the answer every engine gave
	runs    map[string]*engineRun
	skipped string
	failed  string
}

// measureEngines runs the -engines mode: every row, then the table.
func measureEngines(ctx context.Context, o options, e *env, stdout, stderr io.Writer) error {
	tmp, err := os.MkdirTemp("", "xcover-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	e.tmp = tmp
	if e.xcover, err = buildXcover(ctx, o.xcover, e.root, tmp, stderr); err != nil {
		return err
	}
	r := &runner{dir: tmp, pin: pinning(o.cpu), timeout: min(o.timeout, engineCap)}
	start, load := time.Now(), loadAverage()
	var rows []*engineRow
	stopped := false
	for _, c := range engineCases() {
		for _, q := range c.questions {
			row := &engineRow{c: c, q: q, runs: map[string]*engineRun{}}
			name := c.in.name + "/" + q.name
			if o.only != nil && !o.only.MatchString(name) {
				continue
			}
			if err := e.ensure(c.in); err != nil {
				row.skipped = err.Error()
				fmt.Fprintf(stderr, "%s: skipped: %s\n", name, row.skipped)
			} else {
				row.shape = shapeOf(e.path(c.in), c.sudoku)
				if err := row.measure(ctx, r, e, o.runs, stderr); err != nil {
					return err
				}
			}
			stopped = stopped || row.failed != ""
			rows = append(rows, row)
		}
	}
	var b bytes.Buffer
	writeEngineTable(&b, rows, o.runs, time.Since(start), load, loadAverage())
	if err := writeOut(o, b.Bytes(), stdout); err != nil {
		return err
	}
	if stopped {
		return errDisagree
	}
	return nil
}

// measure runs every engine and auto on the row, in rounds (each
// engine once a round, in turn), checking that all give one answer.
func (row *engineRow) measure(ctx context.Context, r *runner, e *env, runs int, log io.Writer) error {
	name := row.c.in.name + "/" + row.q.name
	engines := append(slices.Clone(benchEngines), "auto")
	for i := range runs {
		for _, eng := range engines {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			run := row.runs[eng]
			if run == nil {
				run = &engineRun{}
				row.runs[eng] = run
			}
			if run.refused != "" || run.capped {
				continue
			}
			if eng == "learn" && row.q.name == qCount.name {
				run.refused = "lists by blocking each solution"
				continue
			}
			s, err := r.run(ctx, row.command(e, eng))
			if err != nil {
				switch {
				case ctx.Err() != nil:
					return ctx.Err()
				case strings.Contains(err.Error(), "no answer within"):
					run.capped = true
				case bytes.Contains(s.stderr, []byte("engine")) || bytes.Contains(s.stderr, []byte("refuse")):
					run.refused = lastLine(s.stderr)
				default:
					row.failed = eng + ": " + err.Error()
				}
				if row.failed != "" {
					fmt.Fprintf(log, "%s: FAILED: %s\n", name, row.failed)
					return nil
				}
				fmt.Fprintf(log, "%s: %s: %s\n", name, eng, err)
				continue
			}
			ans, picked, err := row.read(s)
			if err != nil {
				row.failed = eng + ": " + err.Error()
			} else if row.answer != "" && ans != row.answer {
				row.failed = fmt.Sprintf("%s answered %s, the others %s", eng, clip(ans), clip(row.answer))
			}
			if row.failed != "" {
				fmt.Fprintf(log, "%s: FAILED: %s\n", name, row.failed)
				return nil
			}
			row.answer = ans
			run.picked = picked
			run.cpu = append(run.cpu, s.cpu)
			fmt.Fprintf(log, "%s: %d/%d %s %s\n", name, i+1, runs, eng, seconds(s.cpu))
		}
	}
	return nil
}

// command is xcover answering the row's question with engine eng.
func (row *engineRow) command(e *env, eng string) command {
	path := e.path(row.c.in)
	if row.c.sudoku {
		return command{argv: []string{e.xcover, "sudoku", "--unique", "-j", "1", "--json", "--engine", eng, path}}
	}
	argv := append([]string{e.xcover, "solve", "-j", "1", "--json", "--engine", eng}, row.q.args...)
	return command{argv: append(argv, path)}
}

// read is a run's answer (the count of solutions found, or every
// puzzle's verdict) and the engine its summary names.
func (row *engineRow) read(s sample) (answer, engine string, err error) {
	var sum struct {
		Type      string         `json:"type"`
		Solutions *int64         `json:"solutions"`
		Engine    string         `json:"engine"`
		Verdicts  map[string]int `json:"verdicts"`
	}
	var verdicts strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(s.stdout))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Bytes()
		var obj struct {
			Type     string `json:"type"`
			Index    int    `json:"index"`
			Status   string `json:"status"`
			Solution string `json:"solution"`
		}
		if err := json.Unmarshal(line, &obj); err != nil {
			return "", "", fmt.Errorf("not JSON: %s", clip(string(line)))
		}
		switch obj.Type {
		case "summary":
			if err := json.Unmarshal(line, &sum); err != nil {
				return "", "", err
			}
		case "puzzle":
			// A puzzle with several solutions shows one, which engines
			// may find in different orders: only a unique one is compared.
			if obj.Status != "unique" {
				obj.Solution = ""
			}
			fmt.Fprintf(&verdicts, "%d %s %s\n", obj.Index, obj.Status, obj.Solution)
		}
	}
	if sum.Type != "summary" || sum.Solutions == nil {
		return "", "", errors.New("no summary on stdout")
	}
	if row.c.sudoku {
		return fmt.Sprintf("%v\n%s", sum.Verdicts, digest(verdicts.String())), sum.Engine, nil
	}
	return fmt.Sprint(*sum.Solutions), sum.Engine, nil
}

// digest is a short fingerprint of a long answer.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}
