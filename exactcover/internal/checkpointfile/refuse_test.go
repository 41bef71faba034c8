package checkpointfile_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/internal/testtier"
)

// valid is the JSON line of a checkpoint, written by hand as the package
// documentation describes it: two units, the second sharing the first's
// step and adding an excluding one.
const valid = `{"format":"xcover checkpoint","version":3,"problem":"ab","engine":"dlx","branching":"knuth","list":false,"limit":0,` +
	`"state":"running","written":"2026-01-02T03:04:05Z","solutions":1,"nodes":2,"updates":3,"cleansings":0,"profile":[1,1],` +
	`"elapsed_ns":5,"share":1,"units":[{"path":[[0,1]],"lo":0,"hi":0.5,"end":0.5},` +
	`{"shared":1,"path":[[1,2,1]],"count_last":true,"lo":0.5,"hi":1,"end":1}],"done":"0.5"}`

// validCost is the JSON line of a checkpoint of a search for the two
// cheapest solutions, with one solution kept and one unit left.
var validCost = strings.Replace(valid, `"units":[{"path":[[0,1]],"lo":0,"hi":0.5,"end":0.5},`+
	`{"shared":1,"path":[[1,2,1]],"count_last":true,"lo":0.5,"hi":1,"end":1}]`,
	`"units":[],"cost":{"best":2,"solutions":[{"options":[1,2],"cost":5}],"units":[{"path":[[0,1],[2,3]],"entered":true}]}`, 1)

// sealed returns a checkpoint file of the JSON line body: the line, then
// "sha256:" and the SHA-256 digest of the line, in hexadecimal.
func sealed(body string) []byte {
	line := body + "\n"
	sum := sha256.Sum256([]byte(line))
	return []byte(line + "sha256:" + hex.EncodeToString(sum[:]) + "\n")
}

// TestDecodeValid checks the hand-written checkpoint: its fields, and its
// units, the second sharing the first's step.
func TestDecodeValid(t *testing.T) {
	rec, units, err := checkpointfile.Decode(bytes.NewReader(sealed(valid)))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Version != 3 || rec.Nodes != 2 || rec.State != "running" || !rec.Written.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) || len(rec.Units) != 0 {
		t.Errorf("record %+v", rec)
	}
	if len(units) != 2 || len(units[1].Unit.Path) != 2 || units[1].Unit.Path[0] != units[0].Unit.Path[0] ||
		!units[1].Unit.Path[1].Exclude || !units[1].Unit.CountLast || units[1].Lo != 0.5 {
		t.Errorf("units %+v", units)
	}
}

