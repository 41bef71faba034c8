package main

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEstimateHelpJSON runs the --json example of estimate's help and
// compares what it prints with the object the help shows, all but the
// speed and the time, which vary with the machine.
func TestEstimateHelpJSON(t *testing.T) {
	t.Parallel()
	text := help("estimate")
	example := regexp.MustCompile(`(?m)^\s*\$ (xcover .* --json -)$`).FindStringSubmatch(text)
	shown := regexp.MustCompile(`(?s)\n   (\{.*?\})\n`).FindStringSubmatch(text)
	if example == nil || shown == nil {
		t.Fatalf("estimate's help shows no --json example and object:\n%s", text)
	}
	var want, got map[string]any
	if err := json.Unmarshal([]byte(strings.ReplaceAll(shown[1], "\n", "")), &want); err != nil {
		t.Fatalf("the help's object: %v\n%s", err, shown[1])
	}
	r := runPipeline(t, t.TempDir(), example[1])
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("$ %s: exit %d, %v\n%s%s", example[1], r.code, err, r.stdout, r.stderr)
	}
	if k1, k2 := slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)); !slices.Equal(k1, k2) {
		t.Errorf("the help shows the keys %v, the example prints %v", k1, k2)
	}
	for k, v := range want {
		if k != "nodes_per_second" && k != "seconds" && got[k] != v {
			t.Errorf("%s: the help shows %v, the example prints %v", k, v, got[k])
		}
	}
}
