// Game results on the 256-cell core: goals reached by a move, no legal move, the fifty-move rule, repetition.

package interpreter

import (
	"math/bits"

	"chimera/compiler"
)

// goalReached evaluates the ruleset's goals after the mover's piece pc made move m, which
// captured caps pieces and left pc on land (the side has not been switched yet). It
// returns the value for core256.ended (0: no goal) and the index of the goal reached.
func (p *core256) goalReached(m Move, pc Piece, caps int, land Square) (int8, int) {
	us := p.side
	for gls, i := p.tb.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Side >= 0 && Color(g.Side) != us {
			continue
		}
		if g.Castled != 0 {
			if m.Kind() != KindCastle || g.Castled&p.castleSideOf(m) == 0 {
				continue
			}
			return int8(g.Result) + 2, i
		}
		if g.Standing() {
			if !p.standingReached(g, us) {
				continue
			}
			if p.exercise {
				p.exerciseHooks(i, m, pc, caps)
			}
			return int8(g.Result) + 2, i
		}
		if g.Full {
			// Judged on the position, whichever man moved (validation keeps hooks, hits,
			// stands and answers off such a goal).
			if !p.zoneFull(g, us) {
				continue
			}
			if p.exercise {
				p.exerciseHooks(i, m, pc, caps)
			}
			return int8(g.Result) + 2, i
		}
		if (g.HasZ || !g.Stands) && (g.Types>>uint(pc.Type())&1 == 0 || g.HasZ && (land == NoSquare || !g.Zone[us].Has(land))) {
			continue
		}
		if g.Count > 1 && p.zoneMen(g, us) < g.Count {
			continue
		}
		if g.Stands && !p.standsOn(g, us^1) {
			continue
		}
		result := g.Result
		if g.Hit != 0 {
			var reached bool
			if result, reached = p.hitGoal(g, us); !reached {
				continue
			}
		}
		if g.Hook != nil && !p.runGoalHook(g, m, pc, caps) {
			continue
		}
		if g.Answerable && p.answeredAfter(g) {
			continue // the opponent can answer: the goals after this one decide
		}
		if p.exercise {
			p.exerciseHooks(i, m, pc, caps)
		}
		return int8(result) + 2, i
	}
	return 0, -1
}

// passGoals judges the goals after a pass by the side to move (not yet switched): a pass
// moves and hits nothing, so only the goals judged on the position can be reached — those
// of the position alone, and a man of the opponent's still standing on a zone.
func (p *core256) passGoals() (int8, int) {
	us := p.side
	for gls, i := p.tb.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Side >= 0 && Color(g.Side) != us || g.Hook != nil || g.Hit != 0 {
			continue
		}
		switch {
		case g.Standing():
			if !p.standingReached(g, us) {
				continue
			}
		case g.Full:
			if !p.zoneFull(g, us) {
				continue
			}
		case g.Stands && !g.HasZ:
			if !p.standsOn(g, us^1) {
				continue
			}
		default:
			continue
		}
		return int8(g.Result) + 2, i
	}
	return 0, -1
}

// answeredAfter is answered for a goal judged in the middle of a move, before the side to
// move is switched: the opponent's moves are generated with the side switched for the
// while (make and unmake of those moves leave it as they find it).
func (p *core256) answeredAfter(g *compiler.Goal[bb256]) bool {
	p.side ^= 1
	ok := p.answered(g)
	p.side ^= 1
	return ok
}

// standingGoal applies the zone goals without hooks to a position read from FEN: if a
// counted piece of the side that just moved stands on its zone, that side reached the goal
// on its last move. (Hook goals need the move itself and are not evaluated here.)
func (p *core256) standingGoal() {
	rs := p.rs
	c := p.side ^ 1
	for gls, i := p.tb.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Side >= 0 && Color(g.Side) != c || g.Hook != nil || g.Hit != 0 || g.Castled != 0 {
			continue // judged on the move: a position read reached none
		}
		reached := false
		switch {
		case g.Standing():
			reached = p.standingReached(g, c)
		case g.Full:
			reached = p.zoneFull(g, c)
		default:
			reached = !g.HasZ
			for pts, t := p.tb.Pieces(), 0; t < pts.Len() && !reached; t++ {
				reached = g.Types>>uint(t)&1 != 0 && p.pieces(c, t).Meets(g.Zone[c])
			}
			reached = reached && (g.Count <= 1 || p.zoneMen(g, c) >= g.Count) && (!g.Stands || p.standsOn(g, c^1))
		}
		if !reached || g.Answerable && p.answered(g) {
			continue
		}
		p.ended, p.endGoal = int8(g.Result)+2, int16(i)
		p.hash ^= rs.Zobrist.Ended[p.ended]
		return
	}
}

