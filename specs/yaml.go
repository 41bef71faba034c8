package specs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"xcover/exactcover"
)

// The fields of a YAML spec and of an option written as a mapping.
var (
	specFields   = []string{"name", "description", "primary", "secondary", "options"}
	optionFields = []string{"label", "items"}
)

// yamlParser reads the YAML spec format (README.md) from a yaml.Node tree,
// so that every error can say where it is.
type yamlParser struct {
	sp    *Spec
	uses  int
	names map[string]string // interned item names and colors
}

// parseYAML reads a YAML spec such as
//
//	name: knuth-example
//	primary: [A, B, C, D, E, F, G]
//	options:
//	  - [C, E, F]
//	  - A D G
//	  - label: last
//	    items: [D, E, G]
func parseYAML(file string, data []byte) (*Spec, error) {
	sp := &Spec{file: file}
	if len(data) > MaxYAMLBytes {
		return nil, sp.errorAt(pos{1, 1}, exactcover.ErrTooLarge, "input is %d bytes, more than the limit MaxYAMLBytes = %d (write large problems in DLX)", len(data), MaxYAMLBytes)
	}
	// Check the text ourselves first: the YAML library reports bad bytes
	// without a position.
	text := bytes.TrimPrefix(data, []byte("\ufeff"))
	for ln := int32(1); len(text) > 0; ln++ {
		var line []byte
		line, text, _ = bytes.Cut(text, []byte("\n"))
		if err := checkText(sp, bytes.TrimSuffix(line, []byte("\r")), ln); err != nil {
			return nil, err
		}
	}
	root, err := decodeOne(sp, data)
	if err != nil {
		return nil, err
	}
	if err := refuseAliases(sp, root); err != nil {
		return nil, err
	}
	y := &yamlParser{sp: sp, names: map[string]string{}}
	if err := y.spec(root); err != nil {
		return nil, err
	}
	return sp, nil
}

