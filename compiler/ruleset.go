// The compiled, immutable Ruleset: geometry, piece move tables, rules, zobrist keys, hooks.

package compiler

import (
	"slices"

	"chimera/defs"
)

// Condition bits of a path leg: what a square passed or landed on may hold.
const (
	OnEmpty   uint8 = 1 << iota // empty square (unused cells count as empty when passed)
	OnFriend                    // a piece of the mover
	OnEnemy                     // an enemy piece
	OnMissing                   // a cell that does not exist (a path stops at the edge of the board)
	OnUnused                    // an unused cell
)

// Mode of a leap or ride.
type Mode uint8

// Modes.
const (
	ModeBoth Mode = iota
	ModeMove
	ModeCapture
	// ModeCaptureRoyal captures only royal pieces. Under the royal-attacked check rule (the
	// only rule it is allowed with) no royal piece is ever left capturable, so such an atom
	// never makes a move: it only attacks (LeapRoyal, RoyalRides).
	ModeCaptureRoyal
)

// Ride is one riding direction of a piece for one side.
type Ride[B any] struct {
	Dir      int // index into Tables.Dirs
	Min, Max int // steps; Max 0 = unlimited
	Mode     Mode
	From     B    // origins allowed
	EPTarget bool // squares passed become en-passant targets
	// Rank: for a range capture (defs.Atom.RangeCapture), the rank of the type whose atom
	// it is: past the first man on its line the ride goes on over men of lower rank and
	// takes an enemy man of lower rank; 0 for every other ride.
	Rank int
	// span[sq]: the cells Min to Max steps (Max 0: every step from Min on) from sq along the
	// direction, ignoring occupancy (the ray's cells: it ends at a missing cell).
	span []B
}

// Leg is one compiled leg of a path.
type Leg struct {
	Dir      int
	On       uint8
	Capture  bool
	Stop     bool   // the mover stops where this leg ends (defs.Leg.Stop)
	Min, Max int    // Max 0 = unlimited
	Not      uint64 // types (by index, either side's) no square of this leg may hold
}

// Path is one compiled multi-leg movement for one side.
type Path[B any] struct {
	legs []Leg
	From B
	// Within: with Bounded, the squares the walk may pass and land on (the atom's zone).
	Within  B
	Bounded bool
	// Reach[sq]: every cell the path could capture on from sq, ignoring occupancy; used to
	// skip attack probes that cannot succeed.
	reach []B
	// Visit[sq]: every cell a walk from sq could pass, capture or land on, ignoring
	// occupancy; a move that changes none of them cannot change what the path attacks.
	visit []B
	// Captures reports whether the path can capture at all (some leg or its landing).
	Captures bool
	// Stops: a leg stops (defs.Leg.Stop): each move records its stop square, and the path
	// may land on its own origin.
	Stops bool
	// Fixed: the path is a fixed walk (see fixedWalk), answered from tables instead of
	// walked: from sq it lands on hop[sq].to (NoSquare: nowhere) when the cells of
	// hop[sq].empty are empty and those of hop[sq].screen occupied.
	Fixed bool
	// RayHop: the path is a ray hop (see rayHop), answered from the direction's rays: along
	// HopDir over empty cells, over one man (the screen, of no type in NotScreen), then over
	// empty cells, landing on any of them and on the first man beyond, an enemy of no type
	// in NotLand (as LandOn allows); with HopOne, on the cell just beyond the screen only.
	// (A fixed walk too lands on no man of a type in NotLand.)
	RayHop, HopOne     bool
	HopDir             int
	NotScreen, NotLand uint64
	// LandOn: for a fixed walk or a ray hop, what its landing cell may hold (OnEmpty,
	// OnEnemy or both).
	LandOn uint8
	hop    []hop[B]
}

// hop is a fixed walk from one origin: where it lands and the cells it needs empty and
// occupied (one entry, so that a walk reads one place).
type hop[B any] struct {
	to            Square
	empty, screen B
}

// Walk is one fixed walk from an origin, as generation reads it: it lands on To, which may
// hold what LandOn allows (OnEmpty, OnEnemy or both) but a man of a type in NotLand, when
// the cells of Empty are empty and those of Screen occupied.
type Walk[B any] struct {
	To            Square
	LandOn        uint8
	NotLand       uint64
	Empty, Screen B
}

// InitialLeap is a leap only a man with its first-move right may make: quiet and capture
// targets per color and square, and whether it is barred while its side is in check.
type InitialLeap[B any] struct {
	quiet, capture [2][]B
	NotInCheck     bool
}

// QuietAt and CaptureAt are the leap's targets from sq for side c.
func (l *InitialLeap[B]) QuietAt(c Color, sq Square) B   { return l.quiet[c][sq] }
func (l *InitialLeap[B]) CaptureAt(c Color, sq Square) B { return l.capture[c][sq] }

// Initial lists the piece's first-move leaps.
func (p *PieceType[B]) Initial() Refs[InitialLeap[B]] { return Refs[InitialLeap[B]]{p.initial} }

// StepsBack is, for a ResetsUnlessBack type, the cells side c's man on sq reaches by its
// quiet moves on an empty board: a move that lands on sq from one of them could be made
// straight back, and leaves the fifty-move counter running.
func (p *PieceType[B]) StepsBack(c Color, sq Square) B { return p.stepBack[c][sq] }

