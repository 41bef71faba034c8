package located

import "strconv"

// Error is an error at a place in a named input: see the package
// documentation for what zero fields mean and where the message comes
// from.
type Error struct {
	File   string // the input's name; "" when it has none
	Line   int    // 1-based; 0 when the whole input is meant
	Column int    // 1-based; 0 when the whole line is meant
	Msg    string // the message; "" to use Err's text
	Err    error  // the sentinel or cause, for errors.Is and errors.As
}

// Error returns "file:line:column: message" on one line, leaving out the
// parts of the place that are empty or zero, and the column when the line
// is.
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	where := []byte(e.File)
	if e.Line > 0 {
		if len(where) > 0 {
			where = append(where, ':')
		}
		where = strconv.AppendInt(where, int64(e.Line), 10)
		if e.Column > 0 {
			where = append(where, ':')
			where = strconv.AppendInt(where, int64(e.Column), 10)
		}
	}
	if len(where) == 0 {
		return msg
	}
	return string(where) + ": " + msg
}

// Unwrap returns Err, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }
