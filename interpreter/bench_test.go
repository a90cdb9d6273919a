// Benchmarks of the rules' hot paths (move generation, make/unmake) on both cores and of
// notation, with allocation checks: generation into a caller's buffer and make/unmake must not allocate.
package interpreter_test

import (
	"testing"

	"chimera/interpreter"
)

const (
	benchStart    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	benchKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// Large boards (the 256-cell core): 10x10 and 16x16 test definitions.
	benchTenten       = "../testdata/wide/tenten.yaml"
	benchTentenStart  = "rnabqkbcnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
	benchTentenMiddle = "r1a1qk1c1r/pppp2pppp/10/4pp4/3PP5/10/10/10/PPP3PPPP/R1A1QK1C1R w KQkq - 0 1"
	benchBig16        = "../testdata/wide/big16.yaml"
	benchBig16Middle  = "r2q2k3b4r/pp1n1ppp2pp1pp1/2c5N7/16/4P6p4/13*2/2B1*6Q4/5R1**1n5/3p3**7/11*4/2*1P11/1b14/16/5N4C5/PPP3PPP1PPP1PP/R3K6Q3R w KQkq - 0 1"
)

// benchCases are the positions the generation benchmarks and the allocation test use;
// wide forces the 256-cell core on a board that would run on the 64- or 128-cell one.
var benchCases = []struct {
	name, variant, fen string
	wide               bool
}{
	{"start", "chess", benchStart, false},
	{"kiwipete", "chess", benchKiwipete, false},
	{"chess960-middlegame", "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", false},
	{"kiwipete-core256", "chess", benchKiwipete, true},
	{"tenten-start", benchTenten, benchTentenStart, false},
	{"tenten-middle", benchTenten, benchTentenMiddle, false},
	{"tenten-middle-core256", benchTenten, benchTentenMiddle, true},
	{"big16-middle", benchBig16, benchBig16Middle, false},
	{"koopa-stunned", "koopa", benchKoopaStunned, false},
	{"koopa-stunned-core256", "koopa", benchKoopaStunned, true},
}

// benchKoopaStunned is Koopa's seed position after 1.fxe5: four pieces stunned.
const benchKoopaStunned = "nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq - 0 1 b8:4,c7:4,d6:4,e5:4"

func benchPosition(b testing.TB, variant, fen string) *interpreter.Position {
	b.Helper()
	return mustFEN(b, openRuleset(b, variant), fen)
}

// benchCase sets up a benchmark case's position on the core it names.
func benchCase(b testing.TB, variant, fen string, wide bool) *interpreter.Position {
	b.Helper()
	interpreter.ForceWideCore(wide)
	defer interpreter.ForceWideCore(false)
	p := benchPosition(b, variant, fen)
	if want := interpreter.WantCoreCells(p.Ruleset()); p.CoreCells() != want {
		b.Fatalf("%s: on the %d-cell core, want %d", fen, p.CoreCells(), want)
	}
	return p
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			p := benchCase(b, c.variant, c.fen, c.wide)
			buf := make([]interpreter.Move, 0, 256)
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				buf = p.LegalMoves(buf)
				n += len(buf)
			}
			b.ReportMetric(float64(n)/float64(b.N), "moves/op")
		})
	}
}

// BenchmarkMakeUnmake makes and unmakes every legal move of a position once per op.
func BenchmarkMakeUnmake(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			p := benchCase(b, c.variant, c.fen, c.wide)
			moves := p.LegalMoves(nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, m := range moves {
					p.Make(m)
					p.Unmake()
				}
			}
			b.ReportMetric(float64(len(moves)), "moves/op")
		})
	}
}

// BenchmarkSAN writes every legal move of kiwipete in SAN, and reads it back.
func BenchmarkSAN(b *testing.B) {
	p := benchPosition(b, "chess", benchKiwipete)
	moves := p.LegalMoves(nil)
	sans := make([]string, len(moves))
	for i, m := range moves {
		sans[i] = p.SAN(m)
	}
	b.Run("write", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, m := range moves {
				_ = p.SAN(m)
			}
		}
		b.ReportMetric(float64(len(moves)), "moves/op")
	})
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, s := range sans {
				if _, err := p.ParseMove(s); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(len(moves)), "moves/op")
	})
}

func BenchmarkFEN(b *testing.B) {
	rs := openRuleset(b, "chess")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p, err := interpreter.FromFEN(rs, benchKiwipete)
		if err != nil {
			b.Fatal(err)
		}
		_ = p.FEN()
	}
}

// TestHotPathsDoNotAllocate: generation into a buffer with room, and make/unmake, allocate
// nothing (the house rule for hot loops).
func TestHotPathsDoNotAllocate(t *testing.T) {
	var cases []struct {
		variant, fen string
		wide         bool
	}
	for _, wide := range []bool{false, true} {
		for _, fen := range []string{benchStart, benchKiwipete, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1"} {
			cases = append(cases, struct {
				variant, fen string
				wide         bool
			}{"chess", fen, wide})
		}
	}
	for _, c := range benchCases {
		cases = append(cases, struct {
			variant, fen string
			wide         bool
		}{c.variant, c.fen, c.wide})
	}
	for _, c := range cases {
		p := benchCase(t, c.variant, c.fen, c.wide)
		buf := make([]interpreter.Move, 0, 256)
		moves := p.LegalMoves(nil)
		if a := testing.AllocsPerRun(50, func() { buf = p.LegalMoves(buf) }); a != 0 {
			t.Errorf("%s: LegalMoves allocates %.1f times per call; want 0", c.fen, a)
		}
		if a := testing.AllocsPerRun(50, func() { buf = p.PseudoMoves(buf) }); a != 0 {
			t.Errorf("%s: PseudoMoves allocates %.1f times per call; want 0", c.fen, a)
		}
		if a := testing.AllocsPerRun(50, func() {
			for _, m := range moves {
				p.Make(m)
				p.Unmake()
			}
		}); a != 0 {
			t.Errorf("%s: Make/Unmake allocates %.1f times per move list; want 0", c.fen, a)
		}
		if a := testing.AllocsPerRun(50, func() { _ = p.InCheck() }); a != 0 {
			t.Errorf("%s: InCheck allocates %.1f times per call; want 0", c.fen, a)
		}
		// The search queries.
		if a := testing.AllocsPerRun(50, func() {
			buf = p.CaptureMoves(buf)
			buf = p.QuietMoves(buf)
			for _, m := range moves {
				_ = p.IsLegal(m)
			}
			_ = p.Attackers(moves[0].To(), p.Side()^1)
			_ = p.Ended()
			p.MakeNull()
			p.Unmake()
		}); a != 0 {
			t.Errorf("%s: the search queries allocate %.1f times; want 0", c.fen, a)
		}
	}
}