// PieceType is one compiled piece type. Tables are indexed [color][square].
type PieceType[B any] struct {
	Def        *defs.Piece
	Name       string
	Letter     byte   // uppercase; 0 for a piece whose letter is "+X" (LetterText)
	LetterText string // Letter as text, made once (hooks see it without an allocation)
	// Promoted is, for a piece written "+X" in a FEN (defs.Piece.FEN), X (uppercase); 0
	// for a piece written with its letter.
	Promoted byte
	// initial are the leaps only a man that has not moved may make (defs.Atom.Initial).
	initial []InitialLeap[B]
	// AimEnds: the enemy types (bit per type) that end a man's first-move right by moving
	// to a cell from which they would capture onto it on an empty board (AimReach).
	AimEnds uint64
	SAN     string
	Royal   bool
	Immune  bool
	// ResetsClock[c]: side c's moves of it reset the fifty-move counter
	// (defs.Piece.ResetsClock, for the sides of its resets-clock-sides).
	ResetsClock [2]bool
	// ResetsUnlessBack[c]: side c's moves of it reset the fifty-move counter but where
	// StepsBack holds the cell it came from (defs.Piece.ResetsClockUnlessBack, for the
	// sides of its resets-clock-sides).
	ResetsUnlessBack [2]bool
	// BurnSlot is the type's table of Tables.BurnNear when its men burn
	// (defs.Piece.Burns), else -1.
	BurnSlot int
	// Rank is the type's rank for range captures (defs.Piece.Rank).
	Rank int
	// Mark is the mark (' or !) a FEN dresses the type's letter MarkLetter with, after
	// "+" when MarkPlus ("Q!", "+R'"; defs.IsPieceToken); 0 when its token has none (Letter
	// and Promoted are then 0).
	Mark, MarkLetter byte
	MarkPlus         bool
	// RidesUnattacked: the man's rides (all of them rides, none a slide) may not pass a cell
	// an enemy man attacks before the move; the cell landed on is left to the check rule
	// (defs.Piece.RidesUnattacked).
	RidesUnattacked bool
	// PassOnce: the man's passes (paths that stop and end back on its square having taken
	// nothing) are one move, written without the stop (defs.Piece.PassOnce).
	PassOnce bool
	// stepBack[c][sq]: for a ResetsUnlessBack type, the cells side c's man reaches from sq by
	// its quiet moves on an empty board (none that needs a zone or a first move).
	stepBack    [2][]B
	Value       int
	Land        [2]B     // squares where it may end a move
	leapQuiet   [2][]B   // non-capturing leap targets
	leapCapture [2][]B   // capturing leap targets (ignoring landing restrictions)
	epCapture   [2][]B   // leap targets that may capture en passant
	slides      [2][]int // unlimited, unrestricted, capturing-and-moving rides: dir indices
	// slideLines[c] pairs the slides of side c along both ways of a line ({up, down}: the
	// direction that raises cell indices first); slideRays[c] are the others.
	slideLines [2][][2]int
	slideRays  [2][]int
	// lineRays[c][(sq*lines+i)*2+0/1]: the up and down rays from sq of side c's line i.
	lineRays [2][]B
	// lineTable[c][sq*2], [sq*2+1]: side c's lines looked up by occupancy, two groups of
	// lines from each cell (the second may be empty; boards of at most 64 cells, see
	// SlideReach64); nil when the lines need more or do not fit a table.
	lineTable [2][]slideEntry
	rides     [2][]Ride[B] // all other rides
	paths     [2][]Path[B]
	// walks[c][walkAt[c][sq]:walkAt[c][sq+1]]: when every path of side c is a fixed walk,
	// the hops those paths make from sq, in path order, leaving out paths that land nowhere
	// from there (nil when side c has another kind of path, or none).
	walks  [2][]Walk[B]
	walkAt [2][]int32
	// shifts[c]: side c's shift plan, when its men can be generated all at once (ShiftsOf).
	shifts [2][]Shift[B]
	// LeapRoyal and RoyalRides are the atoms with mode capture-royal: they generate no move
	// and count only in the attack tables.
	leapRoyal  [2][]B
	royalRides [2][]Ride[B]
	Promotion  *Promotion[B]
	// MakesEP is true when some move of the piece leaves en-passant targets.
	MakesEP bool
	// MayRepeat is true when two of the piece's atoms can produce the same move (paths,
	// or a limited ride overlapping another atom), so its generated moves need deduplication.
	MayRepeat bool
	// Plain is true when the piece's moves are its atoms' alone, each once: no atom may
	// repeat another's move (MayRepeat) and there is no first-move leap to add.
	Plain bool
	// LeapsAndLines[c] is true on a board of at most 64 cells when side c's moves of the
	// piece are plain leaps and slides both ways along tabled lines alone (no one-way
	// slide, other ride or path; LineTabled) and it never promotes: its moves are the cells
	// of one set, found with one lookup per atom kind.
	LeapsAndLines [2]bool
	// ShiftsPromote[c] are the cells from which a move of side c's shift plan may land in
	// the type's promotion zone: perft's leaves count the moves of men elsewhere unwritten,
	// all at once (the interpreter's countShifts).
	ShiftsPromote [2]B
}

