// FEN reading and writing on the 256-cell core: '*' for cells that do not exist or are
// unused, X-FEN and Shredder-FEN castling rights, positions checked for what the rules need.

package interpreter

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// fromFEN256 sets up a position of the ruleset from a FEN string (see FromFEN).
func fromFEN256(rs *compiler.Ruleset, tb *compiler.Tables[bb256], fen string) (*core256, error) {
	p := newCore256(rs, tb)
	bad := func(format string, args ...any) (*core256, error) {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return bad("empty")
	}
	statuses := ""
	if n := len(fields); n > 2 && strings.Contains(fields[n-1], ":") {
		statuses, fields = fields[n-1], fields[:n-1]
	}
	if n := len(fields); rs.CheckCounter > 0 && n > 6 && strings.HasPrefix(fields[n-1], "+") {
		// Lichess's older form: the checks given, last (... 0 1 +1+0).
		if msg := p.parseChecks(fields[n-1]); msg != "" {
			return bad("%s", msg)
		}
		fields = fields[:n-1]
	} else if rs.CheckCounter > 0 && len(fields) > 4 && strings.Contains(fields[4], "+") {
		if msg := p.parseChecks(fields[4]); msg != "" {
			return bad("%s", msg)
		}
		fields = append(fields[:4:4], fields[5:]...)
	}
	if rs.CheckCounter > 0 {
		p.hash ^= rs.Zobrist.Checks[0][p.checks[0]] ^ rs.Zobrist.Checks[1][p.checks[1]]
	}
	if n := len(fields); p.strikeApart && n == 7 && strings.HasPrefix(fields[6], "x") {
		// The counterstrike square, after the move number (the en-passant field is en
		// passant's): x and the square.
		sq, ok := rs.ParseSquare(fields[6][1:])
		if !ok || rs.KindOf(sq) != compiler.CellSquare {
			return bad("counterstrike square %s (x and a square, after the move number) is not a square of the board", defs.Quote(fields[6]))
		}
		p.setStrike(sq)
		fields = fields[:6]
	}
	if len(fields) > 6 {
		return bad("expected at most 6 fields (board, side, castling, en passant, half-moves, move number) and a status field (square:counter,...), found %d", len(fields))
	}
	board, pools, err := splitPools(fields[0])
	if err != "" {
		return bad("%s", err)
	}
	if rs.Boards > 1 {
		if board, err = joinBoards(rs, board); err != "" {
			return bad("%s", err)
		}
	}
	if rs.Hex {
		if board, err = hexToGrid(rs, board); err != "" {
			return bad("%s", err)
		}
	}
	rows := strings.Split(board, "/")
	if len(rows) != rs.Ranks {
		if len(rows) == 1 {
			return bad("board has 1 rank (ranks are separated by '/'); %s has %d", rs.Name, rs.Ranks)
		}
		return bad("board has %d ranks; %s has %d", len(rows), rs.Name, rs.Ranks)
	}
	for i, row := range rows {
		r := rs.Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '0' && ch <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				if n == 0 || row[j] == '0' {
					return bad("rank %d: an empty-square count must be at least 1, without leading zeros", r+1)
				}
				for e := 0; e < n; e++ {
					if f >= rs.Files {
						return bad("rank %d has more than %d cells", r+1, rs.Files)
					}
					sq := rs.SquareAt(f, r)
					if rs.KindOf(sq) != compiler.CellSquare {
						return bad("%s does not exist or is unused on this board: write it as '*'", rs.SquareName(sq))
					}
					f++
				}
				j = k - 1
			case ch == '*':
				if f >= rs.Files {
					return bad("rank %d has more than %d cells", r+1, rs.Files)
				}
				sq := rs.SquareAt(f, r)
				if rs.KindOf(sq) == compiler.CellSquare {
					if rs.Walls == nil && rs.Petrify == 0 {
						return bad("'*' on %s, which is a playable square (%s has no walls)", rs.SquareName(sq), rs.Name)
					}
					p.walls = p.walls.With(sq) // a wall
					p.hash ^= rs.Zobrist.WallKey(sq)
				}
				f++
			default:
				t := rs.TypeOf(ch)
				if k := j + b2i(ch == '+'); k+1 < len(row) && defs.IsMark(row[k+1]) {
					// A letter dressed with a mark ("Q!", "+R'").
					if t = rs.TypeOfMarked(ch == '+', row[k], row[k+1]); t < 0 {
						return bad("unknown piece %q on rank %d: %s", row[j:k+2], r+1, letterList(rs))
					}
					ch, j = row[k], k+1
				} else if ch == '+' {
					// A promoted piece written as "+" and the letter it promoted from.
					if j+1 >= len(row) || rs.TypeOfPromoted(row[j+1]) < 0 {
						return bad("'+' on rank %d must come before the letter of a piece %s writes so (such as +P)", r+1, rs.Name)
					}
					j++
					ch = row[j]
					t = rs.TypeOfPromoted(ch)
				}
				if t < 0 {
					t = rs.TypeOfAlias(ch)
				}
				if t < 0 {
					return bad("unknown piece letter %q on rank %d: %s", string(ch), r+1, letterList(rs))
				}
				if f >= rs.Files {
					return bad("rank %d has more than %d cells", r+1, rs.Files)
				}
				sq := rs.SquareAt(f, r)
				if rs.KindOf(sq) != compiler.CellSquare {
					return bad("piece on %s, which does not exist or is unused", rs.SquareName(sq))
				}
				c := compiler.White
				if ch >= 'a' && ch <= 'z' {
					c = compiler.Black
				}
				if !tb.Piece(t).Land[c].Has(sq) {
					return bad("%s %s on %s, where it may never stand (restricted or confined squares)", sideName[c], rs.Piece(t).Name, rs.SquareName(sq))
				}
				p.setup(sq, MakePiece(t, c))
				f++
				if j+1 < len(row) && row[j+1] == '~' {
					if rs.Hands == nil || !rs.Hands.Demote {
						return bad("'~' after %c on %s marks a promoted piece; %s does not demote captured pieces", ch, rs.SquareName(sq), rs.Name)
					}
					p.marked = p.marked.With(sq)
					p.hash ^= rs.Zobrist.PromotedKey(sq)
					j++
				}
			}
		}
		if f != rs.Files {
			return bad("rank %d has %d cells; expected %d", r+1, f, rs.Files)
		}
	}
	if msg := p.parsePools(pools); msg != "" {
		return bad("%s", msg)
	}
	p.side = compiler.White
	if len(fields) > 1 {
		side, part, hasPart := strings.Cut(fields[1], "+")
		if hasPart {
			if rs.Turns == nil {
				return bad("side to move %s: a turn's part (+moves made) needs turns of several moves", defs.Quote(fields[1]))
			}
			n, msg := fenNumber(part, 1, defs.MaxTurnMoves-1)
			if msg != "" {
				return bad("moves made of the turn (after + in the side to move) %s", msg)
			}
			p.setInTurn(int16(n))
			fields[1] = side
		}
		switch fields[1] {
		case "w":
		case "b":
			p.side = compiler.Black
			p.hash ^= rs.Zobrist.Side
		default:
			return bad("side to move must be w or b, found %s", defs.Quote(fields[1]))
		}
	}
	if len(fields) > 2 && fields[2] != "-" {
		if err := p.parseCastling(fields[2]); err != "" {
			return bad("%s", err)
		}
		p.dropSpentGates()
	}
	if len(fields) > 3 && fields[3] != "-" {
		if rs.Counting != nil && fields[3][0] >= '0' && fields[3][0] <= '9' {
			// A count that runs: its limit in half-moves where the en-passant target would
			// stand, and how far it has run in the half-move clock's place, as
			// Fairy-Stockfish writes them.
			n, msg := fenNumber(fields[3], 1, 2*defs.MaxCountMoves)
			if msg != "" {
				return bad("counting limit %s", msg)
			}
			p.countLimit = int32(n)
		} else if (rs.Counterstrike || rs.NoRetaliation) && !p.strikeApart {
			sq, ok := rs.ParseSquare(fields[3])
			if !ok || rs.KindOf(sq) != compiler.CellSquare {
				return bad("counterstrike square %s (in the en-passant field) is not a square of the board", defs.Quote(fields[3]))
			}
			p.setStrike(sq)
		} else if err := p.parseEP(fields[3]); err != "" {
			return bad("%s", err)
		}
	}
	if len(fields) > 4 {
		n, msg := fenNumber(fields[4], 0, MaxHalfmoveClock)
		if msg != "" {
			return bad("half-move clock %s", msg)
		}
		p.halfmove = n
		if p.countLimit > 0 {
			p.countPly, p.halfmove = int32(n), 0
		}
	}
	if len(fields) > 5 {
		n, msg := fenNumber(fields[5], 1, MaxMoveNumber)
		if msg != "" {
			return bad("move number %s", msg)
		}
		p.fullmove = n
	}
	if p.inTurn > 0 && int(p.inTurn) >= p.TurnMoves() {
		return bad("side to move %s: its turn at move %d is %d moves, so %d made leave none to make", defs.Quote(fields[1]+"+"+strconv.Itoa(int(p.inTurn))), p.fullmove, p.TurnMoves(), p.inTurn)
	}
	p.startPly = 2*(p.fullmove-1) + p.side
	if statuses != "" {
		if err := p.parseStatuses(statuses); err != "" {
			return bad("%s", err)
		}
	}
	if msg := p.settle(); msg != "" {
		return bad("%s", msg)
	}
	return p, nil
}

