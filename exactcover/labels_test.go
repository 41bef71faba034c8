package exactcover

import (
	"slices"
	"testing"
)

func TestFindOption(t *testing.T) {
	p := &Problem{Primary: []string{"a", "b"}, Options: []Option{
		{Label: "first", Items: []ItemRef{{Name: "a"}}},
		{Label: "0", Items: []ItemRef{{Name: "b"}}},
		{Label: "x,y", Items: []ItemRef{{Name: "a"}, {Name: "b"}}},
		{Label: "twice", Items: []ItemRef{{Name: "a"}}},
		{Label: "twice", Items: []ItemRef{{Name: "b"}}},
	}}
	for _, tc := range []struct {
		ref  string
		want int
		err  string
	}{
		{ref: "1", want: 0},
		{ref: " 5 ", want: 4},
		{ref: "first", want: 0},
		{ref: "label:0", want: 1},
		{ref: "label:x,y", want: 2},
		{ref: "0", err: `option 0: expected a number from 1 to 5 (numbers count from 1; for the option labelled "0" write label:0)`},
		{ref: "6", err: "option 6: expected a number from 1 to 5"},
		{ref: "twice", err: `label "twice" names options 4 and 5 (at least): give the option's number`},
		{ref: "none", err: `"none": no option has this label (an option number counts from 1)`},
		{ref: " ", err: "empty option reference: expected an option number from 1 or a label"},
	} {
		k, err := p.FindOption(tc.ref)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("FindOption(%q) = %d, %v; want error %s", tc.ref, k, err, tc.err)
		case tc.err == "" && (err != nil || k != tc.want):
			t.Errorf("FindOption(%q) = %d, %v; want %d", tc.ref, k, err, tc.want)
		}
	}
	if ks, err := p.FindOptions([]string{"label:x,y", "1"}); err != nil || !slices.Equal(ks, []int{2, 0}) {
		t.Errorf("FindOptions = %v, %v; want [2 0]", ks, err)
	}
	if ks, err := p.FindOptions([]string{"1", "twice"}); err == nil || ks != nil {
		t.Errorf("FindOptions with a label of two options = %v, %v; want an error", ks, err)
	}
}