// Promotion compiled.
type Promotion[B any] struct {
	Zone [2]B
	promotionTypes
	Optional bool
	// Leaving: a move that starts in Zone may promote too. Forced (HasForced): where an
	// optional promotion is compulsory.
	Leaving   bool
	HasForced bool
	Forced    [2]B
	// OnCapture: only a capture promotes. SkipEnPassant: an en-passant capture never
	// promotes.
	OnCapture     bool
	SkipEnPassant bool
	// Entering: a quiet move promotes only when it enters Declared (the zone as declared)
	// from outside, a capture when it starts or ends in it. Always (HasAlways): where a move
	// may promote whatever else; these squares belong to Zone.
	Entering  bool
	Declared  [2]B
	HasAlways bool
	Always    [2]B
	// limit[t] > 0: a promotion to type t is offered only while the side has fewer than
	// limit[t] men of it on the board (HasLimits: some type is limited; see Limit).
	limit     []int
	HasLimits bool
	// FromPool: the promoted piece is taken from this pool (of the opponent when
	// FromOpponent), and the promoting piece goes into it; -1: promotion is free.
	FromPool     int
	FromOpponent bool
	// InPlace: promotion is a move of its own (Zone is then empty, so that no ordinary
	// move promotes): a man standing on Stand, or anywhere while it is its side's only man
	// of its type (LoneAnywhere), turns into one of the types where it stands, or with
	// Step as it makes one of the new type's moves onto an empty square. NoAttack: the new
	// man may attack no enemy man where it ends; NoCheck: the promotion may give no check.
	InPlace, Step, LoneAnywhere, NoAttack, NoCheck bool
	Stand                                          [2]B
	// byCell[c][sq]: on cell sq, side c may promote only to the types of these bits
	// (defs.Promotion.ByCell; 0: every choice). HasByCell: some cell narrows them.
	byCell    [2][]uint64
	HasByCell bool
}

// OfferedAt reports whether side c may promote to type t (not -1) with a move ending on sq.
func (pr *Promotion[B]) OfferedAt(c Color, sq Square, t int) bool {
	if !pr.HasByCell {
		return true
	}
	bits := pr.byCell[c&1][sq]
	return bits == 0 || bits>>uint(t)&1 != 0
}

// promotionTypes holds the piece types a piece may promote to. It is a separate struct,
// not generic, so that its accessors take no generic dictionary: the interpreter's move
// emitter reads them and must stay small enough to inline.
type promotionTypes struct {
	to      []int    // piece type indices, either side's (defs.Promotion.To and ToBlack)
	choices [2][]int // per side: its types, then -1 (stay unpromoted) when promotion is optional
}

// Limit is the count of type t below which a promotion to it is offered (0: no limit).
func (p *Promotion[B]) Limit(t int) int { return p.limit[t] }

// newPromotionTypes lists the piece types to (White's, and Black's too unless toBlack is
// given), and the choices they and optional give each side.
func newPromotionTypes(to, toBlack []int, optional bool) promotionTypes {
	if toBlack == nil {
		toBlack = to
	}
	var pt promotionTypes
	pt.to = slices.Clone(to)
	for _, t := range toBlack {
		if !slices.Contains(pt.to, t) {
			pt.to = append(pt.to, t)
		}
	}
	for c, ts := range [2][]int{to, toBlack} {
		pt.choices[c] = slices.Clone(ts)
		if optional {
			pt.choices[c] = append(pt.choices[c], -1)
		}
	}
	return pt
}

// CheckRule is the rule that defines check and legality.
type CheckRule uint8

// Check rules.
const (
	CheckRoyalAttacked        CheckRule = iota // own royal attacked: chess
	CheckEnemyRoyalUnattacked                  // enemy royal not attacked by the side
	CheckNone
)

// CheckRoyals says which of a side's royal men the check rule royal-attacked protects.
type CheckRoyals uint8

// Which royal men are checked (rules.check-royals).
const (
	CheckRoyalsAny  CheckRoyals = iota // each royal man: a side is in check when one is attacked
	CheckRoyalsAll                     // a side is in check only when every royal man is attacked
	CheckRoyalsLone                    // only a side with a single royal man can be in check
)

// Outcome is a game result from the point of view of one side.
type Outcome int8

// Outcomes.
const (
	Loss Outcome = -1
	Draw Outcome = 0
	Win  Outcome = 1
	// OneQuarter and ThreeQuarters: the side scores 1/4 or 3/4 of a point, its opponent
	// the rest (rules.no-moves.otherwise: 1/4 or 3/4, as Gliński scores a stalemate).
	OneQuarter    Outcome = -2
	ThreeQuarters Outcome = 2
)

// Points is the share of the game's point the outcome gives its side.
func (o Outcome) Points() float64 {
	switch o {
	case Win:
		return 1
	case Loss:
		return 0
	case OneQuarter:
		return 0.25
	case ThreeQuarters:
		return 0.75
	}
	return 0.5
}

// RepetitionMoverLoses is Ruleset.RepetitionLoser when the side whose move completed a
// repetition loses it (rules.repetition-loses: mover).
const RepetitionMoverLoses = -2

// RepetitionToMoveLoses is Ruleset.RepetitionLoser when the side to move in the repeated
// position loses it, the side whose move completed it winning (rules.repetition-loses:
// to-move).
const RepetitionToMoveLoses = -3

