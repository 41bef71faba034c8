package reduce_test

import (
	"context"
	"errors"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
)

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		p    exactcover.Problem
		want error
	}{
		{"bounds", exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 2}}, Options: []exactcover.Option{exactcover.NewOption("A")}}, reduce.ErrMultiplicities},
		{"no primary", exactcover.Problem{Secondary: []string{"X"}}, exactcover.ErrNoPrimaryItems},
		{"unknown", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A", "B")}}, exactcover.ErrUnknownItem},
		{"repeated", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A", "A")}}, exactcover.ErrRepeatedItem},
		{"duplicate", exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"A"}}, exactcover.ErrDuplicateItem},
		{"colored primary", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A:1")}}, exactcover.ErrColorOnPrimary},
		{"empty option", exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{{}}}, exactcover.ErrEmptyOption},
		{"empty name", exactcover.Problem{Primary: []string{""}}, exactcover.ErrEmptyItemName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reduce.Reduce(context.Background(), &tt.p, reduce.Config{})
			if !errors.Is(err, tt.want) || r != nil {
				t.Errorf("Reduce = %v, %v; want nil, %v", r, err, tt.want)
			}
			if _, err := exactcover.New(&tt.p); tt.want != reduce.ErrMultiplicities && !errors.Is(err, tt.want) {
				t.Errorf("exactcover.New says %v, Reduce %v", err, tt.want)
			}
		})
	}
}

// A reduction stopped by its context returns a problem with the same
// solutions: here the original, untouched.
func TestStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &exactcover.Problem{Primary: []string{"A", "B"}, Options: []exactcover.Option{exactcover.NewOption("A", "B"), exactcover.NewOption("A")}}
	r, err := reduce.Reduce(ctx, p, reduce.Config{})
	if !errors.Is(err, context.Canceled) || r == nil || len(r.Problem.Options) != 2 || r.Rounds != 0 {
		t.Fatalf("Reduce = %+v, %v", r, err)
	}
}

// An infeasible problem reduces to its empty primary item alone.
func TestInfeasible(t *testing.T) {
	p := &exactcover.Problem{Primary: []string{"A", "B", "C"}, Options: []exactcover.Option{exactcover.NewOption("A", "B"), exactcover.NewOption("B", "C")}}
	r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
	if err != nil || !r.Infeasible || len(r.Problem.Options) != 0 || len(r.Problem.Primary) != 1 {
		t.Fatalf("Reduce = %+v, %v", r, err)
	}
}
