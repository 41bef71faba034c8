package exactcover

import "github.com/xcover/xcover/exactcover/internal/core"

// Progress is a snapshot of a running search or count, handed to
// Config.Progress. It is valid only during the callback.
type Progress struct {
	// Stats so far (Profile and Status are not filled in). In a count,
	// the search's, and Elapsed the count's.
	Stats Stats
	// Workers is the number of workers searching, in a search driven by
	// Config.Workers, Checkpoint, Resume or Shard; 0 otherwise.
	Workers int
	// Method is what runs: MethodSearch, or MethodMemo while a count or a
	// ZDD memoizes.
	Method Method
	// Memo describes the memoized count so far, while one runs.
	Memo MemoStats

	branches []core.Branch // the current path of a sequential search
	combined bool          // done holds the fraction
	done     float64       // of the finished and unfinished pieces' shares
}

// Fraction estimates how much of the search tree has been explored, as
// Knuth's programs do: the tree is taken as uniform below the current path,
// so a choice K of D at a level where the path so far has weight w counts
// (K-1)/D·w as done. In a driven search (several workers, a checkpoint,
// a resumed search or a shard), every piece of work has its share of the
// tree under the same estimate, and the fraction is the share of the
// pieces finished plus the part of the others explored so far, over the
// search's own share. In a count that memoizes, it is the share of the
// memoized count's work done, estimated; in one that searches after an
// estimate of its tree, the nodes searched over the nodes estimated.
func (p *Progress) Fraction() float64 {
	if p.combined {
		return p.done
	}
	f, w := 0.0, 1.0
	for _, b := range p.branches {
		if b.D == 0 {
			break
		}
		w /= float64(b.D)
		f += float64(b.K-1) * w
	}
	return f + w/2
}
