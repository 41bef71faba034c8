package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The outputs below are written as the programs print them (Knuth's
// summary lines, DLX5's costs, qqwing's CSV), not produced by the code
// under test.
func TestReaders(t *testing.T) {
	for _, tc := range []struct {
		name           string
		read           reader
		stdout, stderr string
		key, show      string
	}{
		{"xcover count", xcoverCount, "365596\n", "", "365596", "365,596"},
		{"xcover big count", xcoverCount, "112202208776036178000000\n", "", "112202208776036178000000", "112,202,208,776,036,178,000,000"},
		{"xcover count, four digits", xcoverCount, "9356\n", "", "9356", "9,356"},
		{"knuth count", knuthCount, "", "(144 options, 24+46 items, 720 entries successfully read)\nAltogether 14200 solutions, 30926+52476665 mems, 3641627 updates, 13840 bytes, 211716 nodes, ccost 6%.\n", "14200", "14,200"},
		{"knuth count of one", knuthCount, "", "Altogether 1 solution, 1630+3720 mems, 28 updates, 808 bytes, 7 nodes, ccost 56%.\n", "1", "1"},
		{"knuth nodes", withNodes(knuthCount), "", "Altogether 14200 solutions, 30926+52476665 mems, 3641627 updates, 13840 bytes, 211716 nodes, ccost 6%.\n", "14200 solutions, 211716 nodes", "14,200"},
		{"xcover nodes", withNodes(xcoverCount), "14200\n", "Altogether 14200 solutions, 3641627 updates, 211716 nodes, 0.052s; complete\n", "14200 solutions, 211716 nodes", "14,200"},
		{"dlx5 one", dlx5Costs, "", "Altogether 6 solutions, 206976 nodes.\nThe optimum cost is $57\n", "57", "cost 57"},
		{"dlx5 ten", dlx5Costs, "", "Altogether 68 solutions.\nThe optimum costs are:\n $57\n $61\n $63 (repeated 3 times)\n $66\n", "57 61 63 63 63 66", "6 costs, 57 to 66"},
		{"xcover min-cost", xcoverMinCost, "cost 95\nF 01 02\n\ncost 57\nF 03 04\n", "", "57", "cost 57"},
		{"xcover best", xcoverBest, "cost 57\nF 01\n\ncost 61\nI 02\n\ncost 61\nL 03\n", "", "57 61 61", "3 costs, 57 to 61"},
		{"zdd", zddCount(knuthCount), "", "Altogether 8 solutions, 18164 search nodes, 76 ZDD nodes, 16372+68 signatures.\n", "8", "8"},
		{"xcover verdicts", xcoverVerdicts, "unique\t123\nmultiple\nnone\nunique\t456\n", "", "", "1 none, 2 unique, 1 multiple"},
		{"tdoku", tdokuVerdicts, "1\n2\n0\n1\n", "", "", "1 none, 2 unique, 1 multiple"},
		{"qqwing", qqwingVerdicts, "Solution,Solution Count,\n123,1,\n,5,\n,0,\n456,1,\n", "", "", "1 none, 2 unique, 1 multiple"},
		{"xcover unique", xcoverUnique, "unique\t1234341243212143\n", "", "unique 1234341243212143", "unique"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := tc.read(sample{stdout: []byte(tc.stdout), stderr: []byte(tc.stderr)})
			if err != nil {
				t.Fatal(err)
			}
			if tc.key != "" && a.key != tc.key {
				t.Errorf("key %q, want %q", a.key, tc.key)
			}
			if a.show != tc.show {
				t.Errorf("show %q, want %q", a.show, tc.show)
			}
		})
	}
}

// Verdicts from the three Sudoku programs agree when the puzzles' do, in
// the same order, and only then.
func TestVerdictsCompare(t *testing.T) {
	x, _ := xcoverVerdicts(sample{stdout: []byte("unique\t1\nmultiple\nnone\n")})
	d, _ := tdokuVerdicts(sample{stdout: []byte("1\n2\n0\n")})
	q, _ := qqwingVerdicts(sample{stdout: []byte("Solution,Solution Count,\n1,1,\n,7,\n,0,\n")})
	swapped, _ := tdokuVerdicts(sample{stdout: []byte("2\n1\n0\n")})
	if x.key != d.key || x.key != q.key {
		t.Errorf("the same verdicts differ: %q %q %q", x.key, d.key, q.key)
	}
	if swapped.key == x.key {
		t.Error("verdicts in another order compare equal")
	}
}

