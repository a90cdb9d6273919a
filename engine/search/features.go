// The evaluation as a linear function of its weights (for tuning), and the quiet leaf of quiescence.

package search

import (
	"fmt"
	"sync/atomic"

	"chimera/compiler"
	"chimera/engine/nnue"
	"chimera/interpreter"
)

// ParamKind says which term of the evaluation a weight is.
type ParamKind uint8

// The tunable terms.
const (
	ParamValue          ParamKind = iota // a piece type's value
	ParamSquare                          // a piece type's bonus on one square (White's side)
	ParamPool                            // a man of a type held in a pool
	ParamGoalDistance                    // the weight of (8-d)² for goal pieces
	ParamChecksGiven                     // the scale of checks given
	ParamTempo                           // the side to move's bonus
	ParamNearEnemyRoyal                  // a piece type's man within two king steps of an enemy royal man
	ParamNearOwnRoyal                    // the same near its own side's royal man
	ParamPassed                          // the weight of a passed pawn-like man's shape
	ParamStatusValue                     // a piece type's value while a status holds it immobile
	ParamReach                           // a piece type's worth per cell its men could move to (mobility)
	ParamIsolated                        // what an isolated pawn-like man counts against its side
	ParamDoubled                         // what a doubled pawn-like man counts against its side
	ParamPair                            // a colour-bound type's men of one side on cells of both colours
	ParamOpenFile                        // a file-riding man on a file with no pawn-like man
	ParamHalfOpenFile                    // a file-riding man on a file with the enemy's pawn-like men alone
)

// Param is one weight of the evaluation.
type Param struct {
	Kind   ParamKind
	Type   int     // ParamValue, ParamSquare, ParamPool: the piece type
	Square int     // ParamSquare: the cell, seen from White's side
	Pool   int     // ParamPool: the pool
	Start  float64 // the weight the evaluator has now
}

// Feature is one nonzero entry of a position's feature vector.
type Feature struct {
	Index int32
	X     float32
}

// Model writes the evaluation of a ruleset as Σ weight·feature, from White's side: the
// evaluation from the side to move's is that, negated when Black is to move.
type Model struct {
	Params []Param
	e      *evaluator
	value  []int32 // [type]: the index of its value, -1 for none (royal)
	// status: [type]: the index of its value while a status holds it immobile (-1 for
	// royal types; nil without such a status)
	status []int32
	square [][]int32 // [type][cell seen from White]: the index of its bonus there, -1 for none
	pool   [][]int32 // [pool][type]
	// nearEnemy, nearOwn: [type]: the indices of its nearness terms, -1 for none (royal
	// types, variants without royal pieces)
	nearEnemy, nearOwn []int32
	goal               int32 // -1 when the variant has no reach goals
	checks             int32 // -1 without a check counter
	tempo              int32
	passed             int32     // -1 without pawn-like types
	isolated, doubled  int32     // -1 without pawn-like types
	pair               int32     // -1 without colour-bound types
	openFile, halfOpen int32     // -1 without file-riding or pawn-like types
	dense              []float64 // scratch: the features of one position
	seen               []int32
	// reach: [type]: the index of its mobility weight, -1 for types whose reach is not
	// counted; reachOne: scratch weights, 1 for the type counted
	reach    []int32
	reachOne []int
}

