// Package compiler lowers a validated defs.Definition into an immutable Ruleset:
// square numbering from the board mask, per-piece per-square leap tables, ride and path
// descriptions over precomputed direction tables (rays for sliding, steps for paths),
// zones as bitboards per side, zobrist keys, and expr hooks compiled once.
package compiler

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"chimera/defs"
)

type lowering struct {
	def  *defs.Definition
	rs   *Ruleset
	errs defs.ErrorList
}

func (l *lowering) errorf(s defs.Src, key, format string, args ...any) {
	l.errs = append(l.errs, s.Errorf(key, format, args...))
}

// Compile lowers a definition (already validated by defs.Parse) into a Ruleset.
// The error, if any, is a defs.ErrorList of positioned errors.
func Compile(def *defs.Definition) (*Ruleset, error) {
	var seats *SeatRules
	if def.Seats != nil {
		seats = seatRules(def.Seats)
		d, err := seatPieces(def, seats)
		if err != nil {
			return nil, defs.ErrorList{err.(defs.Error)}
		}
		def = d
	}
	l := &lowering{def: def, rs: &Ruleset{Def: def, Name: def.Name, Title: def.Title, Seats: seats}}
	if l.rs.Title == "" {
		l.rs.Title = def.Name
	}
	l.geometry()
	if seats != nil {
		l.seatFrames()
		l.seatPoints()
	}
	l.zones()
	l.pieces()
	l.aimEnds()
	l.rules()
	l.castling()
	l.castleRanks()
	l.goals()
	l.freezes()
	l.mechanisms()
	l.setups()
	l.errs.Sort()
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	rs := l.rs
	rs.Zobrist = newZobrist(len(rs.pieces), rs.Cells, max(len(rs.pools), 1))
	rs.buildAttackTables()
	rs.decideShortcuts()
	rs.narrow()
	if err := rs.loadNet(); err != nil {
		return nil, err
	}
	return rs, nil
}

func (l *lowering) geometry() {
	b := l.def.Board
	g := &l.rs.Geometry
	g.Boards, g.BoardFiles = max(b.Boards, 1), b.Files
	if b.Apart == "partners" {
		g.Boards, g.Partners = 1, b.Boards // each board is one game of these rules
	}
	g.Files, g.Ranks = g.Boards*(b.Files+1)-1, b.Ranks
	g.Hex = b.Geometry == "hex"
	if g.Hex {
		g.HexShape = defs.HexOf(&b)
		g.Ranks = g.HexShape.Ranks
	}
	g.Cells = g.Files * g.Ranks
	g.kind = make([]CellKind, g.Cells)
	g.boardOf = make([]int8, g.Cells)
	g.dirOf = map[Vec]int{}
	for sq := range g.Cells {
		f := g.FileOf(sq)
		g.boardOf[sq] = int8(f / (b.Files + 1))
		if f%(b.Files+1) == b.Files {
			g.kind[sq], g.boardOf[sq] = CellMissing, -1 // the column between two boards
		}
	}
	if g.Hex {
		for sq := range g.Cells {
			if !g.HexShape.OnBoard(g.FileOf(sq), g.RankOf(sq)) {
				g.kind[sq] = CellMissing
			}
		}
	}
	if b.Layout != "" {
		rows := strings.Fields(b.Layout)
		for i, row := range rows {
			r := g.Ranks - 1 - i
			for f, c := range []byte(row) {
				for k := range g.Boards {
					sq := g.SquareAt(k*(b.Files+1)+f, r)
					switch c {
					case '*':
						g.kind[sq] = CellMissing
					case '-':
						g.kind[sq] = CellUnused
					}
				}
			}
		}
	}
	g.names = make([]string, g.Cells)
	g.cross = make([]Square, g.Cells)
	for sq := 0; sq < g.Cells; sq++ {
		f := g.LocalFile(sq)
		g.names[sq] = fmt.Sprintf("%c%d", 'a'+f, g.RankOf(sq)+1)
		if g.Hex {
			g.names[sq] = g.HexShape.CellName(f, g.RankOf(sq))
		}
		if g.Colour(sq) == 0 {
			l.rs.Dark = l.rs.Dark.With(sq)
		}
		g.cross[sq] = NoSquare
		if k := g.boardOf[sq]; k >= 0 && b.Crossing {
			g.cross[sq] = g.SquareAt((int(k)+1)%g.Boards*(b.Files+1)+f, g.RankOf(sq))
		}
		switch g.kind[sq] {
		case CellSquare:
			l.rs.Squares = l.rs.Squares.With(sq)
		case CellMissing:
			l.rs.Missing = l.rs.Missing.With(sq)
		case CellUnused:
			l.rs.Unused = l.rs.Unused.With(sq)
		}
	}
	g.crossedFrom = make([]Square, g.Cells)
	for sq := range g.crossedFrom {
		g.crossedFrom[sq] = NoSquare
	}
	for sq, t := range g.cross {
		if t != NoSquare {
			g.crossedFrom[t] = sq
		}
	}
	l.rs.Crossing = b.Crossing
}

func (l *lowering) sqset(s defs.Src, key string, names []string) Bitboard {
	var b Bitboard
	for i, n := range names {
		sq, ok := l.rs.ParseSquare(n)
		if !ok {
			continue // reported by defs.Validate
		}
		if l.rs.kind[sq] != CellSquare {
			l.errs.Add(s.File, s.Item(key, i), "%s is not a playable square (the layout marks it missing or unused)", n)
		}
		b = b.With(sq)
	}
	return b
}

func (l *lowering) zones() {
	l.rs.zones = map[string][2]Bitboard{}
	for name, z := range l.def.Zones {
		var w, bl Bitboard
		switch {
		case len(z.Squares) > 0:
			w = l.sqset(z.Src, "squares", z.Squares)
			bl = w
		case len(z.Ranks) > 0 && l.rs.Hex:
			// Ranks along each file, counted from the owner's edge.
			for b := l.rs.Squares; b.Any(); b = b.Rest() {
				sq := b.First()
				if slices.Contains(z.Ranks, l.rs.HexRank(sq, White)) {
					w = w.With(sq)
				}
				if slices.Contains(z.Ranks, l.rs.HexRank(sq, Black)) {
					bl = bl.With(sq)
				}
			}
		case len(z.Ranks) > 0:
			for _, r := range z.Ranks {
				for f := 0; f < l.rs.Files; f++ {
					if sq := l.rs.SquareAt(f, r-1); sq != NoSquare {
						w = w.With(sq)
					}
					if sq := l.rs.SquareAt(f, l.rs.Ranks-r); sq != NoSquare {
						bl = bl.With(sq)
					}
				}
			}
			w = w.And(l.rs.Squares)
			bl = bl.And(l.rs.Squares)
		default:
			w = l.sqset(z.Src, "white", z.White)
			bl = l.sqset(z.Src, "black", z.Black)
		}
		l.rs.zones[name] = [2]Bitboard{w, bl}
	}
}

func (l *lowering) typeMask(letters []string) uint64 {
	var m uint64
	for _, s := range letters {
		if t := l.rs.TypeOfText(s); t >= 0 {
			m |= 1 << uint(t)
		}
	}
	return m
}

// MaxPieceTypes is the most piece types a variant may declare.
const MaxPieceTypes = 64

