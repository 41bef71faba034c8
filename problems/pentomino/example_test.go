package pentomino_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/xcover/xcover/problems/pentomino"
)

// Example counts the packings of the twelve pentominoes into a 20x3 box:
// two, up to the rectangle's symmetries (eight in all), as Haselgrove found
// in 1960. It prints the first.
func Example() {
	board, err := pentomino.Rectangle(20, 3)
	if err != nil {
		panic(err)
	}
	p, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{Symmetry: true})
	if err != nil {
		panic(err)
	}
	var first *pentomino.Packing
	res, err := p.Solve(context.Background(), pentomino.Limits{}, func(k *pentomino.Packing) bool {
		if first == nil {
			first = k
		}
		return true
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Packings, "packings up to symmetry")
	fmt.Println(first)
	// Output:
	// 2 packings up to symmetry
	// UUXPPPLLLLFTTTWWZVVV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXIIIIINNNFTWYYYYZV
}

// ExampleParseBoard reads a drawn board: a 6x4 box without two opposite
// corners, which only the half turn maps onto itself.
func ExampleParseBoard() {
	board, err := pentomino.ParseBoard("notched", []byte(
		"#.....\n"+
			"......\n"+
			"......\n"+
			".....#\n"))
	if err != nil {
		panic(err)
	}
	p, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{Symmetry: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(board.NumCells(), "cells,", p.GroupSize(), "symmetries")
	// Output:
	// 22 cells, 2 symmetries
}

// ExamplePacking_Record prints the one packing of the I pentomino in a 5x1
// box as "xcover pentomino --json" does.
func ExamplePacking_Record() {
	board, err := pentomino.Rectangle(5, 1)
	if err != nil {
		panic(err)
	}
	pieces, err := pentomino.ParseLetters("--pieces", "I")
	if err != nil {
		panic(err)
	}
	p, err := pentomino.New(board, pieces, pentomino.Options{})
	if err != nil {
		panic(err)
	}
	enc := json.NewEncoder(os.Stdout)
	if _, err := p.Solve(context.Background(), pentomino.Limits{}, func(k *pentomino.Packing) bool {
		return enc.Encode(k.Record(1)) == nil
	}); err != nil {
		panic(err)
	}
	// Output:
	// {"type":"solution","number":1,"rows":["IIIII"],"pieces":[{"piece":"I","cells":[[0,0],[0,1],[0,2],[0,3],[0,4]]}]}
}
