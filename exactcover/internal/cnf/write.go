package cnf

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// PairwiseMax is the most options an item may have for "at most one" to
// be written pairwise: n(n−1)/2 binary clauses are what SAT solvers
// propagate best, but past a few dozen options their number dwarfs the
// sequential counter's 3n.
const PairwiseMax = 32

// Formula is a CNF formula: clauses of DIMACS literals (±variable, from
// 1), over NVars variables.
type Formula struct {
	NVars   int
	Clauses [][]int32
}

// Encode returns p as a formula whose first p.NumOptions() variables are
// its compiled options.
func Encode(p *core.Problem) *Formula {
	e := &encoder{f: Formula{NVars: p.NumOptions()}}
	var lits []int32
	for i := range p.NItems {
		lits = lits[:0]
		colored := false
		for k := range p.NumOptions() {
			items, colors := p.Option(k)
			for j, it := range items {
				if int(it) == i {
					lits = append(lits, int32(k+1))
					colored = colored || colors != nil && colors[j] != 0
				}
			}
		}
		switch {
		case i < p.NPrimary:
			lo, hi := p.Bounds(i)
			e.atLeast(lits, int(lo))
			e.atMost(lits, int(hi))
		case colored:
			e.colors(p, i, lits)
		default:
			e.atMost(lits, 1)
		}
	}
	return &e.f
}

type encoder struct{ f Formula }

func (e *encoder) clause(lits ...int32) {
	e.f.Clauses = append(e.f.Clauses, append([]int32(nil), lits...))
}

func (e *encoder) newVar() int32 {
	e.f.NVars++
	return int32(e.f.NVars)
}

// atLeast says that at least k of lits are true.
func (e *encoder) atLeast(lits []int32, k int) {
	switch {
	case k <= 0:
	case k == 1:
		e.clause(lits...)
	case k > len(lits):
		e.clause() // the empty clause: unsatisfiable
	default:
		neg := make([]int32, len(lits))
		for i, l := range lits {
			neg[i] = -l
		}
		e.atMost(neg, len(lits)-k)
	}
}

// atMost says that at most k of lits are true.
func (e *encoder) atMost(lits []int32, k int) {
	n := len(lits)
	switch {
	case k >= n:
	case k == 0:
		for _, l := range lits {
			e.clause(-l)
		}
	case k == 1 && n <= PairwiseMax:
		for a := range n {
			for b := a + 1; b < n; b++ {
				e.clause(-lits[a], -lits[b])
			}
		}
	default:
		e.sequential(lits, k)
	}
}

// sequential is Sinz's sequential counter for at most k of lits (k ≥ 1,
// more than k literals): s[i][j] says that at least j+1 of lits[0…i] are
// true.
func (e *encoder) sequential(x []int32, k int) {
	n := len(x)
	s := make([][]int32, n-1)
	for i := range s {
		s[i] = make([]int32, k)
		for j := range s[i] {
			s[i][j] = e.newVar()
		}
	}
	e.clause(-x[0], s[0][0])
	for j := 1; j < k; j++ {
		e.clause(-s[0][j])
	}
	for i := 1; i < n-1; i++ {
		e.clause(-x[i], s[i][0])
		e.clause(-s[i-1][0], s[i][0])
		for j := 1; j < k; j++ {
			e.clause(-x[i], -s[i-1][j-1], s[i][j])
			e.clause(-s[i-1][j], s[i][j])
		}
		e.clause(-x[i], -s[i-1][k-1])
	}
	e.clause(-x[n-1], -s[n-2][k-1])
}

// colors encodes secondary item i, used by the options lits, some with a
// color.
func (e *encoder) colors(p *core.Problem, i int, lits []int32) {
	colorVar := map[int32]int32{}
	var order []int32 // colors in order of first use, for a stable output
	users := map[int32][]int32{}
	var groups []int32
	for _, l := range lits {
		items, colors := p.Option(int(l - 1))
		for j, it := range items {
			if int(it) != i {
				continue
			}
			c := colors[j]
			if c == 0 {
				groups = append(groups, l)
				continue
			}
			if _, ok := colorVar[c]; !ok {
				colorVar[c] = e.newVar()
				order = append(order, c)
				groups = append(groups, colorVar[c])
			}
			users[c] = append(users[c], l)
			e.clause(-l, colorVar[c])
		}
	}
	for _, c := range order {
		e.clause(append([]int32{-colorVar[c]}, users[c]...)...)
	}
	e.atMost(groups, 1)
}

// Write writes f in DIMACS format, preceded by a comment line per option
// variable naming it (name(k) for compiled option k, when name is set) and
// lines of comment from header, each prefixed "c ".
func (f *Formula) Write(w io.Writer, header string, nOptions int, name func(k int) string) error {
	bw := bufio.NewWriter(w)
	for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		if line != "" {
			fmt.Fprintf(bw, "c %s\n", line)
		}
	}
	if name != nil {
		for k := range nOptions {
			fmt.Fprintf(bw, "c %d %s\n", k+1, name(k))
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NVars, len(f.Clauses))
	var num []byte
	for _, c := range f.Clauses {
		num = num[:0]
		for _, l := range c {
			num = fmt.Appendf(num, "%d ", l)
		}
		num = append(num, "0\n"...)
		bw.Write(num)
	}
	return bw.Flush()
}
