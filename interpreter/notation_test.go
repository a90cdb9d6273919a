// SAN and coordinate notation: writing (disambiguation, en passant, promotion, castling,
// check and mate), reading loose forms, and errors for illegal, ambiguous and garbage input.
package interpreter_test

import (
	"strings"
	"testing"
)

func TestSANWrite(t *testing.T) {
	cases := []struct {
		variant, fen string
		coord        string // the move, in coordinate notation
		san          string
	}{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Nf3"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e4"},
		// Two knights reach d2: the origin file tells them apart.
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
		// Two rooks on one file: the origin rank.
		{"chess", "7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "e1e2", "R1e2"},
		{"chess", "7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "e3e2", "R3e2"},
		// Three queens on b2: file, rank, or both.
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"},
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"},
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"},
		// A pinned knight does not need telling apart.
		{"chess", "4k3/4r3/8/8/8/5N2/4N3/4K3 w - - 0 1", "f3d4", "Nd4"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8r", "exd8=R+"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		{"chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		// Chess960: castling is O-O / O-O-O whichever way the king goes.
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1a1", "O-O-O"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1h1", "O-O"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1c1", "Kc1"},
		{"chess960", "r5kr/8/8/8/8/8/8/R5KR w AHah - 0 1", "g1h1", "O-O"},
	}
	for i, c := range cases {
		rs := openRuleset(t, c.variant)
		p := mustFEN(t, rs, c.fen)
		m, err := p.ParseMove(c.coord)
		if err != nil {
			t.Errorf("#%d %s: ParseMove(%q): %v", i, c.fen, c.coord, err)
			continue
		}
		if got := p.Coord(m); got != c.coord {
			t.Errorf("#%d %s: Coord got %q want %q", i, c.fen, got, c.coord)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("#%d %s: SAN(%s) got %q want %q", i, c.fen, c.coord, got, c.san)
		}
		if back, err := p.ParseMove(c.san); err != nil || back != m {
			t.Errorf("#%d %s: ParseMove(%q) got %s, %v want %s", i, c.fen, c.san, p.Coord(back), err, c.coord)
		}
	}
}

func TestParseMoveLoose(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	cases := []struct {
		variant, fen string
		in           string
		coord        string
	}{
		{"chess", start, "Nf3", "g1f3"},
		{"chess", start, "Ngf3", "g1f3"},  // origin file when not needed
		{"chess", start, "N1f3", "g1f3"},  // origin rank when not needed
		{"chess", start, "Ng1f3", "g1f3"}, // long algebraic
		{"chess", start, "  e4 ", "e2e4"}, // spaces around
		{"chess", start, "e4!?", "e2e4"},  // annotation
		{"chess", start, "Nf3+", "g1f3"},  // a wrong check sign is tolerated
		{"chess", start, "g1f3", "g1f3"},  // coordinate
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", "e4d5"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", "e5d6"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=q", "e7e8q"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8N", "e7e8n"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8Q", "e7e8q"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"}, // king takes rook
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbd2", "b1d2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nb1d2", "b1d2"},
		// Chess960: king-takes-rook is the move's own notation, king-to-square is read too
		// unless an ordinary king move has that text.
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1a1", "b1a1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1g1", "b1h1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1c1", "b1c1"}, // the king's step, not castling
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "O-O-O", "b1a1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "0-0", "b1h1"},
	}
	for i, c := range cases {
		p := mustFEN(t, openRuleset(t, c.variant), c.fen)
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("#%d %s: ParseMove(%q): %v", i, c.fen, c.in, err)
			continue
		}
		if got := p.Coord(m); got != c.coord {
			t.Errorf("#%d %s: ParseMove(%q) got %s want %s", i, c.fen, c.in, got, c.coord)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	cases := []struct {
		fen, in string
		want    string // substring of the error
	}{
		{start, "", "empty"},
		{start, "   ", "empty"},
		{start, "e5", "illegal"},
		{start, "Ke2", "illegal"},
		{start, "Nf6", "illegal"},
		{start, "O-O", "illegal"},
		{start, "O-O-O", "illegal"},
		{start, "e2e5", "illegal"},
		{start, "e3e4", "no piece on e3"},
		{start, "e7e5", "not white's"},
		{start, "i2i4", "illegal"},
		{start, "a9a1", "illegal"},
		{start, "e2e4e5", "illegal"},
		{start, "e8=Q", "illegal"},
		{start, "xyz", "illegal"},
		{start, "Zz9", "illegal"},
		{start, "=Q", "illegal"},
		{start, "O-O-O-O", "illegal"},
		{start, "\x00\xff", "illegal"},
		{start, "🙂", "illegal"},
		{start, strings.Repeat("e4", 500), "illegal"},
		{start, "e99999999999999999999", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=P", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "illegal"}, // promotion is compulsory
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", "illegal"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous"},
		{"7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "Re2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Qb2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Qab2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Q1b2", "ambiguous"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "illegal"}, // pinned
		{mated, "e4", "game is over"},
		{mated, "Ke2", "game is over"},
	}
	rs := openRuleset(t, "chess")
	for i, c := range cases {
		p := mustFEN(t, rs, c.fen)
		m, err := p.ParseMove(c.in)
		if err == nil {
			t.Errorf("#%d %s: ParseMove(%q) got %s; want an error containing %q", i, c.fen, c.in, p.Coord(m), c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("#%d %s: ParseMove(%q) got error %q; want it to contain %q", i, c.fen, c.in, err, c.want)
		}
	}
}

// TestSANGame replays a game in SAN and checks each move's SAN as written back.
func TestSANGame(t *testing.T) {
	rs := openRuleset(t, "chess")
	p := mustFEN(t, rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	// Opera game, Morphy - Duke of Brunswick and Count Isouard, Paris 1858.
	game := strings.Fields("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
		"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#")
	for i, san := range game {
		m, err := p.ParseMove(san)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, san, err)
		}
		if got := p.SAN(m); got != san {
			t.Errorf("#%d: SAN got %q want %q", i, got, san)
		}
		p.Make(m)
	}
	if r := p.Result(); r.Score != "1-0" || r.Reason != "checkmate" {
		t.Errorf("result got %+v want 1-0 by checkmate", r)
	}
}
