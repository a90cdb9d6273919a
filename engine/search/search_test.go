// Search tests: decided games found and scored with their distance, determinism, limits.
package search_test

import (
	"context"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/interpreter"
)

func open(t testing.TB, variant string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func position(t testing.TB, rs *compiler.Ruleset, fen string) *interpreter.Position {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFindsMates(t *testing.T) {
	cases := []struct {
		variant, fen, best string
		plies              int // the decided end, in plies
	}{
		{"chess", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "f3f7", 1},
		{"chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
		// Mate in two: 1.Nf6+ gxf6 2.Bxf7#.
		{"chess", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 3},
		// Koopa: the bishop's capture bounces over the enemy king (a king hit wins at once).
		{"koopa", "8/8/2k5/1p6/B7/8/8/4K3 w - - 0 1", "a4b5", 1},
		// Crazyhouse: a drop mate, N@f7 (smothered).
		{"crazyhouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", "N@f7", 1},
	}
	for _, c := range cases {
		rs := open(t, c.variant)
		p := position(t, rs, c.fen)
		e := search.New(rs, 16)
		res := e.Search(context.Background(), p, search.Limits{Depth: c.plies + 2}, nil)
		if want := search.Mate - c.plies; res.Score != want {
			t.Errorf("%s %s: score %d, want %d (a win in %d plies); pv %v", c.variant, c.fen, res.Score, want, c.plies, res.PV)
		}
		if c.best != "" && p.Coord(res.Best) != c.best {
			t.Errorf("%s %s: best %s, want %s", c.variant, c.fen, p.Coord(res.Best), c.best)
		}
	}
}

// Quiescence looks at quiet moves that reach a goal zone: at depth 1 White already sees
// that nothing stops the black king from stepping into the centre.
func TestQuiescenceSeesGoalMoves(t *testing.T) {
	rs := open(t, "kingofthehill")
	p := position(t, rs, "8/8/4k3/8/8/8/8/K7 w - - 0 1")
	res := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 1}, nil)
	if want := -(search.Mate - 2); res.Score != want {
		t.Errorf("depth 1: score %d, want %d (Black reaches the centre next move)", res.Score, want)
	}
}

// Without a check rule an attacked king is still a threat to answer: Koopa's search
// treats it as check. After 1.e3 e5 2.Qh5 Black is lost in five (every defence of the
// king walks into a hit, or leaves one open); searching a king attacked as a king in check
// sees it at depth 5, where a search that stands pat on the attacked king needed depth 9.
// The king hit by capture is also tried first where the king stands attacked.
func TestAttackedHitRoyalSearchedAsCheck(t *testing.T) {
	rs := open(t, "koopa")
	p := position(t, rs, "rnbqkbnr/pppp1ppp/8/4p2Q/8/4P3/PPPP1PPP/RNB1KBNR b KQkq - 1 2")
	res := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 5}, nil)
	if want := -(search.Mate - 10); res.Score != want {
		t.Errorf("depth 5: score %d, want %d (Black lost in five); pv %v", res.Score, want, res.PV)
	}
	// Kings side by side: the side to move takes the king (its bounce lands on e6).
	p = position(t, rs, "4k3/4K3/8/8/8/8/8/r6q b - - 0 1")
	res = search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 3}, nil)
	if res.Score != search.Mate-1 || p.Coord(res.Best) != "e8e7" {
		t.Errorf("kings side by side: %s scored %d, want e8e7 scored %d", p.Coord(res.Best), res.Score, search.Mate-1)
	}
}

// Where every move captures (Clobber), quiescence would follow captures to the end of the
// game: it stands pat, and a fixed-depth search finishes at once. The endgame is won by
// taking the last black stone: d2c2 leaves Black without a move.
func TestCapturesOnlySearch(t *testing.T) {
	rs := open(t, "clobber")
	p := position(t, rs, "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1")
	res := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 4, Nodes: 2_000_000}, nil)
	if res.Depth < 4 || res.Best == interpreter.NoMove {
		t.Errorf("start: depth %d, best %v in %d nodes; want depth 4 within 2,000,000 nodes", res.Depth, res.Best, res.Nodes)
	}
	p = position(t, rs, "5/5/5/5/2pP1/4P w - - 0 1")
	res = search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 3}, nil)
	if want := search.Mate - 1; res.Score != want || p.Coord(res.Best) != "d2c2" {
		t.Errorf("endgame: best %s score %d, want d2c2 with %d", p.Coord(res.Best), res.Score, want)
	}
}

// With helper threads (lazy SMP) the search still finds the forced wins, leaves the
// position as it was, and counts every thread's nodes.
func TestThreads(t *testing.T) {
	cases := []struct{ variant, fen, best string }{
		{"chess", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6"},
		{"crazyhouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", "N@f7"},
	}
	for _, c := range cases {
		rs := open(t, c.variant)
		p := position(t, rs, c.fen)
		e := search.New(rs, 16)
		e.SetThreads(3)
		if e.Threads() != 3 {
			t.Fatalf("threads %d", e.Threads())
		}
		res := e.Search(context.Background(), p, search.Limits{Depth: 6}, nil)
		if p.Coord(res.Best) != c.best || res.Score < search.Mate-search.MateSpan {
			t.Errorf("%s: best %s score %d, want %s and a win", c.variant, p.Coord(res.Best), res.Score, c.best)
		}
		if p.FEN() != c.fen {
			t.Errorf("%s: the position changed: %s", c.variant, p.FEN())
		}
		one := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 6}, nil)
		if res.Nodes <= one.Nodes/2 {
			t.Errorf("%s: %d nodes with 3 threads, %d with one: the helpers' nodes are not counted", c.variant, res.Nodes, one.Nodes)
		}
	}
	rs := open(t, "chess")
	p := position(t, rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	e := search.New(rs, 16)
	e.SetThreads(2)
	start := time.Now()
	if res := e.Search(context.Background(), p, search.Limits{MoveTime: 200 * time.Millisecond}, nil); res.Best == interpreter.NoMove || time.Since(start) > time.Second {
		t.Errorf("movetime 200 ms with two threads: %v after %v", res.Best, time.Since(start))
	}
	if res := e.Search(context.Background(), p, search.Limits{Nodes: 20000}, nil); res.Nodes > 30000 {
		t.Errorf("node limit 20000 with two threads: %d nodes", res.Nodes)
	}
}

