package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/bytesize"
)

// "xcover explain --site DIR" writes DIR/index.html: the playground of
// "xcover serve" with its engine compiled to WebAssembly, which runs in a
// browser from disk or any static host.
//
// The engine is built when the folder is written, by the Go toolchain on
// the PATH, from xcover's own source: the source this binary was built
// from while it is there (a checkout, or the module cache, where "go
// install …@v1.2.3" builds), else the module of the binary's version,
// which "go mod download" fetches (see sourceOf). Whoever ran "go install"
// has both the toolchain and the source; the binary may run from any
// folder. A prebuilt engine is not shipped:
// the repository holds no build outputs, and "go install" runs no
// "go generate". Building it costs a minute the first time and a second
// or two once Go's build cache has it.

// engineModule is the module whose explain/web/wasm is the engine.
const engineModule = "github.com/xcover/xcover"

// enginePackage is the engine's main package, in engineModule.
const enginePackage = "./explain/web/wasm"

func parseSite(c *cli.Context, o *explainOptions) (*explainOptions, error) {
	for _, f := range []string{"html", "steps", "matrix", "format", "min-cost", "best"} {
		if c.IsSet(f) {
			return nil, searchcmd.Usage("explain", "--site writes a playground, where the problem is pasted in the browser: it does not combine with --%s", f)
		}
	}
	if c.NArg() > 0 {
		return nil, searchcmd.Usage("explain", "--site writes a playground, where the problem is pasted in the browser: it takes no FILE (%q)", c.Args().First())
	}
	o.Site = c.String("site")
	if o.Site == "" || o.Site == "-" {
		return nil, exitcode.Bad(fmt.Errorf("--site %q: expected a folder's name", o.Site))
	}
	return o, nil
}

// writeSite builds the engine and writes the folder's index.html.
func writeSite(ctx context.Context, o *explainOptions) error {
	if fi, err := o.IO.Stat(o.Site); err == nil && !fi.IsDir() {
		return exitcode.Bad(fmt.Errorf("--site %s: not a folder", o.Site))
	}
	fmt.Fprintf(o.IO.Stderr, "xcover: building the playground's engine (go build, GOOS=js GOARCH=wasm)\n")
	engine, err := buildEngine(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return exitcode.With(exitcode.Stopped, fmt.Errorf("--site: stopped before the engine was built; nothing written"))
		}
		return exitcode.Bad(fmt.Errorf("--site: %v", err))
	}
	var buf bytes.Buffer
	if err := web.WriteSite(&buf, playgroundExamples(), engine); err != nil {
		return exitcode.Bad(fmt.Errorf("--site: %v", err))
	}
	if err := os.MkdirAll(o.IO.Path(o.Site), 0o755); err != nil {
		return exitcode.Bad(fmt.Errorf("--site: %v", err))
	}
	index := filepath.Join(o.Site, "index.html")
	out, err := o.IO.CreateOutput("--site", index)
	if err != nil {
		return err
	}
	defer out.Abort()
	if err := out.Commit(buf.Bytes()); err != nil {
		return exitcode.Bad(err)
	}
	fmt.Fprintf(o.IO.Stderr, "xcover: wrote %s (%s; the engine %s): open it in a browser\n", index,
		bytesize.Format(int64(buf.Len())), bytesize.Format(int64(len(engine.Wasm))))
	return nil
}

