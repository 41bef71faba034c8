package bits

// Replays returns how many paths e has replayed (units entered).
func Replays(e *Engine) int64 { return e.replays }
