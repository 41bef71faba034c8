// Package strictyaml reads YAML written by people into a tree of
// [yaml.Node] values and refuses what would let a mistake pass silently:
// a key given twice, a second document, anchors and aliases, explicit tags,
// and bytes that are not text. Every error is an [*Error] with a 1-based
// line and column, which callers turn into their own "file:line:column:
// message".
//
// The readers built on it walk the tree: [Fields] checks a mapping's keys
// against the fields a reader knows (suggesting the closest for a typo) and
// returns the values; [String], [Int] and [Bool] read scalars; [Errorf]
// positions any other complaint at a node. Walking nodes rather than
// decoding into structs keeps every value's line and column at hand, for
// messages about what is inside a value (a cell of a picture, a name in a
// list).
//
// A typical reader:
//
//	root, err := strictyaml.Decode(data, "a mapping with a pieces: list")
//	if err != nil {
//		return err // *strictyaml.Error
//	}
//	f, err := strictyaml.Fields(root, "a piece file", "name", "pieces")
//	if err != nil {
//		return err
//	}
//	if v := f["name"]; v != nil {
//		name, err := strictyaml.String(v, "name")
//		...
//	}
//
// # Why so strict
//
// Duplicate keys: YAML forbids them, but yaml.v3 keeps both when decoding
// into a node, so the second "primary:" would silently win or lose.
// Anchors and aliases: a few lines of aliases expand into an exponential
// number of nodes ("billion laughs"), and a spec never needs them. Tags:
// they change how a value is read, and these formats read every value as
// the text written. Text: the YAML library reports a bad byte without a
// position, so the input is checked first ([CheckText]).
package strictyaml
