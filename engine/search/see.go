// Static exchange evaluation: the exchange a capture starts on its square, played out with the rules' own moves.
package search

import (
	"chimera/interpreter"
)

// seeMaxDepth bounds the captures of one exchange.
const seeMaxDepth = 32

// seeRoyal is a royal man's worth in an exchange: more than any material, so it is the
// last to take part (a legal exchange never gives it up).
const seeRoyal = 1 << 20

// seeValue is the worth in an exchange of the man pc, as it stands or as m promotes it.
func (e *worker) seeValue(pc interpreter.Piece, m interpreter.Move) int {
	if pc == interpreter.NoPiece {
		return 0
	}
	t := pc.Type()
	if pr := m.Promotion(); pr >= 0 {
		t = pr
	}
	if e.rs.RoyalTypes>>uint(t)&1 != 0 {
		return seeRoyal
	}
	return e.eval.value[t]
}

// victimValue is the worth of what capture m takes: the man on its target, or the one it
// takes in passing.
func (e *worker) victimValue(m interpreter.Move) int {
	p := e.p
	if pc := p.At(m.To()); pc != interpreter.NoPiece && !m.IsDrop() {
		return e.seeValue(pc, interpreter.NoMove)
	}
	if sq := m.Cap1(); sq != interpreter.NoSquare {
		return e.seeValue(p.At(sq), interpreter.NoMove)
	}
	return 0
}

// seeAtLeast reports whether capture m, answered by the best sequence of captures on its
// square (each side capturing with its least valuable man, each free to stop), wins at
// least threshold centipawns for the side that plays it. The exchange is played on the
// position with legal moves (so pins, screens, statuses and every rule that shapes the
// next capture are the rules' own) and taken back.
func (e *worker) seeAtLeast(m interpreter.Move, threshold int) bool {
	p := e.p
	sq := m.To()
	var gain [seeMaxDepth]int
	gain[0] = e.victimValue(m)
	if pr := m.Promotion(); pr >= 0 {
		gain[0] += e.eval.value[pr] - e.eval.value[p.At(m.From()).Type()]
	}
	onSquare := e.seeValue(p.At(m.From()), m)
	p.Make(m)
	made, d := 1, 0
	for d+1 < seeMaxDepth {
		next := e.leastCapture(sq)
		if next == interpreter.NoMove {
			break
		}
		d++
		gain[d] = onSquare - gain[d-1]
		if pr := next.Promotion(); pr >= 0 {
			gain[d] += e.eval.value[pr] - e.eval.value[p.At(next.From()).Type()]
		}
		onSquare = e.seeValue(p.At(next.From()), next)
		p.Make(next)
		made++
	}
	for ; made > 0; made-- {
		p.Unmake()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0] >= threshold
}

// leastCapture is the legal capture on sq by the side to move with its least valuable man
// (the most valuable promotion among its moves), or NoMove.
func (e *worker) leastCapture(sq interpreter.Square) interpreter.Move {
	p := e.p
	attackers := p.Attackers(sq, p.Side())
	for attackers.Any() {
		// The least valuable attacker not yet tried.
		from, low := interpreter.NoSquare, 0
		for a := attackers; a.Any(); a = a.Rest() {
			s := a.First()
			if v := e.seeValue(p.At(s), interpreter.NoMove); from == interpreter.NoSquare || v < low {
				from, low = s, v
			}
		}
		attackers = attackers.Without(from)
		e.seeBuf = p.CapturesOnto(from, sq, e.seeBuf)
		best, bestValue := interpreter.NoMove, -1
		for _, m := range e.seeBuf {
			if v := e.seeValue(p.At(from), m); v > bestValue {
				best, bestValue = m, v
			}
		}
		if best != interpreter.NoMove {
			return best
		}
	}
	return interpreter.NoMove
}
