// The two-board built-in against the naive generator written from its rules text
// (alice_naive_test.go): perft from the start and from positions of random play, and the
// move lists of the hand-made positions, move by move.
package perft

import (
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// aliceMoveNames writes the legal moves of fen in the naive generator's form (A:e2e4: the
// board the man stands on, origin, arrival on that board, promotion letter), sorted.
func aliceMoveNames(t *testing.T, rs *compiler.Ruleset, fen string) []string {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var out []string
	for _, m := range p.LegalMoves(nil) {
		s := string(rune('A'+rs.BoardOf(m.From()))) + ":" + rs.SquareName(m.From()) + rs.SquareName(m.To())
		if pr := m.Promotion(); pr >= 0 {
			s += strings.ToLower(rs.Piece(pr).LetterText)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestAliceAgainstNaive compares perft with the naive generator's on the start position
// (depth 3, 4 without -short) and on positions of random play (every fourth ply of games
// of 60 plies, 6 seeds; 12 without -short) at depth 2 (3 for every third position without
// -short), and the legal moves of every hand-made position.
func TestAliceAgainstNaive(t *testing.T) {
	rs, err := interpreter.Open("alice")
	if err != nil {
		t.Fatal(err)
	}
	start, err := interpreter.Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	if start.FEN() != aliceStart {
		t.Fatalf("start %s, the naive generator's %s", start.FEN(), aliceStart)
	}
	deep := !testing.Short()
	compare := func(fen string, depth int) {
		t.Helper()
		want, err := aliceNaivePerft(fen, depth)
		if err != nil {
			t.Fatalf("naive generator on %s: %v", fen, err)
		}
		q, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := Perft(q, depth); uint64(got) != want {
			t.Fatalf("%s perft %d: %d, naive generator %d", fen, depth, got, want)
		}
	}
	for d := 1; d <= 3+boolInt(deep); d++ {
		compare(aliceStart, d)
	}
	seeds := 6
	if deep {
		seeds = 12
	}
	positions := 0
	for seed := int64(1); seed <= int64(seeds); seed++ {
		fens := aliceNaiveRandomFENs(aliceStart, seed, 60)
		for i := 3; i < len(fens); i += 4 {
			depth := 2
			if deep && i%12 == 3 {
				depth = 3
			}
			compare(fens[i], depth)
			if got, want := aliceMoveNames(t, rs, fens[i]), mustNaiveMoves(t, fens[i]); !slices.Equal(got, want) {
				t.Fatalf("%s: moves %v, naive generator %v", fens[i], got, want)
			}
			positions++
		}
	}
	if positions < 40 {
		t.Fatalf("only %d positions from random play", positions)
	}
	for _, c := range aliceHandCases {
		fen := c.fen
		if len(c.moves) > 0 {
			fen = aliceAfter(t, c.fen, c.moves...)
		}
		if c.name == "king and rook on different boards" {
			// The naive generator reads the right and offers no castling; Chimera refuses a
			// castling right without a partner on the royal's board, as it does on one board.
			if _, err := interpreter.FromFEN(rs, fen); err == nil || !strings.Contains(err.Error(), "no Rook for it") {
				t.Errorf("%s: %s read (%v); want the right refused", c.name, fen, err)
			}
			continue
		}
		if got, want := aliceMoveNames(t, rs, fen), mustNaiveMoves(t, fen); !slices.Equal(got, want) {
			t.Errorf("%s: %s: moves %v, naive generator %v", c.name, fen, got, want)
		}
		compare(fen, 2)
	}
}

func mustNaiveMoves(t *testing.T, fen string) []string {
	t.Helper()
	ms, err := aliceNaiveMoves(fen)
	if err != nil {
		t.Fatalf("naive generator on %s: %v", fen, err)
	}
	return ms
}
