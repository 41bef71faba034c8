package shards

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
)

// Result is the outcome of the search of one shard, as [Merge] adds it
// up: the problem it searched (exactcover.Solver.Hash), the branching
// rule, and the search's Stats, whose Engine, Shard and Split say which
// search of the problem it is part of. Shards are run anywhere (other
// machines, other processes), so their results travel as data; a caller
// writes and reads them in its own format (the command line's is a JSON
// record).
type Result struct {
	Problem   [32]byte
	Branching exactcover.Branching
	Stats     exactcover.Stats
	// Source names where the result came from (a file), for messages.
	Source string
}

// MaxTime bounds a shard's Elapsed: a century, far beyond any run, and
// within the 292 years a time.Duration holds (readers of results in
// seconds check it before converting).
const MaxTime = 100 * 365 * 24 * time.Hour

// ErrSummary: a number of a shard's result that no search reports. The
// error is a *SummaryError naming the field.
var ErrSummary = errors.New("not a shard's summary")

// SummaryError says which field of a shard's result is out of its range:
// Field is the name of the Stats field ("Shard", "Shards" for Shard.N,
// "Solutions", "Nodes", "Updates", "Cleansings", "Profile", "Elapsed"),
// so that a reader of a file can say where it is.
type SummaryError struct {
	Field string
	Err   error
}

func (e *SummaryError) Error() string { return fmt.Sprintf("%s: %s %v", ErrSummary, e.Field, e.Err) }

func (e *SummaryError) Unwrap() error { return ErrSummary }

