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
	// nearGoal[c][t]: the cells from which a piece of goal type t of side c reaches one
	// of c's goal cells in one move on an empty board (quiescence looks at goal moves
	// only from there).
	nearGoal [2][]compiler.Bitboard
	stunned  int // per cent of its value a piece with an immobile status keeps
}

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
					v /= 3 // an enemy man held is worth what it can buy back
				}
				e.pool[pool][t] = v
			}
		}
	}
	if st := rs.Status; st != nil && st.Immobile {
		e.stunned = 75
	}
	e.giveaway()
	e.goals()
	e.fillNearGoal()
	return e
}

// giveaway turns material around where a goal rewards losing men: a side that loses a
// kind of men (all its men, or its royal) wins by it, so each man of those
// kinds counts against its side.
func (e *evaluator) giveaway() {
	for gls, i := e.rs.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Extinct == 0 || g.Own != (g.Result == compiler.Win) {
			continue // being left without those men is no good for the side left
		}
		for t := range e.value {
			if g.Extinct>>uint(t)&1 != 0 && e.value[t] > 0 {
				e.value[t] = -e.value[t]
			}
		}
	}
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

// fillNearGoal fills nearGoal from goalDist.
func (e *evaluator) fillNearGoal() {
	rs := e.rs
	for c := compiler.White; c <= compiler.Black; c++ {
		if e.goalDist[c] == nil {
			continue
		}
		var zone compiler.Bitboard
		for sq := 0; sq < rs.Cells; sq++ {
			if rs.Squares.Has(sq) && e.goalDist[c][sq] == 0 {
				zone = zone.With(sq)
			}
		}
		e.nearGoal[c] = make([]compiler.Bitboard, rs.NumPieces())
		for t := range rs.NumPieces() {
			if e.goalTypes>>uint(t)&1 == 0 {
				continue
			}
			for sq := 0; sq < rs.Cells; sq++ {
				if rs.Squares.Has(sq) && emptyBoardReach(rs, t, c, sq).Meets(zone) {
					e.nearGoal[c][t] = e.nearGoal[c][t].With(sq)
				}
			}
		}
	}
}

// emptyBoardReach is a superset of the cells a piece of type t and side c on sq moves to
// on an empty board: its leaps, and its slides', rides' (whole rays) and paths' reach.
func emptyBoardReach(rs *compiler.Ruleset, t int, c compiler.Color, sq compiler.Square) compiler.Bitboard {
	pt := rs.Piece(t)
	b := pt.LeapQuietAt(c, sq).Or(pt.LeapCaptureAt(c, sq))
	for dis, i := pt.Slides(c), 0; i < dis.Len(); i++ {
		b = b.Or(rs.Dir(dis.At(i)).RayAt(sq))
	}
	for rides, i := pt.Rides(c), 0; i < rides.Len(); i++ {
		b = b.Or(rs.Dir(rides.At(i).Dir).RayAt(sq))
	}
	for paths, i := pt.Paths(c), 0; i < paths.Len(); i++ {
		b = b.Or(paths.At(i).ReachAt(sq))
	}
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkGiven scales the worth of the checks a side has given where checks are counted
// (see evaluate).
const checkGiven = 100

// evaluate scores p for the side to move, in centipawns.
func (e *evaluator) evaluate(p *interpreter.Position) int {
	rs := e.rs
	var score [2]int
	for c := compiler.White; c <= compiler.Black; c++ {
		for t := range rs.NumPieces() {
			for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
				sq := b.First()
				v := e.value[t]
				if e.stunned != 100 && p.Status(sq) > 0 {
					v = v * e.stunned / 100
				}
				score[c] += v + e.square[c][t][sq]
				if e.goalTypes>>uint(t)&1 != 0 && e.goalDist[c] != nil {
					d := min(e.goalDist[c][sq], 8)
					score[c] += (8 - d) * (8 - d) * 6 // near the goal zone matters more and more
				}
			}
		}
		for pool := range e.pool {
			for t, v := range e.pool[pool] {
				if n := p.PoolCount(c, pool, t); n > 0 {
					score[c] += n * v
				}
			}
		}
		if k := rs.CheckCounter; k > 0 {
			// Checks given, worth more as the last one nears: 1 left of 3 is far more
			// than 2 left.
			given := k - p.ChecksLeft(c)
			score[c] += checkGiven * given * given * 3 / k
		}
	}
	us := p.Side()
	return score[us] - score[us^1] + 10 // a small bonus for the move
}