// zoneMen counts the men of side c of the goal's types on c's part of the goal's zone.
func (p *core256) zoneMen(g *compiler.Goal[bb256], c Color) int {
	n := 0
	for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
		if g.Types>>uint(t)&1 != 0 {
			n += p.pieces(c, t).And(g.Zone[c]).Count()
		}
	}
	return n
}

// zoneFull judges a reach goal with Full for side c on the position: a man of c of the
// goal's types stands on c's part of the goal's zone, and the goal's count of them do, or
// every cell of that part holds a man of either side (Fairy-Stockfish's flag_reached with
// flagPieceBlockedWin).
func (p *core256) zoneFull(g *compiler.Goal[bb256], c Color) bool {
	n := p.zoneMen(g, c)
	return n > 0 && (n >= g.Count || g.Zone[c].AndNot(p.byColor[0].Or(p.byColor[1])).Empty())
}

// standsOn reports whether a piece of side c of the goal's types stands on c's part of
// the goal's stand zone.
func (p *core256) standsOn(g *compiler.Goal[bb256], c Color) bool {
	for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
		if g.Types>>uint(t)&1 != 0 && p.pieces(c, t).Meets(g.StandZone[c]) {
			return true
		}
	}
	return false
}

// answered reports, for an answerable goal the side not to move has reached, whether the
// side to move has a legal move that brings one of the goal's pieces onto its own part of
// the goal's zone (so the game goes on).
func (p *core256) answered(g *compiler.Goal[bb256]) bool {
	c := p.side
	p.answerBuf = p.LegalMoves(p.answerBuf)
	for _, m := range p.answerBuf {
		t := -1
		switch {
		case m.IsDrop():
			t = m.Dropped()
		case m.Kind() != KindNull && m.Kind() != KindCastle && m.Kind() != KindPickUp:
			t = p.board[m.From()].Type()
		}
		if t < 0 || g.Types>>uint(t)&1 == 0 {
			continue
		}
		// Where the man ends up (a bounce lands it beyond the square it takes).
		p.makeProbe(m)
		land := p.landed
		p.Unmake()
		if land != NoSquare && g.Zone[c].Has(land) {
			return true
		}
	}
	return false
}

// standingReached judges a goal of the position alone (compiler.Goal.Standing) after a
// move of side us (the side to move not yet switched).
func (p *core256) standingReached(g *compiler.Goal[bb256], us Color) bool {
	switch {
	case g.Extinct != 0:
		c := us ^ 1
		if g.Own {
			c = us
		}
		if g.AgainstAtLeast > 0 && p.menOfTypes(g.Extinct, c^1) < g.AgainstAtLeast {
			return false
		}
		if g.AllMen && p.rs.Hands == nil {
			return p.byColor[c].Count() <= g.AtMost // every type counted: the side's men
		}
		total := 0
		for ts := g.Extinct; ts != 0; ts &= ts - 1 {
			t := bits.TrailingZeros64(ts)
			n := p.pieces(c, t).Count()
			if !g.Together && n > g.AtMost {
				continue // more on the board alone: the pools cannot change that
			}
			if p.rs.Hands != nil {
				n += p.hookHeld(t, c)
			}
			if !g.Together && n <= g.AtMost {
				return true
			}
			total += n
		}
		return g.Together && total <= g.AtMost
	case g.Line > 0:
		c := us ^ 1
		if g.Own {
			c = us
		}
		return p.inLine(g, c)
	case g.Connect:
		c := us ^ 1
		if g.Own {
			c = us
		}
		return p.connected(g, c)
	case g.ChecksGiven:
		return p.checks[us] == 0
	case g.CastlingLost != 0:
		c := us ^ 1
		if g.Own {
			c = us
		}
		return p.castlingSides(c)&g.CastlingLost == 0
	case g.GivesCheck:
		if n := len(p.undo); n > 0 && p.side == us {
			return p.gaveCheck(&p.undo[n-1], us) // judged after a move of us
		}
		return p.sideInCheck(us ^ 1) // judged on a position read (us moved last)
	case g.SafeOn:
		// A side none of whose men stands on its part of the zone is settled without the walk.
		mine, theirs := p.byColor[us].Meets(g.SafeZone[us]), p.byColor[us^1].Meets(g.SafeZone[us^1])
		switch g.Safe {
		case compiler.SafeOpponent:
			return theirs && p.standsSafe(g, us^1)
		case compiler.SafeBoth:
			return mine && theirs && p.standsSafe(g, us) && p.standsSafe(g, us^1)
		}
		return mine && p.standsSafe(g, us)
	}
	return false
}

