// A search cut by its limit keeps the decided score it found: the last report is not a "+0".
package search_test

import (
	"context"
	"testing"

	"chimera/engine/search"
	"chimera/interpreter"
)

// TestCutSearchKeepsItsMateScore cuts searches of a position where a forced win is found
// early (#52: "win in 7" read "+0" once the clock cut the search) at node counts that fall
// in the iterations after it: every report from the first decided score on, and the
// result, keep a decided score for the same side. On main the interrupted iteration was
// reported with the score its aborted search returned, 0. The position is Koopa's after
// 1. e4 e5, where White's queen sortie wins; the cuts are taken past the node count at
// which a search to depth 9 first reports the win.
func TestCutSearchKeepsItsMateScore(t *testing.T) {
	t.Parallel()
	rs := open(t, "koopa")
	start := func() *interpreter.Position {
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"e4", "e5"} {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		return p
	}
	decided := func(score int) bool { return score >= search.Mate-search.MateSpan }
	var found int64 // the nodes of the first report with the win
	search.New(rs, 16).Search(context.Background(), start(), search.Limits{Depth: 9}, func(in search.Info) {
		if found == 0 && decided(in.Score) {
			found = in.Nodes
		}
	})
	if found == 0 {
		t.Fatal("no decided score to depth 9: the position no longer tests the cut")
	}
	scales := []int64{11, 15, 20, 26} // tenths of found
	if testing.Short() {
		scales = scales[:2]
	}
	for _, scale := range scales {
		nodes := found * scale / 10
		e := search.New(rs, 16)
		var reports []search.Info
		res := e.Search(context.Background(), start(), search.Limits{Nodes: nodes}, func(in search.Info) { reports = append(reports, in) })
		first := -1
		for i, in := range reports {
			if decided(in.Score) {
				first = i
				break
			}
		}
		if first < 0 {
			t.Fatalf("nodes %d: no decided score reported (%d reports), where the search to depth 9 had one at %d nodes", nodes, len(reports), found)
		}
		for _, in := range reports[first:] {
			if !decided(in.Score) {
				t.Errorf("nodes %d: depth %d reported %s after a win was found", nodes, in.Depth, search.ScoreText(in.Score))
			}
		}
		if !decided(res.Score) {
			t.Errorf("nodes %d: the search answered %s after a win was found", nodes, search.ScoreText(res.Score))
		}
	}
}

// TestExposedRoyalSearchEnds: where an attacked royal man is searched as a check (Koopa,
// whose king is taken or stunned to win), its extension stops at twice the iteration's
// depth, so a king walked out early does not extend every line: after 1. e4 e5 2. Qh5 Ke7
// 3. f4 the search to depth 6 ends within 1,000,000 nodes (about 100,000 with the stop;
// without it depth 5 had not ended after 60 s).
func TestExposedRoyalSearchEnds(t *testing.T) {
	t.Parallel()
	rs := open(t, "koopa")
	p, err := interpreter.Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"e4", "e5", "Qh5", "Ke7", "f4"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	depth := 0
	search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: 6, Nodes: 1_000_000}, func(in search.Info) { depth = max(depth, in.Depth) })
	if depth < 6 {
		t.Errorf("the search reached depth %d within 1,000,000 nodes, want 6", depth)
	}
}
