// Record tests: every way a game ends gives a record that Verify accepts and Tally sums up as Run does; edited records are refused.
package match

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestRecordsVerifyAndTally(t *testing.T) {
	t.Parallel()
	sprt, _ := ParseSPRT("elo0=0,elo1=100")
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"illegal", Config{Games: 4, MaxPlies: 7, SPRT: &sprt, Engines: [2]EngineSpec{fake(t), fake(t, "-mode", "illegal", "-at", "3")}}},
		{"crash", Config{Games: 2, Engines: [2]EngineSpec{fake(t), fake(t, "-mode", "crash", "-at", "2")}}},
		{"resign", Config{Games: 2, Engines: [2]EngineSpec{fake(t, "-proto", "xboard", "-mode", "resign", "-at", "2"), fake(t)}}},
		{"refusal", Config{Games: 2, Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard", "-mode", "reject", "-at", "2")}}},
		{"hang", Config{Games: 2, TC: TimeControl{Base: time.Second}, Grace: 100 * time.Millisecond,
			Engines: [2]EngineSpec{fake(t, "-mode", "hang", "-at", "2"), fake(t)}}},
		{"random", Config{Games: 4, RandomPlies: 2, Engines: [2]EngineSpec{fake(t), fake(t, "-seed", "3")}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := run(t, c.cfg)
			rs := open(t, "chess")
			var back []*Game
			for _, g := range s.Games {
				r := RecordOf(g)
				if err := Verify(rs, r, c.cfg.MaxPlies); err != nil {
					t.Errorf("game %d (%s, %s): %v", g.Index, g.Termination, g.Reason, err)
				}
				back = append(back, r.Game(s.Names))
			}
			got := Tally(s.Names, back, c.cfg.Games, c.cfg.SPRT)
			if got.Estimate != s.Estimate || got.White != s.White || !reflect.DeepEqual(got.Endings, s.Endings) ||
				got.LLR != s.LLR || got.Decision != s.Decision || got.Stopped != s.Stopped {
				t.Errorf("Tally %+v, Run %+v", got, s)
			}
		})
	}
}

func TestVerifyRefuses(t *testing.T) {
	rs := open(t, "chess")
	good := Record{Index: 0, White: 0, Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}, SAN: []string{"f3", "e5", "g4", "Qh4#"},
		Millis: make([]int64, 4), Evals: make([]string, 4), Result: "0-1", Reason: "checkmate", Termination: "normal"}
	if err := Verify(rs, good, 0); err != nil {
		t.Fatalf("the fool's mate: %v", err)
	}
	for i, c := range []struct {
		edit func(r *Record)
		want string
	}{
		{func(r *Record) { r.White = 1 }, "engine 1 is White in even games"},
		{func(r *Record) { r.Moves[1] = "e7e4" }, "move 2"},
		{func(r *Record) { r.SAN[3] = "Qh4+" }, "its SAN is Qh4#"},
		{func(r *Record) { r.Result = "1-0" }, "but the moves end in 0-1"},
		{func(r *Record) { r.Termination = "time forfeit" }, "the moves end the game"},
		{func(r *Record) {
			r.Moves, r.SAN = r.Moves[:3], r.SAN[:3]
			r.Millis, r.Evals = r.Millis[:3], r.Evals[:3]
			r.Termination = "time forfeit"
		}, "the side to move is the one that lost"},
		{func(r *Record) {
			r.Moves, r.SAN = r.Moves[:3], r.SAN[:3]
			r.Millis, r.Evals = r.Millis[:3], r.Evals[:3]
			r.Termination = "adjudication"
		}, "by adjudication after 3 plies"},
		{func(r *Record) { r.Evals = nil }, "0 scores"},
		{func(r *Record) { r.Termination = "bribery" }, "bribery"},
	} {
		r := good
		r.Moves, r.SAN = append([]string(nil), good.Moves...), append([]string(nil), good.SAN...)
		c.edit(&r)
		if err := Verify(rs, r, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("#%d: %v, want %q", i, err, c.want)
		}
	}
}

// TestHeader: a header records the clocks and SPRT it is given and reads them back as the
// match's Config; shards of one match are the same match (their shard, their partial
// note and, for a shard stopped before its engines gave names, the names aside), a
// change of anything else is another; and a header of another command is refused.
func TestHeader(t *testing.T) {
	tc := TimeControl{Moves: 40, Base: 90 * time.Second, Inc: 250 * time.Millisecond}
	tc2 := TimeControl{Nodes: 5000, Depth: 7}
	sprt := SPRT{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.1}
	t2 := TCRecordOf(tc2)
	h := Header{Chimera: "match", Variant: "chess", Names: [2]string{"a", "b"}, Games: 10, TC: TCRecordOf(tc), TC2: &t2,
		Seed: 3, MaxPlies: 200, SPRT: &SPRTRecord{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.1}, Shard: "0/2"}
	cfg := h.Config()
	if cfg.TC != tc || cfg.TC2 == nil || *cfg.TC2 != tc2 || cfg.SPRT == nil || *cfg.SPRT != sprt || cfg.Games != 10 || cfg.MaxPlies != 200 || cfg.Seed != 3 {
		t.Fatalf("Config: %+v (TC2 %v, SPRT %v)", cfg, cfg.TC2, cfg.SPRT)
	}
	other := h
	other.Shard, other.Partial = "1/2", "interrupted (interrupt) after 1 of 5 games"
	if !h.Same(other) {
		t.Error("two shards of one match differ")
	}
	other.Names = [2]string{}
	if !h.Same(other) {
		t.Error("a shard stopped before its engines gave names differs")
	}
	other.Names = [2]string{"a", "c"}
	if h.Same(other) {
		t.Error("other names, the same match")
	}
	other = h
	t3 := TCRecordOf(TimeControl{Nodes: 6000})
	other.TC2 = &t3
	if h.Same(other) {
		t.Error("another engine 2's budget, the same match")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "p.jsonl")
	if err := os.WriteFile(path, []byte(`{"chimera":"perft","variant":"chess"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRecords(path); err == nil || !strings.Contains(err.Error(), "p.jsonl:1: not the header of chimera match records") {
		t.Errorf("perft records read as a match's: %v", err)
	}
}
