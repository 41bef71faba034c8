package specs_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// TestWriteOddText round-trips names, colors, labels and descriptions that
// need quoting in YAML or care in DLX comments, through both formats.
func TestWriteOddText(t *testing.T) {
	names := []string{"#3", "[a]", "{b}", "-x", "a,b", "é", "~", "null", "yes", "1.0", "0x1F", "&anchor", "*alias", "!tag", "%p", "@at", "`tick`", "'q'", "\"dq\"", "a#b", "\u00a0nbsp", "🙂", "x-y", "...", "---", "?", ">", "a\\b", "<<"}
	labels := []string{"a: b", " lead", "trail ", "#x", "quote\"s", "back\\slash", "tab\there", "- dash", "x #y", "🙂 smile", "1", "name: x", "label: y", "|bar", "\u00a0"}
	descriptions := []string{
		"one line",
		" leading space\nsecond",
		"a\n\nb",
		"  \nx",
		"name: x\nlabel: y",
		"\nstarts empty",
		"ends with spaces  ",
		"tab\tinside\nand: colon # hash",
	}
	p := exactcover.Problem{Primary: names, Secondary: []string{"S", "#T"}}
	for i := range names { // bounds on every other item
		p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: i % 2, Hi: 1 + i%3})
	}
	for i, name := range names {
		o := exactcover.NewOption(name, "S:"+names[(i+1)%len(names)])
		if i < len(labels) {
			o.Label = labels[i]
		}
		p.Options = append(p.Options, o)
	}
	p.Options = append(p.Options, exactcover.NewOption(names[0], "#T:#c"))
	for _, d := range descriptions {
		sp := &specs.Spec{Name: " odd: name #1", Description: d, Problem: p}
		for _, f := range []specs.Format{specs.YAML, specs.DLX} {
			var buf bytes.Buffer
			if err := specs.Write(&buf, sp, f); err != nil {
				t.Fatalf("Write %s: %v", f, err)
			}
			back, err := specs.Parse("back", buf.Bytes(), f)
			if err != nil {
				t.Fatalf("description %q: reading back %s: %v\n%s", d, f, err, buf.Bytes())
			}
			if diff := sameProblem(&sp.Problem, &back.Problem); diff != "" {
				t.Fatalf("%s: %s\n%s", f, diff, buf.Bytes())
			}
			if back.Name != sp.Name || back.Description != sp.Description {
				t.Fatalf("%s: name/description %q/%q, want %q/%q\n%s", f, back.Name, back.Description, sp.Name, sp.Description, buf.Bytes())
			}
		}
	}
}

// TestWriteRefuses: specs built by hand that a format cannot carry are
// refused, and nothing is written.
func TestWriteRefuses(t *testing.T) {
	ok := exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A")}}
	tests := []struct {
		name string
		sp   specs.Spec
		want string
	}{
		{"no primary", specs.Spec{Problem: exactcover.Problem{Secondary: []string{"S"}}}, "without primary items"},
		{"space in name", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A B"}}}, `cannot write item name "A B"`},
		{"colon in name", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A:1"}}}, `cannot write item name "A:1"`},
		{"empty name", specs.Spec{Problem: exactcover.Problem{Primary: []string{""}}}, "cannot write an empty item name"},
		{"empty option", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{{}}}}, "option 1: it is empty"},
		{"bar in color", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"S"}, Options: []exactcover.Option{exactcover.NewOption("A", "S:a|b")}}}, `cannot write color "a|b"`},
		{"label on two lines", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{{Label: "a\nb", Items: []exactcover.ItemRef{{Name: "A"}}}}}}, "cannot write label"},
		{"name on two lines", specs.Spec{Name: "a\nb", Problem: ok}, "cannot write name"},
		{"invalid utf8", specs.Spec{Description: "\xff", Problem: ok}, "invalid UTF-8"},
		{"bounds for too few items", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A", "B"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 2}}}}, "cannot write 1 bounds for 2 primary items"},
		{"upper bound zero", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 0}}}}, `cannot write bounds 0..0 of item "A"`},
		{"lower above upper", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 3, Hi: 2}}}}, `cannot write bounds 3..2 of item "A"`},
		{"above MaxBound", specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: exactcover.MaxBound + 1}}}}, `cannot write bounds 0..67108865 of item "A"`},
	}
	for _, tt := range tests {
		for _, f := range []specs.Format{specs.YAML, specs.DLX} {
			var buf bytes.Buffer
			err := specs.Write(&buf, &tt.sp, f)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s, %s: Write = %v, want an error containing %q", tt.name, f, err, tt.want)
			}
			if buf.Len() > 0 {
				t.Errorf("%s, %s: %d bytes written with the error", tt.name, f, buf.Len())
			}
		}
	}
	if err := specs.Write(new(bytes.Buffer), &specs.Spec{Problem: ok}, "json"); err == nil {
		t.Errorf("Write in format json: no error")
	}
}

