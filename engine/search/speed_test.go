// Benchmarks of search speed (nodes a second) in the variants whose pieces walk paths.
package search_test

import (
	"context"
	"testing"

	"chimera/engine/search"
)

// benchmarkSearch searches fen to depth, reporting nodes a second.
func benchmarkSearch(b *testing.B, variant, fen string, depth int) {
	rs := open(b, variant)
	p := position(b, rs, fen)
	var nodes int64
	for i := 0; i < b.N; i++ {
		nodes += search.New(rs, 16).Search(context.Background(), p, search.Limits{Depth: depth}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchXiangqiStart(b *testing.B) {
	benchmarkSearch(b, "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 9)
}

func BenchmarkSearchJanggiStart(b *testing.B) {
	benchmarkSearch(b, "janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", 8)
}
