package uci

import (
	"context"
	"strings"
	"testing"

	"chimera/engine/search"
	"chimera/interpreter"
)

// fogFENs differ only in where Black's queen stands in the fog: White's view is the
// same in each (engine/search's TestFogMoveSeesOnlyTheView checks it), and a depth-2
// search that sees the queen answers them differently.
var fogFENs = []string{
	"rnbqkbnr/pp1ppppp/8/2p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnb1kbnr/pp1ppppp/8/q1p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnb1kbnr/pp1ppppp/8/2pq4/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnb1kbnr/pp1ppppp/8/2p2q2/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnb1kbnr/pp1ppppp/8/2p3q1/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
}

// #54 part 3: under fog of war the UCI engine (Chimera's side in chimera match) is told
// the whole board but plays from its side's view: the same move wherever the hidden
// queen stands. On main it searched the whole board and answered differently.
func TestUCIFogPlaysFromTheView(t *testing.T) {
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	s := newUCISession(t)
	s.send("setoption name UCI_Variant value fogofwar")
	s.ready()
	moves, seer := map[string]bool{}, map[string]bool{}
	for _, fen := range fogFENs {
		s.send("ucinewgame", "position fen "+fen, "go depth 2")
		got := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		moves[strings.Fields(got[len(got)-1])[1]] = true
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		seer[p.Coord(search.New(rs, 4).Search(context.Background(), p, search.Limits{Depth: 2}, nil).Best)] = true
	}
	if len(seer) < 2 {
		t.Fatalf("a search that sees everything chose %v on all: the positions do not test the fog", seer)
	}
	if len(moves) != 1 {
		t.Fatalf("under fog, the same view answered with %v: the engine looked through the fog", moves)
	}
}
