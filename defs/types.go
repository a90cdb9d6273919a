// Package defs holds the variant definition language: Go types for the YAML schema,
// strict positioned decoding, semantic validation and the embedded built-in variants.
//
// Decoding walks yaml.v3 nodes by reflection over the `yaml` struct tags so that every
// unknown key and wrong type is reported as file:line:col, and every struct keeps its
// source node (Src) so that later stages (compiler, tests) can point back at the file.
package defs

import (
	"slices"

	"gopkg.in/yaml.v3"
)

// Src remembers where a definition node came from.
type Src struct {
	File string
	Node *yaml.Node
}

// Definition is one variant file.
type Definition struct {
	Src     `yaml:"-"`
	Extends string `yaml:"extends"` // built-in name or relative path of a base definition
	Name    string `yaml:"name"`    // short id used on the command line
	// Bases are the names of the definitions this one extends, nearest first (set as it
	// loads).
	Bases   []string `yaml:"-"`
	Aliases []string `yaml:"aliases"` // other names the variant answers to (never inherited)
	Title   string   `yaml:"title"`   // human title
	// Source: where the variant comes from, by the name each source gives it (never
	// inherited).
	Source      *Source         `yaml:"source"`
	Description string          `yaml:"description"` // a paragraph shown by `show`
	Board       Board           `yaml:"board"`
	Zones       map[string]Zone `yaml:"zones"`
	Pieces      []Piece         `yaml:"pieces"`
	// PiecesByLetter adds or changes pieces by letter over the list (a definition that
	// extends another need not restate it): applied, then cleared, as each file is decoded.
	PiecesByLetter *yaml.Node `yaml:"pieces-by-letter"`
	Castling       *Castling  `yaml:"castling"`
	Rules          Rules      `yaml:"rules"`
	Goals          []Goal     `yaml:"goals"`
	Freeze         []Freeze   `yaml:"freeze"`
	// BorrowMoves: a man moves with the moves of the friendly man on a square relative
	// to it, when one stands there.
	BorrowMoves *BorrowMoves `yaml:"borrow-moves"`
	Statuses    []Status     `yaml:"statuses"`
	Capture     *CaptureRule `yaml:"capture"`
	Hands       *Hands       `yaml:"hands"`
	// Walls: each turn ends with a wall placed on an empty cell (see Walls).
	Walls *Walls `yaml:"walls"`
	// Flip: enemy men turn to the mover's side after each move or drop (see Flip).
	Flip *Flip `yaml:"flip"`
	// Turns: a side's turn is several moves in a row (see Turns).
	Turns *Turns `yaml:"turns"`
	// Fog: each side sees only part of the board (fog of war, see Fog).
	Fog *Fog `yaml:"fog"`
	// Seats: more than two sides around one board, each on an edge, moving in turn
	// (see Seats).
	Seats  *Seats  `yaml:"seats"`
	Setups []Setup `yaml:"setups"` // the first is the default start position
	Tests  []Test  `yaml:"tests"`
	// XBoard: how XBoard knows the variant, when it plays it under a name of its own (never
	// inherited: a variant that extends chess is not XBoard's "normal").
	XBoard *XBoardConventions `yaml:"xboard"`
	// UCI: how UCI engines play the variant (never inherited).
	UCI *UCIConventions `yaml:"uci"`
	// PGN: how PGN files name the variant besides its name and aliases (never inherited).
	PGN *PGNConventions `yaml:"pgn"`
	// USI: how USI engines play the variant (never inherited).
	USI *USIConventions `yaml:"usi"`
	// UCCI: how UCCI engines play the variant (never inherited).
	UCCI *UCCIConventions `yaml:"ucci"`
	// Evaluation: tuned weights of the engine's evaluation (chimera tune writes them);
	// it changes no rule.
	Evaluation *Evaluation `yaml:"evaluation"`
}

// Evaluation holds weights for the engine's evaluation: per piece letter a value and a
// square table, and the weights of its generic terms. A term left out keeps the
// evaluator's default.
type Evaluation struct {
	Src `yaml:"-"`
	// File names a file beside the definition that holds the section's keys (then the
	// only key written here); it is read as the definition loads, and cleared.
	File string `yaml:"file"`
	// Pieces by letter: a value and a square table.
	Pieces map[string]*EvalPiece `yaml:"pieces"`
	// Pools by pool name, then by letter: what one man held there is worth.
	Pools map[string]map[string]int `yaml:"pools"`
	// Mobility scales the square tables derived from mobility (pieces without squares:):
	// centipawns per square reached above the piece's average (default 3).
	Mobility *int `yaml:"mobility"`
	// Advance: centipawns per rank for a promoting piece's derived square table (default 6).
	Advance *int `yaml:"advance"`
	// GoalDistance weighs a goal piece's nearness to its reach goal: (8-d)² times it,
	// d the king steps to the zone, at most 8 (default 6).
	GoalDistance *int `yaml:"goal-distance"`
	// ChecksGiven weighs the checks a side has given under rules.check-counter (default 100).
	ChecksGiven *int `yaml:"checks-given"`
	// Tempo: the bonus of the side to move (default 10).
	Tempo *int `yaml:"tempo"`
	// Passed weighs a passed man of a pawn-like type (one that promotes and only moves
	// forward) with no enemy pawn-like man ahead of it on its file or the next ones:
	// max(0, 6−s)² × g/800 times this, s the ranks to the nearest promotion-zone rank
	// ahead and g what promoting gains (default 5; 0 with hands or a counting rule).
	Passed *int `yaml:"passed"`
	// Isolated: what a man of a pawn-like type with none of its side's on the files
	// beside counts against its side (default 12; 0 with hands or a counting rule).
	Isolated *int `yaml:"isolated"`
	// Doubled: what each man of a pawn-like type beyond the first of its side on a file
	// counts against its side (default 12; 0 with hands or a counting rule).
	Doubled *int `yaml:"doubled"`
	// Pair: what a side counts for each colour-bound type (one that keeps to cells of one
	// colour, as a bishop does; royal and promoting types aside) it has men of on cells of
	// both colours (default 40; 0 with hands or a counting rule).
	Pair *int `yaml:"pair"`
	// OpenFile: what a man of a file-riding type (one that rides its file both ways to the
	// board's edge, as a rook does; royal and promoting types aside) counts on a file with
	// no man of a pawn-like type (default 25; 0 with hands or a counting rule).
	OpenFile *int `yaml:"open-file"`
	// HalfOpenFile: the same on a file with the enemy's pawn-like men alone (default 10;
	// 0 with hands or a counting rule).
	HalfOpenFile *int `yaml:"half-open-file"`
	// Reach weighs mobility: each man of a type that moves by leaps and lines alone (on a
	// board of at most 64 cells; royal and promoting types aside) counts this per cell it
	// could move to now, beyond half its type's average on an empty board (default 2).
	// A piece's own reach: replaces it for that type.
	Reach *int `yaml:"reach"`
	// Net names a network file beside the definition (chimera train writes one): the
	// engine evaluates with it instead of the terms above. NetData is its content, read as
	// the definition loads from NetPath (the compiler checks it against the board and
	// pieces); Net is cleared then.
	Net     string `yaml:"net"`
	NetPath string `yaml:"-"`
	NetData []byte `yaml:"-"`
}

