// Tests of replaying move text: move numbers, results, comments, and errors labelled with their move.
package gametext_test

import (
	"strings"
	"testing"

	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

func TestPlayGame(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		game, fen, err string
	}{
		{"1. e4 e5 2. Nf3 Nc6", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ""},
		{"e2e4 e7e5 g1f3 1-0", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		// {comments} may span lines and hold ';'; a ';' outside them ends its line; $NAGs, results and "1...." numbers are skipped.
		{"1. e4 {best; by\ntest} e5 ; the rest is ignored: Qh4\n2. Nf3 $1 2... Nc6 1/2-1/2", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ""},
		{"1. e4 {unclosed e5 2. Nf3", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ""},
		{"1.d4 d5 2.c4 dxc4 3.e5", "", "3. e5: "},
		{"1. e4 e5 2. Ke2 Ke7 3. Ke3 Kf6 4. Kf3 Kf5", "", "4... Kf5: "},
		{"1. e4 xyz", "", "1... xyz: "},
	}
	for i, c := range cases {
		p, _ := interpreter.Start(rs, "")
		err := gametext.PlayGame(p, c.game)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("#%d got error %v", i, err)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("#%d got error %v, want prefix %q", i, err, c.err)
		case c.err == "" && p.FEN() != c.fen:
			t.Errorf("#%d got %s, want %s", i, p.FEN(), c.fen)
		}
	}
}
