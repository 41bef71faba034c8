package strictyaml_test

import (
	"fmt"

	"github.com/xcover/xcover/internal/strictyaml"
)

// A reader for a small format: a name and a count. The typo "cuont" is
// refused with its place and a suggestion; a caller prefixes the file name.
func Example() {
	read := func(data string) (string, int, error) {
		root, err := strictyaml.Decode([]byte(data), "a mapping with name and count")
		if err != nil {
			return "", 0, err
		}
		f, err := strictyaml.Fields(root, "a piece", "name", "count")
		if err != nil {
			return "", 0, err
		}
		name, count := "", 1
		if v := f["name"]; v != nil {
			if name, err = strictyaml.String(v, "name"); err != nil {
				return "", 0, err
			}
		}
		if v := f["count"]; v != nil {
			if count, err = strictyaml.Int(v, "count", 1, 99); err != nil {
				return "", 0, err
			}
		}
		return name, count, nil
	}
	for _, in := range []string{
		"name: L\ncount: 2\n",
		"name: L\ncuont: 2\n",
		"name: L\nname: T\n",
		"name: &n L\n",
		"name: L\ncount: two\n",
	} {
		name, count, err := read(in)
		if err != nil {
			fmt.Println("pieces.yaml:" + err.Error())
			continue
		}
		fmt.Println(name, count)
	}
	// Output:
	// L 2
	// pieces.yaml:2:1: unknown field "cuont" in a piece: expected one of name, count (did you mean "count"?)
	// pieces.yaml:2:1: key "name" given twice (first at line 1, column 1): expected each key once
	// pieces.yaml:1:7: anchor &n: anchors and aliases are not supported; write the value out
	// pieces.yaml:2:8: count is "two": expected a whole number from 1 to 99
}
