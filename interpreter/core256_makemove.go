// Make and unmake on the 256-cell core: each move kind is one effect function of primitive journaled edits.

package interpreter

import "chimera/compiler"

// putPiece puts pc on the empty square sq (journaled, hashed).
func (p *core256) putPiece(sq Square, pc Piece) {
	p.place(sq, pc)
	p.hash ^= p.rs.Zobrist.PieceKey(pc.code(), sq)
	p.journal = append(p.journal, edit{kind: editPut, pc: pc, where: uint16(sq)})
	if w := p.weights; w != nil {
		i := pc.code()*w.cells + int(sq)
		p.weighed[pc.Color()] += w.board[i]
		if w.key != nil {
			p.keyed ^= w.key[i]
		}
	}
}

// removePiece removes the piece on sq (journaled, hashed) and returns it.
func (p *core256) removePiece(sq Square) Piece {
	pc := p.lift(sq)
	p.hash ^= p.rs.Zobrist.PieceKey(pc.code(), sq)
	p.journal = append(p.journal, edit{kind: editRemove, pc: pc, where: uint16(sq)})
	if w := p.weights; w != nil {
		i := pc.code()*w.cells + int(sq)
		p.weighed[pc.Color()] -= w.board[i]
		if w.key != nil {
			p.keyed ^= w.key[i]
		}
	}
	return pc
}

// setStatus sets the timed status of sq to v half-moves (0 clears it; journaled, hashed).
// v must not exceed compiler.MaxStatus.
func (p *core256) setStatus(sq Square, v int) {
	old := p.status[sq]
	if int(old) == v {
		return
	}
	z := &p.rs.Zobrist
	p.hash ^= z.StatusKey(sq, int(old)) ^ z.StatusKey(sq, v)
	p.status[sq] = uint8(v)
	if v == 0 {
		p.statused = p.statused.Without(sq)
	} else {
		p.statused = p.statused.With(sq)
	}
	p.journal = append(p.journal, edit{kind: editStatus, old: old, where: uint16(sq)})
}

// changePool adds delta to the count of pieces of type t held by side c in pool (journaled,
// hashed). Men are conserved and a position holds at most compiler.MaxHand of them (board
// and pools together, checked when it is set up), so the count stays within 0..MaxHand.
func (p *core256) changePool(c Color, pool, t, delta int) {
	slot := p.rs.HandSlot(c, pool, t)
	old := int(p.hand[slot])
	n := old + delta
	z := &p.rs.Zobrist
	p.hash ^= z.HandKey(slot, old) ^ z.HandKey(slot, n)
	p.hand[slot] = uint8(n)
	p.journal = append(p.journal, edit{kind: editPool, old: uint8(old), where: uint16(slot)})
	if w := p.weights; w != nil {
		p.weighed[c] += int32(delta) * w.pool[slot]
	}
}

// Changes appends to buf[:0] the changes the last move made (none for a null move, or
// before any move) to the men on the board and in the pools, in the order made: what an
// evaluation kept up to date move by move needs from the journal.
func (p *core256) Changes(buf []Change) []Change {
	buf = buf[:0]
	if len(p.undo) == 0 {
		return buf
	}
	j := p.journal[p.undo[len(p.undo)-1].mark:]
	for i := range j {
		e := &j[i]
		switch e.kind {
		case editPut, editRemove:
			buf = append(buf, Change{Man: e.pc, Cell: Square(e.where), Put: e.kind == editPut})
		case editPool:
			n := int(p.hand[e.where]) // the count now, unless a later edit of the move changed it again
			for k := i + 1; k < len(j); k++ {
				if j[k].kind == editPool && j[k].where == e.where {
					n = int(j[k].old)
					break
				}
			}
			buf = append(buf, Change{Cell: NoSquare, Slot: int(e.where), Old: int(e.old), New: n})
		}
	}
	return buf
}

