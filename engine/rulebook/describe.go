// Descriptions in words of movement atoms, zones and rules, generated from the definition.

package rulebook

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// vec is a displacement [files, ranks] from White's side.
type vec = compiler.Vec

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// shape classifies a vector: orthogonal, diagonal or oblique, with its length in steps.
func shape(v vec) (kind string, n int) {
	switch {
	case v.DX == 0 || v.DY == 0:
		return "orthogonal", max(abs(v.DX), abs(v.DY))
	case abs(v.DX) == abs(v.DY):
		return "diagonal", abs(v.DX)
	}
	return "oblique", 0
}

// directionName names one vector's direction: forward, backward-left, ...
func directionName(v vec) string { return wayName(v.DY, v.DX) }

// wayName names a direction by its sign forward (up the board from White's side) and to
// the right: forward, backward-left, to the right, ...
func wayName(forward, right int) string {
	var fb, lr string
	switch {
	case forward > 0:
		fb = "forward"
	case forward < 0:
		fb = "backward"
	}
	switch {
	case right > 0:
		lr = "right"
	case right < 0:
		lr = "left"
	}
	switch {
	case fb == "":
		return "to the " + lr
	case lr == "":
		return fb
	}
	return fb + "-" + lr
}

// directions describes a set of images of one vector: "orthogonally", "diagonally
// forward", "in all 8 directions", "forward".
func directions(imgs []vec) string {
	if len(imgs) == 0 {
		return "in no direction"
	}
	kind, _ := shape(imgs[0])
	has := map[string]bool{}
	for _, v := range imgs {
		has[directionName(v)] = true
	}
	switch kind {
	case "orthogonal":
		switch {
		case len(imgs) == 4:
			return "orthogonally"
		case len(imgs) == 2 && has["to the left"] && has["to the right"]:
			return "sideways"
		case len(imgs) == 3 && has["to the left"] && has["to the right"]:
			if has["forward"] {
				return "forward or sideways"
			}
			return "backward or sideways"
		}
	case "diagonal":
		switch {
		case len(imgs) == 4:
			return "diagonally"
		case len(imgs) == 2 && has["forward-left"] && has["forward-right"]:
			return "diagonally forward"
		case len(imgs) == 2 && has["backward-left"] && has["backward-right"]:
			return "diagonally backward"
		}
		var names []string
		for _, v := range imgs {
			names = append(names, directionName(v))
		}
		return "diagonally " + strings.Join(names, " or ")
	default:
		fwd, back := true, true
		for _, v := range imgs {
			fwd = fwd && v.DY > 0
			back = back && v.DY < 0
		}
		switch {
		case len(imgs) == 8:
			return "in all 8 directions"
		case len(imgs) == 1:
			return "in one direction " + vecString(imgs[0])
		case fwd:
			return fmt.Sprintf("in the %d forward directions", len(imgs))
		case back:
			return fmt.Sprintf("in the %d backward directions", len(imgs))
		}
		var vs []string
		for _, v := range imgs {
			vs = append(vs, vecString(v))
		}
		return fmt.Sprintf("in %d directions %s", len(imgs), strings.Join(vs, " "))
	}
	var names []string
	for _, v := range imgs {
		names = append(names, directionName(v))
	}
	return strings.Join(names, " or ")
}

func vecString(v vec) string { return fmt.Sprintf("(%d,%d)", v.DX, v.DY) }

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

func squares(n int) string {
	if n == 1 {
		return "one square"
	}
	if n < len(numberWords) {
		return numberWords[n] + " squares"
	}
	return fmt.Sprintf("%d squares", n)
}

// likeName names the classic piece a fully symmetric leap or ride of v moves like.
func likeName(v vec, ride bool) string {
	a, b := abs(v.DX), abs(v.DY)
	if a > b {
		a, b = b, a
	}
	if ride {
		return map[[2]int]string{{0, 1}: "rook-like", {1, 1}: "bishop-like", {1, 2}: "nightrider-like"}[[2]int{a, b}]
	}
	return map[[2]int]string{{0, 2}: "dabbaba-like", {2, 2}: "alfil-like", {1, 2}: "knight-like", {1, 3}: "camel-like",
		{2, 3}: "zebra-like", {0, 3}: "threeleaper-like"}[[2]int{a, b}]
}

func fullSymmetry(imgs []vec) bool {
	kind, _ := shape(imgs[0])
	return kind == "oblique" && len(imgs) == 8 || kind != "oblique" && len(imgs) == 4
}

// describeAtom writes one movement atom in words.
func describeAtom(rs *compiler.Ruleset, a *defs.Atom) string {
	var s string
	switch {
	case rs != nil && rs.Hex && (a.Leap != nil || a.Ride != nil):
		s = describeHex(rs, a)
	case a.Leap != nil:
		s = describeLeap(a)
	case a.Ride != nil:
		s = describeRide(a)
	case a.Path != nil:
		s = describePath(a)
	default:
		return "(empty move)"
	}
	switch a.Mode {
	case "move":
		s += ", without capturing"
	case "capture":
		s += ", only to capture"
	case "capture-royal":
		s += ", only to capture a royal piece (so it never moves: it only gives check)"
	}
	if a.EPCapture {
		s += ", also en passant"
	}
	if a.From != "" {
		s += ", only from " + zoneText(rs, a.From)
	}
	if a.Within != "" {
		s += ", never leaving " + zoneText(rs, a.Within)
	}
	if a.Initial {
		s += ", only as the man's first move"
	}
	if a.NotInCheck {
		s += ", not while in check"
	}
	if a.EPTarget {
		s += "; the squares it passes may be taken en passant"
	}
	if a.RangeCapture {
		s += "; past the first man, over men ranked below its own, it takes an enemy man ranked below it (range capture)"
	}
	return s
}

func describeLeap(a *defs.Atom) string {
	v := vec{DX: a.Leap[0], DY: a.Leap[1]}
	imgs := compiler.Images(v, a.Symmetry, a.Only)
	if len(imgs) == 0 {
		return "leaps nowhere (the direction filter keeps no direction)"
	}
	kind, n := shape(v)
	like := ""
	if fullSymmetry(imgs) {
		if l := likeName(v, false); l != "" {
			like = " (" + l + ")"
		}
	}
	switch {
	case kind != "oblique" && n == 1:
		return "steps one square " + directions(imgs)
	case kind != "oblique":
		return "jumps " + squares(n) + " " + directions(imgs) + like
	}
	return fmt.Sprintf("leaps (%d,%d) %s%s", abs(v.DX), abs(v.DY), directions(imgs), like)
}