// TestDecodeRefuses checks that Decode refuses, with an error saying why,
// what no checkpoint holds: bytes that are not one, a file cut short or
// changed, and, behind a correct digest (anyone can compute one), fields
// and units of the wrong form.
func TestDecodeRefuses(t *testing.T) {
	editOf := func(body string) func(old, new string) []byte {
		return func(old, new string) []byte {
			if !strings.Contains(body, old) {
				t.Fatalf("%q is not in %s", old, body)
			}
			return sealed(strings.Replace(body, old, new, 1))
		}
	}
	edit, editCost := editOf(valid), editOf(validCost)
	edit4 := editOf(strings.Replace(valid, `"version":3`, `"version":4`, 1))
	if _, units, err := checkpointfile.Decode(bytes.NewReader(edit4(`"count_last":true,`, `"rest_item":2,"rest":[4,5],`))); err != nil ||
		len(units) != 2 || !slices.Equal(units[1].Unit.Rest, []core.Step{{Item: 2, Option: 4}, {Item: 2, Option: 5}}) {
		t.Fatalf("a unit of two branches: %v, %+v", err, units)
	}
	if _, _, err := checkpointfile.Decode(bytes.NewReader(sealed(validCost))); err != nil {
		t.Fatalf("the valid cost checkpoint: %v", err)
	}
	file := sealed(valid)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"nothing", nil, "the file is empty"},
		{"text", []byte("hello\n"), `not a checkpoint file (byte 1 is 'h')`},
		{"zeros", make([]byte, 100), `not a checkpoint file (byte 1 is '\x00')`},
		{"the header alone", []byte(checkpointfile.Header), "cut short"},
		{"no digest line", []byte(valid + "\n"), "cut short"},
		{"no newline after the digest", file[:len(file)-1], "cut short"},
		{"the digest without its prefix", bytes.Replace(file, []byte("sha256:"), nil, 1), "cut short"},
		{"a changed digest", bytes.Replace(file, []byte("sha256:"), []byte("sha256:00"), 1), "digest does not match"},
		{"a changed count", bytes.Replace(file, []byte(`"nodes":2`), []byte(`"nodes":3`), 1), "digest does not match"},
		{"carriage returns", bytes.ReplaceAll(file, []byte("\n"), []byte("\r\n")), `is '\r'`},
		{"a tab", edit(`"list":false`, "\"list\":\tfalse"), `is '\t'`},
		{"a letter beyond ASCII", edit(`"dlx"`, `"dlxé"`), `not a checkpoint file (byte 71 is`},
		{"another format", edit(`"format":"xcover checkpoint"`, `"format":"xcover checkpoint","format":"other"`), `format "other"`},
		{"version 1", edit(`"version":3`, `"version":1`), "format version 1"},
		{"version 5", edit(`"version":3`, `"version":5`), "format version 5"},
		{"version 5 with a field of its own", edit(`"version":3,`, `"version":5,"novel":1,`), "format version 5; this xcover reads versions 2 to 4"},
		{"version 2 with a cost section", editCost(`"version":3`, `"version":2`), "format version 2"},
		{"an unknown field", edit(`"limit":0`, `"limit":0,"extra":1`), `unknown field "extra"`},
		{"a count too large", edit(`"nodes":2`, `"nodes":1e30`), "cannot unmarshal"},
		{"units of both kinds", edit(`"done"`, `"cost":{"best":1,"solutions":[],"units":[]},"done"`), "units of both kinds"},
		{"an empty cost unit", editCost(`"path":[[0,1],[2,3]]`, `"path":[]`), "cost unit 1 is empty"},
		{"a cost step of one number", editCost(`[[0,1],[2,3]]`, `[[0,1],[2]]`), "cost unit 1, step 2: expected [item, option]"},
		{"a cost step of three numbers", editCost(`[[0,1],[2,3]]`, `[[0,1,1],[2,3]]`), "cost unit 1, step 1: expected [item, option]"},
		{"more shared steps than the unit before", edit(`{"path":[[0,1]]`, `{"shared":1,"path":[[0,1]]`), "unit 1 is malformed"},
		{"negative shared steps", edit(`"shared":1`, `"shared":-1`), "unit 2 is malformed"},
		{"a share ending before it starts", edit(`"lo":0.5,"hi":1`, `"lo":0.5,"hi":0.25`), "unit 2 is malformed"},
		{"a share past its end", edit(`"hi":0.5`, `"hi":0.75`), "unit 1 is malformed"},
		{"a share beyond the tree", edit(`"hi":1,"end":1`, `"hi":1,"end":1.5`), "unit 2 is malformed"},
		{"a negative share", edit(`"lo":0,`, `"lo":-0.25,`), "unit 1 is malformed"},
		{"the rest of no node", edit(`{"path":[[0,1]],`, `{"path":[],"after":true,`), "unit 1 is malformed"},
		{"a step of one number", edit(`[[0,1]]`, `[[0]]`), "unit 1, step 1: expected [item, option]"},
		{"an excluding step marked 2", edit(`[[1,2,1]]`, `[[1,2,2]]`), "unit 2, step 2: expected"},
		{"a step of four numbers", edit(`[[1,2,1]]`, `[[1,2,1,0]]`), "unit 2, step 2: expected"},
		{"an item beyond int32", edit(`[[0,1]]`, `[[4294967296,1]]`), "cannot unmarshal"},
		{"branches in version 3", edit(`"count_last":true,`, `"rest":[4,5],`), "unit 2 names branches (rest), which format version 3 does not have"},
		{"an item of branches in version 3", edit(`"count_last":true,`, `"rest_item":2,`), "unit 2 names branches (rest)"},
		{"branches after a branch", edit4(`"count_last":true,`, `"rest":[4,5],"after":true,`), "unit 2 is malformed: a rest needs"},
		{"branches counting their step", edit4(`"count_last":true,`, `"rest":[4,5],"count_last":true,`), "unit 2 is malformed: a rest needs"},
		{"an item without branches", edit4(`"count_last":true,`, `"rest_item":2,`), "unit 2 is malformed: a rest needs"},
		{"no branches", edit4(`"count_last":true,`, `"rest_item":2,"rest":[],`), "unit 2 is malformed: a rest needs"},
		{"branches of a negative item", edit4(`"count_last":true,`, `"rest_item":-2,"rest":[4],`), "unit 2 is malformed: a rest needs"},
		{"a negative branch", edit4(`"count_last":true,`, `"rest":[4,-1],`), "unit 2, branch 2: option -1"},
		{"a branch beyond int32", edit4(`"count_last":true,`, `"rest":[4294967296],`), "cannot unmarshal"},
		{"a second value after the record", sealed(valid + ` {"nodes":7}`), "more JSON after the record"},
		{"a second line", sealed(valid + "\n" + strings.Replace(valid, `"nodes":2`, `"nodes":7`, 1)), "more JSON after the record"},
	} {
		rec, units, err := checkpointfile.Decode(bytes.NewReader(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) || rec != nil || units != nil {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestDecodeVersion2 checks that a file of version 2 (no cost section) is
// still read.
func TestDecodeVersion2(t *testing.T) {
	if rec, _, err := checkpointfile.Decode(bytes.NewReader(sealed(strings.Replace(valid, `"version":3`, `"version":2`, 1)))); err != nil || rec.Version != 2 {
		t.Errorf("version 2: %v", err)
	}
}

// TestDecodeRefusesTruncations checks that no proper prefix of a
// checkpoint, cut at any byte, is taken for one.
func TestDecodeRefusesTruncations(t *testing.T) {
	for _, file := range [][]byte{sealed(valid), sealed(validCost)} {
		for n := range len(file) {
			if _, _, err := checkpointfile.Decode(bytes.NewReader(file[:n])); err == nil {
				t.Fatalf("cut at byte %d of %d: accepted", n, len(file))
			}
		}
	}
}

// TestDecodeRefusesBitFlips checks every checkpoint that differs from a
// valid one by one bit: refused, or (a hexadecimal digit of the digest
// changing case) read as exactly the same checkpoint.
func TestDecodeRefusesBitFlips(t *testing.T) {
	files, bits := [][]byte{sealed(valid), sealed(validCost)}, 8
	if testtier.Short() { // one bit of each byte, the bit turning round
		files, bits = files[:1], 1
	}
	for _, file := range files {
		rec, units, err := checkpointfile.Decode(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		same := 0
		for i := range file {
			for b := range bits {
				bit := (i + b) % 8
				flipped := bytes.Clone(file)
				flipped[i] ^= 1 << bit
				rec2, units2, err := checkpointfile.Decode(bytes.NewReader(flipped))
				if err == nil {
					if !reflect.DeepEqual(rec2, rec) || !reflect.DeepEqual(units2, units) {
						t.Fatalf("bit %d of byte %d (%q) flipped: accepted as another checkpoint", bit, i+1, file[i])
					}
					same++
				}
			}
		}
		t.Logf("%d of %d flips read as the same checkpoint (the digest's letters in upper case)", same, bits*len(file))
	}
}

// zeros reads as /dev/zero does, counting the bytes it gives.
type zeros struct{ n int }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

// huge is a file that says it is larger than any checkpoint, and fails
// the test if read.
type huge struct{ t *testing.T }

func (h huge) Read([]byte) (int, error) {
	h.t.Error("a file larger than a checkpoint was read")
	return 0, io.EOF
}

func (h huge) Stat() (fs.FileInfo, error) { return hugeInfo{}, nil }

type hugeInfo struct{ fs.FileInfo }

func (hugeInfo) Size() int64       { return checkpointfile.MaxBytes + 1 }
func (hugeInfo) Mode() fs.FileMode { return 0 }

// failing gives the start of a checkpoint, then an error.
type failing struct{ sent bool }

var errRead = errors.New("the disk failed")

func (f *failing) Read(p []byte) (int, error) {
	if f.sent {
		return 0, errRead
	}
	f.sent = true
	return copy(p, checkpointfile.Header), nil
}

// TestDecodeStopsEarly checks that a reader of something that is no
// checkpoint is refused as soon as that is known: an endless stream of
// zeros after its first chunk, a file larger than MaxBytes by its size
// before any read, and a reader's error as it comes.
func TestDecodeStopsEarly(t *testing.T) {
	z := &zeros{}
	if _, _, err := checkpointfile.Decode(z); err == nil || !strings.Contains(err.Error(), "not a checkpoint") || z.n > 1<<20 {
		t.Errorf("an endless stream of zeros: %v after %d bytes", err, z.n)
	}
	if _, _, err := checkpointfile.Decode(huge{t}); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file of more than MaxBytes: %v", err)
	}
	if _, _, err := checkpointfile.Decode(&failing{}); !errors.Is(err, errRead) {
		t.Errorf("a reader that fails: %v", err)
	}
}
