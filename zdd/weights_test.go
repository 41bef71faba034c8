package zdd

import (
	"slices"
	"testing"
)

func TestParseWeights(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []int64
		err        string
	}{
		{name: "one a line", text: "3\n-1\n4\n", want: []int64{3, -1, 4}},
		{name: "blanks and lines", text: " 1 2\t3\n\n 4 \r\n5", want: []int64{1, 2, 3, 4, 5}},
		{name: "none", text: " \n\n"},
		{name: "not a number", text: "1 2\n3 x\n", err: `w.txt:2: "x": expected a whole number`},
		{name: "too large", text: "99999999999999999999", err: `w.txt:1: "99999999999999999999": expected a whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, err := ParseWeights("w.txt", []byte(tc.text))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(ws, tc.want) {
				t.Errorf("ParseWeights = %v, %v; want %v", ws, err, tc.want)
			}
		})
	}
}
