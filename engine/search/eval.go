// The generic evaluation: material from the definition (or estimated from mobility), mobility-based square tables, pools, goal zones.
package search

import (
	"chimera/compiler"
	"chimera/interpreter"
)

// evaluator holds the tables the evaluation reads, computed once per ruleset.
type evaluator struct {
	rs     *compiler.Ruleset
	value  []int      // per type, centipawns (royal pieces 0)
	square [2][][]int // [color][type][square]: bonus for a piece there
	pool   [][]int    // [pool][type]: the worth of a held man
	// goalDist[c][sq]: king steps from sq to side c's nearest goal square (reach goals),
	// for the goal's counted types goalTypes; nil without reach goals.
	goalDist  [2][]int
	goalTypes uint64
	stunned   int // per cent of its value a piece with an immobile status keeps
	// King safety, where the variant has check: kingZone[sq] is sq and the cells a king
	// step away; royals the royal types. nil without check.
	kingZone []compiler.Bitboard
	royals   []int
	reach    [2][][]compiler.Bitboard // [color][type][square]: cells attacked on an empty board
}

// King safety: a royal piece is in danger when several enemy pieces attack the cells
// around it. The penalty grows with the square of the attacks on the zone, weighted by how
// many different pieces take part (one piece alone is no attack), and fades as the
// attacker's material falls below safetyFull.
const (
	safetyFrom = 700  // the attacker's non-royal material below which it is ignored
	safetyFull = 2500 // and from which it counts in full
	safetyCap  = 500  // the largest penalty, in centipawns
)

var attackWeight = [8]int{0, 0, 50, 75, 88, 94, 97, 99} // per cent, by the number of attackers

// newEvaluator derives the evaluation tables from the compiled ruleset.
func newEvaluator(rs *compiler.Ruleset) *evaluator {
	e := &evaluator{rs: rs, stunned: 100}
	n := rs.NumPieces()
	e.value = make([]int, n)
	mob := make([][]int, n) // [type][square]: White's targets from there on an empty board
	for t := range n {
		pt := rs.Piece(t)
		mob[t] = make([]int, rs.Cells)
		total, squares := 0, 0
		for sq := 0; sq < rs.Cells; sq++ {
			if !rs.Squares.Has(sq) {
				continue
			}
			m := emptyBoardMobility(rs, t, sq)
			mob[t][sq] = m
			total += m
			squares++
		}
		avg := 0
		if squares > 0 {
			avg = total / squares
		}
		switch {
		case pt.Royal:
			e.value[t] = 0
		case pt.Value > 0:
			e.value[t] = pt.Value
		default:
			// No value given: about 40 centipawns per square reached on an empty board
			// (a knight's 5 give 200, a rook's 14 give 560), at least a pawn's worth.
			e.value[t] = max(100, 40*avg)
		}
		for c := compiler.White; c <= compiler.Black; c++ {
			e.square[c] = append(e.square[c], make([]int, rs.Cells))
			for sq := 0; sq < rs.Cells; sq++ {
				if !rs.Squares.Has(sq) {
					continue
				}
				own := sq
				if c == compiler.Black {
					own = rs.SquareAt(rs.FileOf(sq), rs.Ranks-1-rs.RankOf(sq)) // mirrored
				}
				if own < 0 {
					continue
				}
				bonus := 3 * (mob[t][own] - avg) // central squares reach more
				if pr := pt.Promotion; pr != nil {
					bonus += 6 * rs.RankOf(own) // a promoting piece gains by advancing
				}
				if pt.Royal && rs.Check != compiler.CheckNone {
					bonus = -bonus / 2 // a royal piece under check rules is safer at home
				}
				e.square[c][t][sq] = bonus
			}
		}
	}
	if h := rs.Hands; h != nil {
		e.pool = make([][]int, rs.NumPools())
		for pool := range e.pool {
			e.pool[pool] = make([]int, n)
			for t := range n {
				v := e.value[t]
				if h.Enemy(pool) {
					v /= 3 // a hostage is worth what it can buy back
				}
				e.pool[pool][t] = v
			}
		}
	}
	if st := rs.Status; st != nil && st.Immobile {
		e.stunned = 75
	}
	if rs.Check == compiler.CheckRoyalAttacked {
		e.kingSafety()
	}
	e.goals()
	return e
}

