package main

import (
	"strings"
	"testing"
)

// Langford's problem of order 3 has one pairing, 312132, and its mirror
// image: 2 solutions. Checked here by hand on the options: value k in
// slots i and i+k+1.
func TestLangford(t *testing.T) {
	got := string(langford(3))
	want := "v1 v2 v3 s0 s1 s2 s3 s4 s5\n" +
		"v1 s0 s2\nv1 s1 s3\nv1 s2 s4\nv1 s3 s5\n" +
		"v2 s0 s3\nv2 s1 s4\nv2 s2 s5\n" +
		"v3 s0 s4\nv3 s1 s5\n"
	if got != want {
		t.Errorf("langford(3):\n%s\nwant\n%s", got, want)
	}
}

func TestDominoes(t *testing.T) {
	got := string(dominoes(2, 2))
	want := "0000 0001 0100 0101\n0000 0001\n0000 0100\n0001 0101\n0100 0101\n"
	if got != want {
		t.Errorf("dominoes(2, 2):\n%s\nwant\n%s", got, want)
	}
}

// withCosts leaves comments and the items alone, gives every option one
// cost in 0…maxCost, and gives the same costs every time.
func TestWithCosts(t *testing.T) {
	spec := "| a comment\nA B C\nA B\n\n| another\nC\nA C\n"
	got := string(withCosts([]byte(spec)))
	if again := string(withCosts([]byte(spec))); again != got {
		t.Errorf("two runs differ:\n%s\n%s", got, again)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	orig := strings.Split(strings.TrimSuffix(spec, "\n"), "\n")
	if len(lines) != len(orig) {
		t.Fatalf("%d lines, want %d", len(lines), len(orig))
	}
	for i, l := range lines {
		switch i {
		case 0, 1, 3, 4:
			if l != orig[i] {
				t.Errorf("line %d %q changed to %q", i+1, orig[i], l)
			}
		default:
			items, cost, ok := strings.Cut(l, " |")
			if !ok || items != orig[i] {
				t.Errorf("line %d: %q", i+1, l)
				continue
			}
			if n := len(cost); n < 1 || n > 2 || cost < "0" || (n == 2 && cost > "20") {
				t.Errorf("line %d: cost %q not in 0…20", i+1, cost)
			}
		}
	}
}
