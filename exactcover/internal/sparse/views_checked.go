//go:build xcover_checked

package sparse

// With -tags xcover_checked the view is the plain slice, checked on every
// access (see views.go).
type memView []int32

func viewMem(s []int32) memView { return s }

func (v memView) at(i int32) *int32 { return &v[i] }

func (v memView) wide(i int) *int32 { return &v[i] }

type wordView []uint64

func viewWords(s []uint64) wordView { return s }

func (v wordView) at(i int32) *uint64 { return &v[i] }

// swapOut is views.go's, on the checked view.
func (v memView) swapOut(nn, end int) {
	last, loc := v[end], v[2*nn+1]
	v[end], v[2*nn+1] = int32(nn), int32(end)
	v[loc], v[2*last+1] = last, loc
}

type costView []int64

func viewCosts(s []int64) costView { return s }

func (v costView) at(i int) *int64 { return &v[i] }

type levelView []level

func viewLevels(s []level) levelView { return s }

func (v levelView) at(i int) *level { return &v[i] }

func (v levelView) up(lv *level, depth int) *level {
	if lv != &v[depth] {
		panic("sparse: a level not at its depth")
	}
	return &v[depth-1]
}
