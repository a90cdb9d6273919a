// Legality shortcuts as allow-lists: for each shortcut the check rule it needs, and the
// mechanisms it is proven safe with (by the property tests against make/test/unmake), which
// the rows of mechanismRows (mechanisms.go) list.

package compiler

import (
	"reflect"
	"strconv"
	"strings"

	"chimera/defs"
)

// Shortcut is a way of deciding legality faster than make/test/unmake of every move.
type Shortcut uint8

// Shortcuts.
const (
	// ShortcutPins generates legal moves directly from pins and check evasions.
	ShortcutPins Shortcut = iota
	// ShortcutRelevance skips the test of a move that changes no cell from which the own
	// single royal could become attacked.
	ShortcutRelevance
	// ShortcutKeepers skips the test of a move that leaves one of the mover's attacks on the
	// single enemy royal untouched.
	ShortcutKeepers
	// ShortcutNoCheck decides legality without playing moves when there is no check rule:
	// every pseudo-legal move is legal but one that removes a royal piece of the mover.
	ShortcutNoCheck
	// ShortcutCheckLines spares the test of whether a move gives check (may-give-check:
	// false) for a plain move that neither leaves nor lands on a line from the enemy royal
	// along which the mover's men slide, nor lands where its leap would take that royal.
	ShortcutCheckLines
	// ShortcutBoardProbe tests a plain move or a drop by moving the men on the board and its
	// sets alone, asking the check rule, and moving them back: none of the journal, hash,
	// clocks, pools and rights that only the game's record needs.
	ShortcutBoardProbe
	numShortcuts
)

var shortcutNames = [numShortcuts]string{"pins", "relevance", "keepers", "no-check", "check-lines", "board-probe"}

// String is the shortcut's name.
func (s Shortcut) String() string {
	if s < numShortcuts {
		return shortcutNames[s]
	}
	return "shortcut" + strconv.Itoa(int(s))
}

// shortcutNeeds is, per shortcut, the mechanisms it needs in use (its check rule); the
// mechanisms it is safe with are the rows of mechanismRows that list it (shortcutRules).
var shortcutNeeds = [numShortcuts]Mechanism{
	ShortcutPins: MechCheckRoyalAttacked,
	// Freezer and royal moves, promotions to a royal type, castling and en passant always
	// take the full test, which is what makes relevance and keepers safe with those
	// mechanisms. (A royal man's plain move, where the board probe holds and one attacked
	// royal is a check, is tested on the board moved for its landing cell alone: relevance
	// covers every other royal man.)
	ShortcutRelevance: MechCheckRoyalAttacked,
	ShortcutKeepers:   MechCheckEnemyRoyalUnattacked,
	// No check is safe with what it is because losesRoyal predicts the one way a move can
	// be illegal without a check rule: removing a royal piece of the mover.
	ShortcutNoCheck: MechCheckNone,
	// Only plain moves (no promotion, capture in passing, castling, drop) skip the test,
	// and only where every attack is a leap or an unlimited slide: then a move can create
	// an attack on the enemy royal only from its destination, or by opening a slide line
	// through its origin (a capture on the destination fills the square it empties).
	ShortcutCheckLines: Mechs(MechNoGivingCheck, MechCheckRoyalAttacked),
	// A normal move's or a drop's change to the board is then exactly its men lifted and set
	// down: no capture effect, status, frozen or borrowing man or exchange; the attack walk
	// reads nothing else. Castling, en passant, exchanges and passes take the full test (by
	// their kind). Any check rule will do: the probe asks it.
	ShortcutBoardProbe: {},
}

// Allows reports whether shortcut s is valid for every mechanism of the ruleset.
func (r *Ruleset) Allows(s Shortcut) bool { return r.shortcuts>>uint(s)&1 != 0 }

// decideShortcuts derives the mechanisms from the compiled ruleset and the definition's
// keys, then switches on each shortcut whose allow-list covers them all.
func (r *Ruleset) decideShortcuts() {
	r.Mechanisms = r.usedMechanisms().Or(definitionMechanisms(r.Def))
	r.shortcuts = shortcutsFor(r.Mechanisms)
}

// shortcutsFor is the set of shortcuts (bit per Shortcut) valid with mechanisms m.
func shortcutsFor(m Mechanism) uint8 {
	var out uint8
	for s := Shortcut(0); s < numShortcuts; s++ {
		rule := shortcutRules[s]
		if m.Covers(rule.needs) && !m.AndNot(rule.safe).Any() {
			out |= 1 << uint(s)
		}
	}
	return out
}

// definitionMechanisms is MechUnclassified when the definition sets a key that is not in
// classifiedKeys, else 0.
func definitionMechanisms(def *defs.Definition) Mechanism {
	if def == nil {
		return Mechanism{}
	}
	unclassified := false
	walkKeys(reflect.ValueOf(def).Elem(), "", func(key string) { unclassified = unclassified || !classifiedKeys[key] })
	if unclassified {
		return MechUnclassified
	}
	return Mechanism{}
}

// walkKeys calls used for the dotted key path of every non-zero field under v.
func walkKeys(v reflect.Value, prefix string, used func(string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkKeys(v.Elem(), prefix, used)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Struct || v.Type().Elem().Kind() == reflect.Pointer {
			for i := 0; i < v.Len(); i++ {
				walkKeys(v.Index(i), prefix, used)
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkKeys(it.Value(), prefix, used)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			f := v.Field(i)
			if f.IsZero() {
				continue
			}
			key := name
			if prefix != "" {
				key = prefix + "." + name
			}
			used(key)
			walkKeys(f, key, used)
		}
	}
}

// DefinitionKeys lists every key path the definition language has (for tests and docs).
func DefinitionKeys() []string {
	var out []string
	var walk func(t reflect.Type, prefix string, seen map[reflect.Type]bool)
	walk = func(t reflect.Type, prefix string, seen map[reflect.Type]bool) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			key := name
			if prefix != "" {
				key = prefix + "." + name
			}
			out = append(out, key)
			walk(t.Field(i).Type, key, seen)
		}
	}
	walk(reflect.TypeOf(defs.Definition{}), "", map[reflect.Type]bool{})
	return out
}
