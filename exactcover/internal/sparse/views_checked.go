//go:build xcover_checked

package sparse

// With -tags xcover_checked the views are plain slices, checked on every
// access (see views.go).

type (
	nodeView   []node
	int32View  []int32
	headerView []header
)

func viewNodes(s []node) nodeView       { return s }
func viewInt32s(s []int32) int32View    { return s }
func viewHeaders(s []header) headerView { return s }

func (v nodeView) at(i int32) *node     { return &v[i] }
func (v int32View) at(i int32) *int32   { return &v[i] }
func (v headerView) at(i int32) *header { return &v[i] }

const checkedViews = true
