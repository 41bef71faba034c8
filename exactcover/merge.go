package exactcover

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
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

func (e *MergeError) Error() string {
	var parts []string
	if len(e.Missing) > 0 {
		parts = append(parts, fmt.Sprintf("missing shard%s %s of %d", plural(len(e.Missing)), intList(e.Missing), e.Shards))
	}
	if len(e.Duplicate) > 0 {
		parts = append(parts, "shard given more than once: "+strings.Join(e.Duplicate, "; "))
	}
	if len(e.Foreign) > 0 {
		parts = append(parts, "not of this search: "+strings.Join(e.Foreign, "; "))
	}
	if len(e.Unfinished) > 0 {
		parts = append(parts, "not finished (resume them from their checkpoints): "+strings.Join(e.Unfinished, "; "))
	}
	return ErrMerge.Error() + ": " + strings.Join(parts, "; ")
}

func (e *MergeError) Unwrap() error { return ErrMerge }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// Merge adds up the summaries of the N shards of one search: it checks
// that they are of one problem, engine, branching rule and split (the one
// most of them share), that each shard 1…N is there exactly once and that
// each completed, and returns the totals, with the shards' times added
// up. Otherwise it returns a *MergeError naming the shards missing,
// repeated, foreign or unfinished.
func Merge(parts []ShardSummary) (ShardSummary, error) {
	if len(parts) == 0 {
		return ShardSummary{}, fmt.Errorf("%w: no summaries given", ErrMerge)
	}
	type key struct {
		problem, engine, branching, split string
		shards                            int
	}
	keyOf := func(p *ShardSummary) key {
		return key{p.Problem, p.Engine, p.Branching, p.Split, p.Shards}
	}
	votes := map[key]int{}
	var best key
	for i := range parts {
		k := keyOf(&parts[i])
		if k.shards < 1 {
			continue
		}
		votes[k]++
		if votes[k] > votes[best] {
			best = k
		}
	}
	e := &MergeError{Shards: best.shards}
	name := func(p *ShardSummary) string {
		if p.Source != "" {
			return p.Source
		}
		return fmt.Sprintf("shard %d/%d", p.Shard, p.Shards)
	}
	seen := map[int][]string{}
	total := ShardSummary{Problem: best.problem, Engine: best.engine, Branching: best.branching,
		Shards: best.shards, Split: best.split, Status: Complete.String()}
	for i := range parts {
		p := &parts[i]
		switch k := keyOf(p); {
		case p.Shards < 1 || p.Shard < 1:
			e.Foreign = append(e.Foreign, name(p)+": not a shard's summary")
			continue
		case p.Problem != best.problem:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another problem (%.12s…)", name(p), p.Problem))
			continue
		case k != best:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: another split (%d shards, split %s, engine %s, branching %s; most have %d, %s, %s, %s)",
				name(p), p.Shards, p.Split, p.Engine, p.Branching, best.shards, best.split, best.engine, best.branching))
			continue
		case p.Shard > p.Shards:
			e.Foreign = append(e.Foreign, fmt.Sprintf("%s: shard %d of %d", name(p), p.Shard, p.Shards))
			continue
		}
		seen[p.Shard] = append(seen[p.Shard], name(p))
		if p.Status != Complete.String() {
			e.Unfinished = append(e.Unfinished, fmt.Sprintf("shard %d (%s): %s", p.Shard, name(p), p.Status))
		}
		total.Solutions += p.Solutions
		total.Nodes += p.Nodes
		total.Updates += p.Updates
		total.Cleansings += p.Cleansings
		total.ElapsedSeconds += p.ElapsedSeconds
		if len(p.Profile) > len(total.Profile) {
			total.Profile = append(total.Profile, make([]int64, len(p.Profile)-len(total.Profile))...)
		}
		for l, n := range p.Profile {
			total.Profile[l] += n
		}
	}
	for k := 1; k <= best.shards; k++ {
		switch len(seen[k]) {
		case 0:
			e.Missing = append(e.Missing, k)
		case 1:
		default:
			e.Duplicate = append(e.Duplicate, fmt.Sprintf("%d (%s)", k, strings.Join(seen[k], ", ")))
		}
	}
	if len(e.Missing)+len(e.Duplicate)+len(e.Foreign)+len(e.Unfinished) > 0 {
		slices.Sort(e.Missing)
		return ShardSummary{}, e
	}
	return total, nil
}
