package exactcover

import "testing"

// TestNames checks the enumerations' String and Parse functions: every
// name parses back to its value, an unknown name is refused, and a value
// without a name says its type and number.
func TestNames(t *testing.T) {
	tests := []struct {
		names   []string
		str     func(int) string
		parse   func(string) (int, error)
		unnamed string // String of the first value past the names
	}{
		{engineNames, func(v int) string { return Engine(v).String() },
			func(s string) (int, error) { e, err := ParseEngine(s); return int(e), err }, "Engine(5)"},
		{branchingNames, func(v int) string { return Branching(v).String() },
			func(s string) (int, error) { b, err := ParseBranching(s); return int(b), err }, "Branching(2)"},
		{[]string{"complete", "stopped", "limit", "node-limit", "timeout", "interrupted"}, func(v int) string { return Status(v).String() },
			func(s string) (int, error) { st, err := ParseStatus(s); return int(st), err }, "Status(6)"},
		{[]string{"auto", "search", "memo"}, func(v int) string { return Method(v).String() }, nil, "Method(3)"},
	}
	for _, tt := range tests {
		for v, name := range tt.names {
			if got := tt.str(v); got != name {
				t.Errorf("String(%d) = %q, want %q", v, got, name)
			}
			if tt.parse == nil {
				continue
			}
			if got, err := tt.parse(name); err != nil || got != v {
				t.Errorf("Parse(%q) = %d, %v; want %d", name, got, err, v)
			}
		}
		if got := tt.str(len(tt.names)); got != tt.unnamed {
			t.Errorf("String(%d) = %q, want %q", len(tt.names), got, tt.unnamed)
		}
		if tt.parse != nil {
			if _, err := tt.parse("no such name"); err == nil {
				t.Errorf("Parse of an unknown name (%s…): no error", tt.names[0])
			}
		}
	}
}
