package exactcover

import (
	"fmt"
	"reflect"
	"slices"
)

// The enumerations Engine, Branching and Method have names: the
// words the command line takes and the JSON reports write. Each keeps them
// in a table beside its constants, in the order of the values.

// nameOf returns v's name in names, or "Type(v)" for a value without one:
// the String method of each enumeration.
func nameOf[E ~int](v E, names []string) string {
	if v >= 0 && int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", reflect.TypeFor[E]().Name(), int(v))
}

// valueOf returns the value named s in names: the heart of each
// enumeration's Parse function, which says what it expected.
func valueOf[E ~int](s string, names []string) (E, bool) {
	if i := slices.Index(names, s); i >= 0 {
		return E(i), true
	}
	return 0, false
}
