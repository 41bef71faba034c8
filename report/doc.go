// Package report defines the records of xcover's output for programs
// (--json): JSON Lines, one object a line, each with a "type". A command
// that searches prints one "solution" record per solution (sudoku one
// "puzzle" record per puzzle too) and ends with one "summary" record,
// always the last line: what was found, how much the search did and how
// it ended.
//
// The package writes the records ([Marshal], [Solutions], [Numbers]),
// builds the summary from the library's results ([Search], [Count]) and
// reads back the output of the shards of one search ([ReadShards]) to add
// it up ([Merge], [MergeSolutions]) as "xcover merge" does.
//
// # Stability
//
// The field names are a contract with the scripts that read them: a field
// may be added, never renamed or dropped. Counts of solutions are JSON
// numbers with all their digits, however many.
package report
