package search

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

func fogPosition(t *testing.T, rs *compiler.Ruleset, fen string) *interpreter.Position {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFogMoveSeesOnlyTheView: positions that differ only in what White cannot see (Black's
// men swapped or moved about in the fog, as many of each type) get the same move from fresh
// engines with the same seed, a legal one; a king in sight is taken.
func TestFogMoveSeesOnlyTheView(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	// Black's queen on d8 or on one of four fogged cells: White's view is the same, and a
	// depth-2 search that sees the queen answers it differently.
	var ps []*interpreter.Position
	var view string
	for _, fen := range []string{
		"rnbqkbnr/pp1ppppp/8/2p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/q1p5/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2pq4/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2p2q2/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pp1ppppp/8/2p3q1/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	} {
		p := fogPosition(t, rs, fen)
		v, err := p.View(compiler.White)
		if err != nil {
			t.Fatal(err)
		}
		if view != "" && v.FEN() != view {
			t.Fatalf("%s: view %s; the first's %s", fen, v.FEN(), view)
		}
		view = v.FEN()
		ps = append(ps, p)
	}
	lim := Limits{Depth: 2}
	fogMoves, seerMoves := map[string]bool{}, map[string]bool{}
	for _, p := range ps {
		res := New(rs, 4).FogMove(context.Background(), p, lim, 6, 7)
		if !p.IsLegal(res.Best) {
			t.Fatalf("%s: FogMove gave %v, not a legal move", p.FEN(), res.Best)
		}
		fogMoves[p.Coord(res.Best)] = true
		seerMoves[p.Coord(New(rs, 4).Search(context.Background(), p, lim, nil).Best)] = true
	}
	if len(fogMoves) != 1 {
		t.Fatalf("same view, different moves: %v", fogMoves)
	}
	if len(seerMoves) < 2 {
		t.Fatalf("a search that sees everything chose %v on all: the positions do not test the fog", seerMoves)
	}
	// A king in sight is taken: the queen on h5 sees the king on h4.
	k := fogPosition(t, rs, "rnbq1bnr/pppp1ppp/8/4p2Q/4P2k/8/PPPP1PPP/RNB1KBNR w KQ - 2 3")
	if res := New(rs, 4).FogMove(context.Background(), k, lim, 6, 7); k.Coord(res.Best) != "h5h4" {
		t.Fatalf("%s: FogMove %s; want h5h4, taking the king", k.FEN(), k.Coord(res.Best))
	}
}

// fogGame plays a game of fog of war between two choosers and returns White's score (1,
// 0.5 or 0), at most plies moves (a draw beyond).
func fogGame(t *testing.T, rs *compiler.Ruleset, white, black func(*interpreter.Position) interpreter.Move, plies int) float64 {
	t.Helper()
	p := fogPosition(t, rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	for range plies {
		if r := p.Result(); r != interpreter.Ongoing {
			switch r.Score {
			case "1-0":
				return 1
			case "0-1":
				return 0
			}
			return 0.5
		}
		choose := white
		if p.Side() == compiler.Black {
			choose = black
		}
		m := choose(p)
		if !p.IsLegal(m) {
			t.Fatalf("%s: %v is no legal move", p.FEN(), m)
		}
		p.Make(m)
	}
	return 0.5
}

// TestFogPlayerMeasured (not with -short): the fog player (FogMove, 8 samples at depth 2)
// against a random player must score at least 80% over 12 games (FOG_GAMES games if set); against a depth-2 search
// that sees the whole board its score is logged (BENCHMARKS.md).
func TestFogPlayerMeasured(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays whole games")
	}
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	fog := New(rs, 8)
	seer := New(rs, 8)
	seed := uint64(0)
	fogPlayer := func(p *interpreter.Position) interpreter.Move {
		seed++
		return fog.FogMove(context.Background(), p, Limits{Depth: 2}, 8, seed).Best
	}
	seerPlayer := func(p *interpreter.Position) interpreter.Move {
		return seer.Search(context.Background(), p, Limits{Depth: 2}, nil).Best
	}
	rng := rand.New(rand.NewPCG(3, 4))
	randomPlayer := func(p *interpreter.Position) interpreter.Move {
		ms := p.LegalMoves(nil)
		return ms[rng.IntN(len(ms))]
	}
	games := 12
	if n, err := strconv.Atoi(os.Getenv("FOG_GAMES")); err == nil && n > 0 {
		games = n
	}
	var vsRandom, vsSeer float64
	for g := range games {
		if g%2 == 0 {
			vsRandom += fogGame(t, rs, fogPlayer, randomPlayer, 300)
			vsSeer += fogGame(t, rs, fogPlayer, seerPlayer, 300)
		} else {
			vsRandom += 1 - fogGame(t, rs, randomPlayer, fogPlayer, 300)
			vsSeer += 1 - fogGame(t, rs, seerPlayer, fogPlayer, 300)
		}
	}
	t.Logf("fog player: %.1f/%d against a random player, %.1f/%d against a depth-2 search that sees everything", vsRandom, games, vsSeer, games)
	if vsRandom < 0.8*float64(games) {
		t.Fatalf("fog player scored %.1f/%d against a random player; want at least 80%%", vsRandom, games)
	}
}

// TestFogMoveSharesItsBudget: a node limit is shared among the samples (a move costs
// what one search of the limit costs), as a move time is; before, each sample searched
// the whole limit, a move costing samples times as much.
func TestFogMoveSharesItsBudget(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	p := fogPosition(t, rs, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	const nodes = 24000
	res := New(rs, 4).FogMove(context.Background(), p, Limits{Nodes: nodes}, 12, 1)
	if !p.IsLegal(res.Best) || res.Nodes > nodes*3/2 {
		t.Fatalf("FogMove with %d nodes: %d searched, move %v", nodes, res.Nodes, res.Best)
	}
}

// TestFogHomePriorMeasured (not with -short): the fog player that guesses the hidden men
// on their start cells half the time (the default) against the one that spreads them
// evenly over the fog, depth 2 and 8 samples each, colours alternating; FOG_GAMES games
// (40 by default; BENCHMARKS.md records 200). The searches are of fixed depth and seeded:
// the score is the same on every run. The guess must score at least 45%.
func TestFogHomePriorMeasured(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays whole games")
	}
	games := 40
	if n, err := strconv.Atoi(os.Getenv("FOG_GAMES")); err == nil && n > 0 {
		games = n
	}
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	var seed uint64
	player := func(prior bool) func(*interpreter.Position) interpreter.Move {
		e := New(rs, 8)
		e.fogSpread = !prior
		return func(p *interpreter.Position) interpreter.Move {
			seed++
			return e.FogMove(context.Background(), p, Limits{Depth: 2}, 8, seed).Best
		}
	}
	score := 0.0
	for g := range games {
		if g%2 == 0 {
			score += fogGame(t, rs, player(true), player(false), 300)
		} else {
			score += 1 - fogGame(t, rs, player(false), player(true), 300)
		}
	}
	t.Logf("guessing the hidden men on their start cells, against spreading them evenly: %.1f/%d", score, games)
	if score < 0.45*float64(games) {
		t.Fatalf("the guess scored %.1f/%d; want at least 45%%", score, games)
	}
}
