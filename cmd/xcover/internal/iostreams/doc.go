// Package iostreams is what one run of an xcover command sees of the
// world, and the rules every command follows with it:
//
//   - [IO] holds the run's three streams, its environment and its working
//     directory; tests give their own, so that runs share nothing and run
//     in parallel.
//   - Input: [IO.ReadFile] reads a file or stdin ("-") whole, gunzipped
//     when its first bytes say so, and stops at the limit that applies to
//     what is read, without reading further: /dev/zero given as a spec is
//     refused after the spec's limit, not after the memory is gone. Stdin
//     that is a terminal gets a hint on stderr; a pipe or /dev/null none.
//     A file read back by name and written again (a checkpoint) is opened
//     with [IO.OpenFile], "-" naming a file there, and its reader bounds
//     it; every name is taken in the run's folder.
//   - Output: an [OutputFile] (--tree, --svg, --zdd) is created before
//     anything is printed, so that a bad path is an error at once (the
//     commands refuse a name that is none, or stdout, as they parse their
//     flags: [CheckOutputName]), and
//     appears whole or not at all; a device or a FIFO is written through,
//     never replaced, and a symbolic link's target is replaced, not the link.
//   - People: [IsTerminal], [IO.Color] (the NO_COLOR and TERM=dumb
//     conventions) and [IO.CanRedraw] decide what is drawn for a person
//     and what is left plain for programs.
//
// Errors name the file as the user gave it: "x.yaml: no such file or
// directory".
package iostreams
