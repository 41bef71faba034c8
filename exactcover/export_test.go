package exactcover

// SetTrackShortAbove sets trackShortAbove for the solvers built from now on
// and returns a function that restores it, so that the external tests can
// run the same problem with and without the set of short items.
func SetTrackShortAbove(n int) (restore func()) {
	old := trackShortAbove
	trackShortAbove = n
	return func() { trackShortAbove = old }
}
