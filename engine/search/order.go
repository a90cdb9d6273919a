// Move ordering: the hash move, captures by victim and attacker values, promotions, killers and history.

package search

import "chimera/interpreter"

// order scores moves for the node at ply (next then takes them best first). With
// demote, a capture that likely loses material (losingCapture) comes after the killers.
func (e *worker) order(moves []interpreter.Move, ply int, ttMove interpreter.Move, demote bool) {
	p := e.p
	cells := e.rs.Cells
	c := int(p.Side())
	scores := e.scores[ply][:0]
	for _, m := range moves {
		var s int32
		switch {
		case m == ttMove:
			s = 1 << 30
		case p.IsCapture(m):
			victim := 0
			if pc := p.At(m.To()); pc != interpreter.NoPiece && !m.IsDrop() {
				if e.caps.hitRoyals>>uint(pc.Type())&1 != 0 && pc.Color() != p.Side() {
					s = 1<<30 + 1 // hits a royal man: the game is won (royals have no value)
					break
				}
				victim = e.eval.value[pc.Type()]
			} else if sq := m.Cap1(); sq != interpreter.NoSquare {
				victim = e.eval.value[p.At(sq).Type()]
			}
			if t := m.Promotion(); t >= 0 {
				victim += e.eval.value[t]
			}
			attacker := 0
			if pc := p.At(m.From()); pc != interpreter.NoPiece {
				attacker = e.eval.value[pc.Type()]
			}
			s = 1<<24 + int32(victim)*16 - int32(attacker)/16
			if demote && e.losingCapture(p, m) {
				s -= 1<<24 - 1<<21 // after the killers, before the quiet moves' history (below 1<<21)
			}
		case m == e.killers[ply][0]:
			s = 1<<22 + 1
		case m == e.killers[ply][1]:
			s = 1 << 22
		default:
			s = e.history[(c*cells+int(m.From()))*cells+int(m.To())]
		}
		scores = append(scores, s)
	}
	e.scores[ply] = scores
}

// picked is how many moves of a node next picks one by one before it sorts the rest.
const picked = 3

// next returns the move to search i-th at ply, best first by the scores order gave (the
// first of equals): the first picked moves are picked out one by one, and the rest sorted
// once if the node gets that far, so a node cut off early sorts little. The moves come
// out as a stable sort would give them.
func (e *worker) next(moves []interpreter.Move, ply, i int) interpreter.Move {
	scores := e.scores[ply]
	switch {
	case i < picked:
		best := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[best] {
				best = j
			}
		}
		if best != i {
			m, s := moves[best], scores[best]
			copy(moves[i+1:best+1], moves[i:best])
			copy(scores[i+1:best+1], scores[i:best])
			moves[i], scores[i] = m, s
		}
	case i == picked:
		// Insertion sort of the rest: short lists, mostly in order already.
		for k := i + 1; k < len(moves); k++ {
			m, s := moves[k], scores[k]
			j := k - 1
			for ; j >= i && scores[j] < s; j-- {
				moves[j+1], scores[j+1] = moves[j], scores[j]
			}
			moves[j+1], scores[j+1] = m, s
		}
	}
	return moves[i]
}

// rememberCutoff records a quiet move that refuted a node: a killer at ply and history.
func (e *worker) rememberCutoff(m interpreter.Move, ply, depth int) {
	if e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	cells := e.rs.Cells
	i := (int(e.p.Side())*cells+int(m.From()))*cells + int(m.To())
	e.history[i] += int32(depth * depth)
	if e.history[i] > 1<<20 {
		for j := range e.history {
			e.history[j] /= 2
		}
	}
}
