package strictyaml

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// FuzzDecode states what must hold for any input: Decode fails with one
// positioned line, or what it accepts is one document without anchors,
// aliases, tags or repeated keys, which the YAML library also decodes into
// plain Go values (so nothing accepted here is refused there).
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	if len(files) == 0 {
		f.Fatal("no seeds in testdata/*.yaml")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := Decode(data, "a document")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Column < 1 || strings.Contains(e.Msg, "\n") || e.Msg == "" {
				t.Fatalf("error %q (%T): want one positioned line", err, err)
			}
			return
		}
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			if n.Kind == yaml.AliasNode || n.Anchor != "" || n.Style&yaml.TaggedStyle != 0 {
				t.Fatalf("accepted an alias, anchor or tag at %d:%d", n.Line, n.Column)
			}
			if n.Kind == yaml.MappingNode {
				keys := map[string]bool{}
				for i := 0; i+1 < len(n.Content); i += 2 {
					if k := n.Content[i]; k.Kind == yaml.ScalarNode {
						if keys[k.Value] {
							t.Fatalf("accepted key %q twice at %d:%d", k.Value, k.Line, k.Column)
						}
						keys[k.Value] = true
					}
				}
				_, _ = Fields(n, "a mapping", "a", "b")
			}
			for _, c := range n.Content {
				walk(c)
			}
		}
		walk(root)
		var v any
		if err := yaml.Unmarshal(data, &v); err != nil && !strings.Contains(err.Error(), "invalid map key") {
			t.Fatalf("accepted, but yaml.Unmarshal into any says %v", err)
		}
	})
}
