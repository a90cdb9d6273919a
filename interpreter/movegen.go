// Move generation: pseudo-legal moves from leap tables, ray scans and path walks, castling,
// and the two legality filters (pins and evasions, or make/test/unmake).
package interpreter

import "chimera/compiler"

const all = ^Bitboard(0)

// LegalMoves appends the legal moves of the side to move to buf[:0] and returns it.
func (p *Position) LegalMoves(buf []Move) []Move {
	buf = buf[:0]
	if p.ended != 0 {
		return buf
	}
	if p.rs.Allows(compiler.ShortcutPins) {
		if r := p.royals(p.side); r != 0 && r&(r-1) == 0 {
			return p.genFastLegal(buf, r.First())
		}
	}
	buf = p.genPseudo(buf)
	if p.rs.Allows(compiler.ShortcutNoCheck) {
		return buf // nothing to test: without a check rule every pseudo-legal move is legal
	}
	return p.keepLegal(buf[:0], buf, true)
}

// checkRelevance returns, when the check rule is royal-attacked, the side to move has one
// royal and it is not in check, the cells whose change could expose that royal: the rays
// from it along which enemy pieces slide or ride, and every cell an active enemy path
// piece that could capture on it may touch. A move by a non-royal, non-freezing piece
// that changes none of these cells (origin, destination, captures) leaves the royal
// unattacked: leaps and frozen statuses of enemy pieces cannot be created by it. (This
// holds while a move changes nothing but the cells it names; the shortcut's allow-list in
// the compiler admits only mechanisms with that property.)
func (p *Position) checkRelevance() (Bitboard, bool) {
	rs := p.rs
	if !rs.Allows(compiler.ShortcutRelevance) {
		return 0, false
	}
	us, them := p.side, p.side^1
	r := p.royals(us)
	if r == 0 || r&(r-1) != 0 {
		return 0, false
	}
	k := r.First()
	active := p.active(them)
	if p.attackedBy(k, them, p.Occupied(), active) {
		return 0, false
	}
	at := &rs.AttackTables
	var rel Bitboard
	for _, g := range at.SlideGroups[them] {
		rel |= rs.Dirs[g.Back].Ray[k]
	}
	for i := range at.RideAttacks[them] {
		rel |= rs.Dirs[at.RideAttacks[them][i].Back].Ray[k]
	}
	if pm := at.PathTypes[them]; pm != 0 {
		for t := range rs.Pieces {
			if pm>>uint(t)&1 == 0 {
				continue
			}
			pt := &rs.Pieces[t]
			for b := p.byType[t] & active; b != 0; b &= b - 1 {
				from := b.First()
				for i := range pt.Paths[them] {
					if path := &pt.Paths[them][i]; path.Captures && path.Reach[from].Has(k) {
						rel |= path.Visit[from] | compiler.Bit(from)
					}
				}
			}
		}
	}
	return rel, true
}

// promotesToRoyal reports whether m promotes to a royal type: a new royal that the
// relevance shortcut, computed for the existing royal, knows nothing about.
func (p *Position) promotesToRoyal(m Move) bool {
	t := m.Promotion()
	return t >= 0 && p.rs.RoyalTypes>>uint(t)&1 != 0
}

// maxKeepers bounds how many attacks keepers records.
const maxKeepers = 4

// keepers applies when the check rule is enemy-royal-unattacked and the enemy has one
// royal: it records up to maxKeepers of the mover's attacks on that royal, each as the set
// of cells the attack depends on (see attacks). A move that changes none of one keeper's
// cells leaves the royal attacked: the attacker stays, nothing new stands in its way, and
// nothing the mover does can freeze its own piece. It returns how many it found.
func (p *Position) keepers(out *[maxKeepers]Bitboard) int {
	if !p.rs.Allows(compiler.ShortcutKeepers) {
		return 0
	}
	r := p.royals(p.side ^ 1)
	if r == 0 || r&(r-1) != 0 {
		return 0
	}
	return p.attacks(r.First(), p.side, p.Occupied(), p.active(p.side), out[:])
}

