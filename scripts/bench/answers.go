package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// An answer is what a program said, reduced to what both programs of a
// pair must agree on.
type answer struct {
	key  string // compared between xcover and the peer
	show string // what the table's answer column says
	// extra is a figure the programs need not share, shown beside the
	// answer: the size of the ZDD each made.
	extra string
}

// A reader turns a run's outputs into its answer.
type reader func(s sample) (answer, error)

var (
	altogether = regexp.MustCompile(`Altogether (\d+) solutions?\b`) // "1 solution" for one
	nodesRe    = regexp.MustCompile(`(\d+) nodes`)
	zddNodesRe = regexp.MustCompile(`(\d+) ZDD nodes`)
	dollars    = regexp.MustCompile(`\$(\d+)(?: \(repeated (\d+) times\))?`)
	costLine   = regexp.MustCompile(`(?m)^cost (\d+)$`)
	removedRe  = regexp.MustCompile(`removed (\d+) of (\d+) options and (\d+) of (\d+) items`)
)

// solutions is a count of solutions as the table shows it.
func solutions(n string) answer { return answer{key: n, show: thousands(n)} }

// xcoverCount reads the count xcover prints on stdout.
func xcoverCount(s sample) (answer, error) {
	n := strings.TrimSpace(string(s.stdout))
	if !isDigits(n) {
		return answer{}, fmt.Errorf("no count on stdout: %q", clip(n))
	}
	return solutions(n), nil
}

// knuthCount reads the count on the last line Knuth's programs write to
// stderr ("Altogether 92 solutions, …").
func knuthCount(s sample) (answer, error) {
	m := altogether.FindSubmatch(s.stderr)
	if m == nil {
		return answer{}, fmt.Errorf("no \"Altogether N solutions\" on stderr: %s", lastLine(s.stderr))
	}
	return solutions(string(m[1])), nil
}

// withNodes adds the search nodes that the summary line on stderr gives
// (xcover's --stats, Knuth's last line) to a count: xcover's dancing
// links count nodes as Knuth's DLX1, DLX2 and DLX3 do, so they must agree
// on them too.
func withNodes(count reader) reader {
	return func(s sample) (answer, error) {
		a, err := count(s)
		if err != nil {
			return a, err
		}
		m := nodesRe.FindSubmatch(lastSummary(s.stderr))
		if m == nil {
			return a, fmt.Errorf("no node count on stderr: %s", lastLine(s.stderr))
		}
		a.key += " solutions, " + string(m[1]) + " nodes"
		return a, nil
	}
}

// lastSummary is the line of stderr that starts "Altogether".
func lastSummary(stderr []byte) []byte {
	i := bytes.LastIndex(stderr, []byte("Altogether"))
	if i < 0 {
		return nil
	}
	line, _, _ := bytes.Cut(stderr[i:], []byte("\n"))
	return line
}

// costs is a list of costs, cheapest first, as an answer.
func costs(cs []string) answer {
	show := "cost " + cs[0]
	if len(cs) > 1 {
		show = fmt.Sprintf("%d costs, %s to %s", len(cs), cs[0], cs[len(cs)-1])
	}
	return answer{key: strings.Join(cs, " "), show: show}
}

// xcoverMinCost reads the last "cost N" that solve --min-cost prints: the
// cheapest.
func xcoverMinCost(s sample) (answer, error) {
	m := costLine.FindAllSubmatch(s.stdout, -1)
	if m == nil {
		return answer{}, errors.New(`no "cost N" line on stdout`)
	}
	return costs([]string{string(m[len(m)-1][1])}), nil
}

// xcoverBest reads the costs that solve --best K prints, cheapest first.
func xcoverBest(s sample) (answer, error) {
	var cs []string
	for _, m := range costLine.FindAllSubmatch(s.stdout, -1) {
		cs = append(cs, string(m[1]))
	}
	if cs == nil {
		return answer{}, errors.New(`no "cost N" line on stdout`)
	}
	return costs(cs), nil
}

// dlx5Costs reads what DLX5 writes last on stderr: "The optimum cost is
// $57", or "The optimum costs are:" and a line " $63 (repeated 3 times)"
// per cost.
func dlx5Costs(s sample) (answer, error) {
	_, tail, ok := bytes.Cut(s.stderr, []byte("The optimum cost"))
	if !ok {
		return answer{}, fmt.Errorf("no optimum cost on stderr: %s", lastLine(s.stderr))
	}
	var cs []string
	for _, m := range dollars.FindAllSubmatch(tail, -1) {
		times := 1
		if m[2] != nil {
			times, _ = strconv.Atoi(string(m[2]))
		}
		for range times {
			cs = append(cs, string(m[1]))
		}
	}
	if cs == nil {
		return answer{}, fmt.Errorf("no cost after %q", "The optimum cost")
	}
	return costs(cs), nil
}

