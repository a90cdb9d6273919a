// Pools on the 256-cell core: captures into a pool, drops, exchanges, promotion from a pool, promoted marks.

package interpreter

import (
	"math/bits"

	"chimera/compiler"
)

// setMark switches the promoted mark of sq on or off (journaled, hashed): a marked piece
// enters a pool as what it promoted from when it is captured.
func (p *core256) setMark(sq Square, on bool) {
	if p.marked.Has(sq) == on {
		return
	}
	p.marked = p.marked.Xor(compiler.Bit256(sq))
	p.hash ^= p.rs.Zobrist.PromotedKey(sq)
	p.journal = append(p.journal, edit{kind: editMark, where: uint16(sq)})
}

// Marked is the set of squares holding promoted pieces (in rulesets that demote them).
func (p *core256) Marked() compiler.Bitboard { return p.marked.Wide() }

// toPool puts the piece pc, captured by the side to move, into the capturer's capture
// pool (as what it promoted from, when it was marked promoted and the rules demote).
func (p *core256) toPool(pc Piece, marked bool) { p.toPoolOf(p.side, pc, marked) }

// toPoolOf is toPool into side by's capture pool (an exploded man goes into its owner's
// opponent's).
func (p *core256) toPoolOf(by Color, pc Piece, marked bool) {
	h := p.rs.Hands
	t := h.CapturedAs(pc.Type())
	if marked && h.Demote {
		t = h.DemoteTo(t)
	}
	if h.CaptureTo >= 0 {
		p.changePool(by, h.CaptureTo, t, 1)
	}
}

// genDrops appends the drops of the side to move onto the empty squares of mask.
func (p *core256) genDrops(buf []Move, mask bb256) []Move {
	h := p.rs.Hands
	if h.DropFrom < 0 {
		return buf
	}
	us := p.side
	empty := p.tb.Squares.AndNot(p.occupied()).And(mask)
	if p.dropCellRules {
		empty = p.dropCells(empty, us)
	}
	held := p.hand[p.rs.HandSlot(us, h.DropFrom, 0):][:p.rs.NumPieces()] // the pool's count of each type
	for t, n := range held {
		if n == 0 && !h.Free {
			continue
		}
		to := p.tb.DropToAt(us, t).And(empty)
		if h.OnePerFile>>uint(t)&1 != 0 {
			// No more men of this type on a file than drops.per-file (one by default).
			men := p.pieces(us, t)
			for b := men; b.Any(); b = b.Rest() {
				if file := p.tb.FileCellsOf(b.First()); h.PerFile <= 1 || men.And(file).Count() >= h.PerFile {
					to = to.AndNot(file)
				}
			}
		}
		for b := to; b.Any(); b = b.Rest() {
			m := newDrop(b.First(), t)
			if h.DropsNoCheck && p.givesCheck(m) {
				continue // a drop may not give check
			}
			if h.SplitColors != 0 && !p.keepsColorsSplit(t, b.First()) {
				continue
			}
			buf = append(buf, m)
		}
		if h.DropPromoted {
			buf = p.genPromotedDrops(buf, t, empty)
		}
	}
	return buf
}

// genPromotedDrops appends the drops of a held man of type t as the type it promotes to
// (drops.promoted), onto the squares of empty where that type may be dropped.
func (p *core256) genPromotedDrops(buf []Move, t int, empty bb256) []Move {
	pr := p.tb.Piece(t).Promotion
	if pr == nil || pr.NumChoices(p.side) == 0 || pr.ChoiceAt(p.side, 0) < 0 {
		return buf
	}
	y := pr.ChoiceAt(p.side, 0)
	for b := p.tb.DropToAt(p.side, y).And(empty); b.Any(); b = b.Rest() {
		m := newDrop(b.First(), t).withPromotion(y)
		if p.rs.Hands.DropsNoCheck && p.givesCheck(m) {
			continue
		}
		buf = append(buf, m)
	}
	return buf
}

