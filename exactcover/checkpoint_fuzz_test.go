package exactcover_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/xcover/xcover/exactcover"
)

// FuzzCheckpoint feeds the checkpoint reader bodies that carry a valid
// digest (the digest alone would stop almost every mutation at the door),
// and resumes the search of 6-queens from every one it accepts, with one
// worker and with two. Whatever the units, counters and shares say, the
// reader returns a checkpoint or an error wrapping ErrCheckpoint, an
// accepted checkpoint has counts that agree with one another (see
// inconsistent) and writes back to one that reads the same, and resuming
// ends with a result or an error, never a panic or a hang, its counts
// agreeing too.
//
//	go test -run '^$' -fuzz FuzzCheckpoint ./exactcover/
func FuzzCheckpoint(f *testing.F) {
	p := queens(6)
	for _, nodes := range []int64{5, 20, 45} {
		_, data := stoppedCheckpoint(f, p, nodes)
		f.Add(body(data))
		// The same with two roots, its nodes still adding up, as forged.
		f.Add(body(forge(f, data, func(r map[string]any) {
			prof := r["profile"].([]any)
			n, _ := prof[1].(json.Number).Int64()
			prof[0], prof[1] = json.Number("2"), json.Number(strconv.FormatInt(n-1, 10))
		})))
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
		if why := inconsistent(ck.Stats); why != "" {
			t.Fatalf("an accepted checkpoint %s", why)
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
			// still end, with totals that agree with one another.
			st, err := searchCount(s, context.Background(), exactcover.Config{Resume: &ck, Workers: workers, MaxNodes: 1 << 16})
			if why := inconsistent(st); err == nil && why != "" {
				t.Fatalf("resumed with %d workers, the search %s", workers, why)
			}
		}
	})
}

// inconsistent says how the counts of st contradict one another, or "":
// a profile that does not add up to the nodes, more than one node at
// level 0, more solutions than nodes.
func inconsistent(st exactcover.Stats) string {
	var sum int64
	for _, n := range st.Profile {
		sum += n
	}
	switch {
	case sum != st.Nodes:
		return fmt.Sprintf("has a profile of %d nodes for %d nodes", sum, st.Nodes)
	case len(st.Profile) > 0 && st.Profile[0] > 1:
		return fmt.Sprintf("has %d nodes at level 0", st.Profile[0])
	case st.Solutions > st.Nodes:
		return fmt.Sprintf("has %d solutions in %d nodes", st.Solutions, st.Nodes)
	}
	return ""
}

// body returns a checkpoint file's contents without its digest line.
func body(data []byte) []byte {
	cut := bytes.LastIndex(data[:len(data)-1], []byte("\n"))
	return bytes.Clone(data[:cut])
}