// Castling compiled.
type Castling struct {
	Royal, Partner int    // piece types
	Partners       uint64 // bit per type the royal castles with: Partner and defs.Castling.OtherPartners
	KingFile       [2]int // [short, long] destination files
	PartnerFile    [2]int
	// also: the more destinations of each side ([short, long]), each {king file, partner
	// file}, the castling player's choice (defs.CastleSide.Also); nil for one.
	also [2][][2]int
	// san[side][i][c]: side c's SAN of the castling toward side, i 0 its first destination
	// and i+1 also[i]'s (defs.CastleSide.SAN); nil when the castlings are written O-O.
	san           [2][][2]string
	KingToPartner bool   // coordinate notation writes the partner's square as destination
	FileLetters   bool   // a FEN writes every right as its partner's file letter (Shredder-FEN)
	Rank          [2]int // the castling rank of each side, 0-based from White's side
	rank          int    // the castling rank counted from the owner's side (castling.rank)
	// Guarded: the royal may not castle from or across a square the enemy attacks.
	Guarded bool
	// Opposite: a castling ends the opponent's rights toward the same side (defs.Castling.Opposite).
	Opposite bool
}

// CastleSquare is the cell of side c's castling rank on grid file f, or NoSquare (a cell
// that is missing on the board is still named).
func (rs *Ruleset) CastleSquare(c Color, f int) Square { return rs.castleSquare(rs.Castling, c, f) }

func (rs *Ruleset) castleSquare(cs *Castling, c Color, f int) Square {
	if rs.Hex {
		return rs.HexCell(f, cs.rank, c)
	}
	return rs.SquareAt(f, cs.Rank[c])
}

// SAN is how side c writes the castling toward side (0 short, 1 long) that ends the royal
// on file kingFile, when the definition names its castlings; ok false for O-O and O-O-O.
func (c *Castling) SAN(side int, kingFile int, color Color) (string, bool) {
	if c.san[side] == nil {
		return "", false
	}
	if kingFile == c.KingFile[side] {
		return c.san[side][0][color], true
	}
	for i, f := range c.also[side] {
		if f[0] == kingFile {
			return c.san[side][i+1][color], true
		}
	}
	return "", false
}

// Choices reports whether side (0: short, toward the higher files; 1: long) gives the
// royal a choice of squares (castling.short.also).
func (c *Castling) Choices(side int) bool { return c.also[side] != nil }

// Goal compiled: a move by side c wins/loses/draws for c when it moves a piece of a counted
// type (Types: the goal's pieces; by default the royal pieces for a zone goal, every piece
// for a hook-only goal), ending on Zone[c] if the goal has a zone, and Hook holds if set.
type Goal[B any] struct {
	Def *defs.Goal
	// Name is the reason shown when the goal ends a game ("goal reached" if unnamed).
	Name  string
	Zone  [2]B
	HasZ  bool
	Types uint64 // bit per piece type
	// Hit: bit per piece type; the goal is reached by hitting an enemy piece of these types
	// (see defs.Goal.Hit). 0 for other goals.
	Hit uint64
	// Hook is the goal's `when:` expression, or nil. Types and Zone already exclude the
	// moves it cannot be true for.
	Hook *Hook
	// Standing goals, judged on the position alone (so also on a position read from FEN):
	// Extinct (bit per type): the side Own (the mover) or else its opponent has at most
	// AtMost men of one of these types, or with Together of them all, board and pools;
	// ChecksGiven: the mover has no checks left to give; Stands: a piece of the side to move
	// of the goal's Types stands on its part of Zone.
	Extinct        uint64
	AgainstAtLeast int
	AtMost         int
	Together, Own  bool
	// AllMen: Together, and Extinct holds every type (the side's men are counted).
	AllMen      bool
	ChecksGiven bool
	// GivesCheck: the side to move is in check (defs.Goal.GivesCheck).
	GivesCheck bool
	// Stands: a piece of the side to move of the goal's Types stands on its part of
	// StandZone (with HasZ, as well as the mover reaching Zone). Side: the goal counts only
	// moves of this side (-1: both). Answerable: see defs.Goal.Answerable.
	Stands    bool
	StandZone [2]B
	// SafeOn: a man of the goal's Types of the side Safe names (SafeOwn: the mover,
	// SafeOpponent: the side to move, SafeBoth: each side) stands on its part of SafeZone,
	// attacked by no enemy man (defs.Goal.SafeOn).
	SafeOn   bool
	SafeZone [2]B
	Safe     SafeSide
	// Line: the side Own (the mover) or else its opponent has Line men of the goal's Types
	// next to one another along one of the lineSteps (a row is Line-1 steps of one of them).
	// Gaps: Line men anywhere on one of the lines (the cells of one line each) instead.
	// Block: a square of Line by Line men, rows along lineSteps[0] stacked along lineSteps[1].
	// Connect: the side Own (the mover) or else its opponent has a chain of men of the
	// goal's Types, each one of the lineSteps from the one before, from a man on its part
	// of ConnectFrom to a man on its part of ConnectTo; OneWay: the steps go one way only
	// (no step back) and the chain has two men at least (defs.Goal.Connect, OneWay).
	Connect                bool
	OneWay                 bool
	ConnectFrom, ConnectTo [2]B
	Line                   int
	lineSteps              []FlankStep[B]
	lines                  []B
	Gaps                   bool
	Block                  bool
	Side                   int8
	Answerable             bool
	// Castled: the move is a castling toward one of these sides (a bit per CastleSide);
	// CastlingLost: the side Own (the mover) or else its opponent keeps no castling right
	// toward any of these sides (defs.Goal.Castled, CastlingLost).
	Castled, CastlingLost uint8
	// Count: with HasZ, the mover needs at least Count men of Types on its part of Zone;
	// with SafeOn, more than Count men, or Count unattacked (defs.Goal.Count; 0 is 1).
	Count int
	// Full: with HasZ, the goal is judged on the position after the move: a man of the
	// mover's of Types stands on its part of Zone, and Count of them do or every cell of
	// that part holds a man (defs.Goal.Full).
	Full   bool
	Result Outcome
}

