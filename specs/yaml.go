package specs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/strictyaml"
)

// The fields of a YAML spec and of an option written as a mapping.
var (
	specFields   = []string{"name", "description", "primary", "secondary", "options"}
	optionFields = []string{"label", "items", "cost"}
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
	root, err := strictyaml.Decode(data, "a YAML mapping with primary, secondary and options")
	if err != nil {
		return nil, sp.positioned(err)
	}
	y := &yamlParser{sp: sp, names: map[string]string{}}
	if err := y.spec(root); err != nil {
		return nil, err
	}
	return sp, nil
}

// positioned turns an error of the strict YAML layer (a line, a column and
// a message) into an *Error in sp's file.
func (sp *Spec) positioned(err error) error {
	var e *strictyaml.Error
	if errors.As(err, &e) {
		return sp.errorAt(pos{int32(e.Line), int32(e.Column)}, ErrSyntax, "%s", e.Msg)
	}
	return err
}

// at returns a node's position.
func at(n *yaml.Node) pos { return pos{int32(n.Line), int32(n.Column)} }

// spec reads the top-level mapping.
func (y *yamlParser) spec(n *yaml.Node) error {
	sp := y.sp
	sp.namePos = at(n)
	f, err := strictyaml.Fields(n, "a spec", specFields...)
	if err != nil {
		return sp.positioned(err)
	}
	if err := y.line(f, "name", &sp.Name); err != nil {
		return err
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
	var bounds []exactcover.Bounds
	if sp.Problem.Primary, bounds, err = y.declarations(prim, "primary"); err != nil {
		return err
	}
	for _, b := range bounds {
		if b != exactcover.Once {
			sp.Problem.Bounds = bounds // else none: every item exactly once
			break
		}
	}
	if len(sp.Problem.Primary) == 0 {
		return sp.errorAt(at(prim), exactcover.ErrNoPrimaryItems, "no primary items: expected at least one")
	}
	if v := f["secondary"]; v != nil {
		if sp.Problem.Secondary, _, err = y.declarations(v, "secondary"); err != nil {
			return err
		}
	}
	opts := f["options"]
	if opts == nil {
		return sp.errorAt(at(n), ErrSyntax, "missing field options: expected a list of options (each a list of items)")
	}
	return y.options(opts)
}

// line reads field of f, when it is there, into *dst: one line of text of
// at most MaxNameBytes (a name or a label).
func (y *yamlParser) line(f map[string]*yaml.Node, field string, dst *string) (err error) {
	if v := f[field]; v != nil {
		*dst, err = y.text(v, field, MaxNameBytes, false)
	}
	return err
}

// text reads a string field; only a description may span several lines.
func (y *yamlParser) text(n *yaml.Node, field string, limit int, multiline bool) (string, error) {
	s, err := strictyaml.String(n, field)
	if err != nil {
		return "", y.sp.positioned(err)
	}
	if len(s) > limit {
		return "", y.sp.errorAt(at(n), exactcover.ErrTooLarge, "%s of %d bytes: the limit is %d", field, len(s), limit)
	}
	for _, r := range s {
		if !strictyaml.IsText(r) && !(multiline && r == '\n') {
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
//
// When pair is not nil, a list entry may also be a mapping, and pair gets
// each of its keys with its value (an item with its bounds).
func (y *yamlParser) words(n *yaml.Node, what string, visit func(word string, p pos) error, pair func(k, v *yaml.Node) error) error {
	switch n.Kind {
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind == yaml.MappingNode && pair != nil {
				for i := 0; i+1 < len(c.Content); i += 2 {
					if err := pair(c.Content[i], c.Content[i+1]); err != nil {
						return err
					}
				}
				continue
			}
			if c.Kind != yaml.ScalarNode {
				hint := ""
				if c.Kind == yaml.MappingNode {
					hint = " (write a color as name:color, with no space after ':')"
				}
				return y.sp.errorAt(at(c), ErrSyntax, "found %s in %s: expected an item name%s", strictyaml.Describe(c), what, hint)
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
	return y.sp.errorAt(at(n), ErrSyntax, "%s is %s: expected a list of item names, or one string of names separated by spaces", what, strictyaml.Describe(n))
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
		if r == '\t' || !strictyaml.IsText(r) {
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

// declarations reads the primary or secondary items, and the bounds of
// primary items: a list entry "name: n" or "name: lo..hi" (a mapping),
// beside plain names, which are covered exactly once.
func (y *yamlParser) declarations(n *yaml.Node, field string) ([]string, []exactcover.Bounds, error) {
	var (
		names  []string
		bounds []exactcover.Bounds
	)
	declare := func(word string, p pos, b exactcover.Bounds) error {
		if err := y.checkWord(word, "item name", p); err != nil {
			if e := err.(*Error); strings.Contains(word, ":") {
				e.Msg += " (colors are given in options, as name:color"
				if _, after, _ := strings.Cut(word, ":"); field == "primary" && after != "" && strings.Trim(after, "0123456789.") == "" {
					e.Msg += fmt.Sprintf("; bounds as a list entry %s: %s, with a space after ':'", word[:len(word)-len(after)-1], after)
				}
				e.Msg += ")"
			}
			return err
		}
		if len(y.sp.itemPos) >= maxItems {
			return y.sp.errorAt(p, exactcover.ErrTooLarge, "too many items: the limit is MaxItems = %d", maxItems)
		}
		names, bounds = append(names, y.intern(word)), append(bounds, b)
		y.sp.itemPos = append(y.sp.itemPos, p)
		return nil
	}
	pair := func(k, v *yaml.Node) error {
		if k.Kind != yaml.ScalarNode {
			return y.sp.errorAt(at(k), ErrSyntax, "found %s in %s: expected an item name", strictyaml.Describe(k), field)
		}
		if strings.ContainsAny(k.Value, " \t\n") {
			return y.sp.errorAt(at(k), ErrSyntax, "%q in %s: expected an item name without spaces", k.Value, field)
		}
		if field != "primary" {
			return y.sp.errorAt(at(k), exactcover.ErrBadBounds, "bounds on secondary item %q: only primary items take bounds (secondary ones are covered at most once, or by options agreeing on a color)", k.Value)
		}
		b, err := y.bounds(k, v)
		if err != nil {
			return err
		}
		return declare(k.Value, at(k), b)
	}
	visit := func(word string, p pos) error { return declare(word, p, exactcover.Once) }
	err := y.words(n, field, visit, pair)
	return names, bounds, err
}

// bounds reads the bounds v given to primary item k.
func (y *yamlParser) bounds(k, v *yaml.Node) (exactcover.Bounds, error) {
	p := at(v)
	if v.Line == 0 {
		p = at(k)
	}
	if v.Kind != yaml.ScalarNode {
		return exactcover.Bounds{}, y.sp.errorAt(p, exactcover.ErrBadBounds, "bounds of %q are %s: expected a count such as 2 or a range such as 0..2", k.Value, strictyaml.Describe(v))
	}
	b, bad, msg := yamlBounds(v.Value)
	if msg != "" {
		if v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			p.col++
		}
		if !strings.Contains(v.Value[:bad], "\n") {
			p.col += int32(utf8.RuneCountInString(v.Value[:bad]))
		}
		return exactcover.Bounds{}, y.sp.errorAt(p, exactcover.ErrBadBounds, "%s of item %q", msg, k.Value)
	}
	return b, nil
}

// options reads the option list.
func (y *yamlParser) options(n *yaml.Node) error {
	sp := y.sp
	if n.Kind != yaml.SequenceNode {
		return sp.errorAt(at(n), ErrSyntax, "options is %s: expected a list of options", strictyaml.Describe(n))
	}
	for _, o := range n.Content {
		if len(sp.Problem.Options) >= maxOptions {
			return sp.errorAt(at(o), exactcover.ErrTooLarge, "too many options: the limit is MaxOptions = %d", maxOptions)
		}
		var opt exactcover.Option
		items := o
		if o.Kind == yaml.MappingNode {
			f, err := strictyaml.Fields(o, "an option", optionFields...)
			if err != nil {
				return sp.positioned(err)
			}
			if err := y.line(f, "label", &opt.Label); err != nil {
				return err
			}
			if c := f["cost"]; c != nil {
				if opt.Cost, err = y.cost(c); err != nil {
					return err
				}
			}
			if items = f["items"]; items == nil {
				return sp.errorAt(at(o), ErrSyntax, "option without items: expected items: [...]")
			}
		} else if o.Kind != yaml.SequenceNode && (o.Kind != yaml.ScalarNode || o.Value == "") {
			return sp.errorAt(at(o), ErrSyntax, "option is %s: expected a list of items, a string of items, or a mapping with label, items and cost", strictyaml.Describe(o))
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
		}, nil)
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

// cost reads an option's cost: a whole number from 0 to MaxCost, as
// Knuth's DLX5 gives options costs.
func (y *yamlParser) cost(n *yaml.Node) (int64, error) {
	if n.Kind != yaml.ScalarNode || n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		return 0, y.sp.errorAt(at(n), exactcover.ErrBadCost, "cost is %s: expected a whole number from 0 to MaxCost = %d", strictyaml.Describe(n), int64(exactcover.MaxCost))
	}
	c, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil || c < 0 || c > exactcover.MaxCost || strings.HasPrefix(n.Value, "+") {
		return 0, y.sp.errorAt(at(n), exactcover.ErrBadCost, "cost %q: expected a whole number from 0 to MaxCost = %d", n.Value, int64(exactcover.MaxCost))
	}
	return c, nil
}
