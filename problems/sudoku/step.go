package sudoku

import (
	"strconv"
	"strings"
)

// A Step is said twice: in the players' words (Step.Say) and in the
// exact-cover problem's items and options (Step.Items), with the names
// Encode gives them: cell items r3c7, value items r3#5, c7#5, b6#5 and
// options r3c7=5.

// Say writes the step as a player would, for a grid of side n:
//
//	hidden single: r3c7 = 5, the only place for 5 in box 3
//	pointing: in box 1, 7 lies only in row 2, so r2c5, r2c8 lose 7
func (st Step) Say(n int) string {
	var b strings.Builder
	b.WriteString(st.Technique.String())
	b.WriteString(": ")
	switch st.Technique {
	case NakedSingle:
		b.WriteString(placed(st.Placed, n) + ", the only value left in its cell")
		return b.String()
	case HiddenSingle:
		b.WriteString(placed(st.Placed, n) + ", the only place for " + strconv.Itoa(st.Placed.Value) + " in " + unitName(st.Units[0], n))
		return b.String()
	case Pointing, Claiming:
		b.WriteString("in " + unitName(st.Units[0], n) + ", " + strconv.Itoa(st.Values[0]) + " lies only in " + unitName(st.Units[1], n))
	case NakedPair, NakedTriple:
		b.WriteString(cellList(st.Cells, n) + " in " + unitName(st.Units[0], n) + " hold only " + valueList(st.Values))
	case HiddenPair, HiddenTriple:
		b.WriteString(valueList(st.Values) + " in " + unitName(st.Units[0], n) + " go only in " + cellList(st.Cells, n))
	case XWing, Swordfish:
		k := len(st.Units) / 2
		b.WriteString(strconv.Itoa(st.Values[0]) + " in " + unitList(st.Units[:k], n) + " lies only in " + unitList(st.Units[k:], n))
	}
	b.WriteString(", so " + removedList(st.Removed, n))
	return b.String()
}

// Items writes the step in items and options, for a grid of side n:
//
//	item b3#5 has one option left: r3c7=5
//	every option of b1#7 covers r2#7: r2c5=7, r2c8=7 go
//	the options left for r7c7, r8c8 each cover one of b9#2, b9#9: those 2
//	items take these 2, whose other options go: r8c7=2, r9c9=2
func (st Step) Items(n int) string {
	switch st.Technique {
	case NakedSingle:
		return "item " + cellName(st.Placed.Cell, n) + " has one option left: " + optionName(st.Placed, n)
	case HiddenSingle:
		return "item " + valueItem(st.Units[0], st.Placed.Value, n) + " has one option left: " + optionName(st.Placed, n)
	case Pointing, Claiming:
		v := st.Values[0]
		return "every option of " + valueItem(st.Units[0], v, n) + " covers " + valueItem(st.Units[1], v, n) + ": " + optionList(st.Removed, n) + " go"
	case NakedPair, NakedTriple:
		return takes(cellNames(st.Cells, n), valueItems(st.Units[:1], st.Values, n), st.Removed, n)
	case HiddenPair, HiddenTriple:
		return takes(valueItems(st.Units[:1], st.Values, n), cellNames(st.Cells, n), st.Removed, n)
	case XWing, Swordfish:
		k := len(st.Units) / 2
		return takes(valueItems(st.Units[:k], st.Values, n), valueItems(st.Units[k:], st.Values, n), st.Removed, n)
	}
	return ""
}

// takes says a subset or a fish in items: k items (those) whose options
// left each cover one of k other items (these) take these, whose other
// options go.
func takes(those, these []string, removed []Candidate, n int) string {
	return "the options left for " + strings.Join(those, ", ") + " each cover one of " + strings.Join(these, ", ") +
		": those " + strconv.Itoa(len(those)) + " items take these " + strconv.Itoa(len(these)) + ", whose other options go: " + optionList(removed, n)
}

// cellNames names cell items.
func cellNames(cells []int, n int) []string {
	var s []string
	for _, c := range cells {
		s = append(s, cellName(c, n))
	}
	return s
}

// valueItems names the items of each unit of us with each value of vs.
func valueItems(us, vs []int, n int) []string {
	var s []string
	for _, u := range us {
		for _, v := range vs {
			s = append(s, valueItem(u, v, n))
		}
	}
	return s
}

// unitName names unit u (rows, then columns, then boxes) of a grid of
// side n for players: "row 3", "column 7", "box 6".
func unitName(u, n int) string {
	switch {
	case u < n:
		return "row " + strconv.Itoa(u+1)
	case u < 2*n:
		return "column " + strconv.Itoa(u-n+1)
	}
	return "box " + strconv.Itoa(u-2*n+1)
}

// unitList names units of one kind together: "rows 2 and 7", "columns 1,
// 4 and 8".
func unitList(us []int, n int) string {
	kind := strings.Fields(unitName(us[0], n))[0] + "s"
	var nums []string
	for _, u := range us {
		nums = append(nums, strings.Fields(unitName(u, n))[1])
	}
	return kind + " " + andList(nums)
}

// valueItem names the item "unit u gets value v": r3#5, c7#5, b6#5.
func valueItem(u, v, n int) string { return unitItemName(u/n, u%n, v) }

func placed(c Candidate, n int) string { return cellName(c.Cell, n) + " = " + strconv.Itoa(c.Value) }

func optionName(c Candidate, n int) string { return cellName(c.Cell, n) + "=" + strconv.Itoa(c.Value) }

func optionList(cs []Candidate, n int) string {
	var s []string
	for _, c := range cs {
		s = append(s, optionName(c, n))
	}
	return strings.Join(s, ", ")
}

func cellList(cells []int, n int) string { return andList(cellNames(cells, n)) }

func valueList(vs []int) string {
	var s []string
	for _, v := range vs {
		s = append(s, strconv.Itoa(v))
	}
	return andList(s)
}

// removedList says what a step rules out: "r2c5, r2c8 lose 7", or for
// several values "r4c1 loses 3 and 8; r4c9 loses 8".
func removedList(cs []Candidate, n int) string {
	var parts []string
	byValue := map[int][]string{}
	var order []int
	for _, c := range cs {
		if _, ok := byValue[c.Value]; !ok {
			order = append(order, c.Value)
		}
		byValue[c.Value] = append(byValue[c.Value], cellName(c.Cell, n))
	}
	if len(order) == 1 {
		cells := byValue[order[0]]
		verb := " loses "
		if len(cells) > 1 {
			verb = " lose "
		}
		return strings.Join(cells, ", ") + verb + strconv.Itoa(order[0])
	}
	for i := 0; i < len(cs); {
		j := i
		var vs []int
		for j < len(cs) && cs[j].Cell == cs[i].Cell {
			vs = append(vs, cs[j].Value)
			j++
		}
		parts = append(parts, cellName(cs[i].Cell, n)+" loses "+valueList(vs))
		i = j
	}
	return strings.Join(parts, "; ")
}

func andList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
