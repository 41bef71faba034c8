package exactcover

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Shard names part K (1…N) of a search divided into N parts that share
// nothing, for N machines (see Config.Shard). The zero value is no shard.
type Shard struct{ K, N int }

// MaxShards bounds N: every shard computes the whole split, expanding the
// tree to splitUnitsPerShard·N units, two million at this limit.
const MaxShards = 1 << 16

// ErrBadShard: a shard that is not K/N with 1 ≤ K ≤ N ≤ MaxShards.
var ErrBadShard = errors.New("bad shard")

// ParseShard reads a shard written K/N, for example 3/8.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	var sh Shard
	var err1, err2 error
	sh.K, err1 = strconv.Atoi(strings.TrimSpace(k))
	sh.N, err2 = strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%w %q: expected K/N, such as 3/8", ErrBadShard, s)
	}
	if err := sh.check(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

// String writes the shard as K/N.
func (sh Shard) String() string { return fmt.Sprintf("%d/%d", sh.K, sh.N) }

// describe names the shard for messages.
func (sh Shard) describe() string {
	if sh == (Shard{}) {
		return "not a shard"
	}
	return "shard " + sh.String()
}

func (sh Shard) check() error {
	if sh.N < 1 || sh.N > MaxShards || sh.K < 1 || sh.K > sh.N {
		return fmt.Errorf("%w %d/%d: expected K/N with 1 ≤ K ≤ N ≤ %d", ErrBadShard, sh.K, sh.N, MaxShards)
	}
	return nil
}
