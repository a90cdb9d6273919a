// Tests of the progress display of perft and validate (the estimate of the time left, no
// output for short jobs, lines once shown, the terminal bar) and of their interruption.
package cli

import (
	"bytes"
	gocontext "context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"chimera/engine/perft"
	"chimera/interpreter"
)

func TestProgressTimeLeft(t *testing.T) {
	cases := []struct {
		name string
		s    progressState
		left string // "" for unknown
	}{
		// A quarter of the expected nodes in 10 s: 30 s more.
		{"expected nodes", progressState{done: 1, total: 5, nodes: 25, expected: 100, elapsed: 10 * time.Second}, "30s"},
		// 2 of 10 root moves made 200 nodes, so 1000 in all; 400 counted (in-flight moves
		// included) in 4 s: 6 s more.
		{"extrapolated", progressState{done: 2, total: 10, nodes: 400, doneNodes: 200, elapsed: 4 * time.Second}, "6s"},
		// No nodes to go by: 1 test of 4 in 3 s, 9 s more.
		{"units", progressState{done: 1, total: 4, elapsed: 3 * time.Second}, "9s"},
		{"long", progressState{done: 1, total: 100, doneNodes: 1e9, nodes: 1e9, elapsed: 100 * time.Second}, "2h45m"},
		{"minutes", progressState{done: 1, total: 4, elapsed: 65 * time.Second}, "3m15s"},
		{"nothing yet", progressState{done: 0, total: 20, nodes: 5000, elapsed: 3 * time.Second}, ""},
		{"done", progressState{done: 20, total: 20, nodes: 5000, elapsed: 3 * time.Second}, "0s"},
	}
	for _, c := range cases {
		d, ok := c.s.timeLeft()
		got := ""
		if ok {
			got = formatDuration(d)
		}
		if got != c.left {
			t.Errorf("%s: got time left %q (%v), want %q", c.name, got, d, c.left)
		}
		c.s.label, c.s.unit = "perft depth 9", "root moves"
		plain, bar := formatPlain(c.s, false), formatBar(c.s)
		want := "time left unknown"
		if c.left != "" {
			want = "about " + c.left + " left"
		}
		if !strings.Contains(plain, want) {
			t.Errorf("%s: got plain line %q, want %q in it", c.name, plain, want)
		}
		wantBar := "time left ?"
		if c.left != "" {
			wantBar = c.left + " left"
		}
		if n := utf8.RuneCountInString(bar); n > maxLineRune || !strings.HasPrefix(bar, "perft depth 9 [") || !strings.Contains(bar, wantBar) {
			t.Errorf("%s: got bar %q (%d characters), want at most %d", c.name, bar, n, maxLineRune)
		}
	}
	s := progressState{label: "perft depth 7", unit: "root moves", done: 8, total: 20, nodes: 1_234_000_000, doneNodes: 1_000_000_000, elapsed: 10 * time.Second}
	// 8 moves made 1e9 nodes, so 2.5e9 in all: 1.234e9 is 49%, 6 of 12 cells.
	want := "perft depth 7 [######......] 8/20 root moves, 10s left, 1.23G nodes, 123.4M/s"
	if got := formatBar(s); got != want {
		t.Errorf("got bar\n%q, want\n%q", got, want)
	}
	s.current = strings.Repeat("a very long test name ", 10)
	if got := formatBar(s); utf8.RuneCountInString(got) != maxLineRune || !strings.HasSuffix(got, "…") {
		t.Errorf("got bar %q, want it cut to %d characters", got, maxLineRune)
	}
	for d, w := range map[time.Duration]string{0: "0s", 400 * time.Millisecond: "0s", 42 * time.Second: "42s", 185 * time.Second: "3m05s", 2*time.Hour + 13*time.Minute: "2h13m"} {
		if got := formatDuration(d); got != w {
			t.Errorf("formatDuration(%v) got %q want %q", d, got, w)
		}
	}
	for n, w := range map[float64]string{950: "950", 12_345: "12.3k", 45_600_000: "45.6M", 7_890_000_000: "7.89G", 1.234e12: "1.23T"} {
		if got := formatCount(n); got != w {
			t.Errorf("formatCount(%v) got %q want %q", n, got, w)
		}
	}
}