// Weigh makes p sum w for each side from now on (nil: stop), starting from its men and
// pools now; Weighed reads the sums, WeighedKey the keyed men's key.
func (p *core256) Weigh(w *Weights) {
	p.weights, p.weighed, p.keyed = w, [2]int32{}, 0
	if w == nil {
		return
	}
	for sq := range p.rs.Cells {
		if pc := p.board[sq]; pc != NoPiece {
			p.weighed[pc.Color()] += w.board[pc.code()*w.cells+sq]
			if w.key != nil {
				p.keyed ^= w.key[pc.code()*w.cells+sq]
			}
		}
	}
	for slot, n := range p.hand {
		if n > 0 {
			p.weighed[slot/(len(p.hand)/2)] += int32(n) * w.pool[slot]
		}
	}
}

// Weighed returns each side's sum of w, when p is weighed by w (Weigh); else ok is false.
func (p *core256) Weighed(w *Weights) (sums [2]int, ok bool) {
	if w == nil || p.weights != w {
		return sums, false
	}
	return [2]int{int(p.weighed[0]), int(p.weighed[1])}, true
}

// WeighedKey returns the xor of w's keys of the men on the board (those of its keyed
// types), when p is weighed by w (Weigh); else ok is false.
func (p *core256) WeighedKey(w *Weights) (key uint64, ok bool) {
	if w == nil || p.weights != w {
		return 0, false
	}
	return p.keyed, true
}

// Status is the number of half-moves left of the timed status on sq (0: none).
func (p *core256) Status(sq Square) int { return int(p.status[sq]) }

// ChecksLeft is the number of checks side c has left to give (0 without a check counter).
func (p *core256) ChecksLeft(c Color) int {
	if p.rs.CheckCounter == 0 {
		return 0
	}
	return int(p.checks[c])
}

// PoolCount is how many pieces of type t side c holds in pool.
func (p *core256) PoolCount(c Color, pool, t int) int {
	return int(p.hand[p.rs.HandSlot(c, pool, t)])
}

// Make plays m, which must be legal (or at least pseudo-legal) in p, and decides the
// goals its mover may have reached.
func (p *core256) Make(m Move) { p.play(m, true) }

// makeProbe plays m without deciding goals: for legality tests, which only ask whether
// the mover's royal pieces are safe afterwards and always unmake at once.
func (p *core256) makeProbe(m Move) { p.play(m, false) }

