package verify

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// knuth is the 7-item example of Knuth, "Dancing Links" (2000), all items
// primary; its only solution is options 0 (C E F), 3 (A D) and 4 (B G).
var knuth = exactcover.Problem{
	Primary: []string{"A", "B", "C", "D", "E", "F", "G"},
	Options: []exactcover.Option{
		exactcover.NewOption("C", "E", "F"),
		exactcover.NewOption("A", "D", "G"),
		exactcover.NewOption("B", "C", "F"),
		exactcover.NewOption("A", "D"),
		exactcover.NewOption("B", "G"),
		exactcover.NewOption("D", "E", "G"),
	},
}

// colors is the color example of the shared data (color-example.dlx), with
// X and Y secondary; its only solution is options 1 and 3.
var colors = exactcover.Problem{
	Primary:   []string{"A", "B", "C"},
	Secondary: []string{"X", "Y"},
	Options: []exactcover.Option{
		exactcover.NewOption("A", "B", "X:0", "Y:0"),
		exactcover.NewOption("A", "C", "X:1", "Y:1"),
		exactcover.NewOption("X:0", "Y:1"),
		exactcover.NewOption("B", "X:1"),
		exactcover.NewOption("C", "Y:1"),
		exactcover.NewOption("B", "X"),
		exactcover.NewOption("C", "X:1"),
	},
}

// mcc is the example in the documentation of Knuth's DLX3 (the shared
// mcc-knuth.dlx): C must be covered two or three times; its only solution
// is options 1 (A C X:1 Y:1), 3 (B X:1) and 4 (C Y:1).
var mcc = exactcover.Problem{
	Primary:   []string{"A", "B", "C"},
	Bounds:    []exactcover.Bounds{{Lo: 1, Hi: 1}, {Lo: 1, Hi: 1}, {Lo: 2, Hi: 3}},
	Secondary: []string{"X", "Y"},
	Options: []exactcover.Option{
		exactcover.NewOption("A", "B", "X:0", "Y:0"),
		exactcover.NewOption("A", "C", "X:1", "Y:1"),
		exactcover.NewOption("C", "X:0"),
		exactcover.NewOption("B", "X:1"),
		exactcover.NewOption("C", "Y:1"),
	},
}

// upTo2 has one primary item A to be covered at most twice, and a
// secondary item S.
var upTo2 = exactcover.Problem{
	Primary:   []string{"A"},
	Bounds:    []exactcover.Bounds{{Lo: 0, Hi: 2}},
	Secondary: []string{"S"},
	Options: []exactcover.Option{
		exactcover.NewOption("A", "S:x"),
		exactcover.NewOption("A", "S:x"),
		exactcover.NewOption("A"),
		exactcover.NewOption("A", "S"),
	},
}

func TestSolution(t *testing.T) {
	tests := []struct {
		name    string
		p       *exactcover.Problem
		options []int
		wantErr string // "" for a valid solution
	}{
		{"knuth solution", &knuth, []int{0, 3, 4}, ""},
		{"knuth solution any order", &knuth, []int{4, 0, 3}, ""},
		{"knuth primary twice", &knuth, []int{0, 1, 2}, `primary item "C" covered by options 0 and 2`},
		{"knuth missing item", &knuth, []int{0, 3}, `primary item "B" not covered`},
		{"knuth empty", &knuth, nil, `primary item "A" not covered`},
		{"knuth out of range", &knuth, []int{6}, "out of range"},
		{"knuth negative", &knuth, []int{-1}, "out of range"},
		{"knuth option twice", &knuth, []int{3, 3}, "chosen twice"},
		{"colors solution", &colors, []int{1, 3}, ""},
		{"colors clash", &colors, []int{0, 4}, `secondary item "Y" has colors "0" (option 0) and "1" (option 4)`},
		// Option 2 (X:0 Y:1) clashes on X's color before its missing
		// primary item is noticed.
		{"colors clash first", &colors, []int{1, 3, 2}, `secondary item "X" has colors "1" (option 1) and "0" (option 2)`},
		{"colors no primary", &colors, []int{2}, "option 2 has no primary item"},
		{"uncolored then colored", &colors, []int{5, 6, 0}, "once without a color"},
		{"mcc solution", &mcc, []int{4, 1, 3}, ""},
		{"mcc below lower bound", &mcc, []int{1, 3}, `primary item "C" covered once, fewer than its lower bound 2`},
		{"mcc exactly once still", &mcc, []int{0, 1, 3, 4}, `primary item "A" covered by options 0 and 1`},
		{"mcc colors still", &mcc, []int{1, 3, 4, 2}, `secondary item "X" has colors "1" (option 1) and "0" (option 2)`},
		{"mcc option twice", &mcc, []int{1, 3, 4, 4}, "option 4 chosen twice"},
		{"up to 2: none", &upTo2, nil, ""},
		{"up to 2: two sharing a color", &upTo2, []int{0, 1}, ""},
		{"up to 2: three", &upTo2, []int{0, 1, 2}, `primary item "A" covered 3 times (the last by option 2), more than its upper bound 2`},
		{"up to 2: uncolored S", &upTo2, []int{0, 3}, "once without a color"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Solution(tt.p, tt.options)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Solution(%v) = %v, want nil", tt.options, err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Solution(%v) = nil, want error containing %q", tt.options, tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Solution(%v) = %v, want error containing %q", tt.options, err, tt.wantErr)
			}
		})
	}
}