func (l *lowering) pieces() {
	rs := l.rs
	for i := range rs.byLetter {
		rs.byLetter[i], rs.byPromoted[i], rs.byAlias[i] = -1, -1, -1
	}
	for p := range rs.byMarked {
		for m := range rs.byMarked[p] {
			for x := range rs.byMarked[p][m] {
				rs.byMarked[p][m][x] = -1
			}
		}
	}
	if len(l.def.Pieces) > MaxPieceTypes {
		l.errorf(l.def.Src, "pieces", "%d piece types; at most %d are supported", len(l.def.Pieces), MaxPieceTypes)
		return
	}
	for i := range l.def.Pieces {
		p := &l.def.Pieces[i]
		if len(p.Letter) == 1 {
			rs.byLetter[p.Letter[0]] = int8(i)
		}
		if len(p.FENAlias) == 1 {
			rs.byAlias[p.FENAlias[0]] = int8(i)
		}
		fen := p.FEN
		if len(p.Letter) > 1 {
			fen = p.Letter
		}
		switch plus, mark := markOf(fen); {
		case mark != 0:
			m := 0
			if mark == '!' {
				m = 1
			}
			rs.byMarked[plus][m][fen[plus]-'A'] = int8(i)
		case len(fen) == 2:
			rs.byPromoted[fen[1]] = int8(i)
		}
	}
	rs.pieces = make([]PieceType[Bitboard], len(l.def.Pieces))
	for i := range l.def.Pieces {
		p := &l.def.Pieces[i]
		pt := &rs.pieces[i]
		*pt = PieceType[Bitboard]{Def: p, Name: p.Name, LetterText: p.Letter, SAN: p.Letter, Royal: p.Royal, Immune: p.Immune,
			Value: p.Value, BurnSlot: -1, Rank: p.Rank, RidesUnattacked: p.RidesUnattacked,
			PassOnce: p.PassOnce}
		for c := range 2 {
			pt.ResetsClock[c] = p.ResetsClock && p.ResetsClockBy(c)
			pt.ResetsUnlessBack[c] = p.ResetsClockUnlessBack && p.ResetsClockBy(c)
		}
		if len(p.Burns) > 0 {
			pt.BurnSlot = l.burnTable(p.Burns)
			rs.BurnTypes |= 1 << uint(i)
		}
		if p.Contagious {
			rs.Contagious |= 1 << uint(i)
		}
		fen := p.FEN
		if len(p.Letter) == 1 {
			pt.Letter = p.Letter[0]
		} else {
			fen = p.Letter // a letter "+X" or "Q!" is the FEN token; Letter stays 0
		}
		if p.SANLetter != nil {
			pt.SAN = *p.SANLetter
		}
		if plus, mark := markOf(fen); mark != 0 {
			pt.Mark, pt.MarkLetter, pt.MarkPlus = mark, fen[plus], plus == 1
		} else if len(fen) == 2 {
			pt.Promoted = fen[1]
			if p.SANLetter == nil {
				pt.SAN = p.FEN // a piece written +X in a FEN is written so in SAN too
			}
		}
		if p.Royal {
			rs.RoyalTypes |= 1 << uint(i)
		}
		pt.Land = [2]Bitboard{rs.Squares, rs.Squares}
		for _, r := range l.def.Board.Restricted {
			allowed := false
			for _, o := range r.Only {
				allowed = allowed || o == p.Letter
			}
			if !allowed {
				z := rs.zones[r.Zone]
				pt.Land[0] = pt.Land[0].AndNot(z[0].Or(z[1]))
				pt.Land[1] = pt.Land[1].AndNot(z[0].Or(z[1]))
			}
		}
		if p.Confined != "" {
			z := rs.zones[p.Confined]
			pt.Land[0] = pt.Land[0].And(z[0])
			pt.Land[1] = pt.Land[1].And(z[1])
		}
		for c := 0; c < 2; c++ {
			pt.leapRoyal[c] = make([]Bitboard, rs.Cells)
			pt.leapQuiet[c] = make([]Bitboard, rs.Cells)
			pt.leapCapture[c] = make([]Bitboard, rs.Cells)
			pt.epCapture[c] = make([]Bitboard, rs.Cells)
		}
		for ai := range p.Moves {
			l.atom(pt, &p.Moves[ai])
		}
		pt.MayRepeat = pt.MayRepeat || rs.ridesOverlap(pt)
		if pr := p.Promotion; pr != nil {
			cp := &Promotion[Bitboard]{Zone: rs.zones[pr.Zone], Optional: pr.Optional, FromPool: -1,
				FromOpponent: pr.PoolOwner == "opponent", Leaving: pr.Leaving, OnCapture: pr.OnCapture, SkipEnPassant: pr.SkipEnPassant}
			cp.Entering, cp.Declared = pr.Entering, cp.Zone
			if pr.Always != "" {
				cp.HasAlways, cp.Always = true, rs.zones[pr.Always]
				for c := White; c <= Black; c++ {
					cp.Zone[c] = cp.Zone[c].Or(cp.Always[c])
				}
			}
			if pr.Forced != "" {
				// Where promotion is compulsory, a move promotes: the forced squares belong
				// to the zone, even when the definition left them out of it.
				cp.HasForced, cp.Forced = true, rs.zones[pr.Forced]
				for c := White; c <= Black; c++ {
					cp.Zone[c] = cp.Zone[c].Or(cp.Forced[c])
				}
			}
			if len(pr.Limits) > 0 {
				cp.HasLimits, cp.limit = true, make([]int, len(l.def.Pieces))
				for letter, n := range pr.Limits {
					if t := rs.TypeOfText(letter); t >= 0 {
						cp.limit[t] = n
					}
				}
			}
			if ip := pr.InPlace; ip != nil {
				// Promotion is a move of its own, from the zone: no ordinary move promotes.
				cp.InPlace, cp.Stand, cp.Zone = true, cp.Zone, [2]Bitboard{}
				cp.Step, cp.LoneAnywhere = ip.Step, ip.LoneAnywhere
				cp.NoAttack = ip.MayAttack != nil && !*ip.MayAttack
				cp.NoCheck = ip.MayGiveCheck != nil && !*ip.MayGiveCheck
			}
			var to, toBlack []int
			for _, s := range pr.To {
				to = append(to, rs.TypeOfText(s))
			}
			for _, s := range pr.ToBlack {
				toBlack = append(toBlack, rs.TypeOfText(s))
			}
			cp.promotionTypes = newPromotionTypes(to, toBlack, pr.Optional)
			if len(pr.ByCell) > 0 {
				cp.HasByCell = true
				for c := range 2 {
					cp.byCell[c] = make([]uint64, rs.Cells)
				}
				for _, bc := range pr.ByCell {
					var mask uint64
					for _, s := range bc.To {
						mask |= 1 << uint(rs.TypeOfText(s))
					}
					twice := ""
					for c := White; c <= Black; c++ {
						for b := rs.zones[bc.Zone][c]; b.Any(); b = b.Rest() {
							sq := b.First()
							if cp.byCell[c][sq] != 0 && twice == "" {
								twice = rs.names[sq]
							}
							cp.byCell[c][sq] = mask
						}
					}
					if twice != "" {
						l.errorf(bc.Src, "zone", "promotion.by-cell: %s is in the zones of two entries (each cell takes one entry's choices)", twice)
					}
				}
			}
			pt.Promotion = cp
			if pr.FromPool != "" && l.def.Hands != nil {
				cp.FromPool = slices.Index(l.def.Hands.Pools, pr.FromPool)
			}
		}
	}
}

// Images returns the vectors of v under a symmetry (all: the 8 reflections and swaps;
// mirror: left and right; none: v only) and a direction filter (the union of the named
// classes), from White's side: defs.Images over Vec.
func Images(v Vec, symmetry string, only []string) []Vec {
	imgs := defs.Images(v.DX, v.DY, symmetry, only)
	out := make([]Vec, len(imgs))
	for i, w := range imgs {
		out[i] = Vec{w[0], w[1]}
	}
	return out
}

// turnFor is forColor for a vector of piece pt's moves: a piece whose Black moves are
// White's turned half round (defs.Piece.Turned) has Black's files reversed as well.
func (g *Geometry) turnFor(pt *PieceType[Bitboard], v Vec, c Color) Vec {
	if pt.Def != nil && pt.Def.Quarter != 0 {
		for range pt.Def.Quarter { // clockwise: (dx, dy) -> (dy, -dx)
			v = Vec{v.DY, -v.DX}
		}
		return v
	}
	if c == Black && pt.Def != nil && pt.Def.Turned {
		return Vec{-v.DX, -v.DY}
	}
	return g.forColor(v, c)
}

// forColor turns a White vector into the given side's vector: Black's forward is down
// (on a hexagonal board, the hexagon mirrored top to bottom).
func (g *Geometry) forColor(v Vec, c Color) Vec {
	if c != Black {
		return v
	}
	if g.Hex {
		x, y := defs.HexFlip(v.DX, v.DY)
		return Vec{x, y}
	}
	return Vec{v.DX, -v.DY}
}

// Images is the package's Images on this board's geometry (the hexagon's symmetries and
// directions on a hexagonal board).
func (g *Geometry) Images(v Vec, symmetry string, only []string) []Vec {
	imgs := defs.ImagesOn(g.Hex, v.DX, v.DY, symmetry, only)
	out := make([]Vec, len(imgs))
	for i, w := range imgs {
		out[i] = Vec{w[0], w[1]}
	}
	return out
}

func modeOf(s string) Mode {
	switch s {
	case "move":
		return ModeMove
	case "capture":
		return ModeCapture
	case "capture-royal":
		return ModeCaptureRoyal
	}
	return ModeBoth
}

