package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/sudoku"
)

// dataCases are pages of every example, whole and cut short (by a node
// limit, and by a budget of memory that stops a node before its choice),
// or those of them named in only.
func dataCases(t testing.TB, only ...string) map[string]*web.Page {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "specs", "examples", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	out := map[string]*web.Page{}
	add := func(name string, p *exactcover.Problem, lim explain.TraceLimits) {
		if len(only) > 0 && !slices.Contains(only, name) {
			return
		}
		page, err := web.NewPage(context.Background(), name, p, lim)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = page
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		p := loadExample(t, f)
		add(name, p, explain.TraceLimits{Nodes: 3000})
		add(name+", 7 nodes", p, explain.TraceLimits{Nodes: 7})
	}
	add("queens-8 within 100 KiB", loadExample(t, filepath.Join("..", "..", "specs", "examples", "queens-8.yaml")), explain.TraceLimits{Bytes: 100 << 10})
	// A Sudoku's page, with its rating and human path (an x-wing's).
	b, err := sudoku.Read("sudoku", []byte(ratedPuzzles[1].puzzle), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.Encode(b.Puzzles[0].Grid)
	if err != nil {
		t.Fatal(err)
	}
	add("sudoku rated x-wing, 7 nodes", p, explain.TraceLimits{Nodes: 7})
	return out
}

// The data a page holds is its trace: written and read back, every field
// of every node comes back, the narration's lines in the same order,
// the operations on the links with them.
func TestPageDataReadsBack(t *testing.T) {
	testtier.Slow(t) // every case encoded and decoded, on one goroutine
	for name, page := range dataCases(t) {
		t.Run(name, func(t *testing.T) {
			data, err := web.Encode(page)
			if err != nil {
				t.Fatal(err)
			}
			back, err := web.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(page)
			got, _ := json.Marshal(back)
			if !bytes.Equal(got, want) {
				t.Fatalf("read back, the page differs:\n%s\nwritten:\n%s", head(string(got)), head(string(want)))
			}
			if page.Trace.Links != nil && back.Trace.Links.Ops == 0 {
				t.Error("no operations on the links")
			}
		})
	}
}

// head is the start of a long text.
func head(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

// rewrap gzips and base64-encodes data as a page holds it.
func rewrap(data []byte) string {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write(data)
	z.Close()
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

// unwrap undoes rewrap.
func unwrap(t testing.TB, data string) []byte {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(z); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// Data cut anywhere, or with any byte changed, is refused with a reason,
// or read as another page that holds together; never a panic. (Knuth's
// example, and the DLX3 example with its operations.)
func TestPageDataDamaged(t *testing.T) {
	testtier.Slow(t) // thousands of damaged pages decoded, on one goroutine
	// Every cut and every byte changed is quadratic in the data's size:
	// the long tier tries each, other runs one in seven (at a different
	// offset for each page) and FuzzPageData goes on from there.
	stride := 7
	if testtier.Longs() {
		stride = 1
	}
	names := []string{"knuth", "knuth-mcc, 7 nodes", "colors, 7 nodes"}
	cases := dataCases(t, names...)
	for _, name := range names {
		data, err := web.Encode(cases[name])
		if err != nil {
			t.Fatal(err)
		}
		raw := unwrap(t, data)
		body := bytes.IndexByte(raw, '\n') + 1
		for cut := body + len(name)%stride; cut < len(raw); cut += stride {
			if _, err := web.ReadData(raw[:cut]); err == nil {
				t.Fatalf("%s: cut after %d of %d bytes, read", name, cut, len(raw))
			}
		}
		for at := body + len(name)%stride; at < len(raw); at += stride {
			for _, b := range []byte{0, 1, 0x7f, 0x80, 0xff, raw[at] ^ 1} {
				bad := bytes.Clone(raw)
				bad[at] = b
				web.ReadData(bad) // must not panic
			}
		}
	}
	if _, err := web.Decode("not base64!"); err == nil {
		t.Error("read data that is not base64")
	}
	if _, err := web.Decode(rewrap([]byte(`{"version":1}` + "\n"))); err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("data of another version: %v", err)
	}
}

// FuzzPageData reads damaged data without a panic, seeded from the
// examples' pages.
func FuzzPageData(f *testing.F) {
	seeds := []string{"knuth", "knuth-mcc", "colors, 7 nodes", "queens-8 within 100 KiB", "sudoku rated x-wing, 7 nodes"}
	cases := dataCases(f, seeds...)
	for _, name := range seeds {
		data, err := web.Encode(cases[name])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(unwrap(f, data))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := web.Decode(rewrap(raw))
		if err != nil {
			return
		}
		// What was read writes and reads back the same.
		data, err := web.Encode(p)
		if err != nil {
			return // read, but not a trace the writer would write
		}
		q, err := web.Decode(data)
		if err != nil {
			t.Fatalf("written from what was read, refused: %v", err)
		}
		a, _ := json.Marshal(p)
		b, _ := json.Marshal(q)
		if !bytes.Equal(a, b) {
			t.Fatal("written from what was read, read back otherwise")
		}
	})
}

// A node's first two lines (its number, level and partial solution; the
// items left with their numbers of options) and the Try that leads to the
// next node are not in the data but made from the nodes when it is read
// (see derived.go): the data holds none of them as text, and each example
// reads back whole (above). A trace with multiplicities or colors holds
// them as text.
func TestPageDataDerivesNodeLines(t *testing.T) {
	testtier.Slow(t) // every case encoded and read, on one goroutine
	for name, page := range dataCases(t) {
		t.Run(name, func(t *testing.T) {
			data, err := web.Encode(page)
			if err != nil {
				t.Fatal(err)
			}
			raw := string(unwrap(t, data))
			_, nodes, _ := strings.Cut(raw, "\n")
			told := strings.Count(nodes, "Node 2 at level") + strings.Count(nodes, "left to cover") + strings.Count(nodes, "Try option")
			if !page.Trace.Complete && strings.Count(nodes, "Try option") == 1 {
				told-- // the last node's Try, to a node the trace does not hold
			}
			switch {
			case page.Trace.Problem.MCC && told == 0:
				t.Errorf("a trace with multiplicities or colors: its node lines are not in the data")
			case !page.Trace.Problem.MCC && told > 0:
				t.Errorf("the data tells %d node lines as text", told)
			}
		})
	}
}
