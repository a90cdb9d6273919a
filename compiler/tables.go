// Tables: every per-cell set the interpreter reads while playing, in one set type, and its conversion between set types.

package compiler

// Tables is what the interpreter's cores read in their hot loops, in the set type B (BB64,
// BB128 or BB256): the board's cell sets, the direction rays, the pieces' move tables, goal
// zones, freeze neighbourhoods and the reverse attack tables. The compiler builds it in
// BB256 and converts it to the smallest set type that holds the board: BB64 for boards of
// at most 64 cells (Ruleset.Narrow), BB128 for 65 to 128 (Ruleset.Mid). The types are
// generic for their data only: no method is called on B through a type parameter, so
// code reading them runs at the speed of code written for one set type.
type Tables[B any] struct {
	Squares B // cells a piece may stand on (before per-piece restrictions)
	Dark    B // the cells of a1's colour (file + rank even)
	Unused  B
	Missing B
	// WallCells: the cells that may take a wall (rulesets with walls; defs.Walls.Except left out).
	WallCells B
	dirs      []Dir[B]
	pieces    []PieceType[B]
	goals     []Goal[B]
	freezes   []Freeze[B]
	AttackTables[B]
	// CastleRank[c] is side c's first rank (every cell of it).
	CastleRank [2]B
	// castleWays[c][kf*castleFiles+rf]: side c's castling with the royal on file kf and the
	// partner on file rf of its castling rank (castling only); castleFile[sq] is the file of
	// a cell of either side's castling rank.
	castleWays  [2][]CastleWay[B]
	castleFile  []int16
	castleFiles int
	// dropTo[c][t]: the squares where side c may drop a piece of type t (drops only).
	dropTo [2][]B
	// explodeNear[sq]: the cells a capture on sq blows up besides it (explosions only).
	explodeNear []B
	// burnNear[slot*cells+sq]: the cells a man of the burning type with that BurnSlot burns
	// when it stops on sq (burning only).
	burnNear []B
	// nextTo[sq]: the cells a king's step from sq (flips of adjacent men, drops next to own).
	nextTo []B
	// FirstOn: the cells drops go to while one of them is empty (defs.Drops.FirstOn).
	FirstOn B
	// StackBase: rank 1's cells, and stackUp the step one rank up (drops on top).
	StackBase B
	stackUp   FlankStep[B]
	// beside[sq]: the cells a rook's step from sq (drops away from enemy men).
	beside []B
	// fileCells[sq]: the cells of sq's file (drops with one man of a type a file only).
	fileCells []B
	// flankSteps: the eight lines' steps, for the cells where a man would flank enemy men
	// (flanking drops), all cells at once.
	flankSteps []FlankStep[B]
	// slides: the edges drops slide in from (defs.Drops.SlideIn, SlideThrough).
	slides []Slide[B]
	// WallEdge: the cells on the board's edge, a rook's step from a cell off the board or
	// missing (walls placed on the edge). Last, to leave the hot fields where they were.
	WallEdge B
}

// Slide is one edge drops slide in from: Stop shifts the men one cell back against the
// way a drop travels (onto the cells where a man stops it), Far is the far edge's cells
// (where nothing stops it sooner), lines the ranks or files it enters, each with the
// cell on the edge. Down: it travels toward lower cell numbers (from the east or the
// north), so the cell nearest its edge is a set's Last; Through: it lands on the cell
// farthest from its edge (slide-through), not the nearest.
type Slide[B any] struct {
	Stop          FlankStep[B]
	Far           B
	lines         []SlideLine[B]
	Down, Through bool
}

// Lines are the ranks or files a slide enters (Slide).
func (sl *Slide[B]) Lines() Refs[SlideLine[B]] { return Refs[SlideLine[B]]{sl.lines} }

// SlideLine is one rank or file a drop slides along: its cells, and the one on the edge
// the drop enters from.
type SlideLine[B any] struct {
	Cells B
	Entry Square
}

// FlankStep is one direction of a line (along which men are flanked, or stand in a row): a
// set shifted by By (cell index offset) moves each cell of From one step that way, and no
// other cell stays on the board.
type FlankStep[B any] struct {
	By   int
	From B
}

// FlankSteps are the eight directions' steps for flanking drops (Tables.flankSteps).
func (t *Tables[B]) FlankSteps() Refs[FlankStep[B]] { return Refs[FlankStep[B]]{t.flankSteps} }