// initialLeap lowers a first-move leap into the piece's initial list.
func (l *lowering) initialLeap(pt *PieceType[Bitboard], a *defs.Atom, mode Mode, from [2]Bitboard) {
	rs := l.rs
	il := InitialLeap[Bitboard]{NotInCheck: a.NotInCheck}
	for c := 0; c < 2; c++ {
		il.quiet[c], il.capture[c] = make([]Bitboard, rs.Cells), make([]Bitboard, rs.Cells)
	}
	for _, w := range rs.Images(Vec{a.Leap[0], a.Leap[1]}, a.Symmetry, a.Only) {
		for c := 0; c < 2; c++ {
			v := rs.turnFor(pt, w, c)
			for sq := 0; sq < rs.Cells; sq++ {
				t := rs.Step(sq, v)
				if !from[c].Has(sq) || t == NoSquare || rs.kind[t] != CellSquare {
					continue
				}
				if mode != ModeCapture {
					il.quiet[c][sq] = il.quiet[c][sq].Or(Bit(t).And(pt.Land[c]))
				}
				if mode != ModeMove && mode != ModeCaptureRoyal {
					il.capture[c][sq] = il.capture[c][sq].With(t)
				}
			}
		}
	}
	pt.initial = append(pt.initial, il)
	rs.FirstMoves = true
}

// rideRange is a ride's steps from mn to mx (mx 0: unlimited), from its range: none for
// every step, [n] up to n, [m, n] from m (at least 1) to n.
func rideRange(a *defs.Atom) (mn, mx int) {
	mn, mx = 1, 0
	if len(a.Range) == 1 {
		mx = a.Range[0]
	} else if len(a.Range) == 2 {
		mn, mx = max(a.Range[0], 1), a.Range[1]
	}
	return mn, mx
}

// stepBack adds the quiet moves of the atom a (a leap or a ride) on an empty board, from
// every cell, to pt.stepBack (PieceType.StepsBack).
func (l *lowering) stepBack(pt *PieceType[Bitboard], a *defs.Atom) {
	rs := l.rs
	for c := 0; c < 2; c++ {
		if pt.stepBack[c] == nil {
			pt.stepBack[c] = make([]Bitboard, rs.Cells)
		}
	}
	switch {
	case a.Leap != nil:
		for _, w := range rs.Images(Vec{a.Leap[0], a.Leap[1]}, a.Symmetry, a.Only) {
			for c := 0; c < 2; c++ {
				v := rs.turnFor(pt, w, c)
				for sq := 0; sq < rs.Cells; sq++ {
					if t := rs.Step(sq, v); t != NoSquare && rs.kind[t] == CellSquare {
						pt.stepBack[c][sq] = pt.stepBack[c][sq].With(t)
					}
				}
			}
		}
	case a.Ride != nil:
		mn, mx := rideRange(a)
		for _, w := range rs.Images(Vec{a.Ride[0], a.Ride[1]}, a.Symmetry, a.Only) {
			for c := 0; c < 2; c++ {
				span := rs.rideSpan(rs.dirIndex(rs.turnFor(pt, w, c)), mn, mx)
				for sq := 0; sq < rs.Cells; sq++ {
					pt.stepBack[c][sq] = pt.stepBack[c][sq].Or(span[sq])
				}
			}
		}
	}
}

// burnTable adds a table of BurnNear for a burning piece's offsets (all 8 images of
// each) and returns its slot.
func (l *lowering) burnTable(steps [][]int) int {
	rs := l.rs
	slot := len(rs.burnNear) / rs.Cells
	near := make([]Bitboard, rs.Cells)
	for _, s := range steps {
		if len(s) != 2 {
			continue
		}
		for _, w := range Images(Vec{s[0], s[1]}, "all", nil) {
			for sq := 0; sq < rs.Cells; sq++ {
				if t := rs.Step(sq, w); t != NoSquare && rs.kind[t] == CellSquare {
					near[sq] = near[sq].With(t)
				}
			}
		}
	}
	rs.burnNear = append(rs.burnNear, near...)
	return slot
}

// aimEnds lowers the types whose aim ends each piece's first-move right
// (defs.Piece.FirstMoveEndsAimedBy).
func (l *lowering) aimEnds() {
	rs := l.rs
	for t := range rs.pieces {
		for _, x := range l.def.Pieces[t].FirstMoveEndsAimedBy {
			if by := rs.TypeOfText(x); by >= 0 {
				rs.pieces[t].AimEnds |= 1 << uint(by)
				rs.AimEnders |= 1 << uint(by)
			}
		}
	}
}

func (l *lowering) atom(pt *PieceType[Bitboard], a *defs.Atom) {
	rs := l.rs
	mode := modeOf(a.Mode)
	from := [2]Bitboard{rs.Squares, rs.Squares}
	if a.From != "" {
		from = rs.zones[a.From]
	}
	if a.Initial && a.Leap != nil {
		l.initialLeap(pt, a, mode, from)
		return
	}
	if (pt.ResetsUnlessBack[White] || pt.ResetsUnlessBack[Black]) && mode != ModeCapture && mode != ModeCaptureRoyal && a.From == "" && a.Within == "" {
		l.stepBack(pt, a)
	}
	var within [2]Bitboard
	if a.Within != "" {
		within = rs.zones[a.Within]
		for c := 0; c < 2; c++ {
			from[c] = from[c].And(within[c])
		}
		a = asPath(a)
	}
	switch {
	case a.Leap != nil:
		for _, w := range rs.Images(Vec{a.Leap[0], a.Leap[1]}, a.Symmetry, a.Only) {
			for c := 0; c < 2; c++ {
				v := rs.turnFor(pt, w, c)
				for sq := 0; sq < rs.Cells; sq++ {
					if !from[c].Has(sq) {
						continue
					}
					t := rs.Step(sq, v)
					if t == NoSquare || rs.kind[t] != CellSquare {
						continue
					}
					if mode == ModeCaptureRoyal {
						pt.leapRoyal[c][sq] = pt.leapRoyal[c][sq].With(t)
						continue
					}
					if mode != ModeCapture {
						pt.leapQuiet[c][sq] = pt.leapQuiet[c][sq].Or(Bit(t).And(pt.Land[c]))
					}
					if mode != ModeMove {
						pt.leapCapture[c][sq] = pt.leapCapture[c][sq].With(t)
						if a.EPCapture {
							pt.epCapture[c][sq] = pt.epCapture[c][sq].With(t)
						}
					}
				}
			}
		}
	case a.Ride != nil:
		mn, mx := rideRange(a)
		for _, w := range rs.Images(Vec{a.Ride[0], a.Ride[1]}, a.Symmetry, a.Only) {
			for c := 0; c < 2; c++ {
				d := rs.dirIndex(rs.turnFor(pt, w, c))
				if mode == ModeCaptureRoyal {
					pt.royalRides[c] = append(pt.royalRides[c], Ride[Bitboard]{Dir: d, Min: mn, Max: mx, Mode: mode, From: from[c]})
					continue
				}
				// (A man whose rides may not pass attacked cells has them walked one by
				// one: its slides are rides.)
				if mn == 1 && mx == 0 && mode == ModeBoth && a.From == "" && !a.EPTarget && !a.RangeCapture && !pt.RidesUnattacked {
					pt.slides[c] = append(pt.slides[c], d)
					continue
				}
				rank := 0
				if a.RangeCapture {
					rank = pt.Rank
					rs.RangeCapture = true
				}
				pt.rides[c] = append(pt.rides[c], Ride[Bitboard]{Dir: d, Min: mn, Max: mx, Mode: mode, From: from[c], EPTarget: a.EPTarget,
					Rank: rank, span: rs.rideSpan(d, mn, mx)})
				pt.MakesEP = pt.MakesEP || a.EPTarget
			}
		}
	case a.Path != nil:
		pt.MayRepeat = true // until buildAttackTables knows the path's kind (landingsOverlap)
		rs.HasPaths = true
		first := Vec{a.Path[0].Step[0], a.Path[0].Step[1]}
		// Each symmetry image of the first leg is applied to the whole path: find the
		// linear map that takes the first leg to its image and apply it to every leg.
		for _, w := range rs.Images(first, a.Symmetry, a.Only) {
			for _, m := range rs.linearMaps(first, w, a.Symmetry) {
				for c := 0; c < 2; c++ {
					p := Path[Bitboard]{From: from[c], Within: within[c], Bounded: a.Within != ""}
					locust := 0
					for i, dl := range a.Path {
						lv := rs.turnFor(pt, m.apply(Vec{dl.Step[0], dl.Step[1]}), c)
						leg := Leg{Dir: rs.dirIndex(lv), Min: 1, Max: 1, Capture: dl.Capture, Stop: dl.Stop}
						p.Stops = p.Stops || dl.Stop
						if len(dl.Range) == 1 {
							leg.Min, leg.Max = dl.Range[0], dl.Range[0]
						} else if len(dl.Range) == 2 {
							leg.Min, leg.Max = dl.Range[0], dl.Range[1]
						}
						last := i == len(a.Path)-1
						leg.On = conditionMask(dl.On, last)
						leg.Not = l.typeMask(dl.Not)
						if leg.Capture { // pieces it may capture in passing, capped so the sum cannot overflow
							if leg.Max == 0 {
								locust += 3
							} else {
								locust += min(leg.Max, 3)
							}
						}
						if last && leg.On&OnEnemy != 0 || leg.Capture {
							p.Captures = true
						}
						if last && leg.Min == 0 {
							leg.Min = 1 // rejected by validation; a landing is at least one step out
						}
						p.legs = append(p.legs, leg)
					}
					if locust > 2 {
						l.errorf(a.Src, "path", "a path may capture at most two pieces in passing")
						return
					}
					if !containsPath(pt.paths[c], p) {
						pt.paths[c] = append(pt.paths[c], p)
					}
				}
			}
		}
	}
}

