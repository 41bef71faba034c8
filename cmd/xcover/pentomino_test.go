package main

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
)

// TestPentominoJSON reads --json output as a script would: one object per
// packing, then the summary. 3x20 has 2 packings up to symmetry
// (Haselgrove 1960); each must be a full 20x3 letter grid using each of the
// twelve letters five times, and agree with its list of pieces.
func TestPentominoJSON(t *testing.T) {
	r := runXcover(t, nil, []string{"pentomino", "--board", "20x3", "--symmetry", "--all", "--json"}, "")
	if r.code != exitcode.Found {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var packings int
	var summary map[string]any
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	for sc.Scan() {
		var obj struct {
			Type   string   `json:"type"`
			Rows   []string `json:"rows"`
			Pieces []struct {
				Piece string   `json:"piece"`
				Cells [][2]int `json:"cells"`
			} `json:"pieces"`
		}
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		switch obj.Type {
		case "solution":
			packings++
			letters := map[rune]int{}
			for _, row := range obj.Rows {
				if len(row) != 20 {
					t.Errorf("row %q is not 20 wide", row)
				}
				for _, ch := range row {
					letters[ch]++
				}
			}
			if len(obj.Rows) != 3 || len(letters) != 12 {
				t.Errorf("rows %q", obj.Rows)
			}
			for ch, n := range letters {
				if n != 5 || !strings.ContainsRune("FILNPTUVWXYZ", ch) {
					t.Errorf("letter %c appears %d times", ch, n)
				}
			}
			for _, pc := range obj.Pieces {
				for _, c := range pc.Cells {
					if got := obj.Rows[c[0]][c[1] : c[1]+1]; got != pc.Piece {
						t.Errorf("piece %s at %v, grid shows %s", pc.Piece, c, got)
					}
				}
			}
		case "summary":
			if err := json.Unmarshal(sc.Bytes(), &summary); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("unknown object %q", sc.Text())
		}
	}
	if packings != 2 || summary == nil || summary["solutions"] != 2.0 || summary["status"] != "complete" ||
		summary["symmetries"] != 4.0 || summary["nodes"].(float64) <= 0 {
		t.Errorf("%d packings, summary %v", packings, summary)
	}
}

// TestPentominoSVG: --svg writes one picture of the packings printed, a
// sheet when there are several, and stdout is unchanged.
func TestPentominoSVG(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		groups int
	}{
		{[]string{"--board", "20x3"}, 1},
		{[]string{"--board", "20x3", "--all"}, 8},
	} {
		file := filepath.Join(dir, "out.svg")
		args := append([]string{"pentomino", "--svg", file}, tc.args...)
		with := runXcover(t, nil, args, "")
		without := runXcover(t, nil, append([]string{"pentomino"}, tc.args...), "")
		if with.code != exitcode.Found || with.stdout != without.stdout {
			t.Fatalf("%v: exit %d, stdout differs from a run without --svg: %s", tc.args, with.code, with.stderr)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		groups := 0
		dec := xml.NewDecoder(f)
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: not XML: %v", tc.args, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
				groups++
			}
		}
		f.Close()
		if groups != tc.groups {
			t.Errorf("%v: %d packings drawn, want %d", tc.args, groups, tc.groups)
		}
	}
}
