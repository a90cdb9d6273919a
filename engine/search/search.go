// Package search is Chimera's game-tree search for any compiled variant: iterative deepening
// principal-variation search with a transposition table, quiescence, move ordering and
// pruning switched by what the ruleset's mechanisms allow.
package search

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/nnue"
	"chimera/interpreter"
)

// Score values: a decided game is worth Mate minus its distance in plies.
const (
	Mate     = 30000
	MateSpan = 1000 // scores beyond Mate-MateSpan are decided games
	infinity = 32000
	maxPly   = 128
)

// DefaultContempt is the engines' Contempt option's default; MaxContempt bounds it.
const (
	DefaultContempt = 0
	MaxContempt     = 1000
)

// Limits bound a search; zero fields do not limit.
type Limits struct {
	Depth           int
	Nodes           int64
	MoveTime        time.Duration
	Time, Inc       [2]time.Duration // clock and increment per side (White, Black)
	MovesToGo       int
	Infinite        bool
	MultiPV         int
	SearchMovesOnly []interpreter.Move // restrict the root to these moves
	// Level plays weaker (1 the weakest, up to MaxLevel-1): a shallower search and a pick
	// among the best root moves by noise (see level.go). 0 or MaxLevel: full strength.
	Level int
	// Contempt: what a draw costs the side to move at the root, in centipawns (a draw
	// scores −Contempt for it and +Contempt for its opponent); 0 scores draws even.
	Contempt int
}

// Info is one report of the search: after each completed iteration (or line of MultiPV).
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           int // for the side to move at the root
	Nodes           int64
	Time            time.Duration
	PV              []interpreter.Move
	Bound           Bound
}

// Bound says whether a score is exact or a bound.
type Bound uint8

// Bounds.
const (
	BoundNone Bound = iota
	BoundLower
	BoundUpper
	BoundExact
)

// Result is the outcome of a search.
type Result struct {
	Best, Ponder interpreter.Move
	Score        int
	Depth        int
	Nodes        int64
	PV           []interpreter.Move
}

// Engine searches positions of one ruleset; it keeps its transposition table between
// searches. With more than one thread (SetThreads) helper threads search the same root
// on copies of the position, sharing the table (lazy SMP); the main thread's result is
// the answer. One search runs at a time; its caller stops it by cancelling its context.
type Engine struct {
	rs      *compiler.Ruleset
	eval    *evaluator
	tt      *table
	caps    capabilities
	stop    atomic.Bool // the running search must end: cancelled, or a limit reached
	limits  Limits
	root    compiler.Color // the side to move at the root (for contempt)
	start   time.Time
	soft    time.Duration // stop starting iterations after this
	hard    time.Duration // stop searching after this
	workers []*worker     // workers[0] is the main thread
	rng     *rand.Rand    // a level's noise
	// fogSpread: FogMove spreads the hidden men evenly over the fog, rather than guessing
	// them on their start cells half the time (the default, which plays better:
	// TestFogHomePriorMeasured).
	fogSpread bool
	net       *nnue.Net // the definition's network, which evaluates in place of eval; nil without one
	netAdds   bool      // the network's score is added to eval's rather than standing for it
}

// worker is one search thread: its position and what it learns while searching.
type worker struct {
	*Engine
	p           *interpreter.Position
	nodes       int64        // read by other goroutines: atomic
	halt        *atomic.Bool // a helper thread's: set when it must stop (nil for the main thread)
	bufs        [maxPly + 1][]interpreter.Move
	scores      [maxPly + 1][]int32
	killers     [maxPly + 1][2]interpreter.Move
	history     []int32 // [color][from][to] on boards of up to 256 cells
	pv          [maxPly + 1][maxPly + 1]interpreter.Move
	pvLen       [maxPly + 1]int
	seldep      int
	rootDepth   int                // the depth of the iteration being searched
	qNodes      int                // nodes of the quiescence tree being searched (from its root at qdepth 0)
	rootRaised  bool               // the root's search of this iteration has a best move (pv[0] is its line)
	rootExc     []interpreter.Move // MultiPV: root moves already reported at this depth
	quiet       []interpreter.Move // quiescence's scratch list of quiet moves
	passedCache passedCache        // nil where the evaluation counts no pawn-like men (pawnTerms)
	// acc[top]: the network's sums of the position (when the engine evaluates with one),
	// one per move made from the root; changes: the scratch list of a move's changes.
	acc     []nnue.Accumulator
	top     int
	changes []interpreter.Change
}

