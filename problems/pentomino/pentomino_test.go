package pentomino

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// eightByEightHole is the 8x8 board without its centre 2x2, Dana Scott's
// 1958 problem.
var eightByEightHole = []string{
	"........",
	"........",
	"........",
	"...##...",
	"...##...",
	"........",
	"........",
	"........",
}

func mustBoard(t testing.TB, w, h int, picture []string) *Board {
	t.Helper()
	if picture != nil {
		b, err := ParseBoard("test", []byte(strings.Join(picture, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := Rectangle(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// solveChecked solves and checks every packing independently; with
// symmetry it also checks that no two reported packings are equivalent
// under the board's symmetries (computed by the tests' own code).
func solveChecked(t *testing.T, board *Board, ref refBoard, pieces []Piece, refPieces []refPiece, opt Options, mirror map[string]string) (Result, []*Packing) {
	t.Helper()
	p, err := New(board, pieces, opt)
	if err != nil {
		t.Fatal(err)
	}
	var (
		syms     []func(pt) pt
		reflects []bool
		seen     = map[string]bool{}
		all      []*Packing
		bad      error
	)
	if opt.Symmetry {
		syms, reflects = boardSymmetries(ref, opt.OneSided && mirror == nil)
		if got := p.GroupSize(); got != len(syms) {
			t.Errorf("GroupSize = %d, the tests count %d symmetries", got, len(syms))
		}
	}
	res, err := p.Solve(context.Background(), Limits{}, func(k *Packing) bool {
		if err := checkPacking(ref, refPieces, opt.OneSided, p.Optional(), k); err != nil && bad == nil {
			bad = err
		}
		key := keyOf(fromPacking(k))
		if opt.Symmetry {
			key = canonicalKey(fromPacking(k), syms, reflects, mirror)
		}
		if seen[key] && bad == nil {
			bad = errorString("packing reported twice (up to symmetry): " + k.String())
		}
		seen[key] = true
		all = append(all, k)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if bad != nil {
		t.Fatal(bad)
	}
	if res.Packings != int64(len(all)) {
		t.Errorf("Result.Packings = %d, visited %d", res.Packings, len(all))
	}
	return res, all
}

type errorString string

func (e errorString) Error() string { return string(e) }

// sharedData returns the path of the shared data directory, or skips.
func sharedData(t testing.TB, name string) string {
	t.Helper()
	for _, dir := range []string{"../../shared/data", "../../../shared/data"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("shared data %s not present", name)
	return ""
}

// expectedNodes reads Knuth's DLX1 node counts from expected.tsv.
func expectedNodes(t *testing.T) map[string]int64 {
	f, err := os.Open(sharedData(t, "exactcover/expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) >= 3 {
			if n, err := strconv.ParseInt(fs[2], 10, 64); err == nil {
				out[fs[0]] = n
			}
		}
	}
	return out
}

// tier is what a test row costs (see package testtier): quick rows always
// run, slow ones (seconds, or a tenth of a second that the race detector
// makes ten) not under -short or the race detector, long ones (5 s and
// more) only in the long tier.
type tier int

const (
	quick tier = iota
	slow
	long
)

// TestPublishedCounts checks the numbers of pentomino packings published
// since the 1960s (Haselgrove 1960, Scott 1958; Knuth 2000, table 1), every
// packing checked independently.
func TestPublishedCounts(t *testing.T) {
	tests := []struct {
		name    string
		w, h    int
		picture []string
		sym     bool
		want    int64
		dlx     string // shared file whose DLX1 node count must match
		tier    tier
	}{
		{"3x20", 20, 3, nil, false, 8, "pent-3x20", slow},
		{"3x20/sym", 20, 3, nil, true, 2, "", quick},
		{"4x15/sym", 15, 4, nil, true, 368, "", slow},
		{"8x8-hole/sym", 0, 0, eightByEightHole, true, 65, "", quick},
		{"6x10/sym", 10, 6, nil, true, 2339, "pent-6x10-sym", long},
		{"4x15", 15, 4, nil, false, 1472, "pent-4x15", long},
		{"5x12/sym", 12, 5, nil, true, 1010, "", slow},
		{"5x12", 12, 5, nil, false, 4040, "pent-5x12", long},
		{"6x10", 10, 6, nil, false, 9356, "pent-6x10", long},
		{"8x8-hole", 0, 0, eightByEightHole, false, 520, "", slow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			switch {
			case tc.tier == long:
				testtier.Long(t)
			case tc.tier == slow && testtier.Short():
				t.Skip("slow; run without -short")
			}
			board := mustBoard(t, tc.w, tc.h, tc.picture)
			ref := rectRef(tc.w, tc.h)
			if tc.picture != nil {
				ref = picRef(tc.picture...)
			}
			res, _ := solveChecked(t, board, ref, Pentominoes(), refSet(refPentominoes, PentominoLetters), Options{Symmetry: tc.sym}, nil)
			if res.Packings != tc.want {
				t.Errorf("%d packings, published %d", res.Packings, tc.want)
			}
			if res.Stats.Status != exactcover.Complete {
				t.Errorf("status %v", res.Stats.Status)
			}
			if tc.dlx != "" { // the dancing-links engine's count is DLX1's
				p, err := New(board, Pentominoes(), Options{Symmetry: tc.sym})
				if err != nil {
					t.Fatal(err)
				}
				res, err := p.Solve(context.Background(), Limits{Engine: exactcover.EngineDLX}, nil)
				if want, ok := expectedNodes(t)[tc.dlx]; ok && (err != nil || res.Stats.Nodes != want || res.Packings != tc.want) {
					t.Errorf("dlx: %d packings, %d nodes (%v); Knuth's DLX1 on %s.dlx: %d nodes", res.Packings, res.Stats.Nodes, err, tc.dlx, want)
				}
			}
		})
	}
}
