// Referee tests: adjudication, clocks, colour alternation and openings, over fake and real engines.
package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var (
	binDir  string
	binOnce = map[string]*sync.Once{"fake": {}, "chimera": {}}
	binErr  = map[string]*error{"fake": new(error), "chimera": new(error)} // each written in its Once
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "match-test-")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// binary builds the fake engine ("fake") or chimera ("chimera") once for the test run.
func binary(t *testing.T, which string) string {
	t.Helper()
	pkg := map[string]string{"fake": "./engine/match/testdata/fakeengine", "chimera": "."}[which]
	out := filepath.Join(binDir, which)
	binOnce[which].Do(func() {
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Dir = "../.."
		if b, err := cmd.CombinedOutput(); err != nil {
			*binErr[which] = fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
		}
	})
	if *binErr[which] != nil {
		t.Fatal(*binErr[which])
	}
	return out
}

func open(t *testing.T, name string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func fake(t *testing.T, args ...string) EngineSpec {
	return EngineSpec{Args: append([]string{binary(t, "fake")}, args...)}
}

func run(t *testing.T, cfg Config) (*Summary, string) {
	t.Helper()
	var pgn, progress, log bytes.Buffer
	cfg.PGN, cfg.Progress, cfg.Log = &pgn, &progress, &log
	if cfg.Ruleset == nil {
		cfg.Ruleset = open(t, "chess")
	}
	if cfg.TC == (TimeControl{}) {
		cfg.TC = TimeControl{Base: 5 * time.Second, Inc: 100 * time.Millisecond}
	}
	if cfg.StartTimeout == 0 {
		cfg.StartTimeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s, err := Run(ctx, cfg)
	if err != nil {
		t.Fatalf("Run: %v\nlog:\n%s", err, tail(log.String(), 3000))
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("progress:\n%s", progress.String())
	}
	checkPGN(t, cfg, s, pgn.String())
	return s, log.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// checkPGN reads the PGN back: every game replays to its recorded end, with its tags.
func checkPGN(t *testing.T, cfg Config, s *Summary, text string) {
	t.Helper()
	games, err := gametext.ReadPGN(text)
	if err != nil {
		t.Fatalf("ReadPGN: %v", err)
	}
	if len(games) != len(s.Games) {
		t.Fatalf("PGN has %d games, the summary %d", len(games), len(s.Games))
	}
	for i, pg := range games {
		g := s.Games[i]
		tag := func(n string) string { v, _ := pg.Tag(n); return v.Value }
		if tag("Variant") != cfg.Ruleset.Name || tag("Result") != g.Result || tag("Termination") != g.Termination ||
			tag("White") != g.Names[g.White] || !timeTagsAgree(cfg, g, tag) {
			t.Errorf("game %d: tags %+v, game %+v", i+1, pg.Tags, g)
		}
		fen := tag("FEN")
		if fen == "" {
			fen, _ = standardStart(cfg.Ruleset)
		}
		p, err := interpreter.FromFEN(cfg.Ruleset, fen)
		if err != nil {
			t.Fatalf("game %d: FEN: %v", i+1, err)
		}
		r := gametext.ReplayGame(p, pg.Text)
		if r.Stop != nil || len(r.Moves) != len(g.Moves) || r.Result != g.Result {
			t.Errorf("game %d: replay stopped at %v after %d of %d moves, result %q", i+1, r.Stop, len(r.Moves), len(g.Moves), r.Result)
		}
		if g.Termination == "normal" && !strings.Contains(g.Reason, "resign") {
			if res := p.Result(); res.Score != g.Result {
				t.Errorf("game %d: the referee says %s, the final position %v", i+1, g.Result, res)
			}
		}
	}
}

// timeTagsAgree: TimeControl when both engines have the same clock, else each side's.
func timeTagsAgree(cfg Config, g *Game, tag func(string) string) bool {
	if cfg.TC2 == nil || cfg.TC2.String() == cfg.TC.String() {
		return tag("TimeControl") == cfg.TC.String()
	}
	w, b := cfg.TC, *cfg.TC2
	if g.White == 1 {
		w, b = b, w
	}
	return tag("TimeControl") == "" && tag("WhiteTimeControl") == w.String() && tag("BlackTimeControl") == b.String()
}

// A time handicap: each engine is told its own clock, in either colour and protocol.
func TestTimeHandicap(t *testing.T) {
	t.Parallel()
	slow := TimeControl{Base: 4 * time.Second, Inc: 400 * time.Millisecond}
	cfg := Config{Games: 2, MaxPlies: 6, TC: slow, TC2: &TimeControl{Base: time.Second, Inc: 100 * time.Millisecond},
		Engines: [2]EngineSpec{fake(t, "-name", "U"), fake(t, "-proto", "xboard", "-name", "X")}}
	_, log := run(t, cfg)
	for _, want := range []string{
		"winc 400 binc 100", // the UCI engine (4+0.4) as White against 1+0.1
		"winc 100 binc 400", // and as Black
		"level 0 0:01 0.1",  // the XBoard engine's own clock
	} {
		if !strings.Contains(log, want) {
			t.Errorf("%q not sent:\n%s", want, tail(log, 3000))
		}
	}
	if strings.Contains(log, "level 0 0:04") {
		t.Errorf("the XBoard engine was given engine 1's clock")
	}
	// The two kinds of clock do not mix.
	_, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: slow, TC2: &TimeControl{MoveTime: time.Second},
		Engines: [2]EngineSpec{fake(t), fake(t)}})
	if err == nil || !strings.Contains(err.Error(), "both be clocks, both fixed move times") {
		t.Errorf("a clock against a fixed move time: %v", err)
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	s, _ := run(t, Config{Games: 2, Engines: [2]EngineSpec{fake(t, "-name", "Good"), fake(t, "-mode", "illegal", "-at", "3", "-name", "Bad")}})
	if s.Names != [2]string{"Good", "Bad"} {
		t.Errorf("names %q", s.Names)
	}
	for _, g := range s.Games {
		if g.Score(0) != 1 || g.Termination != "rules infraction" || !strings.Contains(g.Reason, `illegal move "a1a1"`) {
			t.Errorf("game %d: %s %s %q", g.Index+1, g.Result, g.Termination, g.Reason)
		}
		if n := len(g.Moves); n != 4+g.White && n != 5-g.White {
			t.Errorf("game %d ended after %d plies", g.Index+1, n)
		}
	}
	if e := s.Estimate; e.W != 2 || e.L != 0 {
		t.Errorf("score %+v", e)
	}
}

func TestHangLosesOnTimeAndIsKilled(t *testing.T) {
	t.Parallel()
	start := time.Now()
	s, log := run(t, Config{Games: 2, TC: TimeControl{Base: time.Second}, Grace: 200 * time.Millisecond,
		Engines: [2]EngineSpec{fake(t, "-mode", "hang", "-at", "2"), fake(t)}})
	for _, g := range s.Games {
		if g.Score(0) != 0 || g.Termination != "time forfeit" || !strings.Contains(g.Reason, "killed") {
			t.Errorf("game %d: %s %s %q", g.Index+1, g.Result, g.Termination, g.Reason)
		}
	}
	if n := strings.Count(log, ": killed"); n < 2 {
		t.Errorf("%d kills in the log, want 2", n)
	}
	if n := strings.Count(log, ": started"); n != 3 { // both, then the hung one again for game 2
		t.Errorf("%d starts in the log: the hung engine was not restarted", n)
	}
	if d := time.Since(start); d > 90*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestCrashLoses(t *testing.T) {
	s, _ := run(t, Config{Games: 3, Engines: [2]EngineSpec{fake(t), fake(t, "-mode", "crash", "-at", "2")}})
	if len(s.Games) != 3 {
		t.Fatalf("%d games", len(s.Games))
	}
	for _, g := range s.Games {
		if g.Score(1) != 0 || g.Termination != "abandoned" || !strings.Contains(g.Reason, "exit status 3") {
			t.Errorf("game %d: %s %s %q", g.Index+1, g.Result, g.Termination, g.Reason)
		}
	}
}

func TestXBoardResignAndRefusal(t *testing.T) {
	s, _ := run(t, Config{Games: 2, Engines: [2]EngineSpec{fake(t, "-proto", "xboard", "-mode", "resign", "-at", "2"), fake(t)}})
	for _, g := range s.Games {
		if g.Score(0) != 0 || g.Termination != "normal" || !strings.Contains(g.Reason, "resigns") {
			t.Errorf("resign game %d: %s %s %q", g.Index+1, g.Result, g.Termination, g.Reason)
		}
	}
	s, _ = run(t, Config{Games: 2, Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard", "-mode", "reject", "-at", "2")}})
	for _, g := range s.Games {
		if g.Score(1) != 0 || g.Termination != "rules infraction" || !strings.Contains(g.Reason, "refused") {
			t.Errorf("refusal game %d: %s %s %q", g.Index+1, g.Result, g.Termination, g.Reason)
		}
	}
}

func TestDetectAndVariant(t *testing.T) {
	koopa := open(t, "koopa")
	s, log := run(t, Config{Ruleset: koopa, Games: 2, MaxPlies: 30, RandomPlies: 2,
		Engines: [2]EngineSpec{fake(t, "-proto", "xboard", "-name", "X"), fake(t, "-name", "U")}})
	if !strings.Contains(log, "variant koopa") || !strings.Contains(log, "setoption name UCI_Variant value koopa") {
		t.Errorf("the variant was not sent both ways:\n%s", tail(log, 2000))
	}
	if !strings.Contains(log, "< protover 2") {
		t.Errorf("the XBoard engine was not detected")
	}
	for _, g := range s.Games {
		if g.Termination != "normal" && g.Termination != "adjudication" {
			t.Errorf("game %d: %s %q", g.Index+1, g.Termination, g.Reason)
		}
	}
	// An engine that does not offer the variant stops the match before it begins.
	_, err := Run(context.Background(), Config{Ruleset: open(t, "hostage"), Games: 2, TC: TimeControl{Base: time.Second},
		StartTimeout: 20 * time.Second, Engines: [2]EngineSpec{fake(t), fake(t)}})
	if err == nil || !strings.Contains(err.Error(), "does not offer the variant hostage") {
		t.Errorf("hostage with an engine that does not play it: %v", err)
	}
}

func TestPairingAndColours(t *testing.T) {
	cfg := Config{Games: 6, RandomPlies: 4, Seed: 7, Concurrency: 3, MaxPlies: 20,
		Engines: [2]EngineSpec{fake(t, "-name", "A"), fake(t, "-name", "B", "-seed", "2")}}
	s, _ := run(t, cfg)
	if len(s.Games) != 6 {
		t.Fatalf("%d games", len(s.Games))
	}
	rs := open(t, "chess")
	for i, g := range s.Games {
		if g.Index != i || g.White != i%2 {
			t.Errorf("game %d: index %d, engine %d White", i+1, g.Index, g.White+1)
		}
		st, err := startOf(rs, nil, "", 4, 7, i/2)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 4; k++ {
			if !g.Moves[k].Book || g.Moves[k].Coord != st.moves[k] {
				t.Errorf("game %d move %d: %+v, want book %s", i+1, k+1, g.Moves[k], st.moves[k])
			}
		}
		if k := 4; g.Moves[k].Book {
			t.Errorf("game %d: move 5 marked book", i+1)
		}
	}
	// Pairs differ from each other (with these seeds), and a seed gives the same starts.
	a, _ := startOf(rs, nil, "", 4, 7, 0)
	b, _ := startOf(rs, nil, "", 4, 7, 1)
	c, _ := startOf(rs, nil, "", 4, 8, 0)
	if strings.Join(a.moves, " ") == strings.Join(b.moves, " ") || strings.Join(a.moves, " ") == strings.Join(c.moves, " ") {
		t.Errorf("random openings repeat: %v %v %v", a.moves, b.moves, c.moves)
	}
}

// A named setup: a fixed one starts every pair from its FEN (sent as a FEN, not as the
// start); a shuffled one draws an arrangement per pair from the seed, and NAME:N fixes it.
func TestStartsFromNamedSetup(t *testing.T) {
	rs := open(t, "prisonbreak")
	want, _, err := interpreter.SetupFEN(rs, "six-pawns")
	if err != nil {
		t.Fatal(err)
	}
	std, _ := standardStart(rs)
	if want == std {
		t.Fatal("the six-pawns setup is the first setup's position: the test needs another")
	}
	st, err := startOf(rs, nil, "six-pawns", 0, 7, 0)
	if err != nil || st.fen != want || st.startpos || st.label != "six-pawns" {
		t.Errorf("six-pawns: %+v, %v; want the FEN %s, not the start", st, err, want)
	}
	rs = open(t, "koopa")
	seen := map[string]bool{}
	for pair := range 6 {
		st, err := startOf(rs, nil, "shuffle", 2, 7, pair)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := startOf(rs, nil, "shuffle", 2, 7, pair)
		if again.fen != st.fen || strings.Join(again.moves, " ") != strings.Join(st.moves, " ") {
			t.Errorf("pair %d starts differently from the same seed: %s %v, then %s %v", pair, st.fen, st.moves, again.fen, again.moves)
		}
		if !strings.HasPrefix(st.label, "shuffle:") || len(st.moves) != 2 {
			t.Errorf("pair %d: label %q, moves %v", pair, st.label, st.moves)
		}
		seen[st.fen] = true
	}
	if len(seen) < 4 {
		t.Errorf("6 pairs drew %d arrangements of 960", len(seen))
	}
	fixed, _, _ := interpreter.SetupFEN(rs, "shuffle:0")
	if st, err := startOf(rs, nil, "shuffle:0", 0, 7, 3); err != nil || st.fen != fixed || st.label != "shuffle:0" {
		t.Errorf("shuffle:0: %+v, %v; want %s", st, err, fixed)
	}
	if _, err := startOf(rs, nil, "nosuch", 0, 7, 0); err == nil || !strings.Contains(err.Error(), "shuffle") {
		t.Errorf("an unknown setup: %v, want an error naming the setups", err)
	}
}

func TestOpeningsFile(t *testing.T) {
	rs := open(t, "chess")
	pgn := "[Event \"x\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd4 *\n\n[Event \"y\"]\n\n1. c4 *\n"
	ops, err := gametext.ReadOpenings(rs, "o.pgn", pgn, "")
	if err != nil || len(ops) != 2 {
		t.Fatalf("PGN openings %+v %v", ops, err)
	}
	// A FEN opening is played from it, each twice with colours swapped, and the PGN says so.
	s, _ := run(t, Config{Games: 4, Openings: ops, MaxPlies: 12, Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard")}})
	if s.Games[0].FEN == "" || s.Games[1].FEN != s.Games[0].FEN || s.Games[2].FEN != "" {
		t.Errorf("FENs: %q %q %q", s.Games[0].FEN, s.Games[1].FEN, s.Games[2].FEN)
	}
	if s.Games[0].Moves[0].SAN != "O-O" || s.Games[1].Moves[0].SAN != "O-O" || s.Games[3].Moves[0].SAN != "c4" {
		t.Errorf("first moves: %+v %+v", s.Games[0].Moves[0], s.Games[3].Moves[0])
	}
}

func TestSPRTStopsEarly(t *testing.T) {
	sprt, _ := ParseSPRT("elo0=0,elo1=100")
	// Engine 2 moves illegally at its third move: as White at ply 5, which it reaches
	// (engine 1 wins), as Black at ply 6, which the cap of 5 plies stops (a draw). So
	// the results alternate win, draw: score 0.75, LLR 0.403 a game once both occur.
	s, _ := run(t, Config{Games: 40, MaxPlies: 5, SPRT: &sprt,
		Engines: [2]EngineSpec{fake(t), fake(t, "-mode", "illegal", "-at", "3")}})
	if s.Decision != "H1" || !s.Stopped || len(s.Games) != 8 {
		t.Errorf("decision %q after %d games (stopped %v), LLR %.3f", s.Decision, len(s.Games), s.Stopped, s.LLR)
	}
	near(t, "LLR", s.LLR, sprt.LLR(4, 4, 0), 1e-12)
}

// Chimera against itself, once through XBoard's protocol and once through UCI, at 50 ms a
// move: in chess, in koopa (whose captures knock pieces into play as shells), and in duck
// and amazons (each turn a move and a wall, written e2e4,e4d5 by UCI, e2e4,e4d5q by XBoard).
func TestChimeraXBoardAgainstUCI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds chimera and plays full games")
	}
	bin := binary(t, "chimera")
	for _, variant := range []string{"chess", "koopa", "duck", "amazons"} {
		t.Run(variant, func(t *testing.T) {
			s, log := run(t, Config{Ruleset: open(t, variant), Games: 4, RandomPlies: 4, Seed: 3, MaxPlies: 160,
				TC: TimeControl{MoveTime: 50 * time.Millisecond}, Grace: 2 * time.Second,
				Engines: [2]EngineSpec{{Args: []string{bin, "xboard"}, Name: "Chimera-XB"}, {Args: []string{bin, "uci"}}}})
			if s.Names != [2]string{"Chimera-XB", "Chimera"} || len(s.Games) != 4 {
				t.Fatalf("names %q, %d games", s.Names, len(s.Games))
			}
			if !strings.Contains(log, "> feature myname=\"Chimera\"") || !strings.Contains(log, "> uciok") || !strings.Contains(log, "< st 0.05") {
				t.Errorf("the protocols were not spoken as expected:\n%s", tail(log, 3000))
			}
			for _, g := range s.Games {
				if g.Termination != "normal" && g.Termination != "adjudication" {
					t.Errorf("game %d: %s %q", g.Index+1, g.Termination, g.Reason)
				}
				t.Logf("game %d: %s %s (%s), %d plies", g.Index+1, g.Names[g.White], g.Result, g.Reason, len(g.Moves))
			}
		})
	}
}

func TestNoSetboard(t *testing.T) {
	rs := open(t, "chess")
	ops, err := gametext.ReadOpenings(rs, "o", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Config{Ruleset: rs, Games: 2, Openings: ops, TC: TimeControl{Base: time.Second},
		StartTimeout: 20 * time.Second, Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard", "-nosetboard")}})
	if err == nil || !strings.Contains(err.Error(), "no setboard feature") {
		t.Errorf("FEN openings for an engine without setboard: %v", err)
	}
}

// Engine options: set in the dialect's form as the engine starts (a levelled Chimera
// against full strength), refused when the engine does not offer them or rejects a value.
func TestEngineOptions(t *testing.T) {
	_, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: TimeControl{Base: time.Second},
		Engines: [2]EngineSpec{func() EngineSpec { e := fake(t); e.Options = []EngineOption{{"Skill Level", "3"}}; return e }(), fake(t)}})
	if err == nil || !strings.Contains(err.Error(), `it has no option "Skill Level"`) {
		t.Errorf("an option the engine lacks: %v", err)
	}
	if testing.Short() {
		return
	}
	bin := binary(t, "chimera")
	_, err = Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: TimeControl{Base: time.Second},
		Engines: [2]EngineSpec{{Args: []string{bin, "uci"}, Options: []EngineOption{{"Skill Level", "99"}}}, {Args: []string{bin, "uci"}}}})
	if err == nil || !strings.Contains(err.Error(), "did not take its options") {
		t.Errorf("a value the engine refuses: %v", err)
	}
	s, log := run(t, Config{Ruleset: open(t, "chess"), Games: 2, Seed: 1, MaxPlies: 60, TC: TimeControl{MoveTime: 50 * time.Millisecond}, Grace: 2 * time.Second,
		Engines: [2]EngineSpec{{Args: []string{bin, "uci"}, Options: []EngineOption{{"Skill Level", "1"}}}, {Args: []string{bin, "uci"}}}})
	if len(s.Games) != 2 || !strings.Contains(log, "< setoption name Skill Level value 1") {
		t.Errorf("%d games; the option was not sent:\n%s", len(s.Games), tail(log, 2000))
	}
}