// Model returns the linear model of the engine's evaluation, its weights started at the
// evaluator's. Its Features are not safe for concurrent use (one Model a goroutine).
func (e *Engine) Model() *Model {
	ev := e.eval
	rs := e.rs
	m := &Model{e: ev, goal: -1, checks: -1, passed: -1, isolated: -1, doubled: -1, pair: -1, openFile: -1, halfOpen: -1}
	add := func(p Param) int32 {
		m.Params = append(m.Params, p)
		return int32(len(m.Params) - 1)
	}
	n := rs.NumPieces()
	m.value = make([]int32, n)
	m.square = make([][]int32, n)
	for t := range n {
		m.value[t] = -1
		if !rs.Piece(t).Royal {
			m.value[t] = add(Param{Kind: ParamValue, Type: t, Start: float64(ev.value[t])})
		}
	}
	for t := range n {
		m.square[t] = make([]int32, rs.Cells)
		for sq := range rs.Cells {
			m.square[t][sq] = -1
			if rs.Squares.Has(sq) {
				m.square[t][sq] = add(Param{Kind: ParamSquare, Type: t, Square: sq, Start: float64(ev.square[compiler.White][t][sq])})
			}
		}
	}
	m.nearEnemy, m.nearOwn = make([]int32, n), make([]int32, n)
	for t := range n {
		m.nearEnemy[t], m.nearOwn[t] = -1, -1
		if len(ev.royalTypes) > 0 && !rs.Piece(t).Royal {
			m.nearEnemy[t] = add(Param{Kind: ParamNearEnemyRoyal, Type: t, Start: float64(ev.nearEnemy[t])})
			m.nearOwn[t] = add(Param{Kind: ParamNearOwnRoyal, Type: t, Start: float64(ev.nearOwn[t])})
		}
	}
	if ev.statusValue != nil {
		m.status = make([]int32, n)
		for t := range n {
			m.status[t] = -1
			if !rs.Piece(t).Royal {
				m.status[t] = add(Param{Kind: ParamStatusValue, Type: t, Start: float64(ev.statusValue[t])})
			}
		}
	}
	m.pool = make([][]int32, len(ev.pool))
	for pool := range ev.pool {
		m.pool[pool] = make([]int32, n)
		for t := range n {
			m.pool[pool][t] = add(Param{Kind: ParamPool, Type: t, Pool: pool, Start: float64(ev.pool[pool][t])})
		}
	}
	if ev.goalBonus[compiler.White] != nil || ev.goalBonus[compiler.Black] != nil {
		m.goal = add(Param{Kind: ParamGoalDistance, Start: float64(ev.w.GoalDistance)})
	}
	if rs.CheckCounter > 0 {
		m.checks = add(Param{Kind: ParamChecksGiven, Start: float64(ev.w.ChecksGiven)})
	}
	m.tempo = add(Param{Kind: ParamTempo, Start: float64(ev.tempo)})
	if ev.pawnTypes != nil {
		m.passed = add(Param{Kind: ParamPassed, Start: float64(ev.w.Passed)})
		m.isolated = add(Param{Kind: ParamIsolated, Start: float64(ev.w.Isolated)})
		m.doubled = add(Param{Kind: ParamDoubled, Start: float64(ev.w.Doubled)})
	}
	if ev.fileTypes != nil {
		m.openFile = add(Param{Kind: ParamOpenFile, Start: float64(ev.w.OpenFile)})
		m.halfOpen = add(Param{Kind: ParamHalfOpenFile, Start: float64(ev.w.HalfOpenFile)})
	}
	if ev.pairTypes != nil {
		m.pair = add(Param{Kind: ParamPair, Start: float64(ev.w.Pair)})
	}
	m.reach, m.reachOne = make([]int32, n), make([]int, n)
	for t := range n {
		m.reach[t] = -1
		if reaches(rs, t) {
			m.reach[t] = add(Param{Kind: ParamReach, Type: t, Start: float64(ev.reach[t])})
		}
	}
	m.dense = make([]float64, len(m.Params))
	return m
}

// Weights returns the weights the evaluator has now (each Param's Start).
func (m *Model) Weights() []float64 {
	w := make([]float64, len(m.Params))
	for i, p := range m.Params {
		w[i] = p.Start
	}
	return w
}

func (m *Model) put(i int32, x float64) {
	if i < 0 || x == 0 {
		return
	}
	if m.dense[i] == 0 {
		m.seen = append(m.seen, i)
	}
	m.dense[i] += x
}

