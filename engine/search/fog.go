// Play under fog of war without looking through the fog: sample the positions the side to
// move's view could be of, search each, and vote.

package search

import (
	"context"
	"math/rand/v2"
	"time"

	"chimera/compiler"
	"chimera/interpreter"
)

// FogSamples is how many positions FogMove searches by default.
const FogSamples = 12

// FogMove chooses a move for the side to move of p, under the ruleset's fog, from what
// that side knows: its view (interpreter.View) and how many men of each type the opponent
// has (as chess.com shows the men taken; a promotion in the fog is counted as its new
// type). It fills the fogged cells samples ways at random with the opponent's men not in
// sight, each on a fogged cell where a man of its type stands at the start half the time
// (a man not seen has often not moved: BENCHMARKS.md measures the guess), on any fogged
// cell else (a filling that would put one in sight, or that the rules refuse, is drawn again),
// searches each filled position with lim (its move time, nodes or clocks shared among
// them: a move costs what one search of lim costs), and plays the
// move most searches chose (ties: the best summed score) among p's legal moves. The same
// view, counts and seed give the same move, whatever stands in the fog. Without fog it is
// Search.
func (e *Engine) FogMove(ctx context.Context, p *interpreter.Position, lim Limits, samples int, seed uint64) Result {
	rs := p.Ruleset()
	if rs.Fog == nil {
		return e.Search(ctx, p, lim, nil)
	}
	legal := p.LegalMoves(nil)
	if len(legal) == 0 {
		return Result{}
	}
	us := p.Side()
	view, err := p.View(us)
	if err != nil {
		// A view made from a position always reads (TestFogViewsAgainstNaive).
		return Result{Best: legal[0]}
	}
	// The opponent's men out of sight, by type.
	var hidden []interpreter.Piece
	for t := range rs.NumPieces() {
		n := p.Pieces(us^1, t).Count() - view.Position.Pieces(us^1, t).Count()
		for range n {
			hidden = append(hidden, interpreter.MakePiece(t, us^1))
		}
	}
	var fogged []compiler.Square
	for b := view.Fogged; b.Any(); b = b.Rest() {
		fogged = append(fogged, b.First())
	}
	var home map[interpreter.Piece][]compiler.Square
	if !e.fogSpread {
		home = fogHomes(rs, us^1, view.Fogged)
	}
	samples = max(samples, 1)
	per := lim
	// The move's budget is shared among the samples: its time, its nodes, or its share
	// of the clocks (each sample's clocks a samples-th of them).
	n := time.Duration(samples)
	if lim.MoveTime > 0 {
		per.MoveTime = max(lim.MoveTime/n, time.Millisecond)
	}
	if lim.Nodes > 0 {
		per.Nodes = max(lim.Nodes/int64(samples), 1)
	}
	for c := range per.Time {
		if per.Time[c] > 0 {
			per.Time[c] = max(per.Time[c]/n, time.Millisecond)
		}
		per.Inc[c] /= n
	}
	rng := rand.New(rand.NewPCG(seed, uint64(p.FullMove())))
	votes := map[string]int{}
	scores := map[string]int{}
	var best Result
	searched := 0
	for range samples {
		q := fogFill(view, hidden, fogged, home, rng)
		if q == nil {
			continue
		}
		res := e.Search(ctx, q, per, nil)
		if res.Best == interpreter.NoMove {
			continue
		}
		key := q.Coord(res.Best)
		votes[key]++
		scores[key] += res.Score
		searched++
		best.Depth = max(best.Depth, res.Depth)
		best.Nodes += res.Nodes
		if ctx.Err() != nil {
			break
		}
	}
	top, topVotes, topScore := interpreter.NoMove, 0, 0
	for _, m := range legal {
		k := p.Coord(m)
		if v := votes[k]; v > topVotes || (v == topVotes && v > 0 && scores[k] > topScore) {
			top, topVotes, topScore = m, v, scores[k]
		}
	}
	if top == interpreter.NoMove {
		// No sample could be searched (or none chose a move legal here): a full search of
		// the view alone, the fog empty.
		if res := e.Search(ctx, view.Position, per, nil); res.Best != interpreter.NoMove {
			for _, m := range legal {
				if p.Coord(m) == view.Position.Coord(res.Best) {
					top = m
				}
			}
		}
		if top == interpreter.NoMove {
			top = legal[0]
		}
	}
	best.Best = top
	if topVotes > 0 {
		best.Score = topScore / topVotes
	}
	return best
}

// fogFill puts the hidden men on fogged cells at random so that the view's side still sees
// none of them, or returns nil after a few tries.
func fogFill(view *interpreter.View, hidden []interpreter.Piece, fogged []compiler.Square, home map[interpreter.Piece][]compiler.Square, rng *rand.Rand) *interpreter.Position {
	if len(hidden) > len(fogged) {
		return nil
	}
	men := make(map[compiler.Square]interpreter.Piece, len(hidden))
	var buf []interpreter.Move
	for range 64 {
		clear(men)
		rng.Shuffle(len(fogged), func(i, j int) { fogged[i], fogged[j] = fogged[j], fogged[i] })
		next := 0
		for _, pc := range hidden {
			if cells := home[pc]; len(cells) > 0 && rng.IntN(2) == 0 {
				if sq := cells[rng.IntN(len(cells))]; men[sq] == interpreter.NoPiece {
					men[sq] = pc
					continue
				}
			}
			for next < len(fogged) && men[fogged[next]] != interpreter.NoPiece {
				next++
			}
			if next == len(fogged) {
				break
			}
			men[fogged[next]] = pc
		}
		q, err := view.Fill(men)
		if err != nil {
			continue
		}
		var seen compiler.Bitboard
		seen, buf = q.Seen(view.Viewer, buf)
		if !seen.Meets(view.Fogged) {
			return q
		}
	}
	return nil
}

// fogHomes lists, by man of side c, the fogged cells where such a man stands at the
// default setup's start.
func fogHomes(rs *compiler.Ruleset, c compiler.Color, fogged compiler.Bitboard) map[interpreter.Piece][]compiler.Square {
	fen, _, err := interpreter.SetupFEN(rs, "")
	if err != nil {
		return nil
	}
	start, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return nil
	}
	home := map[interpreter.Piece][]compiler.Square{}
	for t := range rs.NumPieces() {
		for b := start.Pieces(c, t).And(fogged); b.Any(); b = b.Rest() {
			pc := interpreter.MakePiece(t, c)
			home[pc] = append(home[pc], b.First())
		}
	}
	return home
}