// ConvertTables returns a copy of t with every set converted by f. Slices of sets are
// new; everything else (steps, legs, definitions, hooks) is shared with t.
func ConvertTables[A, B any](t *Tables[A], f func(A) B) *Tables[B] {
	list := func(in []A) []B {
		if in == nil {
			return nil
		}
		out := make([]B, len(in))
		for i, x := range in {
			out[i] = f(x)
		}
		return out
	}
	pair := func(in [2]A) [2]B { return [2]B{f(in[0]), f(in[1])} }
	out := &Tables[B]{Squares: f(t.Squares), Dark: f(t.Dark), Unused: f(t.Unused), Missing: f(t.Missing), WallCells: f(t.WallCells), WallEdge: f(t.WallEdge), CastleRank: pair(t.CastleRank)}
	out.dropTo = [2][]B{list(t.dropTo[0]), list(t.dropTo[1])}
	out.castleFile, out.castleFiles = t.castleFile, t.castleFiles
	for c := range t.castleWays {
		if t.castleWays[c] == nil {
			continue
		}
		out.castleWays[c] = make([]CastleWay[B], len(t.castleWays[c]))
		for i, w := range t.castleWays[c] {
			out.castleWays[c][i] = CastleWay[B]{Clear: f(w.Clear), Pass: f(w.Pass), KingTo: w.KingTo, PartnerTo: w.PartnerTo, Open: w.Open}
			for _, m := range w.more {
				out.castleWays[c][i].more = append(out.castleWays[c][i].more, CastleWay[B]{Clear: f(m.Clear), Pass: f(m.Pass), KingTo: m.KingTo, PartnerTo: m.PartnerTo, Open: m.Open})
			}
		}
	}
	out.explodeNear = list(t.explodeNear)
	out.burnNear = list(t.burnNear)
	out.nextTo, out.FirstOn = list(t.nextTo), f(t.FirstOn)
	out.StackBase, out.stackUp, out.beside = f(t.StackBase), FlankStep[B]{By: t.stackUp.By, From: f(t.stackUp.From)}, list(t.beside)
	out.fileCells = list(t.fileCells)
	for _, st := range t.flankSteps {
		out.flankSteps = append(out.flankSteps, FlankStep[B]{By: st.By, From: f(st.From)})
	}
	for _, sl := range t.slides {
		c := Slide[B]{Stop: FlankStep[B]{By: sl.Stop.By, From: f(sl.Stop.From)}, Far: f(sl.Far), Down: sl.Down, Through: sl.Through}
		for _, ln := range sl.lines {
			c.lines = append(c.lines, SlideLine[B]{Cells: f(ln.Cells), Entry: ln.Entry})
		}
		out.slides = append(out.slides, c)
	}
	if t.dirs != nil {
		out.dirs = make([]Dir[B], len(t.dirs))
	}
	for i, d := range t.dirs {
		out.dirs[i] = Dir[B]{V: d.V, step: d.step, ray: list(d.ray), Up: d.Up}
	}
	if t.pieces != nil {
		out.pieces = make([]PieceType[B], len(t.pieces))
	}
	for i := range t.pieces {
		in := &t.pieces[i]
		pt := PieceType[B]{Def: in.Def, Name: in.Name, Letter: in.Letter, LetterText: in.LetterText, SAN: in.SAN,
			Royal: in.Royal, Immune: in.Immune, ResetsClock: in.ResetsClock, ResetsUnlessBack: in.ResetsUnlessBack, Value: in.Value, Land: pair(in.Land),
			slides: in.slides, slideLines: in.slideLines, slideRays: in.slideRays, MakesEP: in.MakesEP, MayRepeat: in.MayRepeat, Plain: in.Plain, Promoted: in.Promoted, AimEnds: in.AimEnds, BurnSlot: in.BurnSlot, Rank: in.Rank,
			Mark: in.Mark, MarkLetter: in.MarkLetter, MarkPlus: in.MarkPlus, RidesUnattacked: in.RidesUnattacked, PassOnce: in.PassOnce}
		hops := func(in []hop[A]) []hop[B] {
			if in == nil {
				return nil
			}
			out := make([]hop[B], len(in))
			for j, h := range in {
				out[j] = hop[B]{h.to, f(h.empty), f(h.screen)}
			}
			return out
		}
		rides := func(in []Ride[A]) []Ride[B] {
			if in == nil {
				return nil
			}
			out := make([]Ride[B], len(in))
			for j, r := range in {
				out[j] = Ride[B]{Dir: r.Dir, Min: r.Min, Max: r.Max, Mode: r.Mode, From: f(r.From), EPTarget: r.EPTarget, Rank: r.Rank, span: list(r.span)}
			}
			return out
		}
		for c := 0; c < 2; c++ {
			pt.leapQuiet[c], pt.leapCapture[c], pt.epCapture[c] = list(in.leapQuiet[c]), list(in.leapCapture[c]), list(in.epCapture[c])
			pt.stepBack[c] = list(in.stepBack[c])
			pt.leapRoyal[c] = list(in.leapRoyal[c])
			pt.rides[c], pt.royalRides[c] = rides(in.rides[c]), rides(in.royalRides[c])
			if in.paths[c] != nil {
				pt.paths[c] = make([]Path[B], len(in.paths[c]))
			}
			for j, p := range in.paths[c] {
				pt.paths[c][j] = Path[B]{legs: p.legs, From: f(p.From), Within: f(p.Within), Bounded: p.Bounded, reach: list(p.reach), visit: list(p.visit), Captures: p.Captures, Stops: p.Stops,
					Fixed: p.Fixed, LandOn: p.LandOn, RayHop: p.RayHop, HopOne: p.HopOne, HopDir: p.HopDir, NotScreen: p.NotScreen, NotLand: p.NotLand, hop: hops(p.hop)}
			}
		}
		for c := 0; c < 2; c++ {
			if in.walks[c] == nil {
				continue
			}
			pt.walks[c], pt.walkAt[c] = make([]Walk[B], len(in.walks[c])), in.walkAt[c]
			for j, w := range in.walks[c] {
				pt.walks[c][j] = Walk[B]{To: w.To, LandOn: w.LandOn, NotLand: w.NotLand, Empty: f(w.Empty), Screen: f(w.Screen)}
			}
		}
		for c := 0; c < 2; c++ {
			pt.lineRays[c] = list(in.lineRays[c])
			pt.ShiftsPromote[c] = f(in.ShiftsPromote[c])
			for _, sh := range in.shifts[c] {
				pt.shifts[c] = append(pt.shifts[c], Shift[B]{By: sh.By, Min: sh.Min, Steps: sh.Steps, Mode: sh.Mode, From: f(sh.From),
					reach: list(sh.reach), EPTarget: sh.EPTarget})
			}
		}
		for _, il := range in.initial {
			out := InitialLeap[B]{NotInCheck: il.NotInCheck}
			for c := 0; c < 2; c++ {
				out.quiet[c], out.capture[c] = list(il.quiet[c]), list(il.capture[c])
			}
			pt.initial = append(pt.initial, out)
		}
		if pr := in.Promotion; pr != nil {
			pt.Promotion = &Promotion[B]{Zone: pair(pr.Zone), promotionTypes: pr.promotionTypes, Optional: pr.Optional,
				FromPool: pr.FromPool, FromOpponent: pr.FromOpponent, Leaving: pr.Leaving, HasForced: pr.HasForced, Forced: pair(pr.Forced), OnCapture: pr.OnCapture, SkipEnPassant: pr.SkipEnPassant,
				limit: pr.limit, HasLimits: pr.HasLimits, InPlace: pr.InPlace, Step: pr.Step, LoneAnywhere: pr.LoneAnywhere,
				NoAttack: pr.NoAttack, NoCheck: pr.NoCheck, Stand: pair(pr.Stand),
				Entering: pr.Entering, Declared: pair(pr.Declared), HasAlways: pr.HasAlways, Always: pair(pr.Always),
				byCell: pr.byCell, HasByCell: pr.HasByCell}
		}
		out.pieces[i] = pt
	}
	if t.goals != nil {
		out.goals = make([]Goal[B], len(t.goals))
	}
	for i, g := range t.goals {
		out.goals[i] = Goal[B]{Def: g.Def, Name: g.Name, Zone: pair(g.Zone), HasZ: g.HasZ,
			Types: g.Types, Hit: g.Hit, Hook: g.Hook, Result: g.Result, Extinct: g.Extinct, AtMost: g.AtMost, AgainstAtLeast: g.AgainstAtLeast,
			Together: g.Together, AllMen: g.AllMen, Own: g.Own, ChecksGiven: g.ChecksGiven, GivesCheck: g.GivesCheck, Stands: g.Stands, StandZone: pair(g.StandZone),
			Side: g.Side, Answerable: g.Answerable, SafeOn: g.SafeOn, SafeZone: pair(g.SafeZone), Safe: g.Safe, Line: g.Line, Gaps: g.Gaps, Block: g.Block, Count: g.Count, Full: g.Full,
			Connect: g.Connect, OneWay: g.OneWay, ConnectFrom: pair(g.ConnectFrom), ConnectTo: pair(g.ConnectTo),
			Castled: g.Castled, CastlingLost: g.CastlingLost}
		for _, l := range g.lines {
			out.goals[i].lines = append(out.goals[i].lines, f(l))
		}
		for _, st := range g.lineSteps {
			out.goals[i].lineSteps = append(out.goals[i].lineSteps, FlankStep[B]{By: st.By, From: f(st.From)})
		}
	}
	if t.freezes != nil {
		out.freezes = make([]Freeze[B], len(t.freezes))
	}
	for i, fz := range t.freezes {
		out.freezes[i] = Freeze[B]{By: fz.By, Targets: fz.Targets, near: list(fz.near)}
	}
	a := &t.AttackTables
	for c := 0; c < 2; c++ {
		out.attackFrom[c], out.cells = list(a.attackFrom[c]), a.cells
		out.leapTypes[c] = a.leapTypes[c]
		out.epFrom[c], out.epTypes[c] = list(a.epFrom[c]), a.epTypes[c]
		out.initialFrom[c], out.initialTypes[c] = list(a.initialFrom[c]), a.initialTypes[c]
		out.slideGroups[c] = a.slideGroups[c]
		if a.rideAttacks[c] != nil {
			out.rideAttacks[c] = make([]RideAttack[B], len(a.rideAttacks[c]))
		}
		for j, r := range a.rideAttacks[c] {
			out.rideAttacks[c][j] = RideAttack[B]{Back: r.Back, Type: r.Type, Min: r.Min, Max: r.Max, From: f(r.From), V: r.V, RoyalOnly: r.RoyalOnly, Rank: r.Rank}
		}
		out.PathTypes[c], out.pathTypes[c] = a.PathTypes[c], a.pathTypes[c]
		out.pathFrom[c] = list(a.pathFrom[c])
		out.slideFrom[c], out.slideTypes[c], out.snipes[c] = list(a.slideFrom[c]), a.slideTypes[c], a.snipes[c]
		out.aimReach[c] = list(a.aimReach[c])
	}
	out.royalList, out.lineDir = a.royalList, a.lineDir
	return out
}

