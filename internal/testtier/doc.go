// Package testtier sorts xcover's tests by what they cost, so that the
// README's "go test ./..." stays well inside go test's ten-minute timeout
// on a loaded two-core machine, and the race detector, which makes a
// search twenty times slower, runs in bounded time.
//
// There are three tiers:
//
//   - quick tests always run;
//   - slow tests (seconds under the race detector) are skipped by -short
//     and whenever the race detector is on: [Short] reports that;
//   - long tests, which take seconds even without the race detector (the
//     largest shared instances, published counts of whole pentomino
//     boards), run only when the environment sets XCOVER_LONG_TESTS=1:
//     [Long] skips them otherwise. CI runs them in a pass of their own.
//
// A test that belongs to a tier says so on its first line:
//
//	func TestPublishedCounts(t *testing.T) {
//		testtier.Long(t)
//		...
package testtier
