package zdd

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseWeights reads the weights of the variables for [ZDD.MinWeight] and
// [ZDD.MaxWeight] from data, a text of whole numbers separated by blanks
// and newlines, the k-th the weight of variable k; file names it in
// messages ("file:line: …"). It returns no weights, and no error, for a
// text without numbers.
func ParseWeights(file string, data []byte) ([]int64, error) {
	var ws []int64
	for ln, line := range strings.Split(string(data), "\n") {
		for _, f := range strings.Fields(line) {
			w, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %q: expected a whole number", file, ln+1, f)
			}
			ws = append(ws, w)
		}
	}
	return ws, nil
}
