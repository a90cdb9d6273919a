// Turns of several moves on the 256-cell core: whether a turn goes on after a move, the
// turn's part in the hash and FEN, and the legality of rules whose royal may stand
// attacked within a turn (turn check).

package interpreter

import "chimera/compiler"

// turnGoesOn reports, after side us's move (before the side to move changes), whether
// us moves again: its turn has moves left, the game is not decided, and the move gave no
// check where a check ends the turn.
func (p *core256) turnGoesOn(us Color) bool {
	if p.ended != 0 || int(p.inTurn)+1 >= p.turns.Moves(us, p.fullmove-1) {
		return false
	}
	return !p.turns.CheckEnds || !p.sideInCheck(us^1)
}

// setInTurn makes k the number of moves the side to move has made of its turn.
func (p *core256) setInTurn(k int16) {
	p.hash ^= turnKey(int(p.inTurn)) ^ turnKey(int(k))
	p.inTurn = k
}

// TurnPart is the number of moves the side to move has made of its turn (0 at its start;
// always 0 in rules of one move a turn).
func (p *core256) TurnPart() int { return int(p.inTurn) }

// TurnMoves is the number of moves the turn of the side to move has in all (1 in rules
// of one move a turn); a check may end it sooner.
func (p *core256) TurnMoves() int {
	if p.turns == nil {
		return 1
	}
	return p.turns.Moves(p.side, p.fullmove-1)
}

// nextTurnMoves is the number of moves of side c's opponent's next turn, side c to move.
func (p *core256) nextTurnMoves(c Color) int {
	k := p.fullmove - 1
	if c == compiler.Black {
		k++ // White's next turn comes with the next move number
	}
	return p.turns.Moves(c^1, k)
}

// turnBuf is the scratch buffer of the turn check's look-ahead at depth d.
func (p *core256) turnBuf(d int) []Move {
	for len(p.turnBufs) <= d {
		p.turnBufs = append(p.turnBufs, make([]Move, 0, 64))
	}
	return p.turnBufs[d]
}

// turnLegal keeps, of the pseudo-legal moves in buf, those legal under turn check: a
// move that ends the turn must leave the mover's royal safe from the opponent's whole
// next turn (threatened); one that does not must leave the turn a legal move to go on.
func (p *core256) turnLegal(buf []Move) []Move {
	us := p.side
	n := 0
	for _, m := range buf {
		p.Make(m)
		var ok bool
		if p.side != us {
			ok = !p.threatened(us, p.TurnMoves())
		} else {
			ok = p.hasTurnMove()
		}
		p.Unmake()
		if ok {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// hasTurnMove reports whether the side to move, within its turn under turn check, has a
// legal move.
func (p *core256) hasTurnMove() bool {
	d := p.turnDepth
	p.turnDepth++
	moves := p.PseudoMoves(p.turnBuf(d))
	p.turnBufs[d] = moves
	us := p.side
	found := false
	for _, m := range moves {
		p.Make(m)
		if p.side != us {
			found = !p.threatened(us, p.TurnMoves())
		} else {
			found = p.hasTurnMove()
		}
		p.Unmake()
		if found {
			break
		}
	}
	p.turnDepth--
	return found
}

// threatened reports whether the opponent of c, now to move, could capture a royal man
// of c within a turn of n moves: one attacks it now, or some move of the opponent's (by
// the rules of movement, whatever it leaves of its own royal) makes it threatened within
// n-1.
func (p *core256) threatened(c Color, n int) bool {
	if n <= 0 {
		return false
	}
	if p.sideInCheck(c) {
		return true
	}
	if n == 1 || p.royals(c).Empty() {
		return false
	}
	d := p.turnDepth
	p.turnDepth++
	moves := p.PseudoMoves(p.turnBuf(d))
	p.turnBufs[d] = moves
	found := false
	for _, m := range moves {
		p.makeProbe(m)
		if n == 2 {
			found = p.sideInCheck(c)
		} else {
			p.MakeNull()
			found = p.threatened(c, n-1)
			p.Unmake()
		}
		p.Unmake()
		if found {
			break
		}
	}
	p.turnDepth--
	return found
}

// turnChecked is InCheck under turn check: the side to move is threatened by its
// opponent's next turn.
func (p *core256) turnChecked() bool {
	c, n := p.side, p.nextTurnMoves(p.side)
	if p.sideInCheck(c) {
		return true
	}
	p.MakeNull()
	t := p.threatened(c, n)
	p.Unmake()
	return t
}
