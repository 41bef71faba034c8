package specs_test

import (
	"bytes"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// badInputs each give exactly one positioned message, from Parse or, for
// well-formed problems the engine refuses, from Compile.
var badInputs = []struct {
	name   string
	format specs.Format
	input  string
	want   string // the whole message
	is     error  // the sentinel it wraps
}{
	// Knuth's format.
	{"dlx cost not a number", specs.DLX, "A B\nA |3x\n", `in:2:5: 'x' in cost "|3x": expected |n with n a whole number (digits 0-9)`, specs.ErrSyntax},
	{"dlx cost other digit", specs.DLX, "A B\nA |1\u0663\n", `in:2:5: '٣' in cost "|1٣": expected |n with n a whole number (digits 0-9)`, specs.ErrSyntax},
	{"dlx cost bar alone", specs.DLX, "A B\nA | B\n", "in:2:3: '|' alone in an option: expected a cost such as |5 (a comment must be a line of its own)", specs.ErrSyntax},
	{"dlx cost too large", specs.DLX, "A B\nA |68719476736 |1\n", "in:2:16: option cost above MaxCost = 68719476736", exactcover.ErrBadCost},
	{"dlx bar inside a name", specs.DLX, "A B\nA B|3\n", "in:2:4: '|' in an option: expected item names, and costs as |n after them (a comment must be a line of its own)", specs.ErrSyntax},
	{"yaml cost negative", specs.YAML, "primary: [A]\noptions:\n  - {items: [A], cost: -1}\n", `in:3:24: cost "-1": expected a whole number from 0 to MaxCost = 68719476736`, exactcover.ErrBadCost},
	{"yaml cost text", specs.YAML, "primary: [A]\noptions:\n  - items: [A]\n    cost: cheap\n", `in:4:11: cost "cheap": expected a whole number from 0 to MaxCost = 68719476736`, exactcover.ErrBadCost},
	{"yaml cost list", specs.YAML, "primary: [A]\noptions:\n  - items: [A]\n    cost: [1]\n", "in:4:11: cost is a list: expected a whole number from 0 to MaxCost = 68719476736", exactcover.ErrBadCost},
	{"dlx empty", specs.DLX, "", "in:1:1: expected a line of item names (primary, then '|' and secondary), found end of input", specs.ErrSyntax},
	{"dlx only comments", specs.DLX, "| nothing here\n\n", "in:3:1: expected a line of item names (primary, then '|' and secondary), found end of input", specs.ErrSyntax},
	{"dlx binary", specs.DLX, "\x00\x01\x02garbage", "in:1:1: control character U+0000: expected text", specs.ErrSyntax},
	{"dlx invalid utf8", specs.DLX, "A B\nA \xff", "in:2:3: invalid UTF-8 byte 0xff: expected text", specs.ErrSyntax},
	{"dlx vertical tab", specs.DLX, "A B\vC", "in:1:4: control character U+000B: expected text", specs.ErrSyntax},
	{"dlx second bar", specs.DLX, "A B | C | D", "in:1:9: second '|' in the item line: expected secondary item names", specs.ErrSyntax},
	{"dlx color in declaration", specs.DLX, "A:1 B", "in:1:2: ':' in item name \"A:1\": expected a name without ':' (colors are given in options, as name:color)", specs.ErrSyntax},
	{"dlx bar in option", specs.DLX, "A B | C\nA C:1\nA|B", "in:3:2: '|' in an option: expected item names, and costs as |n after them (a comment must be a line of its own)", specs.ErrSyntax},
	{"dlx color without name", specs.DLX, "A B\n:x", "in:2:1: \":x\": expected an item name before ':'", specs.ErrSyntax},
	{"dlx empty color", specs.DLX, "A B\nA:", "in:2:3: expected a color, found nothing", specs.ErrSyntax},
	{"dlx two colons", specs.DLX, "A B | C\nA C:1:2", "in:2:6: second ':' in \"C:1:2\": expected name:color, with no ':' in the color", specs.ErrSyntax},
	{"dlx unknown item", specs.DLX, "A B\nA Q", "in:2:3: unknown item \"Q\": expected an item declared as primary or secondary", exactcover.ErrUnknownItem},
	{"dlx repeated item", specs.DLX, "A B\nB  A A", "in:2:6: item \"A\" repeated in this option: expected each item at most once", exactcover.ErrRepeatedItem},
	{"dlx color on primary", specs.DLX, "A B\nA:1", "in:2:1: primary item \"A\" cannot have a color: only secondary items take colors", exactcover.ErrColorOnPrimary},
	{"dlx duplicate item", specs.DLX, "A B | C A", "in:1:9: item \"A\" declared twice (first at line 1, column 1)", exactcover.ErrDuplicateItem},
	{"dlx long label", specs.DLX, "A\n  | label: " + strings.Repeat("x", specs.MaxNameBytes+1) + "\nA", "in:2:3: label of 1025 bytes: the limit is MaxNameBytes = 1024", exactcover.ErrTooLarge},
	{"dlx long name", specs.DLX, "A " + strings.Repeat("x", specs.MaxNameBytes+1), "in:1:3: item name of 1025 bytes: the limit is MaxNameBytes = 1024", exactcover.ErrTooLarge},

	// Bounds in Knuth's DLX3 syntax; DLX3 refuses all of these but the
	// empty numbers (which it reads as 0) and the overflowing ones.
	{"dlx lower above upper", specs.DLX, "A 3:2|B", "in:1:3: in \"3:2|B\": lower bound 3 is above upper bound 2", exactcover.ErrBadBounds},
	{"dlx upper zero", specs.DLX, "0|A", "in:1:1: in \"0|A\": upper bound 0: expected at least 1 (an item covered by no option needs none)", exactcover.ErrBadBounds},
	{"dlx upper zero after lower", specs.DLX, "0:0|A", "in:1:3: in \"0:0|A\": upper bound 0: expected at least 1 (an item covered by no option needs none)", exactcover.ErrBadBounds},
	{"dlx lower without upper", specs.DLX, "A 2:B", "in:1:3: \"2:B\": a lower bound needs an upper bound: expected lo:hi|name, as in 2:3|B", exactcover.ErrBadBounds},
	{"dlx letter in bound", specs.DLX, "1x:2|A", "in:1:2: in the bounds of \"1x:2|A\": 'x' is not a digit: expected a whole number", exactcover.ErrBadBounds},
	{"dlx sign in bound", specs.DLX, "-1:2|A", "in:1:1: in the bounds of \"-1:2|A\": '-' is not a digit: expected a whole number", exactcover.ErrBadBounds},
	{"dlx bar touching a name", specs.DLX, "A B|C", "in:1:3: in the bounds of \"B|C\": 'B' is not a digit: expected a whole number (to start the secondary items, put a space before '|')", exactcover.ErrBadBounds},
	{"dlx empty lower", specs.DLX, ":3|A", "in:1:1: \":3|A\": expected a lower bound before ':', as in 0:3|A", exactcover.ErrBadBounds},
	{"dlx empty upper", specs.DLX, "2:|A", "in:1:3: \"2:|A\": expected an upper bound before '|', as in 2:3|A", exactcover.ErrBadBounds},
	{"dlx bounds without name", specs.DLX, "A 2|", "in:1:5: \"2|\": expected an item name after the bounds", exactcover.ErrBadBounds},
	{"dlx second bar in bounds", specs.DLX, "2|3|A", "in:1:4: second '|' in \"2|3|A\": expected one bound prefix, as in 2|A or 1:3|A", exactcover.ErrBadBounds},
	{"dlx second colon in bounds", specs.DLX, "1:2:3|A", "in:1:4: second ':' in the bounds of \"1:2:3|A\": expected lo:hi|name", exactcover.ErrBadBounds},
	{"dlx bound overflows", specs.DLX, "A 0:99999999999999999999999|B", "in:1:5: in the bounds of \"0:99999999999999999999999|B\": bound 99999999999999999999… is above MaxBound = 67108864, the most options a problem may have", exactcover.ErrBadBounds},
	{"dlx bound above MaxBound", specs.DLX, "67108865|A", "in:1:1: in the bounds of \"67108865|A\": bound 67108865 is above MaxBound = 67108864, the most options a problem may have", exactcover.ErrBadBounds},
	{"dlx bounds on secondary", specs.DLX, "A | X 2|Y", "in:1:7: bounds on secondary item \"Y\": only primary items take bounds (secondary ones are covered at most once, or by options agreeing on a color)", exactcover.ErrBadBounds},
	{"dlx range on secondary", specs.DLX, "A |0:2|Y", "in:1:4: bounds on secondary item \"Y\": only primary items take bounds (secondary ones are covered at most once, or by options agreeing on a color)", exactcover.ErrBadBounds},
	{"dlx bar in secondary name", specs.DLX, "A | X|Y", "in:1:6: '|' in secondary item name \"X|Y\": expected a name without '|'", specs.ErrSyntax},
	{"dlx color after bounds", specs.DLX, "2|A:1", "in:1:4: ':' in item name \"A:1\": expected a name without ':' (colors are given in options, as name:color)", specs.ErrSyntax},
	{"dlx bounds in an option", specs.DLX, "2|A\n2|A", "in:2:2: '|' in an option: expected item names, and costs as |n after them (a comment must be a line of its own)", specs.ErrSyntax},
	{"dlx long bounds", specs.DLX, strings.Repeat("1", 5000) + "|A", "in:1:1: in the bounds of \"1111111111111111111111111111111111111111\"…: bound 11111111111111111111… is above MaxBound = 67108864, the most options a problem may have", exactcover.ErrBadBounds},
	{"dlx duplicate item with bounds", specs.DLX, "A 2|A", "in:1:3: item \"A\" declared twice (first at line 1, column 1)", exactcover.ErrDuplicateItem},

	// YAML specs.
	{"yaml empty", specs.YAML, "", "in:1:1: empty input: expected a YAML mapping with primary, secondary and options", specs.ErrSyntax},
	{"yaml only a comment", specs.YAML, "# nothing\n", "in:1:1: empty input: expected a YAML mapping with primary, secondary and options", specs.ErrSyntax},
	{"yaml binary", specs.YAML, "primary: [A]\n\x7fELF\x00", "in:2:1: control character U+007F: expected text", specs.ErrSyntax},
	{"yaml invalid utf8", specs.YAML, "primary: [\xc3]", "in:1:11: invalid UTF-8 byte 0xc3: expected text", specs.ErrSyntax},
	{"yaml scalar document", specs.YAML, "42", "in:1:1: found \"42\": expected a spec (a mapping with fields name, description, primary, secondary, options)", specs.ErrSyntax},
	{"yaml list document", specs.YAML, "[1, 2]", "in:1:1: found a list: expected a spec (a mapping with fields name, description, primary, secondary, options)", specs.ErrSyntax},
	{"yaml two documents", specs.YAML, "primary: [A]\noptions: []\n---\nx: 1", "in:3:1: a second YAML document: expected exactly one", specs.ErrSyntax},
	{"yaml duplicate key", specs.YAML, "primary: [A]\nprimary: [B]\noptions: []", "in:2:1: key \"primary\" given twice (first at line 1, column 1): expected each key once", specs.ErrSyntax},
	{"yaml unknown field", specs.YAML, "primary: [A]\noptons: []", "in:2:1: unknown field \"optons\" in a spec: expected one of name, description, primary, secondary, options (did you mean \"options\"?)", specs.ErrSyntax},
	{"yaml unknown option field", specs.YAML, "primary: [A]\noptions:\n  - {label: x, itms: [A]}", "in:3:16: unknown field \"itms\" in an option: expected one of label, items, cost (did you mean \"items\"?)", specs.ErrSyntax},
	{"yaml color with space", specs.YAML, "primary: [A]\nsecondary: X\noptions:\n  - [A, X: 0]", "in:4:9: found a mapping in an option: expected an item name (write a color as name:color, with no space after ':')", specs.ErrSyntax},
	{"yaml color in declaration", specs.YAML, "primary: [A:1]\noptions: []", "in:1:11: \"A:1\": expected an item name without ':' (colors are given in options, as name:color; bounds as a list entry A: 1, with a space after ':')", specs.ErrSyntax},
	{"yaml space in list entry", specs.YAML, "primary: A\noptions:\n - [A B]", "in:3:5: \"A B\" in an option: expected an item name without spaces (in a list, give each item its own entry)", specs.ErrSyntax},
	{"yaml alias bomb", specs.YAML, "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n", "in:1:4: anchor &a: anchors and aliases are not supported; write the value out", specs.ErrSyntax},
	{"yaml duplicate key in an option", specs.YAML, "primary: [A]\noptions:\n  - {label: x, items: [A], label: y}", "in:3:28: key \"label\" given twice (first at line 3, column 6): expected each key once", specs.ErrSyntax},
	{"yaml tag", specs.YAML, "primary: [A]\noptions:\n  - !!seq [A]", "in:3:5: tag !!seq: tags are not supported; every value is read as the text written", specs.ErrSyntax},
	{"yaml alias", specs.YAML, "primary: [A]\noptions:\n  - &o [A]\n  - *o", "in:3:5: anchor &o: anchors and aliases are not supported; write the value out", specs.ErrSyntax},
	{"yaml empty option entry", specs.YAML, "primary: [A]\noptions:\n  -\n  - [A]", "in:3:4: option is an empty value: expected a list of items, a string of items, or a mapping with label, items and cost", specs.ErrSyntax},
	{"yaml option without items", specs.YAML, "primary: [A]\noptions:\n  - label: x\n", "in:3:5: option without items: expected items: [...]", specs.ErrSyntax},
	{"yaml empty option", specs.YAML, "primary: [A]\noptions: [[]]", "in:2:11: empty option: expected at least one item", exactcover.ErrEmptyOption},
	{"yaml no primary", specs.YAML, "primary: []\noptions: []", "in:1:10: no primary items: expected at least one", exactcover.ErrNoPrimaryItems},
	{"yaml missing primary", specs.YAML, "options: []", "in:1:1: missing field primary: expected a list of primary item names", specs.ErrSyntax},
	{"yaml missing options", specs.YAML, "primary: [A]", "in:1:1: missing field options: expected a list of options (each a list of items)", specs.ErrSyntax},
	{"yaml options mapping", specs.YAML, "primary: [A]\noptions: {a: 1}", "in:2:10: options is a mapping: expected a list of options", specs.ErrSyntax},
	{"yaml syntax", specs.YAML, "primary: [A\noptions: []", "in:1:1: invalid YAML: did not find expected ',' or ']'", specs.ErrSyntax},
	{"yaml tab", specs.YAML, "\tprimary: [A]", "in:1:1: invalid YAML: found character that cannot start any token", specs.ErrSyntax},
	{"yaml name list", specs.YAML, "name: [x]\nprimary: [A]\noptions: []", "in:1:7: name is a list: expected a string", specs.ErrSyntax},
	{"yaml name two lines", specs.YAML, "name: \"a\\nb\"\nprimary: [A]\noptions: []", "in:1:7: control character U+000A in name: expected a single line of text", specs.ErrSyntax},
	{"yaml empty color", specs.YAML, "primary: [A]\noptions:\n  - \"A  B:\"", "in:3:9: in \"B:\": expected a color, found nothing (write name:color)", specs.ErrSyntax},
	{"yaml unknown item in string", specs.YAML, "primary: [A, B, C]\nsecondary: [X]\noptions:\n  - A B X:1 Q\n", "in:4:13: unknown item \"Q\": expected an item declared as primary or secondary", exactcover.ErrUnknownItem},
	{"yaml duplicate item", specs.YAML, "primary: [A, B]\nsecondary:\n  - C\n  - B\noptions: []", "in:4:5: item \"B\" declared twice (first at line 1, column 14)", exactcover.ErrDuplicateItem},
	{"yaml color on primary", specs.YAML, "primary: [A]\noptions:\n  - label: a\n    items: [A:red]", "in:4:13: primary item \"A\" cannot have a color: only secondary items take colors", exactcover.ErrColorOnPrimary},
	{"yaml lower above upper", specs.YAML, "primary: [A: 3..2]\noptions: []", "in:1:14: bounds \"3..2\": lower bound 3 is above upper bound 2 of item \"A\"", exactcover.ErrBadBounds},
	{"yaml upper zero", specs.YAML, "primary: [A: 0]\noptions: []", "in:1:14: bounds \"0\": upper bound 0: expected at least 1 (an item covered by no option needs none) of item \"A\"", exactcover.ErrBadBounds},
	{"yaml upper zero in range", specs.YAML, "primary:\n  - A: 0..0\noptions: []", "in:2:11: bounds \"0..0\": upper bound 0: expected at least 1 (an item covered by no option needs none) of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds not a number", specs.YAML, "primary: [A: two]\noptions: []", "in:1:14: bounds \"two\": expected a count such as 2 or a range such as 0..2 of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds as in DLX3", specs.YAML, "primary: [A: 0:2]\noptions: []", "in:1:15: bounds \"0:2\": expected a count such as 2 or a range such as 0..2 (a range is written lo..hi) of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds with a dash", specs.YAML, "primary: [A: 1-3]\noptions: []", "in:1:15: bounds \"1-3\": expected a count such as 2 or a range such as 0..2 (a range is written lo..hi) of item \"A\"", exactcover.ErrBadBounds},
	{"yaml open range", specs.YAML, "primary: [A: 1..]\noptions: []", "in:1:17: bounds \"1..\": expected a count such as 2 or a range such as 0..2 of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds overflow", specs.YAML, "primary: [A: 0..99999999999]\noptions: []", "in:1:17: bounds \"0..99999999999\": bound 99999999999 is above MaxBound = 67108864, the most options a problem may have of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds a list", specs.YAML, "primary: [A: [1, 2]]\noptions: []", "in:1:14: bounds of \"A\" are a list: expected a count such as 2 or a range such as 0..2", exactcover.ErrBadBounds},
	{"yaml bounds empty", specs.YAML, "primary:\n  - A:\noptions: []", "in:2:7: bounds \"\": expected a count such as 2 or a range such as 0..2 of item \"A\"", exactcover.ErrBadBounds},
	{"yaml bounds on secondary", specs.YAML, "primary: [A]\nsecondary: [X: 2]\noptions: []", "in:2:13: bounds on secondary item \"X\": only primary items take bounds (secondary ones are covered at most once, or by options agreeing on a color)", exactcover.ErrBadBounds},
	{"yaml bounds in a string of names", specs.YAML, "primary: A B:2\noptions: []", "in:1:12: \"B:2\": expected an item name without ':' (colors are given in options, as name:color; bounds as a list entry B: 2, with a space after ':')", specs.ErrSyntax},
	{"yaml bounds on a name with a space", specs.YAML, "primary: [\"A B\": 2]\noptions: []", "in:1:11: \"A B\" in primary: expected an item name without spaces", specs.ErrSyntax},
	{"yaml bounds twice in one entry", specs.YAML, "primary: [{A: 2, A: 3}]\noptions: []", "in:1:18: key \"A\" given twice (first at line 1, column 12): expected each key once", specs.ErrSyntax},
	{"yaml item twice with bounds", specs.YAML, "primary: [A, A: 2]\noptions: []", "in:1:14: item \"A\" declared twice (first at line 1, column 11)", exactcover.ErrDuplicateItem},
	{"yaml too large", specs.YAML, strings.Repeat(" ", specs.MaxYAMLBytes+1), "in:1:1: input is 4194305 bytes, more than the limit MaxYAMLBytes = 4194304 (write large problems in DLX)", exactcover.ErrTooLarge},
}

func TestBadInput(t *testing.T) {
	for _, tt := range badInputs {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := specs.Parse("in", []byte(tt.input), tt.format)
			if err == nil {
				_, _, err = sp.Compile()
			}
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n  %s\nwant\n  %s", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("message spans several lines")
			}
			var e *specs.Error
			if !errors.As(err, &e) || e.Line < 1 || e.Column < 1 {
				t.Errorf("error %#v: want a *specs.Error with a line and a column", err)
			}
			if !errors.Is(err, tt.is) {
				t.Errorf("errors.Is(err, %v) = false", tt.is)
			}
		})
	}
}

