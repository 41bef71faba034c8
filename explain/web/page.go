package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
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
}

// WritePage writes the self-contained page that shows p: the viewer's
// HTML, CSS and JavaScript, and p as gzipped JSON in base64 (a search
// repeats itself, and compresses about seven times; the browser inflates
// it with its own DecompressionStream). It fetches nothing.
func WritePage(w io.Writer, p *Page) error {
	data, err := Encode(p)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, render(p.Title, "page", data))
	return err
}

// Encode returns p as the page reads it: JSON, gzipped, in base64. The
// JSON is {"page": p without its nodes, "nodes": [...]}, written node by
// node, so that a big trace is never held twice as JSON.
func Encode(p *Page) (string, error) {
	var buf bytes.Buffer
	b64 := base64.NewEncoder(base64.StdEncoding, &buf)
	z := gzip.NewWriter(b64)
	if err := writeJSON(z, p); err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	if err := b64.Close(); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func writeJSON(w io.Writer, p *Page) error {
	bw := bufio.NewWriter(w)
	shell := *p
	var nodes []explain.TraceNode
	if p.Trace != nil {
		t := *p.Trace
		nodes, t.Nodes = t.Nodes, nil
		shell.Trace = &t
	}
	head, err := json.Marshal(&shell)
	if err != nil {
		return err
	}
	bw.WriteString(`{"page":`)
	bw.Write(head)
	bw.WriteString(`,"nodes":[`)
	for j := range nodes {
		if j > 0 {
			bw.WriteByte(',')
		}
		b, err := json.Marshal(&nodes[j])
		if err != nil {
			return err
		}
		bw.Write(b)
	}
	bw.WriteString("]}")
	return bw.Flush()
}

// render fills the page's template. The data is base64, which needs no
// escaping inside a script element; the title is escaped as HTML.
func render(title, mode, data string) string {
	return strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(title),
		"{{MODE}}", mode,
		"{{CSS}}", pageCSS,
		"{{JS}}", pageJS,
		"{{DATA}}", data,
	).Replace(pageHTML)
}

// NewPage traces p's search, at most maxNodes nodes (see
// [explain.NewTrace]), and recognizes its board.
func NewPage(ctx context.Context, title string, p *exactcover.Problem, maxNodes int64) (*Page, error) {
	t, err := explain.NewTrace(ctx, p, maxNodes)
	if err != nil {
		return nil, err
	}
	return &Page{Title: title, Trace: t, Board: DetectBoard(p)}, nil
}