// ridesOverlap reports whether a limited ride of pt can reach a square that another of
// its atoms (leaps, unlimited slides, other limited rides) also reaches from the same origin.
func (rs *Ruleset) ridesOverlap(pt *PieceType[Bitboard]) bool {
	for c := 0; c < 2; c++ {
		if len(pt.rides[c]) == 0 {
			continue
		}
		for sq := 0; sq < rs.Cells; sq++ {
			seen := pt.leapQuiet[c][sq].Or(pt.leapCapture[c][sq])
			for _, d := range pt.slides[c] {
				seen = seen.Or(rs.dirs[d].ray[sq])
			}
			for _, r := range pt.rides[c] {
				if !r.From.Has(sq) {
					continue
				}
				var reach Bitboard
				t := sq
				for k := 1; r.Max == 0 || k <= r.Max; k++ {
					t = rs.dirs[r.Dir].step[t]
					if t == NoSquare || rs.kind[t] == CellMissing {
						break
					}
					if k >= r.Min {
						reach = reach.With(t)
					}
				}
				if reach.Meets(seen) {
					return true
				}
				seen = seen.Or(reach)
			}
		}
	}
	return false
}

// rideSpan is, from each cell, the cells min to max steps along direction d (max 0: no
// limit) that the direction's ray holds (Ride.span).
func (rs *Ruleset) rideSpan(d, min, max int) []Bitboard {
	dir := &rs.dirs[d]
	span := make([]Bitboard, rs.Cells)
	for sq := 0; sq < rs.Cells; sq++ {
		cur := Square(sq)
		for k := 1; max == 0 || k <= max; k++ {
			if cur = dir.step[cur]; cur == NoSquare || !dir.ray[sq].Has(cur) {
				break
			}
			if k >= min {
				span[sq] = span[sq].With(cur)
			}
		}
	}
	return span
}

// landingsOverlap reports whether two of pt's atoms could make the same move in one
// position: an allow-list, decided once the paths are tabled. It answers false only when
// every path is a fixed walk or a ray hop (each lands on a cell at most once a position)
// and, from every origin, no two atoms share a landing cell that both may reach empty, or
// that both may capture on. A quiet landing and a capture cannot coincide, since the cell
// is empty or not. Other paths (ranges, captures in passing, stops) answer true.
func (rs *Ruleset) landingsOverlap(pt *PieceType[Bitboard]) bool {
	if rs.ridesOverlap(pt) {
		return true
	}
	for c := 0; c < 2; c++ {
		for _, p := range pt.paths[c] {
			if !p.Fixed && !p.RayHop {
				return true
			}
		}
		for sq := 0; sq < rs.Cells; sq++ {
			var quiet, capture Bitboard
			overlaps := false
			add := func(q, x Bitboard) {
				overlaps = overlaps || quiet.Meets(q) || capture.Meets(x)
				quiet, capture = quiet.Or(q), capture.Or(x)
			}
			ep := pt.epCapture[c][sq]
			add(pt.leapQuiet[c][sq].Or(ep), pt.leapCapture[c][sq].Or(pt.leapRoyal[c][sq]).Or(ep))
			for _, d := range pt.slides[c] {
				add(rs.dirs[d].ray[sq], rs.dirs[d].ray[sq])
			}
			for _, r := range slices.Concat(pt.rides[c], pt.royalRides[c]) {
				reach := rs.dirs[r.Dir].ray[sq] // over the ride's range: more is safe
				switch r.Mode {
				case ModeMove:
					add(reach, Bitboard{})
				case ModeCapture, ModeCaptureRoyal:
					add(Bitboard{}, reach)
				default:
					add(reach, reach)
				}
			}
			for _, p := range pt.paths[c] {
				land := p.visit[sq]
				if p.Fixed {
					land = Bitboard{}
					if to := p.hop[sq].to; to != NoSquare {
						land = Bit(to)
					}
				}
				var q, x Bitboard
				if p.LandOn&OnEmpty != 0 {
					q = land
				}
				if p.LandOn&OnEnemy != 0 {
					x = land
				}
				add(q, x)
			}
			if overlaps {
				return true
			}
		}
	}
	return false
}

// asPath rewrites a leap or ride as the one-leg path that moves the same way, so that a
// zone it may not leave (within) is checked square by square by the path walker.
func asPath(a *defs.Atom) *defs.Atom {
	if a.Path != nil {
		return a
	}
	b := *a
	leg := defs.Leg{Src: a.Src}
	switch a.Mode {
	case "move":
		leg.On = []string{"empty"}
	case "capture":
		leg.On = []string{"enemy"}
	}
	if a.Leap != nil {
		leg.Step = a.Leap
	} else {
		mn, mx := rideRange(a)
		leg.Step, leg.Range = a.Ride, []int{mn, mx}
	}
	b.Leap, b.Ride, b.Range, b.Mode = nil, nil, nil, ""
	b.Path = []defs.Leg{leg}
	return &b
}

type linmap struct{ a, b, c, d int } // (x,y) -> (a*x+b*y, c*x+d*y)

func (m linmap) apply(v Vec) Vec { return Vec{m.a*v.DX + m.b*v.DY, m.c*v.DX + m.d*v.DY} }

// then is m followed by n.
func (m linmap) then(n linmap) linmap {
	return linmap{n.a*m.a + n.b*m.c, n.a*m.b + n.b*m.d, n.c*m.a + n.d*m.c, n.c*m.b + n.d*m.d}
}

// linearMaps returns the symmetry maps allowed by the atom that take v to w.
func (g *Geometry) linearMaps(v, w Vec, symmetry string) []linmap {
	var cands []linmap
	switch {
	case g.Hex:
		// The hexagon's: six turns of 60° ((x, y) -> (x-y, x)), each also mirrored left
		// to right ((x, y) -> (-x, y-x)); "mirror" the identity and the mirror alone.
		turn, mirror := linmap{1, -1, 1, 0}, linmap{-1, 0, -1, 1}
		m := linmap{1, 0, 0, 1}
		for range 6 {
			cands = append(cands, m)
			if symmetry != "mirror" && symmetry != "none" {
				cands = append(cands, m.then(mirror))
			}
			m = m.then(turn)
		}
		switch symmetry {
		case "none":
			cands = cands[:1]
		case "mirror":
			cands = []linmap{{1, 0, 0, 1}, mirror}
		}
	case symmetry == "none":
		cands = []linmap{{1, 0, 0, 1}}
	case symmetry == "mirror":
		cands = []linmap{{1, 0, 0, 1}, {-1, 0, 0, 1}}
	default:
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				cands = append(cands, linmap{sx, 0, 0, sy}, linmap{0, sx, sy, 0})
			}
		}
	}
	var out []linmap
	for _, m := range cands {
		if m.apply(v) == w {
			out = append(out, m)
		}
	}
	return out
}

func containsPath(ps []Path[Bitboard], p Path[Bitboard]) bool {
	for _, q := range ps {
		if len(q.legs) != len(p.legs) || q.From != p.From || q.Within != p.Within {
			continue
		}
		same := true
		for i := range q.legs {
			same = same && q.legs[i] == p.legs[i]
		}
		if same {
			return true
		}
	}
	return false
}

