// Start-up tests: engines that answer neither protocol, end at once or do not exist stop the match with a message naming them; detection says what it found.
package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// script writes an executable shell script into a temporary directory.
func script(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+text), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// An engine that answers neither UCI nor XBoard's protocol within its start-up time is
// an error before the first game (not two time forfeits), saying what was sent and what
// came back.
func TestStartupErrors(t *testing.T) {
	t.Parallel()
	garbage := script(t, "garbage.sh", "echo hello there\necho '42 is the answer'\nexec sleep 100\n")
	for i, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"cat"}, []string{`engine 1 (cat): it answers neither UCI nor XBoard's protocol within 300ms`,
			`sent "uci", "xboard", "protover 2"; it wrote 3 lines: "uci", "xboard", "protover 2"`}},
		{[]string{"sleep", "100"}, []string{`engine 1 (sleep 100): it answers neither`, "it wrote nothing", "needs the prefix xboard:"}},
		{[]string{garbage}, []string{`it answers neither`, `it wrote 2 lines: "hello there", "42 is the answer"`}},
		{[]string{"true"}, []string{`engine 1 (true): it ended (exit status 0) before answering: sent "uci"`}},
		{[]string{"/nonexistent/engine"}, []string{`engine 1 (/nonexistent/engine): cannot be started`, "no such file"}},
	} {
		start := time.Now()
		var progress bytes.Buffer
		s, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: TimeControl{MoveTime: 50 * time.Millisecond},
			StartTimeout: 300 * time.Millisecond, Progress: &progress, Engines: [2]EngineSpec{{Args: c.args}, fake(t)}})
		if err == nil {
			t.Errorf("#%d %q: no error; games %+v", i, c.args, s.Games)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("#%d %q: got %q, want %q in it", i, c.args, err, w)
			}
		}
		if strings.Contains(progress.String(), "game ") {
			t.Errorf("#%d %q: games were played:\n%s", i, c.args, progress.String())
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("#%d %q: took %v", i, c.args, d)
		}
	}
	// With a prefix, a UCI engine's silence is an error too.
	_, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: TimeControl{MoveTime: 50 * time.Millisecond},
		StartTimeout: 300 * time.Millisecond, Engines: [2]EngineSpec{fake(t), {Args: []string{"cat"}, Protocol: USI}}})
	if err == nil || !strings.Contains(err.Error(), `engine 2 (cat): no "usiok" within 300ms (--start-timeout): sent "usi"; it wrote "usi"`) {
		t.Errorf("usi:cat: %v", err)
	}
}

// Detection says which protocol each engine speaks, and why an engine was not taken
// for a UCI engine.
func TestDetectionIsReported(t *testing.T) {
	var progress bytes.Buffer
	_, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 1, MaxPlies: 2, TC: TimeControl{MoveTime: 100 * time.Millisecond},
		StartTimeout: 2 * time.Second, Progress: &progress,
		Engines: [2]EngineSpec{fake(t, "-name", "U"), fake(t, "-proto", "xboard", "-name", "X")}})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"engine 1 (" + binary(t, "fake") + " -name U): UCI, id name U\n",
		"engine 2 (" + binary(t, "fake") + ` -proto xboard -name X): XBoard protocol 2, myname "X"; not UCI: `,
	} {
		if !strings.Contains(progress.String(), w) {
			t.Errorf("no %q in:\n%s", w, progress.String())
		}
	}
}

// A 5 MB info line is cut to MaxLine bytes and reported, and the bestmove after it is
// read: the engine moves in time (before, the referee stopped reading it at such a line
// and the engine lost on time).
func TestLongEngineLine(t *testing.T) {
	long := script(t, "long.sh", `while read cmd rest; do
  case $cmd in
  uci) echo "id name Long"; echo uciok;;
  isready) echo readyok;;
  go) head -c 5000000 /dev/zero | tr '\0' x | sed 's/^/info string /'; echo; echo bestmove e2e4;;
  quit) exit 0;;
  esac
done
`)
	var progress, logBuf bytes.Buffer
	s, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 1, MaxPlies: 2, TC: TimeControl{MoveTime: 2 * time.Second},
		StartTimeout: 20 * time.Second, Progress: &progress, Log: &logBuf, Engines: [2]EngineSpec{{Args: []string{long}}, fake(t)}})
	if err != nil {
		t.Fatal(err)
	}
	log := logBuf.String()
	g := s.Games[0]
	if g.Result != "1/2-1/2" || g.Termination != "adjudication" || len(g.Moves) != 2 || g.Moves[0].Coord != "e2e4" {
		t.Fatalf("%s %s %q, moves %+v", g.Result, g.Termination, g.Reason, g.Moves)
	}
	if w := "engine 1.1 long.sh: a line of 5000013 bytes cut to its first 1048576"; !strings.Contains(progress.String(), w) {
		t.Errorf("no %q on the progress writer:\n%s", w, progress.String())
	}
	if !strings.Contains(log, "long.sh: the line above had 5000013 bytes: the first 1048576 were kept") {
		t.Errorf("the log does not say the line was cut")
	}
}

// A fixed search: "go nodes N" and "go depth D" in UCI, "sd D" in XBoard, no clocks, a
// PGN TimeControl of "-"; XBoard engines cannot be given a node limit.
func TestFixedSearch(t *testing.T) {
	s, log := run(t, Config{Games: 2, MaxPlies: 6, TC: TimeControl{Nodes: 500, Depth: 3}, TC2: &TimeControl{Depth: 2},
		Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard")}})
	for _, w := range []string{"< go nodes 500 depth 3", "< sd 2", "< st 60"} {
		if !strings.Contains(log, w) {
			t.Errorf("no %q in the log:\n%s", w, tail(log, 3000))
		}
	}
	if strings.Contains(log, "wtime") || strings.Contains(log, "< time ") || len(s.Games) != 2 {
		t.Errorf("clocks were sent, or %d games", len(s.Games))
	}
	if tc := (TimeControl{Nodes: 500}); tc.String() != "-" || tc.Text() != "500 nodes a move" {
		t.Errorf("%q %q", tc.String(), tc.Text())
	}
	_, err := Run(context.Background(), Config{Ruleset: open(t, "chess"), Games: 2, TC: TimeControl{Nodes: 500},
		StartTimeout: 20 * time.Second, Engines: [2]EngineSpec{fake(t), fake(t, "-proto", "xboard")}})
	if err == nil || !strings.Contains(err.Error(), "has no node limit") {
		t.Errorf("a node limit for an XBoard engine: %v", err)
	}
}