// SafeSide is whose men a safe-on goal looks at (defs.Goal.SafeOn).
type SafeSide int8

const (
	SafeOwn      SafeSide = iota // the mover's
	SafeOpponent                 // the side to move's
	SafeBoth                     // each side's, at once
)

// LineSteps are the steps of a line goal's lines (Goal.Line), or of a connection goal's
// chains (Goal.Connect).
func (g *Goal[B]) LineSteps() Refs[FlankStep[B]] { return Refs[FlankStep[B]]{g.lineSteps} }

// Lines are the cells of each line of a line goal with gaps (Goal.Gaps), one set a line.
func (g *Goal[B]) Lines() Refs[B] { return Refs[B]{g.lines} }

// Standing reports whether the goal is judged on the position alone.
func (g *Goal[B]) Standing() bool {
	return g.Extinct != 0 || g.ChecksGiven || g.GivesCheck || g.SafeOn || g.Line > 0 || g.Connect || g.CastlingLost != 0
}

// Sides of castling, as bits of Goal.Castled and Goal.CastlingLost.
const (
	CastleShort uint8 = 1 << iota // toward the higher files
	CastleLong                    // toward the lower files
)

// castleSides is the bits of the sides of castling a goal names (defs.Goal.Castled).
func castleSides(names []string) uint8 {
	var b uint8
	for _, n := range names {
		b |= map[string]uint8{"short": CastleShort, "long": CastleLong}[n]
	}
	return b
}

// HandRules are the compiled pools, drops and exchanges (see defs.Hands).
type HandRules struct {
	// enemy[pool]: the pool holds enemy men (written in their own colour in a FEN).
	enemy []bool
	// CaptureTo is the capturer's pool a captured piece enters, -1 none; demoteTo[t] the
	// type a captured promoted piece of type t enters as (Demote), else t.
	CaptureTo int
	Demote    bool
	demoteTo  []int
	// DropFrom is the pool drops come from, -1: no drops.
	DropFrom int
	Exchange *ExchangeRule
	// RestoreCastling: a partner dropped on a corner of its castling rank regains its right
	// while its royal has never moved (defs.Hands.RestoreCastlingOnDrop).
	RestoreCastling bool
	// GateFrom is the pool gated pieces come from, -1: no gating (defs.Gating).
	GateFrom int
	// DropsNoCheck: a drop may not give check; MustDrop: bit per type that, while held in
	// the drop pool, must be dropped when it can (and no other type dropped) (defs.Drops).
	DropsNoCheck bool
	MustDrop     uint64
	// SplitColors: bit per type whose drops keep half of its men able to stand on each
	// colour of square; CreateCastling: drops of the royal and partners create castling
	// rights (defs.Drops).
	SplitColors uint64
	// CreateCastling: drops create castling rights, the royal's home on RoyalHomeFile.
	CreateCastling bool
	RoyalHomeFile  int
	// OnePerFile: bit per type that may not be dropped on a file holding a man of its
	// side of that type; NoMate: bit per type whose drop may not checkmate (defs.Drops).
	OnePerFile, NoMate uint64
	// PerFile: how many men of a OnePerFile type of a side a file may hold before no more
	// is dropped there (defs.Drops.PerFile; 1 by default).
	PerFile int
	// NoMateIllegal: such a checkmating drop is no legal move (else it is a move that loses).
	NoMateIllegal bool
	// DropPromoted: a held man may also be dropped as its promotion.to[0] (defs.Drops.Promoted).
	DropPromoted bool
	// Free: the drop pool is bottomless (nothing counted or written); NextToOwn: drops only
	// next to one of the side's men; Flanking: drops only where they flank enemy men;
	// OnTop: drops only on rank 1 or right above a man (Tables.StackUp, StackBase);
	// AwayFromEnemy: drops only where no enemy man is a rook's step away (Tables.Beside);
	// and Tables.FirstOn, the cells drops go to while one is empty (defs.Drops). Slides:
	// drops land only where they slide in from an edge (Tables.Slides).
	Free, NextToOwn, Flanking, OnTop, AwayFromEnemy, Slides bool
	// DropResetsClock: every drop resets the fifty-move counter (defs.Drops.ResetsClock).
	DropResetsClock bool
	// PickUp: bit per type whose men their side may take off the board into the drop pool
	// as its move (defs.Drops.PickUp).
	PickUp uint64
	// capturedAs[t]: the type a captured man of type t enters a pool as (defs.Piece.DemotesTo).
	capturedAs []int
}

// CapturedAs is the type a captured man of type t enters a pool as, before any demotion
// of a marked man.
func (h *HandRules) CapturedAs(t int) int { return h.capturedAs[t] }

// ExchangeRule compiled: pools by index, and each type's rank (-1: not exchangeable).
type ExchangeRule struct {
	Give, To, Take int
	rank           []int
}