func conditionMask(on []string, last bool) uint8 {
	if len(on) == 0 {
		if last {
			return OnEmpty | OnEnemy
		}
		return OnEmpty
	}
	var m uint8
	for _, s := range on {
		switch s {
		case "empty":
			m |= OnEmpty
		case "friend":
			m |= OnFriend
		case "enemy":
			m |= OnEnemy
		case "any":
			m |= OnEmpty | OnFriend | OnEnemy
		case "missing":
			m |= OnMissing
		case "unused":
			m |= OnUnused
		}
	}
	return m
}

func outcomeOf(s string, d Outcome) Outcome {
	switch s {
	case "win":
		return Win
	case "loss":
		return Loss
	case "draw":
		return Draw
	case "1/4":
		return OneQuarter
	case "3/4":
		return ThreeQuarters
	}
	return d
}

func (l *lowering) rules() {
	r := l.def.Rules
	rs := l.rs
	switch r.Check {
	case "enemy-royal-unattacked":
		rs.Check = CheckEnemyRoyalUnattacked
	case "none":
		rs.Check = CheckNone
	default:
		rs.Check = CheckRoyalAttacked
	}
	switch r.CheckRoyals {
	case "all":
		rs.CheckRoyals = CheckRoyalsAll
	case "lone":
		rs.CheckRoyals = CheckRoyalsLone
		// The royal types by kind (defs.Piece.RoyalKind): those without one make one kind.
		var names []string
		for i, p := range l.def.Pieces {
			if !p.Royal {
				continue
			}
			k := slices.Index(names, p.RoyalKind)
			if k < 0 {
				k = len(names)
				names = append(names, p.RoyalKind)
				rs.royalKinds = append(rs.royalKinds, 0)
			}
			rs.royalKinds[k] |= 1 << uint(i)
		}
	}
	rs.NoMovesInCheck = outcomeOf(r.NoMoves.InCheck, Loss)
	rs.NoMovesOtherwise = outcomeOf(r.NoMoves.Otherwise, Draw)
	switch r.NoMoves.Otherwise {
	case "fewer-men-wins":
		rs.NoMovesOtherwise, rs.StalemateByMen = Win, true
	case "more-men-wins":
		rs.NoMovesOtherwise, rs.StalemateByMen = Loss, true
	}
	rs.MustCapture = r.MustCapture
	rs.RoyalTakesCheckerOnly = r.RoyalTakesCheckerOnly
	rs.PerpetualCheckLoses = r.PerpetualCheck == "loss"
	rs.RepetitionLoser = -1
	switch r.RepetitionLoses {
	case "white":
		rs.RepetitionLoser = White
	case "black":
		rs.RepetitionLoser = Black
	case "mover":
		rs.RepetitionLoser = RepetitionMoverLoses
	case "to-move":
		rs.RepetitionLoser = RepetitionToMoveLoses
	}
	rs.NoGivingCheck = r.MayGiveCheck != nil && !*r.MayGiveCheck
	rs.RoyalOptional = r.RoyalOptional || rs.Seats != nil // a frame's Black may have no king
	if r.Pass != nil {
		rs.Pass, rs.PassInCheck, rs.PassEnd, rs.PassAlone = true, r.Pass.InCheck, r.Pass.EndAfter, r.Pass.OnlyWithoutMoves
	}
	rs.FacingRoyals = r.FacingRoyals
	rs.FullBoard = r.FullBoard
	if pt := r.Points; pt != nil {
		rs.HasPoints = true
		rs.points = make([]float64, len(l.def.Pieces))
		for i, p := range l.def.Pieces {
			rs.points[i] = pt.Values[p.Letter]
		}
		rs.PointsBonus = [2]float64{pt.Bonus["white"], pt.Bonus["black"]}
	}
	rs.CheckCounter = r.CheckCounter
	if c := r.Counting; c != nil {
		rs.Counting = &Counting{FromMen: c.FromMen}
		tri := func(b *bool) int8 {
			switch {
			case b == nil:
				return -1
			case *b:
				return 1
			}
			return 0
		}
		for _, cl := range c.Limits {
			out := CountLimit{Plies: 2 * *cl.Moves, BoardHas: l.typeMask(cl.BoardHas), Alone: tri(cl.Alone), OpponentAlone: tri(cl.OpponentAlone)}
			letters := make([]string, 0, len(cl.OpponentHas))
			for letter := range cl.OpponentHas {
				letters = append(letters, letter)
			}
			slices.Sort(letters)
			for _, letter := range letters {
				out.opponentHas = append(out.opponentHas, TypeCount{rs.TypeOf(letter[0]), cl.OpponentHas[letter]})
			}
			rs.Counting.limits = append(rs.Counting.limits, out)
		}
	}
	if cm := r.Checkmate; cm != nil {
		rs.MateForbiddenBy, rs.MateNeedsCheckBy = l.typeMask(cm.ForbiddenBy), l.typeMask(cm.NeedsCheckBy)
	}
	rs.FiftyMove, rs.Repetition = 100, 3
	if r.FiftyMove != nil {
		rs.FiftyMove = *r.FiftyMove
	}
	if r.Repetition != nil {
		rs.Repetition = *r.Repetition
	}
}

func (l *lowering) castling() {
	c := l.def.Castling
	if c == nil {
		return
	}
	rs := l.rs
	k := &Castling{Royal: rs.TypeOfText(c.Royal), Partner: rs.TypeOfText(c.Partner), KingToPartner: c.Notation == "king-to-partner", FileLetters: c.FEN == "files"}
	k.Partners = 1 << uint(k.Partner)
	for _, t := range l.typeList(c.OtherPartners) {
		k.Partners |= 1 << uint(t)
	}
	file := func(letter string) int {
		f, _ := l.def.Board.FileIndex(letter)
		return f
	}
	k.KingFile = [2]int{file(c.Short.King), file(c.Long.King)}
	k.PartnerFile = [2]int{file(c.Short.Partner), file(c.Long.Partner)}
	r := max(c.Rank, 1)
	k.Rank, k.rank = [2]int{r - 1, rs.Ranks - r}, r
	k.Guarded = rs.Check != CheckNone && rs.pieces[k.Royal].Royal
	if c.Unattacked != nil {
		k.Guarded = *c.Unattacked
	}
	k.Opposite = c.Opposite
	// Every destination must be a square on both sides' castling ranks.
	type dest struct {
		name        string // castling.short, castling.long.also, ...
		src         defs.Src
		king, other int // the king's and the partner's files
	}
	var dests []dest
	for i, side := range []struct {
		name string
		cs   *defs.CastleSide
	}{{"short", &c.Short}, {"long", &c.Long}} {
		dests = append(dests, dest{side.name, side.cs.Src, k.KingFile[i], k.PartnerFile[i]})
		if s := side.cs.SAN; s != nil {
			k.san[i] = append(k.san[i], [2]string{s.White, s.Black})
		}
		for _, ch := range side.cs.Also {
			if s := ch.SAN; s != nil {
				k.san[i] = append(k.san[i], [2]string{s.White, s.Black})
			}
			f := [2]int{file(ch.King), file(ch.Partner)}
			k.also[i] = append(k.also[i], f)
			dests = append(dests, dest{side.name + ".also", ch.Src, f[0], f[1]})
		}
	}
	for _, side := range dests {
		for _, dest := range []struct {
			key  string
			file int
		}{{"king", side.king}, {"partner", side.other}} {
			var bad []string
			for c := White; c <= Black; c++ {
				sq := rs.castleSquare(k, c, dest.file)
				if sq == NoSquare && rs.Hex {
					l.errorf(side.src, dest.key, "castling.%s: the %s's file %c has no cell of rank %d", side.name, dest.key, rs.FileLetter(dest.file), k.rank)
					break
				}
				if sq != NoSquare && rs.kind[sq] != CellSquare && !slices.Contains(bad, rs.names[sq]) {
					bad = append(bad, rs.names[sq])
				}
			}
			// A confined king or partner must be allowed to stand where castling puts it.
			pis := []int{k.Royal}
			if dest.key == "partner" {
				pis = pis[:0]
				for t := range l.def.Pieces {
					if k.Partners>>uint(t)&1 != 0 {
						pis = append(pis, t)
					}
				}
			}
			for _, pi := range pis {
				if zone := l.def.Pieces[pi].Confined; zone != "" && len(bad) == 0 {
					for c := range k.Rank {
						if sq := rs.castleSquare(k, Color(c), dest.file); sq != NoSquare && !rs.zones[zone][c].Has(sq) {
							l.errorf(side.src, dest.key, "castling.%s: the %s would land on %s, outside its zone %q (confined)", side.name, dest.key, rs.names[sq], zone)
							break
						}
					}
				}
			}
			switch len(bad) {
			case 1:
				l.errorf(side.src, dest.key, "castling.%s: the %s would land on %s, which is not a playable square (the layout marks it missing or unused)", side.name, dest.key, bad[0])
			case 2:
				l.errorf(side.src, dest.key, "castling.%s: the %s would land on %s or %s, which are not playable squares (the layout marks them missing or unused)", side.name, dest.key, bad[0], bad[1])
			}
		}
	}
	rs.Castling = k
}