func describeRide(a *defs.Atom) string {
	v := vec{DX: a.Ride[0], DY: a.Ride[1]}
	imgs := compiler.Images(v, a.Symmetry, a.Only)
	if len(imgs) == 0 {
		return "rides nowhere (the direction filter keeps no direction)"
	}
	kind, n := shape(v)
	unit := "squares"
	var s string
	switch {
	case kind != "oblique" && n == 1:
		s = "rides " + directions(imgs)
	case kind != "oblique":
		s = "rides " + directions(imgs) + " in jumps of " + squares(n)
		unit = "jumps"
	default:
		s = fmt.Sprintf("rides along repeated (%d,%d) leaps %s", abs(v.DX), abs(v.DY), directions(imgs))
		unit = "leaps"
	}
	rng, unlimited := rangeText(a.Range, func(n int) string { return fmt.Sprintf("%d %s", n, unit) })
	s += rng
	if fullSymmetry(imgs) && unlimited {
		if l := likeName(v, true); l != "" {
			s += " (" + l + ")"
		}
	}
	return s
}

// describePath writes a multi-leg path: the directions of its first step, then each leg
// with how often it repeats, where it goes relative to the first step, and what the
// squares it passes or lands on must hold.
func describePath(a *defs.Atom) string {
	if len(a.Path) == 0 {
		return "path with no legs"
	}
	first := vec{DX: a.Path[0].Step[0], DY: a.Path[0].Step[1]}
	imgs := compiler.Images(first, a.Symmetry, a.Only)
	if len(imgs) == 0 {
		return "path in no direction (the direction filter keeps none)"
	}
	head := "path, first step " + directions(imgs)
	var legs []string
	for i := range a.Path {
		legs = append(legs, describeLeg(a.Path, i, first))
	}
	return head + ": " + strings.Join(legs, "; then ")
}

func describeLeg(path []defs.Leg, i int, first vec) string {
	l := &path[i]
	last := i == len(path)-1
	v := vec{DX: l.Step[0], DY: l.Step[1]}
	mn, mx := 1, 1
	if len(l.Range) == 1 {
		mn, mx = l.Range[0], l.Range[0]
	} else if len(l.Range) == 2 {
		mn, mx = l.Range[0], l.Range[1]
	}
	one := mn == 1 && mx == 1
	var count string
	switch {
	case one && i == 0:
		count = "one step"
	case one:
		count = "one more step"
	case mn == 0 && mx == 0:
		count = "any number of steps (none or more)"
	case mx == 0:
		count = fmt.Sprintf("%d or more steps", mn)
	case mn == mx:
		count = fmt.Sprintf("%d steps", mn)
	default:
		count = fmt.Sprintf("%d to %d steps", mn, mx)
	}
	kind, n := shape(v)
	switch {
	case i == 0 && (kind == "oblique" || n > 1):
		count += fmt.Sprintf(" of (%d,%d)", abs(v.DX), abs(v.DY))
	case i > 0 && v == first:
		count += " in the same direction"
	case i > 0 && v == (vec{DX: -first.DX, DY: -first.DY}):
		count += " back the way it came"
	case i > 0:
		count += fmt.Sprintf(" of (%d,%d) (turned as the first step is)", v.DX, v.DY)
	}
	plural := !one
	not := ""
	if len(l.Not) > 0 {
		not = " (never a " + orList(l.Not) + ")"
	}
	if last {
		return count + ", " + landing(l.On, plural) + not
	}
	pass := passing(l.On, l.Capture, plural) + not
	if l.Stop {
		pass += ", stopping there (the move names the square; it may end where it began)"
	}
	if strings.HasPrefix(pass, "capturing") {
		return count + ", " + pass
	}
	return count + " " + pass
}

// onWords names the square conditions of a leg.
func onWords(on []string, plural bool) []string {
	words := map[string][2]string{
		"empty":   {"an empty square", "empty squares"},
		"friend":  {"a friendly piece", "friendly pieces"},
		"enemy":   {"an enemy piece", "enemy pieces"},
		"any":     {"any square", "any squares"},
		"missing": {"a missing cell or the edge", "missing cells"},
		"unused":  {"an unused cell", "unused cells"},
	}
	var out []string
	for _, o := range on {
		w := words[o]
		if plural {
			out = append(out, w[1])
		} else {
			out = append(out, w[0])
		}
	}
	return out
}

