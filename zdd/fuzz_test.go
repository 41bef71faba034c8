package zdd

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzRead checks that Read never panics, that what it accepts is a
// family of sets (no set names a variable twice, no set comes twice, as
// many sets as the count), and that it writes out and reads back as the
// same family (same count, same listing when short, same problem).
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.zdd"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n",
		"2: (~1?3:1)\n3: (~2?2:1)\n4: (~0?0:3)\n",
		"  a :(~ 5 ? 0 : 1 ) \r\n\n b: (~3?a:1)\r\n c: (~0?0:b)\n",
		"2: (~0?0:0)\n",
		"2: (~1?0:1)\n3: (~5?0:2)\n4: (~0?0:3)\n",
		"2: (~2?0:1)\n3: (~2?2:1)\n4: (~0?0:3)\n",
		"# xcover zdd: 2 nodes, problem ab12\n2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if _, err := z.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		z2, err := Read(&buf, "again")
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, buf.String())
		}
		c, c2 := z.Count(), z2.Count()
		if c.Cmp(c2) != 0 {
			t.Fatalf("count %v, read back %v", c, c2)
		}
		if z2.Problem() != z.Problem() {
			t.Fatalf("problem %q, read back %q", z.Problem(), z2.Problem())
		}
		if c.BitLen() < 10 {
			// Every set accepted names distinct variables, and the sets
			// are as many as the count: no set is listed twice.
			seen := map[string]bool{}
			for set := range z.All() {
				k := keyOf(set)
				if seen[k] {
					t.Fatalf("set %v listed twice", set)
				}
				seen[k] = true
				for i := range set {
					if slices.Contains(set[i+1:], set[i]) {
						t.Fatalf("set %v repeats a variable", set)
					}
				}
			}
			if int64(len(seen)) != c.Int64() {
				t.Fatalf("count %v, %d sets listed", c, len(seen))
			}
			a, b := listKeys(z), listKeys(z2)
			if len(a) != len(b) {
				t.Fatalf("listed %v, read back %v", a, b)
			}
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("listed %v, read back %v", a, b)
				}
			}
		}
	})
}