func TestSolutionMalformedProblem(t *testing.T) {
	tests := []struct {
		name    string
		p       exactcover.Problem
		options []int
		wantErr string
	}{
		{"duplicate declaration", exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A")}}, []int{0}, "declared twice"},
		{"unknown item", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A", "Z")}}, []int{0}, `unknown item "Z"`},
		{"repeated item", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A", "A")}}, []int{0}, "repeated"},
		{"color on primary", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A:1")}}, []int{0}, "primary item \"A\" has color"},
		{"no primary item", exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"S"}, Options: []exactcover.Option{exactcover.NewOption("A"), exactcover.NewOption("S")}}, []int{0, 1}, "has no primary item"},
		{"secondary colored together", exactcover.Problem{Primary: []string{"A", "B"}, Secondary: []string{"S"}, Options: []exactcover.Option{exactcover.NewOption("A", "S:x"), exactcover.NewOption("B", "S:x")}}, []int{0, 1}, ""},
		{"secondary twice uncolored", exactcover.Problem{Primary: []string{"A", "B"}, Secondary: []string{"S"}, Options: []exactcover.Option{exactcover.NewOption("A", "S"), exactcover.NewOption("B", "S")}}, []int{0, 1}, "without a color"},
		{"secondary unused", exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"S"}, Options: []exactcover.Option{exactcover.NewOption("A")}}, []int{0}, ""},
		{"bounds for too few items", exactcover.Problem{Primary: []string{"A", "B"}, Bounds: []exactcover.Bounds{{Lo: 1, Hi: 2}}, Options: []exactcover.Option{exactcover.NewOption("A", "B")}}, []int{0}, "1 bounds for 2 primary items"},
		{"lower above upper", exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 2, Hi: 1}}, Options: []exactcover.Option{exactcover.NewOption("A")}}, []int{0}, `primary item "A" has bounds 2..1`},
		{"upper zero", exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 0}}, Options: []exactcover.Option{exactcover.NewOption("A")}}, nil, `primary item "A" has bounds 0..0`},
		{"negative lower", exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: -1, Hi: 1}}, Options: []exactcover.Option{exactcover.NewOption("A")}}, nil, `primary item "A" has bounds -1..1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Solution(&tt.p, tt.options)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Solution = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Solution = %v, want error containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestCheckerAgrees checks that Checker and Solution accept exactly the
// same sets of options: every subset of the options of the small problems
// above, whose solutions are known.
func TestCheckerAgrees(t *testing.T) {
	for _, p := range []*exactcover.Problem{&knuth, &colors, &mcc, &upTo2} {
		c := NewChecker(p)
		n := len(p.Options)
		accepted := 0
		for mask := 0; mask < 1<<n; mask++ {
			var options []int
			for k := 0; k < n; k++ {
				if mask&(1<<k) != 0 {
					options = append(options, k)
				}
			}
			errS, errC := Solution(p, options), c.Check(options)
			if (errS == nil) != (errC == nil) {
				t.Errorf("%v: Solution says %v, Checker says %v", options, errS, errC)
			}
			if errS == nil {
				accepted++
			}
		}
		// upTo2's solutions: no option (A may stay uncovered), any one of
		// the four, and the pairs {0, 1} (S with the same color), {0, 2},
		// {1, 2} and {2, 3} (option 2 leaves S alone): 9.
		if want := map[*exactcover.Problem]int{&upTo2: 9}[p]; accepted != max(want, 1) {
			t.Errorf("%d subsets accepted, want %d", accepted, max(want, 1))
		}
	}
}

// TestBruteForce: Knuth's 7-item example has exactly the one solution of
// his paper, {A D}, {B G}, {C E F}; an option without a primary item is
// never part of a solution.
func TestBruteForce(t *testing.T) {
	p := &exactcover.Problem{
		Primary:   []string{"A", "B", "C", "D", "E", "F", "G"},
		Secondary: []string{"x"},
		Options: []exactcover.Option{
			exactcover.NewOption("C", "E", "F"), exactcover.NewOption("A", "D", "G"),
			exactcover.NewOption("B", "C", "F"), exactcover.NewOption("A", "D"),
			exactcover.NewOption("B", "G"), exactcover.NewOption("D", "E", "G"),
			exactcover.NewOption("x"),
		},
	}
	got := BruteForce(p)
	if len(got) != 1 || fmt.Sprint(got[0]) != "[0 3 4]" {
		t.Fatalf("BruteForce = %v, want [[0 3 4]]", got)
	}
}

// TestBruteForceOrder: solutions come in increasing order of the subsets'
// bit masks; with bounds, the empty set is a solution when every lower
// bound is 0.
func TestBruteForceOrder(t *testing.T) {
	tests := []struct {
		name string
		p    *exactcover.Problem
		want string
	}{
		{"mcc", &mcc, "[[1 3 4]]"},
		{"up to 2", &upTo2, "[[] [0] [1] [0 1] [2] [0 2] [1 2] [3] [2 3]]"},
		{"colors", &colors, "[[1 3]]"},
		{"no options", &exactcover.Problem{Primary: []string{"A"}}, "[]"},
		{"bad bounds", &exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 2, Hi: 1}}, Options: []exactcover.Option{exactcover.NewOption("A")}}, "[]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(BruteForce(tt.p)); got != tt.want {
			t.Errorf("%s: BruteForce = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// twoPerLine is the n×n board with two marks in every row and column (each
// item r_i and c_j covered exactly twice), one option per square, and no
// other constraint.
func twoPerLine(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	for _, line := range []string{"r", "c"} {
		for i := range n {
			p.Primary = append(p.Primary, fmt.Sprint(line, i))
			p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: 2, Hi: 2})
		}
	}
	for r := range n {
		for c := range n {
			p.Options = append(p.Options, exactcover.NewOption(fmt.Sprint("r", r), fmt.Sprint("c", c)))
		}
	}
	return p
}

// TestBruteForceTwoPerLine counts the n×n 0-1 matrices with two 1s in every
// row and column: OEIS A001499 gives 1, 6, 90, 2040, 67950 for n = 2…6.
func TestBruteForceTwoPerLine(t *testing.T) {
	want := []int{2: 1, 3: 6, 4: 90, 5: 2040, 6: 67950}
	for n := 2; n <= 6; n++ {
		if n == 6 && testtier.Short() {
			continue
		}
		if got := len(BruteForce(twoPerLine(n))); got != want[n] {
			t.Errorf("n = %d: %d solutions, want %d (OEIS A001499)", n, got, want[n])
		}
	}
}

// randomMCC makes a small problem with bounds, secondary items and colors.
func randomMCC(r *rand.Rand) *exactcover.Problem {
	p := &exactcover.Problem{}
	nPrimary, nSecondary := 1+r.IntN(4), r.IntN(3)
	for i := range nPrimary {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
		lo := r.IntN(3)
		p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: lo, Hi: max(lo, 1) + r.IntN(2)})
	}
	for i := range nSecondary {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	all := append(slices.Clone(p.Primary), p.Secondary...)
	for range r.IntN(13) {
		var o exactcover.Option
		for _, i := range r.Perm(len(all))[:1+r.IntN(min(3, len(all)))] {
			ref := exactcover.ItemRef{Name: all[i]}
			if i >= nPrimary && r.IntN(3) > 0 {
				ref.Color = string(rune('a' + r.IntN(2)))
			}
			o.Items = append(o.Items, ref)
		}
		p.Options = append(p.Options, o)
	}
	return p
}

// TestBruteForcePruning checks BruteForce's pruned enumeration against the
// plainest one there is, every subset of the options checked by Solution,
// on random problems with bounds, colors and secondary items.
func TestBruteForcePruning(t *testing.T) {
	testtier.Slow(t) // one goroutine: the race detector made it seconds
	r := rand.New(rand.NewPCG(10, 20))
	total := 0
	for run := range 2000 {
		p := randomMCC(r)
		var want [][]int
		for mask := 0; mask < 1<<len(p.Options); mask++ {
			var sol []int
			for k := range p.Options {
				if mask&(1<<k) != 0 {
					sol = append(sol, k)
				}
			}
			if Solution(p, sol) == nil {
				want = append(want, sol)
			}
		}
		got := BruteForce(p)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("run %d: BruteForce = %v, every subset gives %v\n%+v", run, got, want, p)
		}
		total += len(want)
	}
	if total < 1000 {
		t.Errorf("only %d solutions in all: the random problems are too hard to test anything", total)
	}
}