// EvalPiece is the evaluation of one piece type.
type EvalPiece struct {
	Src `yaml:"-"`
	// Value: what a man counts, in centipawns, as the evaluator counts it (a goal that
	// rewards losing men does not turn it around: a negative value says so).
	Value *int `yaml:"value"`
	// Squares: a bonus per square, as a board diagram from White's side (the first list
	// is the last rank, each list from file a); Black's is mirrored rank for rank.
	Squares [][]int `yaml:"squares"`
	// NearEnemyRoyal: what each man counts while within two king steps of an enemy royal
	// man; NearOwnRoyal: the same near one of its own side's (default 0 for both).
	NearEnemyRoyal *int `yaml:"near-enemy-royal"`
	NearOwnRoyal   *int `yaml:"near-own-royal"`
	// StatusValue: what a man counts, in place of its value, while it carries a status
	// that makes it immobile (default three quarters of its value).
	StatusValue *int `yaml:"status-value"`
	// Reach: what a man of this type counts per cell it could move to (mobility), in place
	// of the section's reach:.
	Reach *int `yaml:"reach"`
}

// UCCIConventions are the UCCI protocol's conventions for a variant.
type UCCIConventions struct {
	Src `yaml:"-"`
	// Default: UCCI's own game, the one a UCCI session plays unless told otherwise.
	Default bool `yaml:"default"`
}

// Source says where a variant comes from: the program, site or document whose game it
// plays, each by the name it gives the variant. A built-in names at least one.
type Source struct {
	Src `yaml:"-"`
	// FairyStockfish: Fairy-Stockfish's variant of this name (its UCI_Variant).
	FairyStockfish string `yaml:"fairy-stockfish"`
	// Lichess: lichess's variant, by its rules name in chessops (lichess's rules library).
	Lichess string `yaml:"lichess"`
	// Lishogi: lishogi's variant, by its rules name in shogiops (lishogi's rules library).
	Lishogi string `yaml:"lishogi"`
	// Seed: the seed document the rules were written from (Chimera's first five variants).
	Seed string `yaml:"seed"`
	// Sjaak: Sjaak II's variant of this name (its console's `variant` command): the
	// tests compare perft counts with Sjaak II when it is installed.
	Sjaak string `yaml:"sjaak"`
	// HaChu: HaChu's variant of this name (its XBoard `variant` command): the tests
	// compare the legal moves with HaChu's along games when it is installed.
	HaChu string `yaml:"hachu"`
	// RulesText: a published rules text, named in the description, that no engine plays:
	// the tests check the variant against a naive generator written from it.
	RulesText string `yaml:"rules-text"`
}

// SourceName is one source of a variant: the source's key in a definition, its label for
// people, and the variant's name there.
type SourceName struct{ Key, Label, Name string }

// Names lists the sources named, in a fixed order: Fairy-Stockfish, lichess, lishogi,
// the seed document. A nil Source names none.
func (s *Source) Names() []SourceName {
	if s == nil {
		return nil
	}
	var out []SourceName
	for _, n := range []SourceName{
		{"fairy-stockfish", "Fairy-Stockfish", s.FairyStockfish},
		{"lichess", "lichess", s.Lichess},
		{"lishogi", "lishogi", s.Lishogi},
		{"seed", "seed document", s.Seed},
		{"sjaak", "Sjaak II", s.Sjaak},
		{"hachu", "HaChu", s.HaChu},
		{"rules-text", "rules text", s.RulesText},
	} {
		if n.Name != "" {
			out = append(out, n)
		}
	}
	return out
}

// USIConventions are the USI protocol's conventions for a variant.
type USIConventions struct {
	Src `yaml:"-"`
	// Default: USI's own game, the one a USI session plays unless told otherwise.
	Default bool `yaml:"default"`
}

// UCIConventions are the UCI protocol's conventions for a variant.
type UCIConventions struct {
	Src `yaml:"-"`
	// Default: UCI's own game, played without UCI_Variant (chess).
	Default bool `yaml:"default"`
	// Chess960 with Variant: a UCI engine plays this variant as Variant with
	// UCI_Chess960 set.
	Chess960 bool   `yaml:"chess960"`
	Variant  string `yaml:"variant"`
}

// PGNConventions are the names PGN files give the variant in their [Variant] tag.
type PGNConventions struct {
	Src         `yaml:"-"`
	VariantTags []string `yaml:"variant-tags"`
}

// XBoardConventions are XBoard's conventions for a variant it plays itself.
type XBoardConventions struct {
	Src `yaml:"-"`
	// Name is XBoard's name for the variant (chess is "normal").
	Name string `yaml:"name"`
	// Start is XBoard's start position, when it differs from the first setup's.
	Start string `yaml:"start"`
	// Letters maps this definition's piece letters to XBoard's, where they differ.
	Letters map[string]string `yaml:"letters"`
}

// Board is the grid and the kind of each cell.
type Board struct {
	Src        `yaml:"-"`
	Files      int           `yaml:"files"`
	Ranks      int           `yaml:"ranks"`
	Layout     string        `yaml:"layout"` // rows from the top: '.' square, '*' no cell, '-' unused cell
	Restricted []Restriction `yaml:"restricted"`
	// Boards is the number of boards of this shape played together, drawn side by side
	// (0 or 1: one board). Every board names its cells alike (a1, b1...); a FEN joins the
	// boards' placements with '|'.
	Boards int `yaml:"boards"`
	// Geometry: square (the default) or hex: a hexagon of hexagonal cells, files cells
	// across (files odd) and ranks cells along its middle file (default: files, the regular
	// hexagon), named by file letter (j skipped) and rank, with moves in the hexagon's
	// directions (see defs/hex.go).
	Geometry string `yaml:"geometry"`
	// HexRanks: how a hexagonal board's ranks run: file (the default: counted along each
	// file from its bottom cell) or line (the straight lines running down to the right).
	HexRanks string `yaml:"hex-ranks"`
	// Crossing: after every move the men it moved cross to the same cell of the next board
	// (the last board's next is the first), which must be empty. A move is
	// made on its men's board alone: only that board's men block, are captured or attack.
	Crossing bool `yaml:"crossing"`
	// Apart: how boards played apart are played together. "partners" (with boards: 2):
	// each board is one game of the definition's rules, played at the same time as the
	// other by its own two players; the side that plays White on the first board and the
	// side that plays Black on the second are partners, and a man captured on one board
	// goes into the drop pool of the capturer's partner on the other (as what it
	// promoted from, when the hands demote). Tools of one board (perft, the search, the
	// protocols) play one board with the pools its FEN gives.
	Apart string `yaml:"apart"`
}

// Restriction limits which pieces may end a move on the squares of a zone.
type Restriction struct {
	Src  `yaml:"-"`
	Zone string   `yaml:"zone"`
	Only []string `yaml:"only"` // piece letters allowed to end a move there
}

// Zone is a named set of squares, possibly different for each side.
type Zone struct {
	Src     `yaml:"-"`
	Squares []string `yaml:"squares"` // the same squares for both sides
	Ranks   []int    `yaml:"ranks"`   // ranks counted from the owner's side (1 = own back rank)
	White   []string `yaml:"white"`   // White's own squares
	Black   []string `yaml:"black"`   // Black's own squares
}

