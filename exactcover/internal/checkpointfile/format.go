package checkpointfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Version is the version of the format written and read. Version 3 adds
// the Cost section of searches for the cheapest solutions, version 4 the
// units that name branches of a node (rest_item and rest); files of
// versions 2 and 3, which have neither, are read too. (An xcover that
// reads version 3 at most refuses a file of version 4, whose units it
// could not search.)
const Version = 4

// restVersion is the first version whose units may name branches.
const restVersion = 4

// oldestVersion is the oldest version read.
const oldestVersion = 2

// Format is the value of every checkpoint's "format" field.
const Format = "xcover checkpoint"

// Header starts every checkpoint (json.Marshal writes the fields in order).
const Header = `{"format":"` + Format + `"`

// digestPrefix starts the last line of a checkpoint.
const digestPrefix = "sha256:"

// MaxBytes bounds the size of a checkpoint read: a search has at most a
// few units per worker and level, and a million units with paths of a
// hundred steps stay under it. Real checkpoints are far smaller (34 kB
// for 64 workers on the 6×10 pentominoes, about 160 bytes a unit); the
// bound only guards memory, as decoding takes a few times the size.
const MaxBytes = 1 << 30

// Record is a checkpoint's contents, as the JSON line holds them. Its
// meaning is exactcover.Checkpoint's.
type Record struct {
	Format     string      `json:"format"`
	Version    int         `json:"version"`
	Problem    string      `json:"problem"`
	Engine     string      `json:"engine"`
	Branching  string      `json:"branching"`
	List       bool        `json:"list"`
	Limit      int64       `json:"limit"`
	Partial    []int       `json:"partial,omitempty"`
	Shard      *Shard      `json:"shard,omitempty"`
	State      string      `json:"state"` // "running", or how the search ended
	Written    time.Time   `json:"written"`
	Solutions  int64       `json:"solutions"`
	Nodes      int64       `json:"nodes"`
	Updates    int64       `json:"updates"`
	Cleansings int64       `json:"cleansings"`
	Profile    []int64     `json:"profile"`
	ElapsedNS  int64       `json:"elapsed_ns"`
	Share      float64     `json:"share"`
	Units      []unitJSON  `json:"units"`
	Done       json.Number `json:"done"` // the fraction done, for people reading the file
	// Cost is set in the checkpoints of searches for the cheapest
	// solutions (exactcover.CostCheckpoint), whose Units are empty.
	Cost *Cost `json:"cost,omitempty"`
}

// Cost is what a checkpoint of a search for the Best cheapest solutions
// holds besides the counters: the best solutions found so far and the
// units left, each a path of [item, option] steps from the root.
type Cost struct {
	Best      int            `json:"best"`
	Solutions []CostSolution `json:"solutions"`
	Units     []CostUnit     `json:"units"`
}

// CostSolution is a solution kept: the caller's options and its cost.
type CostSolution struct {
	Options []int `json:"options"`
	Cost    int64 `json:"cost"`
}

// CostUnit is a unit left: its path as [item, option] steps, and whether
// the search had entered the node it leads to.
type CostUnit struct {
	Path    [][]int `json:"path"`
	Entered bool    `json:"entered,omitempty"`
}

// Shard is the shard a checkpoint's search is: part K of N of the split
// whose digest is Split.
type Shard struct {
	K     int    `json:"k"`
	N     int    `json:"n"`
	Split string `json:"split"`
}

// unitJSON is a core.Piece as the file holds it: its path as [item, option]
// pairs ([item, option, 1] for an excluding step), of which the first
// Shared are those of the unit before it and Path holds the rest; for a
// unit of branches (core.Unit.Rest), the item they are for and the
// options they take.
type unitJSON struct {
	Shared    int       `json:"shared,omitempty"`
	Path      [][]int32 `json:"path"`
	RestItem  int32     `json:"rest_item,omitempty"`
	Rest      []int32   `json:"rest,omitempty"`
	CountLast bool      `json:"count_last,omitempty"`
	After     bool      `json:"after,omitempty"`
	Skip      int32     `json:"skip,omitempty"`
	Lo        float64   `json:"lo"`
	Hi        float64   `json:"hi"`
	End       float64   `json:"end"`
}