func (p *core256) play(m Move, goals bool) {
	rs := p.rs
	p.undo = append(p.undo, frame256{move: m, mark: int32(len(p.journal)), castle: p.castle, ep: p.ep,
		epVictim: p.epVictim, strike: p.strike, halfmove: p.halfmove, hash: p.hash, ended: p.ended, endGoal: p.endGoal, checks: p.checks,
		countLimit: p.countLimit, countPly: p.countPly, weighed: p.weighed, keyed: p.keyed, inTurn: p.inTurn})
	u := &p.undo[len(p.undo)-1]
	us := p.side
	if goals && p.passing && rs.FacingRoyals {
		u.facing = p.royalsFace()
	}
	if p.fx {
		p.hits = p.hits[:0]
	}
	p.clearEP()
	if p.ended != 0 {
		p.hash ^= rs.Zobrist.Ended[p.ended]
		if m.Kind() == KindNull {
			// A pass does not undo a decided game: the result stays, now told from the
			// other side (ended is 1 + outcome for the side that moved last).
			p.ended = 4 - p.ended
			p.hash ^= rs.Zobrist.Ended[p.ended]
		} else {
			p.ended, p.endGoal = 0, -1
		}
	}
	oldCastle := p.castle
	p.halfmove++
	if p.strikes {
		p.setStrike(p.struck(m))
	}

	p.landed = m.To()
	switch m.Kind() {
	case KindCastle:
		u.moved = p.castleEffect(m)
	case KindNull, KindPass:
		u.moved = NoPiece // a pass moves nothing, so it reaches no goal
	case KindPickUp:
		p.pickUpEffect(m)
		u.moved = NoPiece // a pick-up lands nowhere, so it reaches no goal
	case KindDrop, KindExchange:
		u.moved = p.dropEffect(m)
	default: // KindNormal and KindEP: an en-passant victim is the first capture in passing
		if p.capEffects && m.Kind() == KindNormal && p.board[m.To()] != NoPiece && m.To() != m.From() {
			u.moved = p.effectCapture(m, u)
		} else {
			u.moved = p.normalEffect(m, u)
		}
		if p.landingFx {
			p.landingEffects(u)
		}
	}
	if rs.Crossing && m.Kind() != KindNull {
		p.crossEffect(m)
	}
	if (p.gating || p.firstMoves) && m.Kind() != KindNull && m.Kind() != KindPass {
		p.gateEffect(m, u.moved)
	}
	if w := m.Wall(); w != NoSquare {
		p.wallEffect(w)
	}
	if p.flipping && m.Kind() != KindNull && m.Kind() != KindPass {
		p.flipEffect(p.landed, m.Kind() == KindDrop)
	}
	if p.fx && p.statused.Any() {
		p.countdown()
	}
	if diff := oldCastle.Xor(p.castle); diff.Any() {
		for b := diff; b.Any(); b = b.Rest() {
			p.hash ^= rs.Zobrist.CastleKey(b.First())
		}
	}
	// A pick-up moves no man but may uncover a check.
	if rs.CheckCounter > 0 && (u.moved != NoPiece || m.Kind() == KindPickUp) && p.checks[us] > 0 && p.gaveCheck(u, us) {
		p.hash ^= rs.Zobrist.Checks[us][p.checks[us]] ^ rs.Zobrist.Checks[us][p.checks[us]-1]
		p.checks[us]--
	}
	if goals && p.tb.NumGoals() > 0 && u.moved != NoPiece {
		if e, g := p.goalReached(m, u.moved, int(u.captures), p.landed); e != 0 {
			p.ended, p.endGoal = e, int16(g)
			p.hash ^= rs.Zobrist.Ended[e]
		}
	} else if goals && (p.passing && m.Kind() == KindPass || m.Kind() == KindPickUp) && p.tb.NumGoals() > 0 {
		// A pass or a pick-up moves no man: only the goals judged on the position are.
		if e, g := p.passGoals(); e != 0 {
			p.ended, p.endGoal = e, int16(g)
			p.hash ^= rs.Zobrist.Ended[e]
		}
	}
	if p.turns != nil && goals && m.Kind() != KindNull && p.turnGoesOn(us) {
		u.kept = true
		p.setInTurn(p.inTurn + 1)
		// En-passant targets are the opponent's, for the move after this one: the
		// mover's own next move ends them.
		p.clearEP()
	} else {
		if p.inTurn != 0 {
			p.setInTurn(0)
		}
		p.side ^= 1
		p.hash ^= rs.Zobrist.Side
		if us == compiler.Black {
			p.fullmove++
		}
	}
	if goals && (p.passing || p.rs.FullBoard) && p.ended == 0 {
		p.passingEnd(m, u)
	}
	if goals && rs.PerpetualCheckLoses {
		u.checked, u.checkKnown = p.sideInCheck(p.side), true
	}
	if goals && rs.MateNeedsCheckBy != 0 {
		u.checkTypes = p.checkerTypes(p.side)
	}
	if rs.Counting != nil && u.moved != NoPiece {
		p.count(u.captures > 0) // (a null move of a search leaves the count as it is)
	}
}

// count advances the counting rule after a move, for the side now to move: a count that
// runs goes one half-move further; a count starts when none runs, or when a capture has
// just left the side to move a single man, and a line of the table gives it a limit.
func (p *core256) count(captured bool) {
	if p.countLimit > 0 {
		p.countPly++
		if !captured || p.byColor[p.side].Many() {
			return
		}
	}
	if lim := p.countingLimit(); lim > 0 {
		p.countLimit, p.countPly = int32(lim), 0
		if p.rs.Counting.FromMen && !p.byColor[p.side].Many() {
			p.countPly = int32(2 * p.occupied().Count())
		}
	}
}