// ResetsClockBy reports whether side c's (0: White, 1: Black) moves of the piece reset
// the fifty-move counter as its resets-clock or resets-clock-unless-back says: the sides
// of ResetsClockSides, both when it lists none.
func (p *Piece) ResetsClockBy(c int) bool {
	return (p.ResetsClock || p.ResetsClockUnlessBack) && (len(p.ResetsClockSides) == 0 || slices.Contains(p.ResetsClockSides, clockSides[c&1]))
}

// Piece is one piece type.
type Piece struct {
	Src         `yaml:"-"`
	Name        string  `yaml:"name"`
	Letter      string  `yaml:"letter"`     // one uppercase letter; White upper, Black lower in FEN
	SANLetter   *string `yaml:"san-letter"` // letter in SAN; "" writes moves without a letter (pawns)
	Royal       bool    `yaml:"royal"`
	Immune      bool    `yaml:"immune"`       // can never be captured; blocks every piece
	ResetsClock bool    `yaml:"resets-clock"` // its moves reset the fifty-move counter
	// ResetsClockUnlessBack: its moves reset the fifty-move counter, but a quiet move it
	// could make straight back (from where it lands to where it came from, on an empty
	// board, by a move of its own that needs no zone or first move) does not.
	ResetsClockUnlessBack bool `yaml:"resets-clock-unless-back"`
	// ResetsClockSides: the sides ("white", "black") whose moves of it reset the counter
	// as ResetsClock or ResetsClockUnlessBack say; none listed: both sides'.
	ResetsClockSides []string `yaml:"resets-clock-sides"`
	Value            int      `yaml:"value"`    // in centipawns; evaluation and exchange order
	Describe         string   `yaml:"describe"` // overrides the generated description of its moves
	Moves            []Atom   `yaml:"moves"`
	// Betza: the moves in XBetza notation instead of moves (lowered onto atoms as the
	// file is decoded).
	Betza     string     `yaml:"betza"`
	Promotion *Promotion `yaml:"promotion"`
	Confined  string     `yaml:"confined"` // zone: the piece may end a move only on its owner's squares of it
	// Turned: Black's moves are White's turned half round (files reversed too), not
	// mirrored across the middle rank; it matters for moves that are not left-right
	// symmetric (Legan chess's pawns).
	Turned bool `yaml:"turned"`
	// Quarter: the piece's moves turned this many quarter turns clockwise for both sides
	// (set by the compiler for the turned copies a game of seats needs; never read from
	// a file).
	Quarter int `yaml:"-"`
	// FirstMoveEndsAimedBy: the letters of enemy types that end this man's first-move right
	// by moving to a cell from which they would capture onto the man on an empty board
	// (a slider that comes onto the man's line ends its leap). Only for men whose
	// first-move leaps do not capture.
	FirstMoveEndsAimedBy []string `yaml:"first-move-ends-when-aimed-by"`
	// FEN is the piece's token in a FEN when it is not its letter: "+" and the letter of
	// the piece it promoted from ("+P").
	FEN string `yaml:"fen"`
	// DemotesTo: the letter of the type a captured man of this type enters a pool as (a
	// promoted pawn returns to a pool as a pawn).
	DemotesTo string `yaml:"demotes-to"`
	// FENAlias: one more letter a FEN may write this man as, read and never written (the
	// face letter another program writes a turned-over man by); in a pool it names the man
	// a capture of this type enters the pool as (DemotesTo).
	FENAlias string `yaml:"fen-alias"`
	// Burns: offsets (all 8 symmetry images) of the cells around where a man of this type
	// ends a move whose enemy men the move removes (docs/definitions.md, "Burning").
	Burns [][]int `yaml:"burns"`
	// Rank: the man's rank for range captures (0 to MaxRank; default 0): a range-capturing
	// ride (Atom.RangeCapture) jumps only men of lower rank than its own man's, and takes
	// beyond the first man only men of lower rank (docs/definitions.md, "Range capture").
	Rank int `yaml:"rank"`
	// RidesUnattacked: the royal man's rides may not pass a cell that an enemy man
	// attacks before the move (each cell landed on along the way but the last; the cell
	// where the move ends is left to the check rule).
	RidesUnattacked bool `yaml:"rides-unattacked"`
	// Contagious: an enemy man that takes a man of this type on the cell where its move
	// ends becomes a man of this type, of its own side (whatever it promoted to), unless it
	// is royal or of a contagious type itself (docs/definitions.md, "Contagion").
	Contagious bool `yaml:"contagious"`
	// RoyalKind: under rules.check-royals lone, the kind the royal man is counted in: a
	// side's royal man is protected while it is the side's only man of its kind (royal
	// types without a kind make one kind together).
	RoyalKind string `yaml:"royal-kind"`
	// PassOnce: the man's passes (its paths that stop and end back on its own square
	// having taken nothing) are one move, whichever stop they go through; the move is
	// written as the man's move onto its own square.
	PassOnce bool `yaml:"pass-once"`
}

// Atom is one movement atom: a leap, a ride, or a multi-leg path.
type Atom struct {
	Src       `yaml:"-"`
	Leap      []int    `yaml:"leap"`       // [files, ranks] from White's side
	Ride      []int    `yaml:"ride"`       // unit vector of a slide
	Path      []Leg    `yaml:"path"`       // legs walked in order
	Range     []int    `yaml:"range"`      // ride: [max] or [min, max]; 0 = unlimited
	Symmetry  string   `yaml:"symmetry"`   // all (default) | mirror | none
	Only      []string `yaml:"only"`       // forward, backward, sideways, orthogonal, diagonal
	Mode      string   `yaml:"mode"`       // both (default) | move | capture | capture-royal
	From      string   `yaml:"from"`       // zone: allowed only from these squares
	EPTarget  bool     `yaml:"ep-target"`  // squares passed become en-passant targets
	EPCapture bool     `yaml:"en-passant"` // may capture onto an en-passant target
	// Initial: a leap only a man that has not moved yet may make: its square holds a
	// first-move right, written in the FEN's castling field as its file letter (a royal's
	// knight leap, a man's double step). NotInCheck: not while its side is in check.
	Initial    bool `yaml:"initial"`
	NotInCheck bool `yaml:"not-in-check"`
	// Within: a zone the atom never leaves: it starts on one of the mover's squares of the
	// zone, and every square it passes or lands on is one too (a palace's diagonal lines).
	Within string `yaml:"within"`
	// RangeCapture: a ride that, past the first man on its line (which it may take, as any
	// ride), goes on over men of lower rank than its own (Piece.Rank), either side's, and
	// may take an enemy man of lower rank beyond them; it lands beyond a man only by taking
	// one (docs/definitions.md, "Range capture").
	RangeCapture bool `yaml:"range-capture"`
}

