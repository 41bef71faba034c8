package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// list prints the workloads, their rows, the inputs each reads and the
// variable that gives each peer.
func list(w io.Writer, ws []*workload) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, wl := range ws {
		fmt.Fprintf(tw, "%s\t%s\n", wl.id, wl.title)
		for _, p := range wl.pairs {
			var in []string
			for _, i := range p.inputs {
				in = append(in, i.name)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", p.instance, p.variant, p.peer.name, p.peer.env, strings.Join(in, " "))
		}
	}
	fmt.Fprintln(tw, "\npeers")
	for _, p := range peers {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", p.name, p.env, p.what)
	}
	return tw.Flush()
}

// dryRun checks each row's inputs and peer and prints the commands it
// would run, with $TMP for the temporary directory and xcover for the
// binary it would build. It runs nothing.
func dryRun(w io.Writer, e *env, ws []*workload, o options) error {
	if pin := pinning(o.cpu); pin != nil {
		fmt.Fprintf(w, "each run pinned with: %s\n\n", strings.Join(pin, " "))
	} else {
		fmt.Fprintf(w, "taskset not found: runs not pinned\n\n")
	}
	runnable, alone, skipped := 0, 0, 0
	for _, wl := range ws {
		for _, p := range wl.pairs {
			fmt.Fprintf(w, "%s (%s, %d runs each)\n", p.name(wl), p.variant, o.runs)
			var in []string
			missing := ""
			for _, i := range p.inputs {
				in = append(in, e.path(i))
				if err := e.missing(i); err != nil && missing == "" {
					missing = err.Error()
				}
			}
			if missing != "" {
				fmt.Fprintf(w, "  skipped: %s\n", missing)
				skipped++
				continue
			}
			for _, c := range p.xcover(e, in).cmds {
				fmt.Fprintf(w, "  xcover: %s\n", full(c))
			}
			if err := p.peer.check(); err != nil {
				fmt.Fprintf(w, "  %s: %s: xcover alone\n", p.peer.name, err)
				alone++
				continue
			}
			for _, c := range p.other(e, p.peer.binary(), in).cmds {
				fmt.Fprintf(w, "  %s: %s\n", p.peer.name, full(c))
			}
			runnable++
		}
	}
	_, err := fmt.Fprintf(w, "\n%d rows with their peer, %d with xcover alone, %d skipped\n", runnable, alone, skipped)
	return err
}

// full is c with its paths whole, as the run would start it.
func full(c command) string {
	var parts []string
	for _, a := range c.argv {
		parts = append(parts, shellQuote(a))
	}
	s := strings.Join(parts, " ")
	if c.stdin != "" {
		s += " < " + shellQuote(c.stdin)
	}
	return s
}
