package cliparse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"
)

// PermuteArgs moves a command's flags before its positional arguments, so
// that "xcover solve FILE --count" means what it says: urfave/cli v2, like
// Go's flag package, stops parsing flags at the first argument. args[0] is
// the program's name, args[1] the command, one of cmds (a command
// followed by one of its subcommands has the subcommand's flags moved). A flag's value is
// recognised from the command's flag definitions; "--" still ends the
// flags; shell completion requests are left alone.
func PermuteArgs(args []string, cmds []*cli.Command) []string {
	i := slices.IndexFunc(cmds, func(c *cli.Command) bool { return len(args) > 2 && c.HasName(args[1]) })
	if i < 0 || args[len(args)-1] == "--generate-bash-completion" {
		return args
	}
	if slices.ContainsFunc(cmds[i].Subcommands, func(c *cli.Command) bool { return c.HasName(args[2]) }) {
		// "xcover zdd sample …", "xcover sudoku generate …": the subcommand's flags
		return append(args[:1:1], PermuteArgs(args[1:], cmds[i].Subcommands)...)
	}
	flags, positional := args[:2:2], []string{"--"}
	for rest := args[2:]; len(rest) > 0; rest = rest[1:] {
		switch a := rest[0]; {
		case a == "--":
			positional, rest = append(positional, rest[1:]...), rest[:1]
		case len(a) > 1 && a[0] == '-':
			if name, value, ok := attached(cmds[i], a); ok {
				flags = append(flags, name, value)
				continue
			}
			flags = append(flags, a)
			if takesValue(cmds[i], a) && len(rest) > 1 {
				flags, rest = append(flags, rest[1]), rest[1:]
			}
		default:
			positional = append(positional, a)
		}
	}
	if len(positional) == 1 {
		return flags
	}
	return append(flags, positional...)
}

// attached splits "-j4", a one-letter flag with its value attached as make
// and xargs take it, into "-j" and "4". It reports false for anything else,
// a flag of that whole name included.
func attached(cmd *cli.Command, arg string) (name, value string, ok bool) {
	if len(arg) < 3 || arg[1] == '-' || hasFlag(cmd, arg[1:]) {
		return "", "", false
	}
	name = arg[:2]
	if !hasFlag(cmd, name[1:]) || !takesValue(cmd, name) {
		return "", "", false
	}
	return name, arg[2:], true
}

// hasFlag reports whether cmd has a flag of that name.
func hasFlag(cmd *cli.Command, name string) bool {
	return slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
}

// takesValue reports whether the flag written as arg ("-x", "--name",
// never "--name=value") needs the next argument as its value.
func takesValue(cmd *cli.Command, arg string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), strings.TrimLeft(arg, "-")) {
			tf, ok := f.(cli.DocGenerationFlag)
			return !ok || tf.TakesValue() // false for boolean flags
		}
	}
	return false // "--name=value", or an unknown flag that the parser reports
}

// DidYouMean suggests the candidate closest to a misspelled name, by the
// Jaro-Winkler similarity urfave/cli uses, when one is close enough: " (did
// you mean X?)", with X the candidate as show writes it; else "".
func DidYouMean(name string, candidates []string, show func(string) string) string {
	best, score := "", 0.8 // below this, a suggestion misleads more than it helps
	for _, c := range candidates {
		if s := smetrics.JaroWinkler(name, c, 0.7, 4); s > score {
			best, score = c, s
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + show(best) + "?)"
}

// Quoted shows a name in a [DidYouMean] as Go quotes it: "solve".
func Quoted(name string) string { return fmt.Sprintf("%q", name) }

// UsageMessage rewrites an error of urfave/cli's flag parsing in the words
// of the flags themselves, as they are typed: "--limit 0: expected …" for
// a bad value, "unknown flag --lmit (did you mean --limit?)" for a flag
// that flags do not define. Other errors keep their message.
func UsageMessage(err error, flags []cli.Flag) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		value, rest, _ := strings.Cut(rest, " for flag -")
		name, why, _ := strings.Cut(rest, ": ")
		return fmt.Sprintf("%s %s: %s", Dashed(name), strings.Trim(value, `"`), why)
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		for _, f := range flags {
			names = append(names, f.Names()...)
		}
		return "unknown flag " + Dashed(name) + DidYouMean(name, names, Dashed)
	}
	return msg
}

// Dashed writes a flag's name as it is typed: -j, --jobs.
func Dashed(name string) string { return "--"[:min(len(name), 2)] + name }