// Leg is one step (or repeated steps) of a path.
type Leg struct {
	Src     `yaml:"-"`
	Step    []int    `yaml:"step"`    // [files, ranks]
	On      []string `yaml:"on"`      // empty | friend | enemy | any | missing | unused
	Capture bool     `yaml:"capture"` // capture an enemy standing here
	// Stop: the mover stops on the square this leg ends on: the move records it (moves by
	// different stops are different moves) and the path may end on its own origin.
	Stop  bool  `yaml:"stop"`
	Range []int `yaml:"range"` // repetitions [min, max]; default [1, 1]; max 0 = unlimited
	// Not: letters of types (either side's) that no square this leg reaches may hold: a
	// screen that is not of those types, a capture that never takes them.
	Not []string `yaml:"not"`
}

// Promotion says where and into what a piece promotes.
type Promotion struct {
	Src  `yaml:"-"`
	Zone string   `yaml:"zone"`
	To   []string `yaml:"to"` // letters, in the order offered
	// ToBlack: Black's choices, when they are not To's (To is then White's).
	ToBlack   []string `yaml:"to-black"`
	Optional  bool     `yaml:"optional"`   // may also stay as it is
	FromPool  string   `yaml:"from-pool"`  // the promoted piece must come from this pool, and the piece goes into it
	PoolOwner string   `yaml:"pool-owner"` // whose from-pool: own (default) | opponent
	// Leaving: a move that starts in the zone may promote as well as one that ends there.
	Leaving bool `yaml:"leaving"`
	// Forced: with optional, a zone where promotion is compulsory (where the piece
	// could not move again).
	Forced string `yaml:"forced"`
	// OnCapture: only a move that captures promotes (pieces that turn over when they
	// capture).
	OnCapture bool `yaml:"on-capture"`
	// SkipEnPassant: an en-passant capture never promotes, even where it ends in the zone
	// (Fairy-Stockfish's pawn: its en-passant capture is a move type of its own).
	SkipEnPassant bool `yaml:"skip-en-passant"`
	// Entering: a quiet move promotes only when it enters the zone from outside; a capture
	// promotes when it starts or ends in the zone.
	Entering bool `yaml:"entering"`
	// Always: a zone where a move may always promote, whatever else (with optional).
	Always string `yaml:"always"`
	// Limits: letter -> count; a promotion to that type is offered only while the side has
	// fewer than count men of it on the board (only to a piece it has lost).
	Limits map[string]int `yaml:"limits"`
	// ResetsClock: a move that promotes resets the fifty-move counter, whatever the piece.
	ResetsClock bool `yaml:"resets-clock"`
	// InPlace makes promotion a move of its own: a man standing on the zone turns into
	// one of the types of to where it stands (or, with step, as it makes one of the new
	// type's moves onto an empty square); its ordinary moves never promote.
	InPlace *InPlace `yaml:"in-place"`
	// ByCell narrows the choices where a move ends: on a cell of an entry's zone, only
	// that entry's types (among to's) are offered; elsewhere in the zone, all of to.
	ByCell []PromotionCell `yaml:"by-cell"`
}

// PromotionCell is one entry of promotion.by-cell: the cells of a zone and the types
// offered there.
type PromotionCell struct {
	Src  `yaml:"-"`
	Zone string   `yaml:"zone"`
	To   []string `yaml:"to"`
}

// InPlace says how a man promotes standing (promotion.in-place).
type InPlace struct {
	Src `yaml:"-"`
	// Step: the man may also promote by making one move of the new type onto an empty
	// square, as well as where it stands.
	Step bool `yaml:"step"`
	// LoneAnywhere: while its side has only this one man of its type on the board, it
	// promotes from any square, not only from the zone.
	LoneAnywhere bool `yaml:"lone-anywhere"`
	// MayAttack false: the new man may not attack an enemy man where it ends.
	MayAttack *bool `yaml:"may-attack"`
	// MayGiveCheck false: the promotion may not leave an enemy royal piece attacked
	// (discovered checks included).
	MayGiveCheck *bool `yaml:"may-give-check"`
}

// Castling is the king-and-rook move, Chess960-aware.
type Castling struct {
	Src     `yaml:"-"`
	Royal   string `yaml:"royal"`   // letter of the castling king
	Partner string `yaml:"partner"` // letter of the piece it castles with
	// OtherPartners: letters of more piece types it castles with, as with partner.
	OtherPartners []string   `yaml:"other-partners"`
	Short         CastleSide `yaml:"short"`    // toward the higher files
	Long          CastleSide `yaml:"long"`     // toward the lower files
	Notation      string     `yaml:"notation"` // king-to-square (default) | king-to-partner
	// FEN is how a FEN writes the rights: kq (K and Q where they are unambiguous, X-FEN; the
	// default) or files (each partner's file letter always, Shredder-FEN).
	FEN  string `yaml:"fen"`
	Rank int    `yaml:"rank"` // the rank king and partner castle on, counted from the owner's side; default 1
	// Unattacked: the royal may not castle from, or across, a square an enemy piece attacks
	// (its destination is left to the check rule). Default: on when there is a check rule.
	Unattacked *bool `yaml:"unattacked"`
	// Opposite: a side that castles ends the opponent's right to castle toward the same
	// side (toward the higher files or the lower), so the two castle on opposite wings.
	Opposite bool `yaml:"opposite"`
}

// CastleSide gives the destination files of one castling.
type CastleSide struct {
	Src     `yaml:"-"`
	King    string `yaml:"king"`    // file letter the king ends on
	Partner string `yaml:"partner"` // file letter the partner ends on
	// Also: more destinations on this side, the castling player's choice (a king that may
	// castle one to four squares): each a king file and its partner's file.
	Also []CastleChoice `yaml:"also"`
	// SAN: how SAN writes this castling for each side, where players name it otherwise
	// than O-O and O-O-O (as a hexagonal game's flanks do).
	SAN *CastleSAN `yaml:"san"`
}

// CastleSAN is the SAN text of one castling for each side.
type CastleSAN struct {
	Src   `yaml:"-"`
	White string `yaml:"white"`
	Black string `yaml:"black"`
}

// CastleChoice is one more destination of a castling side (CastleSide.Also).
type CastleChoice struct {
	Src     `yaml:"-"`
	King    string     `yaml:"king"`    // file letter the king ends on
	Partner string     `yaml:"partner"` // file letter the partner ends on
	SAN     *CastleSAN `yaml:"san"`     // as CastleSide.SAN
}

