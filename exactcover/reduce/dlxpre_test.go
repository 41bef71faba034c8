package reduce_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/specs"
)

// update rewrites testdata/random.txt and testdata/wide.txt from Knuth's
// DLX-PRE, whose path XCOVER_DLXPRE must give (see testdata/README.md).
var update = flag.Bool("update", false, "rewrite testdata/random.txt and testdata/wide.txt with the output of $XCOVER_DLXPRE")

// dlxpreText writes r as DLX-PRE writes its output when run with v9: the
// items on one line, each option on its own, followed by a comment naming
// its original number, counted among the options that have a primary
// item (DLX-PRE numbers only those); an infeasible problem as the name of
// its empty primary item alone.
func dlxpreText(p *exactcover.Problem, r *reduce.Result) string {
	var b strings.Builder
	if r.Infeasible {
		b.WriteString(r.Problem.Primary[0] + "\n")
		return b.String()
	}
	number := make([]int, len(p.Options)) // original index → DLX-PRE's number
	n := 0
	primary := map[string]bool{}
	for _, name := range p.Primary {
		primary[name] = true
	}
	for k, o := range p.Options {
		for _, ref := range o.Items {
			if primary[ref.Name] {
				n++
				number[k] = n
				break
			}
		}
	}
	q := &r.Problem
	for _, name := range q.Primary {
		b.WriteString(" " + name)
	}
	if len(q.Secondary) > 0 {
		b.WriteString(" |")
		for _, name := range q.Secondary {
			b.WriteString(" " + name)
		}
	}
	b.WriteString("\n")
	for k, o := range q.Options {
		for _, ref := range o.Items {
			b.WriteString(" " + ref.String())
		}
		fmt.Fprintf(&b, "\n| (from %d)\n", number[r.Original[k]])
	}
	return b.String()
}

func parse(t testing.TB, name string, data []byte) *exactcover.Problem {
	t.Helper()
	sp, err := specs.Parse(name, data, specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	return &sp.Problem
}

// eachBlockTest runs f once with each form of Reduce's tests (on
// counts, on bit sets): both must give DLX-PRE's output.
func eachBlockTest(t *testing.T, f func(t *testing.T)) {
	for name, test := range reduce.BlockTests {
		t.Run(name, func(t *testing.T) {
			defer reduce.SetBlockTest(test)()
			f(t)
		})
	}
}

// TestDLXPRE compares the reduction of each testdata/NAME.dlx with
// testdata/NAME.pre, DLX-PRE's output, and with its figures (removed
// options, removed items, rounds) in testdata/dlx-pre.tsv.
func TestDLXPRE(t *testing.T) { eachBlockTest(t, testDLXPRE) }

func testDLXPRE(t *testing.T) {
	figures := readFigures(t)
	files, _ := filepath.Glob("testdata/*.dlx")
	if len(files) == 0 {
		t.Fatal("no testdata/*.dlx")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".dlx")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(file, ".dlx") + ".pre")
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, file, data)
			r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := dlxpreText(p, r); got != string(want) {
				t.Errorf("reduced problem differs from DLX-PRE's:\n%s\nwant\n%s", got, want)
			}
			f, ok := figures[name]
			if !ok {
				t.Fatalf("no figures for %s in testdata/dlx-pre.tsv", name)
			}
			// DLX-PRE does not count the options without a primary item,
			// which it drops on input.
			dropped := 0
			for k := range p.Options {
				if !hasPrimary(p, k) {
					dropped++
				}
			}
			if got := [3]int{r.RemovedOptions - dropped, r.RemovedItems, r.Rounds}; got != f {
				t.Errorf("removed options, removed items, rounds = %v, DLX-PRE says %v", got, f)
			}
		})
	}
}

func hasPrimary(p *exactcover.Problem, k int) bool {
	for _, ref := range p.Options[k].Items {
		for _, name := range p.Primary {
			if ref.Name == name {
				return true
			}
		}
	}
	return false
}

// readFigures reads testdata/dlx-pre.tsv: name, options removed, items
// removed and rounds, as DLX-PRE reports them on stderr.
func readFigures(t *testing.T) map[string][3]int {
	data, err := os.ReadFile("testdata/dlx-pre.tsv")
	if err != nil {
		t.Fatal(err)
	}
	figures := map[string][3]int{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 {
			continue // header
		}
		var v [3]int
		for j := range v {
			if v[j], err = strconv.Atoi(f[j+1]); err != nil {
				t.Fatalf("dlx-pre.tsv line %d: %v", i+1, err)
			}
		}
		figures[f[0]] = v
	}
	return figures
}

