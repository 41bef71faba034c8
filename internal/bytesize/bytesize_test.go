package bytesize

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0B"}, {1023, "1023B"}, {1 << 10, "1KiB"}, {1536, "1.5KiB"}, {1000 << 10, "1000KiB"}, {1<<20 - 1, "1MiB"}, {1<<20 - 1<<10, "1023KiB"}, {102359, "100KiB"},
		{512 << 20, "512MiB"}, {8 << 30, "8GiB"}, {3 << 29, "1.5GiB"}, {1 << 40, "1TiB"},
		{1 << 50, "1PiB"}, {1 << 60, "1EiB"}, {1<<63 - 1, "8EiB"},
	} {
		if got := Format(tc.n); got != tc.want {
			t.Errorf("Format(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
