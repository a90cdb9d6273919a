// Fog of war on the 256-cell core: the moves a side's men could make, whoever is to move.

package interpreter

// FogMoves appends to buf[:0] the moves side c's men could make were it c's turn, whether
// or not the game has ended: what fog of war lets side c see (View). Only the side to move
// may take en passant. The rules under fog have no check rule, so these are its legal
// moves when c is to move. The position is left as it was.
func (p *core256) FogMoves(c Color, buf []Move) []Move {
	side, ended, ep := p.side, p.ended, p.ep
	p.side, p.ended = c, 0
	if c != side {
		p.ep = bb256{}
	}
	buf = p.genPseudo(buf[:0])
	p.side, p.ended, p.ep = side, ended, ep
	return buf
}