// countingLimit is the limit in half-moves that the first line of the counting table
// applying to the side to move gives (0: no count).
func (p *core256) countingLimit() int {
	us, them := p.side, p.side^1
lines:
	for ls, i := p.rs.Counting.Limits(), 0; i < ls.Len(); i++ {
		l := ls.At(i)
		if l.BoardHas != 0 {
			found := false
			for t := range p.rs.NumPieces() {
				found = found || l.BoardHas>>uint(t)&1 != 0 && p.byType[t].Any()
			}
			if !found {
				continue
			}
		}
		if l.Alone >= 0 && p.byColor[us].Many() == (l.Alone == 1) || l.OpponentAlone >= 0 && p.byColor[them].Many() == (l.OpponentAlone == 1) {
			continue
		}
		for hs, j := l.OpponentHas(), 0; j < hs.Len(); j++ {
			if tc := hs.At(j); p.pieces(them, tc.Type).Count() < tc.N {
				continue lines
			}
		}
		return l.Plies
	}
	return 0
}

// struck is the counterstrike square m makes (before it is played): the last square on
// which a man not of the trading types takes an enemy man of those types, or NoSquare.
func (p *core256) struck(m Move) Square {
	if m.Kind() != KindNormal {
		return NoSquare
	}
	trade := p.rs.TradeTypes
	from := m.From()
	if trade>>uint(p.board[from].Type())&1 != 0 {
		return NoSquare
	}
	s := NoSquare
	for _, sq := range [3]Square{m.Cap1(), m.Cap2(), m.To()} {
		if sq == NoSquare || sq == from {
			continue
		}
		if pc := p.board[sq]; pc != NoPiece && pc.Color() != p.side && trade>>uint(pc.Type())&1 != 0 {
			s = sq
		}
	}
	return s
}

// setStrike makes sq (or NoSquare) the counterstrike square; its hash key is the
// en-passant key of the square (a move leaves en-passant targets, by a double step, or a
// counterstrike square, by a capture, never both).
func (p *core256) setStrike(sq Square) {
	if p.strike != NoSquare {
		p.hash ^= p.rs.Zobrist.EPKey(p.strike)
	}
	if sq != NoSquare {
		p.hash ^= p.rs.Zobrist.EPKey(sq)
	}
	p.strike = sq
}

// clearEP removes the en-passant targets (a move or null move always ends them).
func (p *core256) clearEP() {
	for b := p.ep; b.Any(); b = b.Rest() {
		p.hash ^= p.rs.Zobrist.EPKey(b.First())
	}
	p.ep, p.epVictim = bb256{}, NoSquare
}

// normalEffect plays a move that captures whatever stands on its captured squares and its
// destination, then moves (and perhaps promotes) the piece. It returns the moving piece.
func (p *core256) normalEffect(m Move, u *frame256) Piece {
	from, to := m.From(), m.To()
	if c := m.Cap1(); c != NoSquare {
		p.capture(c, u)
	}
	if c := m.Cap2(); c != NoSquare {
		p.capture(c, u)
	}
	if p.board[to] != NoPiece && to != from { // from = to: a promotion in place, or a path that stops and ends where it began
		p.capture(to, u)
	}
	pc := p.relocate(from, to)
	if pt := p.tb.Piece(pc.Type()); u.captures > 0 || pt.ResetsClock[p.side] || pt.ResetsUnlessBack[p.side] && !pt.StepsBack(p.side, to).Has(from) {
		p.halfmove = 0
	}
	if pr := m.Promotion(); pr >= 0 {
		p.promote(to, pr)
		if pm := p.tb.Piece(pc.Type()).Def.Promotion; pm != nil && pm.ResetsClock {
			p.halfmove = 0
		}
	}
	p.castle = p.castle.Without(to)
	if m.MakesEP() {
		p.setEP(from, to)
	}
	if p.explode && u.captures > 0 {
		p.explodeAt(to, u)
	} else if p.petrify && u.captures > 0 && p.rs.Petrify>>uint(pc.Type())&1 != 0 {
		// The capturer turns to stone where it landed: it leaves the game, a wall stays.
		p.liftMan(to)
		p.putWall(to)
	}
	return pc
}

// landingEffects applies, after a man's move (u.moved), contagion (by the enemy man it
// took where it landed, read from the move's journal) and then burning around where it
// stopped.
func (p *core256) landingEffects(u *frame256) {
	if p.contagion && u.captures > 0 && u.moved != NoPiece {
		for _, e := range p.journal[u.mark:] {
			if e.kind == editRemove && Square(e.where) == p.landed && e.pc.Color() != u.moved.Color() {
				p.infect(p.landed, u.moved, e.pc)
				break
			}
		}
	}
	if p.burning {
		p.burnEffect(u.moved, u)
	}
}

