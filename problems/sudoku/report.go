package sudoku

import "github.com/xcover/xcover/exactcover"

// RecordWriter takes the records of a [Report]: text for people, or JSON
// objects for programs (report.Stream is one).
type RecordWriter interface {
	// Text writes a record of text, after a blank line when blank is set
	// and a record came before. b is the caller's again once Text returns:
	// Report makes every record in the same buffer.
	Text(b []byte, blank bool)
	// Object writes v as one line of JSON.
	Object(v any)
}

// Report writes what [SolveBatch] finds as it streams in, in input order:
// in ModeList each solution as it is found (its grid, or a "solution"
// record), and for every puzzle its answer ([Batch.AppendAnswer], or a
// "puzzle" record: [Record]). A puzzle cut short by time or a signal is
// the last written: the puzzles after it were never searched. Tally adds
// up every answer.
type Report struct {
	Batch  *Batch
	Mode   Mode
	Format Format // of the grids written
	JSON   bool
	Out    RecordWriter
	Tally  Tally
	// After, when set, is called after each record: done is the number
	// of puzzles finished, or -1 after a solution.
	After func(done int)

	listed int64  // solutions of the puzzle being listed
	halted bool   // a puzzle was cut short: write no more
	text   []byte // the buffer records of text are made in
}

// Output returns what SolveBatch is to report to, for r.
func (r *Report) Output() BatchOutput {
	out := BatchOutput{Done: r.answer}
	if r.Mode == ModeList {
		out.Solution = r.solution
	}
	return out
}

// solution writes solution g of puzzle i.
func (r *Report) solution(i int, g *Grid) {
	if r.listed++; r.halted {
		return
	}
	if r.JSON {
		r.Out.Object(struct {
			Type   string `json:"type"`
			Puzzle int    `json:"puzzle"`
			Number int64  `json:"number"`
			Grid   string `json:"grid"`
		}{"solution", i + 1, r.listed, r.Batch.LineOf(g)})
	} else {
		r.text = AppendGrid(AppendSeparator(r.text[:0], g.Size()), g, r.Format, r.Batch.Alphabet(g.Box))
		r.Out.Text(r.text, false)
	}
	r.after(-1)
}

// answer tallies puzzle i's answer and writes it.
func (r *Report) answer(i int, a Answer) {
	r.listed = 0
	r.Tally.Add(a)
	if !r.halted {
		r.halted = a.Verdict() == Stopped && a.Result.Status != exactcover.NodeLimit
		if r.JSON {
			r.Out.Object(struct {
				Type string `json:"type"`
				Record
			}{"puzzle", r.Batch.Record(i, a)})
		} else {
			blank := r.Mode == ModeFirst && (r.Format == Block || r.Format == Pretty)
			r.text = r.Batch.AppendAnswer(r.text[:0], r.Mode, a, r.Format)
			r.Out.Text(r.text, blank)
		}
	}
	r.after(i + 1)
}

func (r *Report) after(done int) {
	if r.After != nil {
		r.After(done)
	}
}