// settle checks a position whose men are set up (what the check rule needs) and sets what
// follows from where they stand: an end already reached (facing royals, a goal, a full
// board) and what the rules note at the start. It returns what is wrong, or "".
func (p *core256) settle() string {
	rs := p.rs
	if msg := p.checkRoyals(); msg != "" {
		return msg
	}
	if rs.FacingRoyals && rs.Check == compiler.CheckRoyalAttacked && p.royalsFace() && p.sideInCheck(p.side^1) {
		// Only a pass while the royals faced each other leaves the side that moved in
		// check, and the facing survived it: the game is over.
		e := int8(2 + p.drawnOutcome(p.side^1))
		p.ended, p.endGoal = e, endFacing
		p.hash ^= rs.Zobrist.Ended[e]
	}
	if p.ended == 0 && p.tb.NumGoals() > 0 {
		p.standingGoal()
	}
	if p.ended == 0 && rs.FullBoard && p.tb.Squares.AndNot(p.occupied()).Empty() {
		e := int8(2 + p.drawnOutcome(p.side^1))
		p.ended, p.endGoal = e, endFull
		p.hash ^= rs.Zobrist.Ended[e]
	}
	if rs.PerpetualCheckLoses {
		p.startChecked = p.sideInCheck(p.side)
	}
	p.royalless = p.royals(compiler.White).Empty() || p.royals(compiler.Black).Empty()
	if rs.MateNeedsCheckBy != 0 {
		p.startCheckTypes = p.checkerTypes(p.side)
	}
	return ""
}