// infect turns the man on sq, which moved there as mover and took taken, into a man of
// taken's type when that type is contagious, taken was an enemy man, and mover's type is
// neither royal nor contagious (compiler.Ruleset.Contagious): whatever the move promoted
// it to, it becomes the taken man's type, of its own side.
func (p *core256) infect(sq Square, mover, taken Piece) {
	sick := p.rs.Contagious
	if taken.Color() == mover.Color() || sick>>uint(taken.Type())&1 == 0 || sick>>uint(mover.Type())&1 != 0 || p.tb.Piece(mover.Type()).Royal {
		return
	}
	if pc := p.board[sq]; pc != NoPiece && pc.Color() == mover.Color() && pc.Type() != taken.Type() {
		p.removePiece(sq)
		p.putPiece(sq, MakePiece(taken.Type(), mover.Color()))
	}
}

// burnEffect, after a move by the man moved, removes the enemy men on the cells its type
// burns around where it stopped (compiler.Tables.BurnNear), when its type burns and it
// still stands there: they leave the board as captured men (immune men stay), and a
// burning that takes any resets the fifty-move counter.
func (p *core256) burnEffect(moved Piece, u *frame256) {
	slot := p.tb.Piece(moved.Type()).BurnSlot
	if slot < 0 || p.landed == NoSquare {
		return
	}
	if pc := p.board[p.landed]; pc == NoPiece || pc.Color() != moved.Color() {
		return // it left the board (exploded, turned to stone)
	}
	burnt := p.tb.BurnNear(slot, p.landed).And(p.byColor[moved.Color()^1]).AndNot(p.immune)
	if burnt.Empty() {
		return
	}
	for ; burnt.Any(); burnt = burnt.Rest() {
		p.capture(burnt.First(), u)
	}
	p.halfmove = 0
}

// explodeAt blows up, after a capture landing on sq, the capturer on sq and every man
// around sq (compiler.Tables.ExplodeNear) that is not of a spared type; men of an immune
// type stay, the capturer as well. Exploded men leave the game, or go into their
// opponent's pool (blast); losing a royal of the mover's own makes the move illegal.
//
// With capture.petrify, a capturer of a petrifying type (what it promoted to, as it
// stands on sq) that explodes leaves a wall on sq, as Fairy-Stockfish's do_move removes
// the blast pieces; an immune capturer stays a man. Walls never explode.
func (p *core256) explodeAt(sq Square, u *frame256) {
	immune := p.rs.ExplodeImmune
	if t := p.board[sq].Type(); immune>>uint(t)&1 == 0 {
		p.blast(sq, u)
		if p.petrify && p.rs.Petrify>>uint(t)&1 != 0 {
			p.putWall(sq)
		}
	}
	for b := p.tb.ExplodeNear(sq).And(p.byColor[0].Or(p.byColor[1])); b.Any(); b = b.Rest() {
		if s := b.First(); (p.rs.ExplodeSpare|immune)>>uint(p.board[s].Type())&1 == 0 {
			p.blast(s, u)
		}
	}
}

// blast removes the man on sq in an explosion. Where captures go to pools, it goes into
// its owner's opponent's capture pool (as a capture would take it: demoted when marked);
// otherwise it leaves the game.
func (p *core256) blast(sq Square, u *frame256) {
	pc, a := p.liftMan(sq)
	if p.rs.Hands != nil {
		p.toPoolOf(pc.Color()^1, pc, a.marked)
	}
	if pc.Color() == p.side && p.rs.RoyalTypes>>uint(pc.Type())&1 != 0 {
		u.lostRoyal = true
	}
}

// liftMan removes the man on sq with what is attached to it: its timed status and promoted
// mark are cleared from the square and returned with it, and its castling right ends (a
// castling royal taken off its castling rank, captured as much as moved, ends all its
// side's rights). Every move kind takes a man off the board through it (or through
// capture, which uses it), so whatever a man carries is handled here once.
func (p *core256) liftMan(sq Square) (Piece, attached) {
	var a attached
	if p.fx {
		a = p.detach(sq)
	}
	p.castle = p.castle.Without(sq)
	pc := p.removePiece(sq)
	if cs := p.rs.Castling; cs != nil && pc.Type() == cs.Royal && p.tb.CastleRank[pc.Color()].Has(sq) {
		p.castle = p.castle.AndNot(p.tb.CastleRank[pc.Color()])
	}
	return pc, a
}