// Encode writes rec, whose Units field it fills from units, to w, and
// returns the number of bytes written. The branches of a unit's Rest
// must take options of one item.
func Encode(w io.Writer, rec *Record, units []core.Piece) (int64, error) {
	rec.Format, rec.Version = Format, Version
	if rec.Profile == nil {
		rec.Profile = []int64{}
	}
	rec.Units = make([]unitJSON, len(units))
	var prev []core.Step
	for i, p := range units {
		shared := core.CommonPrefix(prev, p.Unit.Path)
		prev = p.Unit.Path
		u := unitJSON{Shared: shared, Path: make([][]int32, len(p.Unit.Path)-shared), CountLast: p.Unit.CountLast, After: p.Unit.After,
			Skip: p.Skip, Lo: p.Lo, Hi: p.Hi, End: p.End}
		for j, st := range p.Unit.Path[shared:] {
			if st.Exclude {
				u.Path[j] = []int32{st.Item, st.Option, 1}
			} else {
				u.Path[j] = []int32{st.Item, st.Option}
			}
		}
		if rest := p.Unit.Rest; rest != nil {
			if err := p.Unit.CheckRest(); err != nil {
				rec.Units = nil
				return 0, fmt.Errorf("unit %d: %v", i+1, err)
			}
			u.RestItem, u.Rest = rest[0].Item, make([]int32, len(rest))
			for j, st := range rest {
				u.Rest[j] = st.Option
			}
		}
		rec.Units[i] = u
	}
	body, err := json.Marshal(rec)
	rec.Units = nil
	if err != nil {
		return 0, err
	}
	body = append(body, '\n')
	sum := sha256.Sum256(body)
	body = append(body, digestPrefix...)
	body = hex.AppendEncode(body, sum[:])
	n, err := w.Write(append(body, '\n'))
	return int64(n), err
}

