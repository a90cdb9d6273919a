// The match command's tests: fake engines that crash, hang or play illegal moves, Chimera against itself over both protocols.
package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
