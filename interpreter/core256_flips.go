// Flips on the 256-cell core: enemy men turned to the mover's side after a move or a drop, and the drops that flipping games allow (next to one's own men, flanking, the first cells).
package interpreter

import "chimera/compiler"

// flipEffect turns the enemy men the move that landed on sq flips (compiler.Ruleset's
// FlipAdjacent, FlipFlanked): each is lifted and put back in the mover's colour.
func (p *core256) flipEffect(sq Square) {
	us := p.side
	var turned bb256
	if p.rs.FlipAdjacent {
		turned = p.tb.NextTo(sq).And(p.byColor[us^1])
	}
	if p.rs.FlipFlanked {
		turned = turned.Or(p.flanked(sq, us))
	}
	for b := turned; b.Any(); b = b.Rest() {
		s := b.First()
		pc := p.removePiece(s)
		p.putPiece(s, MakePiece(pc.Type(), us))
	}
}

// flanked is the set of side them's men that a man of side us on sq flanks: in each
// direction, an unbroken line of at least one of them followed by a man of us.
func (p *core256) flanked(sq Square, us Color) bb256 {
	rs := p.rs
	var out bb256
	f0, r0 := rs.FileOf(sq), rs.RankOf(sq)
	for _, d := range lineSteps {
		var line bb256
		for f, r := f0+d[0], r0+d[1]; ; f, r = f+d[0], r+d[1] {
			s := rs.SquareAt(f, r)
			if s == NoSquare || !p.byColor[us^1].Has(s) {
				if s != NoSquare && line.Any() && p.byColor[us].Has(s) {
					out = out.Or(line)
				}
				break
			}
			line = line.Or(compiler.Bit256(s))
		}
	}
	return out
}

// dropCells narrows the cells where side us may drop, to, by the drop rules of flipping
// games: the first cells while one is empty; else only next to its own men, or where the
// drop flanks enemy men.
func (p *core256) dropCells(to bb256, us Color) bb256 {
	h := p.rs.Hands
	if first := p.tb.FirstOn; first.Any() {
		if open := first.AndNot(p.occupied()); open.Any() {
			return to.And(open)
		}
	}
	if h.NextToOwn {
		var near bb256
		for b := p.byColor[us]; b.Any(); b = b.Rest() {
			near = near.Or(p.tb.NextTo(b.First()))
		}
		to = to.And(near)
	}
	if h.Flanking {
		for b := to; b.Any(); b = b.Rest() {
			if s := b.First(); p.flanked(s, us).Empty() {
				to = to.Without(s)
			}
		}
	}
	return to
}

// flips reports whether the rules flip men after moves and drops.
func (p *core256) flips() bool { return p.rs.FlipAdjacent || p.rs.FlipFlanked }
