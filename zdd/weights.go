package zdd

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseWeights reads the weights of the variables for [ZDD.MinWeight] and
// [ZDD.MaxWeight] from data, a text of whole numbers separated by blanks
// and newlines, the k-th the weight of variable k; file names it in
// messages ("file:line:column: …", which quote at most shownRunes of a
// word). It returns no weights, and no error, for a text without numbers.
func ParseWeights(file string, data []byte) ([]int64, error) {
	var ws []int64
	for ln, line := range strings.Split(string(data), "\n") {
		rest := line
		for {
			word := strings.TrimLeftFunc(rest, unicode.IsSpace)
			if word == "" {
				break
			}
			col := utf8.RuneCountInString(line[:len(line)-len(word)]) + 1
			if end := strings.IndexFunc(word, unicode.IsSpace); end >= 0 {
				word, rest = word[:end], word[end:]
			} else {
				rest = ""
			}
			w, err := strconv.ParseInt(word, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d:%d: %.*q: expected a whole number from %d to %d", file, ln+1, col, shownRunes, word, math.MinInt64, math.MaxInt64)
			}
			ws = append(ws, w)
		}
	}
	return ws, nil
}

// shownRunes is the most characters of a word that a message quotes.
const shownRunes = 40
