package exactcover_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/xcover/xcover/exactcover"
)

// FuzzCheckpoint feeds the checkpoint reader bodies that carry a valid
// digest (the digest alone would stop almost every mutation at the door),
// and resumes the search of 6-queens from every one it accepts, with one
// worker and with two. Whatever the units, counters and shares say, the
// reader returns a checkpoint or an error wrapping ErrCheckpoint, an
// accepted checkpoint writes back to one that reads the same, and resuming
// ends with a result or an error, never a panic or a hang.
//
//	go test -run '^$' -fuzz FuzzCheckpoint ./exactcover/
func FuzzCheckpoint(f *testing.F) {
	p := queens(6)
	for _, nodes := range []int64{5, 20, 45} {
		_, data := stoppedCheckpoint(f, p, nodes)
		f.Add(body(data))
	}
	s := mustNew(f, p)
	f.Fuzz(func(t *testing.T, b []byte) {
		data := redigest(t, append(bytes.Clone(b), "\nsha256:\n"...))
		var ck exactcover.Checkpoint
		if err := ck.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, exactcover.ErrCheckpoint) {
				t.Fatalf("an error that does not wrap ErrCheckpoint: %v", err)
			}
			return
		}
		again, err := ck.MarshalBinary()
		if err != nil {
			t.Fatalf("an accepted checkpoint does not write back: %v", err)
		}
		var ck2 exactcover.Checkpoint
		if err := ck2.UnmarshalBinary(again); err != nil {
			t.Fatalf("a written checkpoint does not read back: %v\n%s", err, again)
		}
		if third, _ := ck2.MarshalBinary(); !bytes.Equal(again, third) {
			t.Fatalf("writing is not stable:\n%s\n%s", again, third)
		}
		for _, workers := range []int{1, 2} {
			// A resumed search with a tampered position may count wrong
			// totals (the digest is what guards against that); it must
			// still end.
			_, _ = s.Search(context.Background(), exactcover.Config{Resume: &ck, Workers: workers, MaxNodes: 1 << 16}, nil)
		}
	})
}

// body returns a checkpoint file's contents without its digest line.
func body(data []byte) []byte {
	cut := bytes.LastIndex(data[:len(data)-1], []byte("\n"))
	return bytes.Clone(data[:cut])
}
