// Read-only access to the compiled tables: the Ruleset exports no slice or map, so no
// caller can change a table once Compile has returned. (Elements handed out by pointer —
// a PieceType, a Ride — still have exported scalar fields: treat them as read-only.)
// Element accessors are small enough to inline: reading through them costs what reading
// the field did.

package compiler

import "slices"

// View is a read-only view of a list: its length and its elements by value.
type View[T any] struct{ s []T }

// Len is the number of elements.
func (v View[T]) Len() int { return len(v.s) }

// At is element i.
func (v View[T]) At(i int) T { return v.s[i] }

// Clone returns a fresh copy of the list.
func (v View[T]) Clone() []T { return slices.Clone(v.s) }

// Refs is a read-only view of a list of structs whose elements are handed out by pointer;
// the element types export no slice or map.
type Refs[T any] struct{ s []T }

// Len is the number of elements.
func (v Refs[T]) Len() int { return len(v.s) }

// At is element i.
func (v Refs[T]) At(i int) *T { return &v.s[i] }

// --- Geometry

// KindOf is what cell sq is.
func (g *Geometry) KindOf(sq Square) CellKind { return g.kind[sq] }

// SquareName is the name of cell sq ("a1"...).
func (g *Geometry) SquareName(sq Square) string { return g.names[sq] }

// --- Dir

// StepAt is the cell reached by one step from sq, or NoSquare off the grid.
func (d *Dir[B]) StepAt(sq Square) Square { return d.step[sq] }

// RayAt is the set of cells reached by repeated steps from sq (sq excluded), stopping at
// missing cells and the edge.
func (d *Dir[B]) RayAt(sq Square) B { return d.ray[sq] }

// SpanAt is the cells the ride may stop on from sq on an empty board (see Ride.span).
func (r *Ride[B]) SpanAt(sq Square) B { return r.span[sq] }

// --- Path

// Legs are the path's legs.
func (p *Path[B]) Legs() View[Leg] { return View[Leg]{p.legs} }

// ReachAt is every cell the path could capture on from sq, ignoring occupancy.
func (p *Path[B]) ReachAt(sq Square) B { return p.reach[sq] }

// VisitAt is every cell a walk from sq could pass, capture or land on, ignoring occupancy.
func (p *Path[B]) VisitAt(sq Square) B { return p.visit[sq] }

// HopAt is a fixed path's walk from sq: the cell it lands on (NoSquare: none), the cells
// that must be empty and the cells that must be occupied on the way.
func (p *Path[B]) HopAt(sq Square) (to Square, empty, screen B) {
	h := &p.hop[sq]
	return h.to, h.empty, h.screen
}

// --- PieceType

// LeapQuietAt is the set of non-capturing leap targets of side c from sq.
func (pt *PieceType[B]) LeapQuietAt(c Color, sq Square) B { return pt.leapQuiet[c][sq] }

// LeapCaptureAt is the set of capturing leap targets of side c from sq.
func (pt *PieceType[B]) LeapCaptureAt(c Color, sq Square) B { return pt.leapCapture[c][sq] }

// EPCaptureAt is the set of leap targets of side c from sq that may capture en passant.
func (pt *PieceType[B]) EPCaptureAt(c Color, sq Square) B { return pt.epCapture[c][sq] }

// LeapRoyalAt is the set of capture-royal leap targets of side c from sq.
func (pt *PieceType[B]) LeapRoyalAt(c Color, sq Square) B { return pt.leapRoyal[c][sq] }

// Slides are the direction indices of side c's unlimited, unrestricted slides.
func (pt *PieceType[B]) Slides(c Color) View[int] { return View[int]{pt.slides[c]} }

// SlideLines are side c's slides paired along both ways of a line, {up, down} (up raises
// cell indices), for LineReach; SlideRays are its other slides, one way only.
func (pt *PieceType[B]) SlideLines(c Color) View[[2]int] { return View[[2]int]{pt.slideLines[c]} }

// LineRays are side c's line rays, up and down from each cell for each of SlideLines in
// turn: line i's from sq are at (sq*lines+i)*2 and the next index (lines: SlideLines' length).
func (pt *PieceType[B]) LineRays(c Color) View[B] { return View[B]{pt.lineRays[c]} }

