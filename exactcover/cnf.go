package exactcover

import (
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover/internal/cnf"
)

// WriteCNF writes the problem as a formula in conjunctive normal form, in
// the DIMACS format SAT solvers read: variable k is the k-th option kept
// (options without a primary item are dropped), true when the option is
// taken, and a comment line before the header names each variable's
// option. Each primary item says at least Lo and at most Hi of its
// options (at most one pairwise up to 32 options, by Sinz's sequential
// counter beyond and for other bounds, with auxiliary variables numbered
// after the options); each secondary item at most one of its options, or,
// with colors, a variable per color that its options imply and that
// implies one of them, and at most one of those and of its uncolored uses.
// The models of the formula, projected on the options' variables, are the
// solutions.
func (s *Solver) WriteCNF(w io.Writer) error {
	f := cnf.Encode(&s.model)
	header := fmt.Sprintf("exact cover as CNF (xcover): variables 1-%d are the options below, true when taken;\n"+
		"variables above %d are auxiliary (sequential counters, colors): count models projected on the options",
		s.model.NumOptions(), s.model.NumOptions())
	return f.Write(w, header, s.model.NumOptions(), func(k int) string {
		caller := int(s.model.Caller[k])
		if s.names == nil {
			return fmt.Sprintf("option %d", caller+1)
		}
		o := s.names.Options[caller]
		var b strings.Builder
		fmt.Fprintf(&b, "option %d:", caller+1)
		for _, r := range o.Items {
			b.WriteString(" " + r.String())
		}
		if o.Label != "" {
			b.WriteString(" (" + o.Label + ")")
		}
		return b.String()
	})
}