// New returns an engine for rs with a transposition table of about hashMB megabytes,
// searching with one thread.
func New(rs *compiler.Ruleset, hashMB int) *Engine {
	e := &Engine{rs: rs, eval: newEvaluator(rs), tt: newTable(hashMB), caps: capabilitiesOf(rs), rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0)),
		net: nnue.New(rs)}
	e.netAdds = e.net != nil && e.net.Adds()
	e.SetThreads(1)
	return e
}

func newWorker(e *Engine) *worker {
	w := &worker{Engine: e}
	w.history = make([]int32, 2*e.rs.Cells*e.rs.Cells)
	w.quiet = make([]interpreter.Move, 0, 512)
	if e.net != nil {
		w.acc = make([]nnue.Accumulator, maxPly+2)
		w.changes = make([]interpreter.Change, 0, 64)
	}
	if e.eval.pawnTerms() {
		w.passedCache = newPassedCache()
	}
	for i := range w.bufs {
		w.bufs[i] = make([]interpreter.Move, 0, 512)
		w.scores[i] = make([]int32, 0, 512)
	}
	return w
}

// SetThreads sets the number of search threads (at least 1); the main thread keeps what
// it has learnt.
func (e *Engine) SetThreads(n int) {
	n = max(n, 1)
	if len(e.workers) == 0 {
		e.workers = append(e.workers, newWorker(e))
	}
	for len(e.workers) < n {
		e.workers = append(e.workers, newWorker(e))
	}
	e.workers = e.workers[:n]
}

// Threads is the number of search threads.
func (e *Engine) Threads() int { return len(e.workers) }

// Resize replaces the transposition table with one of about hashMB megabytes.
func (e *Engine) Resize(hashMB int) { e.tt = newTable(hashMB) }

// Clear forgets the transposition table and the move-ordering statistics (a new game):
// afterwards the engine searches exactly as a new one does.
func (e *Engine) Clear() {
	e.tt.clear()
	for _, w := range e.workers {
		clear(w.history)
		w.killers = [maxPly + 1][2]interpreter.Move{}
	}
}

// Nodes is the number of nodes searched so far by the current or last search.
func (e *Engine) Nodes() int64 {
	var n int64
	for _, w := range e.workers {
		n += atomic.LoadInt64(&w.nodes)
	}
	return n
}

// capabilities are the prunings the ruleset's mechanisms allow.
type capabilities struct {
	nullMove bool // zugzwang is rare: there is a check rule, no pools, no inverted check
	futility bool // a quiet move cannot end the game at once (no goals it could reach)
	// reverseFutility: futility, and material is worth what it counts (no counting rule
	// that draws a won ending unless it is mated in time)
	reverseFutility bool
	quiescence      bool // some moves are quiet, so following captures reaches a quiet position
	// badCaptures: a capture only takes the man on its target (no capture effects, no
	// compulsory capture), the royal may not be left attacked and no counting rule turns
	// a material lead into a draw: quiescence may skip a capture losingCapture calls
	// losing, and the order puts it after the killers. (Under a counting rule all 20
	// self-play games of TestNewRulesSelfplay were drawn with it.)
	badCaptures bool
	// exchange: a man taken leaves the game (there are no pools), so where badCaptures
	// lets losingCapture judge captures it plays out the exchange on the cell. Where a man
	// taken goes to a pool it does not: weighing it there lost in hostage chess and was
	// even in crazyhouse (docs/matches.md).
	exchange bool
	// hitRoyals: the royal types whose hit wins the game for the mover where there is no
	// check rule (a king captured or stunned ends it); 0 elsewhere. The rule that makes a
	// check a forced reply is missing there, the threat is not: a node whose side to move
	// has such a man attacked is searched as a node in check is (extended, so never stood
	// pat on at the horizon; moves giving it are not reduced), and hits are tried first.
	hitRoyals uint64
	// checkExtension: a node in check is searched one ply deeper.
	checkExtension bool
}

func capabilitiesOf(rs *compiler.Ruleset) capabilities {
	m := rs.Mechanisms
	goals := m.Meets(compiler.Mechs(compiler.MechZoneGoal, compiler.MechHookGoal, compiler.MechHitGoal, compiler.MechStandingGoal))
	// No null move where passing is never like a real move: captures compulsory, checks
	// forbidden (zugzwang is the rule there).
	return capabilities{
		nullMove: rs.Check == compiler.CheckRoyalAttacked && rs.Hands == nil && !m.Meets(compiler.MechStatus) && !goals &&
			!rs.MustCapture && !rs.NoGivingCheck && rs.Turns == nil,
		futility:        !goals && rs.Check != compiler.CheckNone,
		reverseFutility: !goals && rs.Check != compiler.CheckNone && rs.Counting == nil,
		quiescence:      !capturesOnly(rs.Def),
		badCaptures: rs.Check == compiler.CheckRoyalAttacked && !rs.CaptureEffects && !rs.MustCapture && !rs.Explode &&
			!m.Meets(compiler.MechStatus) && rs.Counting == nil,
		exchange:  rs.Hands == nil,
		hitRoyals: hitRoyals(rs),
		// Where a king is in check whenever the opponent's next turn of several moves
		// could take it, most positions are checks: extending them all never ends.
		checkExtension: rs.Turns == nil || !rs.Turns.TurnCheck,
	}
}

