package exactcover

import (
	"xcover/exactcover/internal/dlx"
	"xcover/exactcover/internal/sparse"
)

// SetTrackShortAbove sets both engines' TrackShortAbove for the solvers
// built from now on and returns a function that restores it, so that the
// external tests can run the same problem with and without the set of
// short items.
func SetTrackShortAbove(n int) (restore func()) {
	old, oldSparse := dlx.TrackShortAbove, sparse.TrackShortAbove
	dlx.TrackShortAbove, sparse.TrackShortAbove = n, n
	return func() { dlx.TrackShortAbove, sparse.TrackShortAbove = old, oldSparse }
}