// Two reduced problems are the same when their items and options are,
// comments and spacing aside.
func TestReducedCompare(t *testing.T) {
	dlxPre := " A B C | X\n A X\n| (from 3)\n B C\n"
	xcover := "| name: p\nA B C | X\nA X\nB C\n"
	other := "A B C | X\nB C\nA X\n"
	a, err := reduced(sample{stdout: []byte(dlxPre)})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := reduced(sample{stdout: []byte(xcover)})
	c, _ := reduced(sample{stdout: []byte(other)})
	if a.key != b.key || a.show != "the same 2 options" {
		t.Errorf("the same problem: %+v, %+v", a, b)
	}
	if c.key == a.key {
		t.Error("options in another order compare equal")
	}
}

// Readers refuse outputs without an answer rather than read one.
func TestReadersRefuse(t *testing.T) {
	for name, tc := range map[string]struct {
		read           reader
		stdout, stderr string
	}{
		"no count":          {xcoverCount, "xcover: bad\n", ""},
		"no total":          {knuthCount, "", "Usage: dlx1 [v<n>]\n"},
		"no nodes":          {withNodes(knuthCount), "", "Altogether 3 solutions.\n"},
		"no cost":           {dlx5Costs, "", "Altogether 0 solutions.\n"},
		"no min cost":       {xcoverMinCost, "", ""},
		"bad verdict":       {xcoverVerdicts, "unique\t1\ntimeout\n", ""},
		"bad tdoku count":   {tdokuVerdicts, "1\n3\n", ""},
		"no qqwing header":  {qqwingVerdicts, "1,1,\n", ""},
		"no reduced output": {reduced, "| only a comment\n", ""},
		"not a verdict":     {xcoverUnique, "INVALID\n", ""},
	} {
		if a, err := tc.read(sample{stdout: []byte(tc.stdout), stderr: []byte(tc.stderr)}); err == nil {
			t.Errorf("%s: read %+v", name, a)
		}
	}
}

// blockModel decodes the model into the puzzle's solution and writes the
// CNF with one more clause that excludes it.
func TestBlockModel(t *testing.T) {
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "p.txt")
	cnf := filepath.Join(dir, "p.cnf")
	blocked := filepath.Join(dir, "p-blocked.cnf")
	os.WriteFile(puzzle, []byte("123434124321214.\n"), 0o644)
	os.WriteFile(cnf, []byte("c exact cover as CNF\n"+
		"c 1 option 1: r4c4 r4#3 c4#3 b4#3 (r4c4=3)\n"+
		"c 2 option 2: r4c4 r4#4 c4#4 b4#4 (r4c4=4)\n"+
		"p cnf 2 2\n1 2 0\n-1 -2 0\n"), 0o644)
	model, sat, err := satModel([]byte("s SATISFIABLE\nv -2 1 0\n"))
	if err != nil || !sat {
		t.Fatal(sat, err)
	}
	grid, err := blockModel(puzzle, cnf, blocked, model)
	if err != nil {
		t.Fatal(err)
	}
	if grid != "1234341243212143" {
		t.Errorf("grid %q", grid)
	}
	data, _ := os.ReadFile(blocked)
	if !strings.Contains(string(data), "p cnf 2 3\n") || !strings.HasSuffix(string(data), "-1 0\n") {
		t.Errorf("blocked CNF:\n%s", data)
	}
	if _, sat, err := satModel([]byte("s UNSATISFIABLE\n")); sat || err != nil {
		t.Errorf("UNSATISFIABLE read as %v, %v", sat, err)
	}
	if _, _, err := satModel([]byte("c no status\n")); err == nil {
		t.Error("an output without a status read as a model")
	}
}

func TestThousands(t *testing.T) {
	for in, want := range map[string]string{"8": "8", "9356": "9,356", "100": "100", "14200": "14,200", "258584046368": "258,584,046,368"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%s) = %s, want %s", in, got, want)
		}
	}
}

// FuzzReaders: no output of a program makes a reader panic.
func FuzzReaders(f *testing.F) {
	f.Add("365596\n", "Altogether 92 solutions, 1049 nodes.\n")
	f.Add("cost 57\n", "The optimum costs are:\n $57 (repeated 2 times)\n")
	f.Add("Solution,Solution Count,\n1,1,\n", "")
	f.Add("unique\t1\nnone\n", "removed 1 of 2 options and 0 of 3 items")
	f.Add("s SATISFIABLE\nv 1 -2 0\n", "")
	readers := []reader{xcoverCount, knuthCount, withNodes(knuthCount), withNodes(xcoverCount),
		dlx5Costs, xcoverMinCost, xcoverBest, reduced, xcoverReduced, zddCount(xcoverCount),
		xcoverVerdicts, tdokuVerdicts, qqwingVerdicts, xcoverUnique}
	f.Fuzz(func(t *testing.T, stdout, stderr string) {
		for _, read := range readers {
			read(sample{stdout: []byte(stdout), stderr: []byte(stderr)})
		}
		satModel([]byte(stdout))
	})
}
