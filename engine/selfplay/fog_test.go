package selfplay

import (
	"context"
	"testing"

	"chimera/engine/search"
	"chimera/interpreter"
)

// #54 part 3: chimera selfplay under fog of war plays each side from its view (the fog
// player): positions that differ only in where Black's queen stands in White's fog get
// the same first move from White. On main it searched the whole board and answered them
// differently (as a full search does, checked here).
func TestSelfplayUnderFogPlaysFromTheView(t *testing.T) {
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	moves, seer := map[string]bool{}, map[string]bool{}
	for i, fen := range []string{
		"rnbqkbnr/pp1ppppp/8/2p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/q1p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2pq4/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2p2q2/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2p3q1/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	} {
		g, err := Play(rs, search.New(rs, 4), Spec{Index: i, FEN: fen, PlaySeed: 5}, Options{Limits: search.Limits{Depth: 2}, MaxPlies: 1})
		if err != nil || len(g.Moves) != 1 {
			t.Fatalf("%s: %v, moves %q", fen, err, g.Moves)
		}
		moves[g.Moves[0]] = true
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
		t.Fatalf("under fog, the same view answered with %v", moves)
	}
}
