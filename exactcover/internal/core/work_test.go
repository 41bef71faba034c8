package core_test

import (
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestCountersAdd checks that every counter adds up.
func TestCountersAdd(t *testing.T) {
	for _, tc := range []struct{ a, b, want core.Counters }{
		{core.Counters{}, core.Counters{}, core.Counters{}},
		{core.Counters{Solutions: 1, Nodes: 2, Updates: 3, Cleansings: 4}, core.Counters{}, core.Counters{Solutions: 1, Nodes: 2, Updates: 3, Cleansings: 4}},
		{core.Counters{Solutions: 1, Nodes: 2, Updates: 3, Cleansings: 4}, core.Counters{Solutions: 10, Nodes: 20, Updates: 30, Cleansings: 40},
			core.Counters{Solutions: 11, Nodes: 22, Updates: 33, Cleansings: 44}},
	} {
		got := tc.a
		got.Add(tc.b)
		if got != tc.want {
			t.Errorf("%+v + %+v = %+v, want %+v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestCommonPrefix checks the steps two paths begin with alike, for paths
// in their own memory and for prefixes of one array.
func TestCommonPrefix(t *testing.T) {
	s := func(item, option int32) core.Step { return core.Step{Item: item, Option: option} }
	shared := []core.Step{s(0, 1), s(1, 2), s(2, 3), s(3, 4)}
	for _, tc := range []struct {
		name string
		a, b []core.Step
		want int
	}{
		{"both empty", nil, nil, 0},
		{"one empty", nil, shared, 0},
		{"equal", []core.Step{s(0, 1), s(1, 2)}, []core.Step{s(0, 1), s(1, 2)}, 2},
		{"a prefix", []core.Step{s(0, 1)}, []core.Step{s(0, 1), s(1, 2)}, 1},
		{"parting at the second step", []core.Step{s(0, 1), s(1, 2), s(2, 3)}, []core.Step{s(0, 1), s(1, 5), s(2, 3)}, 1},
		{"parting at the first step", []core.Step{s(0, 1)}, []core.Step{s(0, 2)}, 0},
		{"another item", []core.Step{s(0, 1)}, []core.Step{s(1, 1)}, 0},
		{"taken and excluded", []core.Step{s(0, 1)}, []core.Step{{Item: 0, Option: 1, Exclude: true}}, 0},
		{"prefixes of one array", shared[:4], shared[:2], 2},
		{"one array, the other way", shared[:1], shared[:3], 1},
	} {
		if got := core.CommonPrefix(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
