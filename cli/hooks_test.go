// Failing hooks in every command that runs them: reported once each on standard error,
// exit status 1 unless --allow-hook-errors.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeDef writes a definition into a test directory and returns its path.
func writeDef(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The example: a hook that divides by zero. Before, perft printed the hook-free
// count with exit 0 and nothing on standard error.
const divZeroDef = `extends: chess
name: divzero
goals:
  - name: broken
    when: 'ply % (captures - captures) == 0'
`

func TestCommandsReportFailingHooks(t *testing.T) {
	t.Parallel() // touches no process-wide state
	def := writeDef(t, "divzero.yaml", divZeroDef)
	game := writeDef(t, "game.pgn", "1. e4 e5 2. Nf3 *\n")
	cases := []struct {
		args  []string
		times string
		out   string // a line of standard output that must still be there
	}{
		{[]string{"perft", def, "2"}, "failed 20 times", "Nodes searched: 400"},
		{[]string{"perft", def, "3", "--threads", "2", "--divide"}, "failed 420 times", "Nodes searched: 8902"},
		{[]string{"moves", def, "--moves", "e4 e5"}, "failed", "Moves: 29"},
		{[]string{"search", def, "--depth", "2"}, "failed", "bestmove"},
		{[]string{"replay", def, game}, "failed", "Replayed 3 moves"},
		{[]string{"validate", def}, "failed", "hooks: 1 tried on"},
		// #23: selfplay, values and play played on with "Warnings: none" and exit 0.
		{[]string{"selfplay", def, "-n", "2", "--nodes", "50", "-j", "1", "--max-plies", "6", "-q"}, "failed", "a goal hook failed as it ran in 2 of 2 games"},
		{[]string{"values", def, "-n", "2", "--nodes", "50", "-j", "1", "--max-plies", "6", "-q", "--types", "N"}, "failed", "Piece values"},
		{[]string{"play", def, "--human", "none", "--depth", "1"}, "failed", "Game over"},
	}
	for i, c := range cases {
		for _, allow := range []bool{false, true} {
			args := c.args
			if allow {
				args = append(append([]string(nil), args...), "--allow-hook-errors")
			}
			code, out, errs := run(args...)
			want := 1
			if allow {
				want = 0
			}
			if code != want {
				t.Errorf("#%d %v: got exit %d, want %d; stderr %s", i, args, code, want, errs)
			}
			if !strings.Contains(out, c.out) {
				t.Errorf("#%d %v: output lacks %q:\n%s", i, args, c.out, out)
			}
			for _, s := range []string{"divzero.yaml:5:11: hook \"ply % (captures - captures) == 0\"", c.times,
				"integer divide by zero (1:5)", " | ....^"} {
				if !strings.Contains(errs, s) {
					t.Errorf("#%d %v: standard error lacks %q:\n%s", i, args, s, errs)
				}
			}
			if n := strings.Count(errs, "first error:"); n != 1 {
				t.Errorf("#%d %v: the hook is reported %d times, want once:\n%s", i, args, n, errs)
			}
		}
	}
}

// A hook that never fails leaves standard error empty and the exit status 0. (--quiet:
// a slow run, under the race detector say, would show its progress there.)
func TestCommandsQuietWithGoodHooks(t *testing.T) {
	t.Parallel() // touches no process-wide state
	for i, args := range [][]string{
		{"perft", "../testdata/hooks/hill-by-hook.yaml", "3", "--quiet"},
		{"validate", "../testdata/hooks/", "--quiet"},
		{"search", "../defs/courier.yaml", "--depth", "2"},
	} {
		if code, _, errs := run(args...); code != 0 || errs != "" {
			t.Errorf("#%d %v: got exit %d, stderr %q; want 0 and nothing", i, args, code, errs)
		}
	}
}

// validate finds a hook that fails only on moves no test plays: a knight's capture.
func TestValidateSamplesHooks(t *testing.T) {
	def := writeDef(t, "knight.yaml", `extends: chess
name: knight-capture
goals:
  - name: odd
    when: 'piece == "N" && captures > 0 && ply % (captures - 1) == 0'
tests:
  - name: a quiet game
    game: 1. e4 e5 2. Nf3 Nc6
    result: "*"
`)
	code, out, errs := run("validate", def)
	if code != 1 || !strings.Contains(out, "ok    a quiet game") || !strings.Contains(out, "FAIL  hooks: 1 tried on") ||
		!strings.Contains(errs, "knight.yaml:5:11:") || !strings.Contains(errs, "divide by zero") {
		t.Errorf("got exit %d\n%s\nstderr:\n%s\nwant 1, the test ok, the sampled hooks failing", code, out, errs)
	}
}

// Ctrl-C wins over failing hooks: perft and validate stop with exit 130, print what they
// counted or ran, and leave the hook report (and validate's hook sample) out; a whole
// run with --quiet still reports the hooks, with exit 1.
func TestInterruptedWithFailingHooks(t *testing.T) {
	def := writeDef(t, "divzero.yaml", divZeroDef+`tests:
  - name: one
    perft: [20, 400]
  - name: two
    perft: [20]
`)
	t.Run("whole", func(t *testing.T) {
		for _, args := range [][]string{{"perft", def, "2", "--quiet"}, {"validate", def, "--quiet"}} {
			code, _, errs := run(args...)
			if code != 1 || strings.Count(errs, "first error:") != 1 {
				t.Errorf("%v: got exit %d, stderr %q; want 1 and the hook reported once", args, code, errs)
			}
		}
	})
	t.Run("perft", func(t *testing.T) {
		interruptAfter(t, 1)
		code, out, errs := run("perft", def, "3", "--threads", "1")
		if code != 130 || !strings.Contains(out, "Nodes searched (partial, 1 of 20 root moves): ") ||
			strings.Contains(errs, "first error:") || !strings.Contains(errs, "interrupted; 1 of 20 root moves") {
			t.Errorf("got exit %d, %q, stderr %q; want 130, a partial count, no hook report", code, out, errs)
		}
	})
	t.Run("validate", func(t *testing.T) {
		interruptAfter(t, 1)
		code, out, errs := run("validate", def)
		if code != 130 || !strings.Contains(out, "FAIL  one") || strings.Contains(out, "hooks:") ||
			lastLine(out) != "0 passed, 1 failed; interrupted, 1 of 2 tests not run" ||
			strings.Contains(errs, "first error:") || !strings.Contains(errs, "interrupted; 1 of 2 tests run") {
			t.Errorf("got exit %d, %q, stderr %q; want 130, test one failed by its hook, no sample", code, out, errs)
		}
	})
}

// #53 F1: a hook that builds text past its memory budget fails like any failing hook
// (exit 1, the hook named), where Go's "fatal error: out of memory" ended perft and
// validate.
func TestHooksBuildingTextFail(t *testing.T) {
	def := writeDef(t, "text.yaml", `extends: chess
name: text
goals:
  - name: doubling
    when: 'len(reduce(1..40, #acc + #acc, "x")) == 0'
  - name: repeated
    when: 'len(repeat(repeat("x", 99999), 999999)) == ply'
`)
	for _, args := range [][]string{{"perft", def, "2", "--quiet"}, {"validate", def, "--quiet"}} {
		code, _, errs := run(args...)
		if code != 1 || !strings.Contains(errs, "text.yaml:5:11:") || !strings.Contains(errs, "text.yaml:7:11:") ||
			strings.Count(errs, "memory budget exceeded") != 2 || !strings.Contains(errs, "2 goal hooks failed") {
			t.Errorf("%v: got exit %d, stderr:\n%s\nwant 1 and both hooks reported over their memory budget", args, code, errs)
		}
	}
}