// Rules holds the general game rules.
type Rules struct {
	Src        `yaml:"-"`
	Check      string  `yaml:"check"`      // royal-attacked (default) | enemy-royal-unattacked | none
	NoMoves    NoMoves `yaml:"no-moves"`   // result when the side to move has no legal move
	FiftyMove  *int    `yaml:"fifty-move"` // half-moves without capture or clock-reset; 0 = off
	Repetition *int    `yaml:"repetition"` // occurrences that draw; 0 = off
	// CheckRoyals: which of a side's royal men royal-attacked protects: any (default: each
	// of them), all (a side is in check only when every one is attacked) or lone (only a
	// side with a single royal man can be in check; a man promoted into a royal type counts
	// from the next move).
	CheckRoyals string `yaml:"check-royals"`
	// MustCapture: when a capture is legal, only captures are.
	MustCapture bool `yaml:"must-capture"`
	// RoyalTakesCheckerOnly: while in check, a royal piece may move only to take the one
	// piece giving check (makpong).
	RoyalTakesCheckerOnly bool `yaml:"royal-takes-checker-only"`
	// MayGiveCheck false: a move that attacks an enemy royal piece is illegal.
	MayGiveCheck *bool `yaml:"may-give-check"`
	// RoyalOptional: a side may have no royal piece; the check rule then has nothing to
	// protect on that side.
	RoyalOptional bool `yaml:"royal-optional"`
	// PerpetualCheck: loss makes a repetition lost by a side that gave check at each of its
	// moves since the position first occurred.
	PerpetualCheck string `yaml:"perpetual-check"`
	// RepetitionLoses: white | black | mover (the side whose move completed it) | to-move
	// (the side to move in the repeated position), the side that loses a repetition that
	// is not a perpetual check (default: a draw).
	RepetitionLoses string `yaml:"repetition-loses"`
	// CheckCounter: each side starts with this many checks to give; the FEN carries the
	// checks remaining ("3+3", after the en-passant field), and a goal with checks-given
	// ends the game when the mover has none left.
	CheckCounter int `yaml:"check-counter"`
	// Pass: a side may pass its turn (written as its royal man's move onto its own square;
	// by a side without a royal man, as its first man's, counting cells from a1 along ranks).
	Pass *Pass `yaml:"pass"`
	// FullBoard: the game ends when no cell is empty, drawn or on points.
	FullBoard bool `yaml:"full-board"`
	// FacingRoyals: while the two sides' royal men face each other on an open rank or
	// file, the side to move may pass even in check and must otherwise break the facing;
	// the game ends when the facing survives a move.
	FacingRoyals bool `yaml:"facing-royals"`
	// Points: a game the rules end drawn (repetition, fifty-move rule, passes, facing) is
	// won on points instead.
	Points *Points `yaml:"points"`
	// Checkmate: rules on which checkmates count, judged by the men that gave the checks.
	Checkmate *Checkmate `yaml:"checkmate"`
	// Counting: a count of moves, started by the material on the board, that draws the
	// game when it runs past its limit (counting rules: a lone king's chase).
	Counting *Counting `yaml:"counting"`
}

// Pass allows passing a turn.
type Pass struct {
	Src `yaml:"-"`
	// InCheck: a pass is legal in check too (default: only when not in check).
	InCheck bool `yaml:"in-check"`
	// EndAfter: that many passes in a row end the game (drawn, or on points); 0 never.
	EndAfter int `yaml:"end-after"`
	// OnlyWithoutMoves: a pass is legal only when the side has no other legal move.
	OnlyWithoutMoves bool `yaml:"only-without-moves"`
}

// Points weighs the men left on the board when a drawn game is decided on points.
type Points struct {
	Src    `yaml:"-"`
	Values map[string]float64 `yaml:"values"` // points per man, by letter; letters not listed count 0
	Bonus  map[string]float64 `yaml:"bonus"`  // white | black: points added to that side's total
}

// Counting says when a count starts and how long it may run. After every move, while no
// count runs (or when a capture has just left the side to move a single man), the first
// of Limits that applies to the side now to move gives the count's limit in moves (0: no
// count starts). The game is drawn once the count has run more than twice that many
// half-moves (and the side to move is not checkmated).
type Counting struct {
	Src    `yaml:"-"`
	Limits []CountLimit `yaml:"limits"`
	// FromMen: a count started while the side to move has a single man starts at twice the
	// number of men on the board (half-moves), not at 0.
	FromMen bool `yaml:"from-men"`
}

// CountLimit is one line of the counting table: its conditions, all of which must hold,
// and the limit they give.
type CountLimit struct {
	Src   `yaml:"-"`
	Moves *int `yaml:"moves"` // the limit in moves; 0: no count starts
	// BoardHas: a man of one of these types, of either side, stands on the board.
	BoardHas []string `yaml:"board-has"`
	// Alone, OpponentAlone: the side to move (its opponent) has a single man on the board
	// (true) or more than one (false).
	Alone         *bool `yaml:"alone"`
	OpponentAlone *bool `yaml:"opponent-alone"`
	// OpponentHas: the opponent has at least this many men of each type on the board.
	OpponentHas map[string]int `yaml:"opponent-has"`
}

// Checkmate says which checkmates win, by the types of the men that gave the checks.
type Checkmate struct {
	Src `yaml:"-"`
	// ForbiddenBy: a checkmate in which every man giving check is of one of these types is
	// lost by the side that gave it.
	ForbiddenBy []string `yaml:"forbidden-by"`
	// NeedsCheckBy: a checkmate wins only when a man of one of these types gave check in
	// the unbroken series of checks, by the mating side, that ends in it (the mate
	// included); otherwise the game is drawn.
	NeedsCheckBy []string `yaml:"needs-check-by"`
}

// NoMoves gives the result for the side that cannot move.
type NoMoves struct {
	Src       `yaml:"-"`
	InCheck   string `yaml:"in-check"`  // loss (default) | draw | win
	Otherwise string `yaml:"otherwise"` // draw (default) | loss | win | fewer-men-wins | more-men-wins
}

