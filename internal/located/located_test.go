package located

import (
	"errors"
	"fmt"
	"testing"
)

var errBad = errors.New("bad thing")

func TestError(t *testing.T) {
	detail := fmt.Errorf("%w: 'o'", errBad)
	tests := []struct {
		name string
		err  Error
		want string
	}{
		{"everything", Error{File: "a.txt", Line: 3, Column: 7, Err: detail}, "a.txt:3:7: bad thing: 'o'"},
		{"no column", Error{File: "a.txt", Line: 3, Err: detail}, "a.txt:3: bad thing: 'o'"},
		{"no line", Error{File: "a.txt", Err: detail}, "a.txt: bad thing: 'o'"},
		{"column without a line", Error{File: "a.txt", Column: 7, Err: detail}, "a.txt: bad thing: 'o'"},
		{"no file", Error{Line: 3, Column: 7, Err: detail}, "3:7: bad thing: 'o'"},
		{"no file, no column", Error{Line: 3, Err: detail}, "3: bad thing: 'o'"},
		{"no place", Error{Err: detail}, "bad thing: 'o'"},
		{"msg over err", Error{File: "a.txt", Line: 3, Column: 7, Msg: "want a cell", Err: errBad}, "a.txt:3:7: want a cell"},
		{"msg alone", Error{File: "a.txt", Line: 3, Column: 7, Msg: "want a cell"}, "a.txt:3:7: want a cell"},
		{"multi-digit", Error{File: "<stdin>", Line: 1234, Column: 56, Msg: "m"}, "<stdin>:1234:56: m"},
		{"nothing", Error{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
			wrapped := fmt.Errorf("reading: %w", &tt.err)
			if tt.err.Err != nil && !errors.Is(wrapped, errBad) {
				t.Errorf("errors.Is(%v, errBad) = false", wrapped)
			}
			var e *Error
			if !errors.As(wrapped, &e) || e != &tt.err {
				t.Errorf("errors.As(%v) did not find the *Error", wrapped)
			}
		})
	}
}

func TestUnwrap(t *testing.T) {
	if err := (&Error{File: "a", Msg: "m"}).Unwrap(); err != nil {
		t.Errorf("Unwrap without Err = %v, want nil", err)
	}
	if errors.Is(&Error{File: "a", Msg: "bad thing"}, errBad) {
		t.Error("an Error without Err matches a sentinel by its text")
	}
}
