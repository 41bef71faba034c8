package checkpointfile_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
)

// randomStep returns a step of a search: an item branched on (-1 for a
// partial solution's step), the option taken (core.Null for Algorithm M's
// null branch), now and then excluded.
func randomStep(r *rand.Rand) core.Step {
	return core.Step{Item: int32(r.IntN(50)) - 1, Option: int32(r.IntN(1000)) - 1, Exclude: r.IntN(5) == 0}
}

// randomPieces returns pieces as the drivers leave them: some exported by
// a stopped search (the node it stood at, then the rest of each level
// above, deepest first, each a prefix of the path before and sharing its
// memory), some made one by one, with shares nested as the format
// requires (0 ≤ Lo ≤ Hi ≤ End ≤ 1).
func randomPieces(r *rand.Rand) []core.Piece {
	var pieces []core.Piece
	share := func(p *core.Piece) {
		x := []float64{r.Float64(), r.Float64(), r.Float64()}
		slices.Sort(x)
		p.Lo, p.Hi, p.End, p.Skip = x[0], x[1], x[2], int32(r.IntN(4))
	}
	for range r.IntN(4) {
		if r.IntN(2) == 0 { // a stopped search's export
			path := make([]core.Step, 1+r.IntN(12))
			for i := range path {
				path[i] = randomStep(r)
			}
			p := core.Piece{Unit: core.Unit{Path: path, CountLast: r.IntN(2) == 0}}
			share(&p)
			pieces = append(pieces, p)
			for l := len(path); l > 0; l-- {
				p := core.Piece{Unit: core.Unit{Path: path[:l], After: true}}
				share(&p)
				pieces = append(pieces, p)
			}
			continue
		}
		path := make([]core.Step, r.IntN(6))
		for i := range path {
			path[i] = randomStep(r)
		}
		if len(path) > 0 && r.IntN(2) == 0 && len(pieces) > 0 { // a sibling of the unit before
			prev := pieces[len(pieces)-1].Unit.Path
			path = append(slices.Clone(prev[:r.IntN(len(prev)+1)]), path...)
		}
		p := core.Piece{Unit: core.Unit{Path: path, CountLast: r.IntN(2) == 0, After: len(path) > 0 && r.IntN(3) == 0}}
		if r.IntN(4) == 0 { // branches of the node, of one item
			p.Unit.CountLast, p.Unit.After = false, false
			item := int32(r.IntN(3))
			for range 1 + r.IntN(5) {
				p.Unit.Rest = append(p.Unit.Rest, core.Step{Item: item, Option: int32(r.IntN(1 << 20))})
			}
		}
		share(&p)
		pieces = append(pieces, p)
	}
	return pieces
}

// randomRecord returns a record with every field set at random.
func randomRecord(r *rand.Rand) *checkpointfile.Record {
	rec := &checkpointfile.Record{
		Problem:    "0123456789abcdef",
		Engine:     []string{"dlx", "sparse", "bits"}[r.IntN(3)],
		Branching:  []string{"knuth", "weighted"}[r.IntN(2)],
		List:       r.IntN(2) == 0,
		Limit:      r.Int64N(100),
		State:      []string{"running", "interrupted", "complete"}[r.IntN(3)],
		Written:    time.Unix(r.Int64N(1<<32), r.Int64N(1e9)).UTC(),
		Solutions:  r.Int64(),
		Nodes:      r.Int64(),
		Updates:    r.Int64(),
		Cleansings: r.Int64(),
		ElapsedNS:  r.Int64(),
		Share:      r.Float64(),
		Done:       json.Number("0.250000"),
	}
	for range r.IntN(5) {
		rec.Partial = append(rec.Partial, r.IntN(100))
	}
	for range r.IntN(20) {
		rec.Profile = append(rec.Profile, r.Int64())
	}
	if r.IntN(3) == 0 {
		rec.Shard = &checkpointfile.Shard{K: 1 + r.IntN(3), N: 3 + r.IntN(3), Split: "fedcba9876543210"}
	}
	return rec
}

// randomCost returns the cost section of a search for the cheapest
// solutions.
func randomCost(r *rand.Rand) *checkpointfile.Cost {
	c := &checkpointfile.Cost{Best: 1 + r.IntN(5), Solutions: []checkpointfile.CostSolution{}, Units: []checkpointfile.CostUnit{}}
	for range r.IntN(4) {
		s := checkpointfile.CostSolution{Options: []int{}, Cost: r.Int64N(1000)}
		for range 1 + r.IntN(5) {
			s.Options = append(s.Options, r.IntN(100))
		}
		c.Solutions = append(c.Solutions, s)
	}
	for range r.IntN(4) {
		u := checkpointfile.CostUnit{Entered: r.IntN(2) == 0}
		for range 1 + r.IntN(5) {
			u.Path = append(u.Path, []int{r.IntN(10), r.IntN(100)})
		}
		c.Units = append(c.Units, u)
	}
	return c
}