// TestAbsurdSizes checks that the parsers stop at the engine's limits and
// say which: item and option counts are checked while reading.
func TestAbsurdSizes(t *testing.T) {
	big := strings.Repeat("A\n", 1<<20) // a million options is fine
	sp, err := specs.Parse("in", []byte("A\n"+big), specs.DLX)
	if err != nil || len(sp.Problem.Options) != 1<<20 {
		t.Fatalf("a million options: %v", err)
	}
	if testtier.Short() {
		t.Skip("the DLX size limit needs a 64 MiB input")
	}
	huge := make([]byte, specs.MaxDLXBytes+1)
	_, err = specs.Parse("in", huge, specs.DLX)
	want := "in:1:1: input is 67108865 bytes, more than the limit MaxDLXBytes = 67108864"
	if err == nil || err.Error() != want || !errors.Is(err, exactcover.ErrTooLarge) {
		t.Fatalf("Parse(MaxDLXBytes+1) = %v, want %s", err, want)
	}
}

// TestMemoryRefusal: the worst DLX input of the largest size, one item and
// 2²⁵-1 options of it (it took 6.5 GB to read and compile), is refused
// before the memory is spent, with the figure and the budget.
func TestMemoryRefusal(t *testing.T) {
	if testtier.Short() {
		t.Skip("needs a 64 MiB input")
	}
	worst := bytes.Repeat([]byte("A\n"), specs.MaxDLXBytes/2)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := specs.Parse("in", worst, specs.DLX)
	runtime.ReadMemStats(&after)
	want := regexp.MustCompile(`^in:1:1: this problem \(33554431 options, 33554431 item uses\) needs about [0-9.]+GiB of memory, [0-9.]+GiB to read and [0-9.]+GiB compiled: more than MaxParseMemory = 2GiB$`)
	if err == nil || !want.MatchString(err.Error()) || !errors.Is(err, exactcover.ErrTooLarge) {
		t.Fatalf("Parse = %v, want a match of %s", err, want)
	}
	if spent := after.TotalAlloc - before.TotalAlloc; spent > 1<<20 {
		t.Errorf("%d bytes allocated before refusing", spent)
	}
}

