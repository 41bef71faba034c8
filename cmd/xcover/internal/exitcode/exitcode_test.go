package exitcode

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestPrint(t *testing.T) {
	for _, tc := range []struct {
		err    error
		code   int
		stderr string
	}{
		{nil, Found, ""},
		{With(None, nil), None, ""},
		{With(None, errors.New("no solution")), None, "xcover: no solution\n"},
		{Bad(errors.New("x.yaml:3:7: expected a list")), BadInput, "xcover: x.yaml:3:7: expected a list\n"},
		{fmt.Errorf("reading: %w", With(Stopped, errors.New("stopped"))), Stopped, "xcover: reading: stopped\n"},
		{context.DeadlineExceeded, Stopped, "xcover: stopped by --timeout\n"},
		{fmt.Errorf("parsing: %w", context.Canceled), Stopped, "xcover: interrupted\n"},
		{errors.New("flag provided but not defined: -x"), BadInput, "xcover: flag provided but not defined: -x\n"},
	} {
		var stderr bytes.Buffer
		if code := Print(tc.err, &stderr); code != tc.code || stderr.String() != tc.stderr {
			t.Errorf("Print(%v) = %d, %q; want %d, %q", tc.err, code, stderr.String(), tc.code, tc.stderr)
		}
	}
	if Bad(nil) != nil {
		t.Error("Bad(nil) is not nil")
	}
}
