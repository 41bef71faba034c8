package zdd

import (
	"bufio"
	"io"
	"strconv"
)

// WriteTo writes z in the text format that [Read] reads and Knuth's
// ZDDREAD programs read, as his DLX6 writes it, after a [Header] line
// (the count of nodes, and the problem set by [ZDD.WithProblem]): the
// internal nodes children first, numbered from 2 in hexadecimal, then the root marker, a
// node of variable 0 whose HI is the root (so that ZDDREAD, which takes the
// first node of the smallest variable as the root, finds it whatever the
// variables are). A ZDD with no internal node is the marker alone: its HI
// is 0 for the empty family, 1 for the family holding the empty set.
func (z *ZDD) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	var (
		n    int64
		line []byte
	)
	put := func(id int, v int32, lo, hi int32) error {
		line = strconv.AppendUint(line[:0], uint64(id), 16)
		line = append(line, ": (~"...)
		line = strconv.AppendInt(line, int64(v), 10)
		line = append(line, '?')
		line = strconv.AppendUint(line, uint64(lo), 16)
		line = append(line, ':')
		line = strconv.AppendUint(line, uint64(hi), 16)
		line = append(line, ")\n"...)
		k, err := bw.Write(line)
		n += int64(k)
		return err
	}
	line = appendHeader(line, Header{Nodes: len(z.nodes) - 2, Problem: z.problem})
	k, err := bw.Write(line)
	if n = int64(k); err != nil {
		return n, err
	}
	for i := 2; i < len(z.nodes); i++ {
		nd := z.nodes[i]
		if err := put(i, nd.v, nd.lo, nd.hi); err != nil {
			return n, err
		}
	}
	if err := put(len(z.nodes), 0, 0, int32(z.root)); err != nil {
		return n, err
	}
	return n, bw.Flush()
}
