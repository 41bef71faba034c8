package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// A peer is one of the field's programs that xcover is compared with. Its
// binary is given in an environment variable; the script never builds or
// fetches one.
type peer struct {
	name string // as the tables name it: "SSXCC"
	env  string // the variable that gives its binary: "XCOVER_BENCH_SSXCC"
	what string // what it is and where it comes from, for -list
	// versionFlag says the program prints its version with --version.
	// Knuth's programs have none: they read the problem from standard
	// input and would wait for it.
	versionFlag bool
}

// versionEnv is the variable that may say which version of p was built
// (a commit, a compiler), where the binary cannot say.
func (p *peer) versionEnv() string { return p.env + "_VERSION" }

var (
	peerDLX1 = &peer{name: "DLX1", env: "XCOVER_BENCH_DLX1",
		what: "Knuth's DLX1 (dlx1.w): exact cover by dancing links"}
	peerDLX2 = &peer{name: "DLX2", env: "XCOVER_BENCH_DLX2",
		what: "Knuth's DLX2 (dlx2.w): dancing links with colors"}
	peerDLX3 = &peer{name: "DLX3", env: "XCOVER_BENCH_DLX3",
		what: "Knuth's DLX3 (dlx3.w): dancing links with multiplicities"}
	peerDLX5 = &peer{name: "DLX5", env: "XCOVER_BENCH_DLX5",
		what: "Knuth's DLX5 (dlx5.w): the cheapest covers"}
	peerDLX6 = &peer{name: "DLX6", env: "XCOVER_BENCH_DLX6",
		what: "Knuth's DLX6 (dlx6.w): the ZDD of all solutions"}
	peerDLXPRE = &peer{name: "DLX-PRE", env: "XCOVER_BENCH_DLXPRE",
		what: "Knuth's DLX-PRE (dlx-pre.w): the preprocessor"}
	peerSSXCC = &peer{name: "SSXCC", env: "XCOVER_BENCH_SSXCC",
		what: "Knuth's SSXCC (ssxcc.w): exact cover with colors on sparse sets"}
	peerSSMCC = &peer{name: "SSMCC", env: "XCOVER_BENCH_SSMCC",
		what: "Knuth's SSMCC (ssmcc.w): multiplicities on sparse sets"}
	peerTdoku = &peer{name: "tdoku", env: "XCOVER_BENCH_TDOKU",
		what: "a driver of tdoku's SolveSudoku (github.com/t-dillon/tdoku): for each puzzle line on stdin, its count of solutions with limit 2 (0, 1 or 2)"}
	peerQQWing = &peer{name: "qqwing", env: "XCOVER_BENCH_QQWING",
		what: "qqwing (Debian's qqwing), run as qqwing --solve --count-solutions --csv", versionFlag: true}
	peerCaDiCaL = &peer{name: "CaDiCaL", env: "XCOVER_BENCH_CADICAL",
		what: "the SAT solver CaDiCaL (Debian's cadical): a first model, then the CNF with it blocked", versionFlag: true}
)

// peers lists every peer, in the order the header lists them.
var peers = []*peer{peerDLX1, peerDLX2, peerDLX3, peerDLX5, peerDLX6, peerDLXPRE,
	peerSSXCC, peerSSMCC, peerTdoku, peerQQWing, peerCaDiCaL}

// binary is the path the environment gives for p, or "" when p is not
// given.
func (p *peer) binary() string { return os.Getenv(p.env) }

// check says why p's binary cannot be run, or nil.
func (p *peer) check() error {
	bin := p.binary()
	if bin == "" {
		return fmt.Errorf("%s not set", p.env)
	}
	st, err := os.Stat(bin)
	if err != nil {
		return fmt.Errorf("%s: %w", p.env, err)
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return fmt.Errorf("%s=%s is not an executable file", p.env, bin)
	}
	return nil
}

// version says which build of p runs: the version variable when set,
// the first line of --version where the program has one, and the first
// 12 hex digits of the binary's SHA-256, which names the build exactly.
func (p *peer) version(ctx context.Context) string {
	var parts []string
	if v := os.Getenv(p.versionEnv()); v != "" {
		parts = append(parts, v)
	}
	if p.versionFlag {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, p.binary(), "--version").Output()
		if line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n"); err == nil && line != "" {
			parts = append(parts, "`--version`: "+line)
		}
	}
	if sum, err := fileSHA256(p.binary()); err == nil {
		parts = append(parts, "sha256 "+sum[:12])
	}
	return strings.Join(parts, "; ")
}

// fileSHA256 is the hex SHA-256 of the file at path.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
