// Tests of the commands given a game of seats: those that play two sides refuse it.
package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"chimera/interpreter"
)

// TestSeatsRefusedByTwoSidedCommands runs every command that plays two sides on a game of
// seats: each refuses it (exit status 2, or the protocol's error line) naming the seats and
// the commands that play it, rather than playing the mover's turned frame. Every command
// is either in the table, marked as playing games of seats, or takes no variant.
func TestSeatsRefusedByTwoSidedCommands(t *testing.T) {
	dir := t.TempDir()
	// A perft shard of chess, merged as fourplayer's (merge --def names the variant).
	code, shard, errs := run("perft", "chess", "1", "--shard", "0/1", "--quiet")
	if code != exitOK {
		t.Fatalf("perft --shard: exit %d: %s", code, errs)
	}
	shardFile := filepath.Join(dir, "p0.jsonl")
	if err := os.WriteFile(shardFile, []byte(shard), 0o644); err != nil {
		t.Fatal(err)
	}
	refusing := []struct {
		args  []string
		stdin string
		line  string // for a protocol (exit 0): the line that refuses it
	}{
		{args: []string{"moves", "fourplayer"}},
		{args: []string{"search", "fourplayer", "--depth", "1"}},
		{args: []string{"play", "fourplayer"}},
		{args: []string{"replay", "fourplayer", "-"}, stdin: "h2h4\n"},
		{args: []string{"match", "fourplayer", "--engine", "x", "--engine", "y"}},
		{args: []string{"selfplay", "fourplayer-ffa", "--games", "1"}},
		{args: []string{"values", "fourplayer"}},
		{args: []string{"tune", "fourplayer"}},
		{args: []string{"train", "fourplayer"}},
		{args: []string{"export", "--ini", "fourplayer"}},
		{args: []string{"merge", "--def", "fourplayer", shardFile}},
		{args: []string{"uci"}, stdin: "uci\nsetoption name UCI_Variant value fourplayer\nquit\n", line: "info string fourplayer is a game of 4 seats"},
		{args: []string{"xboard"}, stdin: "xboard\nprotover 2\nvariant fourplayer\nquit\n", line: "Error (fourplayer is a game of seats"},
	}
	noVariant := map[string]string{ // commands that take no variant to play
		"list": "lists", "validate": "runs a definition's tests (on the mover's frame)", "import": "reads .ini files",
		"usi": "plays shogi only", "ucci": "plays xiangqi only", "web": "builds the page (a person plays a seat of a game of seats there)", "version": "prints",
	}
	tested := map[string]bool{}
	for _, r := range refusing {
		tested[r.args[0]] = true
		var out, errb bytes.Buffer
		code := MainWithInput(r.args, strings.NewReader(r.stdin), &out, &errb)
		if r.line != "" {
			if code != exitOK || !strings.Contains(out.String(), r.line) || strings.Contains(out.String(), "info string variant fourplayer") {
				t.Errorf("%v: exit %d, want 0 and the line %q; output:\n%s", r.args, code, r.line, out.String())
			}
			continue
		}
		msg := errb.String()
		if code != exitUsage || !strings.Contains(msg, "fourplayer") || !strings.Contains(msg, "game of 4 seats (Red, Blue, Yellow, Green)") ||
			!strings.Contains(msg, "plays two sides only") || !strings.Contains(msg, "chimera perft") {
			t.Errorf("%v: exit %d, want 2 with the seats refused and the commands that play them named; stderr:\n%s", r.args, code, msg)
		}
		if out.Len() > 0 {
			t.Errorf("%v wrote to standard output:\n%s", r.args, out.String())
		}
	}
	for _, cmd := range commands {
		switch {
		case cmd.seats:
			if tested[cmd.name] {
				t.Errorf("%s plays games of seats but is in the refusing table", cmd.name)
			}
		case tested[cmd.name], noVariant[cmd.name] != "":
		default:
			t.Errorf("command %s plays two sides: add it to the refusing table (or mark it as playing games of seats)", cmd.name)
		}
	}
	// show draws a game of seats' picture without arrows, --view naming a seat; perft counts it whole.
	for _, args := range [][]string{{"show", "fourplayer", "--svg", "-", "--moves", "h2h4"}, {"show", "fourplayer", "--view", "white"}, {"perft", "fourplayer", "1", "--shard", "0/2"}} {
		if code, out, errs := run(args...); code != exitUsage || out != "" || !strings.Contains(errs, "game of seats") {
			t.Errorf("%v: exit %d, want 2 and the refusal; stdout %q stderr %q", args, code, out, errs)
		}
	}
}

// TestSeatsCommand plays two short games of seats, the engine against greedy players,
// and checks the report and the records (their moves replay: engine/seats tests that).
func TestSeatsCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.pgn4")
	code, out, errs := run("seats", "fourplayer-ffa", "--games", "2", "--depth", "1", "--opponent", "greedy", "--max-moves", "40", "--pgn4", file, "-q")
	if code != exitOK || !strings.Contains(out, "fourplayer-ffa: 2 games") || !strings.Contains(out, "Engine: ") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `[Variant "fourplayer-ffa"]`); n != 2 || !strings.Contains(string(data), `[Blue "chimera (paranoid, depth 1)"]`) {
		t.Errorf("%d records; the second game's engine in Blue's seat expected:\n%s", n, data)
	}
	if code, _, errs := run("seats", "chess"); code != exitUsage || !strings.Contains(errs, "two sides") {
		t.Errorf("seats chess: exit %d, stderr %s", code, errs)
	}
}