// yamlLine finds the line number in the YAML library's messages, which
// look like "yaml: line 3: did not find expected key".
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// decodeOne decodes exactly one YAML document into a node tree, turning the
// library's errors (and, defensively, its panics) into positioned ones.
func decodeOne(sp *Spec, data []byte) (root *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, sp.errorAt(pos{1, 1}, ErrSyntax, "the YAML parser failed on this input (%v)", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, sp.errorAt(pos{1, 1}, ErrSyntax, "empty input: expected a YAML mapping with primary, secondary and options")
		}
		return nil, yamlError(sp, data, err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return nil, sp.errorAt(pos{int32(next.Line), int32(next.Column)}, ErrSyntax, "a second YAML document: expected exactly one")
	case !errors.Is(err, io.EOF):
		return nil, yamlError(sp, data, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, sp.errorAt(pos{1, 1}, ErrSyntax, "empty input: expected a YAML mapping with primary, secondary and options")
	}
	return doc.Content[0], nil
}

// yamlError positions one of the YAML library's errors. The library gives a
// line but no column; the column is that of the line's first character.
func yamlError(sp *Spec, data []byte, err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(strings.SplitN(msg, "\n", 2)[0]); m != nil {
		ln, _ := strconv.Atoi(m[1])
		return sp.errorAt(pos{int32(ln), int32(firstColumn(data, ln))}, ErrSyntax, "invalid YAML: %s", m[2])
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	msg = strings.ReplaceAll(msg, "\n", "; ")
	return sp.errorAt(pos{1, 1}, ErrSyntax, "invalid YAML: %s", msg)
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

// refuseAliases rejects anchors and aliases anywhere in the tree, naming
// the first in document order. A spec has
// no need for them, and refusing them outright rules out "billion laughs"
// inputs, whose few lines expand into an exponential number of items.
func refuseAliases(sp *Spec, n *yaml.Node) error {
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			return sp.errorAt(at(n), ErrSyntax, "alias *%s: anchors and aliases are not supported; write the value out", n.Value)
		}
		if n.Anchor != "" {
			return sp.errorAt(at(n), ErrSyntax, "anchor &%s: anchors and aliases are not supported; write the value out", n.Anchor)
		}
		for i := len(n.Content) - 1; i >= 0; i-- { // first child on top
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}

// at returns a node's position.
func at(n *yaml.Node) pos { return pos{int32(n.Line), int32(n.Column)} }

// kind names a node's kind for messages.
func kind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Value == "" {
			return "an empty value"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}

// fields checks a mapping's keys against the allowed ones and returns the
// values by key. Unknown and repeated keys are errors: a typo must not pass
// silently.
func (y *yamlParser) fields(n *yaml.Node, allowed []string, what string) (map[string]*yaml.Node, error) {
	out := make(map[string]*yaml.Node, len(allowed))
	keys := make(map[string]*yaml.Node, len(allowed))
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, y.sp.errorAt(at(k), ErrSyntax, "%s key: expected one of %s", kind(k), strings.Join(allowed, ", "))
		}
		if first, dup := keys[k.Value]; dup {
			return nil, y.sp.errorAt(at(k), ErrSyntax, "field %q given twice (first at line %d, column %d): expected each field once", k.Value, first.Line, first.Column)
		}
		keys[k.Value] = k
		known := false
		for _, a := range allowed {
			known = known || a == k.Value
		}
		if !known {
			msg := fmt.Sprintf("unknown field %q in %s: expected one of %s", k.Value, what, strings.Join(allowed, ", "))
			if s := closest(k.Value, allowed); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return nil, y.sp.errorAt(at(k), ErrSyntax, "%s", msg)
		}
		out[k.Value] = v
	}
	return out, nil
}

// closest returns the allowed word within edit distance 2 of s, if any.
func closest(s string, allowed []string) string {
	best, bestD := "", 3
	for _, a := range allowed {
		if d := editDistance(strings.ToLower(s), a); d < bestD {
			best, bestD = a, d
		}
	}
	return best
}

// editDistance is Levenshtein's distance, for suggestions on short words.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// spec reads the top-level mapping.
func (y *yamlParser) spec(n *yaml.Node) error {
	sp := y.sp
	sp.namePos = at(n)
	if n.Kind != yaml.MappingNode {
		return sp.errorAt(at(n), ErrSyntax, "found %s: expected a mapping with fields %s", kind(n), strings.Join(specFields, ", "))
	}
	f, err := y.fields(n, specFields, "the spec")
	if err != nil {
		return err
	}
	if v := f["name"]; v != nil {
		if sp.Name, err = y.text(v, "name", MaxNameBytes, false); err != nil {
			return err
		}
	}
	if v := f["description"]; v != nil {
		if sp.Description, err = y.text(v, "description", MaxDescriptionBytes, true); err != nil {
			return err
		}
		sp.Description = strings.TrimRight(sp.Description, "\n")
	}
	prim := f["primary"]
	if prim == nil {
		return sp.errorAt(at(n), ErrSyntax, "missing field primary: expected a list of primary item names")
	}
	sp.namePos = at(prim)
	if sp.Problem.Primary, err = y.declarations(prim, "primary"); err != nil {
		return err
	}
	if len(sp.Problem.Primary) == 0 {
		return sp.errorAt(at(prim), exactcover.ErrNoPrimaryItems, "no primary items: expected at least one")
	}
	if v := f["secondary"]; v != nil {
		if sp.Problem.Secondary, err = y.declarations(v, "secondary"); err != nil {
			return err
		}
	}
	opts := f["options"]
	if opts == nil {
		return sp.errorAt(at(n), ErrSyntax, "missing field options: expected a list of options (each a list of items)")
	}
	return y.options(opts)
}

// text reads a string field; only a description may span several lines.
func (y *yamlParser) text(n *yaml.Node, field string, limit int, multiline bool) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", y.sp.errorAt(at(n), ErrSyntax, "%s is %s: expected a string", field, kind(n))
	}
	s := n.Value
	if len(s) > limit {
		return "", y.sp.errorAt(at(n), exactcover.ErrTooLarge, "%s of %d bytes: the limit is %d", field, len(s), limit)
	}
	for _, r := range s {
		if notText(r) && !(multiline && r == '\n') {
			want := "a single line of text"
			if multiline {
				want = "text"
			}
			return "", y.sp.errorAt(at(n), ErrSyntax, "control character %U in %s: expected %s", r, field, want)
		}
	}
	return s, nil
}

// words returns the item references a node lists, each with its position:
// the node is a list of names or one string of names separated by spaces.
func (y *yamlParser) words(n *yaml.Node, what string, visit func(word string, p pos) error) error {
	switch n.Kind {
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				hint := ""
				if c.Kind == yaml.MappingNode {
					hint = " (write a color as name:color, with no space after ':')"
				}
				return y.sp.errorAt(at(c), ErrSyntax, "found %s in %s: expected an item name%s", kind(c), what, hint)
			}
			if c.Value == "" {
				return y.sp.errorAt(at(c), ErrSyntax, "empty entry in %s: expected an item name", what)
			}
			if strings.ContainsAny(c.Value, " \t\n") {
				return y.sp.errorAt(at(c), ErrSyntax, "%q in %s: expected an item name without spaces (in a list, give each item its own entry)", c.Value, what)
			}
			if err := visit(c.Value, at(c)); err != nil {
				return err
			}
		}
		return nil
	case yaml.ScalarNode:
		// "A B C": positions are exact for plain scalars, and off by the
		// escapes for quoted ones.
		base := at(n)
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			base.col++
		}
		col := int32(0)
		s := n.Value
		for len(s) > 0 {
			r, size := utf8.DecodeRuneInString(s)
			if r == ' ' || r == '\t' || r == '\n' {
				s, col = s[size:], col+1
				if r == '\n' {
					col = 0
				}
				continue
			}
			end := strings.IndexAny(s, " \t\n")
			if end < 0 {
				end = len(s)
			}
			p := pos{base.line, base.col + col}
			if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 || strings.Contains(n.Value, "\n") {
				p = base
			}
			if err := visit(s[:end], p); err != nil {
				return err
			}
			col += int32(utf8.RuneCountInString(s[:end]))
			s = s[end:]
		}
		return nil
	}
	return y.sp.errorAt(at(n), ErrSyntax, "%s is %s: expected a list of item names, or one string of names separated by spaces", what, kind(n))
}