// PseudoMoves appends the pseudo-legal moves (before the check rule) to buf[:0].
func (p *Position) PseudoMoves(buf []Move) []Move {
	if p.ended != 0 {
		return buf[:0]
	}
	return p.genPseudo(buf[:0])
}

func (p *Position) genPseudo(buf []Move) []Move {
	rs := p.rs
	us := p.side
	occ := p.Occupied()
	capturable := p.byColor[us^1] &^ p.immune
	movers := p.active(us)
	for t := range rs.Pieces {
		pt := &rs.Pieces[t]
		for bb := p.byType[t] & movers; bb != 0; bb &= bb - 1 {
			from := bb.First()
			start := len(buf)
			buf = p.genPiece(buf, pt, from, occ, capturable, all)
			if p.ep != 0 && pt.EPCapture[us][from]&p.ep != 0 {
				buf = p.genEP(buf, pt, from)
			}
			if pt.MayRepeat {
				buf = dedupe(buf, start)
			}
		}
	}
	return p.genCastling(buf, movers)
}

// dedupe removes repeated moves from buf[start:]: two readings of a piece's rules may
// produce the same origin, destination and captures.
func dedupe(buf []Move, start int) []Move {
	n := start
	for i := start; i < len(buf); i++ {
		dup := false
		for j := start; j < n; j++ {
			if buf[j] == buf[i] {
				dup = true
				break
			}
		}
		if !dup {
			buf[n] = buf[i]
			n++
		}
	}
	return buf[:n]
}

// genPiece generates the moves of the piece on from whose landing squares lie in mask.
func (p *Position) genPiece(buf []Move, pt *compiler.PieceType, from Square, occ, capturable, mask Bitboard) []Move {
	rs := p.rs
	us := p.side
	land := pt.Land[us] & mask
	targets := pt.LeapQuiet[us][from]&^occ | pt.LeapCapture[us][from]&capturable
	for _, di := range pt.Slides[us] {
		d := &rs.Dirs[di]
		ray := d.Ray[from]
		if blk := ray & occ; blk != 0 {
			ray &^= d.Ray[d.Nearest(blk)]
		}
		targets |= ray&^occ | ray&capturable
	}
	targets &= land
	if pt.Promotion == nil {
		for ; targets != 0; targets &= targets - 1 {
			buf = append(buf, newMove(from, targets.First()))
		}
	} else {
		for ; targets != 0; targets &= targets - 1 {
			buf = p.emit(buf, pt, newMove(from, targets.First()))
		}
	}
	for i := range pt.Rides[us] {
		buf = p.genRide(buf, pt, &pt.Rides[us][i], from, capturable, land)
	}
	for i := range pt.Paths[us] {
		path := &pt.Paths[us][i]
		if !path.From.Has(from) {
			continue
		}
		w := walker{p: p, path: path, color: us, from: from, target: NoSquare, pt: pt, land: land, buf: buf}
		w.leg(0, from, NoSquare, NoSquare)
		buf = w.buf
	}
	return buf
}

// emit appends m, expanded into its promotions when it ends in the piece's promotion zone.
func (p *Position) emit(buf []Move, pt *compiler.PieceType, m Move) []Move {
	pr := pt.Promotion
	if pr == nil || !pr.Zone[p.side].Has(m.To()) {
		return append(buf, m)
	}
	for _, t := range pr.To {
		buf = append(buf, m.withPromotion(t))
	}
	if pr.Optional {
		buf = append(buf, m)
	}
	return buf
}

