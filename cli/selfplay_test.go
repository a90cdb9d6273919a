// Tests of selfplay, values and merge through Main.
package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"chimera/engine/selfplay"
)

// readRecords reads a file of selfplay records: its header and games.
func readRecords(path string) (selfplay.Header, []selfplay.Game, error) {
	r, err := selfplay.ReadRecords(path, false)
	if err != nil {
		return selfplay.Header{}, nil, err
	}
	return r.Header, r.Records, nil
}

func TestSelfplayShardsMerge(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	common := []string{"gardner", "-n", "6", "--nodes", "300", "--max-plies", "50", "--random-plies", "2", "--seed", "5", "-q"}
	code, whole, errs := run(append([]string{"selfplay", "--jobs", "2", "--pgn", filepath.Join(dir, "g.pgn"), "--html", filepath.Join(dir, "g.html")}, common...)...)
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Self-play report: Gardner", "distinct), 300 nodes (±20 %) a move", "White wins", "First-move advantage", "How games ended", "First moves", "Warnings"} {
		if !strings.Contains(whole, want) {
			t.Errorf("report lacks %q:\n%s", want, whole)
		}
	}
	pgn, _ := os.ReadFile(filepath.Join(dir, "g.pgn"))
	if strings.Count(string(pgn), `[Variant "gardner"]`) != 6 || !strings.Contains(string(pgn), "[Termination ") {
		t.Errorf("PGN file:\n%.500s", pgn)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "g.html"))
	if strings.Count(string(html), "<svg") != 2 {
		t.Errorf("HTML page without its two charts")
	}
	// Two shards (one by --out, one on standard output) merge into the same report.
	code, _, errs = run(append([]string{"selfplay", "--shard", "0/2", "--out", filepath.Join(dir, "s0.jsonl")}, common...)...)
	if code != 0 {
		t.Fatalf("shard 0: exit %d, %s", code, errs)
	}
	code, s1, errs := run(append([]string{"selfplay", "--shard", "1/2", "--jobs", "2"}, common...)...)
	if code != 0 {
		t.Fatalf("shard 1: exit %d, %s", code, errs)
	}
	os.WriteFile(filepath.Join(dir, "s1.jsonl"), []byte(s1), 0o644)
	code, merged, errs := run("merge", filepath.Join(dir, "s1.jsonl"), filepath.Join(dir, "s0.jsonl"))
	if code != 0 || merged != whole {
		t.Errorf("merge: exit %d (%s), report\n%s\nwant\n%s", code, errs, merged, whole)
	}
	// A missing shard is reported.
	code, _, errs = run("merge", filepath.Join(dir, "s0.jsonl"))
	if code != 1 || !strings.Contains(errs, "games missing") {
		t.Errorf("merge of one shard of two: exit %d, %q", code, errs)
	}
	if code, out, _ := run("merge", "--partial", filepath.Join(dir, "s0.jsonl")); code != 0 || !strings.Contains(out, "Self-play report") {
		t.Errorf("merge --partial: exit %d", code)
	}
	// Records of another run do not merge.
	code, _, _ = run(append([]string{"selfplay", "--shard", "1/2", "--out", filepath.Join(dir, "other.jsonl"), "--seed", "6"}, common[:len(common)-3]...)...)
	if code != 0 {
		t.Fatal("other run failed")
	}
	if code, _, errs := run("merge", filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "other.jsonl")); code != 2 || !strings.Contains(errs, "another run") {
		t.Errorf("merge of two runs: exit %d, %q", code, errs)
	}
}

