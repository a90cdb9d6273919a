// Move ordering: the hash move, captures by victim and attacker values, promotions, killers and history.
package search

import "chimera/interpreter"

// order sorts moves, best first, for the node at ply.
func (e *worker) order(moves []interpreter.Move, ply int, ttMove interpreter.Move) {
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
	// Insertion sort, best first: the lists are short and mostly ordered already.
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], scores[i]
		j := i - 1
		for ; j >= 0 && scores[j] < s; j-- {
			moves[j+1], scores[j+1] = moves[j], scores[j]
		}
		moves[j+1], scores[j+1] = m, s
	}
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
