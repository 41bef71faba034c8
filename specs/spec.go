package specs

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// Format names one of the two ways a problem is written down.
type Format string

// The formats [Parse] reads and [Write] writes.
const (
	// YAML is the spec format for people, described in README.md.
	YAML Format = "yaml"
	// DLX is Knuth's text format, read by his DLX1, DLX2 and DLX3
	// programs.
	DLX Format = "dlx"
)

// FormatOf returns the format named by a file's extension: .yaml or .yml
// for [YAML], .dlx for [DLX] (in any letter case). ok is false for any other
// extension.
func FormatOf(path string) (f Format, ok bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		return YAML, true
	case ".dlx":
		return DLX, true
	}
	return "", false
}

// Detect guesses the format of data that came without a name, such as
// standard input. It looks at the first line that is neither blank nor a
// comment: a YAML document starts with a key ("name:", "primary: ...") or a
// marker ("---", "%YAML", "{", "[", "- "), while Knuth's first line lists item names,
// perhaps with bounds ("2|A", "0:3|B"), and no word of it ends in ':'. A
// leading '|' comment means DLX, a leading '#' comment YAML. Anything else, empty input included, is taken as DLX, whose
// parser then says what it expected.
func Detect(data []byte) Format {
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimLeft(line, " \t\r\ufeff")
		switch {
		case len(bytes.TrimSpace(line)) == 0:
			continue
		case line[0] == '|':
			return DLX
		case line[0] == '#' || line[0] == '{' || line[0] == '[' || line[0] == '%',
			bytes.HasPrefix(line, []byte("---")), bytes.HasPrefix(line, []byte("- ")):
			return YAML
		}
		first, _, _ := bytes.Cut(line, []byte(" "))
		if bytes.HasSuffix(first, []byte(":")) || bytes.HasSuffix(bytes.TrimRight(line, " \t\r"), []byte(":")) {
			return YAML
		}
		return DLX
	}
	return DLX
}

// Spec is a problem as read from a file: its metadata, the problem itself,
// and where each part was written, so that errors found later (by
// [Spec.Compile]) can point at the right line and column.
//
// A Spec built by hand (or changed after [Parse]) is fine too: parts
// without a known position are reported without one.
type Spec struct {
	// Name is a short identifier, for example "queens-8".
	Name string
	// Description says what the problem is, may span several lines, and
	// ideally says where its solution count comes from.
	Description string
	// Problem is the exact-cover problem.
	Problem exactcover.Problem

	file     string
	namePos  pos   // the problem as a whole: 1:1, or YAML's primary list
	itemPos  []pos // item declarations, primary then secondary
	optPos   []pos // start of each option
	refStart []int // option k's item positions are refPos[refStart[k]:refStart[k+1]]
	refPos   []pos
}

// pos is a 1-based line and column; the zero pos means "unknown".
type pos struct{ line, col int32 }

func (p pos) known() bool { return p.line > 0 }

// item returns the position of declared item i (primary first).
func (sp *Spec) item(i int) pos {
	if i >= 0 && i < len(sp.itemPos) {
		return sp.itemPos[i]
	}
	return pos{}
}

// option returns the position of option k.
func (sp *Spec) option(k int) pos {
	if k >= 0 && k < len(sp.optPos) {
		return sp.optPos[k]
	}
	return pos{}
}

// ref returns the position of the j-th item of option k.
func (sp *Spec) ref(k, j int) pos {
	if k < 0 || k+1 >= len(sp.refStart) {
		return pos{}
	}
	i := sp.refStart[k] + j
	if j < 0 || i >= sp.refStart[k+1] {
		return pos{}
	}
	return sp.refPos[i]
}

// errorAt builds an *Error at p in sp's file.
func (sp *Spec) errorAt(p pos, err error, format string, args ...any) *Error {
	return &Error{File: sp.file, Line: int(p.line), Column: int(p.col), Msg: fmt.Sprintf(format, args...), Err: err}
}

// Compile validates sp.Problem and compiles it into a solver. Errors are
// *Error values pointing at the culprit (the duplicated declaration, the
// unknown item, ...) and wrapping the engine's sentinel, so that
// errors.Is(err, exactcover.ErrUnknownItem) works. The warnings, one per
// option dropped for having no primary item, read
// "file:line:col: option has no primary item; dropped".
func (sp *Spec) Compile() (*exactcover.Solver, []string, error) {
	s, err := exactcover.New(&sp.Problem)
	if err != nil {
		var pe *exactcover.ProblemError
		if errors.As(err, &pe) {
			return nil, nil, sp.problemError(pe)
		}
		return nil, nil, &Error{File: sp.file, Msg: err.Error(), Err: err}
	}
	var warnings []string
	for _, w := range s.Warnings() {
		e := sp.errorAt(sp.option(w.Option), nil, "option has no primary item; dropped")
		if !sp.option(w.Option).known() {
			e.Msg = fmt.Sprintf("option %d has no primary item; dropped", w.Option+1)
		}
		warnings = append(warnings, e.Error())
	}
	return s, warnings, nil
}

// problemError turns the engine's index-based error into a positioned one
// with a message that says what was expected.
func (sp *Spec) problemError(pe *exactcover.ProblemError) *Error {
	var p pos
	switch {
	case pe.Option < 0 && pe.Position < 0:
		p = sp.namePos // the problem as a whole
	case pe.Option < 0:
		p = sp.item(pe.Position)
	case pe.Position < 0:
		p = sp.option(pe.Option)
	default:
		p = sp.ref(pe.Option, pe.Position)
	}
	e := sp.errorAt(p, pe.Err, "%s", sp.problemText(pe))
	if !p.known() && pe.Option >= 0 {
		e.Msg = fmt.Sprintf("option %d: %s", pe.Option+1, e.Msg)
	}
	return e
}

// problemText says what is wrong in pe and what was expected.
func (sp *Spec) problemText(pe *exactcover.ProblemError) string {
	var msg string
	switch {
	case errors.Is(pe.Err, exactcover.ErrDuplicateItem):
		first := firstDeclaration(&sp.Problem, pe.Item)
		msg = fmt.Sprintf("item %q declared twice", pe.Item)
		if fp := sp.item(first); fp.known() {
			msg += fmt.Sprintf(" (first at line %d, column %d)", fp.line, fp.col)
		}
	case errors.Is(pe.Err, exactcover.ErrUnknownItem):
		msg = fmt.Sprintf("unknown item %q: expected an item declared as primary or secondary", pe.Item)
	case errors.Is(pe.Err, exactcover.ErrRepeatedItem):
		msg = fmt.Sprintf("item %q repeated in this option: expected each item at most once", pe.Item)
	case errors.Is(pe.Err, exactcover.ErrColorOnPrimary):
		msg = fmt.Sprintf("primary item %q cannot have a color: only secondary items take colors", pe.Item)
	case errors.Is(pe.Err, exactcover.ErrEmptyOption):
		msg = "empty option: expected at least one item"
	case errors.Is(pe.Err, exactcover.ErrNoPrimaryItems):
		msg = "no primary items: expected at least one"
	case errors.Is(pe.Err, exactcover.ErrEmptyItemName):
		msg = "empty item name"
	default:
		msg = pe.Err.Error()
	}
	return msg
}

// firstDeclaration returns the index (primary first) of the first item
// declared with the given name, or -1.
func firstDeclaration(p *exactcover.Problem, name string) int {
	for i := range p.NumItems() {
		if p.ItemName(i) == name {
			return i
		}
	}
	return -1
}