func (p *Position) genRide(buf []Move, pt *compiler.PieceType, r *compiler.Ride, from Square, capturable, land Bitboard) []Move {
	if !r.From.Has(from) {
		return buf
	}
	rs := p.rs
	d := &rs.Dirs[r.Dir]
	sq := from
	for k := 1; r.Max == 0 || k <= r.Max; k++ {
		sq = d.Step[sq]
		if sq == NoSquare || rs.Kind[sq] == compiler.CellMissing {
			break
		}
		pc := p.board[sq]
		if k >= r.Min && land.Has(sq) {
			if pc == NoPiece && r.Mode != compiler.ModeCapture {
				m := newMove(from, sq)
				if r.EPTarget {
					m |= epFlag
				}
				buf = p.emit(buf, pt, m)
			} else if pc != NoPiece && r.Mode != compiler.ModeMove && capturable.Has(sq) {
				buf = p.emit(buf, pt, newMove(from, sq))
			}
		}
		if pc != NoPiece {
			break
		}
	}
	return buf
}

// genEP generates en-passant captures of the piece on from.
func (p *Position) genEP(buf []Move, pt *compiler.PieceType, from Square) []Move {
	v := p.epVictim
	if v == NoSquare || p.board[v] == NoPiece || p.board[v].Color() == p.side || p.immune.Has(v) {
		return buf
	}
	for t := pt.EPCapture[p.side][from] & p.ep &^ p.Occupied() & pt.Land[p.side]; t != 0; t &= t - 1 {
		buf = p.emit(buf, pt, newMove(from, t.First()).withCaptures(v, NoSquare).withKind(KindEP))
	}
	return buf
}

// span is the set of squares from a to b inclusive on one rank.
func (p *Position) span(a, b Square) Bitboard {
	if a > b {
		a, b = b, a
	}
	var s Bitboard
	for sq := a; sq <= b; sq++ {
		s |= compiler.Bit(sq)
	}
	return s
}

// genCastling generates castling moves whose squares are free and whose king path (before
// the destination) is not attacked; the destination is left to the legality filter. A
// castling piece that cannot be in check (not royal, or no check rule) ignores attacks.
func (p *Position) genCastling(buf []Move, movers Bitboard) []Move {
	cs := p.rs.Castling
	us := p.side
	if cs == nil || p.castle&p.castleRank[us] == 0 {
		return buf
	}
	kings := p.Pieces(us, cs.Royal) & p.castleRank[us] & movers
	if kings == 0 {
		return buf
	}
	k := kings.First()
	occ := p.Occupied()
	active := p.active(us ^ 1)
	guarded := p.rs.Check != compiler.CheckNone && p.rs.Pieces[cs.Royal].Royal
	if guarded && p.attackedBy(k, us^1, occ, active) {
		return buf
	}
	rank := cs.Rank[us]
	for b := p.castle & p.castleRank[us]; b != 0; b &= b - 1 {
		r := b.First()
		if p.board[r] != MakePiece(cs.Partner, us) || !movers.Has(r) {
			continue
		}
		side := 0
		if r < k {
			side = 1
		}
		kd := p.rs.SquareAt(cs.KingFile[side], rank)
		rd := p.rs.SquareAt(cs.PartnerFile[side], rank)
		spans := p.span(k, kd) | p.span(r, rd)
		if spans&^p.rs.Squares != 0 || spans&occ&^(compiler.Bit(k)|compiler.Bit(r)) != 0 {
			continue // a cell on the way is missing or unused, or a piece stands there
		}
		ok := true
		for s := p.span(k, kd) &^ (compiler.Bit(k) | compiler.Bit(kd)); guarded && s != 0 && ok; s &= s - 1 {
			ok = !p.attackedBy(s.First(), us^1, occ, active)
		}
		if ok {
			buf = append(buf, newMove(k, kd).withKind(KindCastle).withAux(r))
		}
	}
	return buf
}

