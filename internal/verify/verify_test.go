package verify

import (
	"fmt"
	"strings"
	"testing"

	"xcover/exactcover"
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
// same sets of options: every subset of the options of the two small
// problems, and the malformed problems above.
func TestCheckerAgrees(t *testing.T) {
	for _, p := range []*exactcover.Problem{&knuth, &colors} {
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
		if accepted != 1 {
			t.Errorf("%d subsets accepted, want the one solution", accepted)
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