// keepsColorsSplit reports whether the mover may drop a man of type t on sq under the
// split-colors rule: for each listed type, half of its men (board and pool together,
// rounded down) must still be able to stand on each colour of square. A man of a listed
// type may not make more than half (rounded up) of its kind stand on one colour; any other
// drop must leave enough empty squares of each colour where that type may be dropped.
func (p *core256) keepsColorsSplit(t int, sq Square) bool {
	h := p.rs.Hands
	us := p.side
	dark := p.tb.Dark
	for s := 0; s < p.rs.NumPieces(); s++ {
		if h.SplitColors>>uint(s)&1 == 0 {
			continue
		}
		on := p.pieces(us, s)
		total := on.Count() + int(p.hand[p.rs.HandSlot(us, h.DropFrom, s)])
		if s == t {
			same := dark
			if !dark.Has(sq) {
				same = p.tb.Squares.AndNot(dark)
			}
			if on.And(same).Count()+1 > (total+1)/2 {
				return false
			}
			continue
		}
		room := p.tb.DropToAt(us, s).AndNot(p.occupied()).Without(sq).Or(on)
		if room.And(dark).Count() < total/2 || room.AndNot(dark).Count() < total/2 {
			return false
		}
	}
	return true
}

// givesCheck reports whether m, played by the side to move, leaves the other side in check.
func (p *core256) givesCheck(m Move) bool {
	p.makeProbe(m)
	check := p.sideInCheck(p.side)
	p.Unmake()
	return check
}

// holdsMustDrop reports whether the side to move holds a man of a must-drop type in its
// drop pool.
func (p *core256) holdsMustDrop() bool {
	h := p.rs.Hands
	base := p.rs.HandSlot(p.side, h.DropFrom, 0)
	for m := h.MustDrop; m != 0; m &= m - 1 {
		if p.hand[base+bits.TrailingZeros64(uint64(m))] > 0 {
			return true
		}
	}
	return false
}