func orList(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// passing describes a leg's squares passed over: "over an empty or friendly square, or
// capturing an enemy there".
func passing(on []string, capture, plural bool) string {
	if len(on) == 0 {
		on = []string{"empty"}
	}
	hasEnemy := false
	var rest []string
	for _, o := range on {
		switch o {
		case "enemy":
			hasEnemy = true
		case "any":
			hasEnemy = true
			rest = append(rest, "empty", "friend")
		default:
			rest = append(rest, o)
		}
	}
	if !capture || !hasEnemy {
		return "over " + orList(onWords(on, plural))
	}
	there := "capturing an enemy piece there"
	if plural {
		there = "capturing the enemy pieces there"
	}
	if len(rest) == 0 {
		return there
	}
	return "over " + orList(onWords(rest, plural)) + ", or " + there
}

// landing describes the last leg's destination.
func landing(on []string, plural bool) string {
	if len(on) == 0 {
		on = []string{"empty", "enemy"}
	}
	var empty, enemy bool
	for _, o := range on {
		empty = empty || o == "empty" || o == "any"
		enemy = enemy || o == "enemy" || o == "any"
	}
	prefix := "landing on "
	if plural {
		prefix = "through empty squares, landing on "
	}
	switch {
	case empty && enemy:
		return prefix + "an empty square or capturing"
	case empty:
		return prefix + "an empty square"
	case enemy:
		if plural {
			return "through empty squares, landing only by capturing"
		}
		return "landing only by capturing"
	}
	return "landing on " + orList(onWords(on, false))
}

// zoneText names a zone and its squares: `last-rank (rank 8; rank 1 for Black)`.
func zoneText(rs *compiler.Ruleset, name string) string {
	z, ok := rs.Def.Zones[name]
	if !ok {
		return "zone " + name
	}
	if len(z.Ranks) > 0 {
		var w, b []string
		for _, r := range z.Ranks {
			w = append(w, fmt.Sprint(r))
			b = append(b, fmt.Sprint(rs.Ranks+1-r))
		}
		word := "rank"
		if len(z.Ranks) > 1 {
			word = "ranks"
		}
		return fmt.Sprintf("%s (%s %s; %s %s for Black)", name, word, strings.Join(w, ", "), word, strings.Join(b, ", "))
	}
	sets := zoneSets(rs, name)
	if sets[0] == sets[1] {
		return fmt.Sprintf("%s (%s)", name, SquareList(rs, sets[0]))
	}
	return fmt.Sprintf("%s (White: %s; Black: %s)", name, SquareList(rs, sets[0]), SquareList(rs, sets[1]))
}

// SquareList names the squares of b separated by spaces, or says "no squares".
func SquareList(rs *compiler.Ruleset, b compiler.Bitboard) string {
	var names []string
	for ; b.Any(); b = b.Rest() {
		names = append(names, rs.SquareName(b.First()))
	}
	if len(names) == 0 {
		return "no squares"
	}
	return strings.Join(names, " ")
}

func outcomeWord(o compiler.Outcome) string {
	switch o {
	case compiler.Win:
		return "wins"
	case compiler.Loss:
		return "loses"
	case compiler.OneQuarter:
		return "scores 1/4 of the point and its opponent 3/4"
	case compiler.ThreeQuarters:
		return "scores 3/4 of the point and its opponent 1/4"
	}
	return "draws"
}

func letterList(ls []string) string { return strings.Join(ls, ", ") }

func typeLetters(rs *compiler.Ruleset, mask uint64) string {
	var ls []string
	for t := range rs.NumPieces() {
		if mask>>uint(t)&1 != 0 {
			ls = append(ls, rs.Piece(t).LetterText)
		}
	}
	return strings.Join(ls, ", ")
}

// Rules writes the rules summary, one rule a line.
func Rules(rs *compiler.Ruleset) []string {
	def := rs.Def
	var out []string
	royals := typeLetters(rs, rs.RoyalTypes)
	switch rs.Check {
	case compiler.CheckRoyalAttacked:
		if royals == "" {
			out = append(out, "Check: no royal pieces, so no check.")
		} else {
			out = append(out, fmt.Sprintf("Check: a move may not leave one's own royal piece (%s) attacked.", royals))
		}
	case compiler.CheckEnemyRoyalUnattacked:
		out = append(out, fmt.Sprintf("Check: a side is in check when it does not attack the enemy royal piece (%s); every move must leave it attacked.", royals))
	default:
		out = append(out, "Check: none; royal pieces may be left attacked.")
	}
	stalemate := outcomeWord(rs.NoMovesOtherwise)
	if rs.StalemateByMen {
		stalemate = "is judged by the men on the board"
	}
	if rs.Check == compiler.CheckNone {
		out = append(out, fmt.Sprintf("No legal move: the side to move %s (stalemate).", stalemate))
	} else {
		out = append(out, fmt.Sprintf("No legal move: the side to move %s if in check (checkmate), %s otherwise (stalemate).",
			outcomeWord(rs.NoMovesInCheck), stalemate))
	}
	if rs.Walls != nil {
		out = append(out, wallsText(rs))
	}
	if rs.Fog != nil {
		out = append(out, fogText(rs))
	}
	if rs.StalemateByMen {
		fewer := "fewer"
		if rs.NoMovesOtherwise == compiler.Loss {
			fewer = "more"
		}
		out = append(out, "Stalemate: the side with "+fewer+" men on the board wins; as many men draw.")
	}
	if rs.MustCapture {
		out = append(out, "Captures are compulsory: while a capture is legal, only captures are.")
	}
	if rs.NoGivingCheck {
		out = append(out, "No move may give check.")
	}
	if rs.RoyalOptional {
		out = append(out, "A side may have no royal piece.")
	}
	if rs.Check == compiler.CheckRoyalAttacked {
		switch rs.CheckRoyals {
		case compiler.CheckRoyalsAll:
			out = append(out, fmt.Sprintf("A side is in check only when all its royal pieces (%s) are attacked: with two, one may be left attacked.", royals))
		case compiler.CheckRoyalsLone:
			if ks := rs.RoyalKinds(); ks.Len() > 1 {
				kinds := make([]string, ks.Len())
				for i := range kinds {
					kinds[i] = typeLetters(rs, ks.At(i))
				}
				out = append(out, fmt.Sprintf("A royal piece is protected only while it is its side's single one of its kind (%s), each kind counted on its own; a royal piece dropped is protected at once, one a promotion makes from the next move.", strings.Join(kinds, "; ")))
				break
			}
			out = append(out, fmt.Sprintf("Only a side with a single royal piece (%s) can be in check; a royal piece dropped is protected at once, one a promotion makes counts from the next move.", royals))
		}
	}
	var through uint64 // the royal types whose rides may not pass through check
	for t := range rs.NumPieces() {
		if rs.Piece(t).RidesUnattacked {
			through |= 1 << uint(t)
		}
	}
	if through != 0 {
		out = append(out, fmt.Sprintf("No passing through check: a ride of %s stops at the first square on its way that an enemy man attacks before the move (it may land there if that leaves it unattacked).", typeLetters(rs, through)))
	}
	if rs.RoyalTakesCheckerOnly {
		out = append(out, fmt.Sprintf("In check, %s may not move but to take the one piece giving check.", royals))
	}
	if rs.Pass {
		when := "when not in check"
		if rs.PassInCheck {
			when = "even in check"
		}
		end := ""
		if rs.PassEnd > 0 {
			end = fmt.Sprintf("; %d passes in a row end the game", rs.PassEnd)
		}
		out = append(out, fmt.Sprintf("A side may pass its turn %s (written as %s moving onto its own square)%s.", when, royals, end))
	}
	if rs.FacingRoyals {
		out = append(out, fmt.Sprintf("Facing: while %s of both sides face each other on an open rank or file, the side to move must part them or pass (a pass is then legal even in check); the game ends when the facing survives a move.", royals))
	}
	if pt := def.Rules.Points; pt != nil {
		var vals []string
		for _, l := range slices.Sorted(maps.Keys(pt.Values)) {
			vals = append(vals, fmt.Sprintf("%s %g", l, pt.Values[l]))
		}
		bonus := ""
		for _, side := range []string{"white", "black"} {
			if b := pt.Bonus[side]; b != 0 {
				bonus += fmt.Sprintf(", plus %g for %s", b, side)
			}
		}
		out = append(out, fmt.Sprintf("A game the rules end drawn is decided on points: %s%s; more points win.", strings.Join(vals, ", "), bonus))
	}
	if b := def.BorrowMoves; b != nil && len(b.From) == 2 {
		out = append(out, fmt.Sprintf("Borrowed moves: a man with a man of its own side %s moves, captures and gives check with that man's moves instead of its own (it keeps its own promotion, royalty and value).", offsetText(b.From)))
	}
	if c := def.Rules.Counting; c != nil {
		out = append(out, countingText(c))
	}
	if cm := def.Rules.Checkmate; cm != nil {
		if len(cm.ForbiddenBy) > 0 {
			out = append(out, fmt.Sprintf("A checkmate given by %s alone is lost by the side that gave it.", letterList(cm.ForbiddenBy)))
		}
		if len(cm.NeedsCheckBy) > 0 {
			out = append(out, fmt.Sprintf("A checkmate wins only when a %s gave check in the unbroken series of checks that ends in it (the mate included); otherwise it is a draw.", orList(cm.NeedsCheckBy)))
		}
	}
	if rs.CheckCounter > 0 {
		out = append(out, fmt.Sprintf("Checks are counted: each side has %d to give (the FEN writes those left, %d+%d).", rs.CheckCounter, rs.CheckCounter, rs.CheckCounter))
	}
	if x := def.Capture; x != nil && x.Own {
		out = append(out, "Self-capture: a man may also take one of its own side's men (never a royal one) wherever it could take an enemy man by moving onto it.")
	}
	if x := def.Capture; x != nil && x.Explode != nil {
		spare := ""
		if len(x.Explode.Spare) > 0 {
			spare = " but " + orList(x.Explode.Spare)
		}
		out = append(out, fmt.Sprintf("Captures explode: the capturer and every man%s standing %s of the captured square leave the game; a move that blows up one's own royal piece is illegal.", spare, stepsText(x.Explode.Steps)))
		if len(x.Explode.Immune) > 0 {
			out = append(out, fmt.Sprintf("A %s never explodes, not even when it captures.", orList(x.Explode.Immune)))
		}
	}
	if h := def.Hands; h != nil && h.Drops != nil {
		d := h.Drops
		if len(d.OnePerFile) > 0 {
			out = append(out, fmt.Sprintf("No %s is dropped on a file that holds one of its side's already.", orList(d.OnePerFile)))
		}
		if len(d.NoMate) > 0 && d.NoMateIllegal {
			out = append(out, fmt.Sprintf("No %s may be dropped in front of an enemy royal piece to leave the opponent without a legal move (checkmate or stalemate).", orList(d.NoMate)))
		} else if len(d.NoMate) > 0 {
			out = append(out, fmt.Sprintf("A checkmate given by dropping a %s is lost by the side that dropped it.", orList(d.NoMate)))
		}
		if d.Promoted {
			out = append(out, "A piece in hand may be dropped as what it promotes to (+P@a2).")
		}
		if len(d.PickUp) > 0 {
			out = append(out, fmt.Sprintf("Instead of moving, a side may pick up one of its men (a %s) off the board into its %s, written @@e2 (N^e2); a man pinned to its royal stays, and in check a pick-up is no answer.", orList(d.PickUp), d.From))
		}
	}
	if rs.FirstMoves {
		out = append(out, "First moves: some leaps only a man that has not moved may make; the FEN's castling field lists the files of the men that still may.")
	}
	for i := range rs.NumGoals() {
		out = append(out, describeGoal(rs, rs.Goal(i)))
	}
	for _, f := range def.Freeze {
		targets := "enemy pieces"
		if len(f.Targets) > 0 {
			targets = "enemy " + letterList(f.Targets)
		}
		out = append(out, fmt.Sprintf("Freeze: %s freezes %s %s; a frozen piece neither moves nor attacks.",
			letterList(f.By), targets, stepsText(f.Steps)))
	}
	if c := def.Castling; c != nil {
		partner := c.Partner
		if len(c.OtherPartners) > 0 {
			partner = orList(append([]string{c.Partner}, c.OtherPartners...))
		}
		side := func(cs defs.CastleSide) string {
			t := fmt.Sprintf("%s to the %s-file, %s to the %s-file", c.Royal, cs.King, partner, cs.Partner)
			for _, ch := range cs.Also {
				t += fmt.Sprintf(", or %s to the %s-file, %s to the %s-file", c.Royal, ch.King, partner, ch.Partner)
			}
			return t
		}
		s := fmt.Sprintf("Castling: %s with %s; short: %s; long: %s.", c.Royal, partner, side(c.Short), side(c.Long))
		if c.Rank > 1 {
			s += fmt.Sprintf(" King and %s castle on their side's rank %d.", c.Partner, c.Rank)
		}
		if rs.Castling.Guarded {
			s += " Not from, or across, a square an enemy piece attacks."
		}
		if c.Notation == "king-to-partner" {
			s += " Written in coordinates as the king taking its partner."
		}
		out = append(out, s)
	}
	for _, p := range def.Pieces {
		if pr := p.Promotion; pr != nil && pr.InPlace != nil {
			out = append(out, inPlaceText(rs, p.Letter, pr))
		} else if pr != nil {
			s := fmt.Sprintf("Promotion: %s on %s to %s", p.Letter, zoneText(rs, pr.Zone), orList(pr.To))
			if len(pr.ToBlack) > 0 {
				s += fmt.Sprintf(" (for Black to %s)", orList(pr.ToBlack))
			}
			if pr.Leaving {
				s += ", also on a move that leaves it"
			}
			if pr.OnCapture {
				s += ", only by capturing"
			}
			if pr.Entering {
				s += ", by a move that enters it or captures in or out of it"
			}
			if pr.Always != "" {
				s += fmt.Sprintf(", by any move ending on %s", zoneText(rs, pr.Always))
			}
			if pr.Optional {
				s += ", or stays as it is"
			}
			if pr.Forced != "" {
				s += fmt.Sprintf(" (not on %s)", zoneText(rs, pr.Forced))
			}
			if len(pr.Limits) > 0 {
				s += ", only to a piece its side has fewer of than " + limitsText(pr.Limits)
			}
			if pr.FromPool != "" {
				s += ", taking the new piece from the " + pr.FromPool
			}
			if len(pr.ByCell) > 0 {
				var cells []string
				for _, bc := range pr.ByCell {
					cells = append(cells, fmt.Sprintf("on %s only to %s", zoneText(rs, bc.Zone), orList(bc.To)))
				}
				s += "; " + strings.Join(cells, "; ")
			}
			out = append(out, s+".")
		}
	}
	for _, st := range def.Statuses {
		s := fmt.Sprintf("Status %q: lasts %d half-moves, counting down after every half-move of either side", st.Name, st.Duration)
		switch {
		case st.Immobile && st.Harmless:
			s += "; the piece can neither move nor attack"
		case st.Immobile:
			s += "; the piece cannot move"
		case st.Harmless:
			s += "; the piece attacks nothing"
		}
		out = append(out, s+".")
	}
	if c := def.Capture; c != nil && (c.Effect == "bounce" || c.Kick != "") {
		var parts []string
		if c.Effect == "bounce" {
			s := "a captured piece stays on its square"
			if c.Status != "" {
				s += " and becomes " + c.Status
			}
			s += "; the capturer bounces on by the move's step"
			if c.Status != "" {
				s += ", making every piece it passes " + c.Status
			}
			s += ", and lands on the first empty square or is lost off the edge"
			parts = append(parts, s)
		}
		if c.Kick != "" {
			parts = append(parts, fmt.Sprintf("capturing a %s piece removes it and every piece beyond it in the move's direction", c.Kick))
		}
		out = append(out, "Captures: "+strings.Join(parts, "; ")+".")
	}
	if c := def.Capture; c != nil && c.Trading != nil {
		tr := c.Trading
		men := orList(tr.Pieces)
		if tr.Guarded {
			s := fmt.Sprintf("Trades: %s may not take %s beyond its neighbours while the enemy guards it", men, men)
			if len(tr.Cheap) > 0 {
				s += fmt.Sprintf(", unless it took on its stop a man other than %s", orList(tr.Cheap))
			}
			out = append(out, s+".")
		}
		if tr.Counterstrike {
			out = append(out, fmt.Sprintf("Counterstrike: after %s is taken by another man, no other man takes %s on the next move but on that square.", men, men))
		}
		if tr.Protected {
			out = append(out, fmt.Sprintf("Trades: %s may not take %s that the enemy guards, on either step, as the board stands before the move.", men, men))
		}
		if tr.NoRetaliation {
			out = append(out, fmt.Sprintf("No retaliation: after %s is taken by another man, no %s is taken on the next move.", men, men))
		}
	}
	if h := def.Hands; h != nil {
		s := fmt.Sprintf("Hands: pools %s; captured pieces go to the %s.", strings.Join(h.Pools, ", "), h.CaptureTo)
		if h.CaptureTo == "" {
			s = fmt.Sprintf("Hands: pools %s; captured pieces leave the game.", strings.Join(h.Pools, ", "))
		}
		if d := h.Drops; d != nil && len(d.MustDrop) > 0 {
			s += fmt.Sprintf(" A side holding a %s must drop one while it can.", orList(d.MustDrop))
		}
		out = append(out, s)
	}
	if rs.FiftyMove > 0 {
		clock := "a capture"
		var resets []string
		for t := range rs.NumPieces() {
			p := rs.Piece(t)
			switch w, b := p.ResetsClock[compiler.White], p.ResetsClock[compiler.Black]; {
			case w && b:
				resets = append(resets, p.LetterText)
			case w:
				resets = append(resets, p.LetterText+" (White's)")
			case b:
				resets = append(resets, p.LetterText+" (Black's)")
			}
		}
		if len(resets) > 0 {
			clock += " or a move of " + orList(resets)
		}
		out = append(out, fmt.Sprintf("Fifty-move rule: %s after %d half-moves without %s.", drawWord(rs), rs.FiftyMove, clock))
	} else {
		out = append(out, "Fifty-move rule: none.")
	}
	if rs.Repetition > 0 {
		out = append(out, fmt.Sprintf("Repetition: %s when a position occurs for the %s time.", drawWord(rs), ordinal(rs.Repetition)))
	} else {
		out = append(out, "Repetition: no draw by repetition.")
	}
	return out
}

// fogText describes what each side sees under fog of war (compiler.FogRule).
func fogText(rs *compiler.Ruleset) string {
	s := "Fog of war: each side sees only the cells its men stand on, the cells they can move to and the men they can take (as if it were its turn; en passant only for the side to move)"
	var extra []string
	for t := range rs.NumPieces() {
		sees := rs.Fog.Sees(compiler.White, t)
		if sees.Len() == 0 {
			continue
		}
		var cells []string
		for i := range sees.Len() {
			v := sees.At(i)
			cells = append(cells, fmt.Sprintf("[%d, %d]", v.DX, v.DY))
		}
		extra = append(extra, fmt.Sprintf("a %s also sees %s from it (files, ranks forward) whatever stands there", rs.Def.Pieces[t].Name, strings.Join(cells, ", ")))
	}
	if len(extra) > 0 {
		s += "; " + strings.Join(extra, "; ")
	}
	return s + "; show --view white|black draws a side's view."
}

// wallsText describes the turn's wall (compiler.WallRule): where it may be placed, which
// cells never take one, and whether it moves or stays.
func wallsText(rs *compiler.Ruleset) string {
	w := rs.Walls
	s := "Walls: a turn is a move, then a wall placed "
	if w.Instead {
		s = "Walls: a turn is a move, or instead of it (not in check) a wall placed "
	}
	switch w.Place {
	case compiler.WallReach:
		s += "on an empty square the moved man could move to from where it landed, on the board as the move left it (a move from which it could move nowhere is no turn)"
	case compiler.WallOrigin:
		s += "on the square the man left"
	case compiler.WallEdge:
		s += "on an empty square of the board's edge, or next to a wall already standing (a rank or file away)"
	default:
		s += "on any empty square"
	}
	var except []string
	for b := rs.Squares.AndNot(rs.WallCells); b.Any(); b = b.Rest() {
		except = append(except, rs.SquareName(b.First()))
	}
	if len(except) > 0 {
		s += ", never on " + orList(except)
	}
	if w.Moving {
		s += "; the wall standing is taken down as the new one is placed, so a single wall moves every turn, always to another square"
	} else {
		s += "; walls stay for the rest of the game"
	}
	s += ". A wall blocks every man of both sides (none lands on it or passes over it) and is never taken. The FEN writes a wall '*'; "
	if w.Instead {
		return s + "a wall turn is written as the side's man on the lowest square standing still, then the wall's square after a comma: a1a1,a1d4 (in SAN pass,d4); a move is written alone."
	}
	return s + "a turn is written with the wall's square after a comma: in coordinates after the square where the man landed (e2e4,e4d5), in SAN alone (e4,d5)."
}

// drawWord is what ends a game the rules call drawn: a draw, or points.
func drawWord(rs *compiler.Ruleset) string {
	if rs.HasPoints {
		return "decided on points"
	}
	return "draw"
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

func describeGoal(rs *compiler.Ruleset, g *compiler.Goal[compiler.Bitboard]) string {
	d := g.Def
	name := "Goal"
	if d.Name != "" {
		name = fmt.Sprintf("Goal %q", d.Name)
	}
	var cond []string
	if d.Reach != "" {
		whose := ""
		if z := zoneSets(rs, d.Reach); z[0] != z[1] {
			whose = "its own side's squares of "
			if d.Whose == "opponent" {
				whose = "the opponent's squares of "
			}
		}
		switch {
		case d.Full && d.Count > 1:
			cond = append(cond, fmt.Sprintf("after the move (whichever man moved), at least %d men (%s) of the mover stand on %szone %s, or one does and every cell there holds a man of either side", d.Count, typeLetters(rs, g.Types), whose, zoneText(rs, d.Reach)))
		case d.Full:
			cond = append(cond, fmt.Sprintf("after the move (whichever man moved), a %s of the mover stands on %szone %s", typeLetters(rs, g.Types), whose, zoneText(rs, d.Reach)))
		default:
			cond = append(cond, fmt.Sprintf("a %s of the mover ends its move on %szone %s", typeLetters(rs, g.Types), whose, zoneText(rs, d.Reach)))
		}
	}
	if len(d.Hit) > 0 {
		cond = append(cond, fmt.Sprintf("a move hits an enemy %s (captures it, removes it or bounces over it; if it hits one of the mover's own first, the result is reversed)", orList(d.Hit)))
	}
	if len(d.Extinct) > 0 {
		side := "the opponent has"
		if d.Whose == "own" {
			side = "the mover has"
		}
		kinds := "of one of the kinds " + orList(d.Extinct)
		if d.Together {
			kinds = "of " + orList(d.Extinct) + " counted together"
			if len(d.Extinct) == rs.NumPieces() {
				kinds = "in all"
			}
		}
		men := "men"
		if d.AtMost == 1 {
			men = "man"
		}
		if len(d.Extinct) == 1 {
			kinds = ""
			men = d.Extinct[0]
		}
		c := strings.TrimSpace(fmt.Sprintf("%s at most %d %s %s", side, d.AtMost, men, kinds)) + " on the board and in hand"
		if d.AtMost == 0 {
			c = strings.TrimSpace(fmt.Sprintf("%s no %s %s", side, men, kinds)) + " left, on the board or in hand"
		}
		if d.OpponentAtLeast > 0 {
			c += fmt.Sprintf(" while the other side has at least %d", d.OpponentAtLeast)
		}
		cond = append(cond, c)
	}
	if d.Line > 0 {
		side := "the mover has"
		if d.Whose == "opponent" {
			side = "the opponent has"
		}
		along := "a rank, a file or a diagonal"
		if len(d.Along) > 0 {
			along = orList(d.Along)
		}
		switch {
		case d.Block:
			cond = append(cond, fmt.Sprintf("%s men (%s) filling a square of %d by %d cells", side, typeLetters(rs, g.Types), d.Line, d.Line))
		case d.Gaps:
			cond = append(cond, fmt.Sprintf("%s %d men (%s) along %s, other cells between them or not", side, d.Line, typeLetters(rs, g.Types), along))
		default:
			cond = append(cond, fmt.Sprintf("%s %d men (%s) next to one another along %s", side, d.Line, typeLetters(rs, g.Types), along))
		}
	}
	if len(d.Connect) == 2 {
		side := "the mover has"
		if d.Whose == "opponent" {
			side = "the opponent has"
		}
		along := "a rank, a file or a diagonal"
		if len(d.Along) > 0 {
			along = orList(d.Along)
		}
		steps := "each next to the one before along " + along
		if d.OneWay {
			var ways []string
			for _, w := range []struct{ line, way string }{{"rank", "east"}, {"file", "north"}, {"diagonal", "north-east"}, {"diagonal", "south-east"}} {
				if len(d.Along) == 0 || slices.Contains(d.Along, w.line) {
					ways = append(ways, w.way)
				}
			}
			steps = fmt.Sprintf("each one step %s of the one before (never back; two men at least)", orList(ways))
		}
		cond = append(cond, fmt.Sprintf("%s a chain of men (%s), %s, from its part of zone %s to its part of zone %s", side, typeLetters(rs, g.Types), steps, zoneText(rs, d.Connect[0]), zoneText(rs, d.Connect[1])))
	}
	if d.ChecksGiven {
		cond = append(cond, fmt.Sprintf("the mover has given its %d checks", rs.CheckCounter))
	}
	if d.SafeOn != "" {
		whose := map[string]string{"": "the mover's", "own": "the mover's", "opponent": "the side to move's", "both": "each side's"}[d.Whose]
		cond = append(cond, fmt.Sprintf("%s %s stands on its side's part of zone %s with no enemy man attacking it", whose, typeLetters(rs, g.Types), zoneText(rs, d.SafeOn)))
	}
	if d.GivesCheck {
		cond = append(cond, "the move leaves the opponent in check (a position read with the side to move in check is over)")
	}
	if len(d.Castled) > 0 {
		cond = append(cond, fmt.Sprintf("the move is a castling on the %s side", orList(d.Castled)))
	}
	if len(d.CastlingLost) > 0 {
		side := "the mover keeps"
		if d.Whose == "opponent" {
			side = "the opponent keeps"
		}
		cond = append(cond, fmt.Sprintf("%s no right to castle on the %s side (judged on the position)", side, orList(d.CastlingLost)))
	}
	if d.Stands != "" {
		cond = append(cond, fmt.Sprintf("a %s of the side to move still stands on zone %s (it got there the move before)", typeLetters(rs, g.Types), zoneText(rs, d.Stands)))
	}
	if d.Side != "" {
		cond = append(cond, d.Side+" has moved")
	}
	if d.When != "" {
		cond = append(cond, fmt.Sprintf("after the move, %s holds", d.When))
	}
	if d.Count > 1 && !d.Full {
		cond = append(cond, fmt.Sprintf("at least %d men (%s) of the mover stand on its part of zone %s", d.Count, typeLetters(rs, g.Types), zoneText(rs, d.Reach)))
	}
	if d.Answerable {
		cond = append(cond, "the opponent cannot answer by reaching its own part of the zone in one move")
	}
	result := "wins"
	switch d.Result {
	case "loss":
		result = "loses"
	case "draw":
		result = "draws"
	}
	return fmt.Sprintf("%s: when %s, the mover %s.", name, strings.Join(cond, " and "), result)
}

// stepsText describes freeze offsets: "adjacent (one step in any direction)" for the
// king's neighbourhood, else the offsets in all directions.
func stepsText(steps [][]int) string {
	set := map[vec]bool{}
	var vs []string
	for _, s := range steps {
		if len(s) != 2 {
			continue
		}
		for _, w := range compiler.Images(vec{DX: s[0], DY: s[1]}, "all", nil) {
			set[w] = true
		}
		vs = append(vs, fmt.Sprintf("(%d,%d)", s[0], s[1]))
	}
	if len(set) == 8 && set[vec{DX: 1, DY: 0}] && set[vec{DX: 1, DY: 1}] {
		return "on adjacent squares (one step in any direction)"
	}
	sort.Strings(vs)
	return "at offsets " + strings.Join(vs, ", ") + " in every direction"
}

// Piece writes a piece's heading and the description of its moves.
// With generated, the describe: text of the definition is ignored.
func Piece(rs *compiler.Ruleset, p *defs.Piece, generated bool) (string, []string) {
	var traits []string
	if p.Royal {
		traits = append(traits, "royal")
	}
	if p.RidesUnattacked {
		traits = append(traits, "never rides through check")
	}
	if p.PassOnce {
		traits = append(traits, "passes by a step out and back, one move whichever square")
	}
	if p.Immune {
		traits = append(traits, "cannot be captured")
	}
	if p.Confined != "" {
		if rs != nil {
			traits = append(traits, "stays on its own side's squares of "+zoneText(rs, p.Confined))
		} else {
			traits = append(traits, "stays on its own side's squares of zone "+p.Confined)
		}
	}
	if p.Value != 0 {
		traits = append(traits, fmt.Sprintf("value %d", p.Value))
	}
	if p.SANLetter != nil && *p.SANLetter != p.Letter {
		if *p.SANLetter == "" {
			traits = append(traits, "no letter in SAN")
		} else {
			traits = append(traits, "SAN letter "+*p.SANLetter)
		}
	}
	head := p.Letter + "  " + p.Name
	if len(traits) > 0 {
		head += " (" + strings.Join(traits, ", ") + ")"
	}
	if d := strings.TrimSpace(p.Describe); d != "" && !generated {
		return head, strings.Split(d, "\n")
	}
	var lines []string
	for i := range p.Moves {
		lines = append(lines, describeAtom(rs, &p.Moves[i]))
	}
	if len(lines) == 0 {
		lines = append(lines, "does not move")
	}
	if len(p.FirstMoveEndsAimedBy) > 0 {
		lines = append(lines, fmt.Sprintf("its first-move right also ends when an enemy %s moves to a cell from which it would capture onto the man on an empty board", orList(p.FirstMoveEndsAimedBy)))
	}
	return head, lines
}

// zoneSets is the named zone's cells for each side (none for an unknown name).
func zoneSets(rs *compiler.Ruleset, name string) [2]compiler.Bitboard {
	z, _ := rs.Zone(name)
	return z
}

// countingText describes the counting rules (rules.counting): the table, line by line.
func countingText(c *defs.Counting) string {
	var lines []string
	for _, l := range c.Limits {
		var conds []string
		if len(l.BoardHas) > 0 {
			conds = append(conds, "a "+orList(l.BoardHas)+" stands on the board")
		}
		if l.Alone != nil {
			conds = append(conds, map[bool]string{true: "it has a single man", false: "it has more than one man"}[*l.Alone])
		}
		if l.OpponentAlone != nil {
			conds = append(conds, map[bool]string{true: "the other side has a single man", false: "the other side has more than one man"}[*l.OpponentAlone])
		}
		if len(l.OpponentHas) > 0 {
			conds = append(conds, "the other side has "+limitsText(l.OpponentHas))
		}
		what := "no count"
		if *l.Moves > 0 {
			what = fmt.Sprintf("%d moves", *l.Moves)
		}
		if len(conds) == 0 {
			lines = append(lines, "else "+what)
		} else {
			lines = append(lines, what+" when "+strings.Join(conds, " and "))
		}
	}
	s := "Counting: after each move, while no count runs (or a capture has just left the side to move a single man), a count starts for the side to move by the first that applies: " + strings.Join(lines, "; ") + "."
	if c.FromMen {
		s += " A side with a single man counts from twice the men on the board."
	}
	return s + " Past its limit the game is drawn; the FEN writes the limit and the count in half-moves in the en-passant and half-move fields."
}

// inPlaceText describes a promotion made as a move of its own (promotion.in-place).
func inPlaceText(rs *compiler.Ruleset, letter string, pr *defs.Promotion) string {
	ip := pr.InPlace
	s := fmt.Sprintf("Promotion: %s standing on %s", letter, zoneText(rs, pr.Zone))
	if ip.LoneAnywhere {
		s += fmt.Sprintf(" (anywhere when it is its side's last %s)", letter)
	}
	s += fmt.Sprintf(" may turn into %s as a move of its own, where it stands (written e5e5f)", orList(pr.To))
	if ip.Step {
		s += " or as it makes one move of the new piece onto an empty square"
	}
	s += "; its other moves never promote"
	if len(pr.Limits) > 0 {
		s += "; only to a piece its side has fewer of than " + limitsText(pr.Limits)
	}
	if ip.MayAttack != nil && !*ip.MayAttack {
		s += "; the new piece may not attack an enemy man where it ends"
	}
	if ip.MayGiveCheck != nil && !*ip.MayGiveCheck {
		s += "; the promotion may not give check"
	}
	return s + "."
}

// limitsText writes promotion limits: "1 Q, 2 R" in the order of the letters.
func limitsText(limits map[string]int) string {
	letters := make([]string, 0, len(limits))
	for l := range limits {
		letters = append(letters, l)
	}
	sort.Strings(letters)
	var parts []string
	for _, l := range letters {
		parts = append(parts, fmt.Sprintf("%d %s", limits[l], l))
	}
	return strings.Join(parts, ", ")
}

// offsetText describes a [files, ranks] offset seen from a man's own side: "directly
// behind it", "2 files right and 1 rank forward of it".
func offsetText(v []int) string {
	switch {
	case v[0] == 0 && v[1] == -1:
		return "directly behind it"
	case v[0] == 0 && v[1] == 1:
		return "directly in front of it"
	}
	var parts []string
	if v[0] != 0 {
		side := "right"
		if v[0] < 0 {
			side = "left"
		}
		parts = append(parts, fmt.Sprintf("%d %s %s", abs(v[0]), Plural(abs(v[0]), "file", "files"), side))
	}
	if v[1] != 0 {
		way := "forward"
		if v[1] < 0 {
			way = "back"
		}
		parts = append(parts, fmt.Sprintf("%d %s %s", abs(v[1]), Plural(abs(v[1]), "rank", "ranks"), way))
	}
	return strings.Join(parts, " and ") + " of it (seen from its side)"
}

// hexShape classifies a vector on a hexagonal board (defs/hex.go's axial coordinates): a
// whole number of edge steps (orthogonal), of vertex steps (diagonal), or neither.
func hexShape(v vec) (kind string, n int) {
	x, y := v.DX, v.DY
	switch {
	case x == 0 || y == 0 || x == y:
		return "orthogonal", max(abs(x), abs(y))
	case x == 2*y || y == 2*x:
		return "diagonal", (abs(x) + abs(y)) / 3
	case x == -y:
		return "diagonal", abs(x)
	}
	return "oblique", 0
}

// hexDirectionName names a hexagonal board's direction as seen from White: forward or
// backward by its height (2y - x half cells), left or right by its file.
func hexDirectionName(v vec) string { return wayName(2*v.DY-v.DX, v.DX) }

// hexDirections describes a set of images of one vector on a hexagonal board.
func hexDirections(kind string, imgs []vec) string {
	switch {
	case len(imgs) == 12:
		return "in all 12 directions"
	case len(imgs) == 6 && kind == "orthogonal":
		return "orthogonally (the 6 directions across the cell's edges)"
	case len(imgs) == 6 && kind == "diagonal":
		return "diagonally (the 6 directions across the cell's corners)"
	}
	var names []string
	for _, v := range imgs {
		names = append(names, hexDirectionName(v))
	}
	s := strings.Join(names, " or ")
	switch kind {
	case "orthogonal":
		return s + " across an edge"
	case "diagonal":
		return s + " across a corner"
	}
	return s
}

func cells(n int) string {
	return strings.Replace(squares(n), "square", "cell", 1)
}

// describeHex writes a leap or ride on a hexagonal board in words.
func describeHex(rs *compiler.Ruleset, a *defs.Atom) string {
	v, ride := vec{}, a.Ride != nil
	if ride {
		v = vec{DX: a.Ride[0], DY: a.Ride[1]}
	} else {
		v = vec{DX: a.Leap[0], DY: a.Leap[1]}
	}
	imgs := rs.Images(v, a.Symmetry, a.Only)
	if len(imgs) == 0 {
		return "moves nowhere (the direction filter keeps no direction)"
	}
	kind, n := hexShape(v)
	dirs := hexDirections(kind, imgs)
	var s string
	switch {
	case !ride && kind != "oblique" && n == 1:
		return "steps one cell " + dirs
	case !ride && kind != "oblique":
		return "jumps " + cells(n) + " " + dirs
	case !ride:
		s = fmt.Sprintf("leaps [%d,%d] %s", v.DX, v.DY, dirs)
		if len(imgs) == 12 && (abs(v.DX) == 1 && abs(v.DY) == 3 || abs(v.DX) == 3 && abs(v.DY) == 1 || abs(v.DX) == 2 && abs(v.DY) == 3 || abs(v.DX) == 3 && abs(v.DY) == 2) {
			s += " (two steps across edges and one more at 60°: the hexagonal knight's)"
		}
		return s
	case kind != "oblique" && n == 1:
		s = "rides " + dirs
	default:
		s = fmt.Sprintf("rides along repeated [%d,%d] leaps %s", v.DX, v.DY, dirs)
	}
	rng, _ := rangeText(a.Range, cells)
	return s + rng
}

// rangeText is a ride's range (an atom's range: [max] or [min, max], 0 for no bound) in
// words after a comma: ", any distance", ", exactly 3 squares", ", two to five cells";
// count writes a number of steps ("3 squares", "three cells"). unlimited: from one step
// with no bound.
func rangeText(rng []int, count func(int) string) (s string, unlimited bool) {
	mn, mx := 1, 0
	if len(rng) == 1 {
		mx = rng[0]
	} else if len(rng) == 2 {
		mn, mx = max(rng[0], 1), rng[1]
	}
	switch {
	case mn == 1 && mx == 0:
		return ", any distance", true
	case mn == mx:
		return ", exactly " + count(mn), false
	case mx == 0:
		return ", at least " + count(mn), false
	case mn == 1:
		return ", up to " + count(mx), false
	}
	number, _, _ := strings.Cut(count(mn), " ")
	return ", " + number + " to " + count(mx), false
}