// genFastLegal generates legal moves directly when the ruleset is chess-like: one royal,
// leaps and rides only. Pins restrict a piece to its pin line; in check, non-royal moves
// must capture the checker or block; royal moves are tested with the royal lifted off the
// board; en passant and castling are tested by make/test/unmake.
func (p *Position) genFastLegal(buf []Move, k Square) []Move {
	rs := p.rs
	at := &rs.AttackTables
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	capturable := enemy &^ p.immune

	var checkers, block, pinned Bitboard
	var pinRay [64]Bitboard
	for _, t := range at.LeapTypes[them] {
		checkers |= at.AttackFrom[them][t][k] & p.byType[t] & enemy
	}
	for _, g := range at.SlideGroups[them] {
		d := &rs.Dirs[g.Back]
		blk := d.Ray[k] & occ
		if blk == 0 {
			continue
		}
		b1 := d.Nearest(blk)
		if enemy.Has(b1) {
			if g.Types>>uint(p.board[b1].Type())&1 != 0 {
				checkers |= compiler.Bit(b1)
				block |= (d.Ray[k] ^ d.Ray[b1]) &^ compiler.Bit(b1)
			}
			continue
		}
		rest := d.Ray[b1] & occ
		if rest == 0 {
			continue
		}
		b2 := d.Nearest(rest)
		if enemy.Has(b2) && g.Types>>uint(p.board[b2].Type())&1 != 0 {
			pinned |= compiler.Bit(b1)
			pinRay[b1] = d.Ray[k] ^ d.Ray[b2]
		}
	}

	// Royal moves: generated like any piece, kept when the destination is safe.
	kt := &rs.Pieces[p.board[k].Type()]
	start := len(buf)
	buf = p.genPiece(buf, kt, k, occ, capturable, all)
	if kt.MayRepeat {
		buf = dedupe(buf, start)
	}
	n := start
	lifted := occ &^ compiler.Bit(k)
	for _, m := range buf[start:] {
		if !p.attackedBy(m.To(), them, lifted, enemy) {
			buf[n] = m
			n++
		}
	}
	buf = buf[:n]
	// Castling is tested by make/test/unmake. A castling piece that is not royal may castle
	// while the royal is in check (by blocking it, even against two checkers), so then it
	// is generated whatever the checkers.
	if cs := rs.Castling; cs != nil && (checkers == 0 || !rs.Pieces[cs.Royal].Royal) {
		buf = p.keepLegal(buf, p.genCastling(buf, own), false)
	}
	if checkers&(checkers-1) != 0 {
		return buf
	}
	mask := all
	if checkers != 0 {
		mask = checkers | block
	}
	for t := range rs.Pieces {
		pt := &rs.Pieces[t]
		for bb := p.byType[t] & own &^ compiler.Bit(k); bb != 0; bb &= bb - 1 {
			from := bb.First()
			m := mask
			if pinned.Has(from) {
				m &= pinRay[from]
			}
			start := len(buf)
			buf = p.genPiece(buf, pt, from, occ, capturable, m)
			if pt.MayRepeat {
				buf = dedupe(buf, start)
			}
			if p.ep != 0 && pt.EPCapture[us][from]&p.ep != 0 {
				buf = p.keepLegal(buf, p.genEP(buf, pt, from), false)
			}
		}
	}
	return buf
}

// keepLegal keeps the legal moves among ext[len(base):] (base is a prefix of ext), testing
// each by make/test/unmake. With shortcut, moves that provably cannot expose the own royal
// (checkRelevance) or free the enemy royal (keepers) skip the test.
func (p *Position) keepLegal(base, ext []Move, shortcut bool) []Move {
	var rel Bitboard
	var keep [maxKeepers]Bitboard
	filter, nk := false, 0
	if shortcut {
		rel, filter = p.checkRelevance()
		nk = p.keepers(&keep)
	}
	unsafeTypes := p.rs.RoyalTypes | p.rs.FreezerTypes
	n := len(base)
	us := p.side
outer:
	for _, m := range ext[len(base):] {
		if (filter || nk > 0) && m.Kind() == KindNormal {
			changed := compiler.Bit(m.From()) | compiler.Bit(m.To())
			if c := m.Cap1(); c != NoSquare {
				changed |= compiler.Bit(c)
			}
			if c := m.Cap2(); c != NoSquare {
				changed |= compiler.Bit(c)
			}
			if filter && changed&rel == 0 && unsafeTypes>>uint(p.board[m.From()].Type())&1 == 0 && !p.promotesToRoyal(m) {
				ext[n] = m
				n++
				continue
			}
			for i := 0; i < nk; i++ {
				if keep[i]&changed == 0 {
					ext[n] = m
					n++
					continue outer
				}
			}
		}
		p.makeProbe(m)
		ok := !p.sideInCheck(us)
		p.Unmake()
		if ok {
			ext[n] = m
			n++
		}
	}
	return ext[:n]
}

