package web

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/base64"
	"html"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/problems/sudoku"
)

// The page's parts, put together by [WritePage]: one HTML file with its
// style and script inline, so that it opens from disk with no network.
var (
	//go:embed assets/page.html
	pageHTML string
	//go:embed assets/page.css
	pageCSS string
	//go:embed assets/page.js
	pageJS string
)

// Page is what a page shows: a title, the trace, and how to draw its
// partial solutions (nil: as a list of options).
type Page struct {
	Title string         `json:"title"`
	Trace *explain.Trace `json:"trace"`
	Board *Board         `json:"board,omitempty"`
	// Rating is a Sudoku's rating and human solving path (see rating.go),
	// nil for other problems.
	Rating *Rating `json:"rating,omitempty"`
}

// WritePage writes the self-contained page that shows p: the viewer's
// HTML, CSS and JavaScript, and p's data (see pagedata.go), gzipped, in
// base64 (the browser inflates it with its own DecompressionStream). It
// fetches nothing. The data is written as it is encoded, never held
// whole.
func WritePage(w io.Writer, p *Page) error {
	before, after, _ := strings.Cut(pageHTML, dataMark)
	if _, err := io.WriteString(w, fill(before, p.Title, "page")); err != nil {
		return err
	}
	if err := encode(w, p); err != nil {
		return err
	}
	_, err := io.WriteString(w, fill(after, p.Title, "page"))
	return err
}

// dataMark is the place of the data in the page's template.
const dataMark = "{{DATA}}"

// Encode returns p as the page reads it: its data (see pagedata.go),
// gzipped, in base64.
func Encode(p *Page) (string, error) {
	var buf bytes.Buffer
	if err := encode(&buf, p); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// encode writes p to w as Encode returns it.
func encode(w io.Writer, p *Page) error {
	b64 := base64.NewEncoder(base64.StdEncoding, w)
	z := gzip.NewWriter(b64)
	if err := writeData(z, p); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	return b64.Close()
}

// render fills the page's template. The data is base64, which needs no
// escaping inside a script element.
func render(title, mode, data string) string {
	before, after, _ := strings.Cut(pageHTML, dataMark)
	return fill(before, title, mode) + data + fill(after, title, mode)
}

// PlaygroundPage is the page of "xcover serve", which asks the server for
// its examples and traces.
func PlaygroundPage() string { return render("playground", "playground", "") }

// fill fills the places of a part of the page's template but the data's;
// the title is escaped as HTML.
func fill(template, title, mode string) string {
	return strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(title),
		"{{MODE}}", mode,
		"{{CSS}}", pageCSS,
		"{{JS}}", pageJS,
		siteMark, "", // a site's (see site.go)
	).Replace(template)
}

// NewPage traces p's search within lim (see [explain.NewTrace]), and
// recognizes its board; a Sudoku whose givens the board finds again is
// rated, and its human path shown (see rating.go). When ctx stops the
// trace, it returns the page of the trace told so far and ctx.Err().
func NewPage(ctx context.Context, title string, p *exactcover.Problem, lim explain.TraceLimits) (*Page, error) {
	b := DetectBoard(p)
	return newPage(ctx, title, p, b, ratingGrid(b, p), lim)
}

// newPage is NewPage with the board b, and the Sudoku grid g to rate (nil:
// none). The rating's share of the trace's budget, MaxRatingBytes, is
// taken before the trace is made; the grid is rated once the trace is.
func newPage(ctx context.Context, title string, p *exactcover.Problem, b *Board, g *sudoku.Grid, lim explain.TraceLimits) (*Page, error) {
	if g != nil {
		if lim.Bytes <= 0 || lim.Bytes > explain.MaxTraceBytes {
			lim.Bytes = explain.MaxTraceBytes
		}
		lim.Bytes = max(1, lim.Bytes-MaxRatingBytes)
	}
	t, err := explain.NewTrace(ctx, p, lim)
	if t == nil {
		return nil, err
	}
	page := &Page{Title: title, Trace: t, Board: b}
	if g != nil && len(t.Nodes) > 0 {
		page.Rating = rateGrid(ctx, g, MaxRatingSteps, MaxRatingBytes)
	}
	return page, err
}
