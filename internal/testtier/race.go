//go:build race

package testtier

const raceEnabled = true
