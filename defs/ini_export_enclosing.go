// Writing the drop and flip rules of the current source (enclosingDrop, enclosingDropStart, flipEnclosedPieces), a stalemate judged by counting men, the pass without other moves and the full-board end: each value found by reading the importer's tables and mappings backwards.

package defs

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// enclosing writes the drop restriction and the flip as the values of enclosingDrop and
// flipEnclosedPieces whose rows of fsf/tables.yaml are the definition's rules (the first
// such value by name), with enclosingDropStart for the restricted drops' first cells. A
// rule no row says is refused, and so is a bottomless pool.
func (ex *exporter) enclosing() {
	def := ex.def
	var d *Drops
	if def.Hands != nil {
		d = def.Hands.Drops
	}
	if d != nil && d.Free {
		// Fairy-Stockfish's current source has the rule (Variant::freeDrops) for its own
		// variants only: src/parser.cpp reads no key for it, so a section's drops count
		// its pocket.
		ex.refuse("hands.drops.free", "a bottomless pool: Fairy-Stockfish's freeDrops is set by its built-in variants only (its variants.ini parser, src/parser.cpp, reads no such key)")
	}
	if d != nil && (d.Flanking || d.NextToOwn || d.OnTop || d.AwayFromEnemy || len(d.SlideIn)+len(d.SlideThrough) > 0) {
		t := tables().EnclosingDrop
		at := slices.IndexFunc(slices.Sorted(maps.Keys(t)), func(v string) bool {
			r := t[v]
			return r.Refused == "" && r.Flanking == d.Flanking && r.NextToOwn == d.NextToOwn && r.OnTop == d.OnTop && r.AwayFromEnemy == d.AwayFromEnemy &&
				sameSet(r.SlideIn, d.SlideIn) && sameSet(r.SlideThrough, d.SlideThrough)
		})
		if at < 0 {
			ex.refuse("hands.drops", "drops restricted to %s at once: no enclosingDrop value (fsf/tables.yaml) restricts them so", dropRestrictions(d))
		} else {
			ex.put("enclosingDrop", slices.Sorted(maps.Keys(t))[at], "hands.drops")
		}
		if len(d.FirstOn) > 0 {
			ex.put("enclosingDropStart", strings.Join(d.FirstOn, " "), "hands.drops.first-on")
		}
	}
	if f := def.Flip; f != nil {
		t := tables().FlipEnclosed
		names := slices.Sorted(maps.Keys(t))
		at := slices.IndexFunc(names, func(v string) bool {
			g := t[v]
			return g != nil && g.Adjacent == f.Adjacent && g.Flanked == f.Flanked && g.DropsNextToOwn == f.DropsNextToOwn
		})
		if at < 0 {
			ex.refuse("flip", "%s: no flipEnclosedPieces value (fsf/tables.yaml) turns those men", show(f))
		} else {
			ex.put("flipEnclosedPieces", names[at], "flip")
		}
	}
}

// dropRestrictions names a drop's restrictions by their YAML keys.
func dropRestrictions(d *Drops) string {
	var out []string
	for _, r := range []struct {
		on   bool
		name string
	}{{d.Flanking, "flanking"}, {d.NextToOwn, "next-to-own"}, {d.OnTop, "on-top"}, {d.AwayFromEnemy, "away-from-enemy"},
		{len(d.SlideIn) > 0, "slide-in " + strings.Join(d.SlideIn, ", ")}, {len(d.SlideThrough) > 0, "slide-through " + strings.Join(d.SlideThrough, ", ")}} {
		if r.on {
			out = append(out, r.name)
		}
	}
	return strings.Join(out, " and ")
}

// stalemateCount writes a stalemate judged by counting men as stalemateValue with
// stalematePieceCount, as stalemate (the import's reading) gives them back.
func (ex *exporter) stalemateCount() {
	value, counted := stalemate(ex.def.Rules.NoMoves.Otherwise)
	if counted {
		ex.put("stalemateValue", value, "rules.no-moves.otherwise")
		ex.put("stalematePieceCount", "true", "rules.no-moves.otherwise")
	}
}

// passes writes a pass legal only without another move as passOnStalemate (both sides':
// importPass reads one for both), and the full-board end as adjudicateFullBoard. A pass
// the import reads from no key is refused.
func (ex *exporter) passes() {
	r := ex.def.Rules
	if p := r.Pass; p != nil && p.OnlyWithoutMoves {
		if p.InCheck || p.EndAfter != 2 {
			ex.refuse("rules.pass", "%s: Fairy-Stockfish's passOnStalemate is a pass out of check only, two in a row ending the game", show(p))
		}
		ex.put("passOnStalemate", "true", "rules.pass")
	}
	if r.FullBoard {
		ex.put("adjudicateFullBoard", strconv.FormatBool(r.FullBoard), "rules.full-board")
	}
}
