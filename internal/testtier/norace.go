//go:build !race

package testtier

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
