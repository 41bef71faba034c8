package checkpointfile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
)

// FuzzRead feeds Decode any bytes, and the same bytes sealed with a
// correct digest (which anyone can compute, and which the digest check
// would otherwise stop almost every mutation at): it never panics, and
// what it accepts has units of the documented form that Encode writes
// back to a file that Decode reads as the same, byte for byte once
// written again. Seeded with the checkpoints in testdata (see its README).
//
//	go test -run '^$' -fuzz FuzzRead ./exactcover/internal/checkpointfile/
func FuzzRead(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.ckpt"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(sealed(valid))
	f.Add(sealed(validCost))
	f.Fuzz(func(t *testing.T, data []byte) {
		check(t, data)
		body := data
		if i := bytes.LastIndex(bytes.TrimSuffix(data, []byte("\n")), []byte("\nsha256:")); i >= 0 {
			body = data[:i]
		}
		check(t, sealed(string(body)))
	})
}

// check decodes data and, when it is accepted, checks the units' form
// and that writing it back is stable.
func check(t *testing.T, data []byte) {
	rec, units, err := checkpointfile.Decode(bytes.NewReader(data))
	if err != nil {
		if rec != nil || units != nil {
			t.Fatalf("refused (%v), yet returned a record or units", err)
		}
		return
	}
	if rec.Format != checkpointfile.Format || rec.Version < 2 || rec.Version > checkpointfile.Version || len(rec.Units) != 0 {
		t.Fatalf("accepted format %q, version %d, %d units left in the record", rec.Format, rec.Version, len(rec.Units))
	}
	for i, p := range units {
		if !(0 <= p.Lo && p.Lo <= p.Hi && p.Hi <= p.End && p.End <= 1) || p.Unit.After && len(p.Unit.Path) == 0 {
			t.Fatalf("unit %d accepted with share [%g, %g) of %g, after %v, %d steps", i+1, p.Lo, p.Hi, p.End, p.Unit.After, len(p.Unit.Path))
		}
		if r := p.Unit.Rest; r != nil {
			if len(r) == 0 || p.Unit.After || p.Unit.CountLast || rec.Version < 4 {
				t.Fatalf("unit %d accepted with %d branches, after %v, count last %v, in version %d", i+1, len(r), p.Unit.After, p.Unit.CountLast, rec.Version)
			}
			for _, st := range r {
				if st.Item != r[0].Item || st.Item < 0 || st.Option < 0 || st.Exclude {
					t.Fatalf("unit %d accepted with a branch %+v among branches of item %d", i+1, st, r[0].Item)
				}
			}
		}
	}
	if c := rec.Cost; c != nil {
		for i, u := range c.Units {
			if len(u.Path) == 0 {
				t.Fatalf("cost unit %d accepted empty", i+1)
			}
			for _, st := range u.Path {
				if len(st) != 2 {
					t.Fatalf("cost unit %d accepted with a step %v", i+1, st)
				}
			}
		}
	}
	var once, twice bytes.Buffer
	if _, err := checkpointfile.Encode(&once, rec, units); err != nil {
		t.Fatalf("an accepted checkpoint does not write back: %v", err)
	}
	rec2, units2, err := checkpointfile.Decode(bytes.NewReader(once.Bytes()))
	if err != nil {
		t.Fatalf("a written checkpoint does not read back: %v\n%s", err, once.Bytes())
	}
	if !samePieces(units2, units) {
		t.Fatalf("units written and read back differ:\n%+v\n%+v", units, units2)
	}
	if _, err := checkpointfile.Encode(&twice, rec2, units2); err != nil || !bytes.Equal(once.Bytes(), twice.Bytes()) {
		t.Fatalf("writing is not stable (%v):\n%s\n%s", err, once.Bytes(), twice.Bytes())
	}
}

// TestSeedsRead checks that the seeds in testdata are checkpoints Decode
// accepts, each of the kind its README says.
func TestSeedsRead(t *testing.T) {
	for _, tc := range []struct {
		name    string
		version int
		cost    bool
		units   bool
	}{
		{"queens-8-count.ckpt", 3, false, true},
		{"queens-8-all.ckpt", 3, false, true},
		{"queens-8-shard-1-of-2.ckpt", 3, false, true},
		{"langford-7-partial.ckpt", 3, false, true},
		{"assignment-4-best-3.ckpt", 3, true, false},
		{"queens-8-count-version-2.ckpt", 2, false, true},
		{"queens-8-count-rest.ckpt", 4, false, true},
	} {
		f, err := os.Open(filepath.Join("testdata", tc.name))
		if err != nil {
			t.Fatal(err)
		}
		rec, units, err := checkpointfile.Decode(f)
		f.Close()
		if err != nil || rec.Version != tc.version || (rec.Cost != nil) != tc.cost || (len(units) > 0) != tc.units {
			t.Errorf("%s: %v; version %d, %d units", tc.name, err, rec.Version, len(units))
		}
	}
}
