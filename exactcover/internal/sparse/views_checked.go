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
