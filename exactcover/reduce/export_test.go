package reduce

// BlockTests names the two forms of the tests (on counts, on bit sets),
// for tests that run Reduce with each of them.
var BlockTests = map[string]int{"counts": countsTest, "rows": rowsTest}

// SetBlockTest makes Reduce use the named test (BlockTests) until the
// function returned is called.
func SetBlockTest(test int) (restore func()) {
	old := blockTest
	blockTest = test
	return func() { blockTest = old }
}