// narrow builds the tables in the smallest set type that holds the board: rs.Narrow when
// it fits 64 cells, else rs.Mid when it fits 128.
func (rs *Ruleset) narrow() {
	switch {
	case rs.Cells <= MaxCells64:
		rs.Narrow = ConvertTables(&rs.Tables, BB256.Narrow)
		buildSlideTables(rs.Narrow, rs.Cells)
	case rs.Cells <= MaxCells128:
		rs.Mid = ConvertTables(&rs.Tables, BB256.Narrow128)
	}
}

// CastleWay is one castling of a side with its royal and partner on given files: where each
// lands, the cells that must be empty (both spans but the two men's own cells), the cells
// the royal passes (its span but its start and landing), and whether every cell of the two
// spans is playable (Open). more are the other castlings the side may choose between the
// same two men (castling.short.also), each a way of its own; nil for one.
type CastleWay[B any] struct {
	Clear, Pass       B
	KingTo, PartnerTo Square
	Open              bool
	more              []CastleWay[B]
}

// NumMore is the number of the way's other castlings (castling.short.also).
func (w *CastleWay[B]) NumMore() int { return len(w.more) }

// MoreAt is the way's other castling i.
func (w *CastleWay[B]) MoreAt(i int) *CastleWay[B] { return &w.more[i] }

// PartnerFor is where the partner lands when the royal castles onto kd by this way or one
// of its More.
func (w *CastleWay[B]) PartnerFor(kd Square) Square {
	if kd == w.KingTo {
		return w.PartnerTo
	}
	for i := range w.more {
		if w.more[i].KingTo == kd {
			return w.more[i].PartnerTo
		}
	}
	return NoSquare
}

// CastleWayOf is side c's castling with the royal on k and the partner on r, both on c's
// castling rank.
func (t *Tables[B]) CastleWayOf(c Color, k, r Square) *CastleWay[B] {
	return &t.castleWays[c][int(t.castleFile[k])*t.castleFiles+int(t.castleFile[r])]
}
