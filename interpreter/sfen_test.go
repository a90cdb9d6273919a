// SFEN read where a FEN is: shogiops' (lishogi's) start positions and letters against Fairy-Stockfish's FENs of the same positions, and text that is read as a FEN though it looks alike.
package interpreter_test

import (
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

func TestSFENReadAsFEN(t *testing.T) {
	for _, c := range []struct{ variant, sfen, fen string }{
		// Start positions: shogiops' initialSfen, and Fairy-Stockfish's start FEN.
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"},
		{"kyotoshogi", "pgkst/5/5/5/TSKGP b - 1", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"},
		// Lishogi holds Kyoto shogi's men by their gold and tokin faces (G, T), which
		// Fairy-Stockfish holds as the knight and lance they turn back into.
		{"kyotoshogi", "pgkst/5/5/5/TSKGP b G2t 1", "p+nks+l/5/5/5/+LSK+NP[Nll] w - - 0 1"},
		// Gote to move at ply 18 is Black at move 9.
		{"kyotoshogi", "p3t/B1k2/5/Ls1KN/3GP w - 18", "p3+l/+S1k2/5/Ls1KN/3+NP[] b - - 0 9"},
		// Chu shogi's counterstrike square, in the hands field (no hands), goes to the
		// en-passant field.
		{"chushogi", "lfcsgekg1cfl/a1b1txotsb1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/12/6H5/1P1IP1P1I3/P1PP1P1PPPPP/MVR1DNQDHRVM/A1BOT1XT1B1A/LFCSGKEGSCFL w 6g 14",
			"lfcsgekg1cfl/a1b1txotsb1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/12/6H5/1P1IP1P1I3/P1PP1P1PPPPP/MVR1DNQDHRVM/A1BOT1XT1B1A/LFCSGKEGSCFL b - g6 0 7"},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if !interpreter.IsSFEN(rs, c.sfen) {
			t.Errorf("%s: %s is not taken for an SFEN", c.variant, c.sfen)
		}
		p, err := interpreter.FromFEN(rs, c.sfen)
		if err != nil {
			t.Errorf("%s: %v", c.variant, err)
			continue
		}
		want, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN() != want.FEN() || p.Hash() != want.Hash() {
			t.Errorf("%s: SFEN %s reads as %s; want %s", c.variant, c.sfen, p.FEN(), want.FEN())
		}
	}
}

// Text that is no SFEN: a FEN's en-passant field is never a number, but in a variant with
// counting rules, whose FEN writes a count there (Fairy-Stockfish's makruk); an SFEN's
// side letter means the other side, so the short forms without a move count stay FENs.
func TestSFENLookalikesAreFENs(t *testing.T) {
	makruk, err := interpreter.Open("makruk")
	if err != nil {
		t.Fatal(err)
	}
	count := "4k3/8/8/8/8/8/R7/4K2R b - 16"
	if interpreter.IsSFEN(makruk, count) {
		t.Errorf("makruk: %s (a count of 16 half-moves) is taken for an SFEN", count)
	}
	if p, err := interpreter.FromFEN(makruk, count); err != nil || !strings.HasPrefix(p.FEN(), "4k3/8/8/8/8/8/R7/4K2R b - 16 0 1") {
		t.Errorf("makruk: %s reads as %v, %v; want the count kept", count, p, err)
	}
	shogi, err := interpreter.Open("shogi")
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - - 0 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] b - 1",
		// XBoard's short form: the clocks, without castling and en passant.
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0 1",
	} {
		if interpreter.IsSFEN(shogi, fen) {
			t.Errorf("%s is taken for an SFEN", fen)
		}
		if p, err := interpreter.FromFEN(shogi, fen); err == nil && p.Side() != compiler.Black {
			t.Errorf("%s: read with %v to move; a FEN's b is Black", fen, p.Side())
		}
	}
}

// An SFEN that cannot be read is reported as the SFEN given, the letter and the variant
// named when no man is written so.
func TestSFENErrors(t *testing.T) {
	for _, c := range []struct{ variant, sfen, want string }{
		{"kyotoshogi", "pgkst/5/5/5/TSKGX b - 1", `SFEN "pgkst/5/5/5/TSKGX b - 1": unknown piece letter "X" on rank 1: no man of kyotoshogi is written so (its men: K N L P S +N +L +P +S; also read: G T)`},
		{"shogi", "pgkst/5/5/5/TSKGP b - 1", `SFEN "pgkst/5/5/5/TSKGP b - 1": board has 5 ranks; shogi has 9`},
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Y 1", `unknown piece letter "Y" in the hand pool`},
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2P! 1", `SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2P! 1": the pieces in hand are letters with counts`},
		// A variant with no pools that is not lishogi's reads the text as a FEN.
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Pp 1", `unknown castling right "P"`},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := interpreter.FromFEN(rs, c.sfen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: FromFEN(%q): %v; want %q", c.variant, c.sfen, err, c.want)
		}
	}
}
