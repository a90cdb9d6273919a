// FEN reading and writing: round trips of valid positions (X-FEN and Shredder-FEN castling)
// and a clear error, never a panic, for each kind of bad FEN.
package interpreter_test

import (
	"fmt"
	"strings"
	"testing"

	"chimera/interpreter"
)

func TestFENErrors(t *testing.T) {
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	cases := []struct {
		variant, fen string
		want         string // substring of the error
	}{
		{"chess", "", "empty"},
		{"minixiangqi", "3k3/7/7/7/7/7/K6 w - - 0 1", "white General on a1, where it may never stand"},
		{"chess", "   ", "empty"},
		{"chess", board + " w KQkq - 0 1 extra", "at most 6 fields"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 7 ranks"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 9 ranks"},
		{"chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 cells"},
		{"chess", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 cells"},
		{"chess", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 cells"},
		{"chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 cells"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ w KQkq - 0 1", "rank 1 has 0 cells"},
		{"chess", "rnbqkbnr/0pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "at least 1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter \"X\""},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w KQkq - 0 1", "'*' on h1"},
		{"chess", board + " x KQkq - 0 1", "side to move must be w or b"},
		{"chess", board + " W KQkq - 0 1", "side to move must be w or b"},
		{"chess", board + " w KQkx - 0 1", "unknown castling right \"x\""},
		{"chess", board + " w KQk1 - 0 1", "unknown castling right"},
		{"chess", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling right \"k\", but there is no Rook"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", "castling right \"Q\", but there is no Rook"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1", "castling right \"B\", but there is no Rook"},
		{"chess", "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "King is not on its first rank"},
		{"chess", board + " w KQkq e9 0 1", "not a square of the board"},
		{"chess", board + " w KQkq e 0 1", "expected - or square names"},
		{"chess", board + " w KQkq e7 0 1", "en-passant square e7 is occupied"},
		{"chess", board + " w KQkq e6 0 1", "no enemy piece stands in front of it"},
		{"chess", "4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1", "could have passed it"}, // a knight never leaves en-passant targets
		{"chess", board + " w KQkq e3e4 0 1", "could have passed it"},
		{"chess", "4k3/8/8/8/3pP3/8/8/4K3 b - e3d3 0 1", "could have passed it"}, // not on one line
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "en-passant square e4 is occupied"},
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3d2 0 1", "en-passant square d2 is occupied"},   // not the mover's landing square
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4d2 0 1", "en-passant square d2 is occupied"}, // two occupied
		{"chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no royal piece (King)"},
		{"chess", "4k3/8/8/8/8/8/8/8 b - - 0 1", "white has no royal piece"},
		{"chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (black) is in check"},
		{"chess", "4k3/8/8/8/8/8/8/4r1K1 b - - 0 1", "the side not to move (white) is in check"},
		{"chess", board + " w KQkq - -1 1", "half-move clock must be a whole number"},
		{"chess", board + " w KQkq - x 1", "half-move clock must be a whole number"},
		{"chess", board + " w KQkq - 0 0", "move number must be at least 1"},
		{"chess", board + " w KQkq - 0 -3", "move number must be a whole number from 1 to 1000000000"},
		{"chess", board + " w KQkq - 0 1.5", "move number must be a whole number from 1 to 1000000000"},
		// Numbers beyond the bounds are too large, not negative or "at least 1" by overflow.
		{"chess", board + " w KQkq - 0 9223372036854775807", "move number 9223372036854775807 is too large (at most 1000000000)"},
		{"chess", board + " w KQkq - 0 99999999999999999999999", "move number 99999999999999999999999 is too large"},
		{"chess", board + " w KQkq - 0 1000000001", "move number 1000000001 is too large"},
		{"chess", board + " w KQkq - 1000001 1", "half-move clock 1000001 is too large (at most 1000000)"},
		{"chess", board + " w KQkq - 9223372036854775808 1", "half-move clock 9223372036854775808 is too large"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHahC - 0 1", "castling right \"C\", but there is no Rook"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHahB - 0 1", "castling right \"B\", but there is no Rook"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHahI - 0 1", "unknown castling right \"I\""},
		// Castling on rank 2: the rights need king and rook there, not on rank 1.
		{"../testdata/synthetic/rank2castle.yaml", "8/r3k2r/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling right \"K\", but white's King is not on its castling rank (rank 2)"},
		{"../testdata/synthetic/rank2castle.yaml", "8/r3k2r/8/8/8/8/4K2R/R7 w Qkq - 0 1", "castling right \"Q\", but there is no Rook for it on white's castling rank (rank 2)"},
	}
	for i, c := range cases {
		rs := openRuleset(t, c.variant)
		p, err := interpreter.FromFEN(rs, c.fen)
		if err == nil {
			t.Errorf("#%d %q: got position %s; want an error containing %q", i, c.fen, p.FEN(), c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("#%d %q: got error %q; want it to contain %q", i, c.fen, err, c.want)
		}
	}
}

// x960 is chess960 writing X-FEN castling rights.
const x960 = "../testdata/synthetic/x960.yaml"

func TestFENRoundTrip(t *testing.T) {
	cases := []struct {
		variant, in, out string // out "" = same as in
	}{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
		{"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", ""},
		{"chess", "4k3/8/8/8/8/8/8/4K3 b - - 99 120", ""},
		// Missing fields take their defaults.
		{"chess", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 b", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		// Shredder-FEN rights of the outermost rooks are written K/Q.
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KkQqKK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		// X-FEN (castling.fen: kq, the default): K and Q where unambiguous.
		{x960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{x960, "1r2k1rr/8/8/8/8/8/8/R1R1K2R w CHbg - 0 1", "1r2k1rr/8/8/8/8/8/8/R1R1K2R w KCgq - 0 1"},
		{x960, "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", ""},
		// Two rooks on the short side: the inner one's right is written by its file.
		{x960, "4k3/8/8/8/8/8/8/1K3RR1 w F - 0 1", ""},
		{x960, "4k3/8/8/8/8/8/8/1K3RR1 w FG - 0 1", "4k3/8/8/8/8/8/8/1K3RR1 w FK - 0 1"},
		// Shredder-FEN (castling.fen: files, the built-in chess960, as Fairy-Stockfish's
		// fischerandom writes it): every right by its rook's file, short side first.
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
		{"chess960", "1r2k1rr/8/8/8/8/8/8/R1R1K2R w CHbg - 0 1", "1r2k1rr/8/8/8/8/8/8/R1R1K2R w HCgb - 0 1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"},
		{"chess960", "4k3/8/8/8/8/8/8/1K3RR1 w FG - 0 1", ""},
		// Fairy-Stockfish writes the landing square after the squares passed, whether or
		// not a capture is possible there (a Berolina pawn from c2 to e4, from d7 to b5).
		{"berolina", "rnbqkbnr/pppppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq d3e4 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1"},
		{"berolina", "rnbqkbnr/ppp1pppp/8/1pP5/8/8/PP1PPPPP/RNBQKBNR w KQkq c6b5 0 2", "rnbqkbnr/ppp1pppp/8/1pP5/8/8/PP1PPPPP/RNBQKBNR w KQkq c6 0 2"},
		{"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6f5 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		// Fairy-Stockfish reads "[-]" as empty pools; the empty pools are written "[]".
		{"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1", ""},
	}
	for i, c := range cases {
		rs := openRuleset(t, c.variant)
		p := mustFEN(t, rs, c.in)
		want := c.out
		if want == "" {
			want = c.in
		}
		if got := p.FEN(); got != want {
			t.Errorf("#%d FEN(%q) got %q want %q", i, c.in, got, want)
		}
		q := mustFEN(t, rs, p.FEN())
		if q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Errorf("#%d %q: re-reading gives %q hash %x; want hash %x", i, p.FEN(), q.FEN(), q.Hash(), p.Hash())
		}
	}
}

// TestFENHashDistinguishes: positions that differ only in side, castling or en passant hash
// differently.
func TestFENHashDistinguishes(t *testing.T) {
	rs := openRuleset(t, "chess")
	fens := []string{
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 1",
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQk d6 0 1",
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w Qkq d6 0 1",
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w - - 0 1",
		"r3k2r/8/8/3pP3/8/8/8/R3K2R b - - 0 1",
	}
	seen := map[uint64]string{}
	for i, f := range fens {
		h := mustFEN(t, rs, f).Hash()
		if prev, ok := seen[h]; ok {
			t.Errorf("#%d %s: same hash as %s", i, f, prev)
		}
		seen[h] = f
	}
}

// An en-passant target exists only when a piece of the side to move could capture there
// (FIDE 9.2.2): otherwise it is dropped on reading and never set by a double step, so
// that positions repeat as the rules say.
func TestEPOnlyWhenCapturable(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ fen, want string }{
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},
		{"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
	}
	for i, c := range cases {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("#%d: %v", i, err)
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("#%d got %s want %s", i, got, c.want)
		}
	}
	// Knights out and back after 1.e4 Nf6: the third occurrence of the position after
	// 1.e4 (Black to move) is a draw, since no en-passant capture was ever possible.
	p, _ := interpreter.Start(rs, "")
	for _, s := range []string{"e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	if r := p.Result(); r.Score != "1/2-1/2" || r.Reason != "repetition" {
		t.Errorf("after the knights' dance got %v, want a draw by repetition", r)
	}
}

// A position read from FEN where the side that just moved has a counted piece on a goal
// zone is decided: that side reached the goal on its last move.
func TestStandingGoalFromFEN(t *testing.T) {
	cases := []struct{ variant, fen, score, reason string }{
		{"prisonbreak", "6/2k1p1/6/2q3/K5/6/3P2/6 b - - 0 1", "1-0", "escape"},
		{"claustrophobia", "k5*/5K1/5**/5**/5**/5**/7/6* b - - 0 1", "1-0", "scepter"},
		{"kingofthehill", "8/8/3k4/8/4K3/8/8/8 b - - 0 1", "1-0", "king on the hill"},
		{"kingofthehill", "8/8/8/3k4/8/8/8/4K3 w - - 0 1", "0-1", "king on the hill"},
		{"kingofthehill", "8/8/3k4/8/8/4K3/8/8 w - - 0 1", "*", ""},
	}
	for i, c := range cases {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("#%d: %v", i, err)
		}
		r := p.Result()
		if r.Score != c.score || r.Reason != c.reason {
			t.Errorf("#%d %s %s: got %s (%s) want %s (%s)", i, c.variant, c.fen, r.Score, r.Reason, c.score, c.reason)
		}
		if n := len(p.LegalMoves(nil)); c.score != "*" && n != 0 {
			t.Errorf("#%d: a decided position has %d legal moves", i, n)
		}
	}
}

// TestFENCountersReadBack: a game from a FEN at the counters' bounds goes on past them,
// and every FEN it writes reads back (the counters are written at most at the bounds).
func TestFENCountersReadBack(t *testing.T) {
	rs, err := interpreter.Open("nocastle")
	if err != nil {
		t.Fatal(err)
	}
	fen := fmt.Sprintf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - %d %d", interpreter.MaxHalfmoveClock-2, interpreter.MaxMoveNumber)
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		p.Make(m)
		if _, err := interpreter.FromFEN(rs, p.FEN()); err != nil {
			t.Errorf("after %s Chimera wrote %s and cannot read it: %v", mv, p.FEN(), err)
		}
	}
	if want := fmt.Sprintf(" %d %d", interpreter.MaxHalfmoveClock, interpreter.MaxMoveNumber); !strings.HasSuffix(p.FEN(), want) {
		t.Errorf("got %s, want the counters written at their bounds (%q)", p.FEN(), want)
	}
}
