//go:build xcover_checked

package dlx

// With -tags xcover_checked the view is the plain slice, checked on every
// access (see views.go).

type nodeView []node

func viewNodes(s []node) nodeView { return s }

func (v nodeView) at(i int32) *node { return &v[i] }
