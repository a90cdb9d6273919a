// The variants.ini key immobilityIllegal: no man moved or dropped where it could never move again.

package defs

import (
	"fmt"
	"slices"
	"strings"
)

// deadSquares returns each side's squares from which the piece has no quiet move on an
// empty board of this size, as Fairy-Stockfish's PseudoMoves[0] (its quiet moves, not its
// initial ones) finds them: a leap's square, a ride's first (or its least range's), a
// hop's first square along its line; the atoms made from a zone (a pawn's double step,
// its initial move) do not count. ok is false for a multi-leg move other than a hop,
// which this does not read.
func deadSquares(p Piece, files, ranks int) (white, black []string, ok bool) {
	type step struct{ dx, dy int }
	var quiet []step
	for _, a := range p.Moves {
		if a.Mode == "capture" || a.Mode == "capture-royal" || a.From != "" || a.Initial || a.EPTarget {
			continue
		}
		var vec []int
		n := 1
		switch {
		case a.Leap != nil:
			vec = a.Leap
		case a.Ride != nil:
			vec = a.Ride
			if len(a.Range) == 2 && a.Range[0] > 1 {
				n = a.Range[0]
			}
		case len(a.Path) > 0 && slices.ContainsFunc(a.Path, func(l Leg) bool {
			return slices.ContainsFunc(l.On, func(o string) bool { return o == "friend" || o == "enemy" || o == "any" })
		}):
			// A hop: on an empty board Fairy-Stockfish counts every square of its line.
			vec = a.Path[0].Step
		default:
			return nil, nil, false
		}
		if len(vec) != 2 {
			return nil, nil, false
		}
		for _, w := range Images(vec[0], vec[1], a.Symmetry, a.Only) {
			quiet = append(quiet, step{w[0] * n, w[1] * n})
		}
	}
	white, black = []string{}, []string{}
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			for side := 0; side < 2; side++ {
				moves := false
				for _, s := range quiet {
					dx, dy := s.dx, s.dy
					if side == 1 {
						dy = -dy
						if p.Turned {
							dx = -dx
						}
					}
					if x, y := f+dx, r+dy; x >= 0 && x < files && y >= 0 && y < ranks {
						moves = true
						break
					}
				}
				if !moves {
					sq := fmt.Sprintf("%c%d", 'a'+f, r+1)
					if side == 0 {
						white = append(white, sq)
					} else {
						black = append(black, sq)
					}
				}
			}
		}
	}
	return white, black, true
}

