package zdd

import (
	"bytes"
	"fmt"
	"strconv"
)

// Header is what xcover writes on the first line of a ZDD file, as a
// comment, so that a reader can tell a complete file of the right problem
// from a damaged or foreign one:
//
//	# xcover zdd: 368 nodes, problem c57b3e39975271c6…
//
// Nodes counts the node lines before the root marker; Problem, when not
// empty, is the digest (in hexadecimal) of the problem whose solutions
// the diagram holds. Knuth's ZDDREAD, which reads only node lines, reports
// the line as one it does not understand and reads on; [Read] reads
// files with and without it.
type Header struct {
	Nodes   int
	Problem string
}

// headerPrefix starts the header line.
const headerPrefix = "# xcover zdd: "

// maxDigest bounds the digest in a header: 64 hexadecimal digits, a SHA-256.
const maxDigest = 64

// Problem returns the digest of the problem that the ZDD's header names
// (see [Header]), or "" when it names none.
func (z *ZDD) Problem() string { return z.problem }

// WithProblem returns z with its problem's digest set, for [ZDD.WriteTo]
// to write in the header.
func (z *ZDD) WithProblem(digest string) *ZDD {
	c := *z
	c.problem = digest
	return &c
}

// appendHeader appends the header line of h, newline included.
func appendHeader(b []byte, h Header) []byte {
	b = append(b, headerPrefix...)
	b = strconv.AppendInt(b, int64(h.Nodes), 10)
	b = append(b, " nodes"...)
	if h.Problem != "" {
		b = append(b, ", problem "...)
		b = append(b, h.Problem...)
	}
	return append(b, '\n')
}

// parseHeader reads the header line b. The error, if any, has its column
// set.
func parseHeader(b []byte) (Header, *Error) {
	b = bytes.TrimSuffix(b, []byte("\r"))
	var h Header
	fail := func(p int, format string, args ...any) (Header, *Error) {
		return Header{}, &Error{Column: p + 1, Err: fmt.Errorf("%w: "+format, append([]any{ErrHeader}, args...)...)}
	}
	rest, ok := bytes.CutPrefix(b, []byte(headerPrefix))
	if !ok {
		return fail(0, "expected %q and the count of nodes (a ZDD file's first line may be xcover's header, no other comment)", headerPrefix)
	}
	p := len(headerPrefix)
	digits := 0
	for digits < len(rest) && '0' <= rest[digits] && rest[digits] <= '9' {
		digits++
	}
	n, err := strconv.ParseInt(string(rest[:digits]), 10, 32)
	if err != nil || n >= MaxNodes-2 {
		return fail(p, "expected the count of nodes, below %d", MaxNodes-2)
	}
	h.Nodes, rest, p = int(n), rest[digits:], p+digits
	if rest, ok = bytes.CutPrefix(rest, []byte(" nodes")); !ok {
		return fail(p, `expected " nodes"`)
	}
	p += len(" nodes")
	if len(rest) == 0 {
		return h, nil
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(", problem ")); !ok {
		return fail(p, `expected ", problem " or the end of the line`)
	}
	p += len(", problem ")
	for i, c := range rest {
		if _, hex := hexDigit(c); !hex || 'A' <= c && c <= 'F' {
			return fail(p+i, "expected the problem's digest in lower-case hexadecimal")
		}
	}
	if len(rest) == 0 || len(rest) > maxDigest {
		return fail(p, "expected the problem's digest, 1 to %d hexadecimal digits", maxDigest)
	}
	h.Problem = string(rest)
	return h, nil
}
