package partners_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"chimera/engine/partners"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
)

// TestMatchesReplay plays games of four of the built-in bughouse with node-limited
// engines and checks that each replays by the rules to the same final position and
// result (partners.Verify, which rebuilds the pair from the moves alone), that a second
// run gives the very same matches, that men were passed and both boards played, and that
// the PGN holds one game per board with its Board tag.
func TestMatchesReplay(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	n, plies := 2, 160
	if !testing.Short() {
		n, plies = 6, 400
	}
	opt := selfplay.Options{Limits: search.Limits{Nodes: 300}, HashMB: 1, MaxPlies: plies, Jitter: 0.2}
	specs := partners.Specs(n, interpreter.PairFEN(rs, rs.Setups()[0].FEN), 4, 11)
	games, err := partners.Run(rs, specs, opt, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, err := partners.Run(rs, specs, opt, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	passed := 0
	for i, g := range games {
		if err := partners.Verify(rs, g, plies); err != nil {
			t.Errorf("match %d does not replay: %v", i, err)
		}
		g2 := again[i]
		g.Millis, g2.Millis = 0, 0
		if !reflect.DeepEqual(g, g2) {
			t.Errorf("match %d differs between two runs:\n%v\n%v", i, g.Moves, g2.Moves)
		}
		boards := map[byte]int{}
		for _, m := range g.Moves {
			boards[m[0]]++
		}
		if boards['A'] == 0 || boards['B'] == 0 {
			t.Errorf("match %d: moves by board %v: both boards should play", i, boards)
		}
		passed += g.Passed
		t.Logf("match %d: %s %s (board %d) after %d plies, %d men passed, clocks %v", i, g.Result, g.Reason, g.Board, len(g.Moves), g.Passed, g.Clocks)
	}
	if passed == 0 {
		t.Errorf("no man was passed to a partner in %d matches", n)
	}
	// An edited record is caught.
	bad := games[0]
	bad.Final = strings.Replace(bad.Final, "[", "[Q", 1)
	if err := partners.Verify(rs, bad, plies); err == nil {
		t.Errorf("a record with a queen added to a pocket verified")
	}
	var pgn bytes.Buffer
	if err := partners.WritePGN(&pgn, rs, "chimera selfplay", "bughouse", "", [2]string{"chimera", "chimera"}, games[0]); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Board "A"]`, `[Board "B"]`, `[Match "A:`, `(board B black, team 1)`} {
		if !strings.Contains(pgn.String(), want) {
			t.Errorf("PGN lacks %s:\n%s", want, pgn.String())
		}
	}
}

// TestEngineBeatsARandomTeam: with team 2's seats playing random legal moves, the engine's
// team wins (node-limited, so the matches are the same each run) and every match replays
// by the rules.
func TestEngineBeatsARandomTeam(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	n := 4
	if !testing.Short() {
		n = 10
	}
	opt := selfplay.Options{Limits: search.Limits{Nodes: 300}, HashMB: 1, MaxPlies: 400}
	games, err := partners.Run(rs, partners.Specs(n, interpreter.PairFEN(rs, rs.Setups()[0].FEN), 0, 5), opt, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for i, g := range games {
		if err := partners.Verify(rs, g, 400); err != nil {
			t.Errorf("match %d does not replay: %v", i, err)
		}
		if g.Result == "1-0" {
			wins++
		}
	}
	if wins < n-1 {
		t.Errorf("the engine's team won %d of %d matches against random moves", wins, n)
	}
}
