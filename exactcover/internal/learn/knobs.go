package learn

import (
	"os"
	"strconv"
)

// temporary experiment knobs
var knob = func(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

var (
	knobPhase   = knob("LEARN_PHASE", -1)
	knobLuby    = knob("LEARN_LUBY", 128)
	knobGlucose = knob("LEARN_GLUCOSE", 1)
	knobRamp    = knob("LEARN_RAMP", 0)
	knobTarget  = knob("LEARN_TARGET", 0)
)
