// SFEN and USI moves against what Fairy-Stockfish 11.1 prints for the same positions (its
// `d` command shows a position's FEN and SFEN side by side; its USI mode writes USI moves).
package usi

import "testing"

// Pairs printed by Fairy-Stockfish 11.1's `d` (UCI_Variant shogi): Fen and Sfen lines.
var fenSFEN = []struct{ fen, sfen string }{
	{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
	{"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2",
		"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"},
	{"1+S1b1/PG1k1/1B1P1/3S1/1G1KR[R] b - - 10 36", "1+S1b1/PG1k1/1B1P1/3S1/1G1KR w R 72"},
}

func TestSFEN(t *testing.T) {
	for _, c := range fenSFEN {
		if got := SFENFromFEN(c.fen); got != c.sfen {
			t.Errorf("SFENFromFEN(%s) = %s, want %s", c.fen, got, c.sfen)
		}
		fen, err := FENFromSFEN(c.sfen, true)
		if err != nil {
			t.Fatal(err)
		}
		if back := SFENFromFEN(fen); back != c.sfen {
			t.Errorf("FENFromSFEN(%s) = %s, which writes back as %s", c.sfen, fen, back)
		}
	}
	// Fairy-Stockfish 11.1 writes the hand in its pool order: `position fen
	// 4k4/9/9/9/9/9/9/9/4K4[RBGSNLPPrbgsnlp] w - - 0 1` then `d` prints this Sfen.
	if got := SFENFromFEN("4k4/9/9/9/9/9/9/9/4K4[GNLPPSRBgnlpsrb] w - - 0 1"); got != "4k4/9/9/9/9/9/9/9/4K4 b GNL2PSRBgnlpsrb 1" {
		t.Errorf("hand order: got %s", got)
	}
	// A check counter (check shogi's "1+1", after the en-passant field) has no place in SFEN.
	if got := SFENFromFEN("7lk/9/8G/9/9/9/9/9/K8[P] b - - 1+1 0 3"); got != "7lk/9/8G/9/9/9/9/9/K8 w P 6" {
		t.Errorf("check counter: got %s", got)
	}
	for _, bad := range []string{"", "9/9 x", "9/9 b 2Q!", "9/9 b - 0", "9/9 b - x"} {
		if _, err := FENFromSFEN(bad, true); err == nil {
			t.Errorf("FENFromSFEN(%q): no error", bad)
		}
	}
}

// Moves on 9×9 as Fairy-Stockfish writes them in its UCI mode (coordinates) and its USI
// mode (the same moves of the same position).
func TestMoves(t *testing.T) {
	b := Board{Files: 9, Ranks: 9}
	for _, c := range []struct{ chimera, usi string }{
		{"c3c4", "7g7f"}, {"g7g6", "3c3d"}, {"b2h8+", "8h2b+"}, {"B@e5", "B*5e"}, {"a1a2", "9i9h"}, {"i9i8", "1a1b"},
	} {
		if got := b.MoveToUSI(c.chimera); got != c.usi {
			t.Errorf("MoveToUSI(%s) = %s, want %s", c.chimera, got, c.usi)
		}
		if got := b.MoveFromUSI(c.usi); got != c.chimera {
			t.Errorf("MoveFromUSI(%s) = %s, want %s", c.usi, got, c.chimera)
		}
	}
	for _, odd := range []string{"resign", "z9z9", "10a1a", "P*0a"} {
		if got := b.MoveFromUSI(odd); got != odd {
			t.Errorf("MoveFromUSI(%s) = %s; text it cannot read should come back unchanged", odd, got)
		}
	}
}
