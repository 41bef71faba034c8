package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/problems/pentomino"
)

// maxSVGPackings bounds an SVG sheet: 1000 packings of 60 cells already
// make a file of a few megabytes that browsers draw slowly.
const maxSVGPackings = 1000

// packingPrinter prints packings as they are found, as letter grids
// (colored blocks with color) or JSON, and keeps the first maxSVGPackings
// for --svg.
type packingPrinter struct {
	out   *searchcmd.Writer
	color bool
	svg   *iostreams.OutputFile
	n     int64
	drawn []*pentomino.Packing
	cost  *int64 // the cost of the packing printed next (--min-cost, --best)
}

func (pp *packingPrinter) packing(k *pentomino.Packing) bool {
	pp.n++
	head := ""
	if pp.cost != nil {
		head = fmt.Sprintf("cost %d\n", *pp.cost)
	}
	switch {
	case pp.out.JSON:
		rec := k.Record(pp.n)
		rec.Cost = pp.cost
		pp.out.Object(rec)
	case pp.color:
		pp.out.Text([]byte(head+k.ANSI()), true)
	default:
		pp.out.Text([]byte(head+k.String()+"\n"), true)
	}
	if pp.svg != nil && len(pp.drawn) < maxSVGPackings {
		pp.drawn = append(pp.drawn, k)
	}
	return pp.out.Tick()
}

// drawSVG writes the packings drawn to the file of --svg (name), after the
// output, and returns the exit error: code, the run's so far, unless the
// file cannot be written. found is the number of packings found.
func (pp *packingPrinter) drawSVG(stderr io.Writer, name string, found int64, code error) error {
	switch {
	case len(pp.drawn) == 0:
		fmt.Fprintf(stderr, "xcover: --svg: no packing to draw; %s not written\n", name)
		return code
	case len(pp.drawn) == maxSVGPackings && found > maxSVGPackings:
		fmt.Fprintf(stderr, "xcover: --svg: drew the first %d packings, the most a sheet holds\n", maxSVGPackings)
	}
	var buf bytes.Buffer
	pentomino.WriteSVG(&buf, pp.drawn) // a bytes.Buffer does not fail
	return cmp.Or(pp.svg.Commit(buf.Bytes()), code)
}