// hitRoyals is the set of royal types a mover wins by hitting, where there is no check
// rule.
func hitRoyals(rs *compiler.Ruleset) uint64 {
	if rs.Check != compiler.CheckNone {
		return 0
	}
	var ts uint64
	for i := range rs.NumGoals() {
		if g := rs.Goal(i); g.Result == compiler.Win && g.Hook == nil && !g.HasZ {
			ts |= g.Hit & rs.RoyalTypes
		}
	}
	return ts
}

// inCheck reports whether the side to move is in check, or, where there is no check rule
// and hitting a royal man wins (hitRoyals), has such a man attacked.
func (e *worker) inCheck(p *interpreter.Position) bool {
	if e.caps.hitRoyals == 0 {
		return p.InCheck()
	}
	us := p.Side()
	for ts := e.caps.hitRoyals; ts != 0; ts &= ts - 1 {
		t := bits.TrailingZeros64(ts)
		for b := p.Pieces(us, t); b.Any(); b = b.Rest() {
			if p.Attackers(b.First(), us^1).Any() {
				return true
			}
		}
	}
	return false
}

// capturesOnly reports whether every move of the variant captures: each atom of each piece
// is a leap or ride that only captures, and there is neither castling nor a pool to drop
// from (Clobber). Quiescence, which follows captures until none is left, would search such
// a game to its end; it stands pat instead.
func capturesOnly(def *defs.Definition) bool {
	if def == nil || def.Castling != nil || def.Hands != nil {
		return false
	}
	for _, pc := range def.Pieces {
		for _, a := range pc.Moves {
			if a.Path != nil || a.Mode != "capture" && a.Mode != "capture-royal" {
				return false
			}
		}
	}
	return true
}

// Search looks for the best move in p within lim, calling report after each iteration,
// until a limit is reached or ctx is done (the caller's way to stop it, from any
// goroutine; one done before the search starts ends it at once, with the first root
// move unless an iteration completed). An infinite search (lim.Infinite) that ends its
// iterations without a limit reached waits for ctx to be done. p is restored when it
// returns.
func (e *Engine) Search(ctx context.Context, p *interpreter.Position, lim Limits, report func(Info)) Result {
	e.limits = lim
	e.root = p.Side()
	// The context's cancellation sets the stop flag that the threads look at anyway, so
	// the search pays nothing to watch it. The flag is this search's until Search returns:
	// a cancellation being handled then is waited for, so that it cannot stop the next.
	e.stop.Store(ctx.Err() != nil)
	fired := make(chan struct{})
	unwatch := context.AfterFunc(ctx, func() { e.stop.Store(true); close(fired) })
	defer func() {
		if !unwatch() {
			<-fired
		}
	}()
	for _, w := range e.workers {
		atomic.StoreInt64(&w.nodes, 0)
	}
	e.start = time.Now()
	e.soft, e.hard = e.budget(p.Side(), p.TurnMoves()-p.TurnPart())
	e.tt.age++

	if e.net != nil && !e.netAdds {
		p.Weigh(nil) // the network keeps its own sums
	} else {
		p.Weigh(e.eval.weights) // the evaluation's sums follow the moves (helpers' clones too)
	}
	root := p.LegalMoves(nil)
	if len(lim.SearchMovesOnly) > 0 {
		root = filterMoves(root, lim.SearchMovesOnly)
	}
	if len(root) == 0 {
		return Result{}
	}
	var helpers sync.WaitGroup
	var halt atomic.Bool // the main thread is done: helpers stop
	for i, w := range e.workers[1:] {
		w.p = p.Clone() // here: the main thread changes p as soon as it searches
		helpers.Add(1)
		go func() {
			defer helpers.Done()
			w.iterate(root, 2+i%2, &halt, nil) // helpers start deeper, by turns
		}()
	}
	main := e.workers[0]
	main.p = p
	res := main.iterate(root, 1, nil, report)
	halt.Store(true)
	helpers.Wait()
	if lim.Infinite && !e.stop.Load() {
		<-ctx.Done() // UCI: an infinite search waits for stop
	}
	res.Nodes = e.Nodes()
	return res
}