func (p *core256) parseCastling(s string) string {
	cs := p.rs.Castling
	if cs == nil && !p.gating && !p.firstMoves {
		return fmt.Sprintf("castling rights %s, but %s has no castling", defs.Quote(s), p.rs.Name)
	}
	for _, ch := range []byte(s) {
		c := compiler.White
		lc := ch
		if ch >= 'a' && ch <= 'z' {
			c = compiler.Black
			lc = ch - 'a' + 'A'
		}
		if (p.gating || p.firstMoves) && lc != 'K' && lc != 'Q' {
			if msg := p.parseGate(ch, c, int(lc)-'A'); msg != "" {
				return msg
			}
			continue
		}
		if cs == nil {
			return fmt.Sprintf("castling right %q, but %s has no castling (its gating rights are file letters)", string(ch), p.rs.Name)
		}
		rankName := "first rank"
		if first := [2]int{0, p.rs.Ranks - 1}; cs.Rank[c] != first[c] && !p.rs.Hex {
			rankName = fmt.Sprintf("castling rank (rank %d)", cs.Rank[c]+1)
		}
		kings := p.pieces(c, cs.Royal).And(p.tb.CastleRank[c])
		if kings.Empty() {
			return fmt.Sprintf("castling right %q, but %s's %s is not on its %s", string(ch), sideName[c], p.rs.Piece(cs.Royal).Name, rankName)
		}
		kf := p.rs.FileOf(kings.First())
		partners := p.sameBoard(p.partnerMen(c).And(p.tb.CastleRank[c]), kings.First())
		if p.kingBits && !p.castle.Has(kings.First()) {
			// Rights imply a king that has never moved: its square keeps a bit.
			p.castle = p.castle.With(kings.First())
			p.hash ^= p.rs.Zobrist.CastleKey(kings.First())
		}
		letterFile, isFile := p.rs.FileOfLetter(lc - 'A' + 'a')
		if p.kingBits && isFile && letterFile == kf && lc != 'K' && lc != 'Q' {
			continue // the king's own file: it has never moved, though no right remains
		}
		var r Square = NoSquare
		switch {
		case lc == 'K' && !p.innerOnKFile(kf, partners, c):
			for f := p.rs.Files - 1; f > kf; f-- {
				if sq := p.rs.CastleSquare(c, f); partners.Has(sq) {
					r = sq
					break
				}
			}
		case lc == 'Q':
			for f := 0; f < kf; f++ {
				if sq := p.rs.CastleSquare(c, f); partners.Has(sq) {
					r = sq
					break
				}
			}
		case isFile:
			if sq := p.rs.CastleSquare(c, p.rs.BoardOf(kings.First())*(p.rs.BoardFiles+1)+letterFile); partners.Has(sq) && sq != kings.First() {
				r = sq
			}
		default:
			return fmt.Sprintf("unknown castling right %q (use K, Q, k, q or file letters)", string(ch))
		}
		if r == NoSquare {
			return fmt.Sprintf("castling right %q, but there is no %s for it on %s's %s", string(ch), p.rs.Piece(cs.Partner).Name, sideName[c], rankName)
		}
		if !p.castle.Has(r) {
			p.castle = p.castle.With(r)
			p.hash ^= p.rs.Zobrist.CastleKey(r)
		}
		if p.gating {
			// A castling right also says that the royal and the partner never moved.
			p.setGate(r)
			p.setGate(kings.First())
		}
	}
	return ""
}

