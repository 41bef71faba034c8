package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// An input is a file a workload reads: a shared instance, a file of the
// repository, or one the script makes (from xcover itself or from a
// generator here) into its temporary directory before the first run.
type input struct {
	name   string // the file's name, which the tables use
	from   string // where it comes from, in a few words, for the tables' notes
	shared string // path under the shared data directory, for a shared file
	repo   string // path under the module root, for a file of the repository
	// make writes a generated input's content; needs are the inputs it
	// is made from, made or checked first.
	make  func(e *env, needs []string) ([]byte, error)
	needs []*input
}

// An env is where the run takes its files and programs from.
type env struct {
	root   string // the module root
	data   string // the shared data directory
	tmp    string // the temporary directory: xcover, generated inputs, outputs
	xcover string // the xcover binary
	made   map[*input]bool
}

// path is where i is, or will be once made.
func (e *env) path(i *input) string {
	switch {
	case i.shared != "":
		return filepath.Join(e.data, i.shared)
	case i.repo != "":
		return filepath.Join(e.root, i.repo)
	default:
		return filepath.Join(e.tmp, i.name)
	}
}

// missing says why i cannot be had, or nil: a shared or repository file
// that is not there, or one that a generated input is made from.
func (e *env) missing(i *input) error {
	if i.make != nil {
		for _, n := range i.needs {
			if err := e.missing(n); err != nil {
				return err
			}
		}
		return nil
	}
	if _, err := os.Stat(e.path(i)); err != nil {
		return fmt.Errorf("%s not found", e.path(i))
	}
	return nil
}

// ensure makes i (and what it is made from) if it is generated and not
// made yet.
func (e *env) ensure(i *input) error {
	if err := e.missing(i); err != nil {
		return err
	}
	if i.make == nil || e.made[i] {
		return nil
	}
	var needs []string
	for _, n := range i.needs {
		if err := e.ensure(n); err != nil {
			return err
		}
		needs = append(needs, e.path(n))
	}
	content, err := i.make(e, needs)
	if err != nil {
		return fmt.Errorf("making %s: %w", i.name, err)
	}
	if err := os.WriteFile(e.path(i), content, 0o644); err != nil {
		return err
	}
	e.made[i] = true
	return nil
}

// sharedFile is a file of the shared data directory.
func sharedFile(rel string) *input {
	return &input{name: filepath.Base(rel), shared: rel, from: "`../shared/data/" + filepath.Dir(rel) + "`"}
}

// repoFile is a file of the repository.
func repoFile(rel string) *input {
	return &input{name: filepath.Base(rel), repo: rel, from: "`" + filepath.Dir(rel) + "`"}
}
