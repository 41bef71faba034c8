package exactcover

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
)

func quickRead(t testing.TB, path string) *Problem {
	f, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	p := &Problem{}
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '|' {
			continue
		}
		if first {
			a, b, _ := strings.Cut(line, "|")
			p.Primary = strings.Fields(a)
			p.Secondary = strings.Fields(b)
			first = false
			continue
		}
		p.Options = append(p.Options, NewOption(strings.Fields(line)...))
	}
	return p
}

func TestQuick(t *testing.T) {
	for _, name := range []string{"queens-14", "sudoku-multi-823k", "pent-6x10"} {
		p := quickRead(t, "../../shared/data/exactcover/"+name+".dlx")
		s, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		st, err := s.Count(context.Background())
		t.Log(name, st, st.Cleansings, err)
	}
}
