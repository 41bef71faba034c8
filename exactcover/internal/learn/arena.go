package learn

// The learned clauses live in one arena of words: each clause is a header
// of four words followed by its literals, and is named by the index of
// its first literal (cref).
//
//	cref-4  cref-3  cref-2  cref-1  cref ...
//	index   index   pos     size    literals
//	high    low
//
// index is the clause's place in Solver.clauses, in two 16-bit halves;
// pos is where the last search for a new watch stopped (propagate.go).
//
// A word is 16 bits when every literal fits (at most 32,768 options:
// 25×25 Sudokus, quasigroup completions of order 50), 32 otherwise.
// Propagation waits on memory, not on arithmetic: on a hard 25×25 Sudoku
// the arena holds about 13,000 clauses of 32 literals, 1.7 MB at 4 bytes a
// literal, more than the core's own 1 MiB cache; at 2 bytes it is half
// that, and the same search ran faster.

// word is the type of the arena's entries.
type word interface{ ~uint16 | ~uint32 }

const (
	// narrowLiterals: with fewer literals (twice the options) than this,
	// each fits in 16 bits, and so does a clause's size.
	narrowLiterals = 1 << 16

	// The header's words, from cref.
	indexHighWord = -4
	indexLowWord  = -3
	posWord       = -2
	sizeWord      = -1
	// firstUnwatched is the first of a clause's literals that is not
	// watched, and its pos at first.
	firstUnwatched = 2
)

// appendHeader appends to a the header of a clause of index index.
func appendHeader[W word](a []W, index int, pos, size W) []W {
	return append(a, W(index>>16), W(index&0xffff), pos, size)
}

// appendClause appends to a the header and literals of the clause of
// index index and returns the arena and the clause's cref.
func appendClause[W word](a []W, index int, lits []lit) ([]W, int32) {
	a = appendHeader(a, index, firstUnwatched, W(len(lits)))
	cref := int32(len(a))
	for _, l := range lits {
		a = append(a, W(l))
	}
	return a, cref
}

// appendLits appends the literals of src to dst.
func appendLits[W word](dst []lit, src []W) []lit {
	for _, l := range src {
		dst = append(dst, lit(l))
	}
	return dst
}

// arenaLen is the arena's length in words, headers included.
func (s *Solver) arenaLen() int {
	if s.wideArena {
		return len(s.wide)
	}
	return len(s.narrow)
}

// at returns the arena's word i.
func (s *Solver) at(i int32) int32 {
	if s.wideArena {
		return int32(s.wide[i])
	}
	return int32(s.narrow[i])
}

// clauseOf returns the clause whose literals start at cref.
func (s *Solver) clauseOf(cref int32) *clause {
	return &s.clauses[s.at(cref+indexHighWord)<<16|s.at(cref+indexLowWord)]
}

// appendClauseLits appends to dst the literals of the clause at cref from
// its literal from on.
func (s *Solver) appendClauseLits(dst []lit, cref, from int32) []lit {
	size := s.at(cref + sizeWord)
	if s.wideArena {
		return appendLits(dst, s.wide[cref+from:cref+size])
	}
	return appendLits(dst, s.narrow[cref+from:cref+size])
}
