package searchcmd

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
)

// Usage is a usage error of command (its name: "solve", "count" for "zdd
// count"): exit 2, one line.
func Usage(command, format string, args ...any) error {
	return exitcode.Bad(fmt.Errorf("%s: %s", command, fmt.Sprintf(format, args...)))
}

// OnUsageError turns urfave's flag-parsing errors into one line and exit
// 2, in the words of the flags themselves: "--limit 0: expected …", with
// the command that shows the help: "xcover help solve", or for a
// subcommand, which "xcover help" does not know, "xcover zdd count
// --help". A usage error is one line on stderr and exit 2, not a help page
// on stdout: scripts read stdout.
func OnUsageError(c *cli.Context, err error, _ bool) error {
	name := c.Command.Name
	for _, up := range c.Lineage()[1:] { // the parent commands' contexts, then the app's
		if up.Command != nil && up.Command.Name != "" && up.Command.Name != up.App.Name {
			name = up.Command.Name + " " + name
		}
	}
	msg := cliparse.UsageMessage(err, c.Command.Flags)
	switch {
	case name == "" || name == c.App.Name: // xcover's own flags
		return exitcode.Bad(fmt.Errorf("%s (see \"xcover help\")", msg))
	case strings.Contains(name, " "):
		return exitcode.Bad(fmt.Errorf("%s: %s (see \"xcover %s --help\")", name, msg, name))
	}
	return exitcode.Bad(fmt.Errorf("%s: %s (see \"xcover help %s\")", name, msg, name))
}
