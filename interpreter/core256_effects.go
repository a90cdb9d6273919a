// Capture effects and timed statuses on the 256-cell core: bounce, kick, the countdown, and the hits goals read.

package interpreter

import "chimera/compiler"

// effectCapture plays a normal move that captures on its destination in a ruleset whose
// captures are not plain replacements: a piece carrying the kick status is kicked (it and
// every piece beyond it in the move's step leave the board, the capturer takes its square);
// otherwise, with bounce, the captured piece stays (receiving the bounce status) and the
// capturer walks on by the move's step over every piece, giving each the status, to the
// first empty square it may stand on, or off the board. It returns the moving piece.
func (p *core256) effectCapture(m Move, u *frame256) Piece {
	rs := p.rs
	from, to := m.From(), m.To()
	if c := m.Cap1(); c != NoSquare {
		p.capture(c, u)
	}
	if c := m.Cap2(); c != NoSquare {
		p.capture(c, u)
	}
	pc, a := p.liftMan(from)
	dx, dy := p.captureStep(pc, from, to)
	land := to
	switch {
	case rs.Kick && p.status[to] != 0:
		p.capture(to, u)
		for sq := p.stepBy(to, dx, dy); sq != NoSquare; sq = p.stepBy(sq, dx, dy) {
			if p.board[sq] != NoPiece && !p.immune.Has(sq) {
				p.kickOff(sq, u)
			}
		}
	case rs.Capture == compiler.EffectBounce:
		land = p.bounceEnd(pc, to, dx, dy, u, bb256{})
	default:
		p.capture(to, u)
	}
	p.halfmove = 0
	p.landed = land
	if land == NoSquare {
		if p.tb.Piece(pc.Type()).Royal {
			u.lostRoyal = true
		}
		return pc
	}
	p.placeMan(land, pc, a)
	if pr := m.Promotion(); pr >= 0 {
		p.promote(land, pr)
	}
	return pc
}

// kickOff removes the piece on sq, of either side, as part of a kick: an enemy piece is
// captured, one of the mover's own leaves the game with what is attached to it.
func (p *core256) kickOff(sq Square, u *frame256) {
	pc := p.board[sq]
	if pc.Color() != p.side {
		p.capture(sq, u)
		return
	}
	p.hit(pc)
	p.liftMan(sq)
	if p.tb.Piece(pc.Type()).Royal {
		u.lostRoyal = true
	}
}

// bounceEnd walks a bouncing capturer pc from the captured piece on to by the step
// (dx, dy): every piece on the way, the captured one first, is hit (and given the bounce
// status when u is not nil and it has none); the walk ends on the first empty square pc
// may stand on, which it returns, or off the board (NoSquare). Unused cells are passed.
// With u nil nothing changes: move generation asks only where the capturer lands, and
// gone names the squares the move empties before it bounces (its captures in passing),
// which the board still shows occupied.
func (p *core256) bounceEnd(pc Piece, to Square, dx, dy int, u *frame256, gone bb256) Square {
	land := p.tb.Piece(pc.Type()).Land[pc.Color()]
	stun := p.rs.BounceStatus
	for sq := to; ; {
		if u != nil && p.board[sq] != NoPiece {
			p.hit(p.board[sq])
			if stun && p.status[sq] == 0 {
				// One more than the duration: the countdown after the move brings it down.
				p.setStatus(sq, p.rs.Status.Duration+1)
			}
		}
		if sq = p.stepBy(sq, dx, dy); sq == NoSquare {
			return NoSquare
		}
		if (p.board[sq] == NoPiece || gone.Has(sq)) && land.Has(sq) {
			return sq
		}
	}
}

// stepBy is the cell (dx, dy) from sq, or NoSquare off the grid or on a missing cell (the
// edge of the board); unused cells are returned (nothing stands there).
func (p *core256) stepBy(sq Square, dx, dy int) Square {
	rs := p.rs
	t := rs.SquareAt(rs.FileOf(sq)+dx, rs.RankOf(sq)+dy)
	if t == NoSquare || p.tb.Missing.Has(t) {
		return NoSquare
	}
	return t
}

// captureStep is the unit step of pc's capture from from to to: a leap's whole vector (a
// knight's own jump, a pawn's diagonal), a ride's direction, or else the displacement
// reduced by its greatest common divisor.
func (p *core256) captureStep(pc Piece, from, to Square) (int, int) {
	rs := p.rs
	c := pc.Color()
	pt := p.tb.Piece(p.movesOf(pc, from))
	dx, dy := rs.FileOf(to)-rs.FileOf(from), rs.RankOf(to)-rs.RankOf(from)
	if pt.LeapCaptureAt(c, from).Has(to) {
		return dx, dy
	}
	for dis, i := pt.Slides(c), 0; i < dis.Len(); i++ {
		if d := p.tb.Dir(dis.At(i)); d.RayAt(from).Has(to) {
			return d.V.DX, d.V.DY
		}
	}
	for rides, i := pt.Rides(c), 0; i < rides.Len(); i++ {
		if d := p.tb.Dir(rides.At(i).Dir); d.RayAt(from).Has(to) {
			return d.V.DX, d.V.DY
		}
	}
	g := gcd(abs(dx), abs(dy))
	return dx / g, dy / g
}

