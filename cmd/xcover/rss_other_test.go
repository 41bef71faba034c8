//go:build !linux

package main

import "os"

// maxRSS returns 0: the peak resident set is read on Linux only.
func maxRSS(*os.ProcessState) int64 { return 0 }

func ownMaxRSS() int64 { return 0 }
