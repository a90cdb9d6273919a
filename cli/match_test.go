// The match command's tests: fake engines that crash, hang or play illegal moves, Chimera against itself over both protocols.
package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"chimera/interpreter/gametext"
)

// fakeEngine builds the match package's test engine (random legal moves).
func fakeEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fakeengine")
	cmd := exec.Command("go", "build", "-o", bin, "./engine/match/testdata/fakeengine")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestMatchUsage(t *testing.T) {
	t.Parallel() // touches no process-wide state
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "chess", "--engine", "a"}, "give two engines"},
		{[]string{"match", "chess", "--engine", "a", "--engine", "b", "--tc", "x"}, `time control "x"`},
		{[]string{"match", "chess", "--engine", "a", "--engine", "b", "--tc", "1", "--movetime", "5"}, "not both"},
		{[]string{"match", "chess", "--engine", "a", "--engine", "b", "--tc", "1", "--tc", "2", "--tc", "3"}, "once (both engines) or twice"},
		{[]string{"match", "chess", "--engine", "a", "--engine", "b", "--movetime", "50", "--movetime", "0"}, "--movetime must be positive"},
		{[]string{"match", "chess", "--engine", "a", "--engine", "b", "--sprt", "elo0=5,elo1=0"}, "elo1 must be greater"},
		{[]string{"match", "chess", "--engine", "a 'b", "--engine", "b"}, "unclosed single quote"},
		{[]string{"match", "chess", "--engine", "/nonexistent/engine", "--engine", "b", "-n", "2"}, "/nonexistent/engine"},
		{[]string{"match", "nosuchvariant", "--engine", "a", "--engine", "b"}, "nosuchvariant"},
		{[]string{"match", "koopa", "--engine", "a", "--engine", "b", "--setup", "nosuch"}, `--setup: unknown setup "nosuch" (setups: standard, shuffle (0-959))`},
		{[]string{"match", "koopa", "--engine", "a", "--engine", "b", "--setup", "shuffle:960"}, "arrangements 0 to 959"},
		{[]string{"match", "koopa", "--engine", "a", "--engine", "b", "--setup", ""}, "--setup is empty"},
		{[]string{"match", "koopa", "--engine", "a", "--engine", "b", "--setup", "shuffle", "--openings", "x.epd"}, "give --setup or --openings, not both"},
		// Engines that do not answer are input errors before the first game, not forfeits.
		{[]string{"match", "chess", "--engine", "cat", "--engine", "sleep 100", "-n", "2", "--start-timeout", "200ms"},
			`engine 1 (cat): it answers neither UCI nor XBoard's protocol within 200ms (--start-timeout): sent "uci", "xboard", "protover 2"`},
		{[]string{"match", "chess", "--engine", "uci:sleep 100", "--engine", "cat", "-n", "2", "--start-timeout", "200ms"},
			`engine 1 (sleep 100): no "uciok" within 200ms (--start-timeout): sent "uci"; it wrote nothing`},
		{[]string{"match", "chess", "--engine", "true", "--engine", "cat", "-n", "2"}, `engine 1 (true): it ended (exit status 0) before answering`},
	} {
		code, _, errs := run(c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	code, out, _ := run("match", "--help")
	if code != 0 || !strings.Contains(out, "--engine") || !strings.Contains(out, "fairy-stockfish") || !strings.Contains(out, "GSPRT") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
}

func TestMatchRuns(t *testing.T) {
	t.Parallel() // touches no process-wide state
	bin := fakeEngine(t)
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	code, out, errs := run("match", "koopa", "--engine", bin+" -name A", "--engine", "xboard:"+bin+" -proto xboard -name B -seed 5",
		"-n", "4", "--tc", "2+0.05", "--random-plies", "2", "--max-plies", "40", "--pgn", pgn, "--sprt", "elo0=0,elo1=50")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{"A vs B, koopa, time control 2+0.05: 4 games", "Score of A: +", "Elo difference:", "LOS:", "Endings:", "SPRT (elo0=0 elo1=50"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(errs, "\ngame ") != 4 {
		t.Errorf("stderr: %s", errs)
	}
	text, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	games, err := gametext.ReadPGN(string(text))
	if err != nil || len(games) != 4 {
		t.Fatalf("PGN: %d games, %v", len(games), err)
	}
	// The games replay with chimera replay.
	if code, out, errs := run("replay", "koopa", pgn); code != 0 {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errs)
	}
}

// selfEngine is this test binary run as chimera (see TestMain) with args: an engine
// command for --engine.
func selfEngine(t *testing.T, args string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "env CHIMERA_CLI_MAIN=1 '" + exe + "' " + args
}

// A match played in shards and merged gives the summary the whole match gives (score,
// Elo, LOS, endings, the SPRT's stop and figures), with Chimera's engine as both players
// at fixed node counts (a handicap, so that games are decided). merge replays each game
// and refuses duplicates, unknown keys, edited games and records of another match.
func TestMatchShardMerge(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	e := selfEngine(t, "uci")
	nodes, games := []string{"3000", "500"}, "10"
	extras := [][]string{nil, {"--sprt", "elo0=0,elo1=200"}}
	if testing.Short() {
		// TestShardedCommandsMerge merges a match without an SPRT too.
		nodes, games, extras = []string{"800", "200"}, "6", extras[1:]
	}
	common := []string{"match", "chess", "--engine", e, "--engine", e, "-n", games, "--nodes", nodes[0], "--nodes", nodes[1],
		"--random-plies", "4", "--max-plies", "80"}
	for _, extra := range extras {
		args := append(append([]string(nil), common...), extra...)
		code, whole, errs := run(args...)
		if code != 0 || !strings.Contains(whole, "Score of Chimera: +") {
			t.Fatalf("%q: exit %d\n%s\n%s", extra, code, whole, errs)
		}
		var files []string
		for i := 0; i < 3; i++ {
			f := filepath.Join(dir, fmt.Sprintf("m%d.jsonl", i))
			files = append(files, f)
			if code, out, errs := run(append(args, "--shard", fmt.Sprintf("%d/3", i), "--out", f)...); code != 0 || out != "" {
				t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, errs)
			}
		}
		pgn := filepath.Join(dir, "m.pgn")
		code, merged, errs := run(append([]string{"merge", "--pgn", pgn}, files...)...)
		if code != 0 || merged != whole {
			t.Errorf("%q: merged: exit %d (%s)\n%s\nwant (unsharded)\n%s", extra, code, errs, merged, whole)
		}
		t.Logf("%q:\n%s", extra, merged)
		text, _ := os.ReadFile(pgn)
		games, err := gametext.ReadPGN(string(text))
		if err != nil || fmt.Sprintf("%d games", len(games)) != regexp.MustCompile(`\d+ games`).FindString(whole) {
			t.Errorf("merged PGN: %d games (%v); the summary: %s", len(games), err, whole)
		}
	}
	files := []string{filepath.Join(dir, "m0.jsonl"), filepath.Join(dir, "m1.jsonl"), filepath.Join(dir, "m2.jsonl")}
	lines := func(f string) []string {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	edit := func(name string, change func([]string)) string {
		l := lines(files[0])
		change(l)
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(strings.Join(l, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	for i, c := range []struct {
		files []string
		want  string
	}{
		{[]string{files[0], files[0], files[1], files[2]}, "game 0 again (first at"},
		{[]string{edit("key.jsonl", func(l []string) { l[1] = strings.Replace(l[1], `{"index"`, `{"bonus":1,"index"`, 1) }), files[1], files[2]},
			`unknown field "bonus"`},
		{[]string{edit("move.jsonl", func(l []string) {
			l[1] = regexp.MustCompile(`"moves":\["[a-h][1-8]`).ReplaceAllString(l[1], `"moves":["a1`)
		}), files[1], files[2]},
			"game 0: move 1"},
		{[]string{edit("result.jsonl", func(l []string) {
			l[1] = regexp.MustCompile(`"result":"[^"]*"`).ReplaceAllString(l[1], `"result":"0-1"`)
			l[1] = regexp.MustCompile(`"reason":"[^"]*"`).ReplaceAllString(l[1], `"reason":"checkmate"`)
			l[1] = regexp.MustCompile(`"termination":"[^"]*"`).ReplaceAllString(l[1], `"termination":"normal"`)
		}), files[1], files[2]}, "game 0: the result 0-1 (checkmate), but the moves end in"},
		{[]string{edit("seed.jsonl", func(l []string) { l[0] = strings.Replace(l[0], `"seed":1`, `"seed":2`, 1) }), files[1], files[2]},
			"comes from another match"},
	} {
		code, out, errs := run(append([]string{"merge"}, c.files...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("#%d: exit %d, stderr %q, stdout %q; want 2 and %q", i, code, errs, out, c.want)
		}
	}
	// A shard missing: exit 1, unless --partial.
	if code, _, errs := run("merge", files[0], files[1]); code != exitFail || !strings.Contains(errs, "games missing") {
		t.Errorf("a shard missing: exit %d, %q", code, errs)
	}
	if code, out, _ := run("merge", "--partial", files[0], files[1]); code != 0 || !strings.Contains(out, "Partial: ") {
		t.Errorf("--partial: exit %d\n%s", code, out)
	}
}

// signalAfter is a standard error that sends sig to the run once a line holding after is
// written to it.
type signalAfter struct {
	strings.Builder
	after string
	sig   os.Signal
	ch    chan<- os.Signal
}

func (w *signalAfter) Write(b []byte) (int, error) {
	n, err := w.Builder.Write(b)
	if w.ch != nil && strings.Contains(w.String(), w.after) {
		w.ch <- w.sig
		w.ch = nil
	}
	return n, err
}

// SIGINT or SIGTERM in a sharded match writes the games that finished, marked partial,
// and exits with 128 and the signal's number; merge --partial reads them.
func TestMatchShardInterrupted(t *testing.T) {
	e := selfEngine(t, "uci")
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		part := filepath.Join(t.TempDir(), "part.jsonl")
		errw := &signalAfter{after: "game 1/4:", sig: sig}
		interruptRun = func(ch chan<- os.Signal) { errw.ch = ch }
		var out strings.Builder
		code := Main([]string{"match", "chess", "--engine", e, "--engine", e, "-n", "8", "--nodes", "3000",
			"--random-plies", "2", "--max-plies", "200", "--shard", "1/2", "--out", part}, &out, errw)
		interruptRun = nil
		if want := 128 + int(sig.(syscall.Signal)); code != want || !strings.Contains(errw.String(), "interrupted") {
			t.Fatalf("%v: exit %d, want %d\n%s", sig, code, want, errw.String())
		}
		text, err := os.ReadFile(part)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
		if n := len(lines) - 1; n < 1 || !strings.Contains(lines[0], fmt.Sprintf(`"partial":"interrupted (%v) after %d of 4 games"`, sig, n)) {
			t.Errorf("%v: %d games, header %s", sig, n, lines[0])
		}
		if code, out, errs := run("merge", "--partial", part); code != 0 || !strings.Contains(out, "Partial: ") {
			t.Errorf("%v: merge --partial: exit %d\n%s%s", sig, code, out, errs)
		}
	}
}

// Turns of several moves over the engine protocols: the referee asks the side to move
// again after a move that does not end its turn, Chimera's UCI engine against its
// XBoard engine; the games' PGN writes whole turns (e5/Nc6) and replays.
func TestMatchTurnsOfSeveralMoves(t *testing.T) {
	t.Parallel() // touches no process-wide state
	pgn := filepath.Join(t.TempDir(), "turns.pgn")
	code, out, errs := run("match", "marseillais", "--engine", "uci:"+selfEngine(t, "uci"), "--engine", "xboard:"+selfEngine(t, "xboard"),
		"-n", "2", "--depth", "2", "--max-plies", "60", "--pgn", pgn)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if strings.Contains(out, "infraction") || strings.Contains(out, "on time") || strings.Contains(out, "abandoned") {
		t.Fatalf("a game ended by a fault:\n%s", out)
	}
	text, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`\b2\. [^\s{]+/[^\s{]+\s`).Match(text) || !regexp.MustCompile(`\b2\.\.\. [^\s{]+/[^\s{]+\s`).Match(text) {
		t.Errorf("the PGN does not write move 2 as two turns of two moves:\n%s", text)
	}
	if code, out, errs := run("replay", "marseillais", pgn); code != 0 || !strings.Contains(out, "2 clean") {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errs)
	}
}

// #48: Alice chess between a UCI and an XBoard engine (Chimera both): the two boards'
// FENs and moves go through both protocols without a fault, and the games replay.
func TestMatchTwoBoards(t *testing.T) {
	t.Parallel() // touches no process-wide state
	pgn := filepath.Join(t.TempDir(), "alice.pgn")
	code, out, errs := run("match", "alice", "--engine", "uci:"+selfEngine(t, "uci"), "--engine", "xboard:"+selfEngine(t, "xboard"),
		"-n", "2", "--depth", "2", "--max-plies", "60", "--random-plies", "4", "--pgn", pgn)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if strings.Contains(out, "infraction") || strings.Contains(out, "on time") || strings.Contains(out, "abandoned") {
		t.Fatalf("a game ended by a fault:\n%s", out)
	}
	text, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `[Variant "alice"]`) || strings.Count(string(text), "[Result ") != 2 {
		t.Errorf("the PGN does not hold two games of alice:\n%s", text)
	}
	if code, out, errs := run("replay", "alice", pgn); code != 0 || !strings.Contains(out, "2 clean") {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errs)
	}
}
