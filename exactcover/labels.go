package exactcover

import (
	"fmt"
	"strconv"
	"strings"
)

// LabelPrefix starts a reference that names an option by its label alone,
// for labels that read as numbers ("label:0") or hold a comma.
const LabelPrefix = "label:"

// FindOption resolves a reference to one of p's options as people write it
// and returns the option's index into Options:
//
//   - a number counts options from 1 in the order they are given, the
//     numbering people see in messages and narrations ("3" is Options[2]);
//   - "label:TEXT" names the option labelled TEXT, whatever TEXT holds;
//   - any other text is a label, as if written after "label:".
//
// A label must name exactly one option. Leading and trailing blanks of ref
// are ignored, but not those of TEXT after "label:".
func (p *Problem) FindOption(ref string) (int, error) {
	if label, ok := strings.CutPrefix(strings.TrimLeft(ref, " \t"), LabelPrefix); ok {
		return p.findLabel(label)
	}
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return -1, fmt.Errorf("empty option reference: expected an option number from 1 or a label")
	}
	if isDigits(ref) {
		k, err := strconv.Atoi(ref)
		if err != nil || k < 1 || k > len(p.Options) {
			hint := ""
			if k == 0 && err == nil {
				hint = fmt.Sprintf(" (numbers count from 1; for the option labelled %q write %s%s)", ref, LabelPrefix, ref)
			}
			return -1, fmt.Errorf("option %s: expected a number from 1 to %d%s", ref, len(p.Options), hint)
		}
		return k - 1, nil
	}
	return p.findLabel(ref)
}

// FindOptions returns the options that refs name, in order, as
// [Problem.FindOption] finds them: nil for no refs.
func (p *Problem) FindOptions(refs []string) ([]int, error) {
	var ks []int
	for _, ref := range refs {
		k, err := p.FindOption(ref)
		if err != nil {
			return nil, err
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// findLabel returns the one option labelled label.
func (p *Problem) findLabel(label string) (int, error) {
	found := -1
	for k := range p.Options {
		if p.Options[k].Label != label {
			continue
		}
		if found >= 0 {
			return -1, fmt.Errorf("label %q names options %d and %d (at least): give the option's number", label, found+1, k+1)
		}
		found = k
	}
	if found < 0 {
		return -1, fmt.Errorf("%q: no option has this label (an option number counts from 1)", label)
	}
	return found, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
