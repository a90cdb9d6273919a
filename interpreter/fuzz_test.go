// Fuzz targets for the FEN and move parsers: arbitrary input never panics; what is accepted
// round-trips (FEN) or is a legal move (ParseMove). Seed corpora live in testdata/fuzz.
package interpreter_test

import (
	"sync"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

var (
	fuzzOnce     sync.Once
	fuzzChess    *compiler.Ruleset
	fuzzChess960 *compiler.Ruleset
	fuzzErr      error
)

func fuzzRulesets(t testing.TB) (chess, chess960 *compiler.Ruleset) {
	fuzzOnce.Do(func() {
		if fuzzChess, fuzzErr = interpreter.Open("chess"); fuzzErr == nil {
			fuzzChess960, fuzzErr = interpreter.Open("chess960")
		}
	})
	if fuzzErr != nil {
		t.Fatal(fuzzErr)
	}
	return fuzzChess, fuzzChess960
}

// FuzzFEN: FromFEN never panics; an accepted FEN is written back in a form that reads as
// the same position, and its moves can be generated, made and unmade.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"4k3/8/8/8/8/8/8/4K3",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, fen string, chess960 bool) {
		chess, c960 := fuzzRulesets(t)
		rs := chess
		if chess960 {
			rs = c960
		}
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			if p != nil {
				t.Fatalf("FromFEN(%q) returned a position with error %v", fen, err)
			}
			if err.Error() == "" {
				t.Fatalf("FromFEN(%q): empty error", fen)
			}
			return
		}
		out := p.FEN()
		q, err := interpreter.FromFEN(rs, out)
		if err != nil {
			t.Fatalf("FromFEN(%q) ok, but its FEN %q is rejected: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("FromFEN(%q): FEN %q reads back as %q (hash %x, want %x)", fen, out, q.FEN(), q.Hash(), p.Hash())
		}
		if p.Hash() != p.RecomputedHash() {
			t.Fatalf("FromFEN(%q): hash %x, recomputed %x", fen, p.Hash(), p.RecomputedHash())
		}
		for _, m := range p.LegalMoves(nil) {
			p.Make(m)
			if p.Hash() != p.RecomputedHash() {
				t.Fatalf("%s after %s: incremental hash differs from recomputed", out, p.Coord(m))
			}
			p.Unmake()
			if p.FEN() != out {
				t.Fatalf("%s: make/unmake of %s gives %s", out, p.Coord(m), p.FEN())
			}
		}
		_ = p.Result()
	})
}

// fuzzMovePositions are the positions FuzzParseMove reads moves in.
var fuzzMovePositions = []struct {
	chess960 bool
	fen      string
}{
	{false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{false, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{false, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
	{false, "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1"},
	{false, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
	{false, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
	{true, "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1"},
	{true, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
}

// FuzzParseMove: ParseMove never panics on any text, and a move it returns is legal and
// is read back from its own coordinate notation and SAN.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "e2e4", "O-O", "0-0-0", "exd6e.p.", "d7c8q", "d7xc8=N+", "Qa1b2", "b1a1", "e8", ""} {
		for i := range fuzzMovePositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		chess, c960 := fuzzRulesets(t)
		pos := fuzzMovePositions[int(which)%len(fuzzMovePositions)]
		rs := chess
		if pos.chess960 {
			rs = c960
		}
		p, err := interpreter.FromFEN(rs, pos.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			if m != interpreter.NoMove {
				t.Fatalf("ParseMove(%q) returned %v with error %v", text, m, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseMove(%q) returned an illegal move %v", pos.fen, text, m)
		}
		for _, back := range []string{p.Coord(m), p.SAN(m)} {
			if n, err := p.ParseMove(back); err != nil || n != m {
				t.Fatalf("%s: ParseMove(%q) gave %s, but %q reads as %v, %v", pos.fen, text, p.Coord(m), back, n, err)
			}
		}
	})
}
