// Tactics: forced wins in one, two and three moves for the seed variants and for chess,
// Capablanca, crazyhouse, antichess, three-check, atomic and chu shogi. Every position is first proved by a plain full-width
// minimax written here, independent of the engine (legal moves, Make/Unmake and the
// interpreter's verdicts on decided games only), then the engine must find the win with
// its exact distance, Mate minus the plies, within a fixed node budget.
package search_test

import (
	"context"
	"slices"
	"testing"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/interpreter"
)

// tacticNodes is the engine's node budget for every position (the search stops earlier
// once it has confirmed a forced end).
const tacticNodes = 200000

// tactics are the positions: the side to move forces a win in exactly plies plies (1: a
// move that wins at once, 3: a win in two moves, 5: in three; an even number where the
// game is won by the opponent's forced reply, as in antichess). best is the only first
// move that does it, or "" where there are several (the engine's must be one of them).
var tactics = []struct {
	name, variant, fen string
	plies              int
	best               string
}{
	// Chess.
	{"back-rank mate", "chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, "a1a8"},
	// 1.Qg8+ Rxg8 (the knight h6 guards g8) 2.Nf7#.
	{"smothered mate in two", "chess", "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", 3, "b3g8"},
	// The same, Black to move: 1...Qg1+ 2.Rxg1 Nf2#.
	{"smothered mate in two, Black", "chess", "6k1/8/1q6/8/8/7n/6PP/R6K b - - 0 1", 3, "b6g1"},
	// 1.Nh6+ (double check) Kh8 (1...Kf8 2.Qf7#) 2.Qg8+ Rxg8 3.Nf7#.
	{"double check and smothered mate in three", "chess", "r5k1/5Npp/8/8/2Q5/8/6PP/6K1 w - - 0 1", 5, "f7h6"},
	// King and rook against king: the quiet 1.Kf6 first.
	{"rook mate in three", "chess", "5k2/8/8/5K2/8/8/1R6/8 w - - 0 1", 5, "f5f6"},

	// Capablanca: the archbishop's knight check on h7 cannot be taken (the rook i8 reaches
	// h8, not h7) and the king j8 is boxed in by its own men.
	{"archbishop mate", "capablanca", "8rk/8pp/10/10/4A5/10/8PP/K9 w - - 0 1", 1, "e4h7"},
	// 1.Rd8+ Rxd8 2.Cxd8#: the chancellor checks along the rank and guards i8.
	{"chancellor mate in two", "capablanca", "r8k/8pp/10/10/10/10/3R4PP/3C5K w - - 0 1", 3, "d2d8"},

	// Prison Break. Qc7 checks and freezes the king d8 and the knight b6; the Ninja Guard
	// c5 reaches d6 and e7 (so Qe7 would be taken), not c7; Qd7 would fall to the knight.
	{"ice queen mate", "prisonbreak", "3k2/6/1n1Q2/2b3/6/6/6/K5 w - - 0 1", 1, "d6c7"},
	// 1.Qd7 freezes the knight e7 and guards e6 (e5 is the knight c6's); the king has f5
	// and f7, then 2.Qe6#.
	{"ice queen mate in two", "prisonbreak", "2Q3/4n1/2N2k/6/6/6/3K2/6 w - - 0 1", 3, "c8d7"},
	// The knight b6 guards a4; the king escapes on a5.
	{"escape", "prisonbreak", "5k/6/1n4/6/1K4/6/6/6 w - - 0 1", 1, "b4a5"},
	// The bomber a7 guards a4 and a5; 1.Qb6 freezes it (b7 is the own knight's), and
	// nothing can take the queen or guard the escape squares in time: 2.Ka4 or Ka5.
	{"escape in two, freezing the guard", "prisonbreak", "6/rN4/2Q3/6/1K4/6/6/5k w - - 0 1", 3, "c6b6"},

	// Claustrophobia: the knight d8 guards f7, the king enters the palace on f8.
	{"scepter", "claustrophobia", "k2n2*/4K2/5**/5**/5**/5**/7/6* w - - 0 1", 1, "e7f8"},
	// The Queen-Guard f8 guards f7 and e7: 1.Nxf8, then 2.Kf7 takes the scepter.
	{"scepter in two", "claustrophobia", "k4q*/3N3/4K**/5**/5**/5**/7/6* w - - 0 1", 3, "d7f8"},

	// Prisoner's Escape (inverted check): the Black knight c5 keeps the White Prisoner a6
	// attacked. After Ib5 no knight move attacks b5 (nor a knight on c5 now): Black is in
	// check and has no legal move. a7 is the own falcon's; a5, b6 and b7 the knight reaches.
	{"prisoner escapes", "prisonersescape", "***1***/F6/I6/2n4/7/4N2/6i/***1*** w - - 0 1", 1, "a6b5"},
	// 1.Id7: only Nc6-e5 attacks d7 again; 2.Ie6# (no knight move from e5 attacks e6).
	{"prisoner escapes in two", "prisonersescape", "***I***/2i4/2n4/3N3/7/1F5/7/***1*** w - - 0 1", 3, "d8d7"},

	// Koopa: Nxf6 stuns the pawn and bounces on, (+1,+2) again, over the king g8.
	{"king hit by a bounce", "koopa", "6k1/5ppp/5p2/8/4N3/8/8/6K1 w - - 0 1", 1, "e4f6"},
	// 1.Ra8: whatever Black plays (the king can only step to g8, still on the rank), the
	// rook takes the king next.
	{"king hit in two", "koopa", "7k/6pp/8/8/8/8/8/R6K w - - 0 1", 3, "a1a8"},

	// Hostage. Q@g7 is guarded by the knight e6; Q@f8 would fall to the bishop a3.
	{"drop mate", "hostage", "7k/7p/4N3/8/8/b7/8/6K1[][Q] w - - 0 1", 1, "Q@g7"},
	// The black rook held hostage buys back the white knight, dropped on f7: smothered.
	{"exchange mate", "hostage", "6rk/6pp/8/8/8/8/8/6K1[Nr][] w - - 0 1", 1, "R-N@f7"},

	// Crazyhouse: the dropped pawn checks h8 and is guarded by the knight h5; the bishop
	// g8 cannot take it.
	{"pawn drop mate", "crazyhouse", "6bk/7p/8/7N/8/8/8/K7[P] w - - 0 1", 1, "P@g7"},
	// 1.Qg8+ Rxg8 (the knight e7 guards g8) 2.N@f7#.
	{"queen sacrifice and knight drop mate", "crazyhouse", "5r1k/4N1pp/8/8/8/1Q6/8/6K1[N] w - - 0 1", 3, "b3g8"},

	// Antichess: 1.Rc1 and the pawn must take it (any promotion): White has no men left and
	// wins. (Rb1 stalemates the pawn, and a stalemated side wins; elsewhere it promotes.)
	{"forced capture of the last man", "antichess", "8/8/8/8/8/8/1p6/R7 w - - 0 1", 2, "a1c1"},
	// Three-check, White with one check left to give: only Ra8+ checks.
	{"third check", "3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", 1, "a1a8"},
	// Shogi: the gold dropped on e8 is guarded by the pawn e7 and covers every square
	// around the king (a pawn drop could not mate: uchifuzume).
	{"gold drop mate", "shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1", 1, "G@e8"},
	// Janggi: the rook b10 holds the back rank, the rook a9 the rank below; e10 is not a
	// point of the palace lines, so the general has no diagonal step.
	{"two-rook mate", "janggi", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1, "b1b10"},
	// Atomic: Nxe7 blows up the pawns around e7 and the king on e8.
	{"king exploded", "atomic", "4k3/3ppp2/2N5/8/8/8/8/4K3 w - - 0 1", 1, "c6e7"},

	// Chu shogi: the lion takes the king two squares away, by a jump or by two steps (over
	// the gold e6, taking it on the way, or by d6 or f6), whichever way.
	{"lion takes the king", "chushogi", "12/12/12/12/12/4k7/4g7/4N7/12/12/12/11K w - - 0 1", 1, ""},
	// The king e8, boxed in by its own pawns, is three squares from the lion: a move brings
	// the lion two squares from every square the king can reach, and it falls next move.
	{"lion hunts the king in two", "chushogi", "12/12/12/3ppp6/4k7/12/12/4N7/12/12/12/11K w - - 0 1", 3, ""},
}

func TestTactics(t *testing.T) {
	t.Parallel()
	for _, c := range tactics {
		t.Run(c.variant+"/"+c.name, func(t *testing.T) {
			rs := open(t, c.variant)
			p := position(t, rs, c.fen)
			if _, over := verdict(p); over {
				t.Fatalf("the game is over already")
			}
			// The proof, by the plain minimax.
			if c.plies > 1 && winsWithin(p, c.plies-1) {
				t.Fatalf("a win in fewer than %d plies exists", c.plies)
			}
			wins := winningFirstMoves(p, c.plies)
			if len(wins) == 0 {
				t.Fatalf("no forced win in %d plies", c.plies)
			}
			if c.best != "" && !slices.Equal(wins, []string{c.best}) {
				t.Fatalf("winning first moves %v, want only %s", wins, c.best)
			}
			if c.best == "" && len(wins) == 1 {
				t.Fatalf("the win is unique (%s): name it", wins[0])
			}

			// The engine.
			res := search.New(rs, 16).Search(context.Background(), p, search.Limits{Nodes: tacticNodes}, nil)
			if want := search.Mate - c.plies; res.Score != want {
				t.Fatalf("score %d, want %d (a win in %d plies); pv %v, %d nodes",
					res.Score, want, c.plies, coords(p, res.PV), res.Nodes)
			}
			if best := p.Coord(res.Best); !slices.Contains(wins, best) {
				t.Fatalf("best %s, not among the winning moves %v", best, wins)
			}
			if fen := p.FEN(); fen != position(t, rs, c.fen).FEN() {
				t.Fatalf("the search changed the position: %s", fen)
			}
			// The principal variation is legal and ends the game, lost for the side to move.
			if len(res.PV) != c.plies {
				t.Fatalf("pv %v: %d plies, want %d", coords(p, res.PV), len(res.PV), c.plies)
			}
			q := position(t, rs, c.fen)
			for _, m := range res.PV {
				if !slices.Contains(q.LegalMoves(nil), m) {
					t.Fatalf("pv %v: %s is not legal", coords(p, res.PV), q.Coord(m))
				}
				q.Make(m)
			}
			// The game ends lost for the side to move, or won after an even number of plies
			// (the side that started is to move again).
			if o, over := verdict(q); !over || c.plies%2 == 1 && o != compiler.Loss || c.plies%2 == 0 && o != compiler.Win {
				t.Fatalf("pv %v does not end the game won: %s", coords(p, res.PV), q.FEN())
			}

			// The defender's view after the first winning move: lost in exactly plies-1
			// (not sooner, or the first move would have won sooner; lost by the proof).
			if c.plies >= 3 {
				d := position(t, rs, c.fen)
				for _, m := range d.LegalMoves(nil) {
					if d.Coord(m) == wins[0] {
						d.Make(m)
						break
					}
				}
				res := search.New(rs, 16).Search(context.Background(), d, search.Limits{Nodes: tacticNodes}, nil)
				if want := -search.Mate + c.plies - 1; res.Score != want {
					t.Errorf("after %s: defender's score %d, want %d; pv %v", wins[0], res.Score, want, coords(d, res.PV))
				}
			}
		})
	}
}

// coords writes a line of moves from p in coordinates.
func coords(p *interpreter.Position, line []interpreter.Move) []string {
	var out []string
	n := 0
	for _, m := range line {
		out = append(out, p.Coord(m))
		p.Make(m)
		n++
	}
	for ; n > 0; n-- {
		p.Unmake()
	}
	return out
}

// The prover: a plain full-width minimax over the interpreter's legal moves, without
// evaluation, pruning or transposition table. Its only shortcuts are those of the
// quantifiers: "some move wins" stops at the first winning move, "every reply loses" at
// the first reply that does not.

// verdict says whether the game is over in p and, if so, its outcome for the side to
// move: a goal reached by the last move (or a draw by rule), else no legal move at all.
func verdict(p *interpreter.Position) (compiler.Outcome, bool) {
	if end := p.Ended(); end.Over {
		return end.Outcome, true
	}
	if len(p.LegalMoves(nil)) == 0 {
		o, _ := p.NoMoves()
		return o, true
	}
	return 0, false
}

// winsWithin reports whether the side to move in p (a game not over) forces a win within
// plies plies: some move after which the opponent has lost already or, with two plies or
// more, loses whatever it replies within plies-1.
func winsWithin(p *interpreter.Position, plies int) bool {
	if plies < 1 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		ok := losesWithin(p, plies-1)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// losesWithin reports whether the side to move in p loses within plies plies whatever
// it plays: it has lost already, or every move lets the opponent win within plies-1 (a
// reply that ends the game otherwise, a draw or a win of its own, refutes).
func losesWithin(p *interpreter.Position, plies int) bool {
	if o, over := verdict(p); over {
		return o == compiler.Loss
	}
	if plies < 1 {
		return false
	}
	for _, r := range p.LegalMoves(nil) {
		p.Make(r)
		var ok bool
		if o, over := verdict(p); over {
			ok = o == compiler.Win // the reply lost at once (a goal with a loss result)
		} else {
			ok = winsWithin(p, plies-1)
		}
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// winningFirstMoves returns the moves of p, in coordinates, that force a win within
// plies plies.
func winningFirstMoves(p *interpreter.Position, plies int) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		ok := losesWithin(p, plies-1)
		p.Unmake()
		if ok {
			out = append(out, p.Coord(m))
		}
	}
	return out
}
