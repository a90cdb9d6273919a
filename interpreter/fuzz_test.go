// Fuzz targets for the FEN and move parsers, in chess and in variant boards (cells that do
// not exist, paths with captures in passing, freezing): arbitrary input never panics; what
// is accepted round-trips (FEN, move notation) or is a legal move (ParseMove). Seed corpora
// live in testdata/fuzz.
package interpreter_test

import (
	"sync"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// fuzzVariants are the rulesets the fuzz targets pick by index (modulo the length), so a
// corpus entry keeps its meaning: the built-ins the corpus was written with are fixed in
// that order, later ones follow in name order, then a 16×16 board (the 256-cell core at its
// largest).
var fuzzVariants = func() []string {
	out := []string{"chess", "chess960", "prisonbreak", "claustrophobia", "prisonersescape",
		"amazon", "breakthrough", "extinction", "gardner", "hoppelpoppel", "kingofthehill",
		"knightmate", "losalamos", "minixiangqi", "nocastle"}
	fixed := map[string]bool{}
	for _, v := range out {
		fixed[v] = true
	}
	for _, v := range defs.Builtins() {
		if !fixed[v] {
			out = append(out, v)
		}
	}
	return append(out, "../testdata/wide/big16.yaml")
}()

var (
	fuzzOnce     sync.Once
	fuzzRulesets []*compiler.Ruleset
	fuzzErr      error
)

// fuzzRuleset opens fuzzVariants[which % len] (all of them once, shared by the fuzz workers).
func fuzzRuleset(t testing.TB, which uint8) *compiler.Ruleset {
	fuzzOnce.Do(func() {
		for _, v := range fuzzVariants {
			rs, err := interpreter.Open(v)
			if err != nil {
				fuzzErr = err
				return
			}
			fuzzRulesets = append(fuzzRulesets, rs)
		}
	})
	if fuzzErr != nil {
		t.Fatal(fuzzErr)
	}
	return fuzzRulesets[int(which)%len(fuzzRulesets)]
}

// fuzzVariant is the index of a variant in fuzzVariants.
func fuzzVariant(name string) uint8 {
	for i, v := range fuzzVariants {
		if v == name {
			return uint8(i)
		}
	}
	panic("no fuzz variant " + name)
}

// fuzzFENSeeds are valid and broken FENs per variant: start positions, positions from the
// definitions' tests (frozen pieces, escapes, palaces, prisoners), notation collisions,
// and near misses (a piece on a cell that does not exist, a rank too long, a bad
// en-passant square).
var fuzzFENSeeds = []struct{ variant, fen string }{
	// SFENs as lishogi writes them (Kyoto shogi's men by their faces; chu shogi's
	// counterstrike square in the hands field).
	{"kyotoshogi", "1gk2/3lP/2K2/2l2/SsN1P w G2t 14"},
	{"checkshogi", "1n3g1nl/lsg1r1sb1/1p1ppk+Bpp/p8/2p2pP2/2P1P4/PP1P1P1PP/2RGGK3/LNS2S1NL w P 30"},
	{"chushogi", "lfcsgekg1cfl/a1b1txotsb1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/12/6H5/1P1IP1P1I3/P1PP1P1PPPPP/MVR1DNQDHRVM/A1BOT1XT1B1A/LFCSGKEGSCFL w 6g 14"},
	{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
	{"chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	{"chess", "4k3/8/8/8/8/8/8/4K3"},
	{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1"},
	// Castling whose two coordinate texts are both other moves': the king's step b1c1 and
	// the king taking its own rook b1a1.
	{"capture-anything", "1k5B/8/8/8/8/8/8/RK5B w Q - 0 1"},
	{"prisonbreak", "rnbqkb/ppppp1/6/6/6/6/PPPPP1/RNBQKB w - - 0 1"},
	{"prisonbreak", "r1q2b/p1k1p1/1N4/3p2/2b3/2PPPn/PP1B1Q/4KB b - - 0 17"},
	{"prisonbreak", "1r1q2/p1pbB1/n3k1/1p2pp/2PP2/PP4/2NQPP/2R1KB w - - 3 17"},
	{"prisonbreak", "K4k/3b2/6/6/1rPRpr/6/6/3n2 w - - 0 1"},
	{"prisonbreak", "5k/5Q/3n2/2Q3/6/6/6/K5 b - - 0 1"},
	{"prisonbreak", "5k/6/3n2/3Pp1/6/6/6/K5 w - e6 0 1"},
	{"prisonbreak", "5k/6/6/3p2/3PP1/6/6/K5 w - - 0 1"},
	{"prisonbreak", "5k/6/6/6/1Pp3/6/6/5K b - b3 0 1"},
	{"prisonbreak", "5k/6/6/6/6/6/6/K5 w - a4 0 1"},
	{"prisonbreak", "5k/6/6/Q5/6/6/6/K5 w - - 0 1"},
	{"prisonbreak", "5k/6/6/6/6/6/6/K6 w - - 0 1"},
	{"claustrophobia", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1"},
	{"claustrophobia", "1r1bbk*/p1p1pqn/rp1p1**/1R3**/1B2n**/R4**/PPPP1Q1/2NBNK* w - - 4 8"},
	{"claustrophobia", "rr1b2*/npNppkn/2b2**/2q2**/p1P2**/1R2P**/PPBP1QN/1R2BK* b - - 6 10"},
	{"claustrophobia", "k5*/7/5**/5**/1Pp2**/5**/7/K5* b - b3 0 1"},
	{"claustrophobia", "k5*/7/5**/5**/5**/5**/1pp4/2N2K* b - - 0 1"},
	{"claustrophobia", "k5*/7/5**/5**/5**/5**/5R1/K5* w - - 0 1"},
	{"claustrophobia", "k5*/7/5**/5**/5**/5N*/7/K5* w - - 0 1"},
	{"claustrophobia", "k5*/7/5**/5**/5**/5**/7/K6 w - - 0 1"},
	{"claustrophobia", "k5*/7/5/5**/5**/5**/7/K5* w - - 0 1"},
	{"prisonersescape", "***I***/fnhghnf/ppppppp/7/7/PPPPPPP/FNHGHNF/***i*** w - - 0 1"},
	{"prisonersescape", "***I***/5nf/p1Pp1pp/f1P4/5h1/3G1PP/FN2ih1/***1*** w - - 0 1"},
	{"prisonersescape", "***1***/5I1/p1ppp1p/P2n2P/HpiH1g1/fP4p/F1N4/***1*** b - - 0 1"},
	{"prisonersescape", "***I***/2hgh2/7/7/2i4/7/1P1G1N1/***1*** w - - 0 1"},
	{"prisonersescape", "***1***/2hgh2/7/7/2I4/1NG4/3i3/***1*** w - - 0 1"},
	{"prisonersescape", "I******/7/7/7/7/7/7/***i*** w - - 0 1"},
	{"prisonersescape", "***I***/7/7/7/7/7/7/7 w - - 0 1"},
	{"breakthrough", "p7/8/8/8/3PPP2/8/8/8 w - - 0 1"},
	{"../testdata/wide/big16.yaml", "7k8/1P14/16/16/16/13*2/4*11/7**7/7**7/11*4/2*13/3pP11/5p10/16/14p1/7K8 b - e3e4 0 1"},
	{"../testdata/wide/big16.yaml", "r6k7r/pppp4pppp4/16/5n10/16/13*2/4*11/3Q3**7/7**2q4/11*4/2*13/16/10C5/16/PPPP4PPPP4/R6K7R w KQkq - 0 1"},
	{"../testdata/wide/big16.yaml", "7k8/16/16/16/16/13*2/4*11/7**7/7**7/11*4/2*13/16/16/16/16/7K8 w - e3 0 1"},
	{"capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"},
	{"capablanca", "rn2qkb1nr/ppp1b1p1pp/6c3/2BPPp1p2/PP3P4/4P2N1P/6PPP1/RaABQK3R w KQkq f6 0 13"},
	{"capablanca", "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"},
	{"courier", "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"},
	{"courier", "N11/9k2/11K/12/12/8f3/1f10/12 w - - 0 183"},
	{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1"},
	{"shako", "2c1n2q1c/1r3kb1re/2p3p1p1/ppe1p1n2p/7p2/2PpPP1b2/1P1P4P1/P5PP1P/ERQB2BNR1/1C2NK3C b kq c4 0 18"},
	{"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
	{"xiangqi", "4ka3/9/3rba3/p8/6b2/9/P8/4K4/4A4/3A2B2 w - - 0 52"},
	{"xiangqi", "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1"},
}

// FuzzFEN: FromFEN never panics; an accepted FEN is written back in a form that reads as
// the same position; its moves can be generated, made and unmade, and each has its own
// coordinate text and SAN, both read back as that move.
func FuzzFEN(f *testing.F) {
	for _, s := range fuzzFENSeeds {
		f.Add(s.fen, fuzzVariant(s.variant))
	}
	f.Fuzz(func(t *testing.T, fen string, which uint8) {
		rs := fuzzRuleset(t, which)
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
			t.Fatalf("%s: FromFEN(%q) ok, but its FEN %q is rejected: %v", rs.Name, fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%s: FromFEN(%q): FEN %q reads back as %q (hash %x, want %x)", rs.Name, fen, out, q.FEN(), q.Hash(), p.Hash())
		}
		if p.Hash() != p.RecomputedHash() {
			t.Fatalf("%s: FromFEN(%q): hash %x, recomputed %x", rs.Name, fen, p.Hash(), p.RecomputedHash())
		}
		coords, sans := map[string]bool{}, map[string]bool{}
		for _, m := range p.LegalMoves(nil) {
			c, s := p.Coord(m), p.SAN(m)
			if coords[c] || sans[s] {
				t.Fatalf("%s %s: %q / %q names two moves", rs.Name, out, c, s)
			}
			coords[c], sans[s] = true, true
			for _, text := range []string{c, s} {
				if n, err := p.ParseMove(text); err != nil || n != m {
					t.Fatalf("%s %s: ParseMove(%q) = %v, %v; want %s", rs.Name, out, text, n, err, c)
				}
			}
			p.Make(m)
			if p.Hash() != p.RecomputedHash() {
				t.Fatalf("%s %s after %s: incremental hash differs from recomputed", rs.Name, out, c)
			}
			_ = p.FEN()
			p.Unmake()
			if p.FEN() != out {
				t.Fatalf("%s %s: make/unmake of %s gives %s", rs.Name, out, c, p.FEN())
			}
		}
		_ = p.Result()
	})
}

// fuzzMovePositions are the positions FuzzParseMove reads moves in. Entries are only ever
// appended: the corpus names them by index.
var fuzzMovePositions = []struct {
	variant, fen string
}{
	{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
	{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1"},
	{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
	{"chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
	{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1"},
	// Castling whose two coordinate texts are both other moves': the king's step b1c1 and
	// the king taking its own rook b1a1.
	{"capture-anything", "1k5B/8/8/8/8/8/8/RK5B w Q - 0 1"},
	{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	// Slide and en passant onto one square; slide and step onto one square.
	{"prisonbreak", "5k/6/3n2/3Pp1/6/6/6/K5 w - e6 0 1"},
	{"prisonbreak", "5k/6/6/3p2/3PP1/6/6/K5 w - - 0 1"},
	// Bombers and Ninja Guards capturing in passing, frozen pieces.
	{"prisonbreak", "K4k/3b2/6/6/1rPRpr/6/6/3n2 w - - 0 1"},
	{"prisonbreak", "1r1q2/p1pbB1/n3k1/1p2pp/2PP2/PP4/2NQPP/2R1KB w - - 3 17"},
	// A step and a slide promoting on b1; the start position with its palaces.
	{"claustrophobia", "k5*/7/5**/5**/5**/5**/1pp4/2N2K* b - - 0 1"},
	{"claustrophobia", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1"},
	{"prisonersescape", "***I***/5nf/p1Pp1pp/f1P4/5h1/3G1PP/FN2ih1/***1*** w - - 0 1"},
	{"prisonersescape", "***1***/5I1/p1ppp1p/P2n2P/HpiH1g1/fP4p/F1N4/***1*** b - - 0 1"},
	// Large boards (appended, so the corpus's indices keep their positions): castling and
	// promotion to six pieces; en passant after a double step from rank 3; cannons, horses.
	{"capablanca", "7rk1/p2P6/2n5p1/4a2P1r/4P5/P1N2Bp1Qp/6P2P/R4K4 w Q - 0 42"},
	{"shako", "2c1n2q1c/1r3kb1re/2p3p1p1/ppe1p1n2p/7p2/2PpPP1b2/1P1P4P1/P5PP1P/ERQB2BNR1/1C2NK3C b kq c4 0 18"},
	{"xiangqi", "2bk1a2r/n3a4/3r2n1b/pPN1p3p/6P2/2C1cN3/P3P3P/9/1R7/2BAKAB1R w - - 5 19"},
}

// fuzzMoveTexts are the move texts FuzzParseMove starts from in every position.
var fuzzMoveTexts = []string{
	"e4", "Nf3", "e2e4", "O-O", "0-0-0", "exd6e.p.", "d7c8q", "d7xc8=N+", "Qa1b2", "b1a1", "e8", "",
	"d5e6", "d5e6xe5", "dxe6", "de5", "e5", "cb1=Q", "b1Q", "b2b1q", "c3d4xd3", "Rxc4-b4", "Rd4xe4xf4",
	"Bxc5-b6", "d4b2xc3", "a7a5", "Id8c7", "Gd2d4", "g1", "f1f2", "a1a10", "xe5", "-e5", "=Q",
	"d7d8a", "d8=C", "f1c1", "d5c4", "f9d9", "c3e5", "Cxe7+", "e10", "j10j9",
}

// FuzzParseMove: ParseMove never panics on any text, and a move it returns is legal and
// is read back from its own coordinate notation and SAN.
func FuzzParseMove(f *testing.F) {
	for _, s := range fuzzMoveTexts {
		for i := range fuzzMovePositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		pos := fuzzMovePositions[int(which)%len(fuzzMovePositions)]
		p, err := interpreter.FromFEN(fuzzRuleset(t, fuzzVariant(pos.variant)), pos.fen)
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