// landing is where the capturer of m, a capture on its destination, ends: the destination
// for a replacement or a kick, the bounce's landing square, or NoSquare when it is lost.
func (p *core256) landing(m Move) Square {
	from, to := m.From(), m.To()
	if p.rs.Capture != compiler.EffectBounce || p.rs.Kick && p.status[to] != 0 {
		return to
	}
	pc := p.board[from]
	dx, dy := p.captureStep(pc, from, to)
	var gone bb256
	if c := m.Cap1(); c != NoSquare {
		gone = gone.With(c)
	}
	if c := m.Cap2(); c != NoSquare {
		gone = gone.With(c)
	}
	return p.bounceEnd(pc, to, dx, dy, nil, gone)
}

// landingPromotions re-emits the captures among buf[start:], moves of the promoting piece
// type pt, for a ruleset with capture effects: emit promoted them by their destination, but
// a capture promotes where the capturer lands (once per choice), and not at all when it is
// lost. Other moves stay as they are.
func (p *core256) landingPromotions(buf []Move, start int, pt *compiler.PieceType[bb256]) []Move {
	pr := pt.Promotion
	i := start
	for i < len(buf) && (buf[i].Kind() != KindNormal || p.board[buf[i].To()] == NoPiece) {
		i++ // moves before the first capture stay as they are
	}
	if i == len(buf) {
		return buf
	}
	start = i
	p.fxScratch = append(p.fxScratch[:0], buf[start:]...)
	buf = buf[:start]
	for _, m := range p.fxScratch {
		to := m.To()
		if m.Kind() != KindNormal || p.board[to] == NoPiece || to == m.From() {
			buf = append(buf, m)
			continue
		}
		// emit left the capture whole: it promotes where the capturer lands (or, with
		// leaving, when it left the zone and did not fall off the board).
		land := p.landing(m)
		if land == NoSquare || !pr.Zone[p.side].Has(land) && !(pr.Leaving && pr.Zone[p.side].Has(m.From())) {
			buf = append(buf, m)
			continue
		}
		buf = p.appendPromotions(buf, pr, m, land)
	}
	return buf
}

// hit records that the move hit pc, when some hit goal counts its type.
func (p *core256) hit(pc Piece) {
	if p.rs.HitTypes>>uint(pc.Type())&1 != 0 {
		p.hits = append(p.hits, pc)
	}
}

// countdown lowers every timed status by one half-move.
func (p *core256) countdown() {
	for b := p.statused; b.Any(); b = b.Rest() {
		sq := b.First()
		p.setStatus(sq, int(p.status[sq])-1)
	}
}

// hitGoal decides a hit goal after a move of side us: reached when the move hit an enemy
// piece of a counted type; the result is reversed when the first counted piece it hit was
// the mover's own.
func (p *core256) hitGoal(g *compiler.Goal[bb256], us Color) (compiler.Outcome, bool) {
	first, enemy := NoPiece, false
	for _, h := range p.hits {
		if g.Hit>>uint(h.Type())&1 == 0 {
			continue
		}
		if first == NoPiece {
			first = h
		}
		enemy = enemy || h.Color() != us
	}
	if !enemy {
		return 0, false
	}
	if first.Color() == us {
		return -g.Result, true
	}
	return g.Result, true
}

// movers is the set of c's pieces able to move: not frozen, not held by an immobile status.
func (p *core256) movers(c Color) bb256 {
	if !p.restrained {
		return p.byColor[c]
	}
	return p.moversSlow(c)
}

func (p *core256) moversSlow(c Color) bb256 {
	a := p.byColor[c]
	if p.freezes {
		a = a.AndNot(p.frozen(c))
	}
	if p.immobile {
		a = a.AndNot(p.statused)
	}
	return a
}

// keepRoyals keeps the moves of buf that remove no royal piece of the mover (losesRoyal).
func (p *core256) keepRoyals(buf []Move) []Move {
	n := 0
	for _, m := range buf {
		if !p.losesRoyal(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// losesRoyal reports, without playing it, whether m would remove a royal piece of the
// mover: a bouncing royal capturer lost off the board, or a royal of the mover in the line
// of a kick. It agrees with the lostRoyal that playing m records.
func (p *core256) losesRoyal(m Move) bool {
	to := m.To()
	if m.Kind() != KindNormal || p.board[to] == NoPiece || to == m.From() {
		return false
	}
	rs := p.rs
	from := m.From()
	pc := p.board[from]
	if rs.Kick && p.status[to] != 0 {
		dx, dy := p.captureStep(pc, from, to)
		for sq := p.stepBy(to, dx, dy); sq != NoSquare; sq = p.stepBy(sq, dx, dy) {
			if q := p.board[sq]; q != NoPiece && q.Color() == p.side && p.tb.Piece(q.Type()).Royal && !p.immune.Has(sq) {
				return true
			}
		}
		return false
	}
	return rs.Capture == compiler.EffectBounce && p.tb.Piece(pc.Type()).Royal && p.landing(m) == NoSquare
}