// importImmobility maps immobilityIllegal = true (Position::legal): a man may not be moved
// (an ordinary move, not a promotion) or dropped onto a square from which it has no quiet
// move on an empty board. For each type with such squares: its drops are forbidden there
// (hands.drops.forbid, zone ini-dead-x); a man that never promotes is confined out of
// them; one whose promotion is optional must promote there (promotion.forced); one that
// must promote on entering its zone never stands there unpromoted; one with no move at all
// (immobile) is only never dropped. A type whose dead
// squares reach past its promotion zone, or that promotes only by capturing, is refused.
// immobilityIllegal = false is read over a parent without a built-in rule of the kind
// (no parent, or no dead squares); over another it is refused.
//
// Without the key, a section over a built-in whose immobilityIllegal is true
// (immobility-illegal in fsf/tables.yaml) has it applied to the types it adds, at the
// line of the key that adds each; the parent's own types keep the built-in's rules.
func (im *importer) importImmobility() {
	def := im.def
	k, ok := im.keys["immobilityIllegal"]
	on, inherited := false, false
	switch {
	case ok:
		if on, ok = im.boolKey("immobilityIllegal", false); !ok {
			return
		}
	case !im.fresh && slices.Contains(tables().ImmobilityIllegal, im.builtin):
		on, inherited = true, true
	default:
		return
	}
	type dead struct {
		at   int
		w, b []string
	}
	var found []dead
	for i, p := range def.Pieces {
		if inherited {
			if im.parentsOwn(p) {
				continue
			}
			k = im.pieceKey(p.Letter)
		}
		w, b, ok := deadSquares(p, def.Board.Files, def.Board.Ranks)
		if !ok {
			im.errorf(k, "not imported: the %s has multi-leg moves, whose squares of no move this import does not find", p.Name)
			return
		}
		if len(w) > 0 || len(b) > 0 {
			found = append(found, dead{i, w, b})
		}
	}
	if !on {
		if !im.fresh && len(found) > 0 {
			im.errorf(k, "not imported: false over a built-in parent, whose rules may keep men off squares they could never leave (Chimera's parent may differ from Fairy-Stockfish's there)")
		}
		return
	}
	for _, d := range found {
		p := &def.Pieces[d.at]
		zone := "ini-dead-" + strings.ToLower(strings.TrimPrefix(p.Letter, "+"))
		if strings.HasPrefix(p.Letter, "+") {
			zone += "-promoted"
		}
		def.Zones[zone] = Zone{White: d.w, Black: d.b}
		if h := def.Hands; h != nil && h.Drops != nil {
			if h.Drops.Promoted && p.FEN != "" {
				im.errorf(k, "not imported: the %s, dropped promoted, has squares it could never leave", p.Name)
				return
			}
			h.Drops.Forbid = append(h.Drops.Forbid, DropRule{Pieces: []string{p.Letter}, Zone: zone})
		}
		pr := p.Promotion
		if len(p.Moves) == 0 {
			// Never moved (immobile): only its drops are moves Fairy-Stockfish checks; a
			// promotion into it, or a man of it in the start position, stands anywhere.
			continue
		}
		if pr == nil {
			// Never promoted: it may not stand there at all.
			all := im.allSquares()
			outside := func(dead []string) []string {
				return slices.DeleteFunc(slices.Clone(all), func(s string) bool { return slices.Contains(dead, s) })
			}
			keep := Zone{White: outside(d.w), Black: outside(d.b)}
			if p.Confined != "" {
				cw, cb := zoneSquares(def.Zones[p.Confined], def.Board.Files, def.Board.Ranks)
				keep = Zone{White: slices.DeleteFunc(keep.White, func(s string) bool { return !slices.Contains(cw, s) }),
					Black: slices.DeleteFunc(keep.Black, func(s string) bool { return !slices.Contains(cb, s) })}
			}
			def.Zones[zone+"-not"] = keep
			p.Confined = zone + "-not"
			continue
		}
		zw, zb := zoneSquares(def.Zones[pr.Zone], def.Board.Files, def.Board.Ranks)
		outsideZone := slices.ContainsFunc(d.w, func(s string) bool { return !slices.Contains(zw, s) }) ||
			slices.ContainsFunc(d.b, func(s string) bool { return !slices.Contains(zb, s) })
		switch {
		case outsideZone:
			im.errorf(k, "not imported: the %s has squares it could never leave outside its promotion zone, where Fairy-Stockfish forbids its moves but not its promotions", p.Name)
			return
		case pr.OnCapture || pr.Entering || pr.InPlace != nil || pr.FromPool != "":
			im.errorf(k, "not imported: the %s, whose promotion is not every move's into its zone, has squares it could never leave", p.Name)
			return
		case !pr.Optional:
			// Every move into the zone promotes.
		case pr.Forced != "":
			fw, fb := zoneSquares(def.Zones[pr.Forced], def.Board.Files, def.Board.Ranks)
			def.Zones[zone+"-forced"] = Zone{White: dedupe(append(fw, d.w...)), Black: dedupe(append(fb, d.b...))}
			pr.Forced = zone + "-forced"
		default:
			pr.Forced = zone
		}
	}
}

// pieceKey is the key that gives the section's type of letter (lance = l, customPiece1 =
// l:..., the nearest section's), where an error about the type points.
func (im *importer) pieceKey(letter string) iniKey {
	l := strings.ToLower(strings.TrimPrefix(letter, "+"))
	var best iniKey
	found := false
	for _, k := range im.keys {
		v := strings.ToLower(strings.TrimSpace(k.Value))
		if v != l && !strings.HasPrefix(v, l+":") {
			continue
		}
		if !found || k.Depth < best.Depth || k.Depth == best.Depth && k.Line < best.Line {
			best, found = k, true
		}
	}
	return best
}

// parentsOwn reports whether p is one of the parent's types as the parent has it: its
// letter and its name (a type the section adds may take a parent's letter).
func (im *importer) parentsOwn(p Piece) bool {
	for i, l := range im.parentLetters {
		if l == p.Letter && im.parentNames[i] == p.Name {
			return true
		}
	}
	return false
}
