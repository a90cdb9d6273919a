// Goals written as a zone and as an expr hook must play the same game: both reproduce
// Fairy-Stockfish's King of the Hill perft counts (recorded in the definitions' tests);
// every definition in testdata/hooks and testdata/synthetic passes its own tests.
package suite_test

import (
	"path/filepath"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/engine/suite"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

func TestGoalByZoneAndByHook(t *testing.T) {
	files, err := filepath.Glob("../../testdata/hooks/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata/hooks: %d files, %v", len(files), err)
	}
	synthetic, err := filepath.Glob("../../testdata/synthetic/*.yaml")
	if err != nil || len(synthetic) < 4 {
		t.Fatalf("testdata/synthetic: %d files, %v", len(synthetic), err)
	}
	files = append(files, synthetic...)
	for i, name := range append([]string{"kingofthehill"}, files...) {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, name, err)
		}
		if len(rs.Def.Tests) == 0 && !strings.Contains(name, "synthetic") {
			t.Fatalf("#%d %s: no tests in the definition", i, name)
		}
		opt := suite.Options{MaxNodes: 1_000_000}
		for _, r := range suite.RunTests(rs, opt) {
			if !r.Pass {
				t.Errorf("#%d %s %s (%s): %s", i, name, r.Name, r.Where, r.Message())
			}
		}
	}
}

func TestHookSeesTheMove(t *testing.T) {
	rs, err := interpreter.Open("../../testdata/hooks/hill-by-hook.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		fen, move, want string
	}{
		{"8/8/3k4/8/8/4K3/8/8 w - - 0 1", "Kd4", "1-0"},
		{"8/8/3k4/8/8/4K3/8/8 w - - 0 1", "Kf4", "*"},
		{"8/8/3k4/8/8/4K3/8/8 b - - 0 1", "Kd5", "0-1"},
	}
	for i, c := range cases {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, c.move, err)
		}
		p.Make(m)
		if got := p.Result().Score; got != c.want {
			t.Errorf("#%d %s: got %s want %s", i, c.move, got, c.want)
		}
	}
}

func TestHookReadsCheck(t *testing.T) {
	rs, err := interpreter.Open("../../testdata/hooks/check-wins.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if rs.Castling != nil {
		t.Errorf("castling: null did not remove the inherited castling")
	}
	cases := []struct{ game, want string }{
		{"1. e4 f6 2. Qh5+", "1-0"},
		{"1. e4 f6 2. Qh5 g6", "*"}, // Qh5 gives check, so the game already ended: g6 is illegal
		{"1. e4 e5 2. Qh5", "*"},
		{"1. d4 e6 2. c4 Bb4+", "0-1"},
	}
	for i, c := range cases {
		p, _ := interpreter.Start(rs, "")
		err := gametext.PlayGame(p, c.game)
		switch {
		case c.want == "*" && i == 1:
			if err == nil {
				t.Errorf("#%d %s: got no error, want g6 rejected after the game ended", i, c.game)
			}
		case err != nil:
			t.Errorf("#%d %s: %v", i, c.game, err)
		case p.Result().Score != c.want:
			t.Errorf("#%d %s: got %s want %s", i, c.game, p.Result().Score, c.want)
		}
	}
}

// A hook that fails only when it runs counts as false, and the definition's tests report it.
func TestHookRunTimeErrorIsReported(t *testing.T) {
	const src = `
extends: chess
name: failing-hook
goals:
  - name: broken
    when: '[0, 0][ply] > 0'
tests:
  - name: a few moves
    game: 1. e4 e5 2. Nf3
`
	def, err := defs.Parse("failing-hook.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	res := suite.RunTests(rs, suite.Options{})
	if len(res) != 1 || res[0].Pass {
		t.Fatalf("got %+v, want one failing test", res)
	}
	msg := res[0].Message()
	for _, want := range []string{"failing-hook.yaml:6:11", `hook "[0, 0][ply] > 0"`, "counted as false"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not contain %q", msg, want)
		}
	}
}

// With AllowHookErrors the test keeps its own verdict; the failures are still returned.
func TestHookRunTimeErrorAllowed(t *testing.T) {
	def, err := defs.Parse("failing-hook.yaml", []byte("extends: chess\nname: failing-hook\ngoals:\n  - {name: broken, when: '[0, 0][ply] > 0'}\ntests:\n  - {name: a few moves, game: 1. e4 e5 2. Nf3}\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	res := suite.RunTests(rs, suite.Options{AllowHookErrors: true})
	if len(res) != 1 || !res[0].Pass || len(res[0].HookFailures) != 1 || res[0].HookFailures[0].Count == 0 {
		t.Fatalf("got %+v, want one passing test with one failing hook", res)
	}
}

// The sample games find a hook that fails only on a knight's capture, which no test plays;
// the same games are played on every run.
func TestSampleHooks(t *testing.T) {
	for i, c := range []struct {
		when string
		fail bool
	}{
		{`piece == "N" && captures > 0 && ply % (captures - 1) == 0`, true},
		{`piece == "N" && captures > 0 && ply % captures == 0`, false},
	} {
		def, err := defs.Parse("sample.yaml", []byte("extends: chess\nname: sample\ngoals:\n  - {name: g, when: '"+c.when+"'}\n"))
		if err != nil {
			t.Fatal(err)
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		a := suite.SampleHooks(rs, suite.DefaultHookSample)
		b := suite.SampleHooks(rs, suite.DefaultHookSample)
		if a.Games != suite.DefaultHookSample.Games || a.Moves < 10_000 || a.Moves != b.Moves || len(a.Failures) != len(b.Failures) {
			t.Errorf("#%d got %d games, %d and %d moves, want %d games and the same games twice", i, a.Games, a.Moves, b.Moves, suite.DefaultHookSample.Games)
		}
		if got := len(a.Failures) == 1; got != c.fail || c.fail && a.Failures[0].Count != b.Failures[0].Count {
			t.Errorf("#%d %s: got failures %+v (then %+v), want failing %v", i, c.when, a.Failures, b.Failures, c.fail)
		}
	}
}
