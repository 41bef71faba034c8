package exactcover

import "time"

// AutoBudgets are MemoAuto's budgets, for tests that walk every path of
// the choice on small problems.
type AutoBudgets struct {
	SearchTiny, MemoAtOnce, SearchFirst int64
	LongSearch                          time.Duration
	TrialShare                          float64
	MemoMargin                          int
}

// SetAutoBudgets replaces MemoAuto's budgets and returns a function that
// restores them.
func SetAutoBudgets(b AutoBudgets) (restore func()) {
	old := auto
	auto.searchTiny, auto.nodesPerUse, auto.memoAtOnce, auto.searchFirst = b.SearchTiny, 0, b.MemoAtOnce, b.SearchFirst
	auto.longSearch, auto.trialShare, auto.memoMargin = b.LongSearch, b.TrialShare, b.MemoMargin
	return func() { auto = old }
}
