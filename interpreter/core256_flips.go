// Flips on the 256-cell core: enemy men turned to the mover's side after a move or a drop, and the drops that flipping games allow (next to one's own men, flanking, the first cells).

package interpreter

import "chimera/compiler"

// flipEffect turns the enemy men the move that landed on sq flips (compiler.Ruleset's
// FlipAdjacent, FlipFlanked): each is lifted and put back in the mover's colour. A drop
// with FlipDropsNextToOwn turns nothing unless it landed next to another of the mover's men.
func (p *core256) flipEffect(sq Square, drop bool) {
	us := p.side
	if drop && p.rs.FlipDropsNextToOwn && !p.tb.NextTo(sq).And(p.byColor[us]).Any() {
		return
	}
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
	var out bb256
	enemy, own := p.byColor[us^1], p.byColor[us]
	for dirs, i := p.rs.FlankDirs(), 0; i < dirs.Len(); i++ {
		d := p.tb.Dir(dirs.At(i))
		if s1 := d.StepAt(sq); s1 == NoSquare || !enemy.Has(s1) {
			continue // no enemy man next to sq this way: nothing flanked
		}
		ray := d.RayAt(sq)
		stop := ray.AndNot(enemy) // the line of enemy men ends at the first cell of these
		if stop.Empty() {
			continue
		}
		if s := nearest256(d, stop); own.Has(s) {
			out = out.Or(ray.AndNot(d.RayAt(s)).AndNot(compiler.Bit256(s)))
		}
	}
	return out
}

// dropCells narrows the cells where side us may drop, to, by the drop rules of flipping
// and placing games: the first cells while one is empty; else only next to its own men,
// where the drop flanks enemy men, on rank 1 or right above a man (on top), with no enemy
// man a rook's step away, or where a drop sliding in from an edge lands.
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
		to = to.And(p.flankingCells(us))
	}
	if h.OnTop {
		up := p.tb.StackUp()
		to = to.And(p.occupied().And(up.From).Shift(up.By).Or(p.tb.StackBase))
	}
	if h.AwayFromEnemy {
		for b := p.byColor[us^1]; b.Any(); b = b.Rest() {
			to = to.AndNot(p.tb.Beside(b.First()))
		}
	}
	if h.Slides {
		to = to.And(p.slideCells())
	}
	return to
}

// slideCells is the set of cells where drops sliding in from the rules' edges land: on
// each rank or file whose cell on the edge is empty, of the empty cells a man, a wall or
// the far edge stops, the nearest to the edge (or the farthest, sliding through).
func (p *core256) slideCells() bb256 {
	occ := p.occupied()
	var out bb256
	for slides, i := p.tb.Slides(), 0; i < slides.Len(); i++ {
		sl := slides.At(i)
		stops := occ.And(sl.Stop.From).Shift(sl.Stop.By).Or(sl.Far).AndNot(occ)
		last := sl.Down != sl.Through // the cell wanted is the line's highest
		for lines, j := sl.Lines(), 0; j < lines.Len(); j++ {
			ln := lines.At(j)
			if occ.Has(ln.Entry) {
				continue
			}
			if c := stops.And(ln.Cells); c.Any() {
				if last {
					out = out.With(c.Last())
				} else {
					out = out.With(c.First())
				}
			}
		}
	}
	return out
}

// flankingCells is the set of cells (of any content) where a man of side us would flank
// side them's men, found for all cells at once: along each line, the enemy men reached
// from us's men through enemy men alone, then the cell one step beyond them.
func (p *core256) flankingCells(us Color) bb256 {
	enemy, own := p.byColor[us^1], p.byColor[us]
	var out bb256
	for steps, i := p.tb.FlankSteps(), 0; i < steps.Len(); i++ {
		st := steps.At(i)
		line := own.And(st.From).Shift(st.By).And(enemy)
		for next := line; next.Any(); line = line.Or(next) {
			next = next.And(st.From).Shift(st.By).And(enemy)
		}
		out = out.Or(line.And(st.From).Shift(st.By))
	}
	return out
}

// flips reports whether the rules flip men after moves and drops.
func (p *core256) flips() bool { return p.rs.FlipAdjacent || p.rs.FlipFlanked }
