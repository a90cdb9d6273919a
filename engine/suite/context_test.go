// Tests of RunTestContext (stopping perft counts when cancelled, the node tally) and of
// ExpectedNodes.
package suite

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"chimera/defs"
	"chimera/interpreter"
)

func TestRunTestContextInterrupted(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	// Standard chess from the start: 20, 400, 8902, 197281, 4865609, 119060324, ...
	// (chessprogramming.org); depth 10 could never finish in this test.
	deep := &defs.Test{Name: "deep", Perft: []int64{20, 400, 8902, 197281, 4865609, 119060324, 3195901860, 84998978956, 2439530234167, 69352859712417}}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var nodes atomic.Int64
	start := time.Now()
	r := RunTestContext(ctx, rs, deep, Options{Workers: 2, Nodes: &nodes})
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("took %v to stop", elapsed)
	}
	skipped := strings.Join(r.Skipped, "; ")
	if !r.Interrupted || !r.Pass || !strings.Contains(skipped, "not run (interrupted)") || !strings.HasSuffix(skipped, "-10 not run (interrupted)") {
		t.Errorf("got interrupted=%v pass=%v skipped %q failures %q; want an interrupted pass with depths to 10 not run", r.Interrupted, r.Pass, skipped, r.Failure)
	}
	if r.Nodes < 20+400 || nodes.Load() < r.Nodes {
		t.Errorf("got %d nodes in finished depths and %d in the tally; want at least depths 1-2 and tally >= nodes", r.Nodes, nodes.Load())
	}
	// Cancelled before it starts: no depth runs.
	r = RunTestContext(ctx, rs, deep, Options{})
	if !r.Interrupted || r.Nodes != 0 || strings.Join(r.Skipped, "") != "perft depths 1-10 not run (interrupted)" {
		t.Errorf("cancelled context: got interrupted=%v nodes=%d skipped %q", r.Interrupted, r.Nodes, r.Skipped)
	}
	// Not cancelled: the tally is exactly the nodes counted, small depths and large.
	nodes.Store(0)
	five := &defs.Test{Name: "five", Perft: deep.Perft[:5]}
	r = RunTestContext(context.Background(), rs, five, Options{Nodes: &nodes})
	if !r.Pass || r.Interrupted || r.Nodes != 5072212 || nodes.Load() != 5072212 {
		t.Errorf("depth 5: got pass=%v interrupted=%v nodes=%d tally %d; want 5072212", r.Pass, r.Interrupted, r.Nodes, nodes.Load())
	}
}

func TestExpectedNodes(t *testing.T) {
	tc := &defs.Test{Perft: []int64{20, 400, 8902, 197281}}
	for i, c := range []struct {
		opt  Options
		want int64
	}{
		{Options{}, 20 + 400 + 8902 + 197281},
		{Options{MaxDepth: 2}, 420},
		{Options{MaxNodes: 10_000}, 20 + 400 + 8902},
		{Options{MaxNodes: 10}, 0},
	} {
		if got := ExpectedNodes(tc, c.opt); got != c.want {
			t.Errorf("#%d got %d want %d", i, got, c.want)
		}
	}
	if got := ExpectedNodes(&defs.Test{Perft: []int64{1 << 62, 1 << 62, 1 << 62}}, Options{}); got <= 0 {
		t.Errorf("absurd counts: got %d, want a positive (saturated) sum", got)
	}
}

// TestRunTestContextStopsItsGame: a test's game stops when the context is done, and the
// test is Interrupted (on main the game was played to its end whatever the context, and
// the test passed as if it had run in time).
func TestRunTestContextStopsItsGame(t *testing.T) {
	def, err := defs.Parse("endless.yaml", []byte("extends: chess\nname: endless\nrules:\n  fifty-move: 0\n  repetition: 0\n"+
		"goals:\n  - name: never\n    when: 'reduce(1..15000, #acc + 1, 0) < 0'\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	// The knights go out and back 1,000 times: a minute of hook runs.
	game := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 1000)
	test := &defs.Test{Name: "long game", Game: game, After: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4000 2001"}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := RunTestContext(ctx, rs, test, Options{})
	if took := time.Since(start); !r.Interrupted || took > 3*time.Second || !strings.Contains(strings.Join(r.Skipped, ""), "game stopped after") {
		t.Errorf("a game past its context's deadline: interrupted=%v after %s, skipped %q; want it stopped and reported", r.Interrupted, took, r.Skipped)
	}
	// Cancelled before it starts: no move is played.
	r = RunTestContext(ctx, rs, &defs.Test{Name: "short", Game: "e4 e5"}, Options{})
	if !r.Interrupted || !strings.Contains(strings.Join(r.Skipped, ""), "game stopped after 0 moves, at 1. e4") {
		t.Errorf("cancelled context: interrupted=%v skipped %q", r.Interrupted, r.Skipped)
	}
}