// Goal is a way to end the game other than having no legal move.
type Goal struct {
	Src    `yaml:"-"`
	Name   string   `yaml:"name"`   // shown as the reason when the goal ends the game
	Reach  string   `yaml:"reach"`  // zone a piece of the mover must end its move on
	Whose  string   `yaml:"whose"`  // own (default) | opponent: which side's squares of the zone
	Pieces []string `yaml:"pieces"` // letters that count; default: the royal pieces
	When   string   `yaml:"when"`   // expr hook evaluated after the move; with reach, both must hold
	// Hit: letters of pieces whose hitting ends the game: a move that captures, removes or
	// bounces over an enemy piece of one of these types reaches the goal. When the move hits
	// one of the mover's own such pieces first (along its path), the result is reversed.
	Hit []string `yaml:"hit"`
	// Extinct: letters; the goal holds when the side named by whose (default: the
	// opponent) has, on the board and in its pools, at most AtMost men of one of these
	// types (Together: of all these types counted together). Judged on the position alone,
	// so a FEN can be read as decided by it.
	Extinct  []string `yaml:"extinct"`
	AtMost   int      `yaml:"at-most"`
	Together bool     `yaml:"together"`
	// OpponentAtLeast: with extinct, the goal holds only while the other side has at least
	// this many men of those types (counted the same way): a bare royal loses only
	// to a side with men left to win with.
	OpponentAtLeast int `yaml:"opponent-at-least"`
	// ChecksGiven: the goal holds when the mover has given all the checks of the rules'
	// check-counter.
	ChecksGiven bool `yaml:"checks-given"`
	// GivesCheck: the goal holds when the mover's move leaves the opponent in check (the
	// first check wins). Judged on the position alone: a position read with the side to
	// move in check is decided.
	GivesCheck bool `yaml:"gives-check"`
	// Stands: a zone; the goal holds when, after the move, a piece of the side to move (of
	// the types in pieces) stands on its part of the zone: it got there on its last move
	// and the mover did not remove it (a goal judged at the start of a turn). Result is
	// still for the side that moved, so such a goal's result is usually loss.
	Stands string `yaml:"stands"`
	// SafeOn: a zone; the goal holds when the men of the side named by whose (own, the
	// default: the mover; opponent: the side to move; both: each side, at once) of the
	// types in pieces on that side's own part of the zone number more than Count (default
	// 1), or exactly Count with no enemy man attacking any of them. Judged on the position, whichever move put it there (a flag won by a man that is
	// safe there).
	SafeOn string `yaml:"safe-on"`
	// Line: the goal holds when the side named by whose (own, the default: the mover) has
	// this many men of the types in pieces (default every type) next to one another in a
	// row along one of the lines Along names (rank | file | diagonal; default all three): a
	// connect-N goal, judged on the position.
	Line  int      `yaml:"line"`
	Along []string `yaml:"along"`
	// Gaps (with line): the men need not be next to one another: Line of them anywhere on
	// one line of Along (other squares, empty or not, between them) make the goal.
	Gaps bool `yaml:"gaps"`
	// Block (with line): the men fill a square of Line by Line cells (along is not given).
	Block bool `yaml:"block"`
	// Connect: two zone names; the goal holds when the side named by whose (own, the
	// default: the mover) has a chain of its men of the types in pieces (default every
	// type), each next to the one before along a line Along names (rank | file | diagonal;
	// default all three), from a man on its part of the first zone to a man on its part of
	// the second (one man on both is such a chain): a connection goal, judged
	// on the position.
	Connect []string `yaml:"connect"`
	// OneWay (with connect): each step of the chain goes east along a rank, north along a
	// file, north-east or south-east along a diagonal, never back, and the chain has two
	// men at least (Fairy-Stockfish's connectRegion fill).
	OneWay bool `yaml:"one-way"`
	// Castled: sides of castling (short | long); the goal holds when the move is a
	// castling toward one of them (short: toward the higher files). Needs castling.
	Castled []string `yaml:"castled"`
	// CastlingLost: sides of castling (short | long); the goal holds when the side named
	// by whose (own, the default: the mover; opponent: the side to move) keeps no castling
	// right toward any of them. Judged on the position alone. Needs castling.
	CastlingLost []string `yaml:"castling-lost"`
	// Side: the goal counts only moves of this side (white | black; default both).
	Side string `yaml:"side"`
	// Answerable (with reach): the goal is not reached while the opponent has a legal move
	// that brings one of the goal's pieces onto its own part of the zone (a flag rule
	// with an answer): the game goes on, and a stands goal decides after the answer.
	Answerable bool `yaml:"answerable"`
	// Count (with reach): the goal holds only while at least this many men of the mover of
	// the goal's pieces stand on its part of the zone after the move (default 1). With
	// safe-on: more than Count men stand there, or exactly Count, none of them attacked.
	Count int `yaml:"count"`
	// Full (with reach): the goal is judged on the position after the move, not on the man
	// that moved: at least one man of the mover of the goal's pieces stands on its part of
	// the zone, and Count of them do or every cell of that part holds a man of either side
	// (a region held once it is full, however it was filled).
	Full   bool   `yaml:"full"`
	Result string `yaml:"result"` // win (default) | loss | draw, for the side that moved
}

// Freeze is a standing effect: pieces of one side stop enemy pieces near them.
type Freeze struct {
	Src     `yaml:"-"`
	By      []string `yaml:"by"`      // letters of the freezing pieces
	Targets []string `yaml:"targets"` // letters of enemy pieces frozen; default all
	Steps   [][]int  `yaml:"steps"`   // offsets (all symmetries) at which they freeze
}

// BorrowMoves lends moves: a man with a man of its own side on the square From (a
// [files, ranks] offset from the man, seen from its owner's side: [0, -1] is the square
// behind it) moves, captures and attacks with that man's moves instead of its own.
// Everything else stays the man's own: its type, promotion, royalty and value.
type BorrowMoves struct {
	Src  `yaml:"-"`
	From []int `yaml:"from"`
}

// Status is a timed status a piece can carry (stunned, say): a counter of half-moves stored
// on its square that drops by one after every half-move of either side.
type Status struct {
	Src      `yaml:"-"`
	Name     string `yaml:"name"`
	Duration int    `yaml:"duration"` // the counter a piece receives; it is free again at 0
	Immobile bool   `yaml:"immobile"` // the piece cannot move (castling included)
	Harmless bool   `yaml:"harmless"` // the piece attacks nothing (captures, checks, castling)
}

// CaptureRule changes what a capture does. Effects compose: bounce or replace decides what
// a capture does to a piece without the kick status; kick decides it for one with it.
type CaptureRule struct {
	Src    `yaml:"-"`
	Effect string `yaml:"effect"` // replace (default) | bounce
	// Status: with bounce, the status given to the captured piece and to every piece the
	// capturer bounces over (a piece that has it already keeps its counter).
	Status string `yaml:"status"`
	// Kick: a status; capturing a piece that carries it removes it and every piece beyond
	// it in the move's direction to the edge of the board, and the capturer stays on its square.
	Kick string `yaml:"kick"`
	// Explode: a capture blows up the capturer and the men around the captured square.
	Explode *Explosion `yaml:"explode"`
	// Trading: limits on capturing men of some types with one another.
	Trading *Trading `yaml:"trading"`
	// Petrify: letters; a man of these types that captures turns into a wall where it
	// landed (it leaves the game; the wall blocks every move for the rest of it).
	Petrify []string `yaml:"petrify"`
	// Own: a move may also take one of the mover's own men that is not royal, wherever it
	// could take an enemy man by landing on it (self-capture); captures in passing and en
	// passant still take enemy men only.
	Own bool `yaml:"own"`
}

// Trading limits the captures of men of the Pieces types (trades of such men).
//
// Guarded: a man of these types may not capture an enemy one that stands beyond the squares
// next to its origin while the enemy guards that square (attacks it, the capturer's origin
// and stop counted empty), unless the move also took, on its stop, a man not of the Cheap
// types. Counterstrike: after a man not of these types took one of them, the opponent's
// next move may not take one of them with a man not of these types, but on the square
// where that capture was made. Protected: a man of these types may not capture an enemy
// one, on any leg of its move, that the enemy attacks as the board stands before the move.
// NoRetaliation: after a man not of these types took one of them, the opponent's next move
// may not take one of them at all. The square of that capture is kept in the FEN's
// en-passant field, or after the move number where en passant is played.
type Trading struct {
	Src           `yaml:"-"`
	Pieces        []string `yaml:"pieces"`
	Guarded       bool     `yaml:"guarded"`
	Cheap         []string `yaml:"cheap"`
	Counterstrike bool     `yaml:"counterstrike"`
	Protected     bool     `yaml:"protected"`
	NoRetaliation bool     `yaml:"no-retaliation"`
}

