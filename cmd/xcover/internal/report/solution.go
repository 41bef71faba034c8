package report

import (
	"bytes"
	"cmp"
	"strconv"

	"github.com/xcover/xcover/exactcover"
)

// Solutions formats the solutions of one problem as "xcover solve" prints
// them: as text, the options one a line, each as its label, else its items
// as written in the input, and the empty solution (of a problem with no
// primary item) as the line EmptySolution, so that it never reads as the
// blank line between solutions; as JSON, one record a solution,
//
//	{"type":"solution","number":1,"option_indices":[3,0,4],"options":[{"label":…,"items":[…]},…]}
//
// numbered from 1 in the order they are given. Each option is formatted
// once, the first time a solution uses it, so that formatting millions of
// solutions costs little more than copying bytes.
type Solutions struct {
	p       *exactcover.Problem
	json    bool
	n       int64
	printed [][]byte // option k as printed: its text line, or its JSON object
	buf     []byte
}

// NewSolutions returns the formatter of p's solutions, as JSON records
// when json is set, else as text.
func NewSolutions(p *exactcover.Problem, json bool) *Solutions {
	return &Solutions{p: p, json: json, printed: make([][]byte, len(p.Options))}
}

// Next returns the next solution, sol (option indices into p.Options), as
// printed: its text lines, or its JSON record and a newline. The bytes are
// valid until the next call.
func (s *Solutions) Next(sol []int) []byte {
	s.n++
	b := s.buf[:0]
	if !s.json {
		if len(sol) == 0 {
			b = append(b, EmptySolution+"\n"...)
		}
		for _, k := range sol {
			b = append(b, s.option(k)...)
		}
	} else {
		b = strconv.AppendInt(append(b, `{"type":"solution","number":`...), s.n, 10)
		b = appendInts(append(b, `,"option_indices":`...), sol)
		b = append(b, `,"options":[`...)
		for i, k := range sol {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, s.option(k)...)
		}
		b = append(b, "]}\n"...)
	}
	s.buf = b
	return b
}

// NextCost returns the next solution as Next does, with its cost: as
// text, a line "cost N" before its options; in JSON, a field "cost".
func (s *Solutions) NextCost(sol []int, cost int64) []byte {
	if !s.json {
		head := strconv.AppendInt([]byte("cost "), cost, 10)
		return append(append(head, '\n'), s.Next(sol)...)
	}
	b := s.Next(sol)
	b = strconv.AppendInt(append(b[:len(b)-2], `,"cost":`...), cost, 10)
	b = append(b, "}\n"...)
	s.buf = b
	return b
}

// EmptySolution is the text line that stands for the empty solution.
const EmptySolution = "(the empty solution)"

// option returns option k as printed, formatting it on first use.
func (s *Solutions) option(k int) []byte {
	if b := s.printed[k]; b != nil {
		return b
	}
	o := &s.p.Options[k]
	b := []byte(cmp.Or(o.Label, o.String()) + "\n")
	if s.json {
		var items []string
		for _, r := range o.Items {
			items = append(items, r.String())
		}
		b = bytes.TrimSuffix(Marshal(new(bytes.Buffer), struct {
			Label string   `json:"label,omitempty"`
			Items []string `json:"items"`
		}{o.Label, items}), []byte("\n"))
	}
	s.printed[k] = b
	return b
}

// Numbers formats the n-th solution known by its option numbers alone
// (from 1), as "xcover zdd" prints it without the problem: as text, the
// numbers on one line; as JSON, in the field solve --json gives the same
// facts, {"type":"solution","number":n,"option_indices":[…]}, 0-based
// ("options", the options themselves, needs the problem). It returns the
// line, newline included, in buf's bytes.
func Numbers(buf *bytes.Buffer, n int64, numbers []int, json bool) []byte {
	if json {
		buf.Reset()
		b := strconv.AppendInt(append(buf.AvailableBuffer(), `{"type":"solution","number":`...), n, 10)
		b = append(b, `,"option_indices":[`...)
		for i, v := range numbers {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v-1), 10)
		}
		buf.Write(append(b, "]}\n"...))
		return buf.Bytes()
	}
	buf.Reset()
	for i, v := range numbers {
		if i > 0 {
			buf.WriteByte(' ')
		}
		buf.WriteString(strconv.Itoa(v))
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// appendInts appends xs as a JSON array.
func appendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}