// detach clears what is attached to the man on sq and returns it.
func (p *core256) detach(sq Square) attached {
	var a attached
	if p.statused.Has(sq) {
		a.status = p.status[sq]
		p.setStatus(sq, 0)
	}
	if p.marked.Has(sq) {
		a.marked = true
		p.setMark(sq, false)
	}
	return a
}

// placeMan puts the man pc, with what liftMan found attached to it, on the empty square sq.
func (p *core256) placeMan(sq Square, pc Piece, a attached) {
	p.putPiece(sq, pc)
	if a != (attached{}) {
		p.attach(sq, a)
	}
}

// attach gives the man on sq what liftMan found attached to it.
func (p *core256) attach(sq Square, a attached) {
	if a.status != 0 {
		p.setStatus(sq, int(a.status))
	}
	if a.marked {
		p.setMark(sq, true)
	}
}

// crossEffect, under a crossing rule, moves the men m moved to the same cells of the next
// board (the royal and its partner when castling), and the en-passant targets the move
// left with them: the move was made on the board it began on.
func (p *core256) crossEffect(m Move) {
	rs := p.rs
	if m.Kind() == KindCastle {
		rd := p.tb.CastleWayOf(p.side, m.From(), m.Aux()).PartnerFor(m.To())
		p.relocate(rd, rs.Cross(rd))
	}
	p.relocate(p.landed, rs.Cross(p.landed))
	p.landed = rs.Cross(p.landed)
	if m.MakesEP() {
		p.clearEP()
		p.setEP(rs.Cross(m.From()), p.landed)
		// A passed cell taken on the landing board is no target: no man can capture there
		// (the FEN then writes none).
		if free := p.ep.AndNot(p.occupied()); free != p.ep {
			victim := p.epVictim
			p.clearEP()
			if free.Any() {
				p.ep, p.epVictim = free, victim
				for b := free; b.Any(); b = b.Rest() {
					p.hash ^= rs.Zobrist.EPKey(b.First())
				}
			}
		}
	}
}

// relocate moves the man on from, with what is attached to it, to the empty square to, and
// returns it.
func (p *core256) relocate(from, to Square) Piece {
	pc, a := p.liftMan(from)
	p.placeMan(to, pc, a)
	return pc
}

// promote turns the mover's man on sq into type t, keeping what is attached to it. When its
// type promotes from a pool, the promoted man comes out of the pool and the man goes in:
// the new man is a real one of its type. Otherwise, when the hands demote captured
// promoted men, it is marked promoted, so that it returns to a pool as what it was.
func (p *core256) promote(sq Square, t int) {
	pc := p.removePiece(sq)
	p.putPiece(sq, MakePiece(t, pc.Color()))
	if h := p.rs.Hands; h != nil {
		if pt := p.tb.Piece(pc.Type()); pt.Promotion.FromPool >= 0 {
			p.promoteFromPool(pt, pc.Type(), t)
		} else if h.Demote {
			p.setMark(sq, true)
		}
	}
}

// capture removes the enemy piece on sq as a capture, with what is attached to it: into
// the capturer's pool (as what it promoted from, when marked and the rules demote).
func (p *core256) capture(sq Square, u *frame256) {
	if p.board[sq] == NoPiece {
		return // a square named twice by a move is captured once
	}
	pc, a := p.liftMan(sq)
	if p.fx {
		p.hit(pc)
		if p.rs.Hands != nil {
			p.toPool(pc, a.marked)
		}
	}
	u.captures++
}

// pickUpEffect takes the mover's man on m.From() off the board (with what is attached to
// it: its castling right ends) into the mover's drop pool, as what it promoted from when
// it is marked promoted and the rules demote.
func (p *core256) pickUpEffect(m Move) {
	h := p.rs.Hands
	pc, a := p.liftMan(m.From())
	t := pc.Type()
	if a.marked && h.Demote {
		t = h.DemoteTo(t)
	}
	p.changePool(p.side, h.DropFrom, t, 1)
}

