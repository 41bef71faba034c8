package zdd_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/xcover/xcover/zdd"
)

// The solutions of Knuth's 7-item example, as DLX6 would write them: one
// solution, options 1, 4 and 5.
func Example() {
	const file = `2: (~5?0:1)
3: (~4?0:2)
4: (~1?0:3)
5: (~0?0:4)
`
	z, err := zdd.Read(strings.NewReader(file), "example.zdd")
	if err != nil {
		panic(err)
	}
	fmt.Println(z.Count(), "solution;", z.Len(), "nodes")
	for set := range z.All() {
		fmt.Println(set)
	}
	// Output:
	// 1 solution; 3 nodes
	// [1 4 5]
}

// A Builder makes the family of the 2-element subsets of {1, 2, 3, 4}
// bottom up; a Sampler draws from it uniformly.
func ExampleBuilder() {
	b := zdd.NewBuilder(0)
	// S(n, k): the k-subsets of {1…n}; S(n, k) = S(n-1, k) ∪ S(n-1, k-1)·n.
	s11 := b.Node(1, zdd.Bottom, zdd.Top)
	s21 := b.Node(2, s11, zdd.Top)
	s31 := b.Node(3, s21, zdd.Top)
	s22 := b.Node(2, zdd.Bottom, s11)
	s32 := b.Node(3, s22, s21)
	s42 := b.Node(4, s32, s31)
	z := b.ZDD(s42)
	fmt.Println(z.Count(), "sets:")
	for set := range z.All() {
		fmt.Println(set)
	}
	z.WriteTo(os.Stdout)
	set, _ := zdd.NewSampler(z).Sample(rand.New(rand.NewPCG(1, 2)), nil)
	fmt.Println("a random one:", len(set), "elements")
	// Output:
	// 6 sets:
	// [4 3]
	// [4 2]
	// [4 1]
	// [3 2]
	// [3 1]
	// [2 1]
	// # xcover zdd: 6 nodes
	// 2: (~1?0:1)
	// 3: (~2?2:1)
	// 4: (~3?3:1)
	// 5: (~2?0:2)
	// 6: (~3?5:3)
	// 7: (~4?6:4)
	// 8: (~0?0:7)
	// a random one: 2 elements
}
