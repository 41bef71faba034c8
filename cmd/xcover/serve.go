package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"path"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/explain/web/playground"
)

// defaultPort is the port "xcover serve" listens on unless --port says
// otherwise.
const defaultPort = 8427

// serveOptions is what "xcover serve" is asked.
type serveOptions struct {
	IO   *iostreams.IO
	Port int           // on 127.0.0.1; 0: any free port
	For  time.Duration // 0: until Ctrl-C or SIGTERM
}

func newCmdServe(s *iostreams.IO, runF func(context.Context, *serveOptions) error) *cli.Command {
	return &cli.Command{Name: "serve", Usage: "serve a playground on 127.0.0.1 to step through a problem, a Sudoku or a pentomino board in a browser",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "port", Value: defaultPort, Usage: "listen on 127.0.0.1:`PORT` (0: any free port)"},
			&cli.GenericFlag{Name: "for", Value: &cliparse.Duration{}, DefaultText: "until Ctrl-C", Usage: "stop after `DURATION` (a lecture: 1h30m)"},
		},
		Action: searchcmd.Action(s, parseServe, serveRun, runF)}
}

func parseServe(c *cli.Context, s *iostreams.IO) (*serveOptions, error) {
	port := c.Int("port")
	if port < 0 || port > 65535 {
		return nil, exitcode.Bad(fmt.Errorf("--port %d: expected 0…65535", port))
	}
	return &serveOptions{IO: s, Port: port, For: searchcmd.Duration(c, "for")}, nil
}

// shutdownGrace is how long "xcover serve" waits, when it stops, for the
// requests under way to end before it closes their connections: a trace
// stops at once when asked, and a reply is written in milliseconds to a
// client that reads it.
const shutdownGrace = 2 * time.Second

// serveRun runs the playground on 127.0.0.1 until ctx ends (Ctrl-C,
// SIGTERM) or o.For has passed.
func serveRun(ctx context.Context, o *serveOptions) error {
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", o.Port))
	if err != nil {
		return exitcode.Bad(fmt.Errorf("--port %d: %v", o.Port, err))
	}
	stop, why := ctx, "stopped"
	if d := o.For; d > 0 {
		var cancel context.CancelFunc
		stop, cancel = context.WithTimeout(stop, d)
		defer cancel()
		why = fmt.Sprintf("stopped after its --for %v", d)
	}
	if o.IO.Getenv("GOMEMLIMIT") == "" {
		// The collector works harder as the heap nears the playground's
		// bound, rather than let it grow to twice what is live.
		debug.SetMemoryLimit(playground.Memory)
	}
	srv := playground.NewServer(playground.Handler(playgroundExamples(), explain.TraceLimits{}))
	// The traces under way end when the playground stops.
	srv.BaseContext = func(net.Listener) context.Context { return stop }
	fmt.Fprintf(o.IO.Stdout, "xcover: the playground is at http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err = <-done:
		return exitcode.Bad(err)
	case <-stop.Done():
	}
	if ctx.Err() != nil {
		why = "stopped (interrupted)"
	}
	grace, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	closed := ""
	if srv.Shutdown(grace) != nil { // a client that neither reads nor closes
		_ = srv.Close()
		closed = "; the connections still busy were closed"
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintf(o.IO.Stderr, "xcover: the playground %s%s\n", why, closed)
	return nil
}

// playgroundExamples are the shipped examples the playground offers:
// the problems of solve, the Sudoku grids, and the pentomino boards.
func playgroundExamples() []web.Example {
	var out []web.Example
	for dir, kind := range map[string]string{"solve": "spec", "sudoku": "sudoku", "pentomino": "pentomino"} {
		files, _ := fs.Glob(assets, "examples/"+dir+"/*")
		for _, f := range files {
			if kind == "pentomino" && !strings.HasSuffix(f, ".txt") { // piece sets, not boards
				continue
			}
			data, err := assets.ReadFile(f)
			if err != nil {
				continue
			}
			out = append(out, web.Example{Name: dir + "/" + path.Base(f), Kind: kind, Text: string(data)})
		}
	}
	slices.SortFunc(out, func(a, b web.Example) int { return strings.Compare(a.Name, b.Name) })
	return out
}
