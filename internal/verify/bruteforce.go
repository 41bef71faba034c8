package verify

import "xcover/exactcover"

// MaxBruteForceOptions bounds BruteForce: it tries 2ⁿ subsets of n options,
// about a million at this limit.
const MaxBruteForceOptions = 20

// BruteForce returns every solution of p by trying each subset of its
// options, each solution as increasing option indices, in increasing order
// of the subsets' bit masks. Options without a primary item are never
// chosen, as Knuth defines solutions. It shares no code with the engine and
// is meant for tests on small problems; it panics beyond
// MaxBruteForceOptions options.
func BruteForce(p *exactcover.Problem) [][]int {
	if len(p.Options) > MaxBruteForceOptions {
		panic("verify.BruteForce: too many options")
	}
	check := NewChecker(p)
	var found [][]int
	var chosen []int
	for mask := 0; mask < 1<<len(p.Options); mask++ {
		chosen = chosen[:0]
		for k := range p.Options {
			if mask&(1<<k) != 0 {
				chosen = append(chosen, k)
			}
		}
		if check.Check(chosen) == nil {
			found = append(found, append([]int(nil), chosen...))
		}
	}
	return found
}
