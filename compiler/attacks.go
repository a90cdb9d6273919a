// Reverse attack tables: which squares attack a target, grouped so that an attack query
// scans each direction once, and the potential reach of multi-leg paths.

package compiler

import "slices"

// SlideGroup: pieces of types Types slide along direction d; from a target square, look
// along Back (the opposite of d) for the nearest piece.
type SlideGroup struct {
	Back  int
	Types uint64
}

// RideAttack is a capturing ride that is range-limited or origin-restricted.
type RideAttack[B any] struct {
	Back     int
	Type     int
	Min, Max int
	From     B
	V        Vec
	// RoyalOnly: the ride captures only royal pieces (mode capture-royal).
	RoyalOnly bool
	// Rank: a range capture's rank (Ride.Rank), 0 for other rides.
	Rank int
}

// AttackTables answer "is this square attacked by that side" without generating moves.
type AttackTables[B any] struct {
	// attackFrom[c][t*cells+sq]: the origins of type t's leap captures (capture-royal ones
	// too) onto sq (one list a side, so that a lookup reads one slice)
	attackFrom [2][]B
	cells      int
	leapTypes  [2][]int // types with leap captures
	// initialFrom[c][t*cells+sq]: the origins from which a first-move leap of type t
	// captures onto sq; initialTypes[c] the types with capturing first-move leaps.
	initialFrom  [2][]B
	initialTypes [2][]int
	// epFrom[c][t*cells+sq]: the origins from which type t captures en passant onto sq;
	// epTypes[c] the types that capture en passant at all.
	epFrom      [2][]B
	epTypes     [2][]int
	slideGroups [2][]SlideGroup
	rideAttacks [2][]RideAttack[B]
	PathTypes   [2]uint64 // types with capturing paths
	// pathFrom[c][t*cells+sq]: the origins from which a capturing path of type t could
	// capture on sq (the reverse of the paths' Reach; empty for the types not in PathTypes[c]).
	pathFrom  [2][]B
	pathTypes [2][]int // the types in PathTypes, in order
	royalList []int    // royal piece types
	// The sniper tables (see Snipes): slideFrom[c][t*cells+sq] the cells from which side c's
	// type t (one of slideTypes[c]) slides onto sq on an empty board; lineDir[a*cells+b] the
	// direction whose ray from a holds b, or -1.
	slideFrom  [2][]B
	slideTypes [2][]int
	lineDir    []int16
	snipes     [2]bool
	// aimReach[c][t*cells+sq]: the cells side c's type t (one of Ruleset.AimEnders) would
	// capture onto from sq on an empty board, by its capturing leaps and slides.
	aimReach [2][]B
}

// AimReach is the cells side c's type t, one of Ruleset.AimEnders, would capture onto from
// sq on an empty board: whether its coming to sq ends a first-move right (PieceType.AimEnds).
func (a *AttackTables[B]) AimReach(c Color, t int, sq Square) B { return a.aimReach[c][t*a.cells+sq] }

// aimTables builds AimReach for the types that end first-move rights by their aim.
func (rs *Ruleset) aimTables() {
	if rs.AimEnders == 0 {
		return
	}
	a := &rs.AttackTables
	for c := 0; c < 2; c++ {
		a.aimReach[c] = make([]Bitboard, len(rs.pieces)*rs.Cells)
		for t := range rs.pieces {
			if rs.AimEnders&(1<<uint(t)) == 0 {
				continue
			}
			pt := &rs.pieces[t]
			for sq := 0; sq < rs.Cells; sq++ {
				reach := pt.leapCapture[c][sq].Or(pt.leapRoyal[c][sq])
				for _, d := range pt.slides[c] {
					reach = reach.Or(rs.dirs[d].ray[sq])
				}
				a.aimReach[c][t*rs.Cells+sq] = reach
			}
		}
	}
}