// Enemy reports whether pool holds enemy men (men it captured, held) rather than a side's own.
func (h *HandRules) Enemy(pool int) bool { return h.enemy[pool] }

// DemoteTo is the type a captured promoted piece of type t enters its pool as.
func (h *HandRules) DemoteTo(t int) int { return h.demoteTo[t] }

// Rank is type t's rank in the exchange order, -1 when it cannot be exchanged.
func (x *ExchangeRule) Rank(t int) int { return x.rank[t] }

// StatusRule is the timed status pieces may carry (see defs.Status).
type StatusRule struct {
	Name     string
	Duration int
	Immobile bool // a piece with the status cannot move
	Harmless bool // a piece with the status attacks nothing
}

// CaptureEffect is what a capture does to a piece without the kick status.
type CaptureEffect uint8

// Capture effects.
const (
	EffectReplace CaptureEffect = iota // the captured piece leaves; the capturer takes its square
	EffectBounce                       // the captured piece stays; the capturer bounces on
)

// Freeze compiled: pieces of types By freeze enemy pieces of types Targets at Steps.
type Freeze[B any] struct {
	By, Targets uint64
	near        []B // per square: the cells frozen from there
}

// Setup is a named start position.
type Setup struct {
	Name, FEN string
	Def       *defs.Setup
	shuffle   []shuffleStep // a shuffled setup: the steps that rearrange the first rank
}

// WallPlace says which empty cells may take a turn's wall (defs.Walls.Place).
type WallPlace uint8

// Wall placements.
const (
	WallAnywhere WallPlace = iota // any empty cell
	WallReach                     // a cell the moved man's moves reach from where it landed
	WallOrigin                    // the cell the man left
	WallEdge                      // a cell on the board's edge (Tables.WallEdge) or a rook's step from a standing wall
)

// WallRule is defs.Walls compiled: where the wall goes, and whether the standing walls are
// lifted when it is placed (a single moving wall). Tables.WallCells are the cells that may
// take one. Instead: the wall is placed instead of a move, by a pass (Ruleset.Pass), and
// the men's moves place none.
type WallRule struct {
	Place   WallPlace
	Moving  bool
	Instead bool
}

// TurnRule is defs.Turns compiled: how many moves each side's turns have, and the check
// rules of a turn of several moves.
type TurnRule struct {
	moves [2][]int
	grow  int
	// TurnCheck: the mover's royal may stand attacked between the moves of its turn; the
	// turn must end with it safe from the opponent's whole next turn (defs.Turns.Check
	// turn). Otherwise each move is judged as in chess.
	TurnCheck bool
	// CheckEnds: a move that gives check ends the turn.
	CheckEnds bool
}

// Moves is the number of moves of side c's turn number k (0 for its first).
func (t *TurnRule) Moves(c Color, k int) int {
	l := t.moves[c]
	if k < len(l) {
		return l[max(k, 0)]
	}
	n := l[len(l)-1] + t.grow*(k-len(l)+1)
	return min(n, 1<<15)
}

