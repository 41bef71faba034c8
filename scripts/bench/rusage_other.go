//go:build !unix

package main

import "os"

// maxRSS is 0 where the system gives no peak memory of a process.
func maxRSS(*os.ProcessState) int64 { return 0 }
