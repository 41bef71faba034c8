package strictyaml

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Fields checks that n is a mapping whose keys are among allowed and
// returns the values by key; a field that is absent has no entry. what
// names the mapping in messages ("a spec", "a piece"). An unknown key is an
// error that lists the allowed ones and suggests the closest, so that a
// typo never passes silently. ([Decode] has already refused a key given
// twice.)
func Fields(n *yaml.Node, what string, allowed ...string) (map[string]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, Errorf(n, "found %s: expected %s (a mapping with fields %s)", Describe(n), what, strings.Join(allowed, ", "))
	}
	out := make(map[string]*yaml.Node, len(allowed))
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, Errorf(k, "found %s as a key in %s: expected one of %s", Describe(k), what, strings.Join(allowed, ", "))
		}
		known := false
		for _, a := range allowed {
			known = known || a == k.Value
		}
		if !known {
			msg := fmt.Sprintf("unknown field %q in %s: expected one of %s", k.Value, what, strings.Join(allowed, ", "))
			if s := closest(k.Value, allowed); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return nil, Errorf(k, "%s", msg)
		}
		out[k.Value] = v
	}
	return out, nil
}

// String returns the text of scalar n, exactly as written (1, yes and null
// are text like any other). field names the value in messages.
func String(n *yaml.Node, field string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", Errorf(n, "%s is %s: expected a string", field, Describe(n))
	}
	return n.Value, nil
}

// Int returns the whole number written in scalar n, which must be in
// [lo, hi]; decimal digits only, an optional sign, no underscores.
func Int(n *yaml.Node, field string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || v < lo || v > hi || strings.HasPrefix(n.Value, "+") {
		return 0, Errorf(n, "%s is %s: expected a whole number from %d to %d", field, Describe(n), lo, hi)
	}
	return v, nil
}

// Bool returns the value of scalar n, which must be true or false.
func Bool(n *yaml.Node, field string) (bool, error) {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, Errorf(n, "%s is %s: expected true or false", field, Describe(n))
}

// Describe names n for a message: "a mapping", "a list", "an empty value",
// or a scalar's text, quoted (cut short when long).
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Value == "" {
			return "an empty value"
		}
		const most = 40 // characters of a scalar quoted in a message
		if s := []rune(n.Value); len(s) > most {
			return fmt.Sprintf("%q…", string(s[:most]))
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}

// closest returns the allowed word within edit distance 2 of s (ignoring
// case), if any.
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
	const longest = 64 // longer words are not typos of a field name
	if len(a) > longest || len(b) > longest {
		return longest
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
