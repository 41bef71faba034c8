package exactcover

import "xcover/exactcover/internal/dlx"

// SetTrackShortAbove sets the dancing-links engine's TrackShortAbove for
// the solvers built from now on and returns a function that restores it,
// so that the external tests can run the same problem with and without
// the set of short items.
func SetTrackShortAbove(n int) (restore func()) {
	old := dlx.TrackShortAbove
	dlx.TrackShortAbove = n
	return func() { dlx.TrackShortAbove = old }
}
