package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// satCodes are a SAT solver's exit codes: 10 satisfiable, 20 not.
var satCodes = []int{10, 20}

// optionLabel matches the comment that xcover convert --to cnf writes for
// each option of a Sudoku ("c 7 option 7: r1c2 r1#4 c2#4 b1#4 (r1c2=4)"):
// the variable, and the cell and value of its label.
var optionLabel = regexp.MustCompile(`^c (\d+) option \d+: .*\(r(\d+)c(\d+)=(\d+)\)$`)

// satUnique is how a SAT solver proves a Sudoku unique: solve the CNF of
// its exact cover; if it has a model, solve it again, fresh, with that
// model's options blocked (one clause: not all of them again). Unique
// means a model, then none. The two runs' CPU times add up; the clause
// is written between them, untimed (it takes a read of the model).
func satUnique(bin, puzzle, cnf, dir string) side {
	blocked := filepath.Join(dir, strings.TrimSuffix(filepath.Base(cnf), ".cnf")+"-blocked.cnf")
	first := command{argv: []string{bin, "-q", cnf}, codes: satCodes}
	second := command{argv: []string{bin, "-q", blocked}, codes: satCodes}
	return side{
		cmds: []command{first, second},
		measure: func(ctx context.Context, r *runner) (sample, answer, error) {
			s, err := r.run(ctx, first)
			if err != nil {
				return s, answer{}, err
			}
			model, sat, err := satModel(s.stdout)
			if err != nil || !sat {
				return s, answer{key: "none", show: "none"}, err
			}
			grid, err := blockModel(puzzle, cnf, blocked, model)
			if err != nil {
				return s, answer{}, err
			}
			s2, err := r.run(ctx, second)
			s.cpu += s2.cpu
			s.wall += s2.wall
			s.maxRSS = max(s.maxRSS, s2.maxRSS)
			if err != nil {
				return s, answer{}, err
			}
			if _, again, err := satModel(s2.stdout); err != nil || again {
				return s, answer{key: "multiple", show: "multiple"}, err
			}
			return s, answer{key: "unique " + grid, show: "unique"}, nil
		},
	}
}

// satModel reads a solver's output in the competition format: "s
// SATISFIABLE" and "v" lines of literals, or "s UNSATISFIABLE". It
// returns the variables set true.
func satModel(out []byte) (map[int]bool, bool, error) {
	model := map[int]bool{}
	status := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "s "):
			status = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "v "):
			for _, f := range strings.Fields(line[2:]) {
				v, err := strconv.Atoi(f)
				if err != nil {
					return nil, false, fmt.Errorf("model: %q is no literal", f)
				}
				if v > 0 {
					model[v] = true
				}
			}
		}
	}
	switch status {
	case "SATISFIABLE":
		return model, true, nil
	case "UNSATISFIABLE":
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("no \"s SATISFIABLE\" or \"s UNSATISFIABLE\" line: %s", lastLine(out))
}

// blockModel writes to blocked the CNF of cnf with one more clause that
// rules out model's options, and returns the solution the model gives
// the puzzle: its givens, and the value of each option set true, in the
// symbols xcover prints (1–9, then A, B, …).
func blockModel(puzzle, cnf, blocked string, model map[int]bool) (string, error) {
	p, err := os.ReadFile(puzzle)
	if err != nil {
		return "", err
	}
	grid := []byte(strings.TrimSpace(string(p)))
	n := int(math.Sqrt(float64(len(grid))))
	if n*n != len(grid) {
		return "", fmt.Errorf("%s: not one square grid on a line", puzzle)
	}
	data, err := os.ReadFile(cnf)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	var clause []string
	header := false
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if m := optionLabel.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			v, _ := strconv.Atoi(m[1])
			if model[v] {
				r, _ := strconv.Atoi(m[2])
				c, _ := strconv.Atoi(m[3])
				val, _ := strconv.Atoi(m[4])
				if r < 1 || r > n || c < 1 || c > n || val < 1 || val > n {
					return "", fmt.Errorf("%s: option %d puts %d in r%dc%d of a %d×%d grid", cnf, v, val, r, c, n, n)
				}
				grid[(r-1)*n+c-1] = symbol(val)
				clause = append(clause, "-"+m[1])
			}
		}
		if f := strings.Fields(line); !header && len(f) == 4 && f[0] == "p" && f[1] == "cnf" {
			clauses, err := strconv.Atoi(f[3])
			if err != nil {
				return "", fmt.Errorf("%s: %q", cnf, line)
			}
			line = fmt.Sprintf("p cnf %s %d\n", f[2], clauses+1)
			header = true
		}
		out.WriteString(line)
	}
	if !header || len(clause) == 0 {
		return "", errors.New(cnf + ": no header or no option of the model named in its comments")
	}
	out.WriteString(strings.Join(clause, " ") + " 0\n")
	return string(grid), os.WriteFile(blocked, out.Bytes(), 0o644)
}

// symbol is how xcover writes value v of a grid: 1–9, then A for 10, B
// for 11 and so on.
func symbol(v int) byte {
	if v < 10 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}
