// Tables: every per-cell set the interpreter reads while playing, in one set type, and its conversion between set types.
package compiler

// Tables is what the interpreter's cores read in their hot loops, in the set type B (BB64
// or BB256): the board's cell sets, the direction rays, the pieces' move tables, goal zones,
// freeze neighbourhoods and the reverse attack tables. The compiler builds it in BB256 and,
// for boards of at most 64 cells, converts it to BB64 (Ruleset.Narrow). The types are
// generic for their data only: no method is called on B through a type parameter, so
// code reading them runs at the speed of code written for one set type.
type Tables[B any] struct {
	Squares B // cells a piece may stand on (before per-piece restrictions)
	Unused  B
	Missing B
	Dirs    []Dir[B]
	Pieces  []PieceType[B]
	Goals   []Goal[B]
	Freezes []Freeze[B]
	AttackTables[B]
	// CastleRank[c] is side c's first rank (every cell of it).
	CastleRank [2]B
}

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
	out := &Tables[B]{Squares: f(t.Squares), Unused: f(t.Unused), Missing: f(t.Missing), CastleRank: pair(t.CastleRank)}
	if t.Dirs != nil {
		out.Dirs = make([]Dir[B], len(t.Dirs))
	}
	for i, d := range t.Dirs {
		out.Dirs[i] = Dir[B]{V: d.V, Step: d.Step, Ray: list(d.Ray), Up: d.Up}
	}
	if t.Pieces != nil {
		out.Pieces = make([]PieceType[B], len(t.Pieces))
	}
	for i := range t.Pieces {
		in := &t.Pieces[i]
		pt := PieceType[B]{Def: in.Def, Name: in.Name, Letter: in.Letter, LetterText: in.LetterText, SAN: in.SAN,
			Royal: in.Royal, Immune: in.Immune, ResetsClock: in.ResetsClock, Value: in.Value, Land: pair(in.Land),
			Slides: in.Slides, MakesEP: in.MakesEP, MayRepeat: in.MayRepeat}
		rides := func(in []Ride[A]) []Ride[B] {
			if in == nil {
				return nil
			}
			out := make([]Ride[B], len(in))
			for j, r := range in {
				out[j] = Ride[B]{Dir: r.Dir, Min: r.Min, Max: r.Max, Mode: r.Mode, From: f(r.From), EPTarget: r.EPTarget}
			}
			return out
		}
		for c := 0; c < 2; c++ {
			pt.LeapQuiet[c], pt.LeapCapture[c], pt.EPCapture[c] = list(in.LeapQuiet[c]), list(in.LeapCapture[c]), list(in.EPCapture[c])
			pt.LeapRoyal[c] = list(in.LeapRoyal[c])
			pt.Rides[c], pt.RoyalRides[c] = rides(in.Rides[c]), rides(in.RoyalRides[c])
			if in.Paths[c] != nil {
				pt.Paths[c] = make([]Path[B], len(in.Paths[c]))
			}
			for j, p := range in.Paths[c] {
				pt.Paths[c][j] = Path[B]{Legs: p.Legs, From: f(p.From), Reach: list(p.Reach), Visit: list(p.Visit), Captures: p.Captures}
			}
		}
		if pr := in.Promotion; pr != nil {
			pt.Promotion = &Promotion[B]{Zone: pair(pr.Zone), To: pr.To, Optional: pr.Optional, FromPool: pr.FromPool}
		}
		out.Pieces[i] = pt
	}
	if t.Goals != nil {
		out.Goals = make([]Goal[B], len(t.Goals))
	}
	for i, g := range t.Goals {
		out.Goals[i] = Goal[B]{Def: g.Def, Name: g.Name, HookWhere: g.HookWhere, Zone: pair(g.Zone), HasZ: g.HasZ,
			Types: g.Types, Hook: g.Hook, HookReadsCheck: g.HookReadsCheck, Result: g.Result}
	}
	if t.Freezes != nil {
		out.Freezes = make([]Freeze[B], len(t.Freezes))
	}
	for i, fz := range t.Freezes {
		out.Freezes[i] = Freeze[B]{By: fz.By, Targets: fz.Targets, Near: list(fz.Near)}
	}
	a := &t.AttackTables
	for c := 0; c < 2; c++ {
		if a.AttackFrom[c] != nil {
			out.AttackFrom[c] = make([][]B, len(a.AttackFrom[c]))
		}
		for ty, from := range a.AttackFrom[c] {
			out.AttackFrom[c][ty] = list(from)
		}
		out.LeapTypes[c] = a.LeapTypes[c]
		out.SlideGroups[c] = a.SlideGroups[c]
		if a.RideAttacks[c] != nil {
			out.RideAttacks[c] = make([]RideAttack[B], len(a.RideAttacks[c]))
		}
		for j, r := range a.RideAttacks[c] {
			out.RideAttacks[c][j] = RideAttack[B]{Back: r.Back, Type: r.Type, Min: r.Min, Max: r.Max, From: f(r.From), V: r.V, RoyalOnly: r.RoyalOnly}
		}
		out.PathTypes[c] = a.PathTypes[c]
	}
	out.RoyalList = a.RoyalList
	return out
}

// narrow builds rs.Narrow when the board fits 64 cells.
func (rs *Ruleset) narrow() {
	if rs.Cells > MaxCells64 {
		return
	}
	rs.Narrow = ConvertTables(&rs.Tables, BB256.Narrow)
}
