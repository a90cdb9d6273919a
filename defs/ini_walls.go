// The variants.ini keys of walls (Fairy-Stockfish's current source): wallingRule, wallingRegion*, wallOrMove.

package defs

import (
	"fmt"
	"slices"
	"strings"
)

// fsfWallPlace is where each wallingRule value puts the turn's wall, as Chimera's walls say
// it (walls.place, walls.moving), or why it is refused. The current source's movegen.cpp
// (make_move_and_gating) and Position::pseudo_legal: every rule takes the cells empty once
// the man has moved (the origin included, the landing cell not) within the walling
// region; arrow, those the moved man's quiet moves reach from its landing cell; past, its
// origin only; duck lifts the standing walls (Position::do_move) and never puts the wall
// back where it stood (board_bb leaves wall squares out); edge, the board's edge or a cell
// beside a standing wall (a rank or file away).
var fsfWallPlace = map[string]struct {
	place   string
	moving  bool
	refused string
}{
	"static": {place: "any"},
	"duck":   {place: "any", moving: true},
	"arrow":  {place: "reach"},
	"past":   {place: "origin"},
	"edge":   {place: "edge"},
}

// importWalling maps wallingRule, wallingRegionWhite, wallingRegionBlack, wallingRegion
// (which sets both, read after them) and wallOrMove onto walls: (docs/definitions.md#walls).
// Read before the start position's walls, which then stand as walls, not holes.
func (im *importer) importWalling() {
	def := im.def
	k, given := im.get("wallingRule")
	fits := true // no refusal yet: the walls are checked against the other rules
	orMove, orMoveSet := im.boolKey("wallOrMove", false)
	if given {
		switch w, ok := fsfWallPlace[k.Value]; {
		case k.Value == "none":
			def.Walls = nil
		case !ok:
			im.errorf(k, "expected arrow, duck, edge, past, static or none, found %s", Quote(k.Value))
			return
		case w.refused != "":
			im.errorf(k, "%s: not imported: %s", k.Value, w.refused)
			fits = false
		default:
			except := []string(nil)
			if def.Walls != nil {
				except = def.Walls.Except
			}
			def.Walls = &Walls{Place: w.place, Moving: w.moving, Except: except}
			if w.place == "any" {
				def.Walls.Place = ""
			}
		}
	}
	if orMoveSet && fits {
		switch {
		case def.Walls != nil:
			// The current source's make_move_and_gating: a wall only with the pass
			// (from = to) generate_all adds, the men's moves without one.
			def.Walls.Instead = orMove
		case orMove:
			im.errorf(im.keys["wallOrMove"], "true: not imported: without walls (wallingRule) Fairy-Stockfish's wallOrMove makes the pass it adds a plain pass; write pass = true for that")
			return
		}
	}
	if !im.importWallingRegion() || def.Walls == nil || !given || !fits {
		return
	}
	im.wallsFit(k)
}

// importWallingRegion reads the walling regions as walls.except (the board's squares out of
// the region), and reports whether they were read.
func (im *importer) importWallingRegion() bool {
	def := im.def
	var region [2][]string
	var at iniKey
	given := false
	for i, key := range []string{"wallingRegionWhite", "wallingRegionBlack"} {
		if k, ok := im.get(key); ok {
			sq, ok := im.parseSquares(k)
			if !ok {
				return false
			}
			region[i], at, given = sq, k, true
		}
	}
	if k, ok := im.get("wallingRegion"); ok {
		sq, ok := im.parseSquares(k)
		if !ok {
			return false
		}
		region, at, given = [2][]string{sq, sq}, k, true
	}
	if !given {
		return true
	}
	all := im.allSquares()
	for i := range region {
		if _, ok := im.keys[[]string{"wallingRegionWhite", "wallingRegionBlack"}[i]]; !ok && !im.used["wallingRegion"] {
			region[i] = all // the other side's default: every square
		}
	}
	if !slices.Equal(region[0], region[1]) {
		im.errorf(at, "not imported: a walling region for each side: Chimera's walls.except is one set of cells for both")
		return false
	}
	if def.Walls == nil {
		return true // no walls: the region changes nothing
	}
	var except []string
	for _, sq := range all {
		if !slices.Contains(region[0], sq) {
			except = append(except, sq)
		}
	}
	def.Walls.Except = except
	return true
}

// wallsFit refuses, at the wallingRule line k, walls over rules Chimera's walls do not
// follow yet (the checks of validate's walls, each with its reason), and arrows where
// Fairy-Stockfish aims them otherwise than from the landing cell on the board the move
// left: after castling (from the partner's square, which its move encodes as the king's
// destination) and after a capture in passing (the man taken still blocking).
func (im *importer) wallsFit(k iniKey) {
	def := im.def
	if def.Rules.Check != "none" && def.Capture != nil && def.Capture.Explode != nil {
		im.errorf(k, "%s: not imported: over explosions Fairy-Stockfish's king is pseudo-royal (extinctionPseudoRoyal), and its safety is judged on the board after the turn's wall is placed (the wall may shield it; a duck lifted may open a line onto it), where Chimera's walls follow moves found legal without them", k.Value)
	}
	v := &validator{def: def}
	v.walls()
	for _, e := range v.errs {
		msg := strings.TrimPrefix(e.Msg, "walls: ")
		im.errorf(k, "%s: not imported: %s", k.Value, msg)
	}
	if def.Walls.Place != "reach" {
		return
	}
	ep := false
	for _, p := range def.Pieces {
		for _, a := range p.Moves {
			ep = ep || a.EPCapture
		}
	}
	switch {
	case def.Castling != nil:
		im.errorf(k, "%s: not imported: Fairy-Stockfish aims the arrow after castling from the partner's square (its castling move's destination), Chimera's from the king's", k.Value)
	case ep:
		im.errorf(k, "%s: not imported: Fairy-Stockfish aims the arrow after an en-passant capture with the pawn taken still standing, Chimera's on the board the move left", k.Value)
	}
}

// wallingRule is the wallingRule value that says the definition's walls ("" without
// walls), or why none does.
func wallingRule(w *Walls) (string, error) {
	if w == nil {
		return "", nil
	}
	for _, v := range []string{"static", "duck", "arrow", "past", "edge"} {
		f := fsfWallPlace[v]
		if f.place == orDefault(w.Place, "any") && f.moving == w.Moving {
			return v, nil
		}
	}
	return "", fmt.Errorf("walls of place %s that move: no wallingRule says them", w.Place)
}

// walls writes the walls as wallingRule, and the cells out of walls.except as
// wallingRegion.
func (ex *exporter) walls() {
	w := ex.def.Walls
	if w == nil {
		return
	}
	rule, err := wallingRule(w)
	if err != nil {
		ex.refuse("walls", "%v", err)
		return
	}
	ex.put("wallingRule", rule, "walls")
	if w.Instead {
		ex.put("wallOrMove", "true", "walls.instead")
	}
	if len(w.Except) == 0 {
		return
	}
	var region []string
	for _, sq := range ex.im.allSquares() {
		if !slices.Contains(w.Except, sq) {
			region = append(region, sq)
		}
	}
	ex.put("wallingRegion", strings.Join(region, " "), "walls.except")
}
