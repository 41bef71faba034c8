package testtier

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that asks for the long tests.
const LongEnv = "XCOVER_LONG_TESTS"

// Long skips t unless the environment sets XCOVER_LONG_TESTS=1.
func Long(t testing.TB) {
	t.Helper()
	if !Longs() {
		t.Skip("long test: run with " + LongEnv + "=1")
	}
}

// Longs reports whether the long tests run, for a table test that keeps
// its long rows apart.
func Longs() bool {
	return os.Getenv(LongEnv) == "1"
}

// Slow skips t when slow tests are to be skipped (see [Short]). It is for
// a test that runs the module's code on one goroutine and takes seconds:
// the race detector, twenty times slower, would find nothing there.
func Slow(t testing.TB) {
	t.Helper()
	if Short() {
		t.Skip("slow test of one goroutine: skipped by -short and under the race detector")
	}
}

// Short reports whether slow tests are to be skipped: under -short, and
// under the race detector unless the long tests were asked for.
func Short() bool {
	return testing.Short() || raceEnabled && !Longs()
}