// Random instances for DLX-PRE: dense enough that both reductions fire
// often, with colors, options without primary items, and items no option
// uses. Names fit DLX-PRE's limits (eight characters, one-character colors).
func randomDLX(r *rand.Rand) string {
	nPrimary, nSecondary := 1+r.IntN(6), r.IntN(4)
	var b strings.Builder
	name := writeItems(&b, nPrimary, nSecondary)
	for range 1 + r.IntN(16) {
		for j, i := range r.Perm(nPrimary + nSecondary)[:1+r.IntN(min(4, nPrimary+nSecondary))] {
			if j > 0 {
				b.WriteString(" ")
			}
			b.WriteString(name(i))
			if i >= nPrimary && r.IntN(2) == 0 {
				b.WriteString(":" + string(rune('a'+r.IntN(2))))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// writeItems writes the items line of a random instance: primary items
// p0, p1, …, secondary ones s0, s1, …; it returns the name of item i.
func writeItems(b *strings.Builder, nPrimary, nSecondary int) func(i int) string {
	name := func(i int) string {
		if i < nPrimary {
			return "p" + strconv.Itoa(i)
		}
		return "s" + strconv.Itoa(i-nPrimary)
	}
	for i := range nPrimary + nSecondary {
		if i == nPrimary {
			b.WriteString(" |")
		}
		if i > 0 || i == nPrimary {
			b.WriteString(" ")
		}
		b.WriteString(name(i))
	}
	b.WriteString("\n")
	return name
}

// randomSet is a file of random instances, each with DLX-PRE's output.
type randomSet struct {
	file      string
	instances int
	seed      [2]uint64
	instance  func(*rand.Rand) string
}

// randomSets are the files of random instances: random.txt, small ones
// whose reductions fire often; wide.txt, a few hundred options each, so
// that the bit-set test's rows have several words.
var randomSets = []randomSet{
	{"testdata/random.txt", 400, [2]uint64{20, 2026}, randomDLX},
	{"testdata/wide.txt", 30, [2]uint64{36, 4}, randomWideDLX},
}

// TestRandomDLXPRE compares the reductions of the random instances in
// testdata/random.txt and testdata/wide.txt with DLX-PRE's output, kept
// beside each.
func TestRandomDLXPRE(t *testing.T) {
	for _, set := range randomSets {
		t.Run(filepath.Base(set.file), func(t *testing.T) {
			if *update {
				writeRandom(t, set)
			}
			eachBlockTest(t, func(t *testing.T) { testRandomDLXPRE(t, set) })
		})
	}
}

func testRandomDLXPRE(t *testing.T, set randomSet) {
	data, err := os.ReadFile(set.file)
	if err != nil {
		t.Fatal(err)
	}
	cases := splitRandom(t, set.file, data)
	if len(cases) != set.instances {
		t.Fatalf("%d instances in %s, want %d", len(cases), set.file, set.instances)
	}
	changed := 0
	for i, c := range cases {
		p := parse(t, fmt.Sprintf("instance %d", i+1), []byte(c[0]))
		r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if got := dlxpreText(p, r); got != c[1] {
			t.Errorf("instance %d:\n%s\nreduced to\n%s\nDLX-PRE says\n%s", i+1, c[0], got, c[1])
		}
		if fired(r) {
			changed++
		}
	}
	if changed < set.instances/4 {
		t.Errorf("only %d instances of %d reduced: the test is too easy", changed, set.instances)
	}
}

// The file holds "=== instance N", the instance, "=== dlx-pre", its
// output, for each instance.
const instanceMark, outputMark = "=== instance ", "=== dlx-pre"

func splitRandom(t *testing.T, file string, data []byte) [][2]string {
	var cases [][2]string
	part := -1 // 0: in an instance, 1: in its output
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, instanceMark):
			cases, part = append(cases, [2]string{}), 0
		case line == outputMark && part == 0:
			part = 1
		case part < 0:
			t.Fatalf("%s: %q before the first instance", file, line)
		default:
			cases[len(cases)-1][part] += line + "\n"
		}
	}
	return cases
}

// writeRandom writes a file of random instances and what DLX-PRE (v9:
// with the original numbers) makes of them.
func writeRandom(t *testing.T, set randomSet) {
	bin := os.Getenv("XCOVER_DLXPRE")
	if bin == "" {
		t.Fatal("-update needs XCOVER_DLXPRE, the path of Knuth's dlx-pre")
	}
	r := rand.New(rand.NewPCG(set.seed[0], set.seed[1]))
	var b bytes.Buffer
	for i := range set.instances {
		in := set.instance(r)
		cmd := exec.Command(bin, "v9")
		cmd.Stdin = strings.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("dlx-pre on\n%s: %v", in, err)
		}
		fmt.Fprintf(&b, "%s%d\n%s%s\n%s", instanceMark, i+1, in, outputMark, out)
	}
	if err := os.WriteFile(set.file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