// Walls makes a turn two actions: the mover's move, then a wall placed on an empty cell
// (a single wall that moves, an arrow shot from the landing cell, a removed cell, a trail
// left behind). A wall is no man: it belongs to neither side, blocks every move and is never taken. The
// FEN writes it '*'; a move's text gives the wall after a comma, from the landing cell
// (e2e4,e4d5), and SAN after a comma (e4,d5).
//
// Place says which cells may take the turn's wall, of those empty once the man has moved:
// any (default) | reach (those the moved man could move to from where it landed: an
// arrow) | origin (the cell the man left: a trail) | edge (a cell on the board's edge,
// beside a cell off the board or missing, or beside a wall standing before the turn: a
// file or rank away). Moving: the walls standing are lifted once the new one is placed,
// so a single wall moves each turn and must go to another cell. Except: cells that never
// take a wall.
//
// Instead: the wall is placed instead of a move. A turn is either a man's move, which
// places no wall, or a wall placed alone (a pass that walls), which is no answer to check:
// a side in check must move. Its text is the side's man on the lowest cell (a1, b1, ...,
// a2, ...) standing still, then the wall (a1a1,a1d4; SAN pass,d4). With it the walls may
// stand beside a check rule: moves are judged on the board as it stands, walls included.
type Walls struct {
	Src     `yaml:"-"`
	Place   string   `yaml:"place"`
	Moving  bool     `yaml:"moving"`
	Except  []string `yaml:"except"`
	Instead bool     `yaml:"instead"`
}

// Fog hides part of the board from each side (fog of war): a side sees the cells its men
// stand on, the cells its men's moves (as if it were its turn) land on or capture on, and
// the cells Sees adds. Everything else is fogged; each side's view is a position of its own
// (interpreter.View). Fog needs rules.check: none (a side cannot be told it is in check:
// the royal man is taken instead, by the goals).
//
// Sees: by piece letter, cells relative to each man of the type, as [files, ranks] steps
// from White's side (ranks forward for the man's side, as leaps), that the man sees
// whatever stands there (a pawn sees the cell ahead even when a man blocks it).
type Fog struct {
	Src  `yaml:"-"`
	Sees map[string][][]int `yaml:"sees"`
}

// Seats seats two to four sides around one square board, each on an edge, playing the
// pieces' moves turned toward the middle from its edge (a seat on the left edge moves its
// pawns to the right). Sides lists them (Name, a one-letter lowercase FEN Letter, Edge:
// bottom, left, top or right); Order is the turn order (by name; the list's order by
// default); Teams lists partners who win together (every seat in one team; none: each
// seat plays for itself). Out: what becomes of an eliminated seat's men: "dead" (they
// stay, never move, give no check and may be captured) or "leave". Stalemate: a seat
// without a legal move that is not in check is "out" (eliminated) or the game is a
// "draw". End: "last" (the game ends when one team or seat is left) or "first-out" (it
// ends when the first seat is out: its team loses). Points scores a free-for-all.
type Seats struct {
	Src       `yaml:"-"`
	Sides     []Seat      `yaml:"sides"`
	Order     []string    `yaml:"order"`
	Teams     [][]string  `yaml:"teams"`
	Out       string      `yaml:"out"`
	Stalemate string      `yaml:"stalemate"`
	End       string      `yaml:"end"`
	Points    *SeatPoints `yaml:"points"`
}

// Seat is one side of a game of seats.
type Seat struct {
	Src    `yaml:"-"`
	Name   string `yaml:"name"`
	Letter string `yaml:"letter"`
	Edge   string `yaml:"edge"`
	// Mirror: the seat's army stands as the bottom seat's turned toward its edge and
	// mirrored (its king on the other side of its queen); its moves are computed on the
	// board turned and mirrored, which every piece type must allow (its moves are their
	// own mirror image).
	Mirror bool `yaml:"mirror"`
}

// SeatPoints scores a game of seats (as a free-for-all of seats scores them): Capture by
// piece letter, what taking a live man of that type earns (a dead man earns nothing);
// Promoted what taking a promoted man earns instead; Checkmate what the seat whose man
// gives check earns when a seat is checkmated; Stalemate what a stalemated seat earns
// itself. The seat with the most points wins when the game ends.
type SeatPoints struct {
	Src       `yaml:"-"`
	Capture   map[string]int `yaml:"capture"`
	Promoted  *int           `yaml:"promoted"`
	Checkmate int            `yaml:"checkmate"`
	Stalemate int            `yaml:"stalemate"`
}

// Turns makes a side's turn a run of moves by the same side. White and Black list the
// number of moves of the side's turns, its first turn first; the last number stands for
// every later turn, plus Grow for each turn past the end of the list (a side's turn
// number is the FEN's move number less one). Check: move (default) judges each move as
// chess does: it may not leave the mover's royal attacked; turn lets the mover's royal
// stand attacked between the moves of a turn, and a turn must end with it safe from
// the opponent's whole next turn (in check means threatened by that turn). CheckEnds:
// a move that gives check (an ordinary one: the enemy royal attacked) ends the turn.
// A side that has no legal move within its turn has none at all: the game ends there
// as rules.no-moves says.
type Turns struct {
	Src       `yaml:"-"`
	White     []int  `yaml:"white"`
	Black     []int  `yaml:"black"`
	Grow      int    `yaml:"grow"`
	Check     string `yaml:"check"`
	CheckEnds bool   `yaml:"check-ends-turn"`
}

// Flip turns enemy men to the mover's side after each move or drop (never a pass): the
// men on the cells next to where the mover landed (Adjacent), or those in an unbroken
// line along a rank, file or diagonal from that cell to another of the mover's men
// (Flanked). A flipped man keeps its type. DropsNextToOwn: a drop turns nothing unless it
// lands a king's step from another of the mover's men (a move always turns).
type Flip struct {
	Src            `yaml:"-"`
	Adjacent       bool `yaml:"adjacent"`
	Flanked        bool `yaml:"flanked"`
	DropsNextToOwn bool `yaml:"drops-next-to-own"`
}

// Explosion is what a capture blows up besides the captured man (explosions): the
// capturer, and every man, of either side, on the squares at Steps (all symmetry images)
// from the captured square, except those of the Spare types. Men of the Immune types never
// explode, neither around the captured square nor as the capturer. Exploded men leave the
// game, or go into their owner's opponent's capture pool where captures go to pools.
type Explosion struct {
	Src    `yaml:"-"`
	Steps  [][]int  `yaml:"steps"`
	Spare  []string `yaml:"spare"`
	Immune []string `yaml:"immune"`
}

// Hands declares off-board pools of pieces, drops and exchanges.
type Hands struct {
	Src `yaml:"-"`
	// Pools are the names of each side's pools, e.g. [pocket], or two names.
	Pools []string `yaml:"pools"`
	// EnemyPools lists the pools that hold enemy men (men captured and held); the others
	// hold a side's own men, ready to drop.
	EnemyPools []string `yaml:"enemy-pools"`
	CaptureTo  string   `yaml:"capture-to"` // the capturer's pool that receives a captured piece
	Demote     bool     `yaml:"demote"`     // a captured promoted piece enters the pool as what it promoted from
	// RestoreCastlingOnDrop: a castling partner dropped (or exchanged in) on a corner of its
	// castling rank regains its right while its royal has never moved.
	RestoreCastlingOnDrop bool      `yaml:"restore-castling-on-drop"`
	Drops                 *Drops    `yaml:"drops"`
	Exchange              *Exchange `yaml:"exchange"`
	// Gating: a piece of the gating pool may enter on the square a first-rank piece leaves
	// on its first move.
	Gating *Gating `yaml:"gating"`
}

