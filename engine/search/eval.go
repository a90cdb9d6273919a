// The generic evaluation: material from the definition (or estimated from mobility), mobility-based square tables, pools, goal zones.
package search

import (
	"chimera/compiler"
	"chimera/defs"
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
	// goalBonus[c][sq]: the bonus of a goal piece of side c on sq (from goalDist).
	goalBonus [2][]int
	// checkBonus[n]: the worth of n checks given (rules.check-counter).
	checkBonus []int
	tempo      int // the side to move's bonus
	w          weights
	// nearEnemy[t], nearOwn[t]: what a man of type t counts while within two king steps
	// (nearZone) of an enemy royal man, or of one of its own side's; nearAny: some is not 0.
	nearEnemy, nearOwn []int
	nearZone           []compiler.Bitboard
	royalTypes         []int
	nearAny            bool
	// weights: the values, square tables, goal bonuses and pool values as the
	// interpreter's Weights, which a searched position sums as it goes (nil where a
	// man's status changes its worth).
	weights *interpreter.Weights
}

// weights are the generic terms' weights, from the definition's evaluation: section or
// the defaults.
type weights struct {
	Mobility     int // centipawns per square reached above the average, in derived square tables
	Advance      int // centipawns per rank of a promoting piece, in derived square tables
	GoalDistance int // (8-d)² times this for a goal piece d king steps from its zone
	ChecksGiven  int // the scale of the checks given
	Tempo        int // the side to move's bonus
}

// defaultWeights are the weights of a definition without an evaluation: section.
var defaultWeights = weights{Mobility: 3, Advance: 6, GoalDistance: 6, ChecksGiven: checkGiven, Tempo: 10}

// weightsOf returns the weights the definition's evaluation: section sets over the defaults.
func weightsOf(ev *defs.Evaluation) weights {
	w := defaultWeights
	if ev == nil {
		return w
	}
	for _, t := range []struct {
		x  *int
		to *int
	}{{ev.Mobility, &w.Mobility}, {ev.Advance, &w.Advance}, {ev.GoalDistance, &w.GoalDistance}, {ev.ChecksGiven, &w.ChecksGiven}, {ev.Tempo, &w.Tempo}} {
		if t.x != nil {
			*t.to = *t.x
		}
	}
	return w
}