// keepDropsIfAny applies must-drop to the legal moves in buf: while the side to move holds
// a piece of a must-drop type in the drop pool, it may drop no other type, and while one
// of those drops is legal, only those drops are.
func (p *core256) keepDropsIfAny(buf []Move) []Move {
	if !p.holdsMustDrop() {
		return buf
	}
	h := p.rs.Hands
	must := false
	for _, m := range buf {
		must = must || m.Kind() == KindDrop && h.MustDrop>>uint(m.Dropped())&1 != 0
	}
	n := 0
	for _, m := range buf {
		if m.IsDrop() && h.MustDrop>>uint(m.Dropped())&1 != 0 || !m.IsDrop() && !must {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// genExchanges appends the exchanges of the side to move whose drop lands in mask: a man
// of its give pool, ranking at least as high, for one of its own in the opponent's take
// pool, dropped at once on an empty square.
func (p *core256) genExchanges(buf []Move, mask bb256) []Move {
	x := p.rs.Hands.Exchange
	if x == nil {
		return buf
	}
	us := p.side
	empty := p.tb.Squares.AndNot(p.occupied()).And(mask)
	n := p.rs.NumPieces()
	for give := range n {
		if x.Rank(give) < 0 || p.hand[p.rs.HandSlot(us, x.Give, give)] == 0 {
			continue
		}
		for t := range n {
			if x.Rank(t) < 0 || x.Rank(t) > x.Rank(give) || p.hand[p.rs.HandSlot(us^1, x.Take, t)] == 0 {
				continue
			}
			for b := p.tb.DropToAt(us, t).And(empty); b.Any(); b = b.Rest() {
				buf = append(buf, newExchange(b.First(), give, t))
			}
		}
	}
	return buf
}

// genPoolMoves appends drops and exchanges landing in mask.
func (p *core256) genPoolMoves(buf []Move, mask bb256) []Move {
	return p.genExchanges(p.genDrops(buf, mask), mask)
}

// dropEffect plays a drop or an exchange and returns the piece put on the board.
func (p *core256) dropEffect(m Move) Piece {
	h := p.rs.Hands
	us := p.side
	t := m.Dropped()
	if m.Kind() == KindExchange {
		x := h.Exchange
		p.changePool(us, x.Give, m.Given(), -1)
		p.changePool(us^1, x.To, m.Given(), 1)
		p.changePool(us^1, x.Take, t, -1)
	} else if !h.Free {
		p.changePool(us, h.DropFrom, t, -1)
	}
	if y := m.Promotion(); y >= 0 {
		t = y // dropped as its promoted type (drops.promoted)
	}
	pc := MakePiece(t, us)
	to := m.To()
	p.putPiece(to, pc)
	if m.Promotion() >= 0 && h.Demote {
		p.setMark(to, true) // it returns to a pool as what was dropped
	}
	if pt := p.tb.Piece(t); pt.ResetsClock[us] || pt.ResetsUnlessBack[us] || h.DropResetsClock {
		p.halfmove = 0
	}
	p.regainCastling(to, t)
	if h.CreateCastling {
		p.createCastling(to, t)
	}
	return pc
}

// createCastling gives castling rights for a drop of type t on sq (create-castling): a
// royal dropped on its castling square gains them with every partner on a corner of its
// castling rank, a partner dropped on a corner gains its own while the royal stands on
// that square. (play hashes the change of castle.)
func (p *core256) createCastling(sq Square, t int) {
	cs := p.rs.Castling
	us := p.side
	rank := cs.Rank[us]
	if p.rs.RankOf(sq) != rank {
		return
	}
	home := p.rs.SquareAt(p.rs.Hands.RoyalHomeFile, rank)
	corners := compiler.Bit256(p.rs.SquareAt(0, rank)).With(p.rs.SquareAt(p.rs.Files-1, rank))
	switch {
	case t == cs.Royal && sq == home:
		p.castle = p.castle.Or(p.partnerMen(us).And(corners))
	case cs.Partners>>uint(t)&1 != 0 && corners.Has(sq) && p.board[home] == MakePiece(cs.Royal, us):
		p.castle = p.castle.With(sq)
	}
}

// regainCastling gives back a castling right when a partner of type t is dropped on a
// corner of its side's castling rank while the side's king has never moved (its square
// keeps a bit in castle: see kingBits).
func (p *core256) regainCastling(sq Square, t int) {
	cs := p.rs.Castling
	if !p.kingBits || cs.Partners>>uint(t)&1 == 0 {
		return
	}
	us := p.side
	rank := cs.Rank[us]
	if sq != p.rs.SquareAt(0, rank) && sq != p.rs.SquareAt(p.rs.Files-1, rank) {
		return
	}
	if !p.castle.Meets(p.pieces(us, cs.Royal).And(p.tb.CastleRank[us])) {
		return // the king has moved (or stands elsewhere)
	}
	p.castle = p.castle.With(sq) // play hashes the change of castle
}

// poolPromotions drops, among buf[start:] (moves of the promoting type pt whose pieces
// promote from a pool), the promotions to a type the pool does not hold: with none held,
// the piece has no move into its promotion zone at all.
func (p *core256) poolPromotions(buf []Move, start int, pt *compiler.PieceType[bb256]) []Move {
	pr := pt.Promotion
	owner := p.side
	if pr.FromOpponent {
		owner ^= 1
	}
	n := start
	for _, m := range buf[start:] {
		if t := m.Promotion(); t >= 0 && p.hand[p.rs.HandSlot(owner, pr.FromPool, t)] == 0 {
			continue
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// promoteFromPool takes the promoted type t out of the pool of the promoting piece type
// pt (the opponent's, if so declared) and puts the promoting piece of type from into it.
func (p *core256) promoteFromPool(pt *compiler.PieceType[bb256], from, t int) {
	pr := pt.Promotion
	owner := p.side
	if pr.FromOpponent {
		owner ^= 1
	}
	p.changePool(owner, pr.FromPool, t, -1)
	p.changePool(owner, pr.FromPool, from, 1)
}

// Receive puts one man of type t into side c's drop pool from outside the game (a
// partner's capture on another board), hashed and weighed. It is journaled with the last
// move, so that unmaking that move takes it back too. It reports false, changing nothing,
// when the rules have no drop pool, t is no type, or the pool cannot count one more.
func (p *core256) Receive(c Color, t int) bool {
	h := p.rs.Hands
	if h == nil || h.DropFrom < 0 || t < 0 || t >= p.rs.NumPieces() || c > 1 {
		return false
	}
	if p.hand[p.rs.HandSlot(c, h.DropFrom, t)] == 255 {
		return false
	}
	p.changePool(c, h.DropFrom, t, 1)
	return true
}