// parseGate reads a gating right: the file letter ch of side c's first-rank man on file f.
func (p *core256) parseGate(ch byte, c Color, f int) string {
	rs := p.rs
	if f < 0 || f >= rs.Files {
		return fmt.Sprintf("unknown castling or gating right %q (use K, Q, k, q or file letters)", string(ch))
	}
	sq := rs.SquareAt(f, rs.RankOf(p.tb.CastleRank[c].First()))
	if pc := p.board[sq]; pc == NoPiece || pc.Color() != c {
		return fmt.Sprintf("gating right %q, but no %s man stands on %s", string(ch), sideName[c], rs.SquareName(sq))
	}
	p.setGate(sq)
	return ""
}

// setGate gives the man on sq its gating right (hashed; while a position is set up).
func (p *core256) setGate(sq Square) {
	if !p.gates.Has(sq) {
		p.gates = p.gates.With(sq)
		p.hash ^= p.rs.Zobrist.GateKey(sq)
	}
}

// dropSpentGates ends the gating rights of a side whose gating pool is empty and cannot
// fill again (no capture goes there): the FEN does not write them.
func (p *core256) dropSpentGates() {
	h := p.rs.Hands
	if !p.gating || h.CaptureTo == h.GateFrom {
		return
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		if !p.poolEmpty(c, h.GateFrom) {
			continue
		}
		for b := p.gates.And(p.byColor[c]); b.Any(); b = b.Rest() {
			p.gates = p.gates.Without(b.First())
			p.hash ^= p.rs.Zobrist.GateKey(b.First())
		}
	}
}

// parseEP reads the en-passant field: the target squares a piece passed with its last
// move, written one after another (e3, or e3e4 after a longer step). Targets no piece of
// the side to move could capture on are dropped, as setEP would not have set them.
func (p *core256) parseEP(s string) string {
	rs := p.rs
	names := epSquareRE.FindAllString(s, -1)
	if len(names) == 0 || strings.Join(names, "") != s {
		return fmt.Sprintf("en-passant field %s: expected - or square names such as e3", defs.Quote(s))
	}
	// With several boards the squares name cells of every board: they are on the board
	// where the man that passed them stands.
	board := 0
	for k := 1; k < rs.Boards; k++ {
		sq, ok := rs.ParseSquare(names[0])
		if !ok {
			break
		}
		if on := rs.BoardSquare(k, rs.LocalFile(sq), rs.RankOf(sq)); p.epMover(compiler.Bit256(on)) != NoSquare {
			board = k
		}
	}
	var targets bb256
	landing, landingName := NoSquare, ""
	for _, name := range names {
		sq, ok := rs.ParseSquare(name)
		if ok && board > 0 {
			sq = rs.BoardSquare(board, rs.LocalFile(sq), rs.RankOf(sq))
		}
		if !ok || rs.KindOf(sq) != compiler.CellSquare {
			return fmt.Sprintf("en-passant square %s is not a square of the board", defs.Quote(name))
		}
		if p.board[sq] != NoPiece && rs.Boards > 1 && len(names) == 1 && p.epMover(compiler.Bit256(sq)) != NoSquare {
			return "" // taken on the board where the man landed: no man can capture there
		}
		if p.board[sq] != NoPiece {
			if landing != NoSquare {
				return fmt.Sprintf("en-passant square %s is occupied", name)
			}
			landing, landingName = sq, name
			continue
		}
		targets = targets.With(sq)
	}
	if targets.Empty() {
		return fmt.Sprintf("en-passant square %s is occupied", landingName)
	}
	v := p.epMover(targets)
	if v == NoSquare {
		return fmt.Sprintf("en-passant square %s, but no enemy piece stands in front of it that could have passed it", defs.Clip(s))
	}
	// Fairy-Stockfish writes, after the double step of a piece type of its own, the square
	// the piece landed on after the squares it passed (c3c4): that square is read as the
	// mover's, and only there.
	if landing != NoSquare && landing != v {
		return fmt.Sprintf("en-passant square %s is occupied", landingName)
	}
	if !p.epCapturable(p.side, targets) {
		return ""
	}
	p.ep, p.epVictim = targets, v
	for b := targets; b.Any(); b = b.Rest() {
		p.hash ^= rs.Zobrist.EPKey(b.First())
	}
	return ""
}

