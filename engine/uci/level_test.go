// Playing levels over UCI: Skill Level, UCI_LimitStrength and UCI_Elo offered, checked and used; Contempt the same.
package uci

import (
	"strings"
	"testing"

	"chimera/engine/search"
)

func TestUCILevels(t *testing.T) {
	s := newUCISession(t)
	s.send("uci")
	got := s.until("uciok", func(l string) bool { return l == "uciok" })
	for _, want := range []string{"option name Skill Level type spin default 10 min 1 max 10", "option name UCI_LimitStrength type check default false", "option name UCI_Elo type spin"} {
		found := false
		for _, l := range got {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("uci lacks %q", want)
		}
	}
	s.send("setoption name Skill Level value 0", "setoption name Skill Level value eleven", "setoption name UCI_Elo value 5")
	if errs := s.ready(); len(errs) != 3 || !strings.Contains(errs[0], "Skill Level must be from 1 to 10") || !strings.Contains(errs[2], "UCI_Elo must be from") {
		t.Errorf("bad values: %q", errs)
	}
	s.send("setoption name Skill Level value 3")
	s.ready()
	if s.u.level != 3 {
		t.Errorf("level %d after Skill Level 3", s.u.level)
	}
	// A levelled search stops at its level's depth.
	s.send("position startpos", "go movetime 5000")
	lines := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
	deepest := 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == "info" && f[1] == "depth" {
			var d int
			for _, c := range f[2] {
				d = d*10 + int(c-'0')
			}
			deepest = max(deepest, d)
		}
	}
	if deepest == 0 || deepest > 2 {
		t.Errorf("Skill Level 3 searched to depth %d (its depth is 2)", deepest)
	}
}

func TestLevelForElo(t *testing.T) {
	if search.LevelForElo(search.MaxElo) != search.MaxLevel || search.LevelForElo(search.MinElo) != 1 || search.LevelForElo(0) != 1 {
		t.Errorf("ends: %d %d %d", search.LevelForElo(search.MaxElo), search.LevelForElo(search.MinElo), search.LevelForElo(0))
	}
	prev := 0
	for elo := search.MinElo; elo <= search.MaxElo; elo += 10 {
		l := search.LevelForElo(elo)
		if l < prev {
			t.Fatalf("Elo %d gives level %d, below %d for less", elo, l, prev)
		}
		prev = l
	}
}

// TestUCIContempt: the Contempt option is offered at 0, refuses values out of range or not
// numbers, and keeps the one set.
func TestUCIContempt(t *testing.T) {
	s := newUCISession(t)
	s.send("uci")
	got := s.until("uciok", func(l string) bool { return l == "uciok" })
	found := false
	for _, l := range got {
		found = found || l == "option name Contempt type spin default 0 min -1000 max 1000"
	}
	if !found {
		t.Errorf("uci lacks the Contempt option: %q", got)
	}
	s.send("setoption name Contempt value 1001", "setoption name Contempt value much")
	if errs := s.ready(); len(errs) != 2 || !strings.Contains(errs[0], "Contempt must be from -1000 to 1000") {
		t.Errorf("bad values: %q", errs)
	}
	s.send("setoption name Contempt value 25")
	s.ready()
	if s.u.contempt != 25 {
		t.Errorf("contempt %d after setting 25", s.u.contempt)
	}
}
