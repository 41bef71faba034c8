package main

import "testing"

func TestWrap(t *testing.T) {
	got := wrap("one two three  four five", 9)
	if want := "one two\nthree\nfour five"; got != want {
		t.Errorf("wrap: %q, want %q", got, want)
	}
	if got := wrap("a-word-longer-than-the-width x", 5); got != "a-word-longer-than-the-width\nx" {
		t.Errorf("wrap of a long word: %q", got)
	}
}