// reduced reads a reduced problem from stdout (xcover reduce, DLX-PRE):
// its items and options, token by token, comments and spacing aside, as
// a digest; they must be the same problem in the same order.
func reduced(s sample) (answer, error) {
	h := sha256.New()
	options := -1
	sc := bufio.NewScanner(bytes.NewReader(s.stdout))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "|") {
			continue
		}
		options++
		fmt.Fprintln(h, strings.Join(fields, " "))
	}
	if options < 0 {
		return answer{}, errors.New("no problem on stdout")
	}
	return answer{key: hex.EncodeToString(h.Sum(nil)),
		show: fmt.Sprintf("the same %s options", thousands(strconv.Itoa(options)))}, nil
}

// xcoverReduced is reduced, shown with what xcover says it removed.
func xcoverReduced(s sample) (answer, error) {
	a, err := reduced(s)
	if m := removedRe.FindSubmatch(s.stderr); err == nil && m != nil {
		a.show = fmt.Sprintf("%s of %s options, %s of %s items removed",
			thousands(string(m[1])), thousands(string(m[2])), thousands(string(m[3])), thousands(string(m[4])))
	}
	return a, err
}

// zddCount reads a count and the ZDD's size: xcover prints the count on
// stdout and "N ZDD nodes" with --stats; DLX6 both on its last line,
// where its nodes include the two sinks.
func zddCount(count reader) reader {
	return func(s sample) (answer, error) {
		a, err := count(s)
		if err != nil {
			return a, err
		}
		if m := zddNodesRe.FindSubmatch(s.stderr); m != nil {
			a.extra = thousands(string(m[1])) + " ZDD nodes"
		}
		return a, nil
	}
}

// verdicts reads one verdict per puzzle, in order: 0 (no solution), 1
// (unique) or 2 (two or more), as the digest of the sequence, and shows
// how many of each.
func verdicts(vs []byte) answer {
	n := [3]int{}
	for _, v := range vs {
		n[v-'0']++
	}
	var parts []string
	for i, name := range []string{"none", "unique", "multiple"} {
		if n[i] > 0 {
			parts = append(parts, thousands(strconv.Itoa(n[i]))+" "+name)
		}
	}
	sum := sha256.Sum256(vs)
	return answer{key: hex.EncodeToString(sum[:]), show: strings.Join(parts, ", ")}
}

// xcoverVerdicts reads xcover sudoku --unique: a line per puzzle,
// "unique<TAB>solution", "multiple" or "none".
func xcoverVerdicts(s sample) (answer, error) {
	var vs []byte
	for _, l := range strings.Split(strings.TrimSpace(string(s.stdout)), "\n") {
		word, _, _ := strings.Cut(l, "\t")
		switch word {
		case "none":
			vs = append(vs, '0')
		case "unique":
			vs = append(vs, '1')
		case "multiple":
			vs = append(vs, '2')
		default:
			return answer{}, fmt.Errorf("puzzle %d: %q is no verdict", len(vs)+1, clip(l))
		}
	}
	return verdicts(vs), nil
}

// tdokuVerdicts reads the tdoku driver: a count per puzzle, 0, 1 or 2.
func tdokuVerdicts(s sample) (answer, error) {
	var vs []byte
	for _, l := range strings.Split(strings.TrimSpace(string(s.stdout)), "\n") {
		if l != "0" && l != "1" && l != "2" {
			return answer{}, fmt.Errorf("puzzle %d: %q is not 0, 1 or 2", len(vs)+1, clip(l))
		}
		vs = append(vs, l[0])
	}
	return verdicts(vs), nil
}

// qqwingVerdicts reads qqwing --solve --count-solutions --csv: a header,
// then "solution,count," per puzzle.
func qqwingVerdicts(s sample) (answer, error) {
	lines := strings.Split(strings.TrimSpace(string(s.stdout)), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "Solution,") {
		return answer{}, errors.New("no CSV header on stdout")
	}
	var vs []byte
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if len(f) < 2 {
			return answer{}, fmt.Errorf("puzzle %d: %q", len(vs)+1, clip(l))
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return answer{}, fmt.Errorf("puzzle %d: %q", len(vs)+1, clip(l))
		}
		vs = append(vs, byte('0'+min(n, 2)))
	}
	return verdicts(vs), nil
}

// xcoverUnique reads xcover sudoku --unique on one puzzle: its verdict
// and, when unique, its solution.
func xcoverUnique(s sample) (answer, error) {
	l := strings.TrimSpace(string(s.stdout))
	word, grid, _ := strings.Cut(l, "\t")
	switch word {
	case "unique":
		return answer{key: "unique " + grid, show: "unique"}, nil
	case "multiple", "none":
		return answer{key: word, show: word}, nil
	}
	return answer{}, fmt.Errorf("%q is no verdict", clip(l))
}

// thousands writes the digits of n in groups of three.
func thousands(n string) string {
	var b strings.Builder
	for i, c := range n {
		if i > 0 && (len(n)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// isDigits says whether n is a count: digits only, of any length (xcover
// counts beyond 64 bits).
func isDigits(n string) bool {
	if n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