// buildEngine builds explain/web/wasm with the go command on the PATH,
// and reads the wasm_exec.js of the same toolchain.
func buildEngine(ctx context.Context) (web.Engine, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return web.Engine{}, errors.New("building the engine needs the Go toolchain, and go is not on the PATH (https://go.dev/dl/)")
	}
	src, err := engineSource(ctx, goCmd)
	if err != nil {
		return web.Engine{}, err
	}
	tmp, err := os.MkdirTemp("", "xcover-site-")
	if err != nil {
		return web.Engine{}, err
	}
	defer os.RemoveAll(tmp)
	wasmFile := filepath.Join(tmp, "xcover.wasm")
	build := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", wasmFile, enginePackage)
	build.Dir = src
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=readonly")
	if msg, err := build.CombinedOutput(); err != nil {
		return web.Engine{}, fmt.Errorf("go build %s in %s: %v: %s", enginePackage, src, err, firstLine(msg))
	}
	wasm, err := os.ReadFile(wasmFile)
	if err != nil {
		return web.Engine{}, err
	}
	// The toolchain that built the engine: go.mod's toolchain line may
	// have made the go command switch to another one in src.
	env := exec.CommandContext(ctx, goCmd, "env", "GOROOT")
	env.Dir = src
	env.Env = build.Env
	root, err := env.Output()
	if err != nil {
		return web.Engine{}, fmt.Errorf("go env GOROOT: %v", err)
	}
	var exe []byte
	for _, dir := range []string{"lib/wasm", "misc/wasm"} { // Go 1.24 and later; before
		if exe, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), dir, "wasm_exec.js")); err == nil {
			break
		}
	}
	if err != nil {
		return web.Engine{}, fmt.Errorf("the toolchain's wasm_exec.js: %v", err)
	}
	return web.Engine{Wasm: wasm, WasmExec: string(exe)}, nil
}

// engineSource returns the root of xcover's source to build the engine
// from (see [sourceOf]).
func engineSource(ctx context.Context, goCmd string) (string, error) {
	bi, _ := debug.ReadBuildInfo()
	_, file, _, _ := runtime.Caller(0)
	download := func(version string) (string, error) {
		out, err := exec.CommandContext(ctx, goCmd, "mod", "download", "-json", engineModule+"@"+version).Output()
		var mod struct{ Dir, Error string }
		if err == nil {
			err = json.Unmarshal(out, &mod)
		}
		if err == nil && mod.Error != "" {
			err = errors.New(mod.Error)
		}
		if err != nil {
			return "", fmt.Errorf("go mod download %s@%s: %v", engineModule, version, err)
		}
		return mod.Dir, nil
	}
	return sourceOf(bi, file, download)
}

// sourceOf finds xcover's source: first where this binary was built from,
// when it is still there (file is this source file's path as the binary
// knows it): a checkout (go build, go run, go test) or the module cache
// ("go install …@v1.2.3" builds there); else the module of the binary's
// version, which download fetches into the module cache. A binary built
// with -trimpath knows no path, and one built from a checkout has a
// version no proxy serves ((devel), or a pseudo-version of a local commit,
// +dirty when it had changes): such a binary cannot find its source.
func sourceOf(bi *debug.BuildInfo, file string, download func(version string) (string, error)) (string, error) {
	if filepath.IsAbs(file) {
		root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // …/cmd/xcover/site.go
		if isEngineModule(root) {
			return root, nil
		}
	}
	var version string
	if bi != nil && bi.Main.Path == engineModule {
		version = bi.Main.Version
	}
	if strings.HasPrefix(version, "v") && !strings.HasSuffix(version, "+dirty") {
		dir, err := download(version)
		if err == nil {
			return dir, nil
		}
		return "", fmt.Errorf("cannot find xcover's source to build the engine from: %v", err)
	}
	return "", fmt.Errorf("cannot find xcover's source to build the engine from: this binary (version %s) was built from a checkout that is not at %s, or with -trimpath; "+
		"install xcover with \"go install %s/cmd/xcover@latest\", or run it from a checkout", cmp.Or(version, "unknown"), cmp.Or(file, "a path it knows"), engineModule)
}

// isEngineModule reports whether root holds xcover's module and its
// engine's main package.
func isEngineModule(root string) bool {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(mod), "\n")
	if strings.TrimSpace(first) != "module "+engineModule {
		return false
	}
	_, err = os.Stat(filepath.Join(root, filepath.FromSlash(enginePackage), "main.go"))
	return err == nil
}

// firstLine is the first line of a command's output, for a one-line
// message.
func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}
