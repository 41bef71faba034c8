package reduce_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/specs"
)

// maxFuzzOptions bounds the problems whose solutions the fuzzer compares
// by brute force.
const maxFuzzOptions = 18

// FuzzReduce reduces any problem a DLX text describes: Reduce accepts what
// exactcover.New accepts (or refuses bounds), never panics, gives the same
// result with either form of the tests, and, for small problems, keeps the
// solutions exactly (mapped back by Original).
func FuzzReduce(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.dlx")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil && len(data) < 4<<10 {
			f.Add(data)
		}
	}
	f.Add([]byte("A B C | X\nA X:1\nB X:2\nC\nA B\nB C X\n"))
	f.Add([]byte(randomWideDLX(rand.New(rand.NewPCG(1, 2)))))
	f.Fuzz(func(t *testing.T, data []byte) {
		sp, err := specs.Parse("in", data, specs.DLX)
		if err != nil {
			return
		}
		p := &sp.Problem
		_, newErr := exactcover.New(p)
		r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
		switch {
		case p.HasMultiplicities():
			return
		case (err == nil) != (newErr == nil):
			t.Fatalf("Reduce says %v, exactcover.New %v", err, newErr)
		case err != nil:
			return
		}
		if _, err := exactcover.New(&r.Problem); err != nil {
			t.Fatalf("the reduced problem does not compile: %v", err)
		}
		reduceEach(t, "the input", p)
		if len(p.Options) > maxFuzzOptions {
			return
		}
		want := keys(verify.BruteForce(p), nil)
		got := keys(verify.BruteForce(&r.Problem), r.OriginalSolution)
		if !slices.Equal(got, want) {
			t.Fatalf("solutions %v after reduction, %v before", got, want)
		}
	})
}

// keys writes solutions (mapped by orig when not nil) sorted, for
// comparison.
func keys(sols [][]int, orig func([]int) []int) []string {
	var out []string
	for _, s := range sols {
		if orig != nil {
			s = orig(s)
		}
		s = slices.Clone(s)
		slices.Sort(s)
		out = append(out, fmt.Sprint(s))
	}
	slices.Sort(out)
	return out
}
