// Package located gives xcover's readers one error type that says where
// in its input something is wrong, in the form compilers and editors
// understand:
//
//	board.txt:3:7: bad board: unexpected 'o'
//
// # The place
//
// An [Error] names the input (File: a file name, "<stdin>", or whatever the
// caller called it), a line and a column. Both count from 1, so that a
// zero can mean "not known" or "not meant": a column of 0 blames the whole
// line, a line of 0 the whole input. [Error.Error] leaves out what is
// zero or empty, so a message never shows a made-up place:
//
//	File  Line  Column   message starts
//	a      3     7       a:3:7:
//	a      3     0       a:3:
//	a      0     any     a:
//	""     3     7       3:7:
//	""     0     any     (the message alone)
//
// The column is counted as each reader documents it (bytes in a ZDD
// file, characters in YAML): the type only carries it.
//
// # The message and the sentinel
//
// Each reader exports sentinel errors (ErrSyntax, ErrTooLarge, …) so that
// programs can ask errors.Is(err, pkg.ErrSyntax) without parsing text. An
// Error wraps one in Err, and [Error.Unwrap] returns it. What the message
// says comes from one of two places:
//
//   - Err alone: its text is the message. Readers that build Err with
//     fmt.Errorf("%w: detail", ErrXxx) get "file:3:7: xxx: detail".
//   - Msg, when not empty: Msg is the message, written for people, and
//     Err is there only for errors.Is (it may then be nil).
//
// # One type, several names
//
// The readers give the type their own names by alias (specs.Error,
// zdd.Error, sudoku.SyntaxError, pentomino.ParseError,
// strictyaml.Error), each documenting what its fields hold. They are one
// type: errors.As with any of them finds a located error from any reader,
// and the sentinel in Err, not the type, tells the readers apart.
package located
