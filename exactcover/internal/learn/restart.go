package learn

// Restarts differ by mode (mode.go). In focused mode they follow glucose's
// rule (Audemard and Simon, "Refining restarts strategies for SAT and
// UNSAT", CP 2012): restart when the clauses learned lately are worse, by
// their LBD, than those learned so far. In stable mode they are reluctant:
// after lubyUnit times the terms of Luby's sequence (Luby, Sinclair and
// Zuckerman 1993) in conflicts, computed by Knuth's "reluctant doubling"
// (TAOCP 7.2.2.2, exercise 293), so that the search stays long near the
// assignment its target phases lead to.
const (
	restartMin = 50   // conflicts at least between focused restarts
	restartK   = 0.8  // restart when fast·K exceeds slow
	fastWindow = 32   // conflicts the fast average spans
	slowWindow = 4096 // and the slow one
	lubyUnit   = 1024 // conflicts per unit of Luby's sequence in stable mode
)

// restarter keeps the moving averages of learned clauses' LBDs and the
// reluctant-doubling state.
type restarter struct {
	fast, slow   float64
	sinceRestart int64
	stable       bool
	luby         luby
	limit        int64 // conflicts of the current stable interval
	unit         int64 // conflicts per term of Luby's sequence
}

func (r *restarter) start() {
	r.sinceRestart = 0
	if r.stable {
		r.limit = r.unit * r.luby.next()
	}
}

// setStable switches between glucose restarts (false) and reluctant ones.
// Luby's sequence starts over with each stable phase.
func (r *restarter) setStable(stable bool) {
	r.stable = stable
	r.luby = luby{}
}

// conflict records a learned clause's LBD.
func (r *restarter) conflict(lbd int) {
	r.sinceRestart++
	x := float64(lbd)
	r.fast += (x - r.fast) / fastWindow
	r.slow += (x - r.slow) / slowWindow
}

// due reports whether to restart now.
func (r *restarter) due() bool {
	if r.stable {
		return r.sinceRestart >= r.limit
	}
	return r.sinceRestart >= restartMin && r.fast*restartK > r.slow
}

// luby yields Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, … by reluctant
// doubling: the pair (u, v) goes to (u+1, 1) when u&-u = v, else to
// (u, 2v); v is the term. The zero value starts the sequence.
type luby struct{ u, v int64 }

func (l *luby) next() int64 {
	switch {
	case l.v == 0:
		l.u, l.v = 1, 1
	case l.u&-l.u == l.v:
		l.u, l.v = l.u+1, 1
	default:
		l.v *= 2
	}
	return l.v
}