// showProgressAtOnce sets the display's delay to 0 for the rest of the test, and the
// time between plain lines to an hour (so that only the first and last are written).
func showProgressAtOnce(t *testing.T) {
	t.Helper()
	oldDelay, oldEvery := progressDelay, progressEvery
	progressDelay, progressEvery = 0, time.Hour
	t.Cleanup(func() { progressDelay, progressEvery = oldDelay, oldEvery })
}

// interruptAfter makes the next jobs' context cancelled after n root moves or tests.
func interruptAfter(t *testing.T, n int) {
	t.Helper()
	oldCtx, oldAfter := signalContext, afterUnit
	var units atomic.Int64
	var cancel gocontext.CancelFunc
	signalContext = func() (gocontext.Context, gocontext.CancelFunc) {
		var ctx gocontext.Context
		ctx, cancel = gocontext.WithCancel(gocontext.Background())
		units.Store(0)
		return ctx, cancel
	}
	afterUnit = func() {
		if units.Add(1) == int64(n) {
			cancel()
		}
	}
	t.Cleanup(func() { signalContext, afterUnit = oldCtx, oldAfter })
}

// TestPerftQuickNoProgress: a count that ends within the delay writes nothing on stderr.
func TestPerftQuickNoProgress(t *testing.T) {
	for _, args := range [][]string{{"perft", "chess", "3"}, {"perft", "chess", "3", "--divide"}, {"validate", "chess", "--max-nodes", "10000"}} {
		code, _, errs := run(args...)
		if code != 0 || errs != "" {
			t.Errorf("%v: got exit %d and stderr %q, want 0 and nothing", args, code, errs)
		}
	}
}

func TestPerftProgressShown(t *testing.T) {
	showProgressAtOnce(t)
	code, out, errs := run("perft", "chess", "3", "--divide", "--threads", "1")
	if code != 0 || lastLine(out) != "Nodes searched: 8902" {
		t.Fatalf("got exit %d and %q, want 0 and 8902 nodes", code, out)
	}
	// Standard output keeps its form: sorted divide lines, a blank line, the totals.
	if lines := strings.Split(strings.SplitN(out, "\n\n", 2)[0], "\n"); len(lines) != 20 || lines[0] != "a2a3: 380" {
		t.Errorf("got divide lines %q, want 20 from a2a3: 380", lines)
	}
	// Standard error: the state at the start, each root move as it is counted (e2e4: 600
	// at depth 3, Stockfish `go perft 3`), the final state.
	lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
	if len(lines) != 22 {
		t.Fatalf("got %d lines on stderr, want 22:\n%s", len(lines), errs)
	}
	if !strings.HasPrefix(lines[0], "perft depth 3: 0/20 root moves, 0 nodes, ") || !strings.HasSuffix(lines[0], "time left unknown") {
		t.Errorf("got first line %q, want the state before any root move", lines[0])
	}
	if !strings.Contains(errs, "\ne2e4: 600\n") {
		t.Errorf("got stderr %q, want e2e4: 600 among the root moves", errs)
	}
	if !regexp.MustCompile(`^perft depth 3: 20/20 root moves, 8902 nodes in [0-9]+s, [0-9.kMG]+ nodes/s$`).MatchString(lines[21]) {
		t.Errorf("got last line %q, want the final state", lines[21])
	}
	// Without --divide, only the states; with --quiet, nothing.
	if _, _, errs := run("perft", "chess", "3"); len(strings.Split(strings.TrimRight(errs, "\n"), "\n")) != 2 {
		t.Errorf("got stderr %q, want two lines", errs)
	}
	for _, args := range [][]string{{"perft", "chess", "3", "--quiet", "--divide"}, {"validate", "chess", "--max-nodes", "10000", "--quiet"}} {
		if code, _, errs := run(args...); code != 0 || errs != "" {
			t.Errorf("%v: got exit %d and stderr %q, want 0 and nothing", args, code, errs)
		}
	}
	// validate: tests done of all, with the test being run.
	code, _, errs = run("validate", "chess", "--max-nodes", "10000")
	if code != 0 || !strings.HasPrefix(errs, "validate: 0/") || !regexp.MustCompile(`\nvalidate: ([0-9]+)/([0-9]+) tests, [0-9]+ nodes in`).MatchString(errs) {
		t.Errorf("validate: got exit %d and stderr %q, want progress lines", code, errs)
	}
}

