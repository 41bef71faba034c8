package cliparse

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		in       string
		min, max int64
		want     int64
		err      string
	}{
		{in: "3", min: 1, want: 3},
		{in: " 42 ", min: 1, want: 42},
		{in: "0", want: 0},
		{in: "0", min: 1, err: "expected a whole number from 1 to 9223372036854775807"},
		{in: "257", min: 1, max: 256, err: "expected a whole number from 1 to 256"},
		{in: "-1", err: "expected a whole number from 0 to 9223372036854775807"},
		{in: "1e3", min: 1, err: "expected a whole number from 1 to 9223372036854775807"},
		{in: "99999999999999999999", min: 1, err: "expected a whole number from 1 to 9223372036854775807"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			v := &Count{Min: tc.min, Max: tc.max}
			err := v.Set(tc.in)
			if got := fmt.Sprint(err); tc.err != "" && got != tc.err || tc.err == "" && (err != nil || v.N != tc.want) {
				t.Errorf("Set(%q) = %v, n %d; want %d, %q", tc.in, err, v.N, tc.want, tc.err)
			}
			if tc.err == "" && v.String() != fmt.Sprint(tc.want) {
				t.Errorf("String() = %q", v.String())
			}
		})
	}
}

func TestDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{in: "30s", want: 30 * time.Second},
		{in: " 1h30m ", want: 90 * time.Minute},
		{in: "5", err: "a duration needs a unit: 5s, 5m or 5h"},
		{in: "1.5", err: "a duration needs a unit: 1.5s, 1.5m or 1.5h"},
		{in: "0s", err: "expected a positive duration such as 30s"},
		{in: "-3s", err: "expected a positive duration such as 30s"},
		{in: "", err: "expected a duration such as 30s, 5m or 1h30m (at most 2562047h)"},
		{in: "99999999h", err: "expected a duration such as 30s, 5m or 1h30m (at most 2562047h)"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			v := &Duration{}
			err := v.Set(tc.in)
			if got := fmt.Sprint(err); tc.err != "" && got != tc.err || tc.err == "" && (err != nil || v.D != tc.want) {
				t.Errorf("Set(%q) = %v, %v; want %v, %q", tc.in, err, v.D, tc.want, tc.err)
			}
		})
	}
	if s := (&Duration{}).String(); s != "" {
		t.Errorf("zero Duration prints %q, want nothing (no default shown)", s)
	}
}

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{in: "512", want: 512},
		{in: "512B", want: 512},
		{in: "1k", want: 1 << 10},
		{in: "512MiB", want: 512 << 20},
		{in: "8 GiB", want: 8 << 30},
		{in: "1.5G", want: 3 << 29},
		{in: "2GB", want: 2e9},
		{in: "1TB", want: 1e12},
		{in: "3tib", want: 3 << 40},
		{in: "0", err: "expected a size such as 512MiB or 8GiB"},
		{in: "12XB", err: "expected a size such as 512MiB or 8GiB"},
		{in: "MiB", err: "expected a size such as 512MiB or 8GiB"},
		{in: "5000000TiB", err: "expected a size below 4 EiB"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			v := &Size{}
			err := v.Set(tc.in)
			if got := fmt.Sprint(err); tc.err != "" && got != tc.err || tc.err == "" && (err != nil || v.N != tc.want) {
				t.Errorf("Set(%q) = %v, %d; want %d, %q", tc.in, err, v.N, tc.want, tc.err)
			}
		})
	}
}