// Ruleset is a compiled variant. It is immutable and safe to share between goroutines.
type Ruleset struct {
	Def *defs.Definition
	Geometry
	// Tables holds the per-cell sets in the 256-cell type (the public one).
	Tables[Bitboard]
	// Narrow is the same tables in the 64-cell type when the board has at most 64 cells,
	// else nil: the interpreter plays such boards on its 64-cell core.
	Narrow *Tables[BB64]
	// Mid is the same tables in the 128-cell type when the board has 65 to 128 cells, else
	// nil: the interpreter plays such boards on its 128-cell core. At most one of Narrow
	// and Mid is set.
	Mid         *Tables[BB128]
	Name, Title string
	// netData: the net file the definition names (evaluation.net), checked against its
	// features (Net decodes it); nil without one.
	netData    []byte
	byLetter   [128]int8
	byPromoted [128]int8 // the type written "+X" in a FEN, by X
	byAlias    [128]int8 // the type a FEN may also write as X (defs.Piece.FENAlias), by X
	// byMarked[plus][mark][X-'A']: the type a FEN writes as X dressed with a mark (mark 0
	// for ', 1 for !), after "+" when plus is 1 (defs.IsPieceToken).
	byMarked    [2][2][26]int8
	zones       map[string][2]Bitboard
	Check       CheckRule
	CheckRoyals CheckRoyals // which royal men royal-attacked protects
	// royalKinds: under CheckRoyalsLone, the royal types (bit per type) of each kind a
	// side's men are counted in (defs.Piece.RoyalKind); one kind when no type names one.
	royalKinds                       []uint64
	NoMovesInCheck, NoMovesOtherwise Outcome
	// StalemateByMen: a side without a legal move, not in check, has NoMovesOtherwise with
	// fewer men than its opponent (Win: fewer-men-wins, Loss: more-men-wins), the other
	// result with more, and a drawn game with as many.
	StalemateByMen        bool
	FiftyMove, Repetition int
	// MustCapture: while a capture is legal, only captures are.
	MustCapture bool
	// RoyalTakesCheckerOnly: in check, a royal moves only to take the single checker.
	RoyalTakesCheckerOnly bool
	// PerpetualCheckLoses: a repetition is lost by a side that checked at each of its moves
	// through it; RepetitionLoser: the side that loses any other repetition (-1: a draw;
	// RepetitionMoverLoses: the side whose move completed it; RepetitionToMoveLoses: the
	// other).
	PerpetualCheckLoses bool
	RepetitionLoser     int
	// NoGivingCheck: a move that leaves an enemy royal piece attacked is illegal.
	NoGivingCheck bool
	// RoyalOptional: a side may have no royal piece.
	RoyalOptional bool
	// Seats: a game of seats (defs.Seats), nil for two sides.
	Seats *SeatRules
	// Pass: a side may pass (a KindPass move: its royal man onto its own square), in check
	// too with PassInCheck; PassEnd passes in a row end the game (0: never).
	Pass, PassInCheck bool
	PassEnd           int
	// FacingRoyals: royal men facing on an open rank or file must part (see defs.Rules).
	FacingRoyals bool
	// points, by type (PointsOf), and PointsBonus, by side, decide on points a game the
	// rules end drawn (HasPoints).
	HasPoints   bool
	points      []float64
	PointsBonus [2]float64
	// CheckCounter: the checks each side has to give (0: no counter).
	CheckCounter int
	// Borrows: a man with a man of its own side on BorrowFrom(its side, its square) moves
	// and attacks with that man's moves (defs.BorrowMoves); borrowFrom is nil without it,
	// and holds NoSquare where the square lies off the board.
	Borrows    bool
	borrowFrom [2][]Square
	// MateForbiddenBy: piece types (bits) whose checks alone make a checkmate lost by the
	// side that gave it; MateNeedsCheckBy: types one of which must have given check in the
	// series of checks that ends in a checkmate, else it draws (0: no such rule).
	MateForbiddenBy, MateNeedsCheckBy uint64
	// Counting is rules.counting compiled, or nil.
	Counting *Counting
	Castling *Castling
	// Walls is how each turn's wall is placed, or nil (defs.Walls).
	Walls *WallRule
	// Fog: each side sees only part of the board, or nil: both see everything (defs.Fog).
	Fog *FogRule
	// Turns: a side's turn is several moves, or nil: one (defs.Turns).
	Turns *TurnRule
	// Crossing: the men a move moved cross to the same cell of the next board
	// (Geometry.Cross) as it ends (board.crossing).
	Crossing bool
	// Petrify: bit per type whose men turn into a wall where they land when they capture
	// (defs.CaptureRule.Petrify).
	Petrify uint64
	// SelfCapture: a move may take one of the mover's own men that is not royal by landing
	// on it (defs.CaptureRule.Own).
	SelfCapture bool
	// FlipAdjacent, FlipFlanked: after each move or drop, the enemy men next to the landing
	// cell, or flanked by it and another of the mover's men, turn (defs.Flip).
	FlipAdjacent, FlipFlanked bool
	// FlipDropsNextToOwn: a drop turns nothing unless it lands next to another of the
	// mover's men (defs.Flip.DropsNextToOwn).
	FlipDropsNextToOwn bool
	// flankDirs: the eight lines' directions (indices of Tables.Dir) along which a man
	// flanks enemy men, when flanked flips or flanking drops are in play (FlankDirs).
	flankDirs []int
	// PassAlone: a pass is legal only without another legal move; FullBoard: the game ends
	// when no cell is empty (defs.Rules).
	PassAlone, FullBoard bool
	// Status is the timed status pieces may carry, or nil.
	Status *StatusRule
	// Capture is what a capture does; BounceStatus: a bounce gives the status to the pieces
	// it hits; Kick: capturing a piece with the status kicks it (and all beyond it) off.
	Capture      CaptureEffect
	BounceStatus bool
	Kick         bool
	// CaptureEffects: captures are not plain replacements (bounce or kick).
	CaptureEffects bool
	// FirstMoves: some piece has first-move leaps (rights kept per square, in the FEN's
	// castling field as file letters).
	FirstMoves bool
	// AimEnders: the types (bit per type) that end some enemy type's first-move rights by
	// their aim (PieceType.AimEnds).
	AimEnders uint64
	// Explode: a capture blows up the capturer and the men around the captured square
	// (Tables.ExplodeNear) but those of the ExplodeSpare types (bit per type); men of the
	// ExplodeImmune types never explode, the capturer included.
	Explode       bool
	ExplodeSpare  uint64
	ExplodeImmune uint64
	// BurnTypes: the types (bit per type) whose men burn: after such a man moves, the enemy
	// men on the cells of Tables.BurnNear around where it stopped leave the board
	// (defs.Piece.Burns).
	BurnTypes uint64
	// RangeCapture: some ride is a range capture (Ride.Rank, defs.Atom.RangeCapture).
	RangeCapture bool
	// Contagious: the types (bit per type) whose men are contagious: an enemy man that is
	// neither royal nor of such a type and takes one on the cell where its move ends turns
	// into a man of the taken man's type (defs.Piece.Contagious).
	Contagious uint64
	// HitTypes: bit per piece type some hit goal counts.
	HitTypes uint64
	// TradeTypes: the men whose trades defs.Trading limits; TradeGuarded and TradeCheap
	// (bit per type), its guarded rule; Counterstrike, its counterstrike rule;
	// TradeProtected, its protected rule; NoRetaliation, its no-retaliation rule.
	TradeTypes, TradeCheap      uint64
	TradeGuarded, Counterstrike bool
	TradeProtected              bool
	NoRetaliation               bool
	// Hands are the pools, drops and exchanges, or nil.
	Hands      *HandRules
	setups     []Setup
	RoyalTypes uint64
	pools      []string
	Zobrist    Zobrist
	// Capability flags computed once so the interpreter can take fast paths.
	HasPaths bool    // some piece has a multi-leg path
	hooks    []*Hook // every goal's hook, by Hook.Index
	// Mechanisms in play, and the legality shortcuts whose allow-lists cover them all.
	Mechanisms Mechanism
	shortcuts  uint8
	// FreezerTypes: bit per piece type that freezes enemy pieces.
	FreezerTypes uint64
}

