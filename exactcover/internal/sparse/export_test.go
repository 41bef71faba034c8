package sparse

// Unpack makes e choose as it must when sets, slacks or items are too
// many for chooseM's one-pass sort key, so that the tests check both ways.
func Unpack(e *Engine) { e.packedM = false }
