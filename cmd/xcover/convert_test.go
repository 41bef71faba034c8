package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// TestConvertRoundTrip converts every shared DLX file and every shipped
// spec to the other format and back: the problem (items, options, order,
// colors, labels) must come back identical, and so must the text.
func TestConvertRoundTrip(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	var files []string
	if _, err := os.Stat(filepath.Join(root, "..", "shared", "data", "exactcover")); err == nil {
		dlx, _ := filepath.Glob(filepath.Join(root, sharedData(t), "exactcover", "*.dlx"))
		files = append(files, dlx...)
	}
	examples, _ := filepath.Glob(filepath.Join(root, "specs", "examples", "*"))
	files = append(files, examples...)
	for _, file := range files {
		from, ok := specs.FormatOf(file)
		if !ok {
			continue
		}
		to := specs.YAML
		if from == specs.YAML {
			to = specs.DLX
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			orig := loadProblem(t, file)
			once := runXcover(t, nil, []string{"convert", "--to", string(to), file}, "")
			checkInvariants(t, once)
			if once.code != 0 {
				t.Fatalf("convert --to %s: exit %d\n%s", to, once.code, once.stderr)
			}
			back := runXcover(t, nil, []string{"convert", "--to", string(from), "--format", string(to), "-"}, once.stdout)
			if back.code != 0 {
				t.Fatalf("convert back --to %s: exit %d\n%s", from, back.code, back.stderr)
			}
			again := runXcover(t, nil, []string{"convert", "--to", string(to), "--format", string(from), "-"}, back.stdout)
			if again.stdout != once.stdout {
				t.Errorf("%s -> %s -> %s -> %s changed the %s text", from, to, from, to, to)
			}
			sp, err := specs.Parse("<back>", []byte(back.stdout), from)
			if err != nil {
				t.Fatalf("reading the round trip: %v", err)
			}
			if !sameProblem(orig, &sp.Problem) {
				t.Errorf("%s -> %s -> %s changed the problem", from, to, from)
			}
		})
	}
	if len(files) == 0 {
		t.Skip("no input files")
	}
}

// sameProblem compares two problems item by item, option by option.
func sameProblem(a, b *exactcover.Problem) bool {
	if !slices.Equal(a.Primary, b.Primary) || !slices.Equal(a.Secondary, b.Secondary) || len(a.Options) != len(b.Options) {
		return false
	}
	for k := range a.Options {
		if a.Options[k].Label != b.Options[k].Label || !slices.Equal(a.Options[k].Items, b.Options[k].Items) {
			return false
		}
	}
	return true
}
