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
