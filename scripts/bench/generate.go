package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
)

// langford is Langford's problem of order n in DLX: items v1…vn (the
// values) then s0…s(2n−1) (the slots), and for each value k and slot i
// the option "vk si sj" with j = i+k+1 < 2n, which puts the two k's k
// slots apart. Both a pairing and its mirror image are counted.
func langford(n int) []byte {
	var b bytes.Buffer
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "v%d ", k)
	}
	for i := range 2 * n {
		fmt.Fprintf(&b, "s%d", i)
		if i < 2*n-1 {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('\n')
	for k := 1; k <= n; k++ {
		for i := 0; i+k+1 < 2*n; i++ {
			fmt.Fprintf(&b, "v%d s%d s%d\n", k, i, i+k+1)
		}
	}
	return b.Bytes()
}

// dominoes is the tilings of an r×c board by dominoes in DLX: an item per
// cell, named by its row and column in two digits each ("0307"), and an
// option per pair of neighbouring cells.
func dominoes(r, c int) []byte {
	var b bytes.Buffer
	for i := range r {
		for j := range c {
			if i+j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%02d%02d", i, j)
		}
	}
	b.WriteByte('\n')
	for i := range r {
		for j := range c {
			if j+1 < c {
				fmt.Fprintf(&b, "%02d%02d %02d%02d\n", i, j, i, j+1)
			}
			if i+1 < r {
				fmt.Fprintf(&b, "%02d%02d %02d%02d\n", i, j, i+1, j)
			}
		}
	}
	return b.Bytes()
}

// costSeed fixes the random costs, so that every run of the script
// makes the same instances (math/rand/v2's PCG is specified to give the
// same sequence on every platform and Go release).
const costSeed = 1

// maxCost is the largest random cost of an option: costs are 0…maxCost.
const maxCost = 20

// withCosts gives every option of the DLX problem spec a cost drawn
// uniformly from 0…maxCost, as "|n" after its items (DLX5's notation).
// Comment lines and the line of items stay as they are.
func withCosts(spec []byte) []byte {
	rng := rand.New(rand.NewPCG(costSeed, 0))
	var b bytes.Buffer
	items := false
	sc := bufio.NewScanner(bytes.NewReader(spec))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		b.WriteString(line)
		if trimmed != "" && !strings.HasPrefix(trimmed, "|") {
			if items {
				fmt.Fprintf(&b, " |%d", rng.IntN(maxCost+1))
			}
			items = true
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// runXcover runs the built xcover with args and stdin (none when nil),
// unpinned and untimed, to make an input, and returns its stdout.
func runXcover(e *env, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.Command(e.xcover, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("xcover %s: %v: %s", strings.Join(args, " "), err, lastLine(stderr.Bytes()))
	}
	return out, nil
}

// line is line k (from 1) of the file at path, with its newline.
func line(path string, k int) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	if k < 1 || k > len(lines) || strings.TrimSpace(lines[k-1]) == "" {
		return nil, fmt.Errorf("%s has no line %d", path, k)
	}
	return []byte(strings.TrimSpace(lines[k-1]) + "\n"), nil
}
