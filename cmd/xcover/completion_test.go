package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
)

// TestCompletionRun runs completion's run function on options built
// directly: bash and zsh get the scripts of cmd/xcover/completion as they
// are on disk; fish a script that completes every command and every flag
// of the app it is given.
func TestCompletionRun(t *testing.T) {
	t.Parallel()
	app := func() *cli.App { return newApp(&iostreams.IO{}) }
	for _, shell := range []string{"bash", "zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			inProcess.Lock() // fish's script reads urfave/cli's package variables: see runInProcess
			defer inProcess.Unlock()
			if code := exitcode.Print(completionRun(context.Background(), &completionOptions{IO: s, Shell: shell, App: app}), stderr); code != exitcode.Found {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			if shell != "fish" {
				want, err := os.ReadFile(filepath.Join(moduleRoot(t), "cmd", "xcover", "completion", "xcover."+shell))
				if err != nil || stdout.String() != string(want) {
					t.Errorf("the %s script differs from completion/xcover.%s (%v)", shell, shell, err)
				}
				return
			}
			for _, cmd := range app().Commands {
				for _, c := range append([]*cli.Command{cmd}, cmd.Subcommands...) {
					if !strings.Contains(stdout.String(), " -a '"+c.Name+"'") {
						t.Errorf("fish does not complete the command %s", c.Name)
					}
					for _, f := range c.Flags {
						if !strings.Contains(stdout.String(), " -l "+f.Names()[0]) {
							t.Errorf("fish does not complete %s's flag --%s", c.Name, f.Names()[0])
						}
					}
				}
			}
		})
	}
}