// newEvaluator derives the evaluation tables from the compiled ruleset.
func newEvaluator(rs *compiler.Ruleset) *evaluator {
	var ev *defs.Evaluation
	if rs.Def != nil {
		ev = rs.Def.Evaluation
	}
	e := &evaluator{rs: rs, stunned: 100, w: weightsOf(ev)}
	e.tempo = e.w.Tempo
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
				bonus := e.w.Mobility * (mob[t][own] - avg) // central squares reach more
				if pr := pt.Promotion; pr != nil {
					bonus += e.w.Advance * rs.RankOf(own) // a promoting piece gains by advancing
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
	e.nearEnemy, e.nearOwn = make([]int, n), make([]int, n)
	for t := range n {
		if rs.Piece(t).Royal {
			e.royalTypes = append(e.royalTypes, t)
		}
	}
	if len(e.royalTypes) > 0 {
		e.nearZone = make([]compiler.Bitboard, rs.Cells)
		for sq := range rs.Cells {
			for to := range rs.Cells {
				if to != sq && rs.Squares.Has(to) && max(abs(rs.FileOf(to)-rs.FileOf(sq)), abs(rs.RankOf(to)-rs.RankOf(sq))) <= 2 {
					e.nearZone[sq] = e.nearZone[sq].With(to)
				}
			}
		}
	}
	e.giveaway()
	e.tuned(ev)
	e.goals()
	e.fillNearGoal()
	if k := rs.CheckCounter; k > 0 {
		// Checks given, worth more as the last one nears: 1 left of 3 is far more
		// than 2 left.
		e.checkBonus = make([]int, k+1)
		for given := range e.checkBonus {
			e.checkBonus[given] = e.w.ChecksGiven * given * given * 3 / k
		}
	}
	if e.stunned == 100 || rs.Mechanisms&compiler.MechStatus == 0 {
		e.weights = interpreter.NewWeights(rs, e.manWorth, func(_ compiler.Color, pool, t int) int { return e.pool[pool][t] })
	}
	return e
}

// manWorth is what a man of side c and type t counts on sq: its value, its square's bonus
// and, for a goal piece, its nearness to the goal.
func (e *evaluator) manWorth(c compiler.Color, t int, sq compiler.Square) int {
	v := e.value[t] + e.square[c][t][sq]
	if e.goalTypes>>uint(t)&1 != 0 && e.goalBonus[c] != nil {
		v += e.goalBonus[c][sq]
	}
	return v
}

// tuned lays the values, square tables and pool values of the definition's evaluation:
// section over the derived ones. A value given is counted as written (giveaway does not
// turn it around).
func (e *evaluator) tuned(ev *defs.Evaluation) {
	if ev == nil {
		return
	}
	rs := e.rs
	for letter, ep := range ev.Pieces {
		t := rs.TypeOfText(letter)
		if t < 0 || ep == nil {
			continue
		}
		if ep.Value != nil && !rs.Piece(t).Royal {
			e.value[t] = *ep.Value
		}
		if len(e.royalTypes) > 0 && !rs.Piece(t).Royal {
			if ep.NearEnemyRoyal != nil {
				e.nearEnemy[t] = *ep.NearEnemyRoyal
			}
			if ep.NearOwnRoyal != nil {
				e.nearOwn[t] = *ep.NearOwnRoyal
			}
			e.nearAny = e.nearAny || e.nearEnemy[t] != 0 || e.nearOwn[t] != 0
		}
		if ep.Squares == nil {
			continue
		}
		for c := compiler.White; c <= compiler.Black; c++ {
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
				if row := rs.Ranks - 1 - rs.RankOf(own); row < len(ep.Squares) && rs.FileOf(own) < len(ep.Squares[row]) {
					e.square[c][t][sq] = ep.Squares[row][rs.FileOf(own)]
				}
			}
		}
	}
	pools := rs.Pools()
	for pool := range e.pool {
		for letter, v := range ev.Pools[pools[pool]] {
			if t := rs.TypeOfText(letter); t >= 0 {
				e.pool[pool][t] = v
			}
		}
	}
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
	for c := compiler.White; c <= compiler.Black; c++ {
		if e.goalDist[c] == nil {
			continue
		}
		e.goalBonus[c] = make([]int, rs.Cells)
		for sq, d := range e.goalDist[c] {
			d = min(d, 8)
			e.goalBonus[c][sq] = (8 - d) * (8 - d) * e.w.GoalDistance // near the goal zone matters more and more
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
	score, weighed := p.Weighed(e.weights)
	for c := compiler.White; c <= compiler.Black && !weighed; c++ {
		for t := range rs.NumPieces() {
			for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
				sq := b.First()
				v := e.value[t]
				if e.stunned != 100 && p.Status(sq) > 0 {
					v = v * e.stunned / 100
				}
				score[c] += v + e.square[c][t][sq]
				if e.goalTypes>>uint(t)&1 != 0 && e.goalBonus[c] != nil {
					score[c] += e.goalBonus[c][sq]
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
	}
	if k := rs.CheckCounter; k > 0 {
		for c := compiler.White; c <= compiler.Black; c++ {
			score[c] += e.checkBonus[min(max(k-p.ChecksLeft(c), 0), k)]
		}
	}
	if e.nearAny {
		zone := [2]compiler.Bitboard{e.royalZone(p, compiler.White), e.royalZone(p, compiler.Black)}
		for c := compiler.White; c <= compiler.Black; c++ {
			for t := range rs.NumPieces() {
				if e.nearEnemy[t] == 0 && e.nearOwn[t] == 0 {
					continue
				}
				b := p.Pieces(c, t)
				score[c] += e.nearEnemy[t]*b.And(zone[c^1]).Count() + e.nearOwn[t]*b.And(zone[c]).Count()
			}
		}
	}
	us := p.Side()
	return score[us] - score[us^1] + e.tempo // a small bonus for the move
}

// royalZone is the set of cells within two king steps of side c's royal men.
func (e *evaluator) royalZone(p *interpreter.Position, c compiler.Color) compiler.Bitboard {
	var z compiler.Bitboard
	for _, t := range e.royalTypes {
		for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
			z = z.Or(e.nearZone[b.First()])
		}
	}
	return z
}
