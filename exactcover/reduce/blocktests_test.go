package reduce_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/internal/testtier"
)

// reduceEach reduces p with each form of the tests and fails unless the
// results are the same, field for field; it returns the result.
func reduceEach(t *testing.T, what string, p *exactcover.Problem) *reduce.Result {
	t.Helper()
	var first *reduce.Result
	var firstName string
	for name, test := range reduce.BlockTests {
		restore := reduce.SetBlockTest(test)
		r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
		restore()
		if err != nil {
			t.Fatalf("%s, %s: %v", what, name, err)
		}
		if first == nil {
			first, firstName = r, name
		} else if !reflect.DeepEqual(r, first) {
			t.Fatalf("%s: the tests on %s and on %s reduce differently:\n%+v\n%+v", what, firstName, name, first, r)
		}
	}
	return first
}

// randomWideDLX is a random problem of a few hundred options over a few
// dozen items, with colors: rows of several words, where the bit-set test
// must get the words and their boundaries right. Names fit DLX-PRE's
// limits.
func randomWideDLX(r *rand.Rand) string {
	nPrimary, nSecondary := 4+r.IntN(20), r.IntN(6)
	var b strings.Builder
	name := writeItems(&b, nPrimary, nSecondary)
	// Items drawn with weights 1, 1/2, 1/3, …: the last ones are in few
	// options, which others can block or which imply others.
	n := nPrimary + nSecondary
	cum := make([]float64, n)
	total := 0.0
	for i := range n {
		total += 1 / float64(1+i)
		cum[i] = total
	}
	for range 65 + r.IntN(200) {
		used := map[int]bool{}
		for range 2 + r.IntN(min(5, n-1)) {
			i := sort.SearchFloat64s(cum, r.Float64()*total)
			if used[i] {
				continue
			}
			used[i] = true
			b.WriteString(name(i))
			if i >= nPrimary && r.IntN(2) == 0 {
				b.WriteString(":" + string(rune('a'+r.IntN(3))))
			}
			b.WriteString(" ")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// fired reports whether a reduction found something to remove: a pass
// that changed something, or a primary item left without options by one.
// (Options without a primary item, dropped before the passes, do not
// count.)
func fired(r *reduce.Result) bool {
	return r.Rounds > 1 || r.Infeasible && r.Rounds > 0
}

// TestBlockTestsAgree reduces random problems, wide and narrow, with both
// forms of the tests: the results must be the same (each is checked against
// DLX-PRE on other problems by TestDLXPRE and TestRandomDLXPRE).
func TestBlockTestsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 4))
	n := 1000
	if testtier.Short() {
		n = 200
	}
	reduced := 0
	for k := range n {
		what := "problem " + strconv.Itoa(k)
		res := reduceEach(t, what, parse(t, what, []byte(randomWideDLX(r))))
		if fired(res) {
			reduced++
		}
		// Small ones, where implied items often tie.
		for range 10 {
			reduceEach(t, what, parse(t, what, []byte(randomDLX(r))))
		}
	}
	if reduced < n/10 {
		t.Errorf("only %d problems of %d reduced: the test is too easy", reduced, n)
	}
}

// TestBlockTestsAgreeShared does the same on the shared instances.
func TestBlockTestsAgreeShared(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedDir, "*.dlx"))
	if len(files) == 0 {
		t.Skip("shared instances not here")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".dlx")
		t.Run(name, func(t *testing.T) {
			if strings.HasPrefix(name, "pent-") && testtier.Short() {
				t.Skip("a second or more with the counts: slow under -short and -race")
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			reduceEach(t, name, parse(t, name, data))
		})
	}
}