// TestLongLineRefusedEarly: an option line of 31 MB that repeats an item
// at its third word (it took 17.7 s and 6.0 GB before the refusal) is
// refused at that word, having allocated about what the file's counts
// call for, not a list of its ten million words. Likewise an unknown item.
func TestLongLineRefusedEarly(t *testing.T) {
	if testtier.Short() {
		t.Skip("needs a 31 MB input")
	}
	tests := []struct{ line, want string }{
		{"A B A", `in:2:5: item "A" repeated in this option: expected each item at most once`},
		{"A B Z", `in:2:5: unknown item "Z": expected an item declared as primary or secondary`},
	}
	for _, tt := range tests {
		input := []byte("A B\n" + tt.line + strings.Repeat(" B", 31<<20/2) + "\n")
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := specs.Parse("in", input, specs.DLX)
		runtime.ReadMemStats(&after)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: Parse = %v, want %s", tt.line, err, tt.want)
		}
		// The arena for the counted uses (32 bytes each) and their
		// positions (8 each) is made before reading; the rest is small.
		uses := uint64(31 << 20 / 2)
		if spent := after.TotalAlloc - before.TotalAlloc; spent > uses*48+1<<20 {
			t.Errorf("%s: %d bytes allocated before refusing (%d uses counted)", tt.line, spent, uses)
		}
	}
}

