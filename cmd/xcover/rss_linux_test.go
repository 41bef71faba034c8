package main

import (
	"os"
	"syscall"
)

// maxRSS returns the most memory the ended process ps held (its peak
// resident set), in bytes; 0 where the system does not say.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10 // Linux counts in KiB
	}
	return 0
}

// ownMaxRSS returns the most memory this process has held (its peak
// resident set), in bytes. A child started now starts as this process's
// copy, and the peak its end reports counts that copy: a child's peak
// says something only above this.
func ownMaxRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10
}
