package core

import "fmt"

// RestBranches is what an engine gives SearchRest once it has entered the
// node of a rest unit (Unit.Rest) and covered the item its branches are
// for, as it would before taking the node's first branch.
type RestBranches interface {
	// At tells the engine that branch j of the rest comes next (j =
	// len(Rest) at the end), for Engine.Branches while SearchRest polls
	// between branches: the node's level then reports the j+1-th of
	// len(Rest) branches.
	At(j int)
	// Branch searches the subtree below the node's branch Rest[j],
	// counting the step's updates, as Engine.Search of the unit of Path
	// and that step with CountLast would, and returns to the node.
	Branch(j int, run *Run, c *Counters) (Status, error)
}

// SearchRest searches the branches of rest unit u one after the other
// with b, answering for the whole unit what Engine.Search answers: the
// limits of run hold for the branches together, its Poll is called
// between branches too (a branch of a few nodes never reaches its own
// poll), and where a poll or a limit stops the search, the branches not
// yet searched are exported as one rest unit after what the branch being
// searched exported. A poll between branches that asks to Donate gives
// away the later half of the branches after the next, as one rest unit.
func SearchRest(u Unit, run *Run, c *Counters, b RestBranches) (Status, error) {
	start := *c
	own := func() int64 { return c.Nodes - start.Nodes }
	end := len(u.Rest) // the branches searched here are u.Rest[:end]: a donation cuts it back
	rest := func(j int) Unit { return Unit{Path: u.Path, Rest: u.Rest[j:end:end]} }
	owed := -1 // an Export asked for inside branch owed still owes the branches after it
	pay := func() {
		if owed >= 0 {
			if owed+1 < end {
				run.Export = append(run.Export, rest(owed+1))
			}
			owed = -1
		}
	}
	nextPoll := run.NextPoll(0)
	sub := *run
	defer b.At(len(u.Rest))
	for j := 0; j < end; j++ {
		b.At(j)
		if run.MaxNodes > 0 && own() >= run.MaxNodes {
			if !run.Final {
				run.Export = append(run.Export, rest(j))
			}
			return NodeLimit, nil
		}
		if run.Poll != nil && own() >= nextPoll {
			switch run.Poll(c) {
			case Stop:
				if !run.Final {
					run.Export = append(run.Export, rest(j))
				}
				return Interrupted, nil
			case Export:
				run.Export = append(run.Export, rest(j))
			case Donate: // the later half of what is left, at least a branch
				if mid := j + 1 + (end-j-1)/2; mid < end {
					run.Export = append(run.Export, Unit{Path: u.Path, Rest: u.Rest[mid:end:end]})
					end = mid
				}
			}
			nextPoll = run.NextPoll(own())
		}
		// The branch is a search of its own: its limits are what is left of
		// run's, and its polls go to run's, which may change them.
		before := own()
		sub.MaxNodes, sub.MaxSolutions = left(run.MaxNodes, before), left(run.MaxSolutions, c.Solutions-start.Solutions)
		sub.Export = run.Export
		if run.Poll != nil {
			sub.Poll = func(sofar *Counters) Action {
				run.Export = sub.Export
				pay()
				a := run.Poll(sofar)
				sub.Export, sub.Final, sub.MaxNodes = run.Export, run.Final, left(run.MaxNodes, before)
				nextPoll = run.NextPoll(sofar.Nodes - start.Nodes)
				if a == Export {
					owed = j
				}
				return a
			}
		}
		status, err := b.Branch(j, &sub, c)
		run.Export = sub.Export
		pay()
		if err != nil {
			return status, err
		}
		switch status {
		case NodeLimit, Interrupted:
			if !run.Final && j+1 < end {
				run.Export = append(run.Export, rest(j+1))
			}
			return status, nil
		case Complete:
		default: // Stopped, SolutionLimit: the rest is dropped, as a search drops its own
			return status, nil
		}
	}
	return Complete, nil
}

// RestAt is where an engine's search of a rest unit stands, for its
// Branches: the level of the rest's node, the branch next (0-based) and
// how many the rest has. The zero RestAt stands for no such search.
type RestAt struct {
	Level, Next, Of int
}

// Branch returns the K and D of level l's branch for the engine's
// Branches (the Next+1-th of the rest's Of branches) when l is the
// level of the rest's node, and ok false at any other level.
func (r RestAt) Branch(l int) (k, d int, ok bool) {
	if r.Of > 0 && l == r.Level {
		return r.Next + 1, r.Of, true
	}
	return 0, 0, false
}

// CheckRest checks the shape that a rest unit's branches must have: at
// least one, each taking an option of one item, and the unit neither
// After nor CountLast. A unit without Rest passes.
func (u *Unit) CheckRest() error {
	if u.Rest == nil {
		return nil
	}
	if len(u.Rest) == 0 || u.After || u.CountLast {
		return fmt.Errorf("a rest of %d branches, after %t, count last %t", len(u.Rest), u.After, u.CountLast)
	}
	for _, st := range u.Rest {
		if st.Item < 0 || st.Option < 0 || st.Exclude || st.Item != u.Rest[0].Item {
			return fmt.Errorf("a rest's branches take options of one item, not %d:%d (exclude %t) after item %d",
				st.Item, st.Option, st.Exclude, u.Rest[0].Item)
		}
	}
	return nil
}

// left returns what a limit leaves for a branch after used (0, no limit,
// stays 0; a limit used up leaves 1, which the branch's first node uses
// up: the branch is not started then, see SearchRest).
func left(limit, used int64) int64 {
	if limit <= 0 {
		return 0
	}
	return max(limit-used, 1)
}

// EachBranch is the RestBranches of an engine with no way of its own to
// enter a rest's node once: each branch is searched as the unit of Path
// and its step, entering the node anew. It costs what the units it
// replaces cost, a replay of the node per branch.
func EachBranch(e Engine, u Unit) RestBranches { return eachBranch{e, u} }

type eachBranch struct {
	e Engine
	u Unit
}

func (eb eachBranch) At(int) {}

func (eb eachBranch) Branch(j int, run *Run, c *Counters) (Status, error) {
	path := append(eb.u.Path[:len(eb.u.Path):len(eb.u.Path)], eb.u.Rest[j])
	return eb.e.Search(Unit{Path: path, CountLast: true}, run, c)
}
