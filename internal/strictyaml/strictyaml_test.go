package strictyaml

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestDecodeRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // the whole message: line:column: text
	}{
		{"empty", "", "1:1: empty input: expected a mapping"},
		{"only a comment", "# nothing\n", "1:1: empty input: expected a mapping"},
		{"document marker only", "---\n", "1:1: empty input: expected a mapping"},
		{"second document", "a: 1\n---\nb: 2\n", "2:1: a second YAML document: expected exactly one"},
		{"second empty document", "a: 1\n---\n---\n", "2:1: a second YAML document: expected exactly one"},
		{"duplicate key", "a: 1\nb: 2\na: 3\n", `3:1: key "a" given twice (first at line 1, column 1): expected each key once`},
		{"duplicate nested key", "a:\n  - {x: 1, y: 2, x: 3}\n", `2:18: key "x" given twice (first at line 2, column 6): expected each key once`},
		{"duplicate in flow pairs", "a: [p: 1]\nb: [q: 1, q: 2]\n", ""}, // each pair is a mapping of its own
		{"anchor", "a: &x 1\nb: 2\n", "1:4: anchor &x: anchors and aliases are not supported; write the value out"},
		{"alias", "a: [1]\nb: *x\n", "2:4: alias *x: anchors and aliases are not supported; write the value out"},
		{"merge key", "a: &m {x: 1}\nb:\n  <<: *m\n", "1:4: anchor &m: anchors and aliases are not supported; write the value out"},
		{"merge key alone", "a: 1\n<<: {b: 2}\n", "2:1: merge key <<: merge keys are not supported; write the fields out (or quote the key)"},
		{"merge key in a flow pair", "a: [<<: 1]\n", "1:5: merge key <<: merge keys are not supported; write the fields out (or quote the key)"},
		{"<< as a value", "a: <<\nb: [<<, x]\n", ""},
		{"quoted merge is a key", "a: 1\n'<<': 2\n", ""},
		{"billion laughs", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n", "1:4: anchor &a: anchors and aliases are not supported; write the value out"},
		{"first forbidden in text order", "a:\n  b: 1\n  b: 2\nc: &x 1\n", `3:3: key "b" given twice (first at line 2, column 3): expected each key once`},
		{"explicit tag", "a: !!str 3\n", "1:4: tag !!str: tags are not supported; every value is read as the text written"},
		{"custom tag", "a: !thing 3\n", "1:4: tag !thing: tags are not supported; every value is read as the text written"},
		{"syntax", "a: [1\nb: 2\n", "1:1: invalid YAML: did not find expected ',' or ']'"},
		// The library gives the line of some syntax errors, not of others.
		{"syntax line", "a:\n  b\n   c: 1\n", "3:4: invalid YAML: mapping values are not allowed in this context"},
		{"syntax no line", "a: b: c\n", "1:1: invalid YAML: mapping values are not allowed in this context"},
		{"tab indent", "\ta: 1\n", "1:1: invalid YAML: found character that cannot start any token"},
		{"nul byte", "a: 1\nb: \x00\n", "2:4: control character U+0000: expected text"},
		{"invalid utf8", "a: \xc3(\n", "1:4: invalid UTF-8 byte 0xc3: expected text"},
		{"bom inside", "a: x\ufeffy\n", "1:5: control character U+FEFF: expected text"},
		{"line separator", "a: x\u2028y\n", "1:5: control character U+2028: expected text"},
		{"lone carriage return", "a: 1\rb: 2\n", "1:5: control character U+000D: expected text"},
		{"column counts characters", "a: ééé\x01\n", "1:7: control character U+0001: expected text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.in), "a mapping")
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Decode = %v, want no error", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Decode = %v (%T), want *Error %q", err, err, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("Decode error\n  %s\nwant\n  %s", err, tt.want)
			}
		})
	}
}

func TestDecodeAccepts(t *testing.T) {
	tests := []struct {
		name, in string
		kind     yaml.Kind
	}{
		{"mapping", "a: 1\nb: [x, y]\n", yaml.MappingNode},
		{"bom and crlf", "\ufeffa: 1\r\nb: 2\r\n", yaml.MappingNode},
		{"document markers", "%YAML 1.1\n---\na: 1\n...\n", yaml.MappingNode},
		{"list", "- a\n- b\n", yaml.SequenceNode},
		{"scalar", "42", yaml.ScalarNode},
		{"same key in two mappings", "a: {x: 1}\nb: {x: 2}\n", yaml.MappingNode},
		{"tab inside a value", "a: \"x\ty\"\n", yaml.MappingNode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Decode([]byte(tt.in), "anything")
			if err != nil {
				t.Fatal(err)
			}
			if n.Kind != tt.kind {
				t.Errorf("kind %v, want %v", n.Kind, tt.kind)
			}
		})
	}
}