// walker runs a multi-leg path depth-first: in generation mode it appends moves; in attack
// mode (target set) it reports whether the path could capture on target, treating target as
// holding an enemy and ignoring landing restrictions other than the board's cells.
type walker struct {
	p      *Position
	path   *compiler.Path
	pt     *compiler.PieceType
	color  Color
	from   Square
	target Square
	land   Bitboard
	buf    []Move
	found  bool
}

func (w *walker) classify(sq Square) uint8 {
	switch w.p.rs.Kind[sq] {
	case compiler.CellMissing:
		return compiler.OnMissing
	case compiler.CellUnused:
		return compiler.OnUnused
	}
	if sq == w.target {
		return compiler.OnEnemy
	}
	if sq == w.from {
		return compiler.OnEmpty // the moving piece has left its square
	}
	pc := w.p.board[sq]
	switch {
	case pc == NoPiece:
		return compiler.OnEmpty
	case pc.Color() == w.color:
		return compiler.OnFriend
	}
	return compiler.OnEnemy
}

func matches(cond, on uint8) bool {
	return cond&on != 0 || cond == compiler.OnUnused && on&compiler.OnEmpty != 0
}

func (w *walker) leg(li int, at Square, c1, c2 Square) {
	legs := w.path.Legs
	leg := &legs[li]
	last := li == len(legs)-1
	d := &w.p.rs.Dirs[leg.Dir]
	if !last && leg.Min == 0 {
		w.leg(li+1, at, c1, c2)
		if w.found {
			return
		}
	}
	cur := at
	for k := 1; leg.Max == 0 || k <= leg.Max; k++ {
		cur = d.Step[cur]
		if cur == NoSquare {
			return
		}
		cond := w.classify(cur)
		if cur == c1 || cur == c2 {
			cond = compiler.OnEmpty // captured earlier in this move: the piece is gone
		}
		if last {
			if k >= leg.Min && (cond == compiler.OnEmpty || cond == compiler.OnEnemy) && cond&leg.On != 0 {
				w.landOn(cur, cond, c1, c2)
				if w.found {
					return
				}
			}
			if cond != compiler.OnEmpty && cond != compiler.OnUnused {
				return
			}
			continue
		}
		if !matches(cond, leg.On) {
			return
		}
		if leg.Capture && cond == compiler.OnEnemy {
			if w.target == NoSquare && w.p.immune.Has(cur) {
				return
			}
			if c1 == NoSquare {
				c1 = cur
			} else {
				c2 = cur
			}
		}
		if k >= leg.Min {
			w.leg(li+1, cur, c1, c2)
			if w.found {
				return
			}
		}
	}
}

func (w *walker) landOn(sq Square, cond uint8, c1, c2 Square) {
	if w.target != NoSquare {
		if !w.p.rs.Squares.Has(sq) {
			return
		}
		w.found = c1 == w.target || c2 == w.target || sq == w.target && cond == compiler.OnEnemy
		return
	}
	if !w.land.Has(sq) || sq == w.from || cond == compiler.OnEnemy && w.p.immune.Has(sq) {
		return
	}
	w.buf = w.p.emit(w.buf, w.pt, newMove(w.from, sq).withCaptures(c1, c2))
}
