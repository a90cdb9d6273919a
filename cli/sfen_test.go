// SFEN as lishogi writes it, where a FEN is taken: --fen and a USI session read lishogi's positions, letters by face included, and refuse a letter no man of the variant is written with.
package cli

import (
	"bytes"
	"strings"
	"testing"
)

// kyotoFromPlay is a Kyoto shogi position from Fairy-Stockfish 11.1's random play
// (defs/kyotoshogi.yaml, "from play, ply 17": p3+l/+S1k2/5/Ls1KN/3+NP[] b - - 6 9, perft
// 12, 85, 1002), as lishogi writes it: each man by its face (t the tokin, +l; B the
// bishop, +S; G the gold, +N), Black (gote, w) to move at ply 18.
const kyotoFromPlay = "p3t/B1k2/5/Ls1KN/3GP w - 18"

func TestFENFlagReadsLishogiSFEN(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "kyotoshogi", "3", "--fen", kyotoFromPlay}, "Nodes searched: 1002"},
		// Shogi's start as lishogi writes it: 30 moves, 900 at depth 2 (Fairy-Stockfish).
		{[]string{"perft", "shogi", "2", "--fen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"}, "Nodes searched: 900"},
		// Check shogi with the side to move in check, from shogiops' random play (its
		// game ended there, sente having won): no moves.
		{[]string{"perft", "checkshogi", "1", "--fen", "1n3g1nl/lsg1r1sb1/1p1ppk+Bpp/p8/2p2pP2/2P1P4/PP1P1P1PP/2RGGK3/LNS2S1NL w P 30"}, "Nodes searched: 0"},
	} {
		code, out, errs := run(c.args...)
		if code != exitOK || lastLine(out) != c.want {
			t.Errorf("chimera %s: exit %d, last line %q (stderr %q); want %q", strings.Join(c.args, " "), code, lastLine(out), errs, c.want)
		}
	}
	code, out, _ := run("moves", "checkshogi", "--fen", "1n3g1nl/lsg1r1sb1/1p1ppk+Bpp/p8/2p2pP2/2P1P4/PP1P1P1PP/2RGGK3/LNS2S1NL w P 30")
	if code != exitOK || !strings.Contains(out, "Result: 1-0 (first check)") {
		t.Errorf("chimera moves checkshogi on a position in check: exit %d, output %q; want the game won by White (sente)", code, out)
	}
	// A letter that is no man's: the letter and the variant.
	for _, c := range []struct{ variant, sfen, letter string }{
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", `"X"`},
		{"kyotoshogi", "pgkst/5/5/5/TSKGQ b - 1", `"Q"`},
		{"kyotoshogi", "pgkst/5/5/5/TSKGP b 2X 1", `"X"`},
	} {
		code, _, errs := run("moves", c.variant, "--fen", c.sfen)
		if code != exitUsage || !strings.Contains(errs, "SFEN") || !strings.Contains(errs, c.letter) || !strings.Contains(errs, "no man of "+c.variant) {
			t.Errorf("chimera moves %s --fen %q: exit %d, stderr %q; want exit 2 naming the letter %s and %s", c.variant, c.sfen, code, errs, c.letter, c.variant)
		}
	}
}

func TestUSIReadsLishogiSFEN(t *testing.T) {
	script := "usi\nsetoption name USI_Variant value kyotoshogi\nposition sfen " + kyotoFromPlay + "\ngo perft 3\nquit\n"
	var out bytes.Buffer
	if code := MainWithInput([]string{"usi"}, strings.NewReader(script), &out, &bytes.Buffer{}); code != exitOK {
		t.Fatalf("chimera usi exited %d", code)
	}
	if !strings.Contains(out.String(), "Nodes searched: 1002") {
		t.Errorf("USI perft 3 of %s: want 1002 nodes (Fairy-Stockfish's count of the same position), got:\n%s", kyotoFromPlay, out.String())
	}
}
