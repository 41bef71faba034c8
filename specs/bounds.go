package specs

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/xcover/xcover/exactcover"
)

// Bounds (multiplicities) on primary items, as Knuth's DLX3 writes them in
// its item line, "lo:hi|name" or "n|name" (TAOCP 7.2.2.1, Algorithm M;
// dlx3.w, "Scan an item name, possibly prefixed by bounds"), and as the
// YAML format writes them, "name: n" or "name: lo..hi". Both refuse what
// DLX3 refuses (a lower bound above the upper one, an upper bound of zero,
// a non-digit, a lower bound without an upper one, bounds on a secondary
// item) and, where DLX3 would overflow silently, numbers above
// exactcover.MaxBound. Unlike DLX3 they refuse an empty number (":3|A",
// which DLX3 reads as 0:3): write the 0.

// number reads a bound: decimal digits, at most exactcover.MaxBound. On
// failure it returns the byte offset of the culprit in b and what was
// expected.
func number(b []byte) (n, bad int, msg string) {
	if len(b) == 0 {
		return 0, 0, "expected a number"
	}
	for i, c := range b {
		if c < '0' || c > '9' {
			r, _ := utf8.DecodeRune(b[i:])
			return 0, i, fmt.Sprintf("%q is not a digit: expected a whole number", r)
		}
		if n = 10*n + int(c-'0'); n > exactcover.MaxBound {
			const most = 20 // digits shown: a bound has at most 8
			shown := string(b)
			if len(shown) > most {
				shown = shown[:most] + "…"
			}
			return 0, 0, fmt.Sprintf("bound %s is above MaxBound = %d, the most options a problem may have", shown, exactcover.MaxBound)
		}
	}
	return n, 0, ""
}

// rangeProblem says what is wrong with the bounds lo..hi, if anything, and
// whether the upper bound (rather than the lower) is the culprit.
func rangeProblem(lo, hi int) (msg string, upper bool) {
	switch {
	case hi == 0:
		return "upper bound 0: expected at least 1 (an item covered by no option needs none)", true
	case lo > hi:
		return fmt.Sprintf("lower bound %d is above upper bound %d", lo, hi), false
	}
	return "", false
}

// dlxBounds splits a primary item's word t from the item line into its
// bounds and its name, as DLX3 reads it. A word without '|' has no bounds.
func (d *dlxParser) dlxBounds(t token, ln int32) (exactcover.Bounds, token, error) {
	text := t.text
	at := func(i int) pos { return pos{ln, t.col + int32(utf8.RuneCount(text[:i]))} }
	word := quoted(text)
	// ex returns part of the word for an example of what to write.
	ex := func(b []byte) string {
		if utf8.RuneCount(b) > shownRunes {
			return "A"
		}
		return string(b)
	}
	fail := func(i int, format string, args ...any) (exactcover.Bounds, token, error) {
		return exactcover.Bounds{}, token{}, d.sp.errorAt(at(i), exactcover.ErrBadBounds, "%s", fmt.Sprintf(format, args...))
	}
	bar := bytes.IndexByte(text, '|')
	if bar < 0 {
		if colon := bytes.IndexByte(text, ':'); colon > 0 {
			if _, _, msg := number(text[:colon]); msg == "" {
				return fail(0, "%s: a lower bound needs an upper bound: expected lo:hi|name, as in %s:3|%s", word, ex(text[:colon]), ex(text[colon+1:]))
			}
		}
		return exactcover.Once, t, nil // ':' in a name is refused with the other name checks
	}
	prefix, name := text[:bar], text[bar+1:]
	if i := bytes.IndexByte(name, '|'); i >= 0 {
		return fail(bar+1+i, "second '|' in %s: expected one bound prefix, as in 2|A or 1:3|A", word)
	}
	loText, hiText := prefix, prefix
	hiAt := 0
	if colon := bytes.IndexByte(prefix, ':'); colon >= 0 {
		if i := bytes.IndexByte(prefix[colon+1:], ':'); i >= 0 {
			return fail(colon+1+i, "second ':' in the bounds of %s: expected lo:hi|name", word)
		}
		loText, hiText, hiAt = prefix[:colon], prefix[colon+1:], colon+1
	}
	lo, bad, msg := number(loText)
	if msg != "" {
		if len(loText) == 0 {
			return fail(0, "%s: expected a lower bound before ':', as in 0%s", word, ex(text))
		}
		if !bytes.ContainsAny(prefix, "0123456789:") {
			msg += " (to start the secondary items, put a space before '|')"
		}
		return fail(bad, "in the bounds of %s: %s", word, msg)
	}
	hi, bad, msg := number(hiText)
	if msg != "" {
		if len(hiText) == 0 {
			return fail(hiAt, "%s: expected an upper bound before '|', as in %s3|%s", word, ex(prefix), ex(name))
		}
		return fail(hiAt+bad, "in the bounds of %s: %s", word, msg)
	}
	if msg, upper := rangeProblem(lo, hi); msg != "" {
		i := 0
		if upper {
			i = hiAt
		}
		return fail(i, "in %s: %s", word, msg)
	}
	if len(name) == 0 {
		return fail(bar+1, "%s: expected an item name after the bounds", word)
	}
	return exactcover.Bounds{Lo: lo, Hi: hi}, token{name, at(bar + 1).col}, nil
}

// yamlBounds reads the bounds written after a primary item's name in a
// YAML spec: "n" (exactly n times) or "lo..hi". On failure it returns the
// byte offset of the culprit in s and what was expected.
func yamlBounds(s string) (b exactcover.Bounds, bad int, msg string) {
	loText, hiText, isRange := strings.Cut(s, "..")
	hiAt := 0
	if isRange {
		hiAt = len(loText) + 2
	} else {
		hiText = loText
	}
	lo, bad, msg := number([]byte(loText))
	hi := lo
	if msg == "" && isRange {
		hi, bad, msg = number([]byte(hiText))
		bad += hiAt
	}
	switch {
	case msg != "" && digits(loText) && digits(hiText):
		return b, bad, fmt.Sprintf("bounds %q: %s", s, msg) // too large
	case msg != "":
		msg = fmt.Sprintf("bounds %q: expected a count such as 2 or a range such as 0..2", s)
		if strings.ContainsAny(s, ":-") {
			msg += " (a range is written lo..hi)"
		}
		return b, bad, msg
	}
	if msg, upper := rangeProblem(lo, hi); msg != "" {
		if !upper {
			hiAt = 0
		}
		return b, hiAt, fmt.Sprintf("bounds %q: %s", s, msg)
	}
	return exactcover.Bounds{Lo: lo, Hi: hi}, 0, ""
}

// digits reports whether s is a non-empty run of decimal digits.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// shownRunes is the most characters of a word a message quotes: enough to
// recognize it, while a word may be as long as a line.
const shownRunes = 40

// quoted returns a word for a message: quoted, and cut short when long
// (a word may be as long as a line).
func quoted(b []byte) string {
	if utf8.RuneCount(b) <= shownRunes {
		return fmt.Sprintf("%q", b)
	}
	i := 0
	for range shownRunes {
		_, size := utf8.DecodeRune(b[i:])
		i += size
	}
	return fmt.Sprintf("%q…", b[:i])
}
