package statusline

import (
	"strings"
	"testing"
	"time"
)

func TestLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		redraw bool
		every  time.Duration
		age    time.Duration // of the run when the first line is asked for
		want   string        // after Print("a"), Print("b") at once, Clear, Stop, Print
	}{
		{name: "log lines", every: time.Hour, want: "a\n"},
		{name: "log lines unpaced", want: "a\nb\n"},
		{name: "status line", redraw: true, age: 2 * Delay, want: "\ra\x1b[K\r\x1b[K"},
		{name: "status line too early", redraw: true, age: Delay / 2, want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			l := New(&b, tc.redraw, tc.every)
			l.start = l.start.Add(-tc.age)
			for _, text := range []string{"a", "b"} {
				if l.Due() {
					l.Print(text)
				}
			}
			l.Clear()
			l.Clear() // nothing more to erase
			l.Stop()
			if l.Due() {
				t.Error("a stopped line is due")
			}
			if got := b.String(); got != tc.want {
				t.Errorf("drew %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNil(t *testing.T) {
	var l *Line
	if l.Due() {
		t.Error("a nil line is due")
	}
	l.Clear()
	l.Stop()
}
