package core

// Paths is what an engine that keeps its search on a stack of levels
// gives the shared handling of polls below: the steps of its path down to
// a level, and the branches not yet taken at a level, as units.
type Paths interface {
	Steps(level int) []Step
	Siblings(dst []Unit, level int) []Unit
}

// ExportUnits appends to dst every part of a search not yet explored: the node
// at level, not yet entered (the step leading to it was counted), then the
// branches not yet taken at each level above, deepest first, down to the
// level after cut (a level whose other branches were given away; see DonateUnits). base is
// the level the search started at.
func ExportUnits(p Paths, dst []Unit, base, level, cut int) []Unit {
	dst = append(dst, Unit{Path: p.Steps(level)})
	for l := level - 1; l >= base && l > cut; l-- {
		dst = p.Siblings(dst, l)
	}
	return dst
}

// DonateUnits gives away the branches not yet taken at the shallowest level
// that has any, and returns the new cut: that level, whose other branches
// the search will now leave alone.
func DonateUnits(p Paths, dst []Unit, base, level, cut int) ([]Unit, int) {
	for l := max(base, cut+1); l < level; l++ {
		n := len(dst)
		if dst = p.Siblings(dst, l); len(dst) > n {
			return dst, l
		}
	}
	return dst, cut
}

// Answer does what a poll's answer a asks of a search at level (started at
// base, with *cut as DonateUnits keeps it): Stop exports the rest, unless the
// run is final, and reports that the search must stop; Export and Donate
// append to run.Export.
func Answer(p Paths, run *Run, a Action, base, level int, cut *int) (stop bool) {
	switch a {
	case Stop:
		if !run.Final {
			run.Export = ExportUnits(p, run.Export, base, level, *cut)
		}
		return true
	case Export:
		run.Export = ExportUnits(p, run.Export, base, level, *cut)
	case Donate:
		run.Export, *cut = DonateUnits(p, run.Export, base, level, *cut)
	}
	return false
}