// TestProgressBar: on a terminal the state is one line redrawn after a carriage return;
// lines shown meanwhile (root moves, standard output) take the bar off first.
func TestProgressBar(t *testing.T) {
	showProgressAtOnce(t)
	var w bytes.Buffer
	p := &progress{w: &w, tty: true, label: "perft depth 5", unit: "root moves", total: 2}
	p.begin()
	p.nodes.Add(100)
	p.unitDone(100, "a1a2: 100")
	p.print(func() { w.WriteString("stdout line\n") })
	p.nodes.Add(300)
	p.unitDone(300, "b1b2: 300")
	p.end()
	got := w.String()
	bar0 := "perft depth 5 [............] 0/2 root moves, time left ?, 0 nodes, 0/s"
	if !strings.HasPrefix(got, "\r"+bar0+"\r"+strings.Repeat(" ", len(bar0))+"\ra1a2: 100\n\rperft depth 5 [######......] 1/2 root moves, ") {
		t.Errorf("got %q, want the bar, then it blanked for a root move's line and redrawn", got)
	}
	if !strings.Contains(got, "\rstdout line\n\r") || !strings.Contains(got, "\rb1b2: 300\n\r") {
		t.Errorf("got %q, want the other lines on lines of their own", got)
	}
	if !regexp.MustCompile(`\rperft depth 5 \[#{12}\] 2/2 root moves, 0s left, 400 nodes, [^\r\n]*/s *\n$`).MatchString(got) {
		t.Errorf("got %q, want the final bar on its own line", got)
	}
	// Not shown before the delay: nothing at all.
	progressDelay = time.Hour
	w.Reset()
	p = &progress{w: &w, tty: true, label: "x", unit: "tests", total: 1}
	p.begin()
	p.unitDone(1, "a line")
	p.print(func() {})
	p.end()
	if w.Len() != 0 {
		t.Errorf("got %q before the delay, want nothing", w.String())
	}
}

// TestPerftInterrupted: cancelled after the first root move (one thread, so moves go in
// order), perft prints that move, a partial total, and exits 130.
func TestPerftInterrupted(t *testing.T) {
	interruptAfter(t, 1)
	for _, divide := range []bool{false, true} {
		args := []string{"perft", "chess", "4", "--threads", "1"}
		if divide {
			args = append(args, "--divide")
		}
		code, out, errs := run(args...)
		want := firstMoveCount(t, 3)
		wantOut := want.line + "\n\nTime: "
		last := "Nodes searched (partial, 1 of 20 root moves): " + strconv.FormatInt(want.nodes, 10)
		if code != 130 || !strings.HasPrefix(out, wantOut) || lastLine(out) != last {
			t.Errorf("%v: got exit %d and %q, want 130, %q first and %q last", args, code, out, wantOut, last)
		}
		if !strings.Contains(errs, "interrupted; 1 of 20 root moves counted in full") {
			t.Errorf("%v: got stderr %q", args, errs)
		}
	}
}

type moveCount struct {
	line  string
	nodes int64
}

// firstMoveCount is chess's first generated root move and its count to depth.
func firstMoveCount(t *testing.T, depth int) moveCount {
	p, err := interpreter.Start(mustOpen(t, "chess"), "")
	if err != nil {
		t.Fatal(err)
	}
	m := p.LegalMoves(nil)[0]
	name := p.Coord(m)
	p.Make(m)
	n := perft.Perft(p, depth)
	return moveCount{name + ": " + strconv.FormatInt(n, 10), n}
}