// Decode reads a checkpoint from r, checking its size, its bytes, its
// digest, its format and version, and the shape of its units (their
// values are the caller's to check). It returns the record, with Units
// empty, and the units.
func Decode(r io.Reader) (*Record, []core.Piece, error) {
	data, err := read(r)
	if err != nil {
		return nil, nil, err
	}
	if len(data) == 0 {
		return nil, nil, errors.New("the file is empty")
	}
	if data[len(data)-1] != '\n' {
		return nil, nil, errors.New("the file is cut short (no digest line at its end)")
	}
	cut := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	last := data[cut : len(data)-1]
	if cut == 0 || !bytes.HasPrefix(last, []byte(digestPrefix)) {
		if !bytes.HasPrefix(data, []byte(Header)) {
			return nil, nil, errors.New("not a checkpoint file")
		}
		return nil, nil, errors.New("the file is cut short (no digest line at its end)")
	}
	want, err := hex.DecodeString(string(last[len(digestPrefix):]))
	sum := sha256.Sum256(data[:cut])
	if err != nil || !bytes.Equal(want, sum[:]) {
		return nil, nil, errors.New("its digest does not match its contents: the file was changed or damaged after it was written")
	}
	// A later version is refused as such before its fields, which this
	// xcover may not know, are read (they come after the version).
	if after, ok := bytes.CutPrefix(data, []byte(Header+`,"version":`)); ok {
		digits := after[:max(bytes.IndexFunc(after, func(r rune) bool { return r < '0' || r > '9' }), 0)]
		if v, err := strconv.Atoi(string(digits)); err == nil && v > Version {
			return nil, nil, fmt.Errorf("format version %d; this xcover reads versions %d to %d", v, oldestVersion, Version)
		}
	}
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(data[:cut]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, nil, err
	}
	if dec.More() { // one record: a second value, on its line or the next, is refused
		return nil, nil, errors.New("more JSON after the record: a checkpoint holds one record, on its first line")
	}
	if rec.Format != Format {
		return nil, nil, fmt.Errorf("format %q, expected %q", rec.Format, Format)
	}
	if rec.Version < oldestVersion || rec.Version > Version || rec.Version < 3 && rec.Cost != nil {
		return nil, nil, fmt.Errorf("format version %d; this xcover reads versions %d to %d", rec.Version, oldestVersion, Version)
	}
	if c := rec.Cost; c != nil {
		if len(rec.Units) > 0 {
			return nil, nil, errors.New("units of both kinds")
		}
		for i, u := range c.Units {
			if len(u.Path) == 0 {
				return nil, nil, fmt.Errorf("cost unit %d is empty", i+1)
			}
			for j, st := range u.Path {
				if len(st) != 2 {
					return nil, nil, fmt.Errorf("cost unit %d, step %d: expected [item, option]", i+1, j+1)
				}
			}
		}
	}
	units := make([]core.Piece, len(rec.Units))
	var prev []core.Step
	for i, u := range rec.Units {
		if u.Shared < 0 || u.Shared > len(prev) || u.After && u.Shared+len(u.Path) == 0 || !(0 <= u.Lo && u.Lo <= u.Hi && u.Hi <= u.End && u.End <= 1) {
			return nil, nil, fmt.Errorf("unit %d is malformed", i+1)
		}
		if u.Rest != nil || u.RestItem != 0 {
			if rec.Version < restVersion {
				return nil, nil, fmt.Errorf("unit %d names branches (rest), which format version %d does not have", i+1, rec.Version)
			}
			if len(u.Rest) == 0 || u.RestItem < 0 || u.After || u.CountLast {
				return nil, nil, fmt.Errorf("unit %d is malformed: a rest needs an item, its options, and neither after nor count_last", i+1)
			}
		}
		p := core.Piece{Unit: core.Unit{CountLast: u.CountLast, After: u.After}, Lo: u.Lo, Hi: u.Hi, End: u.End, Skip: u.Skip}
		// A unit that is a prefix of the one before shares its memory.
		path := prev[:u.Shared:u.Shared]
		if len(u.Path) > 0 {
			path = append(make([]core.Step, 0, u.Shared+len(u.Path)), path...)
		}
		for j, st := range u.Path {
			if len(st) != 2 && (len(st) != 3 || st[2] != 1) {
				return nil, nil, fmt.Errorf("unit %d, step %d: expected [item, option] or [item, option, 1]", i+1, u.Shared+j+1)
			}
			path = append(path, core.Step{Item: st[0], Option: st[1], Exclude: len(st) == 3})
		}
		p.Unit.Path, prev = path, path
		if len(u.Rest) > 0 {
			p.Unit.Rest = make([]core.Step, len(u.Rest))
			for j, o := range u.Rest {
				if o < 0 {
					return nil, nil, fmt.Errorf("unit %d, branch %d: option %d", i+1, j+1, o)
				}
				p.Unit.Rest[j] = core.Step{Item: u.RestItem, Option: o}
			}
		}
		units[i] = p
	}
	rec.Units = nil
	return &rec, units, nil
}

// read reads a checkpoint's bytes, refusing them as soon as they are
// known not to be one (see the package documentation).
func read(r io.Reader) ([]byte, error) {
	tooBig := fmt.Errorf("larger than the %d bytes a checkpoint may take", MaxBytes)
	var data []byte
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > MaxBytes {
				return nil, tooBig
			}
			data = make([]byte, 0, fi.Size()+1) // +1: the last read finds EOF
		}
	}
	lr := io.LimitReader(r, MaxBytes+1)
	for chunk := make([]byte, 64<<10); ; {
		n, err := lr.Read(chunk)
		for i, b := range chunk[:n] {
			at := len(data) + i
			if at < len(Header) && b != Header[at] || b != '\n' && (b < ' ' || b > '~') {
				return nil, fmt.Errorf("not a checkpoint file (byte %d is %q)", at+1, b)
			}
		}
		data = append(data, chunk[:n]...)
		if len(data) > MaxBytes {
			return nil, tooBig
		}
		if err == io.EOF {
			return data, nil
		} else if err != nil {
			return nil, err
		}
	}
}