// reverseTargets turns the targets of each origin (targets(sq)) into the origins of each
// target, and reports whether there was any target.
func reverseTargets(cells int, targets func(sq int) Bitboard) ([]Bitboard, bool) {
	from := make([]Bitboard, cells)
	any := false
	for sq := 0; sq < cells; sq++ {
		for b := targets(sq); b.Any(); b = b.Rest() {
			from[b.First()] = from[b.First()].With(sq)
			any = true
		}
	}
	return from, any
}

// keepReverse files type t's origins by target (from) in the table of all types' (made
// when the first type needs it, types × cells) and adds t to the list of types it holds.
func keepReverse(table *[]Bitboard, types *[]int, t, numTypes, cells int, from []Bitboard) {
	if *table == nil {
		*table = make([]Bitboard, numTypes*cells)
	}
	copy((*table)[t*cells:], from)
	*types = append(*types, t)
}

func (rs *Ruleset) buildAttackTables() {
	a := &rs.AttackTables
	for t := range rs.pieces {
		if rs.pieces[t].Royal {
			a.royalList = append(a.royalList, t)
		}
	}
	for c := 0; c < 2; c++ {
		a.cells = rs.Cells
		a.attackFrom[c] = make([]Bitboard, len(rs.pieces)*rs.Cells)
		slide := map[int]uint64{}
		var order []int
		for t := range rs.pieces {
			pt := &rs.pieces[t]
			if from, any := reverseTargets(rs.Cells, func(sq int) Bitboard { return pt.leapCapture[c][sq].Or(pt.leapRoyal[c][sq]) }); any {
				keepReverse(&a.attackFrom[c], &a.leapTypes[c], t, len(rs.pieces), rs.Cells, from)
			}
			if from, any := reverseTargets(rs.Cells, func(sq int) Bitboard {
				var to Bitboard
				for i := range pt.initial {
					to = to.Or(pt.initial[i].capture[c][sq])
				}
				return to
			}); any {
				keepReverse(&a.initialFrom[c], &a.initialTypes[c], t, len(rs.pieces), rs.Cells, from)
			}
			if from, any := reverseTargets(rs.Cells, func(sq int) Bitboard { return pt.epCapture[c][sq] }); any {
				keepReverse(&a.epFrom[c], &a.epTypes[c], t, len(rs.pieces), rs.Cells, from)
			}
			for _, d := range pt.slides[c] {
				v := rs.dirs[d].V
				back := rs.dirIndex(Vec{-v.DX, -v.DY})
				if _, ok := slide[back]; !ok {
					order = append(order, back)
				}
				slide[back] |= 1 << uint(t)
			}
			for _, r := range slices.Concat(pt.rides[c], pt.royalRides[c]) {
				if r.Mode == ModeMove {
					continue
				}
				v := rs.dirs[r.Dir].V
				a.rideAttacks[c] = append(a.rideAttacks[c], RideAttack[Bitboard]{Back: rs.dirIndex(Vec{-v.DX, -v.DY}), Type: t, Min: r.Min, Max: r.Max, From: r.From, V: v,
					RoyalOnly: r.Mode == ModeCaptureRoyal, Rank: r.Rank})
			}
			for i := range pt.paths[c] {
				p := &pt.paths[c][i]
				rs.pathReach(p)
				rs.fixedWalk(p)
				rayHop(p)
				if p.Captures {
					a.PathTypes[c] |= 1 << uint(t)
				}
			}
		}
		a.pathFrom[c] = make([]Bitboard, len(rs.pieces)*rs.Cells)
		for t := range rs.pieces {
			if a.PathTypes[c]>>uint(t)&1 == 0 {
				continue
			}
			from := make([]Bitboard, rs.Cells)
			for i := range rs.pieces[t].paths[c] {
				p := &rs.pieces[t].paths[c][i]
				if !p.Captures {
					continue
				}
				for sq := 0; sq < rs.Cells; sq++ {
					for b := p.reach[sq]; b.Any(); b = b.Rest() {
						from[b.First()] = from[b.First()].With(sq)
					}
				}
			}
			copy(a.pathFrom[c][t*rs.Cells:], from)
			a.pathTypes[c] = append(a.pathTypes[c], t)
		}
		for _, back := range order {
			a.slideGroups[c] = append(a.slideGroups[c], SlideGroup{Back: back, Types: slide[back]})
		}
	}
	rs.sniperTables()
	rs.aimTables()
	for t := range rs.pieces {
		if pt := &rs.pieces[t]; len(pt.paths[0])+len(pt.paths[1]) > 0 {
			pt.MayRepeat = rs.landingsOverlap(pt)
			rs.tableWalks(pt)
		}
		rs.tableShifts(&rs.pieces[t])
		rs.pairSlides(&rs.pieces[t])
		pt := &rs.pieces[t]
		pt.Plain = !pt.MayRepeat && len(pt.initial) == 0
	}
}