func TestSelfplayUsage(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "gardner", "-n", "0"},
		{"selfplay", "gardner", "--shard", "2/2"},
		{"selfplay", "gardner", "--shard", "x"},
		{"selfplay", "gardner", "--openings", "f", "--random-plies", "2"},
		{"selfplay", "gardner", "--jitter", "100"},
		// Random plies reaching the move cap: no engine move in any game (#23).
		{"selfplay", "gardner", "--random-plies", "10", "--max-plies", "10"},
		{"values", "gardner", "--random-plies", "300"},
		{"values", "gardner", "--unit", "K"},
		{"values", "gardner", "--types", "X"},
		{"values", "gardner", "--trades", "RR"},
		{"values", "gardner", "--trades", "RNB"},
		{"values", "gardner", "--trades", "RN,NR"},
		{"values", "gardner", "--types", "RP", "--trades", "RN"},
		{"merge"},
	} {
		if code, _, errs := run(args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

func TestSelfplayOpenings(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "open.txt")
	os.WriteFile(file, []byte("# two openings\n1. c3 bxc3\nrnbqk/ppppp/5/PPPPP/RNBQK b - - 0 1\n"), 0o644)
	code, out, errs := run("selfplay", "gardner", "-n", "4", "--nodes", "200", "--max-plies", "30", "--openings", file, "-q", "--json")
	if code != 0 || !strings.Contains(out, `"games": 4`) {
		t.Fatalf("exit %d, %s\n%s", code, errs, out)
	}
	os.WriteFile(file, []byte("1. Zz9\n"), 0o644)
	if code, _, errs := run("selfplay", "gardner", "-n", "2", "--openings", file, "-q"); code != 2 || !strings.Contains(errs, "open.txt:1") {
		t.Errorf("bad opening: exit %d, %q", code, errs)
	}
	// The forms match read and selfplay did not (#53): PGN, with and without [FEN], and EPD.
	pgn := filepath.Join(dir, "open.pgn")
	os.WriteFile(pgn, []byte("[Event \"a\"]\n\n1. c3 bxc3 *\n\n[Event \"b\"]\n[FEN \"rnbqk/ppppp/5/PPPPP/RNBQK b - - 0 1\"]\n\n1... a3 *\n"), 0o644)
	games := filepath.Join(dir, "games.pgn")
	code, _, errs = run("selfplay", "gardner", "-n", "4", "--nodes", "100", "--max-plies", "6", "--openings", pgn, "-q", "--pgn", games)
	text, _ := os.ReadFile(games)
	if code != 0 || strings.Count(string(text), "1. c3 bxc3 {end of opening}") != 2 || strings.Count(string(text), "1... a3 {end of opening}") != 2 {
		t.Errorf("PGN openings: exit %d (%s)\n%s", code, errs, text)
	}
	os.WriteFile(file, []byte("rnbqk/ppppp/5/PPPPP/RNBQK b - - id \"epd\";\n"), 0o644)
	code, _, errs = run("selfplay", "gardner", "-n", "2", "--nodes", "100", "--max-plies", "6", "--openings", file, "-q", "--pgn", games)
	text, _ = os.ReadFile(games)
	if code != 0 || strings.Count(string(text), "[FEN \"rnbqk/ppppp/5/PPPPP/RNBQK b - - 0 1\"]") != 2 {
		t.Errorf("EPD openings: exit %d (%s)\n%s", code, errs, text)
	}
}

func TestValuesTable(t *testing.T) {
	code, out, errs := run("values", "gardner", "-n", "2", "--nodes", "200", "--max-plies", "40", "-q")
	if code != 0 {
		t.Fatalf("values: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Piece values: Gardner", "unit: one Pawn", "Q Queen", "R Rook", "B Bishop", "N Knight", "P Pawn"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = run("values", "gardner", "-n", "2", "--nodes", "200", "--max-plies", "40", "-q", "--types", "N", "--json")
	if code != 0 || !strings.Contains(out, `"letter": "N"`) || !strings.Contains(out, `"letter": "P"`) || strings.Contains(out, `"letter": "Q"`) {
		t.Errorf("values --types N --json: exit %d (%s)\n%s", code, errs, out)
	}
}

func TestSelfplayHelp(t *testing.T) {
	for _, name := range []string{"selfplay", "values", "merge"} {
		code, out, _ := run(name, "--help")
		if code != 0 || !strings.Contains(out, "Examples:\n  chimera "+name) {
			t.Errorf("%s --help: exit %d\n%s", name, code, out)
		}
	}
}

func TestValuesShardsMerge(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	common := []string{"gardner", "-n", "4", "--nodes", "200", "--max-plies", "40", "--types", "RN", "--trades", "RN", "-q"}
	code, whole, errs := run(append([]string{"values"}, common...)...)
	if code != 0 {
		t.Fatalf("values: exit %d, %s", code, errs)
	}
	var files []string
	for i := 0; i < 3; i++ {
		f := filepath.Join(dir, "v"+string(rune('0'+i))+".jsonl")
		if code, _, errs := run(append([]string{"values", "--shard", string(rune('0'+i)) + "/3", "--out", f}, common...)...); code != 0 {
			t.Fatalf("shard %d: exit %d, %s", i, code, errs)
		}
		files = append(files, f)
	}
	code, merged, errs := run(append([]string{"merge"}, files...)...)
	if !strings.Contains(whole, "R:N") {
		t.Errorf("no trade row:\n%s", whole)
	}
	if code != 0 || merged != whole {
		t.Errorf("merge: exit %d (%s)\n%s\nwant\n%s", code, errs, merged, whole)
	}
}

// TestSelfplayInterrupted: SIGINT or SIGTERM during a sharded run writes the games that
// finished, marked partial, and exits 128 + the signal; --resume plays the rest, and the
// merged records give the unsharded run's report (#23: nothing was written, exit 130).
func TestSelfplayInterrupted(t *testing.T) {
	dir := t.TempDir()
	common := []string{"gardner", "-n", "6", "--nodes", "300", "--max-plies", "40", "--random-plies", "2", "--seed", "3", "-q", "-j", "1"}
	code, whole, errs := run(append([]string{"selfplay"}, common...)...)
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		part := filepath.Join(dir, "part.jsonl")
		interruptRun = func(ch chan<- os.Signal) { ch <- sig }
		code, _, errs := run(append([]string{"selfplay", "--shard", "0/1", "--out", part}, common...)...)
		interruptRun = nil
		if want := 128 + int(sig.(syscall.Signal)); code != want || !strings.Contains(errs, "interrupted") {
			t.Fatalf("%v: exit %d, want %d; stderr %q", sig, code, want, errs)
		}
		h, games, err := readRecords(part)
		if err != nil || !strings.Contains(h.Partial, fmt.Sprintf("after %d of 6 games", len(games))) {
			t.Fatalf("%v: the partial records: %v, header %+v, %d games", sig, err, h, len(games))
		}
		// The partial run's own report says so.
		if code, out, _ := run("merge", "--partial", part); len(games) > 0 && (code != 0 || !strings.Contains(out, "PARTIAL")) {
			t.Errorf("%v: merge --partial of the interrupted records: exit %d\n%s", sig, code, out)
		}
		full := filepath.Join(dir, "full.jsonl")
		code, _, errs = run(append([]string{"selfplay", "--shard", "0/1", "--resume", part, "--out", full}, common...)...)
		if code != 0 || !strings.Contains(errs, fmt.Sprintf("%d of 6 games kept", len(games))) {
			t.Fatalf("%v: --resume: exit %d, %q", sig, code, errs)
		}
		if code, merged, errs := run("merge", full); code != 0 || merged != whole {
			t.Errorf("%v: the resumed run merged: exit %d (%s)\n%s\nwant\n%s", sig, code, errs, merged, whole)
		}
	}
	// Records of another run do not resume.
	other := filepath.Join(dir, "other.jsonl")
	if code, _, _ := run(append([]string{"selfplay", "--shard", "0/1", "--out", other, "--seed", "9"}, common[:len(common)-5]...)...); code != 0 {
		t.Fatal("other run failed")
	}
	if code, _, errs := run(append([]string{"selfplay", "--shard", "0/1", "--resume", other}, common...)...); code != 2 || !strings.Contains(errs, "another run") {
		t.Errorf("--resume of another run: exit %d, %q", code, errs)
	}
}

// TestMergeChecksRecords: merge replays what it merges; an edited result, an illegal
// move, a game twice and an unknown key are refused with their file and line (#23: each
// went into the report with exit 0).
func TestMergeChecksRecords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	code, _, errs := run("selfplay", "gardner", "-n", "4", "--nodes", "200", "--max-plies", "40", "--random-plies", "2", "-q", "-j", "1", "--shard", "0/1", "--out", path)
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if code, _, errs := run("merge", path); code != 0 {
		t.Fatalf("merge of the records as written: exit %d, %s", code, errs)
	}
	// The second game (line 3), edited.
	var g map[string]any
	if err := json.Unmarshal([]byte(lines[2]), &g); err != nil {
		t.Fatal(err)
	}
	edit := func(change func(map[string]any)) string {
		h := map[string]any{}
		for k, v := range g {
			h[k] = v
		}
		change(h)
		b, _ := json.Marshal(h)
		return string(b)
	}
	flip := map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}
	for _, c := range []struct {
		name, line, want string
	}{
		{"result", edit(func(h map[string]any) { h["result"] = flip[h["result"].(string)] }), "game 1: "},
		{"illegal move", edit(func(h map[string]any) {
			ms := h["moves"].([]any)
			ms[len(ms)/2] = "a1a5"
		}), "move "},
		{"unknown key", edit(func(h map[string]any) { h["elo"] = 3000 }), `unknown field "elo"`},
		{"game twice", lines[2] + "\n" + lines[2], "again (first at"},
	} {
		bad := append(append([]string{}, lines[:2]...), c.line)
		bad = append(bad, lines[3:]...)
		p := filepath.Join(dir, "bad.jsonl")
		os.WriteFile(p, []byte(strings.Join(bad, "\n")+"\n"), 0o644)
		if code, _, errs := run("merge", p); code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "bad.jsonl:3") {
			t.Errorf("%s: exit %d, stderr %q; want 2, %q and the line", c.name, code, errs, c.want)
		}
	}
}

// --team2 random: bughouse's team 2 plays random moves, named so in the report and the
// PGN; the flag is refused for a variant of two players and for another value.
func TestSelfplayTeam2Random(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "b.pgn")
	code, out, errs := run("selfplay", "bughouse", "-n", "2", "--nodes", "200", "--team2", "random", "-q", "--pgn", pgn)
	if code != 0 || !strings.Contains(out, "team 2 random legal moves") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(pgn)
	if err != nil || !strings.Contains(string(data), `"random (board A black, team 2)"`) {
		t.Errorf("the PGN should name team 2's seats random: %v\n%.600s", err, data)
	}
	for _, args := range [][]string{{"chess", "--team2", "random"}, {"bughouse", "--team2", "greedy"}} {
		if code, _, errs := run(append([]string{"selfplay", "-n", "1", "--nodes", "100"}, args...)...); code != 2 || !strings.Contains(errs, "--team2") {
			t.Errorf("%v: exit %d, %s; want 2 and a word on --team2", args, code, errs)
		}
	}
}
