// Perft benchmarks: the standard chess positions and a Chess960 middlegame, reported in
// nodes per second, single-threaded and split across goroutines.
package perft_test

import (
	"context"
	"sync/atomic"
	"testing"

	"chimera/engine/perft"
)

func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name, variant, fen string
		depth              int
		nodes              int64
	}{
		{"start-4", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
		{"kiwipete-3", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"position3-5", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
		{"chess960-4", "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
		// Path pieces (horse, elephant, cannon; Fairy-Stockfish 11.1's count).
		{"xiangqi-4", "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 4, 3290240},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := perftCase{variant: c.variant, name: c.name, fen: c.fen}.position(b)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if n := perft.Perft(p, c.depth); n != c.nodes {
					b.Fatalf("perft %d got %d want %d", c.depth, n, c.nodes)
				}
			}
			b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkParallelPerft(b *testing.B) {
	p := perftCase{variant: "chess", name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}.position(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := perft.ParallelPerft(p, 4, 0); n != 4085603 {
			b.Fatalf("got %d want 4085603", n)
		}
	}
	b.ReportMetric(4085603*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkWatchedPerft is what the perft command runs: DivideContext on one goroutine,
// with a live node tally, to compare with BenchmarkPerft's plain walk.
func BenchmarkWatchedPerft(b *testing.B) {
	for _, c := range []struct {
		name, fen string
		depth     int
		nodes     int64
	}{
		{"start-4", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
		{"kiwipete-3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"position3-5", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := perftCase{variant: "chess", name: c.name, fen: c.fen}.position(b)
			var tally atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				entries, _ := perft.DivideContext(context.Background(), p, c.depth, 1, perft.Watch{Nodes: &tally})
				var n int64
				for _, e := range entries {
					n += e.Nodes
				}
				if n != c.nodes {
					b.Fatalf("perft %d got %d want %d", c.depth, n, c.nodes)
				}
			}
			b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