// show --svg draws a game of seats (engine/rulebook's TestTableSVG checks the picture);
// --view names the seat at the bottom, by letter or name, and a seat not there is a
// usage error listing the seats.
func TestShowSeatsSVG(t *testing.T) {
	for _, view := range []string{"", "b", "Yellow"} {
		args := []string{"show", "fourplayer", "--svg", "-"}
		if view != "" {
			args = append(args, "--view", view)
		}
		code, out, errs := run(args...)
		if code != exitOK || !strings.HasPrefix(out, "<?xml") || strings.Count(out, `class="square"`) != 160 || !strings.Contains(out, `data-piece="bK"`) {
			t.Errorf("%v: exit %d, stderr %q, %d cells", args, code, errs, strings.Count(out, `class="square"`))
		}
	}
	if code, _, errs := run("show", "fourplayer", "--svg", "-", "--view", "white"); code != exitUsage || !strings.Contains(errs, "one of r (Red), b (Blue), y (Yellow), g (Green)") {
		t.Errorf("--view white: exit %d, stderr %q", code, errs)
	}
}

// TestSeatsAgainstEnginePrograms plays games of seats against engine programs of the
// seats protocol (this binary as chimera seat-engine, one process a seat): every record
// replays, the programs are named, and a program that answers an illegal move, or none,
// ends the run with exit 1 and its reason.
func TestSeatsAgainstEnginePrograms(t *testing.T) {
	t.Parallel() // touches no process-wide state
	file := filepath.Join(t.TempDir(), "games.pgn4")
	code, out, errs := run("seats", "fourplayer", "--games", "2", "--nodes", "200", "--max-moves", "60", "--opponent", "cmd", "--cmd", selfEngine(t, "seat-engine"), "--pgn4", file, "-q")
	if code != exitOK || !strings.Contains(out, "against chimera "+Version+" (seats protocol) players") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `[Red "chimera `+Version+`"]`); n != 1 {
		t.Errorf("%d records with the program in Red's seat, want 1 (the engine plays Red, then Blue):\n%s", n, data)
	}
	rs, err := interpreter.Open("fourplayer")
	if err != nil {
		t.Fatal(err)
	}
	// Each record's moves replay by the rules from the start (the referee read each
	// program's move against the table; here they are read back from the text).
	move := regexp.MustCompile(`^[a-n][0-9]{1,2}[a-n][0-9]{1,2}[qrbn]?$`)
	records := strings.Split(string(data), `[Variant "fourplayer"]`)[1:]
	if len(records) != 2 {
		t.Fatalf("%d records, want 2", len(records))
	}
	for i, rec := range records {
		tb, err := interpreter.StartTable(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		played := 0
		for _, line := range strings.Split(rec, "\n") {
			if strings.HasPrefix(line, "[") {
				continue
			}
			for _, tok := range strings.Fields(line) {
				if !move.MatchString(tok) {
					continue
				}
				m, err := tb.ParseMove(tok)
				if err == nil {
					err = tb.Make(m)
				}
				if err != nil {
					t.Fatalf("record %d, move %d: %v", i+1, played+1, err)
				}
				played++
			}
		}
		if played == 0 {
			t.Errorf("record %d: no move read", i+1)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.sh")
	if err := os.WriteFile(bad, []byte("#!/bin/sh\nwhile read l; do case \"$l\" in seats) echo seatsok;; isready) echo readyok;; go*) echo 'bestmove a1a1';; quit) exit 0;; esac; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run("seats", "fourplayer-ffa", "--games", "1", "--opponent", "cmd", "--cmd", bad, "-q"); code != exitFail || !strings.Contains(errs, `bestmove a1a1: move "a1a1": not a legal move of Blue`) {
		t.Errorf("an illegal move: exit %d, stderr %s", code, errs)
	}
	if code, _, errs := run("seats", "fourplayer-ffa", "--games", "1", "--opponent", "cmd", "--cmd", "cat", "--wait", "300ms", "-q"); code != exitFail || !strings.Contains(errs, "no reply in time") {
		t.Errorf("no answer: exit %d, stderr %s", code, errs)
	}
	if code, _, errs := run("seats", "fourplayer-ffa", "--cmd", "cat"); code != exitUsage || !strings.Contains(errs, "--opponent cmd") {
		t.Errorf("--cmd without --opponent cmd: exit %d, stderr %s", code, errs)
	}
}

// show --betza lists a game of seats' own pieces, one line each, not the copies turned
// toward the other seats that the compiler makes (nor its inert man).
func TestShowSeatsBetza(t *testing.T) {
	code, out, errs := run("show", "fourplayer", "--betza")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) != 6 || strings.Contains(out, "turned") || strings.Contains(out, "Inert") {
		t.Errorf("exit %d, %d lines (want 6, the definition's pieces):\n%s%s", code, len(lines), out, errs)
	}
}