// castleEffect moves the royal and its partner to their castling squares and ends the
// side's castling rights. Each piece carries what is attached to it. It returns the royal.
func (p *core256) castleEffect(m Move) Piece {
	us := p.side
	from, aux := m.From(), m.Aux()
	k, ak := p.liftMan(from)
	r, ar := p.liftMan(aux)
	w := p.tb.CastleWayOf(us, from, aux)
	rd := w.PartnerTo
	if m.To() != w.KingTo {
		rd = w.PartnerFor(m.To()) // one of the side's more destinations (castling.*.also)
	}
	p.placeMan(rd, r, ar)
	p.placeMan(m.To(), k, ak)
	p.castle = p.castle.AndNot(p.tb.CastleRank[us])
	if cs := p.rs.Castling; cs.Opposite {
		p.endOppositeRights(p.rs.FileOf(aux) > p.rs.FileOf(from))
	}
	return k
}

// endOppositeRights, under castling.opposite, ends the opponent's castling rights toward
// the side just castled to (higher: toward the higher files): its partners on that side
// of its castling royal (on its castling rank) no longer castle.
func (p *core256) endOppositeRights(higher bool) {
	them := p.side ^ 1
	rights := p.castle.And(p.tb.CastleRank[them])
	if !rights.Any() {
		return
	}
	king := NoSquare
	for b := p.tb.CastleRank[them]; b.Any(); b = b.Rest() {
		if man := p.board[b.First()]; man != NoPiece && man.Type() == p.rs.Castling.Royal && man.Color() == them {
			king = b.First()
			break
		}
	}
	if king == NoSquare {
		return
	}
	kf := p.rs.FileOf(king)
	for b := rights; b.Any(); b = b.Rest() {
		if (p.rs.FileOf(b.First()) > kf) == higher {
			p.castle = p.castle.Without(b.First())
		}
	}
}

// gateEffect, after any move of a ruleset with gating, puts the man m gates (if any) from
// the gating pool on its gate square, and ends the gating rights of every square the move
// changed: a man that moved or was captured no longer gates, nor does the gated man.
// When the mover's gating pool is spent for good (no capture refills it), its remaining
// rights end too, as the FEN no longer writes them. A mover of one of the types that end
// rights by their aim (compiler.PieceType.AimEnds) ends the first-move right of each enemy
// man it would capture onto from its landing cell on an empty board.
func (p *core256) gateEffect(m Move, moved Piece) {
	h := p.rs.Hands
	us := p.side
	old := p.gates
	if t := m.Gated(); t >= 0 {
		p.changePool(us, h.GateFrom, t, -1)
		p.putPiece(m.GateSquare(), MakePiece(t, us))
		if h.CaptureTo != h.GateFrom && p.poolEmpty(us, h.GateFrom) {
			p.gates = p.gates.AndNot(p.tb.CastleRank[us])
		}
	}
	p.gates = p.gates.AndNot(compiler.Bit256(m.From()).Or(compiler.Bit256(m.To()))).And(p.occupied())
	if m.Kind() == KindCastle {
		p.gates = p.gates.Without(m.Aux())
	}
	if c := m.Cap1(); c != NoSquare {
		p.gates = p.gates.Without(c)
	}
	if moved != NoPiece && p.landed != NoSquare && p.rs.AimEnders&(1<<uint(moved.Type())) != 0 {
		t := moved.Type()
		for b := p.gates.And(p.tb.AimReach(us, t, p.landed)); b.Any(); b = b.Rest() {
			if man := p.board[b.First()]; man.Color() != us && p.tb.Piece(man.Type()).AimEnds&(1<<uint(t)) != 0 {
				p.gates = p.gates.Without(b.First())
			}
		}
	}
	for b := old.Xor(p.gates); b.Any(); b = b.Rest() {
		p.hash ^= p.rs.Zobrist.GateKey(b.First())
		p.journal = append(p.journal, edit{kind: editGate, where: uint16(b.First())})
	}
}

