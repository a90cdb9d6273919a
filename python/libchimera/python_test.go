// The Python binding tested from Python: the shared library built, ffish's games replayed through it, and random calls survived with bounded memory.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"chimera/defs"
)

// ffishVariants are the variants whose games the binding replays against ffish's: those
// whose FENs, coordinates and SAN Chimera writes as ffish does (test_chimera.py's KNOWN
// lists the differences left).
var ffishVariants = []string{"chess", "crazyhouse", "atomic", "3check", "kingofthehill", "horde", "antichess", "capablanca", "makruk"}

// need finds a program the test needs; without it the test is skipped, and fails when
// CI=true (CI installs it).
func need(t *testing.T, program, why string) string {
	t.Helper()
	path, err := exec.LookPath(program)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found (%v); it is needed for %s and CI=true", program, err, why)
		}
		t.Skipf("%s not found (%v); %s skipped", program, err, why)
	}
	return path
}

// TestPython builds the library (go build -buildmode=c-shared, as docs/python.md says) and
// runs python/test_chimera.py against it: ffish's random games of ffishVariants replayed (legal
// moves, SAN, FEN after each move, result), the binding's own checks, and 10,000 random
// calls (50,000 without -short) with bad FENs, moves and handles that must raise Python
// exceptions and leave RSS within 16 MiB of where it started.
func TestPython(t *testing.T) {
	python := need(t, "python3", "the Python binding's test")
	cc, err := exec.Command("go", "env", "CC").Output()
	if err != nil {
		t.Fatalf("go env CC: %v", err)
	}
	need(t, strings.TrimSpace(string(cc)), "the Python binding's test (cgo needs a C compiler)")

	dir := t.TempDir()
	lib := filepath.Join(dir, "libchimera.so")
	build := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}

	games, plies, calls := "1", "300", "10000"
	if !testing.Short() {
		games, plies, calls = "4", "500", "50000"
	}
	env := append(os.Environ(), "CHIMERA_LIB="+lib, "CHIMERA_FUZZ_CALLS="+calls, "PYTHONPATH=..", "PYTHONDONTWRITEBYTECODE=1")
	wants := []string{"random calls: "}
	if gamesFile, ok := ffishGames(t, dir, games, plies); ok {
		env = append(env, "CHIMERA_FFISH_GAMES="+gamesFile)
		wants = append(wants, "ffish: ")
	}
	cmd := exec.Command(python, "-m", "unittest", "-v", "test_chimera")
	cmd.Env = env
	cmd.Dir = ".." // python/, where test_chimera.py and the module are
	out, err := cmd.CombinedOutput()
	t.Logf("python3 -m unittest test_chimera:\n%s", out)
	if err != nil {
		t.Fatalf("the Python tests failed: %v", err)
	}
	for _, want := range wants {
		if !strings.Contains(string(out), want) {
			t.Errorf("the Python tests did not report %q: a test was skipped", strings.TrimSpace(want))
		}
	}
}

// ffishGames writes ffish's random games to a file in dir; false when ffish is not
// installed (CHIMERA_FFISH, as for engine/perft's cross-checks), which fails when CI=true.
func ffishGames(t *testing.T, dir, games, plies string) (string, bool) {
	t.Helper()
	ffish := os.Getenv("CHIMERA_FFISH")
	missing := func(msg string) (string, bool) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; it is needed for the ffish cross-check and CI=true", msg)
		}
		t.Logf("%s; the ffish cross-check is skipped (npm install --prefix DIR ffish@0.7.10, then CHIMERA_FFISH=DIR)", msg)
		return "", false
	}
	if ffish == "" {
		return missing("CHIMERA_FFISH is not set")
	}
	if _, err := os.Stat(filepath.Join(ffish, "node_modules", "ffish", "package.json")); err != nil {
		return missing(fmt.Sprintf("CHIMERA_FFISH=%s holds no ffish: %v", ffish, err))
	}
	node := need(t, "node", "the ffish cross-check")
	cmd := exec.Command(node, filepath.Join("testdata", "ffish_games.mjs"), "--ffish", ffish, strings.Join(ffishVariants, ","), games, plies, "52")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node ffish_games.mjs: %v\n%s", err, stderr.String())
	}
	file := filepath.Join(dir, "ffish-games.jsonl")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, true
}

// TestPanicBecomesError: a panic in a call is answered as a RuntimeError, and bad input as
// a ValueError, never crossing into C.
func TestPanicBecomesError(t *testing.T) {
	got := answerOf(func() (any, error) {
		var b *board
		return b.legal(false), nil // a nil board: the panic a bug would raise
	})
	if !strings.Contains(got, `"type":"RuntimeError"`) || !strings.Contains(got, "internal error") {
		t.Errorf("a panicking call answered %s, want a RuntimeError", got)
	}
	got = answerOf(func() (any, error) { return state.newBoard(-7, "", "") })
	if !strings.Contains(got, `"type":"ValueError"`) || !strings.Contains(got, "handle -7") {
		t.Errorf("a call on no variant answered %s, want a ValueError naming the handle", got)
	}
}

// TestTablesConcurrent: goroutines playing on their boards and on a shared one, one of
// them closing the shared board midway, as Python threads may (run it with -race): every
// call answers, the shared board's calls after its closing are refused, and no board is
// left open.
func TestTablesConcurrent(t *testing.T) {
	v, err := state.openVariant("builtin", "chess")
	if err != nil {
		t.Fatal(err)
	}
	defer state.closeVariant(v.Handle)
	shared, err := state.newBoard(v.Handle, "", "")
	if err != nil {
		t.Fatal(err)
	}
	_, before := state.count()
	done := make(chan error)
	for g := range 4 {
		go func() {
			own, err := state.newBoard(v.Handle, "", "")
			if err != nil {
				done <- err
				return
			}
			for i := range 200 {
				if g == 0 && i == 100 {
					state.closeBoard(shared)
				}
				state.withBoard(shared, func(b *board) error { b.legal(true); return nil })
				if err := state.withBoard(own, func(b *board) error {
					if _, err := b.push("e2e4"); err != nil {
						return err
					}
					_, err := b.pop()
					return err
				}); err != nil {
					done <- err
					return
				}
			}
			done <- state.closeBoard(own)
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	if err := state.withBoard(shared, func(*board) error { return nil }); err == nil {
		t.Error("the shared board answers after its closing")
	}
	if _, after := state.count(); after != before-1 {
		t.Errorf("%d boards open after the goroutines, want %d", after, before-1)
	}
}

// TestSeatsRefused opens a game of seats through the binding: refused, naming what plays
// it, and left out of the variants listed.
func TestSeatsRefused(t *testing.T) {
	for _, kind := range []string{"builtin", "file"} {
		name := "fourplayer"
		if kind == "file" {
			name = filepath.Join("..", "..", "defs", "fourplayer-ffa.yaml")
		}
		if _, err := state.openVariant(kind, name); err == nil || !strings.Contains(err.Error(), "game of 4 seats") || !strings.Contains(err.Error(), "chimera seats") {
			t.Errorf("%s %s: error %v, want it refused", kind, name, err)
		}
	}
	for _, b := range defs.Builtins() {
		d, err := defs.Load(b)
		if err != nil {
			t.Fatal(err)
		}
		listed := strings.Contains(" "+strings.Join(variantNames(), " ")+" ", " "+b+" ")
		if listed == (d.Seats != nil) {
			t.Errorf("built-in %s listed %v (a game of seats: %v)", b, listed, d.Seats != nil)
		}
	}
}