// BorrowFrom is the square whose friendly man lends its moves to side c's man on sq, or
// NoSquare (off the board); only for rulesets that Borrows.
func (r *Ruleset) BorrowFrom(c Color, sq Square) Square { return r.borrowFrom[c][sq] }

// NumHooks is the number of goal hooks; Hook(i) is the one with Index i.
func (r *Ruleset) NumHooks() int { return len(r.hooks) }

// Hook is the goal hook with Index i.
func (r *Ruleset) Hook(i int) *Hook { return r.hooks[i] }

// HandSlot is the index in Zobrist.Hand (and a position's pool counts) of the pieces of
// type t that side c holds in pool.
func (r *Ruleset) HandSlot(c Color, pool, t int) int {
	return (c*max(len(r.pools), 1)+pool)*len(r.pieces) + t
}

// FogRule is what a side sees under fog (hidden cells) besides its men's cells and their moves'
// landings and captures (defs.Fog): Sees[c][t] are the steps from a man of type t of side c
// to cells it sees whatever stands there (in that side's orientation; Ruleset.Step takes
// them).
type FogRule struct {
	sees [2][][]Vec
}

// Sees are the steps from a man of type t of side c to the cells it sees whatever stands
// there.
func (f *FogRule) Sees(c Color, t int) View[Vec] { return View[Vec]{f.sees[c][t]} }

// TypeOfPromoted returns the type written "+X" in a FEN for the letter X (either case), or -1.
func (r *Ruleset) TypeOfPromoted(letter byte) int {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	if letter >= 128 {
		return -1
	}
	return int(r.byPromoted[letter])
}

// TypeOfText returns the piece type a definition's letter names: one letter (either
// case), "+" and one letter for a piece whose letter is its FEN token "+X", or a letter
// dressed with a mark, ' or !, with or without "+" ("Q!", "+R'"); -1 for none.
func (r *Ruleset) TypeOfText(letter string) int {
	switch {
	case len(letter) == 1:
		return r.TypeOf(letter[0])
	case len(letter) == 2 && letter[0] == '+':
		return r.TypeOfPromoted(letter[1])
	case len(letter) == 2:
		return r.TypeOfMarked(false, letter[0], letter[1])
	case len(letter) == 3 && letter[0] == '+':
		return r.TypeOfMarked(true, letter[1], letter[2])
	}
	return -1
}

// TypeOfMarked returns the type a FEN writes as the letter X (either case) dressed with
// mark (' or !), after "+" when plus is set, or -1.
func (r *Ruleset) TypeOfMarked(plus bool, letter, mark byte) int {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	m := 0
	switch mark {
	case '\'':
	case '!':
		m = 1
	default:
		return -1
	}
	if letter < 'A' || letter > 'Z' {
		return -1
	}
	p := 0
	if plus {
		p = 1
	}
	return int(r.byMarked[p][m][letter-'A'])
}

// TypeOfAlias returns the type a FEN may also write as the letter X (either case; see
// defs.Piece.FENAlias), or -1.
func (r *Ruleset) TypeOfAlias(letter byte) int {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	if letter >= 128 {
		return -1
	}
	return int(r.byAlias[letter])
}

// TypeOf returns the piece type index of an uppercase or lowercase letter, or -1.
func (r *Ruleset) TypeOf(letter byte) int {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	if letter >= 128 {
		return -1
	}
	return int(r.byLetter[letter])
}

// PointsOf is what a man of type t counts when a drawn game is decided on points.
func (r *Ruleset) PointsOf(t int) float64 {
	if t < len(r.points) {
		return r.points[t]
	}
	return 0
}

// Counting is rules.counting compiled: the first of Limits that applies to the side to
// move gives the limit of a count that starts (0: none); FromMen starts a count of a side
// with a single man at twice the men on the board.
type Counting struct {
	limits  []CountLimit
	FromMen bool
}

// Limits is the counting table, in order.
func (c *Counting) Limits() View[CountLimit] { return View[CountLimit]{c.limits} }

// CountLimit is one line of the counting table. Alone and OpponentAlone: -1 either way, 0
// more than one man on the board, 1 a single man.
type CountLimit struct {
	Plies                int    // the limit in half-moves (twice the moves)
	BoardHas             uint64 // types (bits) of which a man of either side must stand on the board
	Alone, OpponentAlone int8
	opponentHas          []TypeCount // at least N men of Type for the opponent
}

// OpponentHas lists the men the opponent must have at least (for each type, N of it).
func (l *CountLimit) OpponentHas() View[TypeCount] { return View[TypeCount]{l.opponentHas} }

// TypeCount is a number of men of one piece type.
type TypeCount struct{ Type, N int }

// FlankDirs are the eight lines' directions (indices of Tables.Dir) along which a man
// flanks enemy men, when flanked flips or flanking drops are in play.
func (r *Ruleset) FlankDirs() View[int] { return View[int]{r.flankDirs} }