// epMover finds the piece that left the en-passant targets: a piece of the side that just
// moved with a ride that leaves targets (ep-target), standing where a move of that ride
// from some square would have left exactly the targets (as setEP marks them). The first
// such piece in square order is taken when several could have been (Berolina pawns on c4
// and e4 both pass d3).
func (p *core256) epMover(targets bb256) Square {
	rs := p.rs
	mover := p.side ^ 1
	for b := p.byColor[mover]; b.Any(); b = b.Rest() {
		v := b.First()
		pt := p.tb.Piece(p.board[v].Type())
		if !pt.MakesEP {
			continue
		}
		for rides, i := pt.Rides(mover), 0; i < rides.Len(); i++ {
			r := rides.At(i)
			if !r.EPTarget {
				continue
			}
			d := p.tb.Dir(r.Dir).V
			for k := 1; r.Max == 0 || k <= r.Max; k++ {
				from := rs.SquareAt(rs.FileOf(v)-k*d.DX, rs.RankOf(v)-k*d.DY)
				if from == NoSquare || rs.KindOf(from) == compiler.CellMissing {
					break
				}
				if k >= r.Min && rs.KindOf(from) == compiler.CellSquare && p.passedSquares(from, v) == targets {
					return v
				}
			}
		}
	}
	return NoSquare
}

// checkRoyals verifies what the check rule needs: each side has a royal piece, and the
// side that just moved is not in check. Where captures kick, a legal move can remove an
// enemy royal piece that no check protects (it stands beyond the kicked one), so there a
// side may have none: the position such a move leaves must read back. So may explosions.
func (p *core256) checkRoyals() string {
	rs := p.rs
	if rs.Check == compiler.CheckNone {
		return ""
	}
	for c := 0; c < 2 && !rs.Kick && !rs.RoyalOptional && !rs.Explode; c++ {
		if p.royals(c).Empty() && !p.royalInPool(c) {
			return fmt.Sprintf("%s has no royal piece (%s)", sideName[c], royalNames(rs))
		}
	}
	if p.sideInCheck(p.side^1) && !(rs.FacingRoyals && p.royalsFace()) {
		return fmt.Sprintf("the side not to move (%s) is in check", sideName[p.side^1])
	}
	return ""
}

// royalInPool reports whether side c holds a royal piece in its drop pool (a placement
// phase: the royal is still to be dropped).
func (p *core256) royalInPool(c Color) bool {
	h := p.rs.Hands
	if h == nil || h.DropFrom < 0 {
		return false
	}
	for ts, ti := p.tb.RoyalList(), 0; ti < ts.Len(); ti++ {
		if p.hand[p.rs.HandSlot(c, h.DropFrom, ts.At(ti))] > 0 {
			return true
		}
	}
	return false
}

