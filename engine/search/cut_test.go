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
// reported with the score its aborted search returned, 0.
func TestCutSearchKeepsItsMateScore(t *testing.T) {
	t.Parallel()
	rs := open(t, "koopa")
	limits := []int64{180_000, 260_000, 340_000, 420_000}
	if testing.Short() {
		limits = limits[:2]
	}
	for _, nodes := range limits {
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		e := search.New(rs, 16)
		var reports []search.Info
		res := e.Search(context.Background(), p, search.Limits{Nodes: nodes}, func(in search.Info) { reports = append(reports, in) })
		first := -1
		for i, in := range reports {
			if in.Score >= search.Mate-search.MateSpan {
				first = i
				break
			}
		}
		if first < 0 {
			t.Fatalf("nodes %d: no decided score reported (%d reports): the position no longer tests the cut", nodes, len(reports))
		}
		for _, in := range reports[first:] {
			if in.Score < search.Mate-search.MateSpan {
				t.Errorf("nodes %d: depth %d reported %s after a win was found", nodes, in.Depth, search.ScoreText(in.Score))
			}
		}
		if res.Score < search.Mate-search.MateSpan {
			t.Errorf("nodes %d: the search answered %s after a win was found", nodes, search.ScoreText(res.Score))
		}
	}
}
