// Package bytesize writes amounts of memory for people, one way everywhere
// xcover names one (a --memo-limit, a memoized count's peak, the memory a
// search would need): binary units, three significant digits, "512B",
// "1.5GiB".
package bytesize

import (
	"fmt"
	"strconv"
)

// Format writes n bytes with binary units and three significant digits
// (four from 1000 to 1023 of a unit).
func Format(n int64) string {
	if n < 1<<10 {
		return fmt.Sprintf("%dB", n)
	}
	x, i := float64(n)/(1<<10), 0
	for x >= 1023.5 && i < 5 { // what would print as 1024 is the next unit's 1
		x /= 1 << 10
		i++
	}
	digits := strconv.FormatFloat(x, 'g', 3, 64)
	if x >= 100 {
		digits = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return digits + string("KMGTPE"[i]) + "iB"
}
