package zdd

import (
	"fmt"
	"slices"
	"strings"
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
		{name: "not a number", text: "1 2\n3 x\n", err: `w.txt:2:3: "x": expected a whole number from -9223372036854775808 to 9223372036854775807`},
		{name: "too large", text: "\t99999999999999999999", err: `w.txt:1:2: "99999999999999999999": expected a whole number from -9223372036854775808 to 9223372036854775807`},
		{name: "column in characters", text: "1\u00a0 22 x", err: `w.txt:1:7: "x": expected a whole number from -9223372036854775808 to 9223372036854775807`},
		{name: "a long word is cut", text: strings.Repeat("y", 100), err: `w.txt:1:1: "` + strings.Repeat("y", 40) + `": expected a whole number from -9223372036854775808 to 9223372036854775807`},
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

// FuzzParseWeights: any text gives weights or a located error, never a
// panic; accepted weights, written out, read back the same.
func FuzzParseWeights(f *testing.F) {
	f.Add([]byte("3\n-1\n4\n"))
	f.Add([]byte(" 1 2\t3\n\n 4 \r\n5 x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ws, err := ParseWeights("w", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "w:") {
				t.Fatalf("an error without its place: %v", err)
			}
			return
		}
		var b strings.Builder
		for _, w := range ws {
			fmt.Fprintln(&b, w)
		}
		again, err := ParseWeights("w", []byte(b.String()))
		if err != nil || !slices.Equal(again, ws) {
			t.Fatalf("%v read back as %v, %v", ws, again, err)
		}
	})
}
