package web_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain/web"
)

// A site's page holds the examples, wasm_exec.js and the engine, allows
// WebAssembly to compile and connects nowhere; what is not WebAssembly is
// refused.
func TestWriteSite(t *testing.T) {
	ex := []web.Example{{Name: "x", Kind: "spec", Text: "A\n</script><script>alert(1)</script>\n"}}
	fake := web.Engine{Wasm: []byte("\x00asm\x01\x00\x00\x00"), WasmExec: "class Go {}"}
	var b strings.Builder
	if err := web.WriteSite(&b, ex, fake); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{`data-mode="site"`, `'wasm-unsafe-eval'`, `connect-src 'none'`, `<script id="examples"`, `<script id="engine"`, "class Go {}"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	for _, bad := range []string{"{{", "</script><script>alert", "connect-src 'self'"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page has %q", bad)
		}
	}
	for _, tc := range []struct {
		e    web.Engine
		want string
	}{
		{web.Engine{Wasm: []byte("MZ\x90\x00"), WasmExec: "class Go {}"}, "not WebAssembly"},
		{web.Engine{Wasm: fake.Wasm, WasmExec: "x = '</SCRIPT>'"}, "</script"},
	} {
		if err := web.WriteSite(&strings.Builder{}, ex, tc.e); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("WriteSite: %v, want an error with %q", err, tc.want)
		}
	}
}

// The engine links no HTTP: net/http and what it brings (crypto/tls,
// net, mime) made the engine 7.4 MB of the 5.7 it is without them, for
// nothing the engine does. The server of "xcover serve" lives in
// explain/web/playground for this.
func TestEngineLinksNoHTTP(t *testing.T) {
	list := exec.Command("go", "list", "-deps", "./wasm")
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm: %v", err)
	}
	for dep := range strings.FieldsSeq(string(out)) {
		if dep == "net" || strings.HasPrefix(dep, "net/") || dep == "crypto/tls" || dep == "mime" {
			t.Errorf("the engine links %s", dep)
		}
	}
}