// Features appends to out the nonzero features of p, White's side.
func (m *Model) Features(p *interpreter.Position, out []Feature) []Feature {
	e, rs := m.e, m.e.rs
	m.seen = m.seen[:0]
	for c := compiler.White; c <= compiler.Black; c++ {
		sign := 1.0
		if c == compiler.Black {
			sign = -1
		}
		for t := range rs.NumPieces() {
			for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
				sq := b.First()
				if m.status != nil && p.Status(sq) > 0 {
					m.put(m.status[t], sign)
				} else {
					m.put(m.value[t], sign)
				}
				own := sq
				if c == compiler.Black {
					own = rs.SquareAt(rs.FileOf(sq), rs.Ranks-1-rs.RankOf(sq))
				}
				if own >= 0 {
					m.put(m.square[t][own], sign)
				}
				if e.goalTypes>>uint(t)&1 != 0 && e.goalDist[c] != nil {
					d := float64(min(e.goalDist[c][sq], 8))
					m.put(m.goal, sign*(8-d)*(8-d))
				}
			}
		}
		if len(e.royalTypes) > 0 {
			own, enemy := e.royalZone(p, c), e.royalZone(p, c^1)
			for t := range rs.NumPieces() {
				b := p.Pieces(c, t)
				m.put(m.nearEnemy[t], sign*float64(b.And(enemy).Count()))
				m.put(m.nearOwn[t], sign*float64(b.And(own).Count()))
			}
		}
		for pool := range m.pool {
			for t := range m.pool[pool] {
				if n := p.PoolCount(c, pool, t); n > 0 {
					m.put(m.pool[pool][t], sign*float64(n))
				}
			}
		}
		if k := rs.CheckCounter; k > 0 {
			given := float64(min(max(k-p.ChecksLeft(c), 0), k))
			m.put(m.checks, sign*given*given*3/float64(k))
		}
		if m.passed >= 0 {
			men := e.pawnMen(p)
			m.put(m.passed, sign*float64(e.passedOf(men, c)))
			iso, dbl := e.structureOf(men, c)
			m.put(m.isolated, -sign*float64(iso))
			m.put(m.doubled, -sign*float64(dbl))
		}
		if m.openFile >= 0 {
			open, half := e.openFilesOf(p, e.fileMasks(e.pawnMen(p)), c)
			m.put(m.openFile, sign*float64(open))
			m.put(m.halfOpen, sign*float64(half))
		}
		if m.pair >= 0 {
			m.put(m.pair, sign*float64(e.pairsOf(p, c)))
		}
	}
	for t, i := range m.reach {
		if i >= 0 {
			m.reachOne[t] = 1
			r := p.Reach(m.reachOne, e.reachCenter)
			m.reachOne[t] = 0
			m.put(i, float64(r[compiler.White]-r[compiler.Black]))
		}
	}
	if p.Side() == compiler.White {
		m.put(m.tempo, 1)
	} else {
		m.put(m.tempo, -1)
	}
	for _, i := range m.seen {
		if x := m.dense[i]; x != 0 {
			out = append(out, Feature{Index: i, X: float32(x)})
		}
		m.dense[i] = 0
	}
	return out
}

// Evaluate is the static evaluation of p, for the side to move, in centipawns.
func (e *Engine) Evaluate(p *interpreter.Position) int {
	if e.net != nil {
		var a nnue.Accumulator
		e.net.Refresh(p, &a)
		if e.netAdds {
			return e.eval.evaluate(p, nil) + e.net.Evaluate(&a, p.Side())
		}
		return e.net.Evaluate(&a, p.Side())
	}
	return e.eval.evaluate(p, nil)
}

// QuietLeaf runs quiescence on p (not in check) with an open window and returns the
// moves of its principal variation: p after them is the quiet position whose static
// evaluation quiescence scores p by. p is restored. It uses the main thread's state.
func (e *Engine) QuietLeaf(p *interpreter.Position) ([]interpreter.Move, error) {
	if p.InCheck() {
		return nil, fmt.Errorf("the side to move is in check")
	}
	w := e.workers[0]
	e.limits = Limits{}
	e.hard = 0
	e.stop.Store(false)
	atomic.StoreInt64(&w.nodes, 0)
	w.halt = nil
	w.p = p
	w.refresh()
	w.quiesce(0, -infinity, infinity, 0)
	return append([]interpreter.Move(nil), w.pv[0][:w.pvLen[0]]...), nil
}
