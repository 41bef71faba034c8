package specs_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/xcover/xcover/specs"
)

// Parse Knuth's 7-item example, written in his DLX format, and print its
// only solution, one option per line.
func Example() {
	const input = `| Knuth, Dancing Links (2000): the 7-item example
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
`
	sp, err := specs.Parse("knuth.dlx", []byte(input), specs.DLX)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _, err := sp.Compile()
	if err != nil {
		fmt.Println(err)
		return
	}
	solution, _, _ := s.First(context.Background())
	for _, k := range solution {
		var names []string
		for _, r := range sp.Problem.Options[k].Items {
			names = append(names, r.String())
		}
		fmt.Println(strings.Join(names, " "))
	}
	// Output:
	// A D
	// C E F
	// B G
}

// Convert a YAML spec with a label and colors to Knuth's format: the name,
// the description and the labels travel in comment lines.
func ExampleWrite() {
	const input = `
name: tiny
description: Two options sharing X with the same color.
primary: [A, B]
secondary: [X]
options:
  - label: first
    items: [A, X:red]
  - B X:red
`
	sp, err := specs.Parse("tiny.yaml", []byte(input), specs.YAML)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := specs.Write(os.Stdout, sp, specs.DLX); err != nil {
		fmt.Println(err)
	}
	// Output:
	// | name: tiny
	// | Two options sharing X with the same color.
	// A B | X
	// | label: first
	// A X:red
	// B X:red
}

// Errors say where they are and what was expected, on one line.
func ExampleSpec_Compile() {
	const input = "primary: [A, B]\noptions:\n  - [A, C]\n"
	sp, err := specs.Parse("typo.yaml", []byte(input), specs.YAML)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, _, err := sp.Compile(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// typo.yaml:3:9: unknown item "C": expected an item declared as primary or secondary
}

// Multiplicities: two queens in every row and every column of a 4×4 board
// (rows and columns covered exactly twice, "r1: 2"). The solutions are the
// 4×4 0-1 matrices with two 1s in every row and column: OEIS A001499 gives
// 90 of them. In Knuth's DLX3 format the bounds come before the name.
func Example_multiplicities() {
	const input = `
primary: [r1: 2, r2: 2, r3: 2, r4: 2, c1: 2, c2: 2, c3: 2, c4: 2]
options: [r1 c1, r1 c2, r1 c3, r1 c4, r2 c1, r2 c2, r2 c3, r2 c4,
          r3 c1, r3 c2, r3 c3, r3 c4, r4 c1, r4 c2, r4 c3, r4 c4]
`
	sp, err := specs.Parse("two-per-line.yaml", []byte(input), specs.YAML)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _, err := sp.Compile()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := 0
	for range s.Solutions(context.Background()) {
		n++
	}
	fmt.Println(n, "solutions")
	var dlx strings.Builder
	if err := specs.Write(&dlx, sp, specs.DLX); err != nil {
		fmt.Println(err)
	}
	first, _, _ := strings.Cut(dlx.String(), "\n")
	fmt.Println(first)
	// Output:
	// 90 solutions
	// 2|r1 2|r2 2|r3 2|r4 2|c1 2|c2 2|c3 2|c4
}