// checkWord refuses names that Knuth's format could not carry: empty,
// overlong, or with ':' or '|'. Spaces never reach here.
func (y *yamlParser) checkWord(word, what string, p pos) error {
	if word == "" {
		return y.sp.errorAt(p, ErrSyntax, "expected %s, found nothing", article(what))
	}
	if len(word) > MaxNameBytes {
		return y.sp.errorAt(p, exactcover.ErrTooLarge, "%s of %d bytes: the limit is MaxNameBytes = %d", what, len(word), MaxNameBytes)
	}
	if i := strings.IndexAny(word, ":|"); i >= 0 {
		return y.sp.errorAt(p, ErrSyntax, "%q: expected %s without %q", word, article(what), word[i])
	}
	for _, r := range word {
		if r == '\t' || notText(r) {
			return y.sp.errorAt(p, ErrSyntax, "control character %U in %q: expected %s", r, word, article(what))
		}
	}
	return nil
}

// intern shares one string among all uses of a name or color.
func (y *yamlParser) intern(s string) string {
	if t, ok := y.names[s]; ok {
		return t
	}
	y.names[s] = s
	return s
}

// declarations reads the primary or secondary items.
func (y *yamlParser) declarations(n *yaml.Node, field string) ([]string, error) {
	var names []string
	err := y.words(n, field, func(word string, p pos) error {
		if err := y.checkWord(word, "item name", p); err != nil {
			if strings.Contains(word, ":") {
				err.(*Error).Msg += " (colors are given in options, as name:color)"
			}
			return err
		}
		if len(y.sp.itemPos) >= maxItems {
			return y.sp.errorAt(p, exactcover.ErrTooLarge, "too many items: the limit is MaxItems = %d", maxItems)
		}
		names = append(names, y.intern(word))
		y.sp.itemPos = append(y.sp.itemPos, p)
		return nil
	})
	return names, err
}

// options reads the option list.
func (y *yamlParser) options(n *yaml.Node) error {
	sp := y.sp
	if n.Kind != yaml.SequenceNode {
		return sp.errorAt(at(n), ErrSyntax, "options is %s: expected a list of options", kind(n))
	}
	for _, o := range n.Content {
		if len(sp.Problem.Options) >= maxOptions {
			return sp.errorAt(at(o), exactcover.ErrTooLarge, "too many options: the limit is MaxOptions = %d", maxOptions)
		}
		var opt exactcover.Option
		items := o
		if o.Kind == yaml.MappingNode {
			f, err := y.fields(o, optionFields, "an option")
			if err != nil {
				return err
			}
			if v := f["label"]; v != nil {
				if opt.Label, err = y.text(v, "label", MaxNameBytes, false); err != nil {
					return err
				}
			}
			if items = f["items"]; items == nil {
				return sp.errorAt(at(o), ErrSyntax, "option without items: expected items: [...]")
			}
		} else if o.Kind != yaml.SequenceNode && (o.Kind != yaml.ScalarNode || o.Value == "") {
			return sp.errorAt(at(o), ErrSyntax, "option is %s: expected a list of items, a string of items, or a mapping with label and items", kind(o))
		}
		sp.optPos = append(sp.optPos, at(o))
		sp.refStart = append(sp.refStart, len(sp.refPos))
		err := y.words(items, "an option", func(word string, p pos) error {
			if y.uses++; y.uses > maxUses {
				return sp.errorAt(p, exactcover.ErrTooLarge, "too many item uses in options: the limit is MaxNodes = %d", maxUses)
			}
			name, color, colored := strings.Cut(word, ":")
			if err := y.checkWord(name, "item name", p); err != nil {
				return err
			}
			r := exactcover.ItemRef{Name: y.intern(name)}
			if colored {
				if err := y.checkWord(color, "color", p); err != nil {
					err.(*Error).Msg = fmt.Sprintf("in %q: %s (write name:color)", word, err.(*Error).Msg)
					return err
				}
				r.Color = y.intern(color)
			}
			opt.Items = append(opt.Items, r)
			sp.refPos = append(sp.refPos, p)
			return nil
		})
		if err != nil {
			return err
		}
		if len(opt.Items) == 0 {
			return sp.errorAt(at(items), exactcover.ErrEmptyOption, "empty option: expected at least one item")
		}
		sp.Problem.Options = append(sp.Problem.Options, opt)
	}
	sp.refStart = append(sp.refStart, len(sp.refPos))
	return nil
}
