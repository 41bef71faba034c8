// Package searchcmd is the command-line layer that xcover's commands share,
// so that a flag means the same thing, with the same message, in every
// command that takes it, and a search begins and ends the same way:
//
//   - Flags: every flag that more than one command takes is declared here,
//     once ([SearchFlags], [TimeoutFlag], [JobsFlag], …), by a function that
//     builds a fresh one for each app (runs share nothing). Values are
//     checked as they are parsed, so that 0, a negative number, a number too
//     large or a duration without a unit gets one message everywhere.
//   - [RequestOf] reads the search flags into a [Request] and checks how
//     they combine (--all with --limit, --all with --count).
//   - Input: [LoadSpec] reads and compiles the exact-cover problem a
//     command is given, within --timeout ([Await]).
//   - [Begin] starts a search: its context, ended by --timeout, and its
//     [Writer], the output stream with the progress it shows on stderr
//     (with a status line when stderr is a terminal).
//   - [End] ends every command alike, from its [Outcome]: the last record
//     (--json) or line on stdout, the output closed, then stderr's lines,
//     then the exit code of the contract in package exitcode (3 and a
//     message when the run was stopped, 1 when it found nothing).
//     [Searched] makes the Outcome of a search from its Stats.
//
// A command file in cmd/xcover declares its own flags, composes library
// calls and prints through this layer.
package searchcmd
