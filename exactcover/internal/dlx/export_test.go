package dlx

// Unpack makes e choose as it must when lists or slacks are too long for
// chooseM's one-pass sort key, so that the tests check both ways.
func Unpack(e *Engine) { e.packedM = false }
