package main

import (
	"context"
	"strings"
)

// A workload is one kind of work, printed as one table: its pairs are the
// rows.
type workload struct {
	id     string // the name on the command line: "enumerate"
	title  string // the table's heading
	about  string // what the rows are and what the ratio says
	answer string // the answer column's heading: "solutions"
	memory bool   // print the peak memory of both sides
	pairs  []*pair
}

// A pair is one row: xcover and a peer answering the same question about
// the same input.
type pair struct {
	instance string   // the row's name: "queens-14"
	variant  string   // how xcover is asked: "default", "`--engine dlx`"
	peer     *peer    // the program compared with
	inputs   []*input // the files both read; the first is the instance
	xcover   func(e *env, in []string) side
	other    func(e *env, bin string, in []string) side
}

// name is what -only matches: "workload/instance/peer".
func (p *pair) name(w *workload) string {
	return w.id + "/" + p.instance + "/" + p.peer.name
}

// A side is one program's part of a pair: the commands it runs (shown by
// -dry-run and in the tables' notes), and how to run them once and read
// the answer.
type side struct {
	cmds    []command
	measure func(ctx context.Context, r *runner) (sample, answer, error)
}

// single is the side of one command whose outputs read answers.
func single(c command, read reader) side {
	return side{
		cmds: []command{c},
		measure: func(ctx context.Context, r *runner) (sample, answer, error) {
			s, err := r.run(ctx, c)
			if err != nil {
				return s, answer{}, err
			}
			a, err := read(s)
			return s, a, err
		},
	}
}

// xcoverRun is the xcover side that runs "xcover args…" with the instance
// last on its command line.
func xcoverRun(read reader, args ...string) func(e *env, in []string) side {
	return func(e *env, in []string) side {
		argv := append(append([]string{e.xcover}, args...), in[0])
		return single(command{argv: argv}, read)
	}
}

// stdinRun is the peer side that runs "peer args… < instance", as Knuth's
// programs read their problem.
func stdinRun(read reader, args ...string) func(e *env, bin string, in []string) side {
	return func(e *env, bin string, in []string) side {
		return single(command{argv: append([]string{bin}, args...), stdin: in[0]}, read)
	}
}

// shown is how a side's commands read in a table's notes: each command
// as typed, with FILE for the instance's name (its file name without the
// extension), so that the rows of a table share their commands.
func shown(s side, instance string) string {
	stem := trimExt(instance)
	var parts []string
	for _, c := range s.cmds {
		d := display(c)
		if stem != "" {
			d = strings.ReplaceAll(d, stem, "FILE")
		}
		parts = append(parts, "`"+d+"`")
	}
	return strings.Join(parts, ", then ")
}
