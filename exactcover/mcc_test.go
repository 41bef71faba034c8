package exactcover_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// mccDir holds Knuth-format instances with multiplicities; see its README.
var mccDir = filepath.Join("..", "..", "shared", "data", "mcc")

// loadMCC reads a DLX3 file of the shared data.
func loadMCC(t testing.TB, name string) *exactcover.Problem {
	return loadDLX(t, filepath.Join(mccDir, name+".dlx"))
}

type mccExpected struct {
	name                                  string
	solutions, nodes, updates, cleansings int64
}

func readMCCExpected(t testing.TB) []mccExpected {
	f, err := os.Open(filepath.Join(mccDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	defer f.Close()
	var rows []mccExpected
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 5 {
			continue
		}
		e := mccExpected{name: fields[0]}
		for i, p := range []*int64{&e.solutions, &e.nodes, &e.updates, &e.cleansings} {
			if *p, err = strconv.ParseInt(fields[i+1], 10, 64); err != nil {
				t.Fatalf("expected.tsv: %v", err)
			}
		}
		rows = append(rows, e)
	}
	return rows
}

// longMCC are the multiplicity instances of the long tier (seconds
// apiece); mcc-queens2-9 is a benchmark, not a test.
var longMCC = map[string]bool{"mcc-queens2-8": true, "mcc-tetra-4x10": true, "mcc-tetra-5x8": true}

// TestSharedMCC checks every multiplicity instance against DLX3: solutions,
// nodes, updates and cleansings, with every solution verified.
func TestSharedMCC(t *testing.T) {
	for _, e := range readMCCExpected(t) {
		t.Run(e.name, func(t *testing.T) {
			if e.name == "mcc-queens2-9" || testtier.Short() && e.nodes > shortNodes {
				t.Skip("slow")
			}
			if longMCC[e.name] {
				testtier.Long(t)
			}
			p := loadMCC(t, e.name)
			s, err := exactcover.New(p)
			if err != nil {
				t.Fatal(err)
			}
			check := verify.NewChecker(p)
			st, err := s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineDLX}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("invalid solution %v: %v", sol, err)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.updates || st.Cleansings != e.cleansings {
				t.Errorf("got %d solutions, %d nodes, %d updates, %d cleansings; DLX3: %d, %d, %d, %d",
					st.Solutions, st.Nodes, st.Updates, st.Cleansings, e.solutions, e.nodes, e.updates, e.cleansings)
			}
			st, err = s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineSparse}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("sparse: invalid solution %v: %v", sol, err)
				}
				return true
			})
			if err != nil || st.Solutions != e.solutions {
				t.Errorf("sparse: %v, %v; want %d solutions", st, err, e.solutions)
			}
		})
	}
}

// BenchmarkCountMCC counts every solution of the multiplicity instances
// with both engines. Knuth's DLX3 takes about 2.0 s on mcc-queens2-8 and
// 0.67 s on mcc-tetra-4x10, his SSMCC 1.9 s and 0.69 s
// (shared/data/mcc/README).
func BenchmarkCountMCC(b *testing.B) {
	for _, name := range []string{"mcc-queens2-8", "mcc-tetra-4x10"} {
		for _, engine := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse} {
			b.Run(name+"/"+engine.String(), func(b *testing.B) {
				s, err := exactcover.New(loadMCC(b, name))
				if err != nil {
					b.Fatal(err)
				}
				var st exactcover.Stats
				u0 := userTime()
				for b.Loop() {
					st, _ = searchCount(s, context.Background(), exactcover.Config{SkipProfile: true, Engine: engine})
				}
				b.ReportMetric(float64(userTime()-u0)/float64(b.N)/1e6, "user-ms/op")
				b.ReportMetric(float64(st.Nodes), "nodes")
			})
		}
	}
}