// node decodes a document for the helper tests.
func node(t *testing.T, in string) *yaml.Node {
	t.Helper()
	n, err := Decode([]byte(in), "a test document")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFields(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // an error, or the fields found, sorted, as "k=v k=v"
	}{
		{"all", "name: x\ncount: 2\n", "count=2 name=x"},
		{"some", "name: x\n", "name=x"},
		{"none", "{}", ""},
		{"unknown with suggestion", "name: x\ncuont: 2\n", `2:1: unknown field "cuont" in a piece: expected one of name, count, shape (did you mean "count"?)`},
		{"unknown case only", "Name: x\n", `1:1: unknown field "Name" in a piece: expected one of name, count, shape (did you mean "name"?)`},
		{"unknown far", "colour: red\n", `1:1: unknown field "colour" in a piece: expected one of name, count, shape`},
		{"not a mapping", "[1, 2]", "1:1: found a list: expected a piece (a mapping with fields name, count, shape)"},
		{"scalar document", "hello", `1:1: found "hello": expected a piece (a mapping with fields name, count, shape)`},
		{"complex key", "? [a]\n: 1\n", "1:3: found a list as a key in a piece: expected one of name, count, shape"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Fields(node(t, tt.in), "a piece", "name", "count", "shape")
			var got string
			if err != nil {
				got = err.Error()
			} else {
				var kv []string
				for _, k := range []string{"count", "name", "shape"} {
					if v, ok := f[k]; ok {
						kv = append(kv, k+"="+v.Value)
					}
				}
				got = strings.Join(kv, " ")
			}
			if got != tt.want {
				t.Errorf("Fields = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestScalars(t *testing.T) {
	tests := []struct {
		name, in string
		read     func(n *yaml.Node) (any, error)
		want     string // the value printed, or the error
	}{
		{"string", "v: hello world", str, "hello world"},
		{"string as written", "v: 007", str, "007"},
		{"string null is text", "v: null", str, "null"},
		{"string empty", "v:", str, ""},
		{"string list", "v: [a]", str, "1:4: v is a list: expected a string"},
		{"int", "v: 12", integer, "12"},
		{"int negative in range", "v: -1", integer, "-1"},
		{"int too large", "v: 101", integer, `1:4: v is "101": expected a whole number from -1 to 100`},
		{"int plus", "v: +3", integer, `1:4: v is "+3": expected a whole number from -1 to 100`},
		{"int float", "v: 1.5", integer, `1:4: v is "1.5": expected a whole number from -1 to 100`},
		{"int hex", "v: 0x10", integer, `1:4: v is "0x10": expected a whole number from -1 to 100`},
		{"int huge", "v: 99999999999999999999999", integer, `1:4: v is "99999999999999999999999": expected a whole number from -1 to 100`},
		{"int mapping", "v: {a: 1}", integer, "1:4: v is a mapping: expected a whole number from -1 to 100"},
		{"bool true", "v: true", boolean, "true"},
		{"bool false", "v: false", boolean, "false"},
		{"bool yes", "v: yes", boolean, `1:4: v is "yes": expected true or false`},
		{"bool empty", "v:", boolean, "1:3: v is an empty value: expected true or false"},
		{"long value cut short", "v: [" + strings.Repeat("x", 50) + "]", integer, "1:4: v is a list: expected a whole number from -1 to 100"},
		{"long scalar cut short", "v: " + strings.Repeat("x", 50), integer, `1:4: v is "` + strings.Repeat("x", 40) + `"…: expected a whole number from -1 to 100`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Fields(node(t, tt.in), "a test", "v")
			if err != nil {
				t.Fatal(err)
			}
			v, err := tt.read(f["v"])
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = fmt.Sprint(v)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func str(n *yaml.Node) (any, error)     { return String(n, "v") }
func integer(n *yaml.Node) (any, error) { return Int(n, "v", -1, 100) }
func boolean(n *yaml.Node) (any, error) { return Bool(n, "v") }
