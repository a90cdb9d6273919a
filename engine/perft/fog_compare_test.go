// The fog-of-war built-in against the naive generator written from its rules text
// (fog_naive_test.go): perft of the full position, the legal moves, the cells each side
// sees and each side's view, on the start and on positions of random play; and views
// that contradict themselves, refused.
package perft

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

const fogStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// fogRandomFENs plays a random game of plies moves from fen (fewer when it ends) and
// returns the FEN of every position reached, the first included.
func fogRandomFENs(t *testing.T, rs *compiler.Ruleset, fen string, seed uint64, plies int) []string {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 54))
	out := []string{p.FEN()}
	for range plies {
		ms := p.LegalMoves(nil)
		if len(ms) == 0 || p.Result() != interpreter.Ongoing {
			break
		}
		p.Make(ms[rng.IntN(len(ms))])
		out = append(out, p.FEN())
	}
	return out
}

// fogCompare compares one position with the naive generator: the legal moves, the cells
// each side sees, each side's view (written, and read back to the same text), and perft
// to depth.
func fogCompare(t *testing.T, rs *compiler.Ruleset, fen string, depth int) {
	t.Helper()
	nb, err := fogParse(fen)
	if err != nil {
		t.Fatalf("naive generator on %s: %v", fen, err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var got []string
	if p.Result() == interpreter.Ongoing {
		for _, m := range p.LegalMoves(nil) {
			got = append(got, p.Coord(m))
		}
	}
	slices.Sort(got)
	if want := nb.moveNames(); !slices.Equal(got, want) {
		t.Fatalf("%s: moves %v, naive generator %v", fen, got, want)
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		white := c == compiler.White
		seen, _ := p.Seen(c, nil)
		want := nb.seen(white)
		for sq := range 64 {
			if seen.Has(compiler.Square(sq)) != want[sq] {
				t.Fatalf("%s: %s sees %s: %v, naive generator %v", fen, interpreter.SideName(c), fogName(sq), seen.Has(compiler.Square(sq)), want[sq])
			}
		}
		view := p.ViewFEN(c)
		if placement, _, _ := strings.Cut(view, " "); placement != nb.viewPlacement(white) {
			t.Fatalf("%s: %s's view %s, naive generator %s", fen, interpreter.SideName(c), view, nb.viewPlacement(white))
		}
		v, err := interpreter.ParseView(rs, view)
		if err != nil {
			t.Fatalf("%s: %s's view %s does not read back: %v", fen, interpreter.SideName(c), view, err)
		}
		if v.FEN() != view || v.Viewer != c {
			t.Fatalf("%s: view %s reads back as %s (viewer %d)", fen, view, v.FEN(), v.Viewer)
		}
	}
	if depth > 0 {
		if got, want := Perft(p, depth), nb.perft(depth); got != want {
			t.Fatalf("%s perft %d: %d, naive generator %d", fen, depth, got, want)
		}
	}
}

// TestFogPerftAgainstNaive compares the full position's perft with the naive generator of
// chess with king capture and no check: the start (depth 3, 4 without -short) and positions
// of random play (every fifth ply of games of 80 plies, 8 seeds, at depth 2; 3 for every
// third without -short), with the moves, the cells each side sees and the views of every
// position of those games (TestFogViewsAgainstNaive's comparison).
func TestFogPerftAgainstNaive(t *testing.T) {
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	deep := !testing.Short()
	fogCompare(t, rs, fogStart, 3+boolInt(deep))
	positions := 0
	for seed := uint64(1); seed <= 8; seed++ {
		fens := fogRandomFENs(t, rs, fogStart, seed, 80)
		for i, fen := range fens {
			depth := 0
			if i%5 == 4 {
				depth = 2
				if deep && i%15 == 4 {
					depth = 3
				}
				positions++
			}
			fogCompare(t, rs, fen, depth)
		}
	}
	if positions < 60 {
		t.Fatalf("only %d positions from random play", positions)
	}
}

// TestFogViewsAgainstNaive compares the cells each side sees and its view with the naive
// generator's on hand-made positions that exercise each rule: a pawn blocked by an enemy
// man (it sees the man), its double step blocked two cells ahead (not seen), its diagonal
// empty (not seen), en passant (the side to move sees the target and the victim; the other
// side does not), castling through attack (the king's landing seen), a king already taken.
func TestFogViewsAgainstNaive(t *testing.T) {
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/pppp1ppp/8/8/8/4p3/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqk1nr/pppppppp/8/8/2b5/8/PPPPP1PP/RNBQK2R w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
		"rnb1kbnr/pppp1ppp/8/4p3/5PP1/P7/1PPPP2P/RNBQqBNR w kq - 0 4",
		"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
	} {
		fogCompare(t, rs, fen, 2)
	}
}

// TestFogViewContradictions: a view that contradicts itself is refused, with what is wrong
// and where; a view that could be true reads.
func TestFogViewContradictions(t *testing.T) {
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ view, want string }{
		// a3 is ahead of White's a2 pawn: seen whatever stands there.
		{"????????/????????/????????/????????/8/?7/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w", "a3 is fogged, but White's men see it whatever stands there"},
		// h5 is shown empty, but no White man reaches it.
		{"????????/????????/????????/???????1/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w", "h5 is shown (empty), but none of White's men sees it"},
		// e5 shown with a Black pawn no White man reaches.
		{"????????/????????/????????/????p???/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w", "e5 is shown (holds p), but none of White's men sees it"},
		// The rook on a1 sees up its open file: a fogged a5 cannot hide from it (an empty cell
		// is a move's landing, a man one to take).
		{"????????/????????/????????/????????/8/8/1PPPPPPP/R3K3 w Q - ? 1 view=w", "a5 is fogged, but White's men see it"},
		{"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQk - ? 1 view=w", "names the opponent's rights"},
		{"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1", "a view has 7 fields"},
		{"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=x", `field 7 is "view=x"`},
		{"????????/????????/????????/???????/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w", "rank 5 has 7 cells"},
	} {
		_, err := interpreter.ParseView(rs, c.view)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v; want an error saying %q", c.view, err, c.want)
		}
	}
	// a4 may hide a Black man that blocks the a2 pawn's double step: the view reads.
	for _, ok := range []string{
		"????????/????????/????????/????????/?7/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w",
		"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - 7 1 view=w",
	} {
		if _, err := interpreter.ParseView(rs, ok); err != nil {
			t.Errorf("%s: %v; want it read", ok, err)
		}
	}
	chess, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interpreter.ParseView(chess, "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1 view=w"); err == nil || !strings.Contains(err.Error(), "chess has no fog") {
		t.Errorf("a view of chess: got %v; want it refused (no fog)", err)
	}
}