// castleSideOf is the side of castling of the castling move m (compiler.CastleShort: its
// partner stood on a higher file than the royal).
func (p *core256) castleSideOf(m Move) uint8 {
	if p.rs.FileOf(m.Aux()) > p.rs.FileOf(m.From()) {
		return compiler.CastleShort
	}
	return compiler.CastleLong
}

// castlingSides is the sides of castling toward which side c keeps a right: a partner's
// square keeping its right on c's castling rank, on a higher file than c's royal there
// (short) or a lower one (long). A royal off its castling rank keeps none.
func (p *core256) castlingSides(c Color) uint8 {
	cs := p.rs.Castling
	if cs == nil {
		return 0
	}
	kings := p.pieces(c, cs.Royal).And(p.tb.CastleRank[c])
	if kings.Empty() {
		return 0
	}
	k := kings.First()
	kf := p.rs.FileOf(k)
	var sides uint8
	for b := p.castle.And(p.tb.CastleRank[c]).Without(k); b.Any(); b = b.Rest() {
		switch f := p.rs.FileOf(b.First()); {
		case f > kf:
			sides |= compiler.CastleShort
		case f < kf:
			sides |= compiler.CastleLong
		}
	}
	return sides
}

// inLine reports whether side c has g.Line men of the goal's types next to one another
// along one of the goal's lines: the men that end such a row, one step at a time.
func (p *core256) inLine(g *compiler.Goal[bb256], c Color) bool {
	var men bb256
	for ts := g.Types; ts != 0; ts &= ts - 1 {
		men = men.Or(p.pieces(c, bits.TrailingZeros64(ts)))
	}
	if g.Gaps {
		if men.Count() < g.Line {
			return false
		}
		for lines, i := g.Lines(), 0; i < lines.Len(); i++ {
			if men.And(*lines.At(i)).Count() >= g.Line {
				return true
			}
		}
		return false
	}
	steps := g.LineSteps()
	if g.Block {
		// Rows of Line men along ranks, then Line such rows one above another.
		return p.lineRun(p.lineRun(men, steps.At(0), g.Line), steps.At(1), g.Line).Any()
	}
	for i := 0; i < steps.Len(); i++ {
		if p.lineRun(men, steps.At(i), g.Line).Any() {
			return true
		}
	}
	return false
}

// connected reports whether side c has a chain of men of the goal's types from its part of
// the goal's first zone to its part of the second, each man a step of the goal's from the
// one before: a fill over the men from the first zone, one step at a time. One way
// (g.OneWay), only the men reached by a step or more count: a man on both zones alone is
// no chain.
func (p *core256) connected(g *compiler.Goal[bb256], c Color) bool {
	var men bb256
	for ts := g.Types; ts != 0; ts &= ts - 1 {
		men = men.Or(p.pieces(c, bits.TrailingZeros64(ts)))
	}
	from, to := men.And(g.ConnectFrom[c]), men.And(g.ConnectTo[c])
	if !from.Any() || !to.Any() {
		return false
	}
	reached := from
	if g.OneWay {
		reached = bb256{}
	} else if from.Meets(to) {
		return true
	}
	steps := g.LineSteps()
	for front := from; front.Any(); {
		var next bb256
		for i := 0; i < steps.Len(); i++ {
			st := steps.At(i)
			next = next.Or(front.And(st.From).Shift(st.By))
		}
		next = next.And(men).AndNot(reached)
		if next.Meets(to) {
			return true
		}
		reached = reached.Or(next)
		front = next
	}
	return false
}

