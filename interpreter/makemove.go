// Make and unmake: apply a move with an undo record on the position's preallocated stack.
package interpreter

import "chimera/compiler"

// Make plays m, which must be legal (or at least pseudo-legal) in p.
func (p *Position) Make(m Move) {
	rs := p.rs
	p.undo = append(p.undo, Undo{Move: m, Castle: p.castle, EP: p.ep, EPVictim: p.epVictim, Halfmove: p.halfmove, Hash: p.hash, Ended: p.ended})
	u := &p.undo[len(p.undo)-1]
	from, to := m.From(), m.To()
	us := p.side
	for b := p.ep; b != 0; b &= b - 1 {
		p.hash ^= rs.Zobrist.EP[b.First()]
	}
	p.ep, p.epVictim = 0, NoSquare
	oldCastle := p.castle
	p.halfmove++

	if m.Kind() == KindCastle {
		aux := m.Aux()
		k := p.remove(from)
		r := p.remove(aux)
		side := 0
		if aux < from {
			side = 1
		}
		rank := rs.Castling.Rank[us]
		p.put(rs.SquareAt(rs.Castling.PartnerFile[side], rank), r)
		p.put(to, k)
		p.castle &^= p.castleRank[us]
	} else {
		capture := false
		if c := m.Cap1(); c != NoSquare {
			u.Captured[0] = p.remove(c)
			capture = true
			p.castle &^= compiler.Bit(c)
		}
		if c := m.Cap2(); c != NoSquare {
			u.Captured[1] = p.remove(c)
			capture = true
			p.castle &^= compiler.Bit(c)
		}
		if p.board[to] != NoPiece {
			u.Captured[2] = p.remove(to)
			capture = true
		}
		pc := p.remove(from)
		u.Moved = pc
		pt := &rs.Pieces[pc.Type()]
		if capture || pt.ResetsClock {
			p.halfmove = 0
		}
		if pr := m.Promotion(); pr >= 0 {
			p.put(to, MakePiece(pr, us))
		} else {
			p.put(to, pc)
		}
		p.castle &^= compiler.Bit(from) | compiler.Bit(to)
		if rs.Castling != nil && pc.Type() == rs.Castling.Royal && p.castleRank[us].Has(from) {
			p.castle &^= p.castleRank[us]
		}
		if m.MakesEP() {
			p.setEP(from, to)
		}
		if len(rs.Goals) > 0 {
			p.ended = p.goalReached(m, pc)
		}
	}
	if diff := oldCastle ^ p.castle; diff != 0 {
		for b := diff; b != 0; b &= b - 1 {
			p.hash ^= rs.Zobrist.Castle[b.First()]
		}
	}
	p.side ^= 1
	p.hash ^= rs.Zobrist.Side
	if us == compiler.Black {
		p.fullmove++
	}
}

// setEP marks the squares strictly between from and to as en-passant targets, when an
// enemy piece could capture there: otherwise the position is the same as without them
// (FIDE 9.2.2), which matters for repetition. Cells that are not squares are skipped.
func (p *Position) setEP(from, to Square) {
	rs := p.rs
	df, dr := rs.FileOf(to)-rs.FileOf(from), rs.RankOf(to)-rs.RankOf(from)
	n := max(abs(df), abs(dr))
	sf, sr := sign(df), sign(dr)
	var targets Bitboard
	for i := 1; i < n; i++ {
		targets |= compiler.Bit(rs.SquareAt(rs.FileOf(from)+i*sf, rs.RankOf(from)+i*sr))
	}
	targets &= rs.Squares
	if !p.epCapturable(p.side^1, targets) {
		return
	}
	p.ep, p.epVictim = targets, to
	for b := targets; b != 0; b &= b - 1 {
		p.hash ^= rs.Zobrist.EP[b.First()]
	}
}

// epCapturable reports whether a piece of side c could capture en passant onto targets.
// It runs only after moves that leave targets, so a scan of c's pieces is cheap enough.
func (p *Position) epCapturable(c Color, targets Bitboard) bool {
	for t := range p.rs.Pieces {
		pt := &p.rs.Pieces[t]
		for b := p.byType[t] & p.byColor[c]; b != 0; b &= b - 1 {
			if pt.EPCapture[c][b.First()]&targets != 0 {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Unmake takes back the last move made.
func (p *Position) Unmake() {
	u := &p.undo[len(p.undo)-1]
	m := u.Move
	p.side ^= 1
	us := p.side
	from, to := m.From(), m.To()
	if m.Kind() == KindCastle {
		rs := p.rs
		side := 0
		if m.Aux() < from {
			side = 1
		}
		k := p.remove(to)
		r := p.remove(rs.SquareAt(rs.Castling.PartnerFile[side], rs.Castling.Rank[us]))
		p.put(from, k)
		p.put(m.Aux(), r)
	} else {
		p.remove(to)
		p.put(from, u.Moved)
		if u.Captured[2] != NoPiece {
			p.put(to, u.Captured[2])
		}
		if u.Captured[0] != NoPiece {
			p.put(m.Cap1(), u.Captured[0])
		}
		if u.Captured[1] != NoPiece {
			p.put(m.Cap2(), u.Captured[1])
		}
	}
	if us == compiler.Black {
		p.fullmove--
	}
	p.castle, p.ep, p.epVictim, p.halfmove, p.hash, p.ended = u.Castle, u.EP, u.EPVictim, u.Halfmove, u.Hash, u.Ended
	p.undo = p.undo[:len(p.undo)-1]
}
