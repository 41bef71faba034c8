package plural

import "testing"

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{{0, "0 nodes"}, {1, "1 node"}, {2, "2 nodes"}, {-1, "-1 nodes"}, {1 << 40, "1099511627776 nodes"}} {
		if got := Of(tt.n, "node"); got != tt.want {
			t.Errorf("Of(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
