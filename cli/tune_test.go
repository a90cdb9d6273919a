// Tests of tune through Main: a whole run, shards merged then fitted, usage errors.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/interpreter"
)

// TestTuneEndToEnd: a few games of gardner are played and fitted in seconds; the file
// written extends gardner, loads, and is searched.
func TestTuneEndToEnd(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	out := filepath.Join(dir, "g.yaml")
	code, stdout, errs := run("tune", "gardner", "-n", "8", "--nodes", "400", "--max-plies", "60", "--random-plies", "2", "--skip-plies", "0", "--out", out, "-q")
	if code != 0 {
		t.Fatalf("tune: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Tuned gardner: 8 games", "Mean squared error: ", "value N ", "squares P ", "tempo", "Wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"extends: gardner\nname: gardner-tuned\nevaluation:\n  pieces:\n", "      squares:\n        - [", "  tempo: "} {
		if !strings.Contains(string(data), want) {
			t.Errorf("file lacks %q:\n%s", want, data)
		}
	}
	rs, err := interpreter.Open(out)
	if err != nil || rs.Def.Evaluation == nil || rs.Def.Evaluation.Pieces["P"] == nil {
		t.Fatalf("the file does not load with its section: %v", err)
	}
	if code, s, errs := run("search", out, "--depth", "3"); code != 0 || !strings.Contains(s, "bestmove") {
		t.Errorf("search of the tuned file: exit %d, %s %s", code, s, errs)
	}
}

// TestTuneShardMergeFrom: two shards of games merged, then fitted with --from, give the
// same file as the whole run played and fitted at once.
func TestTuneShardMergeFrom(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	common := []string{"gardner", "-n", "6", "--nodes", "300", "--max-plies", "50", "--random-plies", "2", "--seed", "3", "-q"}
	whole := filepath.Join(dir, "whole.yaml")
	if code, _, errs := run(append([]string{"tune", "--out", whole, "--skip-plies", "0", "--ridge", "1e-6"}, common...)...); code != 0 {
		t.Fatalf("tune: exit %d, %s", code, errs)
	}
	for i, shard := range []string{"0/2", "1/2"} {
		if code, _, errs := run(append([]string{"tune", "--shard", shard, "--out", filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")}, common...)...); code != 0 {
			t.Fatalf("shard %s: exit %d, %s", shard, code, errs)
		}
	}
	games := filepath.Join(dir, "games.jsonl")
	if code, report, errs := run("merge", "--out", games, filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.jsonl")); code != 0 || !strings.Contains(report, "Self-play report") {
		t.Fatalf("merge: exit %d, %s", code, errs)
	}
	fitted := filepath.Join(dir, "from.yaml")
	code, stdout, errs := run("tune", "gardner", "--from", games, "--out", fitted, "--skip-plies", "0", "--ridge", "1e-6", "-q")
	if code != 0 || !strings.Contains(stdout, "Tuned gardner: 6 games") {
		t.Fatalf("tune --from: exit %d, %s %s", code, stdout, errs)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(fitted)
	// The first comment line says where the games came from; the rest is the same.
	_, a1, _ := strings.Cut(string(a), "\n")
	_, b1, _ := strings.Cut(string(b), "\n")
	if a1 != b1 {
		t.Errorf("fitted from the merged shards:\n%s\nwhole run:\n%s", b, a)
	}
}

// TestTuneUsage: usage errors exit 2 with a message saying what to fix.
func TestTuneUsage(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"tune"}, "missing VARIANT"},
		{[]string{"tune", "gardner", "-n", "0"}, "-n must be at least 1"},
		{[]string{"tune", "gardner", "--from", "x.jsonl", "--shard", "0/2"}, "give one of them"},
		{[]string{"tune", "gardner", "--from", "x.jsonl", "--nodes", "100"}, "--nodes is for playing games"},
		{[]string{"tune", "gardner", "--ridge", "-2"}, "--ridge must be auto or a number from 0"},
		{[]string{"tune", "gardner", "--out", filepath.Join(dir, "x.txt"), "-n", "2", "--nodes", "50", "-q"}, "the tuned definition is a .yaml file"},
		{[]string{"tune", "gardner", "--from", filepath.Join(dir, "none.jsonl")}, "none.jsonl"},
	}
	for _, c := range cases {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
