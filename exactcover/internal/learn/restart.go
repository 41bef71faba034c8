package learn

// Restarts follow glucose's rule (Audemard and Simon, "Refining restarts
// strategies for SAT and UNSAT", CP 2012): restart when the clauses
// learned lately are worse, by their LBD, than those learned so far. On
// the Gecode 25×25 Sudokus it needed about a sixth fewer conflicts than
// Luby's sequence in units of 128 (same run, five puzzles), and CaDiCaL's
// alternation with a stable mode following target phases needed more.
const (
	restartMin = 50   // conflicts at least between restarts
	restartK   = 0.8  // restart when fast·K exceeds slow
	fastWindow = 32   // conflicts the fast average spans
	slowWindow = 4096 // and the slow one
)

// restarter keeps the moving averages of learned clauses' LBDs.
type restarter struct {
	fast, slow   float64
	sinceRestart int64
}

func (r *restarter) start() { r.sinceRestart = 0 }

// conflict records a learned clause's LBD.
func (r *restarter) conflict(lbd int) {
	r.sinceRestart++
	x := float64(lbd)
	r.fast += (x - r.fast) / fastWindow
	r.slow += (x - r.slow) / slowWindow
}

// due reports whether to restart now.
func (r *restarter) due() bool {
	return r.sinceRestart >= restartMin && r.fast*restartK > r.slow
}