// emptyBoardMobility is how many squares a White piece of type t on sq reaches on an
// empty board: its leap targets and the squares of its rides.
func emptyBoardMobility(rs *compiler.Ruleset, t int, sq compiler.Square) int {
	pt := rs.Piece(t)
	n := pt.LeapQuietAt(compiler.White, sq).Or(pt.LeapCaptureAt(compiler.White, sq)).Count()
	for dis, i := pt.Slides(compiler.White), 0; i < dis.Len(); i++ {
		n += rs.Dir(dis.At(i)).RayAt(sq).And(rs.Squares).Count()
	}
	for rides, i := pt.Rides(compiler.White), 0; i < rides.Len(); i++ {
		r := rides.At(i)
		k := rs.Dir(r.Dir).RayAt(sq).And(rs.Squares).Count()
		if r.Max > 0 {
			k = min(k, r.Max)
		}
		n += k
	}
	for paths, i := pt.Paths(compiler.White), 0; i < paths.Len(); i++ {
		n += paths.At(i).ReachAt(sq).Count()
	}
	return n
}

// goals fills the distance tables of reach goals won by the mover.
func (e *evaluator) goals() {
	rs := e.rs
	for i := range rs.NumGoals() {
		g := rs.Goal(i)
		if !g.HasZ || g.Result != compiler.Win || g.Hook != nil {
			continue
		}
		e.goalTypes |= g.Types
		for c := compiler.White; c <= compiler.Black; c++ {
			if e.goalDist[c] == nil {
				e.goalDist[c] = make([]int, rs.Cells)
				for sq := range e.goalDist[c] {
					e.goalDist[c][sq] = 1 << 20
				}
			}
			for sq := 0; sq < rs.Cells; sq++ {
				for z := g.Zone[c]; z.Any(); z = z.Rest() {
					gq := z.First()
					d := max(abs(rs.FileOf(sq)-rs.FileOf(gq)), abs(rs.RankOf(sq)-rs.RankOf(gq)))
					e.goalDist[c][sq] = min(e.goalDist[c][sq], d)
				}
			}
		}
	}
}

// kingSafety fills the king zones and the royal types.
func (e *evaluator) kingSafety() {
	rs := e.rs
	for t := range rs.NumPieces() {
		if rs.Piece(t).Royal {
			e.royals = append(e.royals, t)
		}
	}
	if len(e.royals) == 0 {
		return
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		e.reach[c] = make([][]compiler.Bitboard, rs.NumPieces())
		for t := range rs.NumPieces() {
			e.reach[c][t] = make([]compiler.Bitboard, rs.Cells)
			for sq := 0; sq < rs.Cells; sq++ {
				if rs.Squares.Has(sq) && !rs.Piece(t).Royal {
					e.reach[c][t][sq] = emptyBoardReach(rs, t, c, sq)
				}
			}
		}
	}
	e.kingZone = make([]compiler.Bitboard, rs.Cells)
	for sq := 0; sq < rs.Cells; sq++ {
		if !rs.Squares.Has(sq) {
			continue
		}
		f, r := rs.FileOf(sq), rs.RankOf(sq)
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if f+df < 0 || f+df >= rs.Files || r+dr < 0 || r+dr >= rs.Ranks {
					continue
				}
				if z := rs.SquareAt(f+df, r+dr); z >= 0 && rs.Squares.Has(z) {
					e.kingZone[sq] = e.kingZone[sq].With(z)
				}
			}
		}
	}
}