// Check reports the first number of r that no search of a shard reports:
// K/N as exactcover.Config.Shard accepts it (1 ≤ K ≤ N ≤
// exactcover.MaxShards), counts and times not negative, no more solutions
// than nodes (a solution is a node), and a profile, when kept, that adds
// up to the nodes, with the root alone at its first level in shard 1's
// (level 0, or deeper by the options of a partial solution) and nothing
// at level 0 in the others' (shard 1 counts the nodes above the split).
// [Merge] checks every result; readers call it too, to say where the
// number is.
func (r *Result) Check() error {
	bad := func(field, format string, args ...any) error {
		return &SummaryError{Field: field, Err: fmt.Errorf(format, args...)}
	}
	st := &r.Stats
	switch sh := st.Shard; {
	case sh == exactcover.Shard{}:
		return bad("Shards", "is missing: the result is not of a shard (Config.Shard)")
	case sh.N < 1 || sh.N > exactcover.MaxShards:
		return bad("Shards", "is %d, expected 1 to %d", sh.N, exactcover.MaxShards)
	case sh.K < 1 || sh.K > sh.N:
		return bad("Shard", "is %d, expected 1 to %d (the shards)", sh.K, sh.N)
	}
	for _, f := range []struct {
		name string
		n    int64
	}{{"Solutions", st.Solutions}, {"Nodes", st.Nodes}, {"Updates", st.Updates}, {"Cleansings", st.Cleansings}} {
		if f.n < 0 {
			return bad(f.name, "is %d, expected a count (0 or more)", f.n)
		}
	}
	if st.Solutions > st.Nodes {
		return bad("Solutions", "is %d, more than the %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	var sum int64 // of the profile, math.MaxInt64 if more
	for l, n := range st.Profile {
		if n < 0 {
			return bad("Profile", "has %d at level %d, expected counts (0 or more)", n, l)
		}
		sum += min(n, math.MaxInt64-sum)
	}
	// Shard 1 counts the nodes above the split, the root first: one node
	// at the first level it counts any, which is level 0 unless the search
	// started from a partial solution (as many levels down as it has
	// options, which the result does not say). The others count none at
	// level 0.
	top := 0 // shard 1's first level with nodes
	for top < len(st.Profile)-1 && st.Profile[top] == 0 {
		top++
	}
	switch {
	case len(st.Profile) == 0: // not kept (Config.SkipProfile)
		if st.Shard.K == 1 && st.Status == exactcover.Complete && st.Nodes == 0 {
			return bad("Nodes", "is 0: shard 1 counts the nodes above the split, the search's root first")
		}
	case sum != st.Nodes:
		return bad("Profile", "adds up to %s, not to the shard's count of nodes, %d: a search counts each node once, at its level", sumText(sum), st.Nodes)
	case st.Shard.K == 1 && st.Profile[top] != 1:
		return bad("Profile", "has %d nodes at level %d, its first with any, expected 1: the search has one root, which shard 1 counts", st.Profile[top], top)
	case st.Shard.K > 1 && st.Profile[0] != 0:
		return bad("Profile", "has %d nodes at level 0, expected 0: the search has one root, which shard 1 counts", st.Profile[0])
	}
	if st.Elapsed < 0 || st.Elapsed > MaxTime {
		return bad("Elapsed", "is %g seconds, expected 0 to %g", st.Elapsed.Seconds(), MaxTime.Seconds())
	}
	return nil
}

// sumText says what a profile's levels add up to: sum, math.MaxInt64
// standing for more.
func sumText(sum int64) string {
	if sum == math.MaxInt64 {
		return "more than 2⁶³ nodes"
	}
	return fmt.Sprintf("%d nodes", sum)
}

// Total is what [Merge] returns: the search the shards make up, with their
// counts added up exactly, however large (N shards may together count
// beyond the int64 that each counts in).
type Total struct {
	Problem   [32]byte
	Engine    exactcover.Engine
	Branching exactcover.Branching
	Shards    int    // N
	Split     string // the digest of the split the shards share
	// Seconds is the shards' times added up, the machine time the search
	// took (a float: exactcover.MaxShards shards of MaxTime overflow a
	// Duration).
	Seconds                               float64
	Solutions, Nodes, Updates, Cleansings *big.Int
	Profile                               []*big.Int // nodes per level
}

// ErrMerge: the summaries given to Merge are not the shards of one search,
// each once and each complete. The error is a *MergeError saying which.
var ErrMerge = errors.New("the shards do not make up one search")

// MergeError says why summaries cannot be merged.
type MergeError struct {
	Shards     int      // N, as most summaries have it
	Missing    []int    // shards 1…N absent
	Duplicate  []string // a shard given twice: "3 (a.json, b.json)"
	Foreign    []string // summaries of another search, with the reason
	Unfinished []string // shards whose search did not complete, with status
}

// maxListed bounds the entries of each kind that a MergeError's message
// names: a set of files may lack tens of thousands of shards, and a
// message is one line for people, who need the first few and the count.
const maxListed = 5

func (e *MergeError) Error() string {
	var parts []string
	switch len(e.Missing) {
	case 0:
	case 1:
		parts = append(parts, fmt.Sprintf("missing shard %d of %d", e.Missing[0], e.Shards))
	default:
		parts = append(parts, fmt.Sprintf("%d missing shards of %d: %s", len(e.Missing), e.Shards, firstFew(e.Missing, ", ")))
	}
	if len(e.Duplicate) > 0 {
		parts = append(parts, "shard given more than once: "+firstFew(e.Duplicate, "; "))
	}
	if len(e.Foreign) > 0 {
		parts = append(parts, "not of this search: "+firstFew(e.Foreign, "; "))
	}
	if len(e.Unfinished) > 0 {
		parts = append(parts, "not finished (resume them from their checkpoints): "+firstFew(e.Unfinished, "; "))
	}
	return ErrMerge.Error() + ": " + strings.Join(parts, "; ")
}

func (e *MergeError) Unwrap() error { return ErrMerge }

// firstFew lists the first maxListed of xs separated by sep, and says how
// many more there are.
func firstFew[T any](xs []T, sep string) string {
	s := make([]string, 0, maxListed+1)
	for _, x := range xs[:min(len(xs), maxListed)] {
		s = append(s, fmt.Sprint(x))
	}
	if len(xs) > maxListed {
		s = append(s, fmt.Sprintf("and %d more", len(xs)-maxListed))
	}
	return strings.Join(s, sep)
}

// Merge adds up the results of the N shards of one search: it checks
// each ([Result.Check]), checks that they are of one problem,
// engine, branching rule and split (the one most of them share), that
// each shard 1…N is there exactly once and that each completed, and
// returns the totals, with the shards' times added up. Otherwise it
// returns a *MergeError naming the shards missing, repeated, foreign or
// unfinished.
func Merge(parts []Result) (Total, error) {
	if len(parts) == 0 {
		return Total{}, fmt.Errorf("%w: no summaries given", ErrMerge)
	}
	type key struct {
		problem   [32]byte
		engine    exactcover.Engine
		branching exactcover.Branching
		split     string
		shards    int
	}
	keyOf := func(p *Result) key {
		return key{p.Problem, p.Stats.Engine, p.Branching, p.Stats.Split, p.Stats.Shard.N}
	}
	name := func(p *Result) string {
		if p.Source != "" {
			return p.Source
		}
		return "shard " + p.Stats.Shard.String()
	}
	e := &MergeError{}
	votes := map[key]int{}
	var best key
	valid := make([]bool, len(parts))
	for i := range parts {
		if err := parts[i].Check(); err != nil {
			e.Foreign = append(e.Foreign, name(&parts[i])+": "+err.Error())
			continue
		}
		valid[i] = true
		k := keyOf(&parts[i])
		votes[k]++
		if votes[k] > votes[best] {
			best = k
		}
	}
	e.Shards = best.shards
	seen := map[int][]string{}
	total := Total{Problem: best.problem, Engine: best.engine, Branching: best.branching, Shards: best.shards, Split: best.split,
		Solutions: new(big.Int), Nodes: new(big.Int), Updates: new(big.Int), Cleansings: new(big.Int)}
	add := func(to *big.Int, n int64) { to.Add(to, big.NewInt(n)) }
	for i := range parts {
		p, st := &parts[i], &parts[i].Stats
		if !valid[i] {
			continue
		}
		switch k := keyOf(p); {
		case p.Problem != best.problem:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another problem (%.12s…)", name(p), hex.EncodeToString(p.Problem[:])))
			continue
		case k != best:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another split (%d shards, split %s, engine %s, branching %s; most have %d, %s, %s, %s)",
				name(p), k.shards, k.split, k.engine, k.branching, best.shards, best.split, best.engine, best.branching))
			continue
		}
		seen[st.Shard.K] = append(seen[st.Shard.K], name(p))
		if st.Status != exactcover.Complete {
			e.Unfinished = append(e.Unfinished, fmt.Sprintf("shard %d (%s): %s", st.Shard.K, name(p), st.Status))
		}
		add(total.Solutions, st.Solutions)
		add(total.Nodes, st.Nodes)
		add(total.Updates, st.Updates)
		add(total.Cleansings, st.Cleansings)
		total.Seconds += st.Elapsed.Seconds()
		for len(total.Profile) < len(st.Profile) {
			total.Profile = append(total.Profile, new(big.Int))
		}
		for l, n := range st.Profile {
			add(total.Profile[l], n)
		}
	}
	for k := 1; k <= best.shards; k++ {
		switch len(seen[k]) {
		case 0:
			e.Missing = append(e.Missing, k)
		case 1:
		default:
			e.Duplicate = append(e.Duplicate, fmt.Sprintf("%d (%s)", k, firstFew(seen[k], ", ")))
		}
	}
	if len(e.Missing)+len(e.Duplicate)+len(e.Foreign)+len(e.Unfinished) > 0 {
		return Total{}, e
	}
	return total, nil
}
