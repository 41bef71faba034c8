package web

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// Engine is the playground's engine for the browser: explain/web/wasm
// built with GOOS=js GOARCH=wasm, and the wasm_exec.js of the same Go
// toolchain, which loads it.
type Engine struct {
	Wasm     []byte
	WasmExec string
}

// The policy of a site's page: the page's own, WebAssembly allowed to
// compile ('wasm-unsafe-eval'), and workers from blob: URLs, which the page
// makes itself to run the engine in (a worker inherits the page's policy);
// it connects nowhere.
const (
	pagePolicy = "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'"
	sitePolicy = "script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; worker-src blob:"
)

// siteJS runs the engine for page.js (see assets/site.js).
//
//go:embed assets/site.js
var siteJS string

// siteMark is the place, in the page's template, of what a site's page
// holds more than a page: the examples, wasm_exec.js and the engine.
const siteMark = "{{SITE}}"

// WriteSite writes the index.html of "xcover explain --site": the
// playground of "xcover serve" in one file that needs no server. It holds
// the examples, Go's wasm_exec.js and the engine, gzipped and in base64,
// which the page inflates with the browser's own DecompressionStream and
// runs; a page opened from disk (file://) may fetch nothing, so nothing is
// fetched. The engine traces within the playground's own limits (see
// [TraceInput]), in a Web Worker made from a blob: URL (see
// assets/site.js), so that the page stays live and can stop it. Chromium
// runs such a worker from a page opened from disk.
func WriteSite(w io.Writer, examples []Example, e Engine) error {
	if len(e.Wasm) < 4 || string(e.Wasm[:4]) != "\x00asm" {
		return errors.New("the engine is not WebAssembly (its first bytes are not \\0asm)")
	}
	if strings.Contains(strings.ToLower(e.WasmExec), "</script") {
		return errors.New("wasm_exec.js holds \"</script\", which would end its element")
	}
	ex, err := json.Marshal(examples) // escapes <, > and &: safe in a script element
	if err != nil {
		return err
	}
	var wasm bytes.Buffer
	b64 := base64.NewEncoder(base64.StdEncoding, &wasm)
	z, _ := gzip.NewWriterLevel(b64, gzip.BestCompression)
	if _, err := z.Write(e.Wasm); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	if err := b64.Close(); err != nil {
		return err
	}
	template := strings.Replace(pageHTML, pagePolicy, sitePolicy, 1)
	if template == pageHTML || !strings.Contains(template, siteMark) {
		return errors.New("the page's template has no place for the engine") // a change to page.html; TestSite finds it
	}
	before, after, _ := strings.Cut(template, siteMark)
	parts := []string{
		fill(before, "playground", "site"),
		`<script id="examples" type="application/json">`, string(ex), "</script>\n",
		`<script id="wasm-exec" type="text/plain">`, e.WasmExec, "\n</script>\n", // run in the worker, not in the page
		`<script id="engine" type="application/x-gzip-base64">`, wasm.String(), "</script>\n",
		"<script>\n", siteJS, "</script>\n",
		fill(strings.Replace(after, dataMark, "", 1), "playground", "site"),
	}
	for _, s := range parts {
		if _, err := io.WriteString(w, s); err != nil {
			return err
		}
	}
	return nil
}
