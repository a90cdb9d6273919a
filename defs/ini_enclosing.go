// The current source's enclosing rules (enclosingDrop, enclosingDropStart, flipEnclosedPieces) and stalematePieceCount, mapped onto Chimera's drop rules, flips and stalemate results.

package defs

import (
	"slices"
	"strings"
)

// enclosingKey reads an EnclosingRule value: one of the table's (fsf/tables.yaml).
func (im *importer) enclosingKey(key string) (iniKey, string, bool) {
	k, ok := im.get(key)
	if !ok {
		return k, "", false
	}
	if _, known := tables().EnclosingDrop[k.Value]; !known {
		im.errorf(k, "expected %s, found %s", tableNames(tables().EnclosingDrop), Quote(k.Value))
		return k, "", false
	}
	return k, k.Value, true
}

// importEnclosing maps the drop and flip rules of the current source's
// Position::drop_region and Position::do_move over the parent's, each value as the tables
// enclosing-drop and flip-enclosed say (fsf/tables.yaml):
//
//   - enclosingDrop: the drops restricted to where they flank enemy men, next to one's
//     own men, on top (rank 1, or right above a man), away from enemy men, or not at all;
//     a value that no Chimera rule says is refused with the table's reason. dropOnTop =
//     true, an older spelling read before it, is the on-top value.
//   - enclosingDropStart: hands.drops.first-on, while the drops are restricted at all (the
//     current source ignores it without an enclosingDrop).
//   - flipEnclosedPieces: the flip (flanked men, adjacent men, adjacent men by a drop only
//     beside one of the mover's), or none. Refused with a royal man (Fairy-Stockfish: "Can
//     not use kings with flipEnclosedPieces").
func (im *importer) importEnclosing() {
	def := im.def
	ek, drop, dok := im.enclosingKey("enclosingDrop")
	sk, sok := im.get("enclosingDropStart")
	fk, flip, fok := im.enclosingKey("flipEnclosedPieces")
	if tk, ok := im.get("dropOnTop"); ok {
		// Read before enclosingDrop (src/parser.cpp): true is on top, unless a nearer
		// section or the same one gives enclosingDrop; false changes nothing.
		switch tk.Value {
		case "true":
			if !dok || ek.Depth > tk.Depth {
				for v, rule := range tables().EnclosingDrop {
					if rule.OnTop {
						ek, drop, dok = tk, v, true
					}
				}
			}
		case "false":
		default:
			im.errorf(tk, "expected true or false, found %s", Quote(tk.Value))
		}
	}
	var d *Drops
	if def.Hands != nil {
		d = def.Hands.Drops
	}
	if d != nil && im.resized {
		d.FirstOn = onBoard(d.FirstOn, def.Board.Files, def.Board.Ranks)
	}
	if dok {
		if rule := tables().EnclosingDrop[drop]; rule.Refused != "" {
			im.errorf(ek, "%s: not imported: %s", drop, rule.Refused)
		} else if d != nil {
			d.Flanking, d.NextToOwn, d.OnTop, d.AwayFromEnemy = rule.Flanking, rule.NextToOwn, rule.OnTop, rule.AwayFromEnemy
			d.SlideIn, d.SlideThrough = rule.SlideIn, rule.SlideThrough
			if why := im.slidesOver(d); why != "" && len(rule.SlideIn)+len(rule.SlideThrough) > 0 {
				im.errorf(ek, "%s: not imported: %s", drop, why)
			}
		}
	}
	restricted := d != nil && (d.NextToOwn || d.Flanking || d.OnTop || d.AwayFromEnemy || len(d.SlideIn)+len(d.SlideThrough) > 0)
	if sok && d != nil {
		if sq, ok := im.parseSquares(sk); ok {
			d.FirstOn = onBoard(sq, def.Board.Files, def.Board.Ranks)
		}
	}
	if d != nil && (!restricted || len(d.FirstOn) == 0) {
		d.FirstOn = nil // the start's cells restrict only restricted drops
	}
	if fok {
		def.Flip = nil
		if f := tables().FlipEnclosed[flip]; f != nil {
			def.Flip = &Flip{Adjacent: f.Adjacent, Flanked: f.Flanked, DropsNextToOwn: f.DropsNextToOwn && d != nil}
		}
		if def.Flip != nil && hasRoyal(def) {
			im.errorf(fk, "not imported: a flip in a variant with a king (Fairy-Stockfish: \"Can not use kings with flipEnclosedPieces\")")
		}
	}
}

// slidesOver says why drops that slide in cannot be imported over the definition's other
// drop rules ("" where they can): Position::drop_region starts its cells over for
// anyside, so the drop regions, the pawns' ranks, the files of one pawn and the men's
// mobility regions it read before count for nothing there, while Chimera's rules all
// hold at once.
func (im *importer) slidesOver(d *Drops) string {
	switch {
	case len(d.Forbid) > 0:
		return "the drops slide in wherever the section's drop regions or pawn ranks say (Position::drop_region sets its cells anew for anyside), which Chimera's forbidden zones would still bar"
	case len(d.OnePerFile) > 0:
		return "the drops slide in whatever men stand on a file (Position::drop_region sets its cells anew for anyside), which one-per-file would still bar"
	case slices.ContainsFunc(im.def.Pieces, func(p Piece) bool { return p.Confined != "" }):
		return "the drops slide in whatever a type's mobility region (Position::drop_region sets its cells anew for anyside), which confined would still bar"
	case im.def.Board.Layout != "" && strings.ContainsAny(im.def.Board.Layout, "*-"):
		return "a board with cells out of play: Chimera's drops slide along whole ranks and files"
	}
	return ""
}

// stalemate reads the parent's stalemate back as Fairy-Stockfish's stalemateValue and
// stalematePieceCount: fewer-men-wins is win counted, more-men-wins loss counted.
func stalemate(otherwise string) (value string, counted bool) {
	switch otherwise {
	case "fewer-men-wins":
		return "win", true
	case "more-men-wins":
		return "loss", true
	case "":
		return "draw", false
	}
	return otherwise, false
}

// importStalematePieceCount maps stalematePieceCount with stalemateValue (read by the rules
// table) over the parent's (im.parentStalemate): counted, Position::stalemate_value's
// sign of the men's difference makes win fewer-men-wins and loss more-men-wins (draw stays
// a draw); a section's stalemateValue over a counting parent counts too.
func (im *importer) importStalematePieceCount() {
	r := &im.def.Rules
	pv, pc := stalemate(im.parentStalemate)
	k, given := im.get("stalematePieceCount")
	counted := pc
	if given {
		switch k.Value {
		case "true", "false":
			counted = k.Value == "true"
		default:
			im.errorf(k, "expected true or false, found %s", Quote(k.Value))
			return
		}
	}
	value := pv
	if _, ok := im.keys["stalemateValue"]; ok {
		value, _ = stalemate(r.NoMoves.Otherwise)
	}
	if !counted {
		if given {
			r.NoMoves.Otherwise = value
		}
		return
	}
	switch value {
	case "win":
		r.NoMoves.Otherwise = "fewer-men-wins"
	case "loss":
		r.NoMoves.Otherwise = "more-men-wins"
	case "draw":
		r.NoMoves.Otherwise = "draw"
	default:
		if given {
			im.errorf(k, "not imported: the parent's stalemate (%s) is no stalemateValue to count men with", value)
		}
	}
}
