package web_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
)

// A page names no resource outside itself (no src, href, url(), import or
// fetch of another address), forbids them in its Content-Security-Policy,
// and holds the trace it was given, with the narration's lines.
func TestPageIsSelfContained(t *testing.T) {
	p := loadExample(t, "../../specs/examples/knuth.yaml")
	page, err := web.NewPage(context.Background(), "knuth <&>", p, explain.TraceLimits{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := web.WritePage(&buf, page); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, re := range []string{`(?i)\b(src|href)\s*=`, `(?i)url\(`, `(?i)@import`, `(?i)https?://`, `(?i)<link\b`, `(?i)\bimport\s*\(`} {
		if m := regexp.MustCompile(re).FindString(html); m != "" {
			t.Errorf("the page has %q", m)
		}
	}
	if !strings.Contains(html, `content="default-src 'none';`) {
		t.Error("the page has no Content-Security-Policy forbidding other sources")
	}
	if strings.Contains(html, "knuth <&>") || !strings.Contains(html, "knuth &lt;&amp;&gt;") {
		t.Error("the title is not escaped")
	}
	// The data, read back as the page's script reads it.
	got, err := web.ReadPage(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "knuth <&>" || len(got.Trace.Problem.Options) != 6 || len(got.Trace.Nodes) != 6 || !strings.Contains(strings.Join(got.Trace.Lines, "\n"), "Choose A: it has the fewest options (2)") {
		t.Errorf("the page holds %q, %d options, %d nodes, lines %q", got.Title, len(got.Trace.Problem.Options), len(got.Trace.Nodes), got.Trace.Lines)
	}
}
