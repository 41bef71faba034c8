package main

import (
	_ "embed"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"text/template"
	"time"
	"unicode/utf8"
)

// intro opens docs/performance.md: what is measured and how.
//
//go:embed intro.md
var intro string

// buildPeers closes it: how to build the peers.
//
//go:embed peers.md
var buildPeers string

// A report is everything docs/performance.md says.
type report struct {
	runs    int
	pin     string // the pinning command, or "" without taskset
	command string // the command line that made the report
	machine machine
	peers   []peerVersion
	took    time.Duration
	loads   []float64 // load averages: at the start, before each row, at the end
	tables  []table
}

// A peerVersion is a peer the run used, and its build.
type peerVersion struct {
	p       *peer
	version string
}

// A table is a workload's rows.
type table struct {
	w    *workload
	rows []row
}

// write prints the report as Markdown.
func (rp *report) write(w io.Writer, e *env) error {
	t, err := template.New("intro").Parse(intro)
	if err != nil {
		return err
	}
	runs := fmt.Sprintf("%d times", rp.runs)
	if rp.runs == 1 {
		runs = "once"
	}
	if err := t.Execute(w, map[string]any{"Runs": runs, "Pin": rp.pin}); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n## How these tables were made\n\n```sh run=scripts/bench\n%s\n```\n\n", rp.command)
	fmt.Fprintf(w, "| | |\n|---|---|\n")
	fmt.Fprintf(w, "| processor | %s, %d cores |\n", rp.machine.cpu, rp.machine.cores)
	fmt.Fprintf(w, "| system | %s |\n", rp.machine.system)
	fmt.Fprintf(w, "| Go | %s |\n", rp.machine.goVer)
	fmt.Fprintf(w, "| xcover | commit %s |\n", rp.machine.commit)
	pin := "none (taskset not found)"
	if rp.pin != "" {
		pin = "`" + rp.pin + "`"
	}
	fmt.Fprintf(w, "| pinned with | %s |\n", pin)
	fmt.Fprintf(w, "| runs | %d of each program per row, alternating |\n", rp.runs)
	fmt.Fprintf(w, "| load average | %s |\n", loadRange(rp.loads, rp.machine.cores))
	fmt.Fprintf(w, "| the whole run | %s |\n", rp.took.Round(time.Second))
	if len(rp.peers) > 0 {
		fmt.Fprintf(w, "\n| peer | build |\n|---|---|\n")
		for _, pv := range rp.peers {
			fmt.Fprintf(w, "| %s | %s |\n", pv.p.name, pv.version)
		}
	}
	for _, tb := range rp.tables {
		tb.write(w, e)
	}
	_, err = io.WriteString(w, "\n"+buildPeers)
	return err
}

// write prints one table, its commands and its inputs.
func (tb table) write(w io.Writer, e *env) {
	wl := tb.w
	fmt.Fprintf(w, "\n## %s\n\n%s\n\n", wl.title, wrap(wl.about, lineWidth))
	var ran, skipped []row
	for _, r := range tb.rows {
		if r.skipped != "" {
			skipped = append(skipped, r)
		} else {
			ran = append(ran, r)
		}
	}
	if len(ran) > 0 {
		head := "| instance | xcover | peer | " + wl.answer + " | xcover CPU | peer CPU | xcover / peer | single pairs |"
		rule := "|---|---|---|---|---:|---:|---:|---:|"
		if wl.memory {
			head += " xcover memory | peer memory |"
			rule += "---:|---:|"
		}
		fmt.Fprintf(w, "%s\n%s\n", head, rule)
		for _, r := range ran {
			fmt.Fprintln(w, r.cells(wl.memory))
		}
	}
	for _, r := range skipped {
		fmt.Fprintf(w, "\nNot run: %s (%s %s): %s.\n", r.p.instance, r.p.variant, r.p.peer.name, r.skipped)
	}
	tb.notes(w, e)
}

