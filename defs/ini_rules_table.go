// The variants.ini keys of a game rule that is one field of the definition: one row per key, read by the importer and written by the exporter.

package defs

import (
	"slices"
	"strconv"
)

// iniRuleKey is one variants.ini key that sets one rule: read applies the section's
// line to the definition being imported, write gives the value that says the
// definition's rule ("" when no value of the key says it, the rule being left to the
// check of the export).
type iniRuleKey struct {
	key, yaml string
	read      func(im *importer, k iniKey)
	write     func(d *Definition) string
}

// hasRoyal reports whether a side has a royal man type.
func hasRoyal(d *Definition) bool {
	return slices.ContainsFunc(d.Pieces, func(q Piece) bool { return q.Royal })
}

// readBool reads a true/false key with its default and sets the rule with it.
func readBool(def bool, set func(d *Definition, v bool)) func(im *importer, k iniKey) {
	return func(im *importer, k iniKey) {
		if v, ok := im.boolKey(k.Key, def); ok {
			set(im.def, v)
		}
	}
}

// iniRuleKeys are the rule keys, in the order the importer reads them.
var iniRuleKeys = []iniRuleKey{
	{key: "checking", yaml: "rules.may-give-check",
		read: readBool(true, func(d *Definition, v bool) {
			if !v {
				d.Rules.MayGiveCheck = &v
			}
		}),
		write: func(d *Definition) string {
			return strconv.FormatBool(d.Rules.MayGiveCheck == nil || *d.Rules.MayGiveCheck)
		}},
	{key: "oppositeCastling", yaml: "castling.opposite",
		read: readBool(false, func(d *Definition, v bool) {
			if d.Castling != nil {
				d.Castling.Opposite = v
			}
		}),
		write: func(d *Definition) string {
			if d.Castling != nil && d.Castling.Opposite {
				return "true"
			}
			return ""
		}},
	{key: "mustCapture", yaml: "rules.must-capture",
		read:  readBool(false, func(d *Definition, v bool) { d.Rules.MustCapture = v }),
		write: func(d *Definition) string { return strconv.FormatBool(d.Rules.MustCapture) }},
	{key: "nMoveRule", yaml: "rules.fifty-move",
		read: func(im *importer, k iniKey) {
			if n, ok := im.intKey(k.Key, 0, 500000); ok {
				n *= 2
				im.def.Rules.FiftyMove = &n
			}
		},
		write: func(d *Definition) string {
			n := 100
			if d.Rules.FiftyMove != nil {
				n = *d.Rules.FiftyMove
			}
			if n%2 != 0 {
				return "" // an odd count of half-moves: no count of moves
			}
			return strconv.Itoa(n / 2)
		}},
	{key: "nFoldRule", yaml: "rules.repetition",
		read: func(im *importer, k iniKey) {
			if n, ok := im.intKey(k.Key, 0, 100); ok {
				if n == 1 {
					im.errorf(k, "1: every position would be a repetition; Chimera refuses it")
				} else {
					im.def.Rules.Repetition = &n
				}
			}
		},
		write: func(d *Definition) string {
			if d.Rules.Repetition == nil {
				return "3"
			}
			return strconv.Itoa(*d.Rules.Repetition)
		}},
	{key: "perpetualCheckIllegal", yaml: "rules.perpetual-check",
		read: readBool(false, func(d *Definition, v bool) { d.Rules.PerpetualCheck = map[bool]string{true: "loss"}[v] }),
		write: func(d *Definition) string {
			return strconv.FormatBool(d.Rules.PerpetualCheck == "loss")
		}},
	{key: "stalemateValue", yaml: "rules.no-moves.otherwise",
		read: func(im *importer, k iniKey) {
			if v, ok := im.valueKey(k.Key); ok {
				if v == "none" {
					im.errorf(k, "none: a stalemate must end the game")
				} else {
					im.def.Rules.NoMoves.Otherwise = v
				}
			}
		},
		write: func(d *Definition) string { return resultValue(orDefault(d.Rules.NoMoves.Otherwise, "draw")) }},
	{key: "checkmateValue", yaml: "rules.no-moves.in-check",
		read: func(im *importer, k iniKey) {
			if v, ok := im.valueKey(k.Key); ok {
				if v == "none" {
					im.errorf(k, "none: a checkmate must end the game")
				} else {
					im.def.Rules.NoMoves.InCheck = v
				}
			}
		},
		write: func(d *Definition) string { return resultValue(orDefault(d.Rules.NoMoves.InCheck, "loss")) }},
	{key: "kingPass", yaml: "rules.pass",
		read: readBool(false, func(d *Definition, v bool) {
			d.Rules.Pass = nil
			if v && hasRoyal(d) {
				d.Rules.Pass = &Pass{EndAfter: 2}
			}
		}),
		write: func(d *Definition) string {
			if d.Rules.Pass == nil || d.Rules.Pass.OnlyWithoutMoves {
				return "" // false is 11.1's default, and the current source has no such key; passOnStalemate says the other pass
			}
			return "true"
		}},
	{key: "bikjangRule", yaml: "rules.facing-royals",
		read:  readBool(false, func(d *Definition, v bool) { d.Rules.FacingRoyals = v && hasRoyal(d) }),
		write: func(d *Definition) string { return strconv.FormatBool(d.Rules.FacingRoyals) }},
	{key: "makpongRule", yaml: "rules.royal-takes-checker-only",
		read:  readBool(false, func(d *Definition, v bool) { d.Rules.RoyalTakesCheckerOnly = v && hasRoyal(d) }),
		write: func(d *Definition) string { return strconv.FormatBool(d.Rules.RoyalTakesCheckerOnly) }},
}

// resultValue is a result as Fairy-Stockfish's value keys say it: win, loss or draw
// ("": another result, which no value says).
func resultValue(v string) string {
	switch v {
	case "win", "loss", "draw":
		return v
	}
	return ""
}
