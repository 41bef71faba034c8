// Package checkpointfile is the file format of a search's checkpoint: the
// bytes, not their meaning. exactcover.Checkpoint says what a checkpoint
// holds and checks it against a problem; this package writes and reads it
// through the caller's io.Writer and io.Reader, and knows nothing of files
// or paths (the caller replaces a file atomically, keeps it in a database,
// or sends it to another machine).
//
// A checkpoint is one line of JSON (the Record, its fields in a fixed
// order, starting with Header), then a line "sha256:" and the hexadecimal
// SHA-256 digest of everything before it. A file cut short lacks the digest
// line or has the wrong digest; a changed one has the wrong digest. The
// digest tells a damaged file, not a forged one: the reader of a
// checkpoint checks its values (exactcover does, against the problem).
//
// The units of work left are paths from the root of the search tree. A
// search stopped n levels deep leaves a unit per level, each a prefix of
// the one before, which written out whole take space in n² (2 GB at n =
// 20,000). So each unit records how many steps it shares with the unit
// before it and only the steps after those, and Decode gives the units it
// reads that share a prefix the same memory.
//
// Reading refuses a wrong file as soon as it is known not to be one, so
// that /dev/zero or a disk image costs neither time nor memory: by its
// size, when it has one, before reading; else when more than MaxBytes have
// been read; and at the first byte that no checkpoint holds (every
// checkpoint starts with Header and holds only printable ASCII and
// newlines).
package checkpointfile