// cells is the row as a line of the Markdown table.
func (r row) cells(memory bool) string {
	const none = "—"
	ans := r.answer.show
	if r.answer.extra != "" {
		ans += "; " + r.answer.extra
		if r.peerExt != "" {
			ans += " (" + r.p.peer.name + ": " + r.peerExt + ")"
		}
	}
	c := []string{r.p.instance, r.p.variant, r.p.peer.name, ans, none, none, none, none}
	switch {
	case r.failed != "":
		c[3] = "**stopped: " + escape(r.failed) + "**"
	case len(r.o) == 0:
		c[2] += " (not given)"
		c[3] += " (unchecked)"
	}
	if len(r.x) > 0 {
		c[4] = seconds(median(r.x))
	}
	if r.failed == "" && len(r.o) > 0 {
		c[5] = seconds(median(r.o))
		c[6] = fmt.Sprintf("**%.2f**", median(r.x).Seconds()/median(r.o).Seconds())
		lo, hi := ratioRange(r.x, r.o)
		c[7] = fmt.Sprintf("%.2f–%.2f", lo, hi)
	}
	if memory {
		c = append(c, none, none)
		if len(r.x) > 0 && r.x[0].maxRSS > 0 {
			c[8] = megabytes(medianRSS(r.x))
		}
		if r.failed == "" && len(r.o) > 0 && r.o[0].maxRSS > 0 {
			c[9] = megabytes(medianRSS(r.o))
		}
	}
	return "| " + strings.Join(c, " | ") + " |"
}

// notes prints the commands of a table's rows, with FILE for the
// instance, and where its inputs come from.
func (tb table) notes(w io.Writer, e *env) {
	var cmds []string
	from := map[string][]string{}
	var froms []string
	for _, r := range tb.rows {
		p := r.p
		var in []string
		for _, i := range p.inputs {
			in = append(in, e.path(i))
			if !slices.Contains(from[i.from], "`"+i.name+"`") {
				if len(from[i.from]) == 0 {
					froms = append(froms, i.from)
				}
				from[i.from] = append(from[i.from], "`"+i.name+"`")
			}
		}
		bin := p.peer.binary()
		if bin == "" {
			bin = strings.ToLower(p.peer.name)
		}
		stem := p.inputs[0].name
		line := fmt.Sprintf("- %s: %s against %s: %s", p.variant, shown(p.xcover(e, in), stem),
			p.peer.name, shown(p.other(e, bin, in), stem))
		if !slices.Contains(cmds, line) {
			cmds = append(cmds, line)
		}
	}
	fmt.Fprintf(w, "\nCommands, FILE being the instance:\n\n%s\n", strings.Join(cmds, "\n"))
	fmt.Fprintf(w, "\nInputs:\n\n")
	for _, f := range froms {
		fmt.Fprintf(w, "- %s: %s\n", strings.Join(from[f], ", "), f)
	}
}

// loadRange says how loaded the machine of so many cores was during the
// run.
func loadRange(loads []float64, cores int) string {
	var ok []float64
	for _, l := range loads {
		if l >= 0 {
			ok = append(ok, l)
		}
	}
	if len(ok) == 0 {
		return "unknown"
	}
	s := fmt.Sprintf("%.2f at the start, %.2f at the end", ok[0], ok[len(ok)-1])
	if len(ok) > 2 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, l := range ok {
			lo, hi = math.Min(lo, l), math.Max(hi, l)
		}
		s += fmt.Sprintf(", from %.2f to %.2f in between", lo, hi)
	}
	return s + fmt.Sprintf(" (over a minute, on %d cores)", cores)
}

// commandLine is the command that made the report, as a reader would
// type it: the peers' variables, then go run with the flags given.
func commandLine(args []string) string {
	var vars []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "XCOVER_BENCH_") {
			k, v, _ := strings.Cut(kv, "=")
			vars = append(vars, k+"="+shellQuote(v))
		}
	}
	sort.Strings(vars)
	parts := append(vars, "go run ./scripts/bench")
	for _, a := range args {
		parts[len(parts)-1] += " " + shellQuote(a)
	}
	return strings.Join(parts, " \\\n")
}

// shellQuote quotes s for a POSIX shell where it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=+,:@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// lineWidth is where the report's paragraphs wrap, as the intro's do, so
// that a change to one sentence changes few lines of the file.
const lineWidth = 88

// wrap breaks text into lines of at most width characters, between words.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		l := utf8.RuneCountInString(word)
		switch {
		case n == 0:
		case n+1+l > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += l
	}
	return b.String()
}

// escape keeps text from breaking a Markdown table row.
func escape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