// LineTabled reports whether side c's lines are looked up by occupancy (SlideReach64):
// boards of at most 64 cells whose lines fit the tables.
func (pt *PieceType[B]) LineTabled(c Color) bool { return pt.lineTable[c] != nil }

// SlideRays: see SlideLines.
func (pt *PieceType[B]) SlideRays(c Color) View[int] { return View[int]{pt.slideRays[c]} }

// NumRides is the number of side c's other rides.
func (pt *PieceType[B]) NumRides(c Color) int { return len(pt.rides[c]) }

// Ride is side c's ride i.
func (pt *PieceType[B]) Ride(c Color, i int) *Ride[B] { return &pt.rides[c][i] }

// NumRoyalRides is the number of side c's capture-royal rides.
func (pt *PieceType[B]) NumRoyalRides(c Color) int { return len(pt.royalRides[c]) }

// RoyalRide is side c's capture-royal ride i.
func (pt *PieceType[B]) RoyalRide(c Color, i int) *Ride[B] { return &pt.royalRides[c][i] }

// NumPaths is the number of side c's multi-leg paths.
func (pt *PieceType[B]) NumPaths(c Color) int { return len(pt.paths[c]) }

// Path is side c's path i.
func (pt *PieceType[B]) Path(c Color, i int) *Path[B] { return &pt.paths[c][i] }

// --- Promotion

// To are the piece types a piece may promote to, for either side.
func (pr *promotionTypes) To() View[int] { return View[int]{pr.to} }

// NumChoices is the number of side c's promotion choices: its types, then "stay
// unpromoted" when promotion is optional.
func (pr *promotionTypes) NumChoices(c Color) int { return len(pr.choices[c&1]) }

// ChoiceAt is side c's promotion choice i: a piece type it may promote to, or -1 (stay
// unpromoted) last when promotion is optional.
func (pr *promotionTypes) ChoiceAt(c Color, i int) int { return pr.choices[c&1][i] }

// ChoicesOf are side c's promotion choices (NumChoices of them, ChoiceAt each), for the
// move emitter's loop, which must stay small enough to inline: read them, never write.
func (pr *promotionTypes) ChoicesOf(c Color) []int { return pr.choices[c&1] }

// --- Freeze

// ExplodeNear is the set of cells a capture on sq blows up besides sq (explosions only).
func (t *Tables[B]) ExplodeNear(sq Square) B { return t.explodeNear[sq] }

// BurnNear is the set of cells that a man of a burning type with burn table slot
// (PieceType.BurnSlot) burns when it stops on sq.
func (t *Tables[B]) BurnNear(slot int, sq Square) B { return t.burnNear[slot*t.cells+sq] }

// NextTo is the set of cells a king's step from sq (rulesets with adjacent flips or drops
// next to one's own men).
func (t *Tables[B]) NextTo(sq Square) B { return t.nextTo[sq] }

// StackUp is the step one rank up (drops on top): each cell of its From moves to the cell
// above it when shifted by its By.
func (t *Tables[B]) StackUp() FlankStep[B] { return t.stackUp }

// Slides are the edges drops slide in from (defs.Drops.SlideIn, SlideThrough).
func (t *Tables[B]) Slides() Refs[Slide[B]] { return Refs[Slide[B]]{t.slides} }

// Beside is the set of cells a rook's step from sq (drops away from enemy men).
func (t *Tables[B]) Beside(sq Square) B { return t.beside[sq] }

// NearAt is the set of cells frozen from sq.
func (fz *Freeze[B]) NearAt(sq Square) B { return fz.near[sq] }

// --- Tables

// NumDirs is the number of directions.
func (t *Tables[B]) NumDirs() int { return len(t.dirs) }

// Dir is direction i.
func (t *Tables[B]) Dir(i int) *Dir[B] { return &t.dirs[i] }

// NumPieces is the number of piece types.
func (t *Tables[B]) NumPieces() int { return len(t.pieces) }

// Piece is piece type i.
func (t *Tables[B]) Piece(i int) *PieceType[B] { return &t.pieces[i] }

// NumGoals is the number of goals.
func (t *Tables[B]) NumGoals() int { return len(t.goals) }

// Goal is goal i.
func (t *Tables[B]) Goal(i int) *Goal[B] { return &t.goals[i] }