// FEN writes the position.
func (p *core256) FEN() string {
	rs := p.rs
	var b strings.Builder
	if rs.Hex {
		p.writeHexPlacement(&b)
	} else {
		for k := range rs.Boards {
			if k > 0 {
				b.WriteByte('|')
			}
			p.writePlacement(&b, k)
		}
	}
	if h := p.rs.Hands; h != nil && !h.Free {
		p.writePools(&b)
	}
	b.WriteString([]string{" w", " b"}[p.side])
	if p.inTurn > 0 {
		b.WriteByte('+')
		b.WriteString(strconv.Itoa(int(p.inTurn)))
	}
	b.WriteByte(' ')
	b.WriteString(p.castlingString())
	b.WriteByte(' ')
	switch {
	case p.countLimit > 0:
		b.WriteString(strconv.Itoa(int(p.countLimit)))
	case p.strike != NoSquare && !p.strikeApart:
		b.WriteString(rs.SquareName(p.strike))
	case p.ep.Empty():
		b.WriteByte('-')
	default:
		for e := p.ep; e.Any(); e = e.Rest() {
			b.WriteString(rs.SquareName(e.First()))
		}
	}
	if rs.CheckCounter > 0 {
		fmt.Fprintf(&b, " %d+%d", p.checks[0], p.checks[1])
	}
	// The counters are written at most at the bounds a FEN is read with (a game from a
	// FEN at the bound goes on past it): whatever is written reads back. A running count
	// (the counting rules) is written in the half-move field, as Fairy-Stockfish writes it.
	half := min(p.halfmove, MaxHalfmoveClock)
	if p.countLimit > 0 {
		half = int(p.countPly)
	}
	fmt.Fprintf(&b, " %d %d", half, min(p.fullmove, MaxMoveNumber))
	if p.strike != NoSquare && p.strikeApart {
		b.WriteString(" x")
		b.WriteString(rs.SquareName(p.strike))
	}
	if p.statused.Any() {
		p.writeStatuses(&b)
	}
	return b.String()
}

// writeHexPlacement appends a hexagonal board's placement as hexToGrid reads it: the
// ranks from the highest down, each rank's cells in file order.
func (p *core256) writeHexPlacement(b *strings.Builder) {
	rs := p.rs
	for r := rs.Ranks; r >= 1; r-- {
		if r < rs.Ranks {
			b.WriteByte('/')
		}
		empty := 0
		for x := range rs.Files {
			if y := rs.HexShape.RankCell(x, r); y >= 0 {
				p.writeCell(b, rs.SquareAt(x, y), &empty)
			}
		}
		flushEmpty(b, &empty)
	}
}

// writePlacement appends board k's placement: its ranks from the top, '/' between them.
func (p *core256) writePlacement(b *strings.Builder, k int) {
	rs := p.rs
	for r := rs.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < rs.BoardFiles; f++ {
			p.writeCell(b, rs.BoardSquare(k, f, r), &empty)
		}
		flushEmpty(b, &empty)
		if r > 0 {
			b.WriteByte('/')
		}
	}
}

// writeCell appends the cell sq of a placement row: an empty square counts in *empty (written
// before the next cell that is not one); a wall or a cell that is no square is '*'; a man is
// its letter, '~' after it when marked promoted.
func (p *core256) writeCell(b *strings.Builder, sq Square, empty *int) {
	rs := p.rs
	if p.board[sq] == NoPiece && rs.KindOf(sq) == compiler.CellSquare && !p.walls.Has(sq) {
		*empty++
		return
	}
	flushEmpty(b, empty)
	if rs.KindOf(sq) != compiler.CellSquare || p.walls.Has(sq) {
		b.WriteByte('*')
		return
	}
	writeMan(b, rs, p.board[sq])
	if p.marked.Has(sq) {
		b.WriteByte('~')
	}
}

// writeStatuses appends the status field: " square:counter,..." in the board field's order
// (top rank first, files left to right).
func (p *core256) writeStatuses(b *strings.Builder) {
	rs := p.rs
	sep := byte(' ')
	for r := rs.Ranks - 1; r >= 0; r-- {
		for f := 0; f < rs.Files; f++ {
			if sq := rs.SquareAt(f, r); p.status[sq] != 0 {
				b.WriteByte(sep)
				fmt.Fprintf(b, "%s:%d", rs.SquareName(sq), p.status[sq])
				sep = ','
			}
		}
	}
}

// parseStatuses reads the status field: square:counter pairs separated by commas, each
// square holding a piece, each counter from 1 to the status's duration.
func (p *core256) parseStatuses(s string) string {
	rs := p.rs
	st := rs.Status
	if st == nil {
		return fmt.Sprintf("status field %s, but %s has no timed status", defs.Quote(s), rs.Name)
	}
	for _, item := range strings.Split(s, ",") {
		name, count, ok := strings.Cut(item, ":")
		sq, known := rs.ParseSquare(name)
		n, err := strconv.Atoi(count)
		switch {
		case !ok || !known || err != nil:
			return fmt.Sprintf("status field: %s is not square:counter (e.g. e5:4)", defs.Quote(item))
		case p.board[sq] == NoPiece:
			return fmt.Sprintf("status field: no piece on %s to be %s", name, st.Name)
		case n < 1 || n > st.Duration || count[0] == '0':
			return fmt.Sprintf("status field: counter %s on %s must be a whole number from 1 to %d (%s lasts %d half-moves)", defs.Quote(count), name, st.Duration, st.Name, st.Duration)
		case p.status[sq] != 0:
			return fmt.Sprintf("status field: %s is listed twice", name)
		}
		p.status[sq] = uint8(n)
		p.statused = p.statused.With(sq)
		p.hash ^= rs.Zobrist.StatusKey(sq, n)
	}
	return ""
}

