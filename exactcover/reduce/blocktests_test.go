package reduce_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/internal/testtier"
)

// reduceEach reduces p with each blocking test and fails unless the
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

// randomWide is a random problem of a few hundred options over a few
// dozen items, with colors: rows of several words, where the bit-set test
// must get the words and their boundaries right.
func randomWide(r *rand.Rand) *exactcover.Problem {
	nPrimary, nSecondary := 4+r.IntN(20), r.IntN(6)
	p := &exactcover.Problem{}
	for i := range nPrimary + nSecondary {
		if i < nPrimary {
			p.Primary = append(p.Primary, "p"+strconv.Itoa(i))
		} else {
			p.Secondary = append(p.Secondary, "s"+strconv.Itoa(i-nPrimary))
		}
	}
	for range 60 + r.IntN(300) {
		var o exactcover.Option
		for _, i := range r.Perm(nPrimary + nSecondary)[:1+r.IntN(min(5, nPrimary+nSecondary))] {
			ref := exactcover.ItemRef{Name: p.ItemName(i)}
			if i >= nPrimary && r.IntN(2) == 0 {
				ref.Color = string(rune('a' + r.IntN(3)))
			}
			o.Items = append(o.Items, ref)
		}
		p.Options = append(p.Options, o)
	}
	return p
}

// TestBlockTestsAgree reduces random problems, wide and narrow, with both
// blocking tests: the results must be the same (each is checked against
// DLX-PRE on other problems by TestDLXPRE and TestRandomDLXPRE).
func TestBlockTestsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 4))
	n := 1000
	if testtier.Short() {
		n = 200
	}
	reduced := 0
	for k := range n {
		res := reduceEach(t, "problem "+strconv.Itoa(k), randomWide(r))
		if res.RemovedOptions > 0 && !res.Infeasible {
			reduced++
		}
	}
	if reduced < n/10 {
		t.Errorf("only %d problems of %d lost options without being infeasible: the test is too easy", reduced, n)
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