func TestDeterministicAtFixedDepth(t *testing.T) {
	rs := open(t, "chess")
	p := position(t, rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	a := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 6}, nil)
	b := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 6}, nil)
	if a.Best != b.Best || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("two searches differ: %v %d %d / %v %d %d", a.Best, a.Score, a.Nodes, b.Best, b.Score, b.Nodes)
	}
	if fen := p.FEN(); fen != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" {
		t.Errorf("search changed the position: %s", fen)
	}
}

// The caller stops a search by cancelling its context: one cancelled before the search
// starts ends it at once (there is no stop request to lose), one cancelled while it runs
// ends it within a moment with a legal move, with one or more threads, and an infinite
// search that has finished its iterations waits for the cancellation.
func TestSearchContext(t *testing.T) {
	rs := open(t, "chess")
	p := position(t, rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for _, threads := range []int{1, 2} {
		e := search.New(rs, 16)
		e.SetThreads(threads)
		done, cancel := context.WithCancel(context.Background())
		cancel()
		start := time.Now()
		res := e.Search(done, p, search.Limits{Infinite: true}, nil)
		if el := time.Since(start); el > 500*time.Millisecond || !p.IsLegal(res.Best) {
			t.Errorf("%d threads, cancelled before: %v after %v", threads, res.Best, el)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var stopped time.Time
		go func() {
			time.Sleep(300 * time.Millisecond)
			stopped = time.Now()
			cancel()
		}()
		res = e.Search(ctx, p, search.Limits{Infinite: true}, nil)
		// Prompt even on a loaded machine (an infinite search that missed it never returns).
		if el := time.Since(stopped); el > time.Second || !p.IsLegal(res.Best) || res.Depth < 2 {
			t.Errorf("%d threads, cancelled while searching: %v at depth %d, %v after the cancellation", threads, res.Best, res.Depth, el)
		}
		ctx, cancel = context.WithCancel(context.Background())
		ended := make(chan search.Result, 1)
		go func() { ended <- e.Search(ctx, p, search.Limits{Infinite: true, Depth: 2}, nil) }()
		select {
		case res := <-ended:
			t.Errorf("%d threads: an infinite search to depth 2 ended without a stop (%v)", threads, res.Best)
		case <-time.After(200 * time.Millisecond):
		}
		cancel()
		if res := <-ended; res.Depth != 2 || !p.IsLegal(res.Best) {
			t.Errorf("%d threads: infinite to depth 2: %v at depth %d", threads, res.Best, res.Depth)
		}
	}
	if fen := p.FEN(); fen != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" {
		t.Errorf("search changed the position: %s", fen)
	}
}

func TestLimits(t *testing.T) {
	rs := open(t, "chess")
	p := position(t, rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	e := search.New(rs, 16)
	res := e.Search(context.Background(), p, search.Limits{Nodes: 5000}, nil)
	if res.Nodes > 7000 || res.Best == interpreter.NoMove {
		t.Errorf("node limit 5000: %d nodes, best %v", res.Nodes, res.Best)
	}
	start := time.Now()
	res = e.Search(context.Background(), p, search.Limits{MoveTime: 200 * time.Millisecond}, nil)
	if el := time.Since(start); el > 600*time.Millisecond || res.Best == interpreter.NoMove {
		t.Errorf("movetime 200 ms took %v", el)
	}
	start = time.Now()
	res = e.Search(context.Background(), p, search.Limits{Time: [2]time.Duration{time.Second, time.Second}}, nil)
	if el := time.Since(start); el > 500*time.Millisecond || res.Best == interpreter.NoMove {
		t.Errorf("a 1 s clock spent %v on one move", el)
	}
}

func BenchmarkSearchChessStart(b *testing.B) {
	rs := open(b, "chess")
	p := position(b, rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	var nodes int64
	for i := 0; i < b.N; i++ {
		nodes += search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 8}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestContempt: every move of a bare-kings position at the 99th quiet half-move is a draw
// by the fifty-move rule; the root's side scores it −Contempt, whichever side it is, and
// 0 without contempt.
func TestContempt(t *testing.T) {
	rs := open(t, "chess")
	for _, fen := range []string{"8/8/4k3/8/8/4K3/8/8 w - - 99 80", "8/8/4k3/8/8/4K3/8/8 b - - 99 80"} {
		for _, contempt := range []int{0, 25, -40} {
			p := position(t, rs, fen)
			res := search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 3, Contempt: contempt}, nil)
			if res.Score != -contempt {
				t.Errorf("%s, contempt %d: score %d, want %d", fen, contempt, res.Score, -contempt)
			}
		}
	}
}