// Drops says which pool drops come from and where they may land.
type Drops struct {
	Src    `yaml:"-"`
	From   string     `yaml:"from"`   // the dropping side's pool
	Forbid []DropRule `yaml:"forbid"` // pieces that may not be dropped on a zone
	// MayGiveCheck: a drop may give check (default true).
	MayGiveCheck *bool `yaml:"may-give-check"`
	// MustDrop lists piece letters: while the side holds a piece of these types in the
	// pool, it must drop one of them when it can, and may drop no other type.
	MustDrop []string `yaml:"must-drop"`
	// SplitColors: pieces of these types, on the board and in the pool together, must be
	// dropped so that half of them can stand on each colour of square (bishops).
	SplitColors []string `yaml:"split-colors"`
	// CreateCastling is the royal's home file (a letter): a royal dropped there on its
	// castling rank gains the right with every partner on a corner of that rank; a partner
	// dropped on a corner gains its right while the royal stands there.
	CreateCastling string `yaml:"create-castling"`
	// OnePerFile lists letters: no such man may be dropped on a file that holds one of its
	// side's men of that type already.
	OnePerFile []string `yaml:"one-per-file"`
	// PerFile: with one-per-file, how many such men of a side a file may hold before no
	// more is dropped there (default 1).
	PerFile int `yaml:"per-file"`
	// NoMate lists letters: a checkmate given by dropping such a man is lost by the side
	// that dropped it (as Fairy-Stockfish 11.1 plays it: the drop is a
	// move, and the side it mates wins).
	NoMate []string `yaml:"no-mate"`
	// NoMateIllegal: a drop that no-mate forbids to checkmate is no move at all, rather
	// than a move that loses.
	NoMateIllegal bool `yaml:"no-mate-illegal"`
	// Promoted: a man in the pool may also be dropped as the type it promotes to (either
	// side up), written +P@a2.
	Promoted bool `yaml:"promoted"`
	// Free: the pool is bottomless: a man of any type may always be dropped, nothing is
	// counted, and the FEN writes no pool (clones of one's men).
	Free bool `yaml:"free"`
	// NextToOwn: a drop only onto a cell next to (a king's step from) one of the side's men.
	NextToOwn bool `yaml:"next-to-own"`
	// Flanking: a drop only where it flanks enemy men: an unbroken line of them along a
	// rank, file or diagonal from the cell to one of the side's men.
	Flanking bool `yaml:"flanking"`
	// OnTop: a drop only onto the first rank or onto a cell right above a man of either
	// side (one rank up): men pile up from rank 1.
	OnTop bool `yaml:"on-top"`
	// AwayFromEnemy: a drop only onto a cell with no enemy man a rook's step from it.
	AwayFromEnemy bool `yaml:"away-from-enemy"`
	// SlideIn: edges of the board (west | east | south | north). A drop enters along a
	// rank (from the west or east edge) or a file (from the south or north edge) whose
	// cell on that edge is empty, and slides until the next cell holds a man (or a wall)
	// or is past the far edge: it may land only there (four-sided Connect Four).
	SlideIn []string `yaml:"slide-in"`
	// SlideThrough: edges from which a drop enters as with slide-in (its edge cell empty)
	// but passes through the men on its way: it lands on the empty cell farthest from its
	// edge that has a man, a wall or the far edge right beyond it (Fairy-Stockfish's
	// enclosingDrop = anyside from the top and the right edges).
	SlideThrough []string `yaml:"slide-through"`
	// FirstOn: while one of these cells is empty, drops go there and nowhere else (and
	// next-to-own, flanking, on-top and away-from-enemy do not apply): the centre cells of
	// a game that starts empty.
	FirstOn []string `yaml:"first-on"`
	// ResetsClock: every drop resets the fifty-move counter (else only drops of the types
	// whose moves do).
	ResetsClock bool `yaml:"resets-clock"`
	// PickUp: the letters of the types whose men their side may, as its move, take off the
	// board into the pool drops come from (picking up); a royal type
	// may not be picked up.
	PickUp []string `yaml:"pick-up"`
}

// Gating says which pool gated pieces come from.
type Gating struct {
	Src  `yaml:"-"`
	From string `yaml:"from"` // the moving side's pool
}

// DropRule forbids drops of some pieces on a zone.
type DropRule struct {
	Src    `yaml:"-"`
	Pieces []string `yaml:"pieces"`
	Zone   string   `yaml:"zone"`
}

// Exchange is a move that gives a man from one's own give pool to the opponent's to pool,
// and takes one of one's own men out of the opponent's take pool and drops it at once
// (under the drop rules).
type Exchange struct {
	Src  `yaml:"-"`
	Give string `yaml:"give"` // own pool holding enemy men: the man given
	To   string `yaml:"to"`   // the opponent's pool receiving it
	Take string `yaml:"take"` // the opponent's pool holding one's own men: the man rescued
	// Order ranks the pieces from lowest to highest, pieces of equal rank together
	// ([[P], [N, B], [R], [Q]]); the man given must rank at least as high as the man
	// rescued. Pieces not listed cannot be exchanged.
	Order [][]string `yaml:"order"`
}

// Setup is a named start position, or a numbered family of them (shuffle).
type Setup struct {
	Src  `yaml:"-"`
	Name string `yaml:"name"`
	FEN  string `yaml:"fen"`
	// Shuffle rearranges the pieces of White's first rank of fen (Black's last rank
	// mirrors it): each step places its pieces, in order, on a choice of the free squares.
	Shuffle []ShuffleStep `yaml:"shuffle"`
}

// ShuffleStep places some pieces of a shuffled rank: on any k of the still free squares
// (of the listed files, if any), the pieces in file order. Arrangements are numbered by
// the choices of the steps, the first step's choice varying fastest.
type ShuffleStep struct {
	Src    `yaml:"-"`
	Pieces []string `yaml:"pieces"` // letters, placed in this order from the lowest file up
	Files  []string `yaml:"files"`  // file letters the pieces may go on; default every file
}

// Test is a check that `chimera validate` runs on the definition.
type Test struct {
	Src      `yaml:"-"`
	Name     string        `yaml:"name"`
	FEN      string        `yaml:"fen"`      // default: the setup
	Setup    string        `yaml:"setup"`    // named setup instead of a FEN
	Perft    []int64       `yaml:"perft"`    // node counts for depths 1, 2, ...
	Moves    []string      `yaml:"moves"`    // the exact set of legal moves (coordinate notation)
	Contains []string      `yaml:"contains"` // moves that must be legal
	Excludes []string      `yaml:"excludes"` // moves that must not be legal
	Attacks  []AttackCheck `yaml:"attacks"`
	Check    *bool         `yaml:"check"`  // whether the side to move is in check
	Game     string        `yaml:"game"`   // moves to replay (SAN or coordinate)
	Result   string        `yaml:"result"` // expected result after the game: 1-0 | 0-1 | 1/2-1/2 | *
	After    string        `yaml:"after"`  // the expected position after the game, as a FEN
}

// AttackCheck asserts which squares a side attacks.
type AttackCheck struct {
	Src     `yaml:"-"`
	By      string   `yaml:"by"`      // white | black
	Squares []string `yaml:"squares"` // attacked
	Not     []string `yaml:"not"`     // not attacked
}
