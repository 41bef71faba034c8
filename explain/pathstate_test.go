package explain

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/internal/testtier"

	"github.com/xcover/xcover/exactcover"
)

// TestLostSinceMatchesScan: the items and options a trace finds lost at
// each node, looking only at what the walk unlinked and hid since the
// node's parent, are the ones a look at every member finds, on random
// problems with secondary items, colors and multiplicities (Algorithm M's
// tweaks and null branches), and on the 4×4 Sudoku.
func TestLostSinceMatchesScan(t *testing.T) {
	testtier.Slow(t) // one goroutine of the module's code
	r := rand.New(rand.NewPCG(7, 8))
	problems := []*exactcover.Problem{lostTestSudoku4()}
	for range 300 {
		problems = append(problems, lostTestProblem(r))
	}
	for n, p := range problems {
		if _, err := exactcover.New(p); err != nil {
			continue
		}
		scanEveryMember = false
		fast, err := NewTrace(context.Background(), p, TraceLimits{Nodes: 3000})
		if err != nil {
			t.Fatal(err)
		}
		scanEveryMember = true
		slow, err := NewTrace(context.Background(), p, TraceLimits{Nodes: 3000})
		scanEveryMember = false
		if err != nil {
			t.Fatal(err)
		}
		if len(fast.Nodes) != len(slow.Nodes) {
			t.Fatalf("problem %d: %d nodes, %d when every member is looked at", n, len(fast.Nodes), len(slow.Nodes))
		}
		for j := range fast.Nodes {
			a, b := fast.Nodes[j], slow.Nodes[j]
			if !slices.Equal(a.Covered, b.Covered) || !slices.Equal(a.Hidden, b.Hidden) || !slices.Equal(a.Active, b.Active) {
				t.Fatalf("problem %d, node %d: covered %v hidden %v active %v; looking at every member: %v %v %v",
					n, a.Node, a.Covered, a.Hidden, a.Active, b.Covered, b.Hidden, b.Active)
			}
		}
	}
}

// lostTestProblem is a small random problem: up to 6 primary items with
// bounds, up to 3 secondary ones, options of 1 to 4 items, colored uses of
// secondary items about half the time.
func lostTestProblem(r *rand.Rand) *exactcover.Problem {
	p := &exactcover.Problem{}
	np, ns := 1+r.IntN(6), r.IntN(4)
	for i := range np {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
	}
	for i := range ns {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	if r.IntN(2) == 0 {
		for range np {
			hi := 1 + r.IntN(3)
			p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: r.IntN(hi + 1), Hi: hi})
		}
	}
	for range 3 + r.IntN(12) {
		var refs []exactcover.ItemRef
		used := map[int]bool{}
		for range 1 + r.IntN(4) {
			i := r.IntN(np + ns)
			if used[i] {
				continue
			}
			used[i] = true
			if i < np {
				refs = append(refs, exactcover.ItemRef{Name: p.Primary[i]})
				continue
			}
			ref := exactcover.ItemRef{Name: p.Secondary[i-np]}
			if r.IntN(2) == 0 {
				ref.Color = string(rune('a' + r.IntN(2)))
			}
			refs = append(refs, ref)
		}
		p.Options = append(p.Options, exactcover.Option{Items: refs})
	}
	return p
}

// lostTestSudoku4 is the empty 4×4 Sudoku: cells, rows, columns and boxes.
func lostTestSudoku4() *exactcover.Problem {
	p := &exactcover.Problem{}
	for _, kind := range []string{"c", "r", "k", "b"} {
		for a := range 4 {
			for d := range 4 {
				p.Primary = append(p.Primary, fmt.Sprintf("%s%d%d", kind, a, d))
			}
		}
	}
	for row := range 4 {
		for col := range 4 {
			for d := range 4 {
				box := row/2*2 + col/2
				p.Options = append(p.Options, exactcover.NewOption(fmt.Sprintf("c%d%d", row, col), fmt.Sprintf("r%d%d", row, d),
					fmt.Sprintf("k%d%d", col, d), fmt.Sprintf("b%d%d", box, d)))
			}
		}
	}
	return p
}
