// Package plural writes counts with their nouns, "1 node" and "3 nodes",
// so that the narration of the search (package explain) and the command
// line's messages say them alike.
package plural

import "fmt"

// Of writes n and a regular noun, in the plural unless n is 1.
func Of[N int | int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