// iterate is iterative deepening from depth first on, reporting each completed line.
// A helper thread (halt set) reports nothing and stops when halt is set.
func (w *worker) iterate(root []interpreter.Move, first int, halt *atomic.Bool, report func(Info)) Result {
	e, lim := w.Engine, w.limits
	w.halt = halt
	w.refresh()
	for i := range w.history {
		w.history[i] /= 8
	}
	res := Result{Best: root[0]}
	maxDepth := maxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxPly-1)
	}
	multi := max(lim.MultiPV, 1)
	shown := multi // lines reported
	spec, levelled := levelOf(lim)
	if levelled {
		maxDepth = min(maxDepth, spec.depth)
		multi = max(multi, spec.lines)
	}
	if halt != nil {
		multi, levelled = 1, false
	}
	var lines, done []rootLine // a level's lines: this iteration's, the last one completed
	prev := 0
	for depth := first; depth <= maxDepth; depth++ {
		w.rootDepth = depth
		w.rootExc = w.rootExc[:0]
		lines = lines[:0]
		for line := 1; line <= min(multi, len(root)); line++ {
			w.seldep = 0
			score, ok := w.aspiration(depth, prev, line == 1 && depth >= 4)
			if !ok {
				break
			}
			pv := append([]interpreter.Move(nil), w.pv[0][:w.pvLen[0]]...)
			if len(pv) == 0 {
				break
			}
			if line == 1 {
				prev = score
				res = Result{Best: pv[0], Score: score, Depth: depth, PV: pv}
				if len(pv) > 1 {
					res.Ponder = pv[1]
				}
			}
			w.rootExc = append(w.rootExc, pv[0])
			if levelled {
				lines = append(lines, rootLine{score: score, pv: pv})
				if len(lines) == min(multi, len(root)) {
					done = append(done[:0], lines...)
				}
			}
			if report != nil && line <= shown {
				report(Info{Depth: depth, SelDepth: w.seldep, MultiPV: line, Score: score, Nodes: e.Nodes(),
					Time: time.Since(e.start), PV: pv, Bound: BoundExact})
			}
		}
		if w.stopped() {
			break
		}
		if halt != nil {
			continue // helpers go on until the main thread ends
		}
		if !lim.Infinite && e.soft > 0 && time.Since(e.start) > e.soft {
			break
		}
		if !lim.Infinite && lim.Depth == 0 && abs(prev) >= Mate-MateSpan && depth > Mate-abs(prev)+2 {
			break // a forced end found and confirmed
		}
	}
	if levelled {
		if l, ok := chooseLevelled(done, spec, e.rng); ok {
			res = Result{Best: l.pv[0], Score: l.score, Depth: res.Depth, PV: l.pv}
			if len(l.pv) > 1 {
				res.Ponder = l.pv[1]
			}
		}
	}
	return res
}

// budget is the soft and hard time limits of a move of side c, with moves moves of its
// turn left to make (1 in rules of one move a turn): a turn's share of the clock, split
// among its moves.
func (e *Engine) budget(c compiler.Color, moves int) (soft, hard time.Duration) {
	lim := e.limits
	if lim.Infinite {
		return 0, 0
	}
	if lim.MoveTime > 0 {
		return lim.MoveTime, lim.MoveTime
	}
	left := lim.Time[c]
	if left <= 0 {
		return 0, 0
	}
	togo := 30
	if lim.MovesToGo > 0 {
		togo = min(lim.MovesToGo+1, 30)
	}
	safety := min(left/10, 50*time.Millisecond)
	avail := max(left-safety, left/20)
	soft = avail/time.Duration(togo) + lim.Inc[c]*3/4
	hard = min(soft*4, avail/3+lim.Inc[c]/2)
	soft = min(soft, hard)
	if moves > 1 {
		soft, hard = soft/time.Duration(moves), hard/time.Duration(moves)
	}
	return max(soft/2, time.Millisecond), max(hard, time.Millisecond)
}

// aspiration searches the root at depth around the previous score.
func (e *worker) aspiration(depth, prev int, narrow bool) (int, bool) {
	alpha, beta := -infinity, infinity
	delta := 30
	if narrow && abs(prev) < Mate-MateSpan {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		e.rootRaised = false
		score := e.pvs(depth, 0, alpha, beta, true, true)
		if e.stopped() {
			// A cut iteration counts when its root finished searching a move that raised
			// alpha: its score is that move's (pvs's answer once stopped means nothing).
			return score, e.rootRaised
		}
		switch {
		case score <= alpha && alpha > -infinity:
			alpha = max(score-delta, -infinity)
		case score >= beta && beta < infinity:
			beta = min(score+delta, infinity)
		default:
			return score, true
		}
		delta *= 3
	}
}