// TestValidateInterrupted: cancelled after the first test, validate reports it, says how
// many were not run, and exits 130; cancelled inside a deep perft, the test is stopped.
func TestValidateInterrupted(t *testing.T) {
	src, err := os.ReadFile("../defs/chess.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	// Standard chess from the start: 20, 400, 8902, ... (chessprogramming.org).
	text = text[:strings.Index(text, "\ntests:")] + `
tests:
  - name: one
    perft: [20]
  - name: two
    perft: [20, 400]
  - name: deep
    perft: [20, 400, 8902, 197281, 4865609, 119060324, 3195901860, 84998978956]
`
	path := filepath.Join(t.TempDir(), "three.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("after the first test", func(t *testing.T) {
		interruptAfter(t, 1)
		code, out, errs := run("validate", path)
		if code != 130 || !strings.Contains(out, "ok    one") || strings.Contains(out, "two") ||
			lastLine(out) != "1 passed, 0 failed; interrupted, 2 of 3 tests not run" {
			t.Errorf("got exit %d and %q, want 130 after test one", code, out)
		}
		if !strings.Contains(errs, "chimera validate: interrupted; 1 of 3 tests run") {
			t.Errorf("got stderr %q", errs)
		}
	})
	t.Run("inside a perft", func(t *testing.T) {
		old := signalContext
		signalContext = func() (gocontext.Context, gocontext.CancelFunc) {
			return gocontext.WithTimeout(gocontext.Background(), 500*time.Millisecond)
		}
		t.Cleanup(func() { signalContext = old })
		code, out, _ := run("validate", path)
		if code != 130 || !strings.Contains(out, "ok    two") || !strings.Contains(out, "stop  deep") ||
			!regexp.MustCompile(`perft depths [0-9]-8 not run \(interrupted\)\n`).MatchString(out) ||
			lastLine(out) != "2 passed, 0 failed; interrupted, 1 of 3 tests not run" {
			t.Errorf("got exit %d and %q, want 130 with test deep stopped", code, out)
		}
	})
}

// lockedBuffer is a bytes.Buffer safe to write from the ticker and read from the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgressPlainLines: off a terminal, a line at the delay, then one every
// progressEvery (here 10 ms) while the job runs, then the final state.
func TestProgressPlainLines(t *testing.T) {
	oldDelay, oldEvery := progressDelay, progressEvery
	progressDelay, progressEvery = 10*time.Millisecond, 10*time.Millisecond
	t.Cleanup(func() { progressDelay, progressEvery = oldDelay, oldEvery })
	var w lockedBuffer
	p := &progress{w: &w, label: "validate", unit: "tests", total: 3, expected: 1000}
	p.begin()
	p.nodes.Add(250)
	for deadline := time.Now().Add(10 * time.Second); strings.Count(w.String(), "\n") < 2 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	p.unitDone(250, "")
	p.end()
	lines := strings.Split(strings.TrimRight(w.String(), "\n"), "\n")
	if len(lines) < 3 || strings.Contains(w.String(), "\r") {
		t.Fatalf("got %q, want at least two progress lines and the final one, no carriage return", w.String())
	}
	for _, l := range lines[:len(lines)-1] {
		if !regexp.MustCompile(`^validate: [01]/3 tests, 250 nodes, [0-9.kM]+ nodes/s, [0-9]+s elapsed, about [0-9ms]+ left$`).MatchString(l) {
			t.Errorf("got line %q, want the state with a quarter of the nodes counted", l)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "validate: 1/3 tests, 250 nodes in ") {
		t.Errorf("got last line %q", last)
	}
}

// SIGTERM stops perft as Ctrl-C does: the root moves counted, the total marked partial,
// and exit status 143 (before, SIGTERM killed it with nothing printed) (#23).
func TestPerftSIGTERM(t *testing.T) {
	old := signalContext
	ready := make(chan struct{})
	signalContext = func() (gocontext.Context, gocontext.CancelFunc) {
		ctx, cancel := old()
		close(ready)
		return ctx, cancel
	}
	t.Cleanup(func() { signalContext = old })
	go func() {
		<-ready
		time.Sleep(200 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
	}()
	code, out, errs := run("perft", "chess", "7", "--threads", "1", "--quiet")
	if code != 143 || !strings.Contains(out, "Nodes searched (partial") || !strings.Contains(errs, "interrupted") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
	}
}

// TestPerftShardInterrupted: a shard cancelled after its first root move writes the header
// marked partial and that move's line, and exits 130.
func TestPerftShardInterrupted(t *testing.T) {
	interruptAfter(t, 1)
	f := filepath.Join(t.TempDir(), "p.jsonl")
	code, _, errs := run("perft", "chess", "3", "--threads", "1", "--shard", "0/2", "--out", f, "--quiet")
	data, _ := os.ReadFile(f)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if code != 130 || len(lines) != 2 || !strings.Contains(lines[0], `"partial":"interrupted after 1 of 10 root moves"`) || !strings.Contains(lines[0], `"root_moves":20`) {
		t.Errorf("exit %d, file\n%s", code, data)
	}
	if !strings.Contains(errs, "interrupted; 1 of 10 root moves of the shard counted in full (written)") {
		t.Errorf("stderr %q", errs)
	}
}