// tableWalks lists, for each side whose paths of pt are all fixed walks, the walks from each
// origin (PieceType.walks), so that generation reads one short list per man.
func (rs *Ruleset) tableWalks(pt *PieceType[Bitboard]) {
	for c := 0; c < 2; c++ {
		if len(pt.paths[c]) == 0 || slices.ContainsFunc(pt.paths[c], func(p Path[Bitboard]) bool { return !p.Fixed }) {
			continue
		}
		walks := []Walk[Bitboard]{}
		at := make([]int32, rs.Cells+1)
		for sq := 0; sq < rs.Cells; sq++ {
			at[sq] = int32(len(walks))
			for i := range pt.paths[c] {
				p := &pt.paths[c][i]
				if h := p.hop[sq]; h.to != NoSquare {
					walks = append(walks, Walk[Bitboard]{To: h.to, LandOn: p.LandOn, NotLand: p.NotLand, Empty: h.empty, Screen: h.screen})
				}
			}
		}
		at[rs.Cells] = int32(len(walks))
		pt.walks[c], pt.walkAt[c] = walks, at
	}
}

// pathReach computes, for every origin, the cells a path could capture on (Reach) and
// every cell it could pass, capture or land on (Visit) if every condition were met:
// over-approximations used to skip hopeless attack probes and legality tests.
//
// What legs li.. can reach from a cell does not depend on how the walk got there, so the
// cells are worked out once per (leg, cell), from the last leg back to the first: the
// cost is legs × cells × steps, however many legs are optional or repeat.
func (rs *Ruleset) pathReach(p *Path[Bitboard]) {
	n := len(p.legs)
	reach := make([][]Bitboard, n+1) // reach[li][sq]: walking legs li.. from sq
	visit := make([][]Bitboard, n+1)
	for li := n - 1; li >= 0; li-- {
		reach[li] = make([]Bitboard, rs.Cells)
		visit[li] = make([]Bitboard, rs.Cells)
		for sq := 0; sq < rs.Cells; sq++ {
			reach[li][sq], visit[li][sq] = rs.pathCells(p, li, sq, reach[li+1], visit[li+1])
		}
	}
	p.reach = make([]Bitboard, rs.Cells)
	p.visit = make([]Bitboard, rs.Cells)
	for sq := 0; sq < rs.Cells; sq++ {
		if p.From.Has(sq) {
			p.reach[sq], p.visit[sq] = reach[0][sq], visit[0][sq]
		}
	}
}