// TestPositions checks columns in characters, not bytes, and positions in
// the string form of YAML options.
func TestPositions(t *testing.T) {
	tests := []struct {
		format      specs.Format
		input, want string
	}{
		{specs.DLX, "é ü\né   Z", "in:2:5: unknown item \"Z\""},
		{specs.DLX, "A B\n\n\n  B\tA  Z", "in:4:8: unknown item \"Z\""},
		{specs.YAML, "primary: [é, ü]\noptions:\n  - é  ü Z", "in:3:10: unknown item \"Z\""},
		{specs.YAML, "primary: [A]\noptions:\n  - 'A Z'", "in:3:8: unknown item \"Z\""},
		{specs.YAML, "primary: [A]\noptions:\n  - {label: x, items: A Z}", "in:3:25: unknown item \"Z\""},
	}
	for _, tt := range tests {
		// The DLX reader refuses an unknown item while reading; YAML
		// leaves it to Compile.
		sp, err := specs.Parse("in", []byte(tt.input), tt.format)
		if err == nil {
			_, _, err = sp.Compile()
		}
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: Parse and Compile = %v, want %s...", tt.input, err, tt.want)
		}
	}
}

// TestWriteBounds: DLX gets DLX3's prefixes, YAML the "name: n" and
// "name: lo..hi" entries, and an item covered exactly once nothing.
func TestWriteBounds(t *testing.T) {
	sp := &specs.Spec{Problem: exactcover.Problem{
		Primary:   []string{"A", "B", "C", "#d"},
		Bounds:    []exactcover.Bounds{{Lo: 1, Hi: 1}, {Lo: 2, Hi: 2}, {Lo: 0, Hi: 3}, {Lo: 1, Hi: 2}},
		Secondary: []string{"X"},
		Options:   []exactcover.Option{exactcover.NewOption("A", "B", "C", "#d", "X:1")},
	}}
	tests := []struct {
		format specs.Format
		want   string
	}{
		{specs.DLX, "A 2|B 0:3|C 1:2|#d | X\nA B C #d X:1\n"},
		{specs.YAML, "primary: [A, B: 2, C: 0..3, \"#d\": 1..2]\nsecondary: [X]\noptions:\n  - [A, B, C, \"#d\", X:1]\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := specs.Write(&buf, sp, tt.format); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.format, buf.String(), tt.want)
		}
	}
}

// TestWriteLongNameWithBounds: YAML limits implicit keys to 1024
// characters, so a long name with bounds is written as an explicit key.
func TestWriteLongNameWithBounds(t *testing.T) {
	for _, name := range []string{strings.Repeat("é", specs.MaxNameBytes/2), strings.Repeat("#", specs.MaxNameBytes), strings.Repeat("\"", specs.MaxNameBytes)} {
		sp := &specs.Spec{Problem: exactcover.Problem{
			Primary: []string{name, "B"},
			Bounds:  []exactcover.Bounds{{Lo: 0, Hi: 2}, {Lo: 1, Hi: 1}},
			Options: []exactcover.Option{exactcover.NewOption(name, "B")},
		}}
		var buf bytes.Buffer
		if err := specs.Write(&buf, sp, specs.YAML); err != nil {
			t.Fatal(err)
		}
		back, err := specs.Parse("back", buf.Bytes(), specs.YAML)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		if d := sameProblem(&sp.Problem, &back.Problem); d != "" {
			t.Fatal(d)
		}
	}
}
