package learn

// restarter decides when the search goes back to level 0: Luby's
// sequence of run lengths, or glucose's rule (restart when the LBDs of the
// latest clauses are worse than the average so far).
type restarter struct {
	glucose      bool
	stable       bool  // stable mode: Luby restarts and target phases
	modeEnd      int64 // the conflict count at which the mode changes
	modeLen      int64
	index        int     // Luby: runs so far
	runEnd       int64   // Luby: the conflict count that ends this run
	fast, slow   float64 // glucose: moving averages of LBDs
	sinceRestart int64
}

func (r *restarter) start(conflicts int64) {
	r.sinceRestart = 0
	if !r.glucose || r.stable {
		r.runEnd = conflicts + luby(r.index)*int64(knobLuby)
		r.index++
	}
}

// conflict records a learned clause's LBD.
func (r *restarter) conflict(lbd int) {
	r.sinceRestart++
	x := float64(lbd)
	r.fast += (x - r.fast) / 32
	r.slow += (x - r.slow) / 4096
}

// due reports whether to restart now.
func (r *restarter) due(conflicts int64) bool {
	if !r.glucose || r.stable {
		return conflicts >= r.runEnd
	}
	return r.sinceRestart >= 50 && r.fast*0.8 > r.slow
}

// switchMode alternates focused mode (glucose restarts, saved phases) and
// stable mode (Luby restarts, target phases), for ever longer periods, as
// CaDiCaL does; it reports whether the mode changed.
func (r *restarter) switchMode(conflicts int64) bool {
	if knobTarget == 0 || conflicts < r.modeEnd {
		return false
	}
	if r.modeLen == 0 {
		r.modeLen = 1000
	} else {
		r.modeLen *= 2
	}
	r.stable = !r.stable
	r.modeEnd = conflicts + r.modeLen
	return true
}
