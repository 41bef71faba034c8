package report

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"
)

// failing is a writer whose every write fails.
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestStreamText(t *testing.T) {
	var buf bytes.Buffer
	s := NewStream(&buf, false)
	s.Text([]byte("a\nb\n"), true) // the first record: no blank line before it
	s.Text([]byte("c\n"), true)
	s.Text([]byte("d\n"), false)
	s.Record([]byte("e\n"), true)
	fmt.Fprintln(s, 42)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "a\nb\n\nc\nd\n\ne\n42\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestStreamJSON(t *testing.T) {
	var buf bytes.Buffer
	s := NewStream(&buf, true)
	s.Record([]byte(`{"type":"solution"}`+"\n"), true) // no blank lines between records
	s.Record([]byte(`{"type":"solution"}`+"\n"), true)
	s.Object(map[string]string{"type": "summary", "file": "<stdin>"})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"solution"}` + "\n" + `{"type":"solution"}` + "\n" + `{"file":"<stdin>","type":"summary"}` + "\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// TestStreamTick checks that a record waits in the buffer until FlushEvery
// has passed, and that BeforeFlush runs before it goes out.
func TestStreamTick(t *testing.T) {
	var buf bytes.Buffer
	s := NewStream(&buf, false)
	flushed := 0
	s.BeforeFlush = func() { flushed++ }
	s.Text([]byte("x\n"), false)
	if !s.Tick() || buf.Len() != 0 || flushed != 0 {
		t.Fatalf("flushed at once: %q, %d", buf.String(), flushed)
	}
	s.lastFlush = time.Now().Add(-FlushEvery)
	if !s.Tick() || buf.String() != "x\n" || flushed != 1 {
		t.Fatalf("not flushed after FlushEvery: %q, %d", buf.String(), flushed)
	}
	if s.Flush(); flushed != 1 { // nothing buffered: nothing to do
		t.Errorf("BeforeFlush ran %d times for one flush", flushed)
	}
}

// TestStreamError checks that the first write error stops the search (Tick
// is false) and is what Close returns.
func TestStreamError(t *testing.T) {
	s := NewStream(failing{}, false)
	s.Text([]byte("x\n"), false)
	s.lastFlush = time.Time{}
	if s.Tick() {
		t.Error("Tick is true after a failed write")
	}
	if err := s.Close(); err == nil || err.Error() != "writing the output: disk full" {
		t.Errorf("Close = %v, want writing the output: disk full", err)
	}
	if err := s.Sync(); err == nil {
		t.Error("Sync after a failed write succeeded")
	}
}