func TestWarnings(t *testing.T) {
	sp, err := specs.Parse("colors.dlx", []byte("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n  X:0 Y:1\nB X:1\nC Y:1\n"), specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	_, warnings, err := sp.Compile()
	if err != nil {
		t.Fatal(err)
	}
	want := "colors.dlx:4:3: option has no primary item; dropped"
	if len(warnings) != 1 || warnings[0] != want {
		t.Fatalf("warnings %q, want [%q]", warnings, want)
	}
}

func TestFormatOf(t *testing.T) {
	tests := []struct {
		path string
		want specs.Format
		ok   bool
	}{
		{"a.yaml", specs.YAML, true},
		{"dir.d/a.YML", specs.YAML, true},
		{"queens-8.dlx", specs.DLX, true},
		{"a.DLX", specs.DLX, true},
		{"a.txt", "", false},
		{"yaml", "", false},
		{"-", "", false},
	}
	for _, tt := range tests {
		if got, ok := specs.FormatOf(tt.path); got != tt.want || ok != tt.ok {
			t.Errorf("FormatOf(%q) = %q, %v; want %q, %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, data string
		want       specs.Format
	}{
		{"knuth", "| comment\nA B C | X\nA X:1\n", specs.DLX},
		{"dlx items first", "\n\nA B C\nA B\n", specs.DLX},
		{"yaml", "name: x\nprimary: [A]\n", specs.YAML},
		{"yaml comment", "# a spec\nprimary: [A]\n", specs.YAML},
		{"yaml document marker", "---\nprimary: [A]\n", specs.YAML},
		{"yaml flow", "{primary: [A], options: [[A]]}", specs.YAML},
		{"yaml key alone", "primary:\n  - A\n", specs.YAML},
		{"yaml crlf", "primary: [A]\r\n", specs.YAML},
		{"empty", "", specs.DLX},
		{"garbage", "\x00\x01", specs.DLX},
		{"yaml list", "- a\n- b\n", specs.YAML},
		{"dlx with bom", "\ufeff| c\nA\nA\n", specs.DLX},
		{"dlx3 bounds", "2|A B\nA B\n", specs.DLX},
		{"dlx3 ranges", "0:2|A 1:3|B | X\nA X:1\n", specs.DLX},
		{"dlx3 after a comment", "| two queens\n2|r0 2|r1 2|c0 2|c1\n", specs.DLX},
		{"yaml bounds", "primary: [A, C: 2..3]\noptions: []\n", specs.YAML},
		{"yaml bounds block", "primary:\n  - C: 2\n", specs.YAML},
	}
	for _, tt := range tests {
		if got := specs.Detect([]byte(tt.data)); got != tt.want {
			t.Errorf("%s: Detect = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestParseForms checks the ways the YAML format lets one write the same
// thing, against Knuth's format.
func TestParseForms(t *testing.T) {
	dlx := "| name: forms\n| two lines\n| of description\nA B C | X\n| label: first\nA X:red\nB X:red\nC X\n"
	yamls := []string{
		"name: forms\ndescription: |\n  two lines\n  of description\nprimary: [A, B, C]\nsecondary: [X]\noptions:\n  - label: first\n    items: [A, X:red]\n  - [B, X:red]\n  - [C, X]\n",
		"name: forms\ndescription: \"two lines\\nof description\"\nprimary: A B C\nsecondary: X\noptions:\n  - {label: first, items: A X:red}\n  - B X:red\n  - C   X\n",
		"# comments are welcome\nname: forms # here too\ndescription: |-\n  two lines\n  of description\nprimary:\n  - A\n  - B\n  - C\nsecondary:\n  - X\noptions:\n  - label: first\n    items:\n      - A\n      - X:red\n  -\n    - B\n    - X:red\n  - [C, X]\n",
	}
	want, err := specs.Parse("in.dlx", []byte(dlx), specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	if want.Name != "forms" || want.Description != "two lines\nof description" || want.Problem.Options[0].Label != "first" {
		t.Fatalf("DLX metadata: %q %q %q", want.Name, want.Description, want.Problem.Options[0].Label)
	}
	for i, y := range yamls {
		got, err := specs.Parse("in.yaml", []byte(y), specs.YAML)
		if err != nil {
			t.Fatalf("form %d: %v", i, err)
		}
		if d := sameProblem(&want.Problem, &got.Problem); d != "" || got.Name != want.Name || got.Description != want.Description {
			t.Errorf("form %d: %s; name %q description %q", i, d, got.Name, got.Description)
		}
	}
}

func TestUnknownFormat(t *testing.T) {
	_, err := specs.Parse("in", []byte("A\nA\n"), "json")
	if err == nil || err.Error() != `in: unknown format "json": expected yaml or dlx` {
		t.Fatalf("Parse with format json: %v", err)
	}
}

// TestCompileByHand: a Spec built in code has no positions; its errors and
// warnings name the option instead.
func TestCompileByHand(t *testing.T) {
	sp := &specs.Spec{Problem: exactcover.Problem{
		Primary:   []string{"A"},
		Secondary: []string{"S"},
		Options:   []exactcover.Option{exactcover.NewOption("A"), exactcover.NewOption("S")},
	}}
	_, warnings, err := sp.Compile()
	if err != nil || len(warnings) != 1 || warnings[0] != "option 2 has no primary item; dropped" {
		t.Errorf("Compile = %v, %q; want the warning for option 2", err, warnings)
	}
	sp.Problem.Options = append(sp.Problem.Options, exactcover.NewOption("A", "Q"))
	_, _, err = sp.Compile()
	want := `option 3: unknown item "Q": expected an item declared as primary or secondary`
	if err == nil || err.Error() != want || !errors.Is(err, exactcover.ErrUnknownItem) {
		t.Errorf("Compile = %v, want %s", err, want)
	}
	sp.Problem.Primary = nil
	_, _, err = sp.Compile()
	if err == nil || err.Error() != "no primary items: expected at least one" {
		t.Errorf("Compile = %v, want no primary items", err)
	}
}
