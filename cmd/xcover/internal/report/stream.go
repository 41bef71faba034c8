package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"time"
)

// FlushEvery is the longest a record waits in a [Stream]'s buffer, so that
// the rare solutions of a long search show up as they are found.
const FlushEvery = 200 * time.Millisecond

// Stream writes a command's output as it comes: text for people, or JSON
// Lines for programs ([Stream.JSON]), the last record always the summary.
// Its first write error is kept, and every write after it is dropped:
// [Stream.Tick] says so, to stop the search, and [Stream.Close] returns it.
type Stream struct {
	// JSON: the records are JSON objects, one a line.
	JSON bool
	// BeforeFlush, when set, runs before buffered output goes out: a
	// status line on the same terminal erases itself.
	BeforeFlush func()

	dst       io.Writer
	w         *bufio.Writer
	texts     int64 // text records written, to separate them
	lastFlush time.Time
	err       error
	scratch   bytes.Buffer
}

// NewStream returns a stream writing to w.
func NewStream(w io.Writer, json bool) *Stream {
	return &Stream{JSON: json, dst: w, w: bufio.NewWriterSize(w, 64<<10), lastFlush: time.Now()}
}

// Write writes b as it is; with [fmt.Fprintf] it writes a line of text.
func (s *Stream) Write(b []byte) (int, error) { return s.w.Write(b) }

// Text writes a record of text, after a blank line when blank is set and a
// record came before, so that records of several lines stay apart.
func (s *Stream) Text(b []byte, blank bool) {
	if blank && s.texts > 0 {
		s.w.WriteByte('\n')
	}
	s.texts++
	s.w.Write(b)
}

// Record writes b, a record that is a line of JSON with [Stream.JSON] and
// text otherwise (as [Solutions] and [Numbers] make them).
func (s *Stream) Record(b []byte, blank bool) {
	if s.JSON {
		s.w.Write(b)
	} else {
		s.Text(b, blank)
	}
}

// Object writes v as one line of JSON.
func (s *Stream) Object(v any) { s.w.Write(Marshal(&s.scratch, v)) }

// Scratch is a buffer for making the next record in.
func (s *Stream) Scratch() *bytes.Buffer { return &s.scratch }

// Tick flushes the output when it has waited [FlushEvery]; false means it
// cannot be written: stop the search.
func (s *Stream) Tick() bool {
	if now := time.Now(); now.Sub(s.lastFlush) >= FlushEvery {
		s.lastFlush = now
		s.Flush()
	}
	return s.err == nil
}

// Flush writes what is buffered and returns the first write error.
func (s *Stream) Flush() error {
	if s.err == nil && s.w.Buffered() > 0 {
		if s.BeforeFlush != nil {
			s.BeforeFlush()
		}
		s.err = s.w.Flush()
	}
	return s.err
}

// Sync flushes the output and, when it is a regular file, makes it durable:
// a checkpoint taken next counts what it holds.
func (s *Stream) Sync() error {
	if err := s.Flush(); err != nil {
		return err
	}
	if f, ok := s.dst.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return f.Sync()
		}
	}
	return nil
}

// Close flushes what is left and returns the first write error.
func (s *Stream) Close() error {
	if err := s.Flush(); err != nil {
		return fmt.Errorf("writing the output: %v", err)
	}
	return nil
}