// pathCells walks leg li of p from at, ignoring occupancy, and returns the cells the legs
// li.. could capture on and the cells they could touch; nextReach and nextVisit hold the
// answers for leg li+1 from every cell (unused for the last leg).
func (rs *Ruleset) pathCells(p *Path[Bitboard], li int, at Square, nextReach, nextVisit []Bitboard) (reach, visit Bitboard) {
	leg := &p.legs[li]
	last := li == len(p.legs)-1
	d := &rs.dirs[leg.Dir]
	if !last && leg.Min == 0 {
		reach, visit = nextReach[at], nextVisit[at]
	}
	cur := at
	for k := 1; leg.Max == 0 || k <= leg.Max; k++ {
		cur = d.step[cur]
		if cur == NoSquare || (rs.kind[cur] == CellMissing && leg.On&OnMissing == 0) {
			break
		}
		visit = visit.With(cur)
		if last {
			if k >= leg.Min && rs.Squares.Has(cur) && leg.On&OnEnemy != 0 {
				reach = reach.With(cur)
			}
			continue
		}
		if leg.Capture && rs.Squares.Has(cur) {
			reach = reach.With(cur)
		}
		if k >= leg.Min {
			reach, visit = reach.Or(nextReach[cur]), visit.Or(nextVisit[cur])
		}
	}
	return reach, visit
}

// fixedWalk decides whether p is a fixed walk and, if so, tables it (Path.Fixed, HopAt).
// A fixed walk is an allow-list: every leg one step (range 1), none capturing in passing
// or stopping, none but the last excluding types (the last's exclusions, NotLand, are the
// types it may not land on); every leg but the last asks for an empty cell (on: empty)
// or for an occupied one (on: [friend, enemy], a screen); the last lands on an empty cell,
// an enemy or either. From each origin such a path visits the same cells whatever the
// position, so the walker's answer is a set of cells that must be empty, a set that must
// be occupied and one landing cell. The walker's other rules are applied here, once: a
// step off the grid, onto a missing cell or out of the atom's zone (within) ends the walk;
// an unused cell counts as empty for a leg asking for empty cells (it holds no piece) and
// ends the walk for a screen or a landing. A path that visits a cell twice (its origin
// included) is left to the walker, which treats its vacated origin as empty.
func (rs *Ruleset) fixedWalk(p *Path[Bitboard]) {
	if p.Stops {
		return
	}
	for i, l := range p.legs {
		last := i == len(p.legs)-1
		if l.Min != 1 || l.Max != 1 || l.Capture || l.Stop || l.Not != 0 && !last {
			return
		}
		switch {
		case last && (l.On&^(OnEmpty|OnEnemy) != 0 || l.On == 0):
			return
		case !last && l.On != OnEmpty && l.On != OnFriend|OnEnemy:
			return
		}
	}
	to := make([]Square, rs.Cells)
	empty := make([]Bitboard, rs.Cells)
	screen := make([]Bitboard, rs.Cells)
	for sq := 0; sq < rs.Cells; sq++ {
		to[sq] = NoSquare
		if !p.From.Has(sq) {
			continue
		}
		seen := Bit(sq)
		cur := sq
		var e, s Bitboard
		ok := true
		for i, l := range p.legs {
			cur = rs.dirs[l.Dir].step[cur]
			if cur == NoSquare {
				ok = false
				break
			}
			if seen.Has(cur) {
				return // a cell visited twice: not a fixed walk
			}
			seen = seen.With(cur)
			if rs.kind[cur] == CellMissing || p.Bounded && !p.Within.Has(cur) {
				ok = false
				break
			}
			if i == len(p.legs)-1 {
				ok = rs.kind[cur] == CellSquare
				break
			}
			switch {
			case rs.kind[cur] != CellSquare:
				ok = l.On == OnEmpty // an unused cell: passed as empty, never a screen
			case l.On == OnEmpty:
				e = e.With(cur)
			default:
				s = s.With(cur)
			}
			if !ok {
				break
			}
		}
		if ok {
			to[sq], empty[sq], screen[sq] = cur, e, s
		}
	}
	p.Fixed, p.LandOn, p.NotLand = true, p.legs[len(p.legs)-1].On, p.legs[len(p.legs)-1].Not
	p.hop = make([]hop[Bitboard], rs.Cells)
	for sq := range p.hop {
		p.hop[sq] = hop[Bitboard]{to[sq], empty[sq], screen[sq]}
	}
}