// samePieces reports whether two lists of pieces hold the same units
// (an empty path and none alike) and shares.
func samePieces(a, b []core.Piece) bool {
	return slices.EqualFunc(a, b, func(x, y core.Piece) bool {
		return slices.Equal(x.Unit.Path, y.Unit.Path) && x.Unit.CountLast == y.Unit.CountLast && x.Unit.After == y.Unit.After &&
			slices.Equal(x.Unit.Rest, y.Unit.Rest) && (x.Unit.Rest == nil) == (y.Unit.Rest == nil) &&
			x.Lo == y.Lo && x.Hi == y.Hi && x.End == y.End && x.Skip == y.Skip
	})
}

// TestRoundTrip checks that what Encode writes, Decode reads back: every
// field of random records, with random pieces (shared prefixes, excluded
// steps, null branches, rests) or a cost section; that Encode reports the
// bytes it wrote; and that the units Decode reads that share a prefix
// with the unit before share its memory.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 4))
	for trial := range 300 {
		rec := randomRecord(r)
		var pieces []core.Piece
		if trial%4 == 3 {
			rec.Cost = randomCost(r)
		} else {
			pieces = randomPieces(r)
		}
		want := *rec
		var buf bytes.Buffer
		n, err := checkpointfile.Encode(&buf, rec, pieces)
		if err != nil || n != int64(buf.Len()) {
			t.Fatalf("trial %d: Encode wrote %d bytes of %d, %v", trial, n, buf.Len(), err)
		}
		got, units, err := checkpointfile.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, buf.Bytes())
		}
		want.Format, want.Version = checkpointfile.Format, checkpointfile.Version
		if want.Profile == nil {
			want.Profile = []int64{}
		}
		if !reflect.DeepEqual(got, &want) {
			t.Fatalf("trial %d: read back\n%+v\nwrote\n%+v", trial, got, &want)
		}
		if !samePieces(units, pieces) {
			t.Fatalf("trial %d: units read back\n%+v\nwrote\n%+v", trial, units, pieces)
		}
		for i := 1; i < len(units); i++ {
			u, prev := units[i].Unit.Path, units[i-1].Unit.Path
			if len(u) > 0 && len(u) <= len(prev) && slices.Equal(u, prev[:len(u)]) && unsafe.SliceData(u) != unsafe.SliceData(prev) {
				t.Fatalf("trial %d: unit %d is a prefix of the unit before, in memory of its own", trial, i+1)
			}
		}
	}
}

// TestDeepExportIsLinear checks the size of the file of a search stopped
// deep in its tree, with a unit per level each a prefix of the one
// before: each unit takes a few bytes, not a copy of its path (which
// would take gigabytes at this depth).
func TestDeepExportIsLinear(t *testing.T) {
	const depth = 5000
	path := make([]core.Step, depth)
	for i := range path {
		path[i] = core.Step{Item: int32(i % 97), Option: int32(i)}
	}
	pieces := []core.Piece{{Unit: core.Unit{Path: path}, Hi: 1, End: 1}}
	for l := depth; l > 0; l-- {
		pieces = append(pieces, core.Piece{Unit: core.Unit{Path: path[:l], After: true}, Lo: 1, Hi: 1, End: 1})
	}
	var buf bytes.Buffer
	if _, err := checkpointfile.Encode(&buf, &checkpointfile.Record{}, pieces); err != nil {
		t.Fatal(err)
	}
	const perUnit = 80 // the shared count, the flags and the shares; the path once
	if max := depth*perUnit + depth*16; buf.Len() > max {
		t.Errorf("%d bytes for %d units %d levels deep, more than %d", buf.Len(), len(pieces), depth, max)
	}
	_, units, err := checkpointfile.Decode(&buf)
	if err != nil || len(units) != len(pieces) || !slices.Equal(units[0].Unit.Path, path) {
		t.Fatalf("read back %d units, %v", len(units), err)
	}
	for i, u := range units[1:] { // each the deepest path's prefix, in its memory
		if len(u.Unit.Path) != depth-i || !u.Unit.After || unsafe.SliceData(u.Unit.Path) != unsafe.SliceData(units[0].Unit.Path) {
			t.Fatalf("unit %d: %d steps, after %v, in memory of its own %v", i+2, len(u.Unit.Path), u.Unit.After,
				unsafe.SliceData(u.Unit.Path) != unsafe.SliceData(units[0].Unit.Path))
		}
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }

var errWrite = &json.UnsupportedValueError{Str: "the disk is full"}

// TestEncodeReportsWriteErrors checks that a writer's error comes back.
func TestEncodeReportsWriteErrors(t *testing.T) {
	if _, err := checkpointfile.Encode(failingWriter{}, &checkpointfile.Record{}, nil); err != errWrite {
		t.Errorf("Encode to a failing writer: %v", err)
	}
}

// TestEncodeRefusesMixedBranches checks that Encode refuses a unit whose
// branches are for two items, which the file cannot say.
func TestEncodeRefusesMixedBranches(t *testing.T) {
	u := core.Unit{Rest: []core.Step{{Item: 0, Option: 1}, {Item: 1, Option: 2}}}
	var out bytes.Buffer
	if _, err := checkpointfile.Encode(&out, &checkpointfile.Record{}, []core.Piece{{Unit: u}}); err == nil || out.Len() != 0 {
		t.Errorf("branches of two items: %v, %d bytes written", err, out.Len())
	}
}
