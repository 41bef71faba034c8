package strictyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/xcover/xcover/internal/located"
)

// Error is a YAML input error at a 1-based Line and Column (in
// characters), with the message in Msg; File and Err stay empty, for the
// caller to fill in or to carry over into its own error. Error() returns
// "line:column: message".
type Error = located.Error

// Errorf returns an *Error at n's position.
func Errorf(n *yaml.Node, format string, args ...any) *Error {
	return &Error{Line: max(n.Line, 1), Column: max(n.Column, 1), Msg: fmt.Sprintf(format, args...)}
}

// Decode parses data, which must hold exactly one YAML document, and
// returns the document's content (a mapping, a list or a scalar). expect
// says what the document should be, for the message about an empty input,
// for example "a mapping with a pieces: list".
//
// Decode refuses, with the line and column of the first in the text:
// bytes that are not text ([CheckText]), YAML syntax errors (the library
// gives a line only, for some errors none: the column is that of the
// line's first character), a key given twice in one mapping, anchors,
// aliases, merge keys (<<), explicit tags, and a second document. Errors are *Error values.
func Decode(data []byte, expect string) (*yaml.Node, error) {
	if err := CheckText(data); err != nil {
		return nil, err
	}
	root, err := decodeOne(data, expect)
	if err != nil {
		return nil, err
	}
	if e := firstForbidden(root); e != nil {
		return nil, e
	}
	return root, nil
}

// decodeOne decodes exactly one document, turning the library's errors
// (and, defensively, its panics) into positioned ones.
func decodeOne(data []byte, expect string) (root *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &Error{Line: 1, Column: 1, Msg: fmt.Sprintf("the YAML parser failed on this input (%v)", r)}
		}
	}()
	empty := &Error{Line: 1, Column: 1, Msg: "empty input: expected " + expect}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, empty
		}
		return nil, libraryError(data, err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return nil, &Error{Line: max(next.Line, 1), Column: max(next.Column, 1), Msg: "a second YAML document: expected exactly one"}
	case !errors.Is(err, io.EOF):
		return nil, libraryError(data, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, empty
	}
	if c := doc.Content[0]; c.Kind == yaml.ScalarNode && c.Value == "" && c.Tag == "!!null" && c.Style == 0 {
		return nil, empty // "---" and nothing else
	}
	return doc.Content[0], nil
}

// libraryLine finds the line number in the YAML library's messages, which
// look like "yaml: line 3: did not find expected key". It is compiled at
// its first use, an error's, not at every start of a program that reads
// YAML.
var libraryLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })

// unknownAnchor is the library's message for an alias without an anchor,
// which comes without a position (compiled at its first use).
var unknownAnchor = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)
})

// libraryError positions one of the YAML library's errors.
func libraryError(data []byte, err error) *Error {
	msg := err.Error()
	if m := unknownAnchor().FindStringSubmatch(msg); m != nil {
		// Aliases are refused anyway: say so, at the first "*name".
		e := &Error{Line: 1, Column: 1, Msg: fmt.Sprintf("alias *%s: anchors and aliases are not supported; write the value out", shown(m[1]))}
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			before := data[:i]
			e.Line = bytes.Count(before, []byte("\n")) + 1
			e.Column = utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
		}
		return e
	}
	if m := libraryLine().FindStringSubmatch(strings.SplitN(msg, "\n", 2)[0]); m != nil {
		ln, _ := strconv.Atoi(m[1])
		ln = max(ln, 1)
		return &Error{Line: ln, Column: firstColumn(data, ln), Msg: "invalid YAML: " + m[2]}
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	msg = strings.ReplaceAll(msg, "\n", "; ")
	return &Error{Line: 1, Column: 1, Msg: "invalid YAML: " + msg}
}

// firstColumn returns the column of the first non-blank character of line
// ln of data (1 when there is none).
func firstColumn(data []byte, ln int) int {
	for i := 1; i < ln && len(data) > 0; i++ {
		_, data, _ = bytes.Cut(data, []byte("\n"))
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	n := len(line) - len(bytes.TrimLeft(line, " \t"))
	return utf8.RuneCount(line[:n]) + 1
}

// firstForbidden returns the error for the first (in the text) anchor,
// alias, merge key, explicit tag or repeated key in the tree below n, or
// nil.
func firstForbidden(n *yaml.Node) *Error {
	var first *Error
	report := func(at *yaml.Node, format string, args ...any) {
		if first == nil || at.Line < first.Line || at.Line == first.Line && at.Column < first.Column {
			first = Errorf(at, format, args...)
		}
	}
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case n.Kind == yaml.AliasNode:
			report(n, "alias *%s: anchors and aliases are not supported; write the value out", shown(n.Value))
		case n.Anchor != "":
			report(n, "anchor &%s: anchors and aliases are not supported; write the value out", shown(n.Anchor))
		case n.Style&yaml.TaggedStyle != 0:
			report(n, "tag %s: tags are not supported; every value is read as the text written", shown(n.Tag))
		}
		if n.Kind == yaml.MappingNode {
			seen := make(map[string]*yaml.Node, len(n.Content)/2)
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind != yaml.ScalarNode {
					continue // Fields says what keys it expected
				}
				if k.Tag == "!!merge" {
					report(k, "merge key <<: merge keys are not supported; write the fields out (or quote the key)")
				}
				if f, dup := seen[k.Value]; dup {
					report(k, "key %q given twice (first at line %d, column %d): expected each key once", k.Value, f.Line, f.Column)
				} else {
					seen[k.Value] = k
				}
			}
		}
		stack = append(stack, n.Content...)
	}
	return first
}

// CheckText returns an *Error at the first byte of data that is not text:
// invalid UTF-8, or a rune for which [IsText] is false other than the line
// ends (LF, or CR LF). A byte order mark is accepted at the start only.
// Binary input fails here, on its first line, rather than deep inside the
// YAML library, whose message would have no position.
func CheckText(data []byte) error {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	for ln := 1; len(data) > 0; ln++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if col, msg := checkLine(line); msg != "" {
			return &Error{Line: ln, Column: col, Msg: msg}
		}
	}
	return nil
}

// checkLine returns the column of the first rune of line that is not text
// and what is wrong with it, or "" when the line is text.
func checkLine(line []byte) (col int, msg string) {
	col = 1
	for i := 0; i < len(line); col++ {
		if c := line[i]; c < utf8.RuneSelf && c >= ' ' && c != 0x7f || c == '\t' {
			i++ // the common case, ASCII text
			continue
		}
		r, size := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && size <= 1 {
			return col, fmt.Sprintf("invalid UTF-8 byte %#02x: expected text", line[i])
		}
		if !IsText(r) {
			return col, fmt.Sprintf("control character %U: expected text", r)
		}
		i += size
	}
	return 0, ""
}

// IsText reports whether r may appear in text: everything but control
// characters (C0 other than tab, DEL, C1), the byte order mark, and the
// Unicode line and paragraph separators, which YAML reads as line breaks.
func IsText(r rune) bool {
	return !(unicode.IsControl(r) && r != '\t') && r != '\ufeff' && r != '\u2028' && r != '\u2029'
}

// shown returns s for a message: as is when every rune is printable, else
// quoted, so that a message stays one line whatever the input (a tag may
// spell a line break as %0A).
func shown(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
