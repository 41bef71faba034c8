package exactcover

import (
	"fmt"
	"math"
	"strconv"
)

// Magnitude is a nonnegative number that may lie beyond float64's range,
// as the estimates of deep search trees do: a tree of 1,100 levels with
// two children at each node has 2¹¹⁰¹ nodes, past float64's 1.8·10³⁰⁸. It
// is a float64 fraction with an exponent of its own, frac·2^exp, so that
// its arithmetic rounds as float64's does and is exact where float64's
// is: within float64's range a Magnitude is that float64, bit for bit.
// The zero value is 0.
type Magnitude struct {
	frac float64 // 0, or in [½, 1)
	exp  int
}

// MagnitudeOf returns x, a finite nonnegative float64, as a Magnitude.
func MagnitudeOf(x float64) Magnitude { return scaled(x, 0) }

// scaled returns x·2^exp.
func scaled(x float64, exp int) Magnitude {
	frac, e := math.Frexp(x)
	if frac == 0 {
		return Magnitude{}
	}
	return Magnitude{frac, exp + e}
}

// IsZero reports whether m is 0.
func (m Magnitude) IsZero() bool { return m.frac == 0 }

// Float64 returns m as a float64: +Inf beyond its range.
func (m Magnitude) Float64() float64 { return math.Ldexp(m.frac, m.exp) }

// Log10 returns the decimal logarithm of m (-Inf for 0).
func (m Magnitude) Log10() float64 { return math.Log10(m.frac) + float64(m.exp)*math.Log10(2) }

// Mul returns m·x, x a finite nonnegative float64.
func (m Magnitude) Mul(x float64) Magnitude { return scaled(m.frac*x, m.exp) }

// Add returns m+n.
func (m Magnitude) Add(n Magnitude) Magnitude {
	if m.IsZero() {
		return n
	} else if n.IsZero() {
		return m
	}
	e := max(m.exp, n.exp)
	return scaled(m.at(e)+n.at(e), e)
}

// Quo returns m/n as a float64 (+Inf beyond its range, NaN for 0/0).
func (m Magnitude) Quo(n Magnitude) float64 { return math.Ldexp(m.frac/n.frac, m.exp-n.exp) }

// at returns m in units of 2^e: m/2^e, 0 when m is too small beside 2^e
// for a float64 to tell.
func (m Magnitude) at(e int) float64 { return math.Ldexp(m.frac, m.exp-e) }

// Format formats m as fmt formats a float64 with the same verb, flags and
// precision. Beyond float64's range it writes the precision's significant
// digits (at least one) and a decimal exponent, as %g does: 2.717e+331.
func (m Magnitude) Format(s fmt.State, verb rune) {
	if f := m.Float64(); !math.IsInf(f, 0) {
		fmt.Fprintf(s, fmt.FormatString(s, verb), f)
		return
	}
	prec, ok := s.Precision()
	if !ok {
		prec = 6
	}
	l := m.Log10()
	e := math.Floor(l)
	unit := math.Pow(10, float64(max(prec, 1)-1))
	mant := math.Round(math.Pow(10, l-e)*unit) / unit
	if mant >= 10 { // rounded up to the next power of 10
		mant, e = 1, e+1
	}
	fmt.Fprintf(s, "%se+%d", strconv.FormatFloat(mant, 'g', -1, 64), int(e))
}
