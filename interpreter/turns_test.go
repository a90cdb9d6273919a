// Turns of several moves: who moves after each move, a check ending a turn, turn check
// (Monster: a king may pass through check, a king threatened by the opponent's two
// moves), the turn's part in the FEN and the hash, and bad FENs.
package interpreter

import (
	"slices"
	"strings"
	"testing"
)

// playCoords plays moves given in coordinates, failing on an illegal one.
func playCoords(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		p.Make(m)
	}
}

func legalCoords(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.Coord(m))
	}
	slices.Sort(out)
	return out
}

func TestTurnsWhoMoves(t *testing.T) {
	rs, err := Open("marseillais")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.TurnMoves() != 1 {
		t.Fatalf("White's first turn: %d moves, want 1", p.TurnMoves())
	}
	playCoords(t, p, "e2e4")
	if p.Side() != 1 || p.TurnMoves() != 2 || p.TurnPart() != 0 {
		t.Fatalf("after e4: side %d, turn of %d, part %d; want Black, 2, 0", p.Side(), p.TurnMoves(), p.TurnPart())
	}
	playCoords(t, p, "e7e5")
	if p.Side() != 1 || p.TurnPart() != 1 {
		t.Fatalf("after e4 e5: side %d part %d; want Black to move again, part 1", p.Side(), p.TurnPart())
	}
	fen := p.FEN()
	if f := strings.Fields(fen); f[1] != "b+1" || f[5] != "1" {
		t.Fatalf("FEN %s: want side field b+1 and move number 1", fen)
	}
	q, err := FromFEN(rs, fen)
	if err != nil || q.FEN() != fen || q.Hash() != p.Hash() || p.Hash() != p.RecomputedHash() {
		t.Fatalf("FEN %s does not read back to the same position and hash (%v)", fen, err)
	}
	// The same placement at a turn's start hashes apart.
	start, _ := FromFEN(rs, strings.Replace(fen, "b+1", "b", 1))
	if start.Hash() == p.Hash() {
		t.Fatal("a turn under way hashes as the turn's start")
	}
	playCoords(t, p, "b8c6")
	if p.Side() != 0 || p.TurnPart() != 0 || strings.Fields(p.FEN())[5] != "2" {
		t.Fatalf("after Black's two moves: %s; want White to move, move 2", p.FEN())
	}
	p.Unmake()
	p.Unmake()
	if p.Side() != 1 || p.TurnPart() != 0 || p.Hash() != p.RecomputedHash() {
		t.Fatalf("unmade back to after e4: %s", p.FEN())
	}
}

func TestTurnsCheckEndsTheTurn(t *testing.T) {
	rs, err := Open("marseillais")
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromFEN(rs, "4k3/8/8/8/8/8/8/R3K3 w - - 0 5")
	if err != nil {
		t.Fatal(err)
	}
	playCoords(t, p, "a1a2")
	if p.Side() != 0 {
		t.Fatal("a quiet first move ended White's turn of two")
	}
	p.Unmake()
	playCoords(t, p, "a1a8")
	if p.Side() != 1 || p.TurnPart() != 0 {
		t.Fatalf("a check did not end the turn: %s", p.FEN())
	}
	// A side in check escapes with its first move: each move is judged as in chess.
	for _, m := range legalCoords(p) {
		if !strings.HasPrefix(m, "e8") {
			t.Fatalf("Black in check may play %s", m)
		}
	}
}

func TestTurnCheckPassesThroughCheck(t *testing.T) {
	rs, err := Open("monster")
	if err != nil {
		t.Fatal(err)
	}
	// The black rook holds the d-file: the white king may step onto it within its turn,
	// but not end the turn there.
	p, err := FromFEN(rs, "3r3k/8/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(legalCoords(p), "e1d1") {
		t.Fatalf("Kd1 (into check, with a way out) is not legal: %v", legalCoords(p))
	}
	playCoords(t, p, "e1d1")
	if p.Side() != 0 || !p.InCheck() {
		t.Fatalf("after Kd1 White moves again, in check: %s", p.FEN())
	}
	got := legalCoords(p)
	if !slices.Contains(got, "d1c1") || slices.Contains(got, "d1d2") {
		t.Fatalf("second moves %v: want Kc1 (out of check), not Kd2 (ending in check)", got)
	}
	// Black's king is in check when White's two moves could take it: the white king two
	// steps away.
	b, err := FromFEN(rs, "5k2/8/3K4/8/8/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !b.InCheck() {
		t.Fatal("Black's king two king steps from White's is not in check")
	}
	if got, want := legalCoords(b), []string{"f8g7", "f8g8"}; !slices.Equal(got, want) {
		t.Fatalf("Black's legal moves %v; want %v (the others stay in reach of two king steps)", got, want)
	}
}

func TestTurnFENErrors(t *testing.T) {
	mars, err := Open("marseillais")
	if err != nil {
		t.Fatal(err)
	}
	chess, err := Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rs   string
		fen  string
		want string
	}{
		{"chess", "4k3/8/8/8/8/8/8/4K3 w+1 - - 0 1", "needs turns of several moves"},
		{"marseillais", "4k3/8/8/8/8/8/8/4K3 w+0 - - 0 1", "moves made of the turn"},
		{"marseillais", "4k3/8/8/8/8/8/8/4K3 w+x - - 0 1", "moves made of the turn"},
		{"marseillais", "4k3/8/8/8/8/8/8/4K3 x+1 - - 0 1", "side to move must be w or b"},
		{"marseillais", "4k3/8/8/8/8/8/8/4K3 w+1 - - 0 1", "its turn at move 1 is 1 moves, so 1 made leave none"},
		{"marseillais", "4k3/8/8/8/8/8/8/4K3 b+2 - - 0 3", "its turn at move 3 is 2 moves, so 2 made leave none"},
	} {
		rs := mars
		if c.rs == "chess" {
			rs = chess
		}
		if _, err := FromFEN(rs, c.fen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: got %v, want an error saying %q", c.rs, c.fen, err, c.want)
		}
	}
}
