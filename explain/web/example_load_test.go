package web_test

import (
	"os"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// loadExample reads the spec at path.
func loadExample(t testing.TB, path string) *exactcover.Problem {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := specs.Load(path, data, "")
	if err != nil {
		t.Fatal(err)
	}
	return &sp.Problem
}