// lineRun is the cells of set that end a run of n cells of set, each a step st from the last.
func (p *core256) lineRun(set bb256, st *compiler.FlankStep[bb256], n int) bb256 {
	row := set
	for i := 1; i < n && row.Any(); i++ {
		row = row.And(st.From).Shift(st.By).And(set)
	}
	return row
}

// standsSafe reports whether side c's men of the goal's types on c's part of the goal's
// safe zone hold it: more of them than the goal's count, or exactly that many with no
// enemy man attacking any (Fairy-Stockfish's flagPieceSafe).
func (p *core256) standsSafe(g *compiler.Goal[bb256], c Color) bool {
	need, n := max(g.Count, 1), 0
	for ts := g.Types; ts != 0; ts &= ts - 1 {
		n += p.pieces(c, bits.TrailingZeros64(ts)).And(g.SafeZone[c]).Count()
	}
	if n != need {
		return n > need // one more than needed: any one of them may be taken
	}
	for ts := g.Types; ts != 0; ts &= ts - 1 {
		for b := p.pieces(c, bits.TrailingZeros64(ts)).And(g.SafeZone[c]); b.Any(); b = b.Rest() {
			if p.Attacked(b.First(), c^1) {
				return false
			}
		}
	}
	return true
}

// gaveCheck reports, in the middle of us's move whose frame is u (before the side to move
// is switched), whether the move leaves the opponent in check: asked once a move, and
// kept in the frame, where InCheck finds it after the switch.
func (p *core256) gaveCheck(u *frame256, us Color) bool {
	if !u.checkKnown {
		u.checked, u.checkKnown = p.sideInCheck(us^1), true
	}
	return u.checked
}

// menOfTypes counts side c's men of the types in mask, on the board and in its pools.
func (p *core256) menOfTypes(mask uint64, c Color) int {
	n := 0
	for ts := mask; ts != 0; ts &= ts - 1 {
		t := bits.TrailingZeros64(ts)
		n += p.pieces(c, t).Count()
		if p.rs.Hands != nil {
			n += p.hookHeld(t, c)
		}
	}
	return n
}

// goalName is the reason shown for the goal with index i.
func (p *core256) goalName(i int) string {
	switch {
	case i >= 0:
		return p.tb.Goal(i).Name
	case i == endPasses:
		return "passes in a row"
	case i == endFacing:
		return "royals still facing"
	case i == endFull:
		return "board full"
	}
	return "goal reached"
}

// passingEnd ends the game, after move m (whose frame is u), when the passes in a row
// reach the rules' number, or when the royal men faced each other before the move and
// still do: drawn, or decided on points.
func (p *core256) passingEnd(m Move, u *frame256) {
	why := 0
	if m.Kind() == KindPass && p.rs.PassEnd > 0 {
		k := 0
		for i := len(p.undo) - 1; i >= 0 && p.undo[i].move.Kind() == KindPass; i-- {
			k++
		}
		if k >= p.rs.PassEnd {
			why = endPasses
		}
	}
	if why == 0 && p.rs.FacingRoyals && u.facing && p.royalsFace() {
		why = endFacing
	}
	if why == 0 && p.rs.FullBoard && p.tb.Squares.AndNot(p.occupied()).Empty() {
		why = endFull
	}
	if why == 0 {
		return
	}
	mover := p.side ^ 1
	e := int8(2 + p.drawnOutcome(mover))
	p.ended, p.endGoal = e, int16(why)
	p.hash ^= p.rs.Zobrist.Ended[e]
}

// drawnOutcome is the outcome for side c of a game the rules end drawn: a draw, or the
// result on points where the rules count them.
func (p *core256) drawnOutcome(c Color) compiler.Outcome {
	if !p.rs.HasPoints {
		return compiler.Draw
	}
	var pts [2]float64
	for s := 0; s < 2; s++ {
		pts[s] = p.rs.PointsBonus[s]
		for t := 0; t < p.rs.NumPieces(); t++ {
			if v := p.rs.PointsOf(t); v != 0 {
				pts[s] += v * float64(p.pieces(Color(s), t).Count())
			}
		}
	}
	switch {
	case pts[c] > pts[c^1]:
		return compiler.Win
	case pts[c] < pts[c^1]:
		return compiler.Loss
	}
	return compiler.Draw
}