func TestPermuteArgs(t *testing.T) {
	flags := []cli.Flag{&cli.BoolFlag{Name: "count"}, &cli.StringFlag{Name: "format"}, &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}}}
	cmds := []*cli.Command{
		{Name: "solve", Flags: flags},
		{Name: "zdd", Subcommands: []*cli.Command{{Name: "sample", Flags: []cli.Flag{&cli.IntFlag{Name: "n"}}}}},
		// A command that runs itself and has a subcommand too.
		{Name: "sudoku", Flags: flags, Subcommands: []*cli.Command{{Name: "generate", Flags: []cli.Flag{&cli.IntFlag{Name: "size"}}}}},
	}
	for _, tc := range []struct{ in, want string }{
		{"x solve f", "x solve -- f"},
		{"x solve f --count", "x solve --count -- f"},
		{"x solve f -j 4 --format dlx", "x solve -j 4 --format dlx -- f"},
		{"x solve f -j4", "x solve -j 4 -- f"},
		{"x solve -j12 f", "x solve -j 12 -- f"},
		{"x solve -jx f", "x solve -j x -- f"}, // the value's parser says what is wrong
		{"x solve -cx f", "x solve -cx -- f"},  // no flag "c": the parser reports "-cx"
		{"x solve --j4 f", "x solve --j4 -- f"},
		{"x solve --format=dlx f", "x solve --format=dlx -- f"},
		{"x solve --count", "x solve --count"},
		{"x solve --count -- -f", "x solve --count -- -f"},
		{"x solve f --unknown g", "x solve --unknown -- f g"},
		{"x solve - --format", "x solve --format -- -"},
		{"x zdd sample f --n 3", "x zdd sample --n 3 -- f"},
		{"x zdd sample -n3 f", "x zdd sample -n 3 -- f"},
		{"x sudoku f --count", "x sudoku --count -- f"},
		{"x sudoku generate --size 9", "x sudoku generate --size 9"},
		{"x sudoku generate f --size 9", "x sudoku generate --size 9 -- f"},
		{"x solve f --generate-bash-completion", "x solve f --generate-bash-completion"},
		{"x other f --count", "x other f --count"},
		{"x solve", "x solve"},
		{"x", "x"},
	} {
		if got := strings.Join(PermuteArgs(strings.Fields(tc.in), cmds), " "); got != tc.want {
			t.Errorf("PermuteArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	quoted := func(s string) string { return fmt.Sprintf("%q", s) }
	for _, tc := range []struct {
		name       string
		candidates []string
		want       string
	}{
		{"solv", []string{"solve", "sudoku", "zdd"}, ` (did you mean "solve"?)`},
		{"sodoku", []string{"solve", "sudoku", "zdd"}, ` (did you mean "sudoku"?)`},
		{"frobnicate", []string{"solve", "sudoku", "zdd"}, ""},
		{"x", nil, ""},
	} {
		if got := DidYouMean(tc.name, tc.candidates, quoted); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestUsageMessage(t *testing.T) {
	flags := []cli.Flag{&cli.Int64Flag{Name: "limit"}, &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}}}
	for _, tc := range []struct{ in, want string }{
		{`invalid value "0" for flag -limit: expected a whole number from 1`, "--limit 0: expected a whole number from 1"},
		{`invalid value "x" for flag -j: parse error`, "-j x: parse error"},
		{"flag provided but not defined: -lmit", "unknown flag --lmit (did you mean --limit?)"},
		{"flag provided but not defined: -q", "unknown flag -q"},
		{"something else", "something else"},
	} {
		if got := UsageMessage(errors.New(tc.in), flags); got != tc.want {
			t.Errorf("UsageMessage(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOptionRefs(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{"3"}, []string{"3"}},
		{[]string{"1,4,5"}, []string{"1", "4", "5"}},
		{[]string{"a d, b g"}, []string{"a d", " b g"}},
		{[]string{"label:x,y"}, []string{"label:x,y"}},
		{[]string{"  label:0"}, []string{"  label:0"}},
		{[]string{"2,label:x"}, []string{"2", "label:x"}},
		{[]string{"1,2", "label:a,b", "3"}, []string{"1", "2", "label:a,b", "3"}},
		{[]string{""}, []string{""}},
	} {
		var v OptionRefs
		for _, s := range tc.in {
			if err := v.Set(s); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(v.Refs, tc.want) {
			t.Errorf("%q: %q, want %q", tc.in, v.Refs, tc.want)
		}
	}
}
