package interpreter_test

import (
	"strings"
	"testing"

	"chimera/interpreter"
)

// TestPairBadInput: a pair's FEN with the wrong number of boards, a move for a board
// that does not exist or without one, a drop of a man the pocket lacks, and a one-board
// variant played as a pair are clear errors.
func TestPairBadInput(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	one := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	for _, c := range []struct{ fen, want string }{
		{one, "2 boards' FENs joined by '|' expected (bughouse is played on 2 boards apart); found 1"},
		{one + " | " + one + " | " + one, "found 3"},
		{one + " | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP[] w KQkq - 0 1", "board B:"},
	} {
		if _, err := interpreter.NewPair(rs, c.fen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewPair(%q): error %v, want one containing %q", c.fen, err, c.want)
		}
	}
	q, err := interpreter.StartPair(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ move, want string }{
		{"C:e2e4", "no board C (the boards are A to B)"},
		{"e2e4", "names its board first, as A:e2e4"},
		{"A:Q@e4", "white's pool holds no Q"},
		{"B:e2e5", "board B:"},
	} {
		if _, _, err := q.ParseMove(c.move); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMove(%q): error %v, want one containing %q", c.move, err, c.want)
		}
	}
	chess, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interpreter.StartPair(chess, ""); err == nil || !strings.Contains(err.Error(), "played on one board") {
		t.Errorf("StartPair(chess): error %v, want one saying it is played on one board", err)
	}
}

// TestPairPassing plays a capture, the capture of a promoted man and a drop of the men
// passed: written out by hand from the rules (a captured man goes into the pocket of the
// capturer's partner on the other board, in its own colour; a promoted man as a pawn).
func TestPairPassing(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	q, err := interpreter.NewPair(rs, "8/1P6/5k2/8/8/8/8/4K2r[] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"A:e1f2", "A:h1h8", "A:b7b8q", "A:h8b8", "B:P@d4", "B:e8e7"} {
		k, m, err := q.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v (%s)", mv, err, q.FEN())
		}
		if _, err := q.Play(k, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Black's rook took White's promoted queen on A: it goes to Black-on-A's partner,
	// White on B, as a white pawn, which White drops there. Board A's promoted queen was
	// marked '~' before it was taken.
	want := "1r6/8/5k2/8/8/8/5K2/8[] w - - 0 3 | 8/4k3/8/8/3P4/8/8/4K3[] w - - 0 2"
	got := q.FEN()
	trim := func(s string) string { // placements, pockets and sides to move
		var out []string
		for _, f := range strings.Split(s, "|") {
			out = append(out, strings.Join(strings.Fields(f)[:2], " "))
		}
		return strings.Join(out, " | ")
	}
	if trim(got) != trim(want) {
		t.Errorf("after the game: %s\nwant %s", got, want)
	}
	if _, _, err := q.ParseMove("B:P@d5"); err == nil {
		t.Errorf("a second pawn drop on B was accepted: White's pocket there held one pawn (%s)", got)
	}
}

// TestPairMate: a check a drop could block is no mate (the side waits, the match goes
// on), a contact mate ends the match for the mating side's team, whichever board.
func TestPairMate(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	for _, c := range []struct {
		fen, score string
		board      int
		waiting    bool
	}{
		{"6k1/8/8/8/8/8/5PPP/r5K1[] w - - 0 1 | " + start, "*", -1, true},
		{"6k1/8/8/8/5n2/8/5PqP/6K1[] w - - 0 1 | " + start, "0-1", 0, false},
		// On board B, Black (team 0's) mates: team 0 wins.
		{start + " | 6k1/8/8/8/5n2/8/5PqP/6K1[] w - - 0 1", "1-0", 1, false},
		// Stalemated: waits.
		{"7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1 | " + start, "*", -1, true},
	} {
		q, err := interpreter.NewPair(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r := q.Result()
		if r.Score != c.score || r.Board != c.board {
			t.Errorf("%s: result %+v, want %s on board %d", c.fen, r, c.score, c.board)
		}
		if got := q.Waiting(0) || q.Waiting(1); got != c.waiting {
			t.Errorf("%s: waiting %v, want %v", c.fen, got, c.waiting)
		}
	}
}

// TestPairFENOnOneBoard: a game of four's FEN where one board's is wanted (perft, the
// search) is refused with a word on why.
func TestPairFENOnOneBoard(t *testing.T) {
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	one := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	if _, err := interpreter.FromFEN(rs, one+" | "+one); err == nil || !strings.Contains(err.Error(), "one board of bughouse is wanted") {
		t.Errorf("FromFEN of a pair's FEN: %v", err)
	}
}
