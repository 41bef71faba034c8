package specs

import (
	"cmp"
	"fmt"
	"strings"
)

// ParseFormat reads the name of a format as people type it: yaml (or
// yml) or dlx, in any letter case.
func ParseFormat(name string) (Format, error) {
	switch f := Format(strings.ToLower(name)); f {
	case YAML, DLX:
		return f, nil
	case "yml":
		return YAML, nil
	}
	return "", fmt.Errorf("%q: expected yaml or dlx", name)
}

// MaxBytes is the most bytes of input [Parse] reads in format f; for ""
// (not yet known), the larger of the two limits, enough to detect the
// format from the content.
func MaxBytes(f Format) int64 {
	if f == YAML {
		return MaxYAMLBytes
	}
	return MaxDLXBytes
}

// Load parses data read from the file name: in format f when it is given,
// else in the format name's extension says (a trailing .gz aside), else in
// the format its content looks like ([Detect]).
func Load(name string, data []byte, f Format) (*Spec, error) {
	byName, _ := FormatOf(strings.TrimSuffix(name, ".gz"))
	return Parse(name, data, cmp.Or(f, byName, Detect(data)))
}