// NumFreezes is the number of freezing rules.
func (t *Tables[B]) NumFreezes() int { return len(t.freezes) }

// Freeze is freezing rule i.
func (t *Tables[B]) Freeze(i int) *Freeze[B] { return &t.freezes[i] }

// --- AttackTables

// AttackFromAt is the set of origins from which a piece of type t of side c captures onto sq by a leap.
func (a *AttackTables[B]) AttackFromAt(c Color, t int, sq Square) B {
	return a.attackFrom[c][t*a.cells+sq]
}

// PathTypeList lists the types of side c with capturing paths (the bits of PathTypes).
func (a *AttackTables[B]) PathTypeList(c Color) View[int] { return View[int]{a.pathTypes[c]} }

// PathFromAt is the set of origins from which a capturing path of side c's type t could
// capture on sq, ignoring occupancy (empty for a type without capturing paths).
func (a *AttackTables[B]) PathFromAt(c Color, t int, sq Square) B { return a.pathFrom[c][t*a.cells+sq] }

// EPFromAt is the set of origins from which a man of side c's type t (one of EPTypes)
// captures en passant onto sq.
func (a *AttackTables[B]) EPFromAt(c Color, t int, sq Square) B { return a.epFrom[c][t*a.cells+sq] }

// InitialFromAt is the set of origins from which a first-move leap of side c's type t (one
// of InitialTypes) captures onto sq.
func (a *AttackTables[B]) InitialFromAt(c Color, t int, sq Square) B {
	return a.initialFrom[c][t*a.cells+sq]
}

// InitialTypes are the piece types of side c with capturing first-move leaps.
func (a *AttackTables[B]) InitialTypes(c Color) View[int] { return View[int]{a.initialTypes[c]} }

// EPTypes are the piece types of side c that capture en passant.
func (a *AttackTables[B]) EPTypes(c Color) View[int] { return View[int]{a.epTypes[c]} }

// LeapTypes are the piece types of side c with leap captures.
func (a *AttackTables[B]) LeapTypes(c Color) View[int] { return View[int]{a.leapTypes[c]} }

// SlideGroups are side c's slide groups.
func (a *AttackTables[B]) SlideGroups(c Color) View[SlideGroup] {
	return View[SlideGroup]{a.slideGroups[c]}
}

// Snipes reports whether side c's sliders may be found from a target by the sniper tables
// (SlideTypes, SlideFromAt, LineDirAt) rather than direction by direction.
func (a *AttackTables[B]) Snipes(c Color) bool { return a.snipes[c] }

// SlideTypes are side c's types that slide (with Snipes only).
func (a *AttackTables[B]) SlideTypes(c Color) View[int] { return View[int]{a.slideTypes[c]} }

// SlideFromAt is the set of cells from which a man of side c's type t (one of SlideTypes)
// slides onto sq on an empty board (with Snipes only).
func (a *AttackTables[B]) SlideFromAt(c Color, t int, sq Square) B {
	return a.slideFrom[c][t*a.cells+sq]
}

// LineDirAt is the direction whose ray from from holds to, when one of the sniping sides'
// slides runs from to toward from (with Snipes only).
func (a *AttackTables[B]) LineDirAt(from, to Square) int { return int(a.lineDir[from*a.cells+to]) }

// NumRideAttacks is the number of side c's capturing limited or restricted rides.
func (a *AttackTables[B]) NumRideAttacks(c Color) int { return len(a.rideAttacks[c]) }

// RideAttack is side c's ride attack i.
func (a *AttackTables[B]) RideAttack(c Color, i int) *RideAttack[B] { return &a.rideAttacks[c][i] }

// RoyalList are the royal piece types.
func (a *AttackTables[B]) RoyalList() View[int] { return View[int]{a.royalList} }

// --- Zobrist

// PieceKey is the key of the piece of code (type*2 + color) on sq.
func (z *Zobrist) PieceKey(code int, sq Square) uint64 { return z.piece[code*z.cells+sq] }

// CastleKey is the key of the castling right of the partner on sq.
func (z *Zobrist) CastleKey(sq Square) uint64 { return z.castle[sq] }

// EPKey is the key of an en-passant target on sq.
func (z *Zobrist) EPKey(sq Square) uint64 { return z.ep[sq] }

