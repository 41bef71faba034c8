package playground

import "time"

// SetWriteTimeout sets the write deadline of a reply to d until the test
// ends, so that a test of a client that never reads waits d, not minutes.
func SetWriteTimeout(t interface{ Cleanup(func()) }, d time.Duration) {
	old := writeTimeout
	writeTimeout = d
	t.Cleanup(func() { writeTimeout = old })
}
