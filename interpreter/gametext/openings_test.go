// Tests of reading openings files: every form selfplay's and match's readers took, and
// bad lines reported at their file and line.
package gametext_test

import (
	"slices"
	"strings"
	"testing"

	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

const chessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestReadOpenings: FEN lines, EPD lines (no move counters, then operations), move lines
// in SAN with numbers or in coordinates, comments, blank lines and a byte-order mark; and
// PGN files with and without [FEN] tags. The expected moves and FENs are written by hand.
func TestReadOpenings(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	text := "\ufeff# a comment\n" +
		"1. e4 e5 2. Nf3\n" +
		"\n" +
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n" +
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - bm d5; id \"x\";\n" +
		"  d2d4 d7d5  \n"
	want := []gametext.Opening{
		{FEN: chessStart, Moves: []string{"e2e4", "e7e5", "g1f3"}, Name: "o.txt:2"},
		{FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Name: "o.txt:4"},
		{FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", Name: "o.txt:5"},
		{FEN: chessStart, Moves: []string{"d2d4", "d7d5"}, Name: "o.txt:6"},
	}
	ops, err := gametext.ReadOpenings(rs, "o.txt", text, "")
	if err != nil {
		t.Fatal(err)
	}
	same(t, ops, want)

	pgn := "[Event \"x\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd4 *\n\n[Event \"y\"]\n\n1. c4 {English} c5 *\n"
	ops, err = gametext.ReadOpenings(rs, "o.pgn", pgn, "")
	if err != nil {
		t.Fatal(err)
	}
	same(t, ops, []gametext.Opening{
		{FEN: "8/8/8/4k3/8/8/8/4K2R w K - 0 1", Moves: []string{"e1g1", "e5d4"}, Name: "o.pgn:1"},
		{FEN: chessStart, Moves: []string{"c2c4", "c7c5"}, Name: "o.pgn:6"},
	})
}

// TestReadOpeningsFromSetup: moves start from the setup named, which must be one position.
func TestReadOpeningsFromSetup(t *testing.T) {
	rs, err := interpreter.Open("chess960")
	if err != nil {
		t.Fatal(err)
	}
	// Chess960's arrangement 0 is BBQNNRKR.
	ops, err := gametext.ReadOpenings(rs, "o.txt", "1. e4\n", "shuffle:0")
	if err != nil || len(ops) != 1 || !strings.HasPrefix(ops[0].FEN, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w ") || !slices.Equal(ops[0].Moves, []string{"e2e4"}) {
		t.Fatalf("from shuffle:0: %+v %v", ops, err)
	}
	if _, err := gametext.ReadOpenings(rs, "o.txt", "1. e4\n", "shuffle"); err == nil || !strings.Contains(err.Error(), "o.txt:1: ") || !strings.Contains(err.Error(), "shuffled") {
		t.Errorf("moves from a shuffled setup: %v; want an error at o.txt:1 saying the setup is shuffled", err)
	}
	// A FEN needs no start.
	if ops, err := gametext.ReadOpenings(rs, "o.txt", chessStart+"\n", "shuffle"); err != nil || len(ops) != 1 || ops[0].FEN != chessStart {
		t.Errorf("a FEN with a shuffled setup: %+v %v", ops, err)
	}
}

// TestReadOpeningsErrors: each bad opening is an error naming its file and line.
func TestReadOpeningsErrors(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"e4 e5\n1. e4 Ke7 Qh5\n", "o.txt:2: "},                                            // an illegal move
		{"# x\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n", "o.txt:3: not a FEN"}, // a rank missing
		{"e4\nhello there\n", "o.txt:2: "},                                                 // neither
		{"1. f3 e5 2. g4 Qh4#\n", "o.txt:1: the game is over"},                             // mate in the opening
		{"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1\n", "o.txt:1: the game is over"},                  // a FEN of a finished game
		{"# only comments\n\n", "o.txt: no openings"},
		{"", "o.txt: no openings"},
		{"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n", "o.txt:5: "}, // the second game's first line
		{"[Event \"a\"]\n[FEN \"8/8 w - - 0 1\"]\n\n*\n", "o.txt:1: "},
		{"\n[Event \"a\"\n1. e4\n", "o.txt:2: not a tag pair"},
	} {
		_, err := gametext.ReadOpenings(rs, "o.txt", c.text, "")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v; want an error starting %q", c.text, err, c.want)
		}
	}
}

func same(t *testing.T, got, want []gametext.Opening) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d openings %+v, want %d %+v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i].FEN != want[i].FEN || got[i].Name != want[i].Name || !slices.Equal(got[i].Moves, want[i].Moves) {
			t.Errorf("opening %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