// runGoalHook evaluates a goal's hook in the middle of Make: the board is updated, the side
// to move not yet switched. A run that fails is logged and counts as false; so does each
// move of a hook stopped for overrunning its budget.
func (p *core256) runGoalHook(g *compiler.Goal[bb256], m Move, pc Piece, caps int) bool {
	if p.hooks.stopped[g.Hook.Index].Load() {
		p.hooks.fails[g.Hook.Index].Add(1)
		return false
	}
	h := p.hook
	if h == nil {
		h = newHookState(p.rs, p.hookInCheck, p.hookCount, p.hookHeld, p.At)
		p.hook = h
	}
	h.mover, h.typ, h.from, h.to = p.side, pc.Type(), m.From(), m.To()
	h.caps, h.ply, h.steps = caps, p.startPly+len(p.undo), 0
	h.built.Reset()
	out, err := h.vm.Run(g.Hook.Program, &h.env)
	if err != nil {
		p.hooks.fail(g.Hook.Index, err)
		return false
	}
	b, _ := out.(bool)
	return b
}

// exerciseHooks runs, after goal i was reached by m, the hooks of the later goals that
// would have run had it not been, for ExerciseHooks.
func (p *core256) exerciseHooks(i int, m Move, pc Piece, caps int) {
	for gls, j := p.tb.Goals(), i+1; j < gls.Len(); j++ {
		g := gls.At(j)
		if g.Hook != nil && g.Types>>uint(pc.Type())&1 != 0 && (!g.HasZ || g.Zone[p.side].Has(m.To())) {
			p.runGoalHook(g, m, pc, caps)
		}
	}
}

// ExerciseHooks makes Make (on) run every goal's hook that applies to the move, even after
// an earlier goal was reached, so that a sample of games tries each hook on every move it
// would ever see. Off (the default) a move stops at the first goal reached.
func (p *core256) ExerciseHooks(on bool) { p.exercise = on }

// HookFailures lists the hooks whose runs failed in this position's games and in those of
// its clones (the hook then counted as false), by hook index.
func (p *core256) HookFailures() []HookFailure { return p.hooks.failures(p.rs) }

// hookInCheck is check for hooks: is the side to move after the move in check.
func (p *core256) hookInCheck() bool { return p.sideInCheck(p.side ^ 1) }

// hookCount is count for hooks: side c's pieces of type t on the board.
func (p *core256) hookCount(t int, c Color) int { return p.pieces(c, t).Count() }

// hookHeld is held for hooks: the pieces of type t side c holds in its pools.
func (p *core256) hookHeld(t int, c Color) int {
	n := 0
	for pool := range p.rs.NumPools() {
		n += int(p.hand[p.rs.HandSlot(c, pool, t)])
	}
	return n
}

// Result reports whether the game is over in this position and how. A side without a
// legal move loses or draws by the no-moves rule even when the fifty-move rule or
// repetition would also apply.
func (p *core256) Result() Result {
	if p.ended != 0 {
		e := p.Ended()
		return outcomeResult(p.side, e.Outcome, e.Reason)
	}
	p.scratch = p.LegalMoves(p.scratch)
	if len(p.scratch) == 0 {
		o, reason := p.NoMoves()
		return outcomeResult(p.side, o, reason)
	}
	if e := p.Ended(); e.Over {
		return outcomeResult(p.side, e.Outcome, e.Reason)
	}
	return Ongoing
}

// Repetitions counts how often the current position occurred in the moves made so far
// (including now), looking back no further than the last irreversible move. Where men
// return from pools (drops, exchanges), no capture or pawn move is irreversible: a
// captured man can come back to its square, so the whole game is looked at.
func (p *core256) Repetitions() int {
	n := 1
	for i := len(p.undo) - 1; i >= 0; i-- {
		u := &p.undo[i]
		if u.move.Kind() == KindNull {
			break // a position before a pass is not repeated by the game itself
		}
		if u.hash == p.hash {
			n++
		}
		if u.halfmove == 0 && !p.pools {
			break // nothing before an irreversible move can repeat
		}
	}
	return n
}
