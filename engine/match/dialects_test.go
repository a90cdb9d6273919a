// The dialects refereed against Fairy-Stockfish 11.1, which speaks USI and UCCI too: a game of shogi over USI and one of xiangqi over UCCI, both sides' moves legal throughout; engine lines, spec prefixes and the dialects' clocks.
package match

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// fairyStockfish is Fairy-Stockfish's path, or the test is skipped.
func fairyStockfish(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"fairy-stockfish", "/usr/games/fairy-stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("fairy-stockfish not found (Debian installs it in /usr/games)")
	return ""
}

// Chimera against Fairy-Stockfish, each speaking the dialect: a whole game (in -short, the
// first 40 plies) with no illegal move, no refusal and no time forfeit.
func TestDialectsAgainstFairyStockfish(t *testing.T) {
	t.Parallel()
	fsf := fairyStockfish(t)
	bin := binary(t, "chimera")
	maxPlies := 0
	if testing.Short() {
		maxPlies = 40
	}
	for _, c := range []struct {
		variant, dialect string
		proto            Protocol
		want             []string // in the log
	}{
		{"shogi", "usi", USI, []string{"< usi", "> usiok", "< usinewgame", "< go btime 0 wtime 0 byoyomi 40", "< gameover "}},
		{"xiangqi", "ucci", UCCI, []string{"< ucci", "> ucciok", "< setoption usemillisec true", "< go time 40 movestogo 1"}},
	} {
		t.Run(c.dialect, func(t *testing.T) {
			s, log := run(t, Config{Ruleset: open(t, c.variant), Games: 1, MaxPlies: maxPlies, Seed: 1, RandomPlies: 2,
				TC: TimeControl{MoveTime: 40 * time.Millisecond}, Grace: 2 * time.Second,
				Engines: [2]EngineSpec{{Args: []string{bin, c.dialect}, Protocol: c.proto}, {Args: []string{fsf}, Protocol: c.proto}}})
			if len(s.Games) != 1 {
				t.Fatalf("%d games", len(s.Games))
			}
			g := s.Games[0]
			t.Logf("%s: %s %s (%s), %d plies", c.variant, g.Names[g.White], g.Result, g.Reason, len(g.Moves))
			if g.Termination != "normal" && g.Termination != "adjudication" {
				t.Errorf("%s: %s %q\n%s", c.variant, g.Termination, g.Reason, tail(log, 3000))
			}
			if maxPlies == 0 && g.Termination != "normal" {
				t.Errorf("the game did not end by the rules: %q", g.Reason)
			}
			for _, w := range c.want {
				if !strings.Contains(log, w) {
					t.Errorf("no %q in the log:\n%s", w, tail(log, 3000))
				}
			}
		})
	}
}

func TestParseEngineDialects(t *testing.T) {
	for _, c := range []struct {
		in    string
		proto Protocol
		args  string
	}{
		{"usi:fairy-stockfish", USI, "fairy-stockfish"},
		{"ucci:'/opt/x y/eleeye'", UCCI, "/opt/x y/eleeye"},
		{"xboard-usi:gnushogi -x", XBoardUSI, "gnushogi|-x"},
		{"uci:a", UCI, "a"},
		{"b", Detect, "b"},
	} {
		spec, err := ParseEngine(c.in)
		if err != nil || spec.Protocol != c.proto || strings.Join(spec.Args, "|") != c.args {
			t.Errorf("%q: %v %q %v; want %v %q", c.in, spec.Protocol, spec.Args, err, c.proto, c.args)
		}
	}
}

// Each dialect's go line, from the same clocks: White (the first player) has 9 s and an
// increment of 100 ms, Black 8 s and 200 ms.
func TestGoCommands(t *testing.T) {
	g := &gameState{}
	g.tc[0] = TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}
	g.tc[1] = TimeControl{Base: 10 * time.Second, Inc: 200 * time.Millisecond}
	tn := turn{side: 1, clock: [2]time.Duration{9 * time.Second, 8 * time.Second}}
	for _, c := range []struct {
		dialect Protocol
		want    string
	}{
		{UCI, "go wtime 9000 btime 8000 winc 100 binc 200"},
		{USI, "go btime 9000 wtime 8000 binc 100 winc 200"},
		{UCCI, "go time 8000 increment 200 opptime 9000 oppincrement 100"},
	} {
		u := &uciPlayer{dialect: c.dialect}
		if got := u.goCommand(g, tn); got != c.want {
			t.Errorf("%v: got %q want %q", c.dialect, got, c.want)
		}
	}
	// Scores: UCCI's bare centipawns, USI's mates in plies.
	for _, c := range []struct {
		dialect Protocol
		line    string
		want    string
	}{
		{UCCI, "info depth 7 score 35 pv h2e2", "+0.35/7"},
		{UCCI, "info depth 7 score 9999 pv a0d0", "+M1/7"},
		{UCCI, "info depth 7 score -9996 pv a0d0", "-M2/7"},
		{USI, "info depth 9 score mate 5 pv 7g7f", "+M3/9"},
		{USI, "info depth 9 score mate -4 pv 7g7f", "-M2/9"},
		{UCI, "info depth 9 score mate 3 pv e2e4", "+M3/9"},
	} {
		if got := uciEval(strings.Fields(c.line), c.dialect); got != c.want {
			t.Errorf("%v %q: got %q want %q", c.dialect, c.line, got, c.want)
		}
	}
}

// GNU Shogi's lines: its move with its score after it, its echo of the opponent's move
// (not a move of its own), and "Illegal move" for a command it does not know, which is
// not a refusal of the move sent with it.
func TestXBoardUSILines(t *testing.T) {
	for _, c := range []struct {
		line string
		move string
	}{{"1. ... 7g7f 298820", "7g7f"}, {"12. ... P*5e -3010", "P*5e"}, {"1. ... e7e5", "e7e5"}, {"1. 7g7f 0", ""}} {
		got := ""
		if m := v1MoveRE.FindStringSubmatch(c.line); m != nil {
			got = m[1]
		}
		if got != c.move {
			t.Errorf("%q: move %q, want %q", c.line, got, c.move)
		}
	}
	cmds := []string{"time 2000", "otim 1923", "7g7f", "go"}
	for line, want := range map[string]bool{
		"Illegal move (no match) otim": true,
		"Illegal move (no match) go":   true,
		"Illegal move (no match) 7g7f": false,
		"Illegal move: 7g7f":           false,
	} {
		if got := namesCommand(line, cmds); got != want {
			t.Errorf("namesCommand(%q) = %v, want %v", line, got, want)
		}
	}
	// USI's squares both ways for an XBoard engine with USI squares.
	rs := open(t, "shogi")
	x := &xbPlayer{usiSquares: true}
	if got := x.moveOut(rs, "c3c4"); got != "7g7f" {
		t.Errorf("moveOut(c3c4) = %s", got)
	}
	if got := x.moveIn(rs, "P*5e"); got != "P@e5" {
		t.Errorf("moveIn(P*5e) = %s", got)
	}
}
