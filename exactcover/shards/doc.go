// Package shards puts the shards of one search together again. A search
// divided into N parts that share nothing (exactcover.Config.Shard, for N
// machines) leaves one result per part; [Merge] checks that they are the
// parts of one search, each once and each complete, and adds their counts
// up exactly, in integers of any size, since N parts may together count
// beyond the int64 each counts in.
//
// Results travel between machines as data: a caller writes and reads them
// in its own format (the command line's is a JSON record, "xcover merge"
// reads them) and builds a [Result] from each; [Result.Check] says which
// number of a result no search reports, so that a reader can point at it.
package shards