// poolEmpty reports whether side c holds nothing in pool.
func (p *core256) poolEmpty(c Color, pool int) bool {
	for t := range p.rs.NumPieces() {
		if p.hand[p.rs.HandSlot(c, pool, t)] != 0 {
			return false
		}
	}
	return true
}

// MakeNull passes the move to the opponent (for a search's null-move pruning): en-passant
// targets lapse, nothing else changes (a decided game stays decided). Unmake takes it back.
func (p *core256) MakeNull() { p.play(newMove(0, 0).withKind(KindNull), false) }

// setEP marks the squares strictly between from and to as en-passant targets, when an
// enemy piece could capture there: otherwise the position is the same as without them
// (FIDE 9.2.2), which matters for repetition. Cells that are not squares are skipped.
func (p *core256) setEP(from, to Square) {
	rs := p.rs
	targets := p.passedSquares(from, to)
	if !p.epCapturable(p.side^1, targets) {
		return
	}
	p.ep, p.epVictim = targets, to
	for b := targets; b.Any(); b = b.Rest() {
		p.hash ^= rs.Zobrist.EPKey(b.First())
	}
}

// passedSquares is the set of squares strictly between from and to, stepping one cell
// toward to along each axis (a line of cells for an orthogonal or diagonal move): what a
// move leaving en-passant targets marks, and what reading a FEN checks against.
func (p *core256) passedSquares(from, to Square) bb256 {
	rs := p.rs
	df, dr := rs.FileOf(to)-rs.FileOf(from), rs.RankOf(to)-rs.RankOf(from)
	n := max(abs(df), abs(dr))
	sf, sr := sign(df), sign(dr)
	var passed bb256
	for i := 1; i < n; i++ {
		passed = passed.With(rs.SquareAt(rs.FileOf(from)+i*sf, rs.RankOf(from)+i*sr))
	}
	return passed.And(p.tb.Squares)
}

// epCapturable reports whether a piece of side c could capture en passant onto targets:
// for each target, the origins of each type's captures in passing onto it hold one.
func (p *core256) epCapturable(c Color, targets bb256) bool {
	at := &p.tb.AttackTables
	for ts, i := at.EPTypes(c), 0; i < ts.Len(); i++ {
		t := ts.At(i)
		men := p.byType[t].And(p.byColor[c])
		for b := targets; b.Any() && men.Any(); b = b.Rest() {
			if at.EPFromAt(c, t, b.First()).Meets(men) {
				return true
			}
		}
	}
	return false
}

// Unmake takes back the last move (or null move) made: the journal is reversed back to the
// frame's mark and the scalar state restored.
func (p *core256) Unmake() {
	u := &p.undo[len(p.undo)-1]
	for i := len(p.journal) - 1; i >= int(u.mark); i-- {
		e := &p.journal[i]
		switch e.kind {
		case editPut:
			p.lift(Square(e.where))
		case editRemove:
			p.place(Square(e.where), e.pc)
		case editStatus:
			p.status[e.where] = e.old
			if e.old == 0 {
				p.statused = p.statused.Without(Square(e.where))
			} else {
				p.statused = p.statused.With(Square(e.where))
			}
		case editPool:
			p.hand[e.where] = e.old
		case editMark:
			p.marked = p.marked.Xor(compiler.Bit256(Square(e.where)))
		case editGate:
			p.gates = p.gates.Xor(compiler.Bit256(Square(e.where)))
		case editWall:
			p.walls = p.walls.Xor(compiler.Bit256(Square(e.where)))
		}
	}
	p.journal = p.journal[:u.mark]
	if !u.kept {
		p.side ^= 1
		if p.side == compiler.Black {
			p.fullmove--
		}
	}
	p.inTurn = u.inTurn
	p.castle, p.ep, p.epVictim, p.strike, p.halfmove, p.hash = u.castle, u.ep, u.epVictim, u.strike, u.halfmove, u.hash
	p.ended, p.endGoal, p.checks = u.ended, u.endGoal, u.checks
	p.countLimit, p.countPly, p.weighed, p.keyed = u.countLimit, u.countPly, u.weighed, u.keyed
	p.undo = p.undo[:len(p.undo)-1]
}