// rayHop decides whether p is a ray hop and, if so, marks it (Path.RayHop). A ray hop is an
// allow-list: three legs in one direction, none capturing in passing or stopping, the path
// not bounded by a zone; the first any number of steps (range [0, 0]) over empty cells,
// excluding no type; the second one step onto a man (on: [friend, enemy], the screen); the
// third at least one step (range [1, 0]) onto empty cells, an enemy or either, or exactly
// one step (the grasshopper's shape, HopOne: the cell just beyond the screen). The walker
// passes the first leg's cells up to the first man (unused cells hold none, and the
// direction's ray stops at missing ones), takes that man as the screen, and lands on the
// cells beyond up to the first man: so the answer is read from the direction's rays. The
// second and third legs' type exclusions (not) apply to the screen and to the man landed
// on, the only men those legs meet.
func rayHop(p *Path[Bitboard]) {
	if p.Stops || p.Bounded || len(p.legs) != 3 {
		return
	}
	l0, l1, l2 := p.legs[0], p.legs[1], p.legs[2]
	if l0.Dir != l1.Dir || l1.Dir != l2.Dir {
		return
	}
	for _, l := range p.legs {
		if l.Capture || l.Stop {
			return
		}
	}
	if l0.Min != 0 || l0.Max != 0 || l0.On != OnEmpty || l0.Not != 0 ||
		l1.Min != 1 || l1.Max != 1 || l1.On != OnFriend|OnEnemy ||
		l2.Min != 1 || l2.Max != 0 && l2.Max != 1 || l2.On&^(OnEmpty|OnEnemy) != 0 || l2.On == 0 {
		return
	}
	p.RayHop, p.HopOne, p.HopDir, p.NotScreen, p.NotLand, p.LandOn = true, l2.Max == 1, l0.Dir, l1.Not, l2.Not, l2.On
}

// sniperTables builds the tables Snipes allows: the direction from one cell to another
// along the slides' back directions, and for each side the cells each slider type slides
// onto a cell from. Where two back directions share a pair of cells (a slide by a multiple
// of another's step) there are none: pins are then found line by line.
func (rs *Ruleset) sniperTables() {
	a := &rs.AttackTables
	var backs []int
	for c := 0; c < 2; c++ {
		for _, g := range a.slideGroups[c] {
			if !slices.Contains(backs, g.Back) {
				backs = append(backs, g.Back)
			}
		}
	}
	if len(backs) == 0 {
		return
	}
	lineDir := make([]int16, rs.Cells*rs.Cells)
	for i := range lineDir {
		lineDir[i] = -1
	}
	for _, d := range backs {
		for k := 0; k < rs.Cells; k++ {
			for b := rs.dirs[d].ray[k]; b.Any(); b = b.Rest() {
				i := k*rs.Cells + b.First()
				if lineDir[i] >= 0 {
					return
				}
				lineDir[i] = int16(d)
			}
		}
	}
	a.lineDir = lineDir
	for c := 0; c < 2; c++ {
		if len(a.slideGroups[c]) == 0 {
			continue
		}
		a.slideFrom[c] = make([]Bitboard, len(rs.pieces)*rs.Cells)
		for t := range rs.pieces {
			if len(rs.pieces[t].slides[c]) == 0 {
				continue
			}
			a.slideTypes[c] = append(a.slideTypes[c], t)
			// A man slides onto sq from the cells along the way back from sq: what the
			// slide groups look along.
			from := a.slideFrom[c][t*rs.Cells : (t+1)*rs.Cells]
			for _, d := range rs.pieces[t].slides[c] {
				v := rs.dirs[d].V
				back := &rs.dirs[rs.dirIndex(Vec{-v.DX, -v.DY})]
				for sq := 0; sq < rs.Cells; sq++ {
					from[sq] = from[sq].Or(back.ray[sq])
				}
			}
		}
		a.snipes[c] = true
	}
}
