package main

import (
	"context"
	"testing"
)

// BenchmarkStartUp is the work of a command line before its command
// runs: building the commands and their flags, and urfave/cli parsing
// the line (xcover --version does nothing else). The process's start-up
// before main (the runtime, the packages' initialization) is not in it:
// GODEBUG=inittrace=1 xcover --version shows that part.
func BenchmarkStartUp(b *testing.B) {
	e, _, _ := testIO(b, "")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if code := runInProcess(ctx, []string{"--version"}, e); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
