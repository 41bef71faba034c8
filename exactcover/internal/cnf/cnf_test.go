package cnf_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/cnf"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// projected returns the solutions of f projected on its first n
// variables, found by the learning engine, blocking each projection: the
// sorted caller indices of the options true, sorted.
func projected(t *testing.T, p *core.Problem, f *cnf.Formula) []string {
	t.Helper()
	n := p.NumOptions()
	s := learn.FromClauses(f.NVars, f.Clauses)
	var found []string
	for {
		var chosen []int
		st := s.Solve(learn.Limits{MaxSolutions: 1}, func(sol []int) bool {
			for _, v := range sol {
				if v < n {
					chosen = append(chosen, v)
				}
			}
			return false
		})
		if st == core.Complete {
			break
		}
		if !enginetest.Valid(p, chosen) {
			t.Fatalf("the CNF's model %v is no solution of\n%s", chosen, enginetest.Describe(p))
		}
		block := make([]int32, n)
		keys := make([]int, 0, len(chosen))
		for v := range n {
			block[v] = int32(v + 1)
		}
		for _, v := range chosen {
			block[v] = -int32(v + 1)
			keys = append(keys, int(p.Caller[v]))
		}
		slices.Sort(keys)
		found = append(found, fmt.Sprint(keys))
		s.AddClause(block)
	}
	slices.Sort(found)
	return found
}

func TestRoundTripAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	trials := 1500
	if testtier.Short() {
		trials = 150
	}
	for trial := range trials {
		p := enginetest.Random(r, trial%2 == 1)
		f := cnf.Encode(p)
		var buf bytes.Buffer
		if err := f.Write(&buf, "a test", p.NumOptions(), func(k int) string { return fmt.Sprint("option ", k) }); err != nil {
			t.Fatal(err)
		}
		back, err := cnf.Read(&buf, "test.cnf")
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if back.NVars != f.NVars || !slices.EqualFunc(back.Clauses, f.Clauses, slices.Equal) {
			t.Fatalf("trial %d: read back differs", trial)
		}
		got, want := projected(t, p, back), enginetest.BruteForce(p)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: CNF's solutions %v, brute force %v\n%s", trial, got, want, enginetest.Describe(p))
		}
	}
}

// TestSequentialCounter checks the counter beyond PairwiseMax: an item
// with many options, at most one of them (and at most two, three with
// bounds) must have exactly the brute force's solutions.
func TestSequentialCounter(t *testing.T) {
	for _, tc := range []struct{ n, lo, hi int }{{40, 1, 1}, {12, 2, 3}, {9, 0, 4}, {7, 5, 6}} {
		// One primary item used by n options, each with its own second
		// primary item of bounds [0,1].
		p := &core.Problem{NPrimary: tc.n + 1, NItems: tc.n + 1, Begin: []int32{0}}
		p.Lo, p.Hi = []int32{int32(tc.lo)}, []int32{int32(tc.hi)}
		for k := range tc.n {
			p.Lo, p.Hi = append(p.Lo, 0), append(p.Hi, 1)
			p.Items = append(p.Items, 0, int32(k+1))
			p.Begin = append(p.Begin, int32(len(p.Items)))
			p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
		}
		got := len(projected(t, p, cnf.Encode(p)))
		want := 0 // sum of binomials C(n, j) for lo ≤ j ≤ hi
		for j := tc.lo; j <= tc.hi; j++ {
			c := 1
			for i := range j {
				c = c * (tc.n - i) / (i + 1)
			}
			want += c
		}
		if got != want {
			t.Errorf("%+v: %d solutions, want %d", tc, got, want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "f:1:1: expected the header"},
		{"1 2 0\n", "f:1:1: expected the header"},
		{"p cnf 2 1\n1 3 0\n", "f:2:3: expected a literal from -2 to 2, found \"3\""},
		{"p cnf 2 1\n1 2\n", "f:2:4: expected 0 to end the last clause"},
		{"p cnf 2 2\n1 2 0\n", "f:3:1: expected 2 clauses, found 1"},
		{"p cnf 2 1\n1 0 2 0\n", "f:2:5: more clauses than the header's 1"},
		{"p cnf x 1\n", "f:1:7: expected a number of variables"},
		{"p cnf 2 1\np cnf 2 1\n", "f:2:1: a second header"},
		{"p dnf 2 1\n", "f:1:1: expected the header"},
	} {
		_, err := cnf.Read(strings.NewReader(tc.in), "f")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %s", tc.in, err, tc.want)
		}
	}
}

// FuzzRead checks that whatever Read accepts, Write writes so that Read
// reads it back the same.
func FuzzRead(f *testing.F) {
	f.Add("c hello\np cnf 3 2\n1 -2 0\n3\n0\n")
	f.Add("p cnf 0 1\n0\n")
	f.Fuzz(func(t *testing.T, in string) {
		form, err := cnf.Read(strings.NewReader(in), "f")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := form.Write(&buf, "", 0, nil); err != nil {
			t.Fatal(err)
		}
		back, err := cnf.Read(&buf, "f")
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		if back.NVars != form.NVars || !slices.EqualFunc(back.Clauses, form.Clauses, slices.Equal) {
			t.Fatal("read back differs")
		}
	})
}