// castlingString writes K/Q when the right belongs to the outermost partner, else the file.
// innerOnKFile reports whether a castling partner that is not the outermost one on the
// king's short side stands on the k-file (boards of more than ten files): X-FEN's K and the
// file letter K then collide, so K names the k-file and the outermost partner is written
// by its own file letter. (Q cannot collide: the q-file needs seventeen files.)
func (p *core256) innerOnKFile(kingFile int, partners bb256, c Color) bool {
	kFile, _ := p.rs.FileOfLetter('k')
	if p.rs.Files <= kFile+1 || kFile <= kingFile || !partners.Has(p.rs.CastleSquare(c, kFile)) {
		return false
	}
	for f := kFile + 1; f < p.rs.Files; f++ {
		if partners.Has(p.rs.CastleSquare(c, f)) {
			return true
		}
	}
	return false
}

func (p *core256) castlingString() string {
	if p.castle.Empty() && p.gates.Empty() {
		return "-"
	}
	var out []byte
	for c := 0; c < 2; c++ {
		if p.rs.Castling != nil {
			out = p.castlingLetters(out, c)
		}
		if p.gating || p.firstMoves {
			out = p.gateLetters(out, c)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}

// gateLetters appends side c's gating rights as Fairy-Stockfish 11.1 writes them: after
// its castling letters, the file letter of every first-rank man that may gate (the
// royal's and the partners' too), and none at all while its gating pool is empty and no
// capture can fill it.
func (p *core256) gateLetters(out []byte, c Color) []byte {
	rs := p.rs
	h := rs.Hands
	g := p.gates.And(p.byColor[c])
	if g.Empty() || p.gating && h.CaptureTo != h.GateFrom && p.poolEmpty(c, h.GateFrom) {
		return out
	}
	for ; g.Any(); g = g.Rest() {
		ch := byte('A' + rs.FileOf(g.First()))
		if c == compiler.Black {
			ch += 'a' - 'A'
		}
		out = append(out, ch)
	}
	return out
}

// sameBoard is the part of the cells set on the board of sq (all of set on one board).
func (p *core256) sameBoard(set bb256, sq Square) bb256 {
	if p.rs.Boards < 2 {
		return set
	}
	k := p.rs.BoardOf(sq)
	for b := set; b.Any(); b = b.Rest() {
		if p.rs.BoardOf(b.First()) != k {
			set = set.Without(b.First())
		}
	}
	return set
}

// partnerMen are side c's men of the types its royal castles with (castling.partner and
// castling.other-partners).
func (p *core256) partnerMen(c Color) bb256 {
	cs := p.rs.Castling
	men := p.pieces(c, cs.Partner)
	for ts := cs.Partners &^ (1 << uint(cs.Partner)); ts != 0; ts &= ts - 1 {
		men = men.Or(p.pieces(c, bits.TrailingZeros64(ts)))
	}
	return men
}

// castlingLetters appends side c's castling rights: K and Q, or the partner's file where
// those would be ambiguous (X-FEN), and a never-moved king's own file (kingBits).
func (p *core256) castlingLetters(out []byte, c Color) []byte {
	rs := p.rs
	cs := rs.Castling
	kings := p.pieces(c, cs.Royal).And(p.tb.CastleRank[c])
	if kings.Empty() {
		return out
	}
	k := kings.First()
	partners := p.sameBoard(p.partnerMen(c).And(p.tb.CastleRank[c]), k)
	var short, long []byte
	rights := p.sameBoard(p.castle.And(p.tb.CastleRank[c]).Without(k), k)
	if p.kingBits && p.castle.Has(k) && rights.Empty() {
		ch := rs.FileLetter(rs.LocalFile(k)) - 'a' + 'A' // a king that has never moved, without a right now
		if c == compiler.Black {
			ch += 'a' - 'A'
		}
		out = append(out, ch)
	}
	for b := rights; b.Any(); b = b.Rest() {
		r := b.First()
		var outer bb256
		if r > k {
			outer = partners.AndNot(compiler.Below256(r + 1))
		} else {
			outer = partners.And(compiler.Below256(r))
		}
		ch := rs.FileLetter(rs.LocalFile(r)) - 'a' + 'A'
		if !cs.FileLetters && !outer.Meets(p.tb.CastleRank[c]) && (r < k || !p.innerOnKFile(rs.FileOf(k), partners, c)) {
			ch = 'K'
			if r < k {
				ch = 'Q'
			}
		}
		if c == compiler.Black {
			ch += 'a' - 'A'
		}
		if r > k {
			short = append(short, ch)
		} else {
			long = append(long, ch)
		}
	}
	out = append(append(out, short...), long...)
	return out
}

// parsePools reads the pool groups: group i lists pool i of both sides, each letter a man
// in its own colour (upper case White's). A pool of enemy men (a prison) belongs to the
// side of the other colour. No groups: every pool is empty.
func (p *core256) parsePools(groups []string) string {
	rs := p.rs
	h := rs.Hands
	if h == nil {
		if len(groups) > 0 {
			return fmt.Sprintf("pools [%s] after the board, but %s has no pools", defs.Clip(groups[0]), rs.Name)
		}
		return ""
	}
	// Men are conserved, so a count bounded by all the men there are never overflows.
	men := p.occupied().Count()
	if len(groups) == 0 && men > compiler.MaxHand {
		return fmt.Sprintf("%d men on the board: a position with pools holds at most %d", men, compiler.MaxHand)
	}
	if len(groups) == 0 {
		return ""
	}
	if len(groups) != rs.NumPools() {
		return fmt.Sprintf("%d pool groups after the board; %s has %d (%s), one [...] each", len(groups), rs.Name, rs.NumPools(), strings.Join(rs.Pools(), ", "))
	}
	for pool, g := range groups {
		for _, ch := range []byte(g) {
			t := rs.TypeOf(ch)
			if a := rs.TypeOfAlias(ch); t < 0 && a >= 0 {
				t = h.CapturedAs(a) // the man a capture of the alias's type puts here
			}
			if t < 0 {
				return fmt.Sprintf("unknown piece letter %q in the %s pool [%s]: %s", string(ch), rs.Pools()[pool], defs.Clip(g), letterList(rs))
			}
			c := compiler.White
			if ch >= 'a' && ch <= 'z' {
				c = compiler.Black
			}
			if h.Enemy(pool) {
				c ^= 1 // a prison holds the other side's men
			}
			if men++; men > compiler.MaxHand {
				return fmt.Sprintf("%d men on the board and in the pools: a position with pools holds at most %d", men, compiler.MaxHand)
			}
			slot := rs.HandSlot(c, pool, t)
			p.hash ^= rs.Zobrist.HandKey(slot, int(p.hand[slot])) ^ rs.Zobrist.HandKey(slot, int(p.hand[slot])+1)
			p.hand[slot]++
		}
	}
	return ""
}

// writePools writes one [...] group per pool: White's men first, then Black's, each in the
// order of the piece types, a letter per man.
func (p *core256) writePools(b *strings.Builder) {
	rs := p.rs
	for pool := range rs.NumPools() {
		b.WriteByte('[')
		for _, man := range []Color{compiler.White, compiler.Black} {
			holder := man
			if rs.Hands.Enemy(pool) {
				holder ^= 1
			}
			for t := range rs.NumPieces() {
				l := letterOf(rs, MakePiece(t, man))
				for range p.hand[rs.HandSlot(holder, pool, t)] {
					b.WriteByte(l)
				}
			}
		}
		b.WriteByte(']')
	}
}

// parseChecks reads the check counter field: the checks each side has left to give,
// white's first ("3+3", as Fairy-Stockfish and lichess write it), or, in lichess's older
// form, the checks each side has given ("+1+0").
func (p *core256) parseChecks(s string) string {
	given := strings.HasPrefix(s, "+")
	parts := strings.Split(strings.TrimPrefix(s, "+"), "+")
	if len(parts) != 2 {
		return fmt.Sprintf("check counter %s: expected the checks left to give, white's then black's (3+3), or the checks given (+0+0)", defs.Quote(s))
	}
	limit := defs.MaxCheckCounter
	if given {
		limit = p.rs.CheckCounter
	}
	for c, f := range parts {
		n, msg := fenNumber(f, 0, limit)
		if msg != "" {
			return fmt.Sprintf("check counter %s: %s", defs.Quote(s), msg)
		}
		if given {
			n = p.rs.CheckCounter - n
		}
		p.checks[c] = uint8(n)
	}
	return ""
}