// stopped reports whether the search must stop now. The node limit counts the nodes of
// all threads (each thread's own count times the threads, checked as it goes).
func (e *worker) stopped() bool {
	if e.stop.Load() || e.halt != nil && e.halt.Load() {
		return true
	}
	n := e.nodes
	if e.limits.Nodes > 0 && n*int64(len(e.workers)) >= e.limits.Nodes {
		e.stop.Store(true)
		return true
	}
	if n&1023 == 0 && e.hard > 0 && time.Since(e.start) > e.hard {
		e.stop.Store(true)
		return true
	}
	pause()
	return false
}

func filterMoves(moves, keep []interpreter.Move) []interpreter.Move {
	var out []interpreter.Move
	for _, m := range moves {
		for _, k := range keep {
			if m == k {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// PartialScore is the score of a game over with 3/4 of the point for the side to move
// (-PartialScore with 1/4): the advantage at which a side's expected score is about 3/4
// (a logistic of 400 centipawns a factor of ten), so a side far ahead still plays for the
// whole point and one far behind is glad of the quarter.
const PartialScore = 200

// terminal scores a position that is over for the side to move at ply, a draw as draw.
func terminal(o compiler.Outcome, ply, draw int) int {
	switch o {
	case compiler.Win:
		return Mate - ply
	case compiler.Loss:
		return -Mate + ply
	case compiler.ThreeQuarters:
		return draw + PartialScore
	case compiler.OneQuarter:
		return draw - PartialScore
	}
	return draw
}

// draw is a draw's score for the side to move in p: −Contempt for the root's side.
func (e *worker) draw(p *interpreter.Position) int {
	if p.Side() == e.root {
		return -e.limits.Contempt
	}
	return e.limits.Contempt
}

// pvs is the principal-variation search of the node at ply with depth left.
func (e *worker) pvs(depth, ply, alpha, beta int, pvNode, nullOK bool) int {
	p := e.p
	e.pvLen[ply] = 0
	if ply > 0 {
		if end := p.Ended(); end.Over {
			return terminal(end.Outcome, ply, e.draw(p))
		}
		if p.Repetitions() >= 2 {
			return e.draw(p) // a repetition inside the search is as good as a draw
		}
		// Mate distance pruning.
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := e.inCheck(p)
	// Check extension. Where an attacked royal man is searched as a check (hitRoyals), it
	// forces no reply, and an exposed one would extend nearly every line: there it stops
	// at twice the iteration's depth.
	if inCheck && ply < maxPly-1 && e.caps.checkExtension && (e.caps.hitRoyals == 0 || ply < 2*e.rootDepth) {
		depth++
	}
	if depth <= 0 || ply >= maxPly-1 {
		return e.quiesce(ply, alpha, beta, 0)
	}
	atomic.AddInt64(&e.nodes, 1)
	if e.stopped() {
		return 0
	}
	if ply > e.seldep {
		e.seldep = ply
	}

	key := p.Hash()
	ttMove := interpreter.NoMove
	ttScore, ttBound := 0, BoundNone
	if ent, ok := e.tt.probe(key); ok {
		ttMove = ent.move
		ttScore, ttBound = fromTT(int(ent.score), ply), ent.bound
		if !pvNode && int(ent.depth) >= depth && ply > 0 {
			s := ttScore
			switch {
			case ent.bound == BoundExact,
				ent.bound == BoundLower && s >= beta,
				ent.bound == BoundUpper && s <= alpha:
				return s
			}
		}
	}

	static := 0
	if !inCheck {
		static = e.static()
		// The table's score, where its bound says it is nearer the truth, stands in
		// for the static one in the prunings' tests.
		if ttBound == BoundExact || ttBound == BoundLower && ttScore > static || ttBound == BoundUpper && ttScore < static {
			if ttScore > -Mate+MateSpan && ttScore < Mate-MateSpan {
				static = ttScore
			}
		}
	}
	// Reverse futility: a quiet position this far above beta near the leaves is not
	// searched (the opponent would have to win back the margin in a few plies).
	if e.caps.reverseFutility && !pvNode && !inCheck && depth <= 3 && static-100*depth >= beta && static < Mate-MateSpan {
		return static
	}
	// Null move: give the opponent a free move; if it still fails high, cut.
	if nullOK && !pvNode && !inCheck && e.caps.nullMove && depth >= 3 && static >= beta && e.hasPieces(p) {
		r := 2 + depth/4
		e.makeNull()
		s := -e.pvs(depth-1-r, ply+1, -beta, -beta+1, false, false)
		e.unmake()
		if e.stopped() {
			return 0
		}
		if s >= beta && s < Mate-MateSpan {
			return beta
		}
	}

	moves := p.LegalMoves(e.bufs[ply][:0])
	e.bufs[ply] = moves
	if len(moves) == 0 {
		o, _ := p.NoMoves()
		return terminal(o, ply, e.draw(p))
	}
	if ply == 0 && len(e.limits.SearchMovesOnly) > 0 {
		moves = filterMoves(moves, e.limits.SearchMovesOnly)
	}
	e.order(moves, ply, ttMove, e.caps.badCaptures)

	best, bestMove := -infinity, interpreter.NoMove
	origAlpha := alpha
	futile := e.caps.futility && !pvNode && !inCheck && depth <= 2 && static+120*depth <= alpha
	searched := 0
	for i := range moves {
		m := e.next(moves, ply, i)
		if ply == 0 && e.excludedAtRoot(m) {
			continue
		}
		capture := p.IsCapture(m)
		quiet := !capture && m != ttMove
		if futile && quiet && searched > 0 {
			continue
		}
		// Late move pruning: near the leaves, past the first moves, the late quiet moves
		// of a node that is not on the principal variation are not searched (those that give
		// check are).
		late := e.caps.futility && !pvNode && !inCheck && depth <= 3 && quiet && i >= 3+2*depth*depth && best > -Mate+MateSpan && m != e.killers[ply][0] && m != e.killers[ply][1]
		side := p.Side()
		e.make(m)
		kept := p.Side() == side // the mover's turn goes on
		givesCheck := e.inCheck(p)
		if late && !givesCheck && !kept {
			e.unmake()
			continue
		}
		var s int
		if searched == 0 {
			s = e.child(kept, depth-1, ply+1, alpha, beta, pvNode)
		} else {
			// Late quiet moves are searched shallower first.
			r := 0
			if depth >= 3 && quiet && !givesCheck && !inCheck && i >= 3 {
				r = 1
				if i >= 8 {
					r = 2
				}
				if pvNode {
					r--
				}
				if m == e.killers[ply][0] || m == e.killers[ply][1] {
					r = max(r-1, 0)
				}
			}
			s = e.child(kept, depth-1-r, ply+1, alpha, alpha+1, false)
			if s > alpha && r > 0 {
				s = e.child(kept, depth-1, ply+1, alpha, alpha+1, false)
			}
			if s > alpha && s < beta {
				s = e.child(kept, depth-1, ply+1, alpha, beta, true)
			}
		}
		e.unmake()
		searched++
		if e.stopped() {
			if ply == 0 && e.rootRaised {
				return best // the moves searched in full: the last one's s is cut short
			}
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				if ply == 0 {
					e.rootRaised = true
				}
				e.pv[ply][0] = m
				copy(e.pv[ply][1:], e.pv[ply+1][:e.pvLen[ply+1]])
				e.pvLen[ply] = e.pvLen[ply+1] + 1
				if s >= beta {
					if quiet {
						e.rememberCutoff(m, ply, depth)
					}
					break
				}
			}
		}
	}
	if searched == 0 {
		return alpha // MultiPV: every root move reported already
	}
	bound := BoundExact
	switch {
	case best >= beta:
		bound = BoundLower
	case best <= origAlpha:
		bound = BoundUpper
		bestMove = interpreter.NoMove // no move raised alpha: the table keeps the move it had
	}
	e.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	return best
}

// make plays m in the worker's position, and updates the network's sums by its changes
// (when the engine has a network).
func (w *worker) make(m interpreter.Move) {
	w.p.Make(m)
	if w.net != nil {
		w.netMade()
	}
}

// netMade updates the network's sums by the changes of the move just made.
func (w *worker) netMade() {
	w.changes = w.p.Changes(w.changes)
	w.net.Update(&w.acc[w.top], &w.acc[w.top+1], w.changes)
	w.top++
}

// makeNull passes the move in the worker's position (the men stay: so do the sums).
func (w *worker) makeNull() {
	w.p.MakeNull()
	if w.net != nil {
		w.acc[w.top+1] = w.acc[w.top]
		w.top++
	}
}

// unmake takes back the last move make or makeNull made.
func (w *worker) unmake() {
	w.p.Unmake()
	if w.net != nil {
		w.top--
	}
}

// refresh sets the network's sums from the worker's position, the root of a search.
func (w *worker) refresh() {
	if w.net != nil {
		w.top = 0
		w.net.Refresh(w.p, &w.acc[0])
	}
}

// static is the static evaluation of the worker's position for the side to move: the
// network's when the engine has one (added to the linear evaluation's, for a network
// that adds to it).
func (w *worker) static() int {
	if w.net != nil {
		if w.netAdds {
			return w.eval.evaluate(w.p, w.passedCache) + w.netStatic()
		}
		return w.netStatic()
	}
	return w.eval.evaluate(w.p, w.passedCache)
}

// netStatic is the network's evaluation of the worker's position.
func (w *worker) netStatic() int { return w.net.Evaluate(&w.acc[w.top], w.p.Side()) }

// child searches the position a move has just made, to depth, within the window
// (alpha, beta) of the mover, and returns its score for the mover: the opponent's score
// negated, or, when the mover's turn goes on (kept: turns of several moves), the mover's
// own at the same depth (a turn is one ply of depth).
func (e *worker) child(kept bool, depth, ply, alpha, beta int, pvNode bool) int {
	if kept {
		return e.pvs(depth+1, ply, alpha, beta, pvNode, false)
	}
	return -e.pvs(depth, ply, -beta, -alpha, pvNode, true)
}

// hasPieces reports whether the side to move has a piece that is neither royal nor
// promoting: with pawns and king only, zugzwang is common and null moves are off.
func (e *worker) hasPieces(p *interpreter.Position) bool {
	us := p.Side()
	for t := range e.rs.NumPieces() {
		pt := e.rs.Piece(t)
		if pt.Royal || pt.Promotion != nil {
			continue
		}
		if p.Pieces(us, t).Any() {
			return true
		}
	}
	return false
}

func (e *worker) excludedAtRoot(m interpreter.Move) bool {
	for _, x := range e.rootExc {
		if x == m {
			return true
		}
	}
	return false
}

// quiesce searches captures (and promotions) until the position is quiet.
func (e *worker) quiesce(ply, alpha, beta, qdepth int) int {
	p := e.p
	atomic.AddInt64(&e.nodes, 1)
	e.pvLen[ply] = 0
	if e.stopped() {
		return 0
	}
	if qdepth == 0 {
		e.qNodes = 0
	}
	if e.qNodes++; e.qNodes > qBudget {
		// A tree of captures this large (boards where most men can take one another,
		// each exchange opening others) is cut: its remaining nodes stand pat, in check
		// or not, so that a leaf's quiescence stays bounded.
		return e.static()
	}
	if ply > e.seldep {
		e.seldep = ply
	}
	if end := p.Ended(); end.Over {
		return terminal(end.Outcome, ply, e.draw(p))
	}
	// A royal threatened at the horizon was extended by the main search (hitRoyals);
	// deeper in quiescence only a check rule's check forbids standing pat.
	inCheck := p.InCheck()
	var moves []interpreter.Move
	best := -infinity
	if inCheck {
		moves = p.LegalMoves(e.bufs[ply][:0])
		if len(moves) == 0 {
			o, _ := p.NoMoves()
			return terminal(o, ply, e.draw(p))
		}
	} else {
		// Out of check the side may stand pat (a position without any legal move is
		// taken at its static value here), else only captures and promotions are
		// searched; the moves are generated only when standing pat does not cut off.
		best = e.static()
		if best >= beta || !e.caps.quiescence {
			return best
		}
		alpha = max(alpha, best)
		moves = p.CaptureMoves(e.bufs[ply][:0])
		if e.eval.goalTypes != 0 {
			moves = e.goalMoves(p, moves)
		}
	}
	e.bufs[ply] = moves
	if ply >= maxPly-1 || qdepth > 16 {
		return max(best, alpha)
	}
	e.order(moves, ply, interpreter.NoMove, false)
	for i := range moves {
		m := e.next(moves, ply, i)
		if !inCheck && e.caps.badCaptures && e.losingCapture(p, m) {
			continue
		}
		side := p.Side()
		e.make(m)
		var s int
		if p.Side() == side { // the mover's turn goes on
			s = e.quiesce(ply+1, alpha, beta, qdepth+1)
		} else {
			s = -e.quiesce(ply+1, -beta, -alpha, qdepth+1)
		}
		e.unmake()
		if e.stopped() {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				e.pv[ply][0] = m
				copy(e.pv[ply][1:], e.pv[ply+1][:e.pvLen[ply+1]])
				e.pvLen[ply] = e.pvLen[ply+1] + 1
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

// qBudget bounds the nodes of one quiescence tree (one leaf of the main search's): far
// above the trees of the chess family (no position of the search's signature reaches
// it), it stops the few variants whose captures open ever more captures.
const qBudget = 5000

// losingCapture reports whether capture m is likely to lose material: the man that takes
// is worth more than what it takes, the enemy defends the cell, and, where a man taken
// leaves the game (caps.exchange), the exchange there (exchange: each side taking back
// with its least valuable man while that pays) loses for the taker. Quiescence skips such
// captures. Promotions and drops are never losing here.
func (e *worker) losingCapture(p *interpreter.Position, m interpreter.Move) bool {
	if m.Promotion() >= 0 || m.IsDrop() {
		return false
	}
	pc := p.At(m.From())
	if pc == interpreter.NoPiece {
		return false
	}
	victim := 0
	if vc := p.At(m.To()); vc != interpreter.NoPiece {
		victim = e.eval.value[vc.Type()]
	} else if sq := m.Cap1(); sq != interpreter.NoSquare {
		victim = e.eval.value[p.At(sq).Type()]
	}
	taker := e.eval.value[pc.Type()]
	if taker <= victim {
		return false
	}
	to, us := m.To(), p.Side()
	att := [2]compiler.Bitboard{}
	att[us^1] = p.Attackers(to, us^1)
	if att[us^1].Empty() || !e.caps.exchange {
		return att[us^1].Any()
	}
	att[us] = p.Attackers(to, us).Without(m.From())
	return e.exchange(p, us^1, att, victim, taker) < 0
}

// royalWorth is what the exchange counts a royal man as: taken, the game is lost.
const royalWorth = 1 << 16

// exchange is the material the side that captured first wins in the exchange on a cell, side
// being next to capture there with the men on att: each side takes with its least
// valuable man, or stops when taking loses. It sees no man behind another (no x-rays) and
// no pins; a royal man takes last. gained is the first capture's victim; onCell the man
// that took it.
func (e *worker) exchange(p *interpreter.Position, side compiler.Color, att [2]compiler.Bitboard, gained, onCell int) int {
	var gain [32]int
	gain[0] = gained
	d := 0
	for d < len(gain)-1 {
		best, from := royalWorth+1, interpreter.NoSquare
		for b := att[side]; b.Any(); b = b.Rest() {
			sq := b.First()
			if v := e.worth(p.At(sq).Type()); v < best {
				best, from = v, sq
			}
		}
		if from == interpreter.NoSquare {
			break
		}
		d++
		gain[d] = onCell - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // whatever follows, this capture loses
		}
		onCell = best
		att[side] = att[side].Without(from)
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// worth is a man's value in an exchange: royal men count as royalWorth.
func (e *worker) worth(t int) int {
	if e.rs.Piece(t).Royal {
		return royalWorth
	}
	return e.eval.value[t]
}

// goalMoves appends to moves the quiet moves that bring a piece of a goal's types into the
// mover's goal zone: moves that may win at once, which quiescence must not stand pat on.
func (e *worker) goalMoves(p *interpreter.Position, moves []interpreter.Move) []interpreter.Move {
	us := p.Side()
	dist, near := e.eval.goalDist[us], e.eval.nearGoal[us]
	if dist == nil {
		return moves
	}
	close := false
	for t, b := range near {
		if b.Any() && p.Pieces(us, t).Meets(b) {
			close = true
			break
		}
	}
	if !close {
		return moves // no goal piece stands a move from the zone
	}
	e.quiet = p.QuietMoves(e.quiet[:0])
	for _, m := range e.quiet {
		if m.IsDrop() || dist[m.To()] != 0 || e.eval.goalTypes>>uint(p.At(m.From()).Type())&1 == 0 {
			continue
		}
		moves = append(moves, m)
	}
	return moves
}

// toTT and fromTT keep decided-game scores relative to the node in the table.
func toTT(s, ply int) int {
	switch {
	case s >= Mate-MateSpan:
		return s + ply
	case s <= -Mate+MateSpan:
		return s - ply
	}
	return s
}

func fromTT(s, ply int) int {
	switch {
	case s >= Mate-MateSpan:
		return s - ply
	case s <= -Mate+MateSpan:
		return s + ply
	}
	return s
}

// ScoreText writes a score: centipawns, or "win in N" / "loss in N" (moves) when decided.
func ScoreText(s int) string {
	switch {
	case s >= Mate-MateSpan:
		return fmt.Sprintf("win in %d", (Mate-s+1)/2)
	case s <= -Mate+MateSpan:
		return fmt.Sprintf("loss in %d", (Mate+s)/2)
	}
	return fmt.Sprintf("%+d", s)
}
