// Walls on the 256-cell core: the turn's second action, a wall placed on an empty cell after the move (compiler.WallRule).

package interpreter

import (
	"slices"

	"chimera/compiler"
)

// putWall raises a wall on the empty cell sq (journaled, hashed).
func (p *core256) putWall(sq Square) {
	p.walls = p.walls.With(sq)
	p.hash ^= p.rs.Zobrist.WallKey(sq)
	p.journal = append(p.journal, edit{kind: editWall, where: uint16(sq)})
}

// liftWall takes down the wall on sq (journaled, hashed).
func (p *core256) liftWall(sq Square) {
	p.walls = p.walls.Without(sq)
	p.hash ^= p.rs.Zobrist.WallKey(sq)
	p.journal = append(p.journal, edit{kind: editWall, where: uint16(sq)})
}

// wallEffect places the turn's wall on sq: the walls standing are lifted first where a
// single wall moves, and an en-passant target the wall covers lapses (nothing can land
// there).
func (p *core256) wallEffect(sq Square) {
	if p.rs.Walls.Moving {
		for b := p.walls; b.Any(); b = b.Rest() {
			p.liftWall(b.First())
		}
	}
	p.putWall(sq)
	if p.ep.Has(sq) {
		p.hash ^= p.rs.Zobrist.EPKey(sq)
		p.ep = p.ep.Without(sq)
		if p.ep.Empty() {
			p.epVictim = NoSquare
		}
	}
}

// wallCells is where the turn of the man's move m, legal in p, may place its wall: the
// cells the rule allows that are empty once m is played.
func (p *core256) wallCells(m Move) bb256 {
	w := p.rs.Walls
	if w.Instead {
		// Only a pass walls, on the board as it stands.
		if m.Kind() != KindPass {
			return bb256{}
		}
		return p.edgeCells(p.tb.WallCells.AndNot(p.occupied()))
	}
	if w.Place == compiler.WallOrigin && (m.Kind() == KindNormal || m.Kind() == KindEP) {
		// The man left its origin, empty now (but for a move that ends where it began),
		// and no capture ever empties an origin: no occupancy to work out.
		if m.To() == m.From() {
			return bb256{}
		}
		return p.tb.WallCells.And(compiler.Bit256(m.From()))
	}
	occ := p.occupied()
	switch m.Kind() {
	case KindNormal, KindEP:
		occ = occ.Without(m.From()).With(m.To())
		for _, c := range [2]Square{m.Cap1(), m.Cap2()} {
			if c != NoSquare {
				occ = occ.Without(c)
			}
		}
	default: // castling moves two men: play it
		p.makeProbe(m)
		occ = p.occupied()
		p.Unmake()
	}
	cells := p.tb.WallCells.AndNot(occ)
	switch w.Place {
	case compiler.WallOrigin:
		cells = cells.And(compiler.Bit256(m.From()))
	case compiler.WallReach:
		// The moved man's moves from where it landed, on the board as the move left it.
		pc := p.board[m.From()]
		cells = cells.And(p.quietReach(p.tb.Piece(pc.Type()), pc.Color(), m.To(), occ))
	}
	return p.edgeCells(cells)
}

// edgeCells keeps, where walls go on the edge, the cells of cells on the board's edge or
// a rook's step from a wall standing before the turn's.
func (p *core256) edgeCells(cells bb256) bb256 {
	if p.rs.Walls.Place != compiler.WallEdge {
		return cells
	}
	near := p.tb.WallEdge
	for b := p.walls; b.Any(); b = b.Rest() {
		near = near.Or(p.tb.Beside(b.First()))
	}
	return cells.And(near)
}

// quietReach is the set of empty cells (in occ) a man of type pt and side us on sq could
// move to without capturing: its leaps, slides and rides (walls come with no paths).
func (p *core256) quietReach(pt *compiler.PieceType[bb256], us Color, sq Square, occ bb256) bb256 {
	reach := pt.LeapQuietAt(us, sq).AndNot(occ)
	if pt.Slides(us).Len() > 0 {
		reach = reach.Or(p.slides(pt, us, sq, occ, bb256{}))
	}
	for rides, i := pt.Rides(us), 0; i < rides.Len(); i++ {
		r := rides.At(i)
		if !r.From.Has(sq) || r.Mode == compiler.ModeCapture {
			continue
		}
		d := p.tb.Dir(r.Dir)
		span := r.SpanAt(sq)
		if blk := d.RayAt(sq).And(occ); blk.Any() {
			span = span.AndNot(d.RayAt(nearest256(d, blk)))
		}
		reach = reach.Or(span.AndNot(occ))
	}
	return reach.And(pt.Land[us])
}

// addWalls turns the legal moves of buf into the legal turns: each move once for every
// cell its wall may take (a move that leaves no such cell is no turn).
func (p *core256) addWalls(buf []Move) []Move {
	if p.rs.Walls.Instead {
		// The men's moves stand as they are; the pass becomes a turn for each cell its
		// wall may take.
		i := slices.IndexFunc(buf, func(m Move) bool { return m.Kind() == KindPass })
		if i < 0 {
			return buf
		}
		pass := buf[i]
		buf = slices.Delete(buf, i, i+1)
		for b := p.wallCells(pass); b.Any(); b = b.Rest() {
			buf = append(buf, pass.withWall(b.First()))
		}
		return buf
	}
	p.wallMoves = append(p.wallMoves[:0], buf...)
	buf = buf[:0]
	for _, m := range p.wallMoves {
		for b := p.wallCells(m); b.Any(); b = b.Rest() {
			buf = append(buf, m.withWall(b.First()))
		}
	}
	return buf
}

// countWalls is len(addWalls(buf)), unwritten.
func (p *core256) countWalls(buf []Move) int {
	n := 0
	if p.rs.Walls.Instead {
		for _, m := range buf {
			if m.Kind() == KindPass {
				n += p.wallCells(m).Count()
			} else {
				n++
			}
		}
		return n
	}
	if p.rs.Walls.Place == compiler.WallOrigin {
		// Each man's move leaves at most its origin (wallCells): counted without the set.
		cells := p.tb.WallCells
		for _, m := range buf {
			switch {
			case m.Kind() != KindNormal && m.Kind() != KindEP:
				n += p.wallCells(m).Count()
			case m.To() != m.From() && cells.Has(m.From()):
				n++
			}
		}
		return n
	}
	for _, m := range buf {
		n += p.wallCells(m).Count()
	}
	return n
}

// WallCells is where the turn of the man's move m (legal, without its wall) may place its
// wall: empty in rulesets without walls.
func (p *core256) WallCells(m Move) compiler.Bitboard {
	if !p.walled {
		return compiler.Bitboard{}
	}
	return p.wallCells(m).Wide()
}

// MenMoves appends to buf[:0] the legal moves of the side to move without their walls,
// each once: LegalMoves before addWalls (in rulesets without walls, LegalMoves).
func (p *core256) MenMoves(buf []Move) []Move { return p.legalMen(buf) }

// Walls is the set of cells holding walls.
func (p *core256) Walls() compiler.Bitboard { return p.walls.Wide() }
