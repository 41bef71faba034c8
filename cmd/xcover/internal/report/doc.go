// Package report is what xcover's commands print: the records of their
// output for programs (--json) and the lines for people that end it.
//
// The output for programs is JSON Lines, one object a line, each with a
// "type". A command that searches prints one "solution" record per
// solution (sudoku one "puzzle" record per puzzle too) and ends with one
// "summary" record, always the last line: what was found, how much the
// search did and how it ended.
//
// A [Stream] writes a command's output as it comes, text or records, and
// flushes it often enough that the rare solutions of a long search show up
// as they are found. The package makes the records ([Marshal],
// [Solutions], [Numbers]) and the summaries: each command's own record
// ([SearchSummary], [CostSummary], [CountSummary], [SudokuSummary],
// [PackingSummary], [ZDDSummary]) embeds the [Summary] they all start
// with and adds its own fields, built from the library's results
// ([Search], [Cheapest], [Count]). It writes the lines for people
// ([StatsLine], [Unfinished], [CountStatsLine], [EstimateText]) and reads
// back the output of the shards of one search ([ReadShards]) to add it up
// ([Merge], [MergeSolutions]) as "xcover merge" does.
//
// # Stability
//
// The field names are a contract with the scripts that read them: a field
// may be added, never renamed or dropped. Counts of solutions are JSON
// numbers with all their digits, however many.
package report