// castleRanks sets each side's castling rank: the first rank unless castling.rank says
// otherwise (on a hexagonal board, the cells of that rank counted along each file from
// the owner's side: its edge of the board for rank 1).
func (l *lowering) castleRanks() {
	rs := l.rs
	cs := rs.Castling
	if cs == nil {
		cs = &Castling{Rank: [2]int{0, rs.Ranks - 1}, rank: 1}
	}
	for f := 0; f < rs.Files; f++ {
		for c := White; c <= Black; c++ {
			if sq := rs.castleSquare(cs, c, f); sq != NoSquare {
				rs.CastleRank[c] = rs.CastleRank[c].With(sq)
			}
		}
	}
	if rs.Castling == nil {
		return
	}
	rs.castleFiles = rs.Files
	rs.castleFile = make([]int16, rs.Cells)
	for sq := range rs.Cells {
		rs.castleFile[sq] = int16(rs.FileOf(sq))
	}
	for c := White; c <= Black; c++ {
		rs.castleWays[c] = make([]CastleWay[Bitboard], rs.Files*rs.Files)
		for kf := 0; kf < rs.Files; kf++ {
			for rf := 0; rf < rs.Files; rf++ {
				k, r := rs.castleSquare(cs, c, kf), rs.castleSquare(cs, c, rf)
				side := 0 // short: the partner on the royal's right
				if rf < kf {
					side = 1
				}
				if k == NoSquare || r == NoSquare {
					continue
				}
				board := rs.BoardOf(k)
				if board < 0 || rs.BoardOf(r) != board {
					continue // royal and partner on two boards (or between): no castling
				}
				base := board * (rs.BoardFiles + 1)
				// span: the cells of the castling rank from file a to file b on this board.
				span := func(a, b int) Bitboard {
					var s Bitboard
					for f := min(a, b); f <= max(a, b); f++ {
						if sq := rs.castleSquare(cs, c, f); sq != NoSquare {
							s = s.With(sq)
						}
					}
					return s
				}
				way := func(kingFile, partnerFile int) CastleWay[Bitboard] {
					kd, rd := rs.castleSquare(cs, c, base+kingFile), rs.castleSquare(cs, c, base+partnerFile)
					spans := span(kf, base+kingFile).Or(span(rf, base+partnerFile))
					return CastleWay[Bitboard]{
						Clear:  spans.Without(k).Without(r),
						Pass:   span(kf, base+kingFile).Without(k).Without(kd),
						KingTo: kd, PartnerTo: rd,
						Open: spans.AndNot(rs.Squares).Empty(),
					}
				}
				w := way(cs.KingFile[side], cs.PartnerFile[side])
				for _, f := range cs.also[side] {
					w.more = append(w.more, way(f[0], f[1]))
				}
				rs.castleWays[c][kf*rs.Files+rf] = w
			}
		}
	}
}

func (l *lowering) goals() {
	for i := range l.def.Goals {
		g := &l.def.Goals[i]
		cg := Goal[Bitboard]{Def: g, Name: g.Name, Result: outcomeOf(g.Result, Win), Types: l.rs.RoyalTypes, Side: -1, Answerable: g.Answerable, Count: g.Count, Full: g.Full}
		switch g.Side {
		case "white":
			cg.Side = int8(White)
		case "black":
			cg.Side = int8(Black)
		}
		if cg.Name == "" {
			cg.Name = "goal reached"
		}
		switch {
		case len(g.Pieces) > 0:
			cg.Types = l.typeMask(g.Pieces)
		case g.Reach == "" && g.Stands == "" || len(g.Hit) > 0:
			cg.Types = 1<<uint(len(l.rs.pieces)) - 1 // a hook alone sees every move
		}
		if len(g.Hit) > 0 {
			cg.Hit = l.typeMask(g.Hit)
			l.rs.HitTypes |= cg.Hit
		}
		if len(g.Extinct) > 0 {
			cg.Extinct, cg.AtMost, cg.Together, cg.Own = l.typeMask(g.Extinct), g.AtMost, g.Together, g.Whose == "own"
			cg.AgainstAtLeast = g.OpponentAtLeast
			cg.AllMen = g.Together && cg.Extinct == 1<<uint(len(l.rs.pieces))-1
			cg.Types = 1<<uint(len(l.rs.pieces)) - 1
		}
		if g.ChecksGiven {
			cg.ChecksGiven = true
			cg.Types = 1<<uint(len(l.rs.pieces)) - 1
		}
		if g.SafeOn != "" {
			cg.SafeOn, cg.SafeZone = true, l.rs.zones[g.SafeOn]
			cg.Safe = map[string]SafeSide{"": SafeOwn, "own": SafeOwn, "opponent": SafeOpponent, "both": SafeBoth}[g.Whose]
			if len(g.Pieces) == 0 {
				cg.Types = l.rs.RoyalTypes
			}
		}
		if g.GivesCheck {
			cg.GivesCheck = true
			cg.Types = 1<<uint(len(l.rs.pieces)) - 1
		}
		if len(g.Castled) > 0 || len(g.CastlingLost) > 0 {
			cg.Castled, cg.CastlingLost, cg.Own = castleSides(g.Castled), castleSides(g.CastlingLost), g.Whose != "opponent"
			cg.Types = 1<<uint(len(l.rs.pieces)) - 1
		}
		if g.Line > 0 {
			cg.Line, cg.Own = g.Line, g.Whose != "opponent"
			if len(g.Pieces) == 0 {
				cg.Types = 1<<uint(len(l.rs.pieces)) - 1
			}
			cg.Gaps, cg.Block = g.Gaps, g.Block
			switch {
			case g.Block:
				cg.lineSteps = l.lineSteps([]string{"rank", "file"})
			case g.Gaps:
				cg.lines = l.lines(l.lineSteps(g.Along))
			default:
				cg.lineSteps = l.lineSteps(g.Along)
			}
		}
		if len(g.Connect) == 2 {
			cg.Connect, cg.OneWay, cg.Own = true, g.OneWay, g.Whose != "opponent"
			if len(g.Pieces) == 0 {
				cg.Types = 1<<uint(len(l.rs.pieces)) - 1
			}
			cg.ConnectFrom, cg.ConnectTo = l.rs.zones[g.Connect[0]], l.rs.zones[g.Connect[1]]
			cg.lineSteps = l.connectSteps(g.Along, g.OneWay)
		}
		if g.Stands != "" {
			// The zone is kept as it is read for the standing side (whose: own, the default,
			// is the standing side's own part).
			z := l.rs.zones[g.Stands]
			cg.Stands, cg.StandZone = true, z
			if g.Whose == "opponent" {
				cg.StandZone = [2]Bitboard{z[1], z[0]}
			}
		}
		if g.Reach != "" {
			z := l.rs.zones[g.Reach]
			cg.HasZ = true
			if g.Whose == "opponent" {
				cg.Zone = [2]Bitboard{z[1], z[0]}
			} else {
				cg.Zone = z
			}
		}
		if g.When != "" {
			prog, filter, problems := compileHook(g.When, l.rs)
			for _, msg := range problems {
				l.errorf(g.Src, "when", "hook %s: %v", hookQuote(g.When), errors.New(defs.ClipLines(msg)))
			}
			if len(problems) > 0 {
				continue
			}
			// The hook runs only for the moves it can be true for.
			cg.Types &= filter.types
			if !filter.anywhere {
				for c := White; c <= Black; c++ {
					if cg.HasZ {
						cg.Zone[c] = cg.Zone[c].And(filter.to[c])
					} else {
						cg.Zone[c] = filter.to[c]
					}
				}
				cg.HasZ = true
			}
			if cg.Types == 0 || cg.HasZ && cg.Zone[White].Empty() && cg.Zone[Black].Empty() {
				l.errorf(g.Src, "when", "hook %s: no move can make it true (its tests of piece, to and mover exclude each other, or the goal's pieces or zone)", hookQuote(g.When))
				continue
			}
			h := &Hook{Index: len(l.rs.hooks), Source: g.When, Program: prog,
				Where: g.Src.Errorf("when", "hook %s", hookQuote(g.When)).Error()}
			cg.Hook = h
			l.rs.hooks = append(l.rs.hooks, h)
		}
		l.rs.goals = append(l.rs.goals, cg)
	}
}

