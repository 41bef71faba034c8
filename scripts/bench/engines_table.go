package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// shapeOf describes the problem in path as auto sees it: items (primary
// and secondary), options, the primary items' average number of options,
// and whether secondary items carry colors and items bounds; for a
// batch of Sudoku puzzles, their number and size.
func shapeOf(path string, sudoku bool) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "?"
	}
	if sudoku {
		lines := bytes.Fields(data)
		if len(lines) == 0 {
			return "no puzzles"
		}
		n := 1
		for n*n*n*n < len(lines[0]) {
			n++
		}
		return fmt.Sprintf("%d puzzles %d×%d", len(lines), n*n, n*n)
	}
	var primary, secondary map[string]bool
	options, uses := 0, 0
	colors, bounds := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "|") {
			continue
		}
		if primary == nil {
			primary, secondary = map[string]bool{}, map[string]bool{}
			into := primary
			for _, it := range f {
				if it == "|" {
					into = secondary
					continue
				}
				if i := strings.LastIndexByte(it, '|'); i >= 0 {
					bounds, it = true, it[i+1:]
				}
				into[it] = true
			}
			continue
		}
		options++
		for _, it := range f {
			if i := strings.IndexByte(it, ':'); i >= 0 {
				colors, it = true, it[:i]
			}
			if primary[it] {
				uses++
			}
		}
	}
	shape := fmt.Sprintf("%d items", len(primary))
	if len(secondary) > 0 {
		shape += fmt.Sprintf(" + %d secondary", len(secondary))
	}
	shape += fmt.Sprintf(", %d options, %.1f per item", options, float64(uses)/float64(max(len(primary), 1)))
	if colors {
		shape += ", colors"
	}
	if bounds {
		shape += ", bounds"
	}
	return shape
}

// startUpOnly is the CPU time under which a row names no winner: a
// process of xcover takes several milliseconds to start, and getrusage
// counts CPU time in ticks of a few milliseconds, so below it the
// engines' differences are noise.
const startUpOnly = 30 * time.Millisecond

// A timed engine is an engine's median CPU time on a row.
type timed struct {
	engine string
	t      time.Duration
}

// writeEngineTable prints the rows as markdown: each engine's median CPU
// time, the fastest and its margin over the next, and what auto picked
// with its time against the fastest's. Rows where every engine took less
// than startUpOnly are named after the table, not in it.
func writeEngineTable(w io.Writer, rows []*engineRow, runs int, took time.Duration, load0, load1 float64) {
	fmt.Fprintf(w, "| instance | shape | question | answer | %s | fastest | auto |\n", strings.Join(benchEngines, " | "))
	fmt.Fprintf(w, "|---|---|---|---:|%s---|---|\n", strings.Repeat("---:|", len(benchEngines)))
	var quick []string // "instance (question, question)", in the rows' order
	for _, row := range rows {
		name := strings.TrimSuffix(strings.TrimSuffix(row.c.in.name, ".dlx"), ".txt")
		switch {
		case row.skipped != "":
			fmt.Fprintf(w, "| %s | | %s | skipped: %s |%s | |\n", name, row.q.name, row.skipped, strings.Repeat(" |", len(benchEngines)))
			continue
		case row.failed != "":
			fmt.Fprintf(w, "| %s | %s | %s | **stopped: %s** |%s | |\n", name, row.shape, row.q.name, row.failed, strings.Repeat(" |", len(benchEngines)))
			continue
		}
		cells, ok := engineCells(row)
		if len(ok) > 0 && ok[len(ok)-1].t < startUpOnly {
			if n := len(quick); n > 0 && strings.HasPrefix(quick[n-1], name+" (") {
				quick[n-1] = strings.TrimSuffix(quick[n-1], ")") + ", " + row.q.name + ")"
			} else {
				quick = append(quick, name+" ("+row.q.name+")")
			}
			continue
		}
		answer := row.answer
		if row.c.sudoku {
			answer, _, _ = strings.Cut(answer, "\n")
			answer = strings.TrimPrefix(answer, "map")
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |", name, row.shape, row.q.name, answer, strings.Join(cells, " | "))
		switch len(ok) {
		case 0:
			fmt.Fprint(w, " |")
		case 1:
			fmt.Fprintf(w, " %s |", ok[0].engine)
		default:
			fmt.Fprintf(w, " %s (%.2f × %s) |", ok[0].engine, ok[0].t.Seconds()/ok[1].t.Seconds(), ok[1].engine)
		}
		auto := row.runs["auto"]
		switch {
		case auto == nil || len(auto.cpu) == 0:
			fmt.Fprint(w, " |\n")
		default:
			t := median(cpuSamples(auto.cpu))
			picked := auto.picked
			if picked == "" {
				picked = "sudoku front end"
			}
			ratio := ""
			if len(ok) > 0 {
				ratio = fmt.Sprintf(", %.2f × %s", t.Seconds()/ok[0].t.Seconds(), ok[0].engine)
			}
			fmt.Fprintf(w, " %s: %s%s |\n", picked, seconds(t), ratio)
		}
	}
	fmt.Fprintf(w, "\nCPU time of the whole process (user + system), median of %d runs pinned to one core, "+
		"the engines in turn; `-j 1`. \"—\": the engine does not take the problem, or is not asked to count "+
		"(learn lists solutions by blocking each, which is not for counts). "+
		"The load average went from %.1f to %.1f over the %s the table took.\n", runs, load0, load1, took.Round(time.Second))
	if len(quick) > 0 {
		fmt.Fprintf(w, "\nEvery engine took less than %s, mostly the process's start-up, so these rows name no winner: %s.\n",
			seconds(startUpOnly), strings.Join(quick, "; "))
	}
}

// engineCells are the table's cells of a row's engines, and the engines
// that have a time, fastest first.
func engineCells(row *engineRow) (cells []string, ok []timed) {
	for _, eng := range benchEngines {
		run := row.runs[eng]
		switch {
		case run == nil || run.refused != "":
			cells = append(cells, "—")
		case run.capped:
			cells = append(cells, "> "+seconds(engineCap))
		default:
			t := median(cpuSamples(run.cpu))
			ok = append(ok, timed{eng, t})
			cells = append(cells, seconds(t))
		}
	}
	slices.SortStableFunc(ok, func(a, b timed) int { return int(a.t - b.t) })
	return cells, ok
}

// cpuSamples wraps CPU times as samples, for median.
func cpuSamples(ts []time.Duration) []sample {
	s := make([]sample, len(ts))
	for i, t := range ts {
		s[i].cpu = t
	}
	return s
}
