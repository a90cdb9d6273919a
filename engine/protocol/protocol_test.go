// Tests of ReadCommands (lines at and past the bound, line endings, the end of the input, quit) and of the caps.
package protocol

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"chimera/engine/search"
)

func TestReadCommands(t *testing.T) {
	at := strings.Repeat("a", MaxLineBytes)
	past := strings.Repeat("b", MaxLineBytes+1)
	for i, c := range []struct {
		in   string
		want []string // lines handled, and "long N START" for a line skipped
	}{
		{"uci\n\n  isready  \r\nquit\nafter\n", []string{"uci", "isready", "quit"}},
		{"go\r\nlast", []string{"go", "last"}},
		{at + "\n" + at + "\r\nx", []string{"a×1048576", "a×1048576", "x"}},
		{past + "\nnext\n", []string{"long 1048577 " + past[:100], "next"}},
		{past + "\r\n" + past, []string{"long 1048577 " + past[:100], "long 1048577 " + past[:100]}},
		{strings.Repeat("c", 3*MaxLineBytes) + "\r\nquit\nnot read\n", []string{"long 3145728 " + strings.Repeat("c", 100), "quit"}},
	} {
		var got []string
		ReadCommands(strings.NewReader(c.in), func(line string) bool {
			if len(line) > 100 {
				got = append(got, fmt.Sprintf("%c×%d", line[0], len(line)))
			} else {
				got = append(got, line)
			}
			return line != "quit"
		}, func(start string, n int64) { got = append(got, fmt.Sprintf("long %d %s", n, start)) })
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("#%d got %.300q want %.300q", i, got, c.want)
		}
	}
}

func TestCapsBound(t *testing.T) {
	caps := Caps{Depth: 3, MoveTime: time.Second}
	for i, c := range []struct{ in, want search.Limits }{
		{search.Limits{}, search.Limits{Depth: 3, MoveTime: time.Second}},
		{search.Limits{Depth: 8, MoveTime: time.Minute}, search.Limits{Depth: 3, MoveTime: time.Second}},
		{search.Limits{Depth: 2, Time: [2]time.Duration{time.Minute, time.Millisecond}}, search.Limits{Depth: 2, Time: [2]time.Duration{time.Second, time.Millisecond}}},
		{search.Limits{Infinite: true}, search.Limits{Depth: 3, Infinite: true}},
	} {
		if got := caps.Bound(c.in); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("#%d got %+v want %+v", i, got, c.want)
		}
	}
	if Caps.Hash(Caps{HashMB: 2}, 64) != 2 || Caps.Hash(Caps{}, 64) != 64 {
		t.Errorf("hash caps")
	}
}