// emptyBoardReach is the set of cells a piece of type t and colour c on sq attacks on an
// empty board: its capturing leaps, its slides' and rides' rays and its paths' reach.
func emptyBoardReach(rs *compiler.Ruleset, t int, c compiler.Color, sq compiler.Square) compiler.Bitboard {
	pt := rs.Piece(t)
	b := pt.LeapCaptureAt(c, sq)
	for dis, i := pt.Slides(c), 0; i < dis.Len(); i++ {
		b = b.Or(rs.Dir(dis.At(i)).RayAt(sq))
	}
	for rides, i := pt.Rides(c), 0; i < rides.Len(); i++ {
		r := rides.At(i)
		ray := rs.Dir(r.Dir).RayAt(sq).And(rs.Squares)
		if r.Max > 0 {
			var near compiler.Bitboard
			for k := 0; k < r.Max && ray.Any(); k++ { // the ray's cells nearest sq
				next := closest(rs, ray, sq)
				near = near.With(next)
				ray = ray.Without(next)
			}
			ray = near
		}
		b = b.Or(ray)
	}
	for paths, i := pt.Paths(c), 0; i < paths.Len(); i++ {
		b = b.Or(paths.At(i).ReachAt(sq))
	}
	return b.And(rs.Squares)
}

// closest is the cell of b nearest sq (by king steps).
func closest(rs *compiler.Ruleset, b compiler.Bitboard, sq compiler.Square) compiler.Square {
	best, bestD := b.First(), 1<<30
	for ; b.Any(); b = b.Rest() {
		z := b.First()
		if d := max(abs(rs.FileOf(z)-rs.FileOf(sq)), abs(rs.RankOf(z)-rs.RankOf(sq))); d < bestD {
			best, bestD = z, d
		}
	}
	return best
}

// danger turns the attacks on a royal's zone into a penalty: units attacks by n pieces,
// from an attacker with non-royal material mat.
func danger(units, n, mat int) int {
	if n < 2 || mat < safetyFrom {
		return 0
	}
	pen := min(4*units*units*attackWeight[min(n, len(attackWeight)-1)]/100, safetyCap)
	return pen * min(mat, safetyFull) / safetyFull
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// evaluate scores p for the side to move, in centipawns.
func (e *evaluator) evaluate(p *interpreter.Position) int {
	rs := e.rs
	var score, material [2]int
	// King safety: each side's pieces whose empty-board attacks reach the zone around the
	// other side's royal piece (the first, where there are several).
	var zone [2]compiler.Bitboard
	var units, attackers [2]int
	safety := false
	if e.kingZone != nil {
		for c := compiler.White; c <= compiler.Black; c++ {
			for _, t := range e.royals {
				if b := p.Pieces(c^1, t); b.Any() {
					zone[c] = e.kingZone[b.First()]
					safety = true
					break
				}
			}
		}
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		for t := range rs.NumPieces() {
			for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
				sq := b.First()
				v := e.value[t]
				if e.stunned != 100 && p.Status(sq) > 0 {
					v = v * e.stunned / 100
				}
				material[c] += v
				score[c] += v + e.square[c][t][sq]
				if e.goalTypes>>uint(t)&1 != 0 && e.goalDist[c] != nil {
					d := min(e.goalDist[c][sq], 8)
					score[c] += (8 - d) * (8 - d) * 6 // near the goal zone matters more and more
				}
				if safety {
					if k := e.reach[c][t][sq].And(zone[c]).Count(); k > 0 {
						units[c] += k
						attackers[c]++
					}
				}
			}
		}
		for pool := range e.pool {
			for t, v := range e.pool[pool] {
				if n := p.PoolCount(c, pool, t); n > 0 {
					score[c] += n * v
					material[c] += n * v // a man in hand attacks wherever it drops
				}
			}
		}
	}
	if safety {
		for c := compiler.White; c <= compiler.Black; c++ {
			score[c^1] -= danger(units[c], attackers[c], material[c])
		}
	}
	us := p.Side()
	return score[us] - score[us^1] + 10 // a small bonus for the move
}
