package exactcover_test

import (
	"os"

	"github.com/xcover/xcover/exactcover"
)

// ExampleSolver_WriteCNF writes a small problem for a SAT solver: a, b and
// c each covered exactly once by options 1 {a b}, 2 {c}, 3 {a}, 4 {b c}.
func ExampleSolver_WriteCNF() {
	s, err := exactcover.New(&exactcover.Problem{
		Primary: []string{"a", "b", "c"},
		Options: []exactcover.Option{
			exactcover.NewOption("a", "b"), exactcover.NewOption("c"),
			exactcover.NewOption("a"), exactcover.NewOption("b", "c"),
		},
	})
	if err != nil {
		panic(err)
	}
	if err := s.WriteCNF(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// c exact cover as CNF (xcover): variables 1-4 are the options below, true when taken;
	// c variables above 4 are auxiliary (sequential counters, colors): count models projected on the options
	// c 1 option 1: a b
	// c 2 option 2: c
	// c 3 option 3: a
	// c 4 option 4: b c
	// p cnf 4 6
	// 1 3 0
	// -1 -3 0
	// 1 4 0
	// -1 -4 0
	// 2 4 0
	// -2 -4 0
}