// lineSteps are the steps of a line goal's lines (defs.Goal.Along; all by default): one
// way along each (a row read one way is the row read the other).
func (l *lowering) lineSteps(along []string) []FlankStep[Bitboard] {
	rs := l.rs
	var out []FlankStep[Bitboard]
	for _, a := range []struct {
		name string
		vs   []Vec
	}{{"rank", []Vec{{1, 0}}}, {"file", []Vec{{0, 1}}}, {"diagonal", []Vec{{1, 1}, {1, -1}}}} {
		if len(along) > 0 && !slices.Contains(along, a.name) {
			continue
		}
		for _, v := range a.vs {
			st := FlankStep[Bitboard]{By: v.DY*rs.Files + v.DX}
			for sq := range rs.Cells {
				if t := rs.Step(sq, v); t != NoSquare && rs.kind[t] == CellSquare && rs.kind[sq] == CellSquare {
					st.From = st.From.With(sq)
				}
			}
			out = append(out, st)
		}
	}
	return out
}

// slides builds the edges drops slide in from (defs.Drops.SlideIn, SlideThrough), in the
// order west, east, south, north.
func (l *lowering) slides(d *defs.Drops) {
	rs := l.rs
	for _, e := range []struct {
		edge string
		way  Vec // the way a drop entering there travels
	}{{"west", Vec{1, 0}}, {"east", Vec{-1, 0}}, {"south", Vec{0, 1}}, {"north", Vec{0, -1}}} {
		through := slices.Contains(d.SlideThrough, e.edge)
		if !through && !slices.Contains(d.SlideIn, e.edge) {
			continue
		}
		back := Vec{-e.way.DX, -e.way.DY}
		sl := Slide[Bitboard]{Stop: FlankStep[Bitboard]{By: back.DY*rs.Files + back.DX}, Down: e.way.DX+e.way.DY < 0, Through: through}
		for sq := range rs.Cells {
			if rs.kind[sq] != CellSquare {
				continue
			}
			if t := rs.Step(sq, back); t != NoSquare && rs.kind[t] == CellSquare {
				sl.Stop.From = sl.Stop.From.With(sq)
			} else {
				// The edge cell of its line: walk the line the way the drop travels.
				ln := SlideLine[Bitboard]{Entry: sq}
				for c := sq; c != NoSquare && rs.kind[c] == CellSquare; c = rs.Step(c, e.way) {
					ln.Cells = ln.Cells.With(c)
				}
				sl.lines = append(sl.lines, ln)
			}
			if t := rs.Step(sq, e.way); t == NoSquare || rs.kind[t] != CellSquare {
				sl.Far = sl.Far.With(sq)
			}
		}
		rs.slides = append(rs.slides, sl)
	}
}

// connectSteps are the steps of a connection goal's chains (defs.Goal.Connect) along the
// lines along names: the line goal's steps (east, north, north-east, south-east), and
// unless oneWay each of them back.
func (l *lowering) connectSteps(along []string, oneWay bool) []FlankStep[Bitboard] {
	out := l.lineSteps(along)
	if oneWay {
		return out
	}
	for _, st := range slices.Clone(out) {
		back := FlankStep[Bitboard]{By: -st.By}
		for sq := range l.rs.Cells {
			if st.From.Has(sq) {
				back.From = back.From.With(sq + st.By)
			}
		}
		out = append(out, back)
	}
	return out
}

// lines are the cells of every line the steps run along (a line goal with gaps): each
// line from the cell no step reaches, one step at a time to the edge; lines of one cell
// are left out.
func (l *lowering) lines(steps []FlankStep[Bitboard]) []Bitboard {
	var out []Bitboard
	for _, st := range steps {
		var to Bitboard // the cells a step reaches
		for sq := range l.rs.Cells {
			if st.From.Has(sq) {
				to = to.With(sq + st.By)
			}
		}
		for sq := range l.rs.Cells {
			if !st.From.Has(sq) || to.Has(sq) {
				continue
			}
			line := Bitboard{}.With(sq)
			for c := sq; st.From.Has(c); c += st.By {
				line = line.With(c + st.By)
			}
			out = append(out, line)
		}
	}
	return out
}

func (l *lowering) freezes() {
	for _, f := range l.def.Freeze {
		fz := Freeze[Bitboard]{By: l.typeMask(f.By), Targets: l.typeMask(f.Targets), near: make([]Bitboard, l.rs.Cells)}
		if len(f.Targets) == 0 {
			fz.Targets = 1<<uint(len(l.rs.pieces)) - 1
		}
		for _, s := range f.Steps {
			if len(s) != 2 {
				continue
			}
			for _, w := range Images(Vec{s[0], s[1]}, "all", nil) {
				for sq := 0; sq < l.rs.Cells; sq++ {
					if t := l.rs.Step(sq, w); t != NoSquare && l.rs.kind[t] == CellSquare {
						fz.near[sq] = fz.near[sq].With(t)
					}
				}
			}
		}
		l.rs.freezes = append(l.rs.freezes, fz)
		l.rs.FreezerTypes |= fz.By
	}
}

