package exactcover

// Progress is a snapshot of a running search, handed to Config.Progress.
// It is valid only during the callback.
type Progress struct {
	// Stats so far (Profile and Status are not filled in).
	Stats Stats
	// Branches[l] says which option the search is trying at level l: the
	// K-th (1-based) of the D options of item Item (0-based). Empty in a
	// search with several workers, which are at many places at once.
	Branches []Branch
	// Workers is the number of workers searching, in a search driven by
	// Config.Workers, Checkpoint, Resume or Shard; 0 otherwise.
	Workers int

	combined bool    // done holds the fraction
	done     float64 // of the finished and unfinished pieces' shares
}

// Branch is one level of the current path through the search tree.
type Branch struct {
	Item int
	K, D int
}

// Fraction estimates how much of the search tree has been explored, as
// Knuth's programs do: the tree is taken as uniform below the current path,
// so a choice K of D at a level where the path so far has weight w counts
// (K-1)/D·w as done. In a driven search (several workers, a checkpoint,
// a resumed search or a shard), every piece of work has its share of the
// tree under the same estimate, and the fraction is the share of the
// pieces finished plus the part of the others explored so far, over the
// search's own share.
func (p *Progress) Fraction() float64 {
	if p.combined {
		return p.done
	}
	f, w := 0.0, 1.0
	for _, b := range p.Branches {
		if b.D == 0 {
			break
		}
		w /= float64(b.D)
		f += float64(b.K-1) * w
	}
	return f + w/2
}
