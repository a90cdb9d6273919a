// Tests of train through Main: a whole run in seconds, resuming from a checkpoint, usage errors.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// TestTrainEndToEnd: twenty games of gardner are played and trained on in seconds; the net
// and the definition naming it are written, the definition loads with the net's
// provenance and is searched; a run resumed from its checkpoint writes the same net as
// the unbroken one.
func TestTrainEndToEnd(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	out := filepath.Join(dir, "g.nnue")
	ck := filepath.Join(dir, "g.ckpt")
	args := []string{"train", "gardner", "-n", "20", "--nodes", "300", "--max-plies", "60", "--random-plies", "2", "-j", "1", "--threads", "1", "-q", "--checkpoint", ck, "--out", out}
	code, stdout, errs := run(append(args, "--epochs", "2")...)
	if code != 0 {
		t.Fatalf("train: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Trained gardner: 20 games", "Held-out error: ", "Wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	def := filepath.Join(dir, "g.yaml")
	text, _ := os.ReadFile(def)
	if !strings.Contains(string(text), "extends: gardner\nname: gardner-net\nevaluation:\n  net: g.nnue\n") {
		t.Fatalf("definition:\n%s", text)
	}
	rs, err := interpreter.Open(def)
	if err != nil {
		t.Fatal(err)
	}
	if n := rs.Net(); n == nil || n.Games != 20 || n.Epochs != 2 || n.Nodes != 300 || n.Seed != 1 || n.Positions == 0 {
		t.Fatalf("net header %+v", n)
	}
	if code, s, errs := run("search", def, "--depth", "3"); code != 0 || !strings.Contains(s, "bestmove") {
		t.Fatalf("search: exit %d, %s %s", code, s, errs)
	}
	// Two more epochs from the checkpoint give the net of four epochs at once.
	if code, _, errs := run(append(args, "--epochs", "4", "--continue")...); code != 0 {
		t.Fatalf("train --continue: exit %d, %s", code, errs)
	}
	resumed, _ := os.ReadFile(out)
	out2 := filepath.Join(dir, "h.nnue")
	args2 := append([]string(nil), args...)
	args2[len(args2)-1], args2[len(args2)-3] = out2, filepath.Join(dir, "h.ckpt")
	if code, _, errs := run(append(args2, "--epochs", "4")...); code != 0 {
		t.Fatalf("train: exit %d, %s", code, errs)
	}
	whole, _ := os.ReadFile(out2)
	if len(whole) == 0 || string(whole) != string(resumed) {
		t.Fatal("the resumed run's net is not the unbroken run's")
	}
}

// TestTrainUsage: bad flags are usage errors (exit 2) with the reason.
func TestTrainUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--epochs", "0"}, "--epochs must be"},
		{[]string{"--lambda", "2"}, "--lambda must be"},
		{[]string{"--continue"}, "--continue resumes from --checkpoint"},
		{[]string{"--out", "x.bin"}, "the net is a .nnue file"},
	} {
		code, _, errs := run(append([]string{"train", "gardner"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %s", c.args, code, errs)
		}
	}
}

// TestTrainResidual: --residual trains a net that adds to the linear evaluation; its
// header says so, with the digest of the evaluation it was trained over, and the
// definition written loads and is searched; the report gives the linear evaluation's own
// held-out error first. Resuming a run of the other kind, and training a residual net
// over a definition that evaluates with a net, are refused.
func TestTrainResidual(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	out := filepath.Join(dir, "r.nnue")
	ck := filepath.Join(dir, "r.ckpt")
	args := []string{"train", "gardner", "-n", "20", "--nodes", "300", "--max-plies", "60", "--random-plies", "2", "-j", "1", "--threads", "1", "--checkpoint", ck, "--out", out, "--epochs", "1"}
	code, stdout, errs := run(append(args, "--residual")...)
	if code != 0 {
		t.Fatalf("train --residual: exit %d, %s", code, errs)
	}
	if !strings.Contains(errs, "before training (the linear evaluation's alone)") || !strings.Contains(stdout, "Wrote "+out) {
		t.Fatalf("report:\n%s\n%s", stdout, errs)
	}
	def := filepath.Join(dir, "r.yaml")
	rs, err := interpreter.Open(def)
	if err != nil {
		t.Fatal(err)
	}
	gardner, _ := interpreter.Open("gardner")
	if n := rs.Net(); n == nil || !n.Adds || n.Linear != compiler.EvalDigest(gardner) {
		t.Fatalf("net header %+v", n)
	}
	if code, s, errs := run("search", def, "--depth", "3"); code != 0 || !strings.Contains(s, "bestmove") {
		t.Fatalf("search: exit %d, %s %s", code, s, errs)
	}
	if code, _, errs := run(append(args, "--epochs", "2", "--continue")...); code != 2 || !strings.Contains(errs, "a run with --residual=true") {
		t.Fatalf("resuming a residual run without --residual: exit %d, %s", code, errs)
	}
	if code, _, errs := run("train", def, "-n", "10", "--nodes", "100", "-j", "1", "--residual", "--out", filepath.Join(dir, "s.nnue")); code != 2 || !strings.Contains(errs, "evaluates with a net already") {
		t.Fatalf("a residual net over a net: exit %d, %s", code, errs)
	}
}
