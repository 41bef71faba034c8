// Command outside uses the library as a program in another module does,
// through its documented API only: TestOutsideModule builds and runs it
// in a module of its own that requires xcover (replaced by the checkout).
package main

import (
	"context"
	"fmt"
	"log"
	"slices"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// knuth is the 7-item example of Knuth's "Dancing links" (2000), whose one
// solution is A D, C E F and B G: options 4, 1 and 5 counted from 1.
const knuth = `A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
`

func main() {
	ctx := context.Background()
	sp, err := specs.Parse("knuth.dlx", []byte(knuth), specs.DLX)
	if err != nil {
		log.Fatal(err)
	}
	s, err := exactcover.New(&sp.Problem)
	if err != nil {
		log.Fatal(err)
	}
	first, _, err := s.First(ctx, exactcover.Config{})
	if err != nil {
		log.Fatal(err)
	}
	slices.Sort(first)
	fmt.Println("first:", first)
	st, err := s.Count(ctx, exactcover.Config{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("count:", st.Solutions, st.Status)
	p := &exactcover.Problem{Primary: []string{"x", "y"}, Options: []exactcover.Option{
		{Items: []exactcover.ItemRef{{Name: "x"}}},
		{Items: []exactcover.ItemRef{{Name: "y"}}},
		{Items: []exactcover.ItemRef{{Name: "x"}, {Name: "y"}}},
	}}
	s, err = exactcover.New(p)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for range s.Solutions(ctx, exactcover.Config{}) {
		n++
	}
	fmt.Println("two ways:", n)
}
