package bits

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestMemoryBound checks that Memory, and ColorMemory for colored
// problems, bound what a fresh engine allocates in every layout of rows
// (one word, two, four, wider): every array the engine holds, at its
// capacity, found by walking the engine's fields, arrays shared between
// fields counted once.
func TestMemoryBound(t *testing.T) {
	for _, tc := range []struct{ primary, secondary, colors, options int }{
		{50, 4, 0, 300},    // no colors: one word
		{100, 20, 0, 300},  // two words
		{200, 50, 0, 400},  // four
		{300, 50, 0, 400},  // wider
		{20, 6, 3, 150},    // colored rows of at most 64 bits
		{40, 20, 3, 200},   // two words
		{70, 30, 4, 300},   // four words
		{200, 120, 5, 400}, // wider
	} {
		t.Run(fmt.Sprintf("%d+%d,%d", tc.primary, tc.secondary, tc.colors), func(t *testing.T) {
			p := coloredProblem(rand.New(rand.NewPCG(uint64(tc.primary), 5)), tc.primary, tc.secondary, tc.colors, tc.options)
			e := core.New[Engine](p)
			if e.err != nil {
				t.Fatal(e.err)
			}
			took := allocated(reflect.ValueOf(e).Elem(), map[uintptr]bool{})
			bound := Memory(p.NItems, p.NumOptions()) + ColorMemory(p.NItems, p.NumOptions(), rowBits(p)-p.NItems)
			if took > bound {
				t.Errorf("%d-bit rows in %d words: the engine takes %d bytes, Memory and ColorMemory say %d", rowBits(p), e.words, took, bound)
			}
		})
	}
}

// coloredProblem returns a problem of options that each cover three
// primary items and use two secondary items, most of those uses with one
// of colors colors (none when colors is 0).
func coloredProblem(r *rand.Rand, primary, secondary, colors, options int) *core.Problem {
	p := &core.Problem{NPrimary: primary, NItems: primary + secondary, Begin: []int32{0}}
	for k := range options {
		prim := r.Perm(primary)[:3]
		sec := r.Perm(secondary)[:2]
		for _, i := range prim {
			p.Items = append(p.Items, int32(i))
			p.Colors = append(p.Colors, 0)
		}
		for _, j := range sec {
			c := int32(r.IntN(colors + 1))
			p.Items = append(p.Items, int32(primary+j))
			p.Colors = append(p.Colors, c)
		}
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
	}
	return p
}

// allocated returns the bytes of the arrays that v's slices reach, fields
// of fields included, each array (by its first element's address) once.
// Pointers are not followed: the problem belongs to the caller.
func allocated(v reflect.Value, seen map[uintptr]bool) int64 {
	switch v.Kind() {
	case reflect.Struct:
		var n int64
		for i := range v.NumField() {
			n += allocated(v.Field(i), seen)
		}
		return n
	case reflect.Slice:
		if v.Cap() == 0 || seen[v.Pointer()] {
			return 0
		}
		seen[v.Pointer()] = true
		n := int64(v.Cap()) * int64(v.Type().Elem().Size())
		for i := range v.Len() {
			n += allocated(v.Index(i), seen)
		}
		return n
	}
	return 0
}
