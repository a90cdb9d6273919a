// Tests of EditFEN: a cell changed in every kind of rank (counts, walls, "+X" and "~" men), castling rights dropped, bad edits refused.
package interpreter_test

import (
	"strings"
	"testing"

	"chimera/interpreter"
)

// The FENs expected are written by hand from the rules of FEN.
func TestEditFEN(t *testing.T) {
	for _, tc := range []struct{ variant, fen, square, man, want string }{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "N", "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "h1", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e8", "", ""}, // no king: refused
		{"shogi", "lnsgkgsnl/1r5b1/pppp+Ppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1", "f7", "+p", "lnsgkgsnl/1r5b1/pppp+P+pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"crazyhouse", "rnbqkbnr/pppppppp/8/8/4Q~3/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1", "d4", "N~", "rnbqkbnr/pppppppp/8/8/3N~Q~3/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1"},
		{"duck", "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"claustrophobia", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1", "a4", "P", "rrnbbk*/pppppqn/5**/5**/P4**/5**/PPPPPQN/RRNBBK* w - - 0 1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "Z", ""},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "*", ""},           // no walls
		{"claustrophobia", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1", "g4", "P", ""}, // not a square
	} {
		rs := openRuleset(t, tc.variant)
		sq, ok := rs.ParseSquare(tc.square)
		if !ok {
			t.Fatalf("%s: no square %s", tc.variant, tc.square)
		}
		got, err := interpreter.EditFEN(rs, tc.fen, sq, tc.man)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%s %s=%q: %s, want an error", tc.variant, tc.square, tc.man, got)
		case tc.want != "" && (err != nil || got != tc.want):
			t.Errorf("%s %s=%q: %q %v, want %q", tc.variant, tc.square, tc.man, got, err, tc.want)
		}
	}
	rs := openRuleset(t, "chess")
	if _, err := interpreter.EditFEN(rs, "8/8/8 w - - 0 1", 0, ""); err == nil || !strings.Contains(err.Error(), "FEN") {
		t.Errorf("a bad FEN: %v", err)
	}
}
