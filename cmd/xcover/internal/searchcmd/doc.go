// Package searchcmd is the command-line layer that xcover's commands share,
// so that a flag means the same thing, with the same message, in every
// command that takes it, and a search begins and ends the same way:
//
//   - [Action]: a command is two steps, parse then run. Parsing reads the
//     flags and arguments into the command's options and checks them,
//     touching nothing else; the run function does the work from the
//     options alone, so that tests call it without a command line. A
//     usage error is one line and exit 2 ([Usage], [OnUsageError]).
//   - Flags: every flag that more than one command takes is declared here,
//     once ([SearchFlags], [TimeoutFlag], [JobsFlag], …), by a function that
//     builds a fresh one for each app (runs share nothing). Values are
//     checked as they are parsed, so that 0, a negative number, a number too
//     large or a duration without a unit gets one message everywhere.
//   - [RequestOf] reads the search flags into a [Request] and checks how
//     they combine (--all with --limit, --all with --count).
//   - Input: [InputOf] reads the FILE argument and --format into an
//     [Input], which [LoadSpec] reads and compiles, within --timeout
//     ([Await]).
//   - [Begin] starts a search: its context, ended by --timeout, and its
//     [Writer], the output stream with the progress it shows on stderr
//     (with a status line when stderr is a terminal).
//   - [End] ends every command alike, from its [Outcome]: the last record
//     (--json) or line on stdout, the output closed, then stderr's lines,
//     then the exit code of the contract in package exitcode (3 and a
//     message when the run was stopped, 1 when it found nothing).
//     [Searched] makes the Outcome of a search from its Stats.
//
// A command file in cmd/xcover declares its own flags, parses them into
// its options, composes library calls and prints through this layer.
package searchcmd
