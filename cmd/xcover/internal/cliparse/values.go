package cliparse

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
)

// Count is a flag value: a whole number from Min to Max (0: no bound).
type Count struct{ N, Min, Max int64 }

func (v *Count) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if hi := cmp.Or(v.Max, math.MaxInt64); err != nil || n < v.Min || n > hi {
		return fmt.Errorf("expected a whole number from %d to %d", v.Min, hi)
	}
	v.N = n
	return nil
}

func (v *Count) String() string { return strconv.FormatInt(v.N, 10) }

// Duration is a flag value: a positive duration with a unit.
type Duration struct{ D time.Duration }

func (v *Duration) Set(s string) (err error) {
	s = strings.TrimSpace(s)
	switch v.D, err = time.ParseDuration(s); {
	case err != nil && s != "" && strings.Trim(s, "0123456789.") == "":
		return fmt.Errorf("a duration needs a unit: %ss, %sm or %sh", s, s, s)
	case err != nil:
		return errors.New("expected a duration such as 30s, 5m or 1h30m (at most 2562047h)")
	case v.D <= 0:
		return errors.New("expected a positive duration such as 30s")
	}
	return nil
}

func (v *Duration) String() string {
	if v.D == 0 {
		return ""
	}
	return v.D.String()
}

// Size is a flag value: a number of bytes with an optional unit, K, M, G,
// T or KiB, MiB, GiB, TiB (powers of 1024), KB, MB, GB, TB (powers of
// 1000), B.
type Size struct{ N int64 }

func (v *Size) Set(s string) error {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') && t[i-1] != '.' {
		i--
	}
	num, unit := strings.TrimSpace(t[:i]), strings.ToLower(strings.TrimSpace(t[i:]))
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
		"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
	}[unit]
	x, err := strconv.ParseFloat(num, 64)
	switch {
	case mult == 0 || err != nil || x <= 0:
		return errors.New("expected a size such as 512MiB or 8GiB")
	case x*mult > 1<<62:
		return errors.New("expected a size below 4 EiB")
	}
	v.N = int64(x * mult)
	return nil
}

func (v *Size) String() string { return bytesize.Format(v.N) }

// OptionRefs is a flag value (solve's --partial): references to options,
// in order, as exactcover.Problem.FindOption takes them. One argument
// holds a list split at commas, unless it starts with
// exactcover.LabelPrefix: then it is one reference, to a label that may
// hold commas. The flag may be given more than once.
type OptionRefs struct{ Refs []string }

func (v *OptionRefs) Set(s string) error {
	if strings.HasPrefix(strings.TrimSpace(s), exactcover.LabelPrefix) {
		v.Refs = append(v.Refs, s)
	} else {
		v.Refs = append(v.Refs, strings.Split(s, ",")...)
	}
	return nil
}

func (v *OptionRefs) String() string { return strings.Join(v.Refs, ",") }