// NumHandSlots is the number of pool slots (see Ruleset.HandSlot).
func (z *Zobrist) NumHandSlots() int { return len(z.hand) }

// HandKey is the key of count n in pool slot slot.
func (z *Zobrist) HandKey(slot, n int) uint64 { return z.hand[slot][n] }

// PromotedKey is the key of a promoted piece (one that demotes when captured) on sq.
func (z *Zobrist) PromotedKey(sq Square) uint64 { return z.marked[sq] }

// GateKey is the key of a gating right on sq.
func (z *Zobrist) GateKey(sq Square) uint64 { return z.gate[sq] }

// FileCellsOf is the cells of sq's file (where drops allow one man of a type a file).
func (t *Tables[B]) FileCellsOf(sq Square) B { return t.fileCells[sq] }

// DropToAt is where side c may drop a piece of type t (before the square must be empty).
func (t *Tables[B]) DropToAt(c Color, ty int) B { return t.dropTo[c][ty] }

// StatusKey is the key of status counter n on sq.
func (z *Zobrist) StatusKey(sq Square, n int) uint64 { return z.status[sq][n] }

// --- Ruleset

// Zone is the named zone's cells for each side.
func (r *Ruleset) Zone(name string) ([2]Bitboard, bool) {
	z, ok := r.zones[name]
	return z, ok
}

// ZoneNames are the names of the zones, sorted (a fresh copy).
func (r *Ruleset) ZoneNames() []string {
	out := make([]string, 0, len(r.zones))
	for n := range r.zones {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Setups are the named start positions, in definition order (a fresh copy).
func (r *Ruleset) Setups() []Setup { return slices.Clone(r.setups) }

// NumSetups is the number of named start positions.
func (r *Ruleset) NumSetups() int { return len(r.setups) }

// SetupAt is start position i.
func (r *Ruleset) SetupAt(i int) Setup { return r.setups[i] }

// RoyalKinds is the royal types (bit per type) of each kind check-royals: lone counts a
// side's men in (defs.Piece.RoyalKind); one kind when no type names one, none without
// check-royals: lone.
func (r *Ruleset) RoyalKinds() View[uint64] { return View[uint64]{r.royalKinds} }

// Pools are the names of the piece pools (a fresh copy).
func (r *Ruleset) Pools() []string { return slices.Clone(r.pools) }

// NumPools is the number of piece pools.
func (r *Ruleset) NumPools() int { return len(r.pools) }

// Rides are side c's other rides.
func (pt *PieceType[B]) Rides(c Color) Refs[Ride[B]] { return Refs[Ride[B]]{pt.rides[c]} }

// RoyalRides are side c's capture-royal rides.
func (pt *PieceType[B]) RoyalRides(c Color) Refs[Ride[B]] { return Refs[Ride[B]]{pt.royalRides[c]} }

// Paths are side c's multi-leg paths.
func (pt *PieceType[B]) Paths(c Color) Refs[Path[B]] { return Refs[Path[B]]{pt.paths[c]} }

// WalksAt is, when every path of side c is a fixed walk, the walks those paths make from sq
// (see PieceType.walks) and true; otherwise nothing and false.
func (pt *PieceType[B]) WalksAt(c Color, sq Square) (Refs[Walk[B]], bool) {
	if pt.walks[c] == nil {
		return Refs[Walk[B]]{}, false
	}
	return Refs[Walk[B]]{pt.walks[c][pt.walkAt[c][sq]:pt.walkAt[c][sq+1]]}, true
}

// Pieces are the piece types.
func (t *Tables[B]) Pieces() Refs[PieceType[B]] { return Refs[PieceType[B]]{t.pieces} }

// Goals are the goals.
func (t *Tables[B]) Goals() Refs[Goal[B]] { return Refs[Goal[B]]{t.goals} }

// Freezes are the freezing rules.
func (t *Tables[B]) Freezes() Refs[Freeze[B]] { return Refs[Freeze[B]]{t.freezes} }

// RideAttacks are side c's capturing limited or restricted rides.
func (a *AttackTables[B]) RideAttacks(c Color) Refs[RideAttack[B]] {
	return Refs[RideAttack[B]]{a.rideAttacks[c]}
}