// mechanisms rejects parts of the language the runtime does not carry out yet, so a
// definition never silently plays by different rules than it states.
func (l *lowering) mechanisms() {
	rs := l.rs
	if len(l.def.Statuses) > 0 {
		st := l.def.Statuses[0]
		rs.Status = &StatusRule{Name: st.Name, Duration: st.Duration, Immobile: st.Immobile, Harmless: st.Harmless}
	}
	if c := l.def.Capture; c != nil {
		if c.Effect == "bounce" {
			rs.Capture = EffectBounce
		}
		rs.BounceStatus = c.Status != ""
		rs.Kick = c.Kick != ""
		rs.CaptureEffects = rs.Capture != EffectReplace || rs.Kick
		rs.Petrify = l.typeMask(c.Petrify)
		rs.SelfCapture = c.Own
		if tr := c.Trading; tr != nil {
			rs.TradeTypes, rs.TradeCheap = l.typeMask(tr.Pieces), l.typeMask(tr.Cheap)
			rs.TradeGuarded, rs.Counterstrike = tr.Guarded, tr.Counterstrike
			rs.TradeProtected, rs.NoRetaliation = tr.Protected, tr.NoRetaliation
		}
		if x := c.Explode; x != nil {
			rs.Explode, rs.ExplodeSpare, rs.ExplodeImmune = true, l.typeMask(x.Spare), l.typeMask(x.Immune)
			rs.explodeNear = make([]Bitboard, rs.Cells)
			for _, s := range x.Steps {
				if len(s) != 2 {
					continue
				}
				for _, w := range Images(Vec{s[0], s[1]}, "all", nil) {
					for sq := 0; sq < rs.Cells; sq++ {
						if t := rs.Step(sq, w); t != NoSquare && rs.kind[t] == CellSquare {
							rs.explodeNear[sq] = rs.explodeNear[sq].With(t)
						}
					}
				}
			}
		}
	}
	if h := l.def.Hands; h != nil {
		l.hands(h)
	}
	if f := l.def.Flip; f != nil {
		rs.FlipAdjacent, rs.FlipFlanked, rs.FlipDropsNextToOwn = f.Adjacent, f.Flanked, f.DropsNextToOwn
	}
	if h := l.def.Hands; rs.FlipFlanked || h != nil && h.Drops != nil && h.Drops.Flanking {
		for _, v := range []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			rs.flankDirs = append(rs.flankDirs, rs.dirIndex(v))
			st := FlankStep[Bitboard]{By: v.DY*rs.Files + v.DX}
			for sq := range rs.Cells {
				if t := rs.Step(sq, v); t != NoSquare && rs.kind[t] == CellSquare && rs.kind[sq] == CellSquare {
					st.From = st.From.With(sq)
				}
			}
			rs.flankSteps = append(rs.flankSteps, st)
		}
	}
	if h := l.def.Hands; h != nil && h.Drops != nil {
		l.slides(h.Drops)
	}
	if h := l.def.Hands; h != nil && h.Drops != nil && h.Drops.OnTop {
		// The cells one rank up from each cell, and rank 1.
		up := Vec{0, 1}
		rs.stackUp.By = rs.Files
		for sq := range rs.Cells {
			if rs.kind[sq] != CellSquare {
				continue
			}
			if t := rs.Step(sq, up); t != NoSquare && rs.kind[t] == CellSquare {
				rs.stackUp.From = rs.stackUp.From.With(sq)
			}
			if rs.RankOf(sq) == 0 {
				rs.StackBase = rs.StackBase.With(sq)
			}
		}
	}
	if h, w := l.def.Hands, l.def.Walls; h != nil && h.Drops != nil && h.Drops.AwayFromEnemy || w != nil && w.Place == "edge" {
		rs.beside = make([]Bitboard, rs.Cells)
		for sq := range rs.Cells {
			for _, w := range Images(Vec{1, 0}, "all", nil) {
				if t := rs.Step(sq, w); t != NoSquare && rs.kind[t] == CellSquare {
					rs.beside[sq] = rs.beside[sq].With(t)
				}
			}
		}
	}
	if h := l.def.Hands; rs.FlipAdjacent || rs.FlipDropsNextToOwn || h != nil && h.Drops != nil && h.Drops.NextToOwn {
		rs.nextTo = make([]Bitboard, rs.Cells)
		for sq := range rs.Cells {
			for _, v := range Images(Vec{1, 1}, "all", nil) {
				for _, w := range []Vec{v, {v.DX, 0}, {0, v.DY}} {
					if t := rs.Step(sq, w); t != NoSquare && rs.kind[t] == CellSquare {
						rs.nextTo[sq] = rs.nextTo[sq].With(t)
					}
				}
			}
		}
	}
	if w := l.def.Walls; w != nil {
		rs.Walls = &WallRule{Place: map[string]WallPlace{"": WallAnywhere, "any": WallAnywhere, "reach": WallReach, "origin": WallOrigin, "edge": WallEdge}[w.Place], Moving: w.Moving, Instead: w.Instead}
		rs.WallCells = rs.Squares.AndNot(l.sqset(w.Src, "except", w.Except))
		if w.Instead {
			rs.Pass = true // a wall turn is a pass that walls (the pass's legality: not in check)
		}
		if rs.Walls.Place == WallEdge {
			// The edge: cells a rook's step from a cell off the board or missing.
			for sq := range rs.Cells {
				if rs.kind[sq] != CellSquare {
					continue
				}
				for _, v := range Images(Vec{1, 0}, "all", nil) {
					if t := rs.Step(sq, v); t == NoSquare || rs.kind[t] != CellSquare {
						rs.WallEdge = rs.WallEdge.With(Square(sq))
					}
				}
			}
		}
	}
	if f := l.def.Fog; f != nil {
		rs.Fog = &FogRule{}
		for c := White; c <= Black; c++ {
			rs.Fog.sees[c] = make([][]Vec, len(rs.pieces))
			for letter, cells := range f.Sees {
				t := rs.TypeOfText(letter)
				if t < 0 {
					continue // defs.Validate names it
				}
				for _, v := range cells {
					if len(v) == 2 {
						rs.Fog.sees[c][t] = append(rs.Fog.sees[c][t], rs.forColor(Vec{v[0], v[1]}, c))
					}
				}
			}
		}
	}
	if t := l.def.Turns; t != nil {
		rs.Turns = &TurnRule{moves: [2][]int{t.White, t.Black}, grow: t.Grow, TurnCheck: t.Check == "turn", CheckEnds: t.CheckEnds}
	}
	if b := l.def.BorrowMoves; b != nil && len(b.From) == 2 {
		rs.Borrows = true
		for c := White; c <= Black; c++ {
			v := rs.forColor(Vec{b.From[0], b.From[1]}, c)
			rs.borrowFrom[c] = make([]Square, rs.Cells)
			for sq := 0; sq < rs.Cells; sq++ {
				rs.borrowFrom[c][sq] = NoSquare
				if t := rs.Step(sq, v); t != NoSquare && rs.kind[t] == CellSquare {
					rs.borrowFrom[c][sq] = t
				}
			}
		}
	}
}

// hands lowers the pools, drops and exchanges.
func (l *lowering) hands(h *defs.Hands) {
	rs := l.rs
	rs.pools = append(rs.pools, h.Pools...)
	pool := func(name string) int { return slices.Index(h.Pools, name) }
	hr := &HandRules{CaptureTo: pool(h.CaptureTo), Demote: h.Demote, DropFrom: -1, RestoreCastling: h.RestoreCastlingOnDrop, GateFrom: -1}
	if h.Gating != nil {
		hr.GateFrom = pool(h.Gating.From)
	}
	for _, p := range h.Pools {
		hr.enemy = append(hr.enemy, slices.Contains(h.EnemyPools, p))
	}
	hr.demoteTo = make([]int, len(rs.pieces))
	hr.capturedAs = make([]int, len(rs.pieces))
	for t := range hr.demoteTo {
		hr.demoteTo[t], hr.capturedAs[t] = t, t
		if d := l.def.Pieces[t].DemotesTo; d != "" {
			hr.capturedAs[t] = rs.TypeOfText(d)
		}
	}
	if h.Demote {
		// A promoted piece returns as the type that promoted into it.
		for t := range rs.pieces {
			if pr := rs.pieces[t].Promotion; pr != nil {
				for _, to := range pr.to {
					if hr.demoteTo[to] == to {
						hr.demoteTo[to] = t
					}
				}
			}
		}
	}
	for c := White; c <= Black; c++ {
		rs.dropTo[c] = make([]Bitboard, len(rs.pieces))
		for t := range rs.pieces {
			rs.dropTo[c][t] = rs.pieces[t].Land[c]
		}
	}
	if d := h.Drops; d != nil {
		hr.DropFrom = pool(d.From)
		hr.DropsNoCheck = d.MayGiveCheck != nil && !*d.MayGiveCheck
		for _, t := range l.typeList(d.MustDrop) {
			hr.MustDrop |= 1 << uint(t)
		}
		if d.CreateCastling != "" {
			hr.CreateCastling, hr.RoyalHomeFile = true, int(d.CreateCastling[0]-'a')
		}
		for _, t := range l.typeList(d.SplitColors) {
			hr.SplitColors |= 1 << uint(t)
		}
		for _, t := range l.typeList(d.OnePerFile) {
			hr.OnePerFile |= 1 << uint(t)
		}
		for _, t := range l.typeList(d.PickUp) {
			hr.PickUp |= 1 << uint(t)
		}
		hr.PerFile = max(d.PerFile, 1)
		if hr.OnePerFile != 0 {
			rs.fileCells = make([]Bitboard, rs.Cells)
			for sq := range rs.Cells {
				for r := range rs.Ranks {
					if on := rs.SquareAt(rs.FileOf(sq), r); on != NoSquare {
						rs.fileCells[sq] = rs.fileCells[sq].With(on)
					}
				}
			}
		}
		hr.NoMateIllegal = d.NoMateIllegal
		for _, t := range l.typeList(d.NoMate) {
			hr.NoMate |= 1 << uint(t)
		}
		hr.DropPromoted = d.Promoted
		hr.Free, hr.NextToOwn, hr.Flanking, hr.OnTop, hr.AwayFromEnemy = d.Free, d.NextToOwn, d.Flanking, d.OnTop, d.AwayFromEnemy
		hr.Slides = len(d.SlideIn)+len(d.SlideThrough) > 0
		rs.FirstOn = l.sqset(d.Src, "first-on", d.FirstOn)
		hr.DropResetsClock = d.ResetsClock
		for _, f := range d.Forbid {
			z := rs.zones[f.Zone]
			for _, t := range l.typeList(f.Pieces) {
				for c := White; c <= Black; c++ {
					rs.dropTo[c][t] = rs.dropTo[c][t].AndNot(z[c])
				}
			}
		}
	}
	if e := h.Exchange; e != nil {
		x := &ExchangeRule{Give: pool(e.Give), To: pool(e.To), Take: pool(e.Take), rank: make([]int, len(rs.pieces))}
		for t := range x.rank {
			x.rank[t] = -1
		}
		for rank, tier := range e.Order {
			for _, t := range l.typeList(tier) {
				x.rank[t] = rank
			}
		}
		hr.Exchange = x
	}
	rs.Hands = hr
}

// markOf splits a FEN token ("Q!", "+R'") into whether it starts with "+" (1) and the mark
// (' or !) that ends it, 0 for a token without one.
func markOf(tok string) (plus int, mark byte) {
	if len(tok) > 0 && tok[0] == '+' {
		plus = 1
	}
	if n := len(tok); n == plus+2 && defs.IsMark(tok[n-1]) {
		return plus, tok[n-1]
	}
	return plus, 0
}
