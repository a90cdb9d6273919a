// The shortcut allow-lists: which shortcuts each kind of definition gets, and that every
// key of the definition language has been classified.
package compiler

import (
	"testing"
)

func TestShortcutAllowLists(t *testing.T) {
	t.Parallel()
	board := "{files: 8, ranks: 8}"
	const (
		pins = 1 << ShortcutPins
		rel  = 1 << ShortcutRelevance
		keep = 1 << ShortcutKeepers
		none = 1 << ShortcutNoCheck
		// onBoard: probes that move the men on the board alone; off with capture effects,
		// freezes and statuses (prisonbreak's, the freeze below).
		onBoard = 1 << ShortcutBoardProbe
	)
	cases := []struct {
		what string
		text string
		want int
	}{
		{"chess", "", pins | rel | onBoard},
		{"prisonbreak", "", rel},
		{"prisonersescape", "", keep | onBoard},
		// First-move leaps: pins too (their checkers come from the first-move leaps' own
		// reverse table).
		{"cambodian", "", pins | rel | onBoard},
		// Horde: White has no royal (relevance then spares every move), Black one.
		{"horde", "", pins | rel | onBoard},
		// In-place promotions (sittuyin's): relevance, not board probes (a promotion
		// standing has its origin for its destination); its must-drop keeps pins off.
		{"sittuyin", "", rel},
		{"an in-place promotion", mini(board, "zones: {far: {ranks: [7, 8]}}\npieces:\n"+kingLine+"  - {name: Ferz, letter: F, moves: [{leap: [1, 1]}]}\n"+
			"  - {name: Pawn, letter: P, moves: [{leap: [0, 1]}], promotion: {zone: far, to: [F], in-place: {step: true}}}\n"), pins | rel},
		{"a path", mini(board, "pieces:\n"+kingLine+"  - {name: Bent, letter: B, moves: [{path: [{step: [1, 0]}, {step: [1, 1]}]}]}\n"), rel | onBoard},
		{"a freeze", mini(board, "pieces:\n"+kingLine+"  - {name: Ice, letter: I, moves: [{leap: [1, 0]}]}\nfreeze: [{by: [I], steps: [[1, 0]]}]\n"), rel},
		{"check none", mini(board, "pieces:\n"+kingLine+"rules: {check: none}\n"), none | onBoard},
		{"check enemy-royal-unattacked", mini(board, "pieces:\n"+kingLine+"rules: {check: enemy-royal-unattacked}\n"), keep | onBoard},
		{"an explicit replace capture", mini(board, "pieces:\n"+kingLine+"capture: {effect: replace}\n"), pins | rel | onBoard},
	}
	for i, c := range cases {
		var rs *Ruleset
		if c.text == "" {
			rs = builtin(t, c.what)
		} else {
			rs = compileText(t, c.text)
		}
		got := 0
		for s := Shortcut(0); s < numShortcuts; s++ {
			if rs.Allows(s) {
				got |= 1 << s
			}
		}
		if got != c.want {
			t.Errorf("#%d %s: shortcuts %06b want %06b (mechanisms: %v)", i, c.what, got, c.want, rs.Mechanisms)
		}
	}
}

// TestUnknownMechanismTurnsShortcutsOff: a mechanism that no allow-list names (as a newly
// added one would be), or a definition key nobody classified, switches every shortcut off.
func TestUnknownMechanismTurnsShortcutsOff(t *testing.T) {
	// Not parallel: it takes a key out of classifiedKeys for a while.
	rs := builtin(t, "chess")
	if !rs.Allows(ShortcutPins) || !rs.Allows(ShortcutRelevance) {
		t.Fatal("chess: shortcuts off")
	}
	for _, extra := range []Mechanism{MechUnclassified, mechanismBit(numMechanisms), mechanismBit(maxMechanisms - 1)} {
		if got := shortcutsFor(rs.Mechanisms.Or(extra)); got != 0 {
			t.Errorf("chess mechanisms + %v: shortcuts %04b stay on", extra, got)
		}
	}
	delete(classifiedKeys, "pieces.moves.leap")
	defer func() { classifiedKeys["pieces.moves.leap"] = true }()
	rs = builtin(t, "chess")
	if !rs.Mechanisms.Meets(MechUnclassified) || rs.shortcuts != 0 {
		t.Errorf("chess with an unclassified key: mechanisms %v, shortcuts %04b", rs.Mechanisms, rs.shortcuts)
	}
}

// TestEveryKeyClassified fails when a key is added to the definition language without a
// decision about the shortcuts (see classifiedKeys), and shows what happens meanwhile.
func TestEveryKeyClassified(t *testing.T) {
	t.Parallel()
	// pending: keys of mechanisms that do not compile yet (none now). Every family of keys
	// is checked, hands.* too: a key left out of classifiedKeys turns every shortcut off for
	// the variants that use it (TestShortcutTable shows which).
	pending := map[string]bool{}
	keys := DefinitionKeys()
	if len(keys) < 80 {
		t.Fatalf("only %d keys found", len(keys))
	}
	exists := map[string]bool{}
	for _, k := range keys {
		exists[k] = true
		if !classifiedKeys[k] && !pending[k] {
			t.Errorf("definition key %q is not classified for the legality shortcuts", k)
		}
	}
	for k := range pending {
		if !exists[k] || classifiedKeys[k] {
			t.Errorf("pending key %q does not exist or is classified: take it off the pending list", k)
		}
	}
	for k := range classifiedKeys {
		found := false
		for _, have := range keys {
			found = found || have == k
		}
		if !found {
			t.Errorf("classified key %q does not exist", k)
		}
	}
}
