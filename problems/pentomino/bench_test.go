package pentomino

import (
	"context"
	"testing"
)

// BenchmarkPack counts packings single-threaded. The 6x10 cases are the
// issue's targets: all 9,356 packings no slower than Knuth's DLX1 (8.4 s on
// this project's machines), and with symmetry about four times faster.
//
//	go test -run '^$' -bench Pack -benchtime 3x ./problems/pentomino/
func BenchmarkPack(b *testing.B) {
	for _, bc := range []struct {
		name string
		w, h int
		sym  bool
		want int64
	}{
		{"3x20", 20, 3, false, 8},
		{"3x20/sym", 20, 3, true, 2},
		{"4x15/sym", 15, 4, true, 368},
		{"5x12/sym", 12, 5, true, 1010},
		{"6x10/sym", 10, 6, true, 2339},
		{"6x10", 10, 6, false, 9356},
	} {
		b.Run(bc.name, func(b *testing.B) {
			board, _ := Rectangle(bc.w, bc.h)
			p, err := New(board, Pentominoes(), Options{Symmetry: bc.sym})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				res, err := p.Solve(context.Background(), Limits{}, nil)
				if err != nil || res.Packings != bc.want {
					b.Fatalf("%d packings, %v; published %d", res.Packings, err, bc.want)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkNew measures compiling the 6x10 problem with symmetry data.
func BenchmarkNew(b *testing.B) {
	board, _ := Rectangle(10, 6)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(board, Pentominoes(), Options{Symmetry: true}); err != nil {
			b.Fatal(err)
		}
	}
}
