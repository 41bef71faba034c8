// Package specs reads and writes exact-cover problems in two formats: a YAML
// spec written for people, and Knuth's DLX text format, in which thousands
// of published instances exist. README.md in this directory describes both
// in full, with examples; examples/ holds problems ready to solve.
//
// # YAML specs
//
// A spec names its primary items (covered exactly once, or between the
// bounds written after the name), its secondary items (covered at most
// once, or by options agreeing on a color) and its options, each a list of
// items, optionally with a label:
//
//	name: tiny
//	description: Two options sharing X with the same color.
//	primary: [A, B, C: 0..2]   # C covered zero to two times
//	secondary: [X]
//	options:
//	  - label: first
//	    items: [A, X:red]   # X with the color red
//	  - B X:red             # a string of names works too
//	  - C
//
// Unknown or repeated fields are errors, so a typo never passes silently.
// Anchors, aliases and tags are refused (internal/strictyaml).
//
// # Knuth's DLX format
//
// Lines starting with '|' are comments; the first other line lists the
// primary items, then '|' and the secondary items; every later line is an
// option. A secondary item takes a color as name:color; a primary item
// takes bounds as Knuth's DLX3 writes them, lo:hi|name or n|name:
//
//	| name: tiny
//	A B 0:2|C | X
//	| label: first
//	A X:red
//	B X:red
//	C |3
//
// An option may end with costs written "|n", as in Knuth's DLX5 (here C
// costs 3); in YAML an option mapping takes "cost: 3".
//
// The comment lines "| name: ..." (before the items) and "| label: ..."
// (before an option) carry what the format has no room for; Knuth's
// programs read such files unchanged. Conversion either way keeps the
// problem identical: items, bounds, options, their order, colors, labels.
//
// # Errors
//
// [Parse] checks the syntax and the size limits ([MaxDLXBytes],
// [MaxYAMLBytes], and the engine's MaxItems, MaxOptions, MaxNodes), and
// refuses a DLX problem that would take more memory than [MaxParseMemory]
// to read or exactcover.MemoryBudget compiled, before reading it;
// [Spec.Compile] checks the problem itself. Both report an [*Error], whose
// message is one line "file:line:col: what was expected".
package specs

//go:generate go run ../cmd/genexamples -dir examples
