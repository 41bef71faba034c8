package exactcover

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// ShardSummary is what the search of one shard reports, and what [Merge]
// adds up: the command line writes these fields in the JSON summary of
// "xcover solve --shard K/N --json", and "xcover merge" reads them back.
type ShardSummary struct {
	Problem        string  `json:"problem"` // hex of Solver.Hash
	Engine         string  `json:"engine"`
	Branching      string  `json:"branching"`
	Shard          int     `json:"shard,omitempty"`  // K; 0 in a merged summary
	Shards         int     `json:"shards,omitempty"` // N
	Split          string  `json:"split,omitempty"`
	Solutions      int64   `json:"solutions"`
	Nodes          int64   `json:"nodes"`
	Updates        int64   `json:"updates"`
	Cleansings     int64   `json:"cleansings"`
	Profile        []int64 `json:"profile,omitempty"`
	Status         string  `json:"status"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// Source names where the summary came from (a file), for messages.
	Source string `json:"-"`
}

// SummaryOf returns the summary of a search of s with cfg that ended with
// st (the engine actually used, the shard and the split from st).
func (s *Solver) SummaryOf(cfg Config, st Stats) ShardSummary {
	h := s.Hash()
	return ShardSummary{
		Problem: hex.EncodeToString(h[:]), Engine: s.engineOf(cfg).String(), Branching: cfg.Branching.String(),
		Shard: st.Shard.K, Shards: st.Shard.N, Split: st.Split,
		Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Cleansings: st.Cleansings,
		Profile: st.Profile, Status: st.Status.String(), ElapsedSeconds: st.Elapsed.Seconds(),
	}
}

// maxShardSeconds bounds a shard's elapsed_seconds: some 30,000 years, far
// beyond any run, yet MaxShards of them add up to a finite float64 (JSON
// has no infinity, so an infinite total could not be printed).
const maxShardSeconds = 1e12

// ErrSummary: a number of a shard's summary that no search reports. The
// error is a *SummaryError naming the field.
var ErrSummary = errors.New("not a shard's summary")

// SummaryError says which field of a shard's summary is out of its range:
// Field is the field's JSON name, so that a reader can say where it is.
type SummaryError struct {
	Field string
	Err   error
}

func (e *SummaryError) Error() string { return fmt.Sprintf("%s: %q %v", ErrSummary, e.Field, e.Err) }

func (e *SummaryError) Unwrap() error { return ErrSummary }

// Check reports the first number of s that no search of a shard reports:
// K/N as "solve --shard K/N" accepts it (1 ≤ K ≤ N ≤ MaxShards), counts
// and times not negative. [Merge] checks every summary; readers call it
// too, to say where the number is.
func (s *ShardSummary) Check() error {
	bad := func(field, format string, args ...any) error {
		return &SummaryError{Field: field, Err: fmt.Errorf(format, args...)}
	}
	switch sh := (Shard{K: s.Shard, N: s.Shards}); {
	case sh == Shard{}:
		return bad("shards", "is missing: the summary is not of a shard (solve --shard K/N --json)")
	case sh.N < 1 || sh.N > MaxShards:
		return bad("shards", "is %d, expected 1 to %d", sh.N, MaxShards)
	case sh.K < 1 || sh.K > sh.N:
		return bad("shard", "is %d, expected 1 to %d (the shards)", sh.K, sh.N)
	}
	for _, f := range []struct {
		name string
		n    int64
	}{{"solutions", s.Solutions}, {"nodes", s.Nodes}, {"updates", s.Updates}, {"cleansings", s.Cleansings}} {
		if f.n < 0 {
			return bad(f.name, "is %d, expected a count (0 or more)", f.n)
		}
	}
	for l, n := range s.Profile {
		if n < 0 {
			return bad("profile", "has %d at level %d, expected counts (0 or more)", n, l)
		}
	}
	if !(s.ElapsedSeconds >= 0 && s.ElapsedSeconds <= maxShardSeconds) {
		return bad("elapsed_seconds", "is %g, expected 0 to %g", s.ElapsedSeconds, maxShardSeconds)
	}
	return nil
}

// Total is what [Merge] returns: the search the shards make up, with their
// counts added up exactly, however large (N shards may together count
// beyond the int64 that each counts in).
type Total struct {
	// Search describes the search: problem, engine, branching rule, N and
	// split, status "complete", the shards' times added up. Its counts are
	// zero: they are the fields below.
	Search                                ShardSummary
	Solutions, Nodes, Updates, Cleansings *big.Int
	Profile                               []*big.Int // nodes per level
}

// Summary returns the totals as one ShardSummary (Shard 0), and whether
// every count fits its int64: it does for any real search short of
// 2⁶³ nodes.
func (t Total) Summary() (ShardSummary, bool) {
	s, ok := t.Search, true
	put := func(dst *int64, n *big.Int) {
		*dst, ok = n.Int64(), ok && n.IsInt64()
	}
	put(&s.Solutions, t.Solutions)
	put(&s.Nodes, t.Nodes)
	put(&s.Updates, t.Updates)
	put(&s.Cleansings, t.Cleansings)
	s.Profile = make([]int64, len(t.Profile))
	for l, n := range t.Profile {
		put(&s.Profile[l], n)
	}
	return s, ok
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

// Merge adds up the summaries of the N shards of one search: it checks
// each ([ShardSummary.Check]), checks that they are of one problem,
// engine, branching rule and split (the one most of them share), that
// each shard 1…N is there exactly once and that each completed, and
// returns the totals, with the shards' times added up. Otherwise it
// returns a *MergeError naming the shards missing, repeated, foreign or
// unfinished.
func Merge(parts []ShardSummary) (Total, error) {
	if len(parts) == 0 {
		return Total{}, fmt.Errorf("%w: no summaries given", ErrMerge)
	}
	type key struct {
		problem, engine, branching, split string
		shards                            int
	}
	keyOf := func(p *ShardSummary) key {
		return key{p.Problem, p.Engine, p.Branching, p.Split, p.Shards}
	}
	name := func(p *ShardSummary) string {
		if p.Source != "" {
			return p.Source
		}
		return fmt.Sprintf("shard %d/%d", p.Shard, p.Shards)
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
	sum := ShardSummary{Problem: best.problem, Engine: best.engine, Branching: best.branching,
		Shards: best.shards, Split: best.split, Status: Complete.String()}
	total := Total{Solutions: new(big.Int), Nodes: new(big.Int), Updates: new(big.Int), Cleansings: new(big.Int)}
	add := func(to *big.Int, n int64) { to.Add(to, big.NewInt(n)) }
	for i := range parts {
		p := &parts[i]
		if !valid[i] {
			continue
		}
		switch k := keyOf(p); {
		case p.Problem != best.problem:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another problem (%.12s…)", name(p), p.Problem))
			continue
		case k != best:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another split (%d shards, split %s, engine %s, branching %s; most have %d, %s, %s, %s)",
				name(p), p.Shards, p.Split, p.Engine, p.Branching, best.shards, best.split, best.engine, best.branching))
			continue
		}
		seen[p.Shard] = append(seen[p.Shard], name(p))
		if p.Status != Complete.String() {
			e.Unfinished = append(e.Unfinished, fmt.Sprintf("shard %d (%s): %s", p.Shard, name(p), p.Status))
		}
		add(total.Solutions, p.Solutions)
		add(total.Nodes, p.Nodes)
		add(total.Updates, p.Updates)
		add(total.Cleansings, p.Cleansings)
		sum.ElapsedSeconds += p.ElapsedSeconds
		for len(total.Profile) < len(p.Profile) {
			total.Profile = append(total.Profile, new(big.Int))
		}
		for l, n := range p.Profile {
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
	total.Search = sum
	return total, nil
}
