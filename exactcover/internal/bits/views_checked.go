//go:build xcover_checked

package bits

// With -tags xcover_checked the views are the plain slices, checked on
// every access (see views.go).
type optionView []int32

func viewOptions(s []int32) optionView { return s }

func (v optionView) at(i int) *int32 { return &v[i] }

type rowView []uint64

func viewRows(s []uint64) rowView { return s }

func (v rowView) at(i int) *uint64 { return &v[i] }
