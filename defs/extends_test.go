// Extending a definition: `~` clears a scalar the base declared, and pieces-by-letter adds, changes or removes one piece.
package defs

import (
	"strings"
	"testing"
)

func TestExtendsClearsScalar(t *testing.T) {
	// Crazyhouse without captures into the pocket: drops from what the FEN gives only.
	def := mustParse(t, "extends: crazyhouse\nname: nocapture\nhands: {capture-to: ~}\n")
	if h := def.Hands; h == nil || h.CaptureTo != "" || h.Drops == nil || h.Drops.From != "pocket" || !h.Demote {
		t.Fatalf("got hands %+v; want the base's drops and demote, capture-to cleared", h)
	}
	// Clearing a required key is reported as missing, at the key.
	list := parseErrs(t, "extends: chess\nname: ~\n")
	if len(list) != 1 || list[0].Line != 2 || !strings.Contains(list[0].Msg, `name ""`) {
		t.Fatalf("cleared name: got %v; want one error at line 2 on the empty name", list)
	}
}

func TestPiecesByLetter(t *testing.T) {
	def := mustParse(t, `extends: chess
name: changed
pieces-by-letter:
  N: {name: Nightrider, moves: [{ride: [1, 2]}]}
  A: {name: Archbishop, value: 800, moves: [{ride: [1, 1]}, {leap: [1, 2]}]}
  Q: ~
  P: {promotion: {to: [A, R, B, N]}}
setups:
  - name: standard
    fen: rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
`)
	var letters []string
	for _, p := range def.Pieces {
		letters = append(letters, p.Letter)
	}
	if got, want := strings.Join(letters, ""), "KRBNPA"; got != want {
		t.Fatalf("letters: got %s want %s (queen removed in place, archbishop added last)", got, want)
	}
	n := def.Pieces[3]
	if n.Name != "Nightrider" || len(n.Moves) != 1 || n.Moves[0].Ride == nil || n.Value != 320 {
		t.Fatalf("knight: got %s, %d moves, value %d; want the nightrider's one ride, the base's value 320", n.Name, len(n.Moves), n.Value)
	}
	if a := def.Pieces[5]; a.Name != "Archbishop" || a.Value != 800 || len(a.Moves) != 2 {
		t.Fatalf("archbishop: got %+v", a)
	}
	if pr := def.Pieces[4].Promotion; pr == nil || pr.Zone == "" || strings.Join(pr.To, "") != "ARBN" {
		t.Fatalf("pawn's promotion: got %+v; want the base's zone, to A R B N", pr)
	}
	cases := []struct{ text, msg string }{
		{"extends: chess\nname: x\npieces-by-letter: {Z: ~}\n", `no piece with letter "Z" to remove`},
		{"extends: chess\nname: x\npieces-by-letter: {N: {letter: M}}\n", `the piece under "N" has letter "M"`},
		{"extends: chess\nname: x\npieces-by-letter: [N]\n", `pieces-by-letter: expected a mapping`},
		{"extends: chess\nname: x\npieces-by-letter: {N: {mvoes: []}}\n", `pieces-by-letter.N: unknown key "mvoes"`},
	}
	for i, c := range cases {
		list := parseErrs(t, c.text)
		if len(list) == 0 || list[0].Line != 3 || !strings.Contains(list[0].Msg, c.msg) {
			t.Errorf("#%d: got %v; want an error at line 3 containing %q", i, list, c.msg)
		}
	}
}

// TestVariantAliases: a built-in answers to its aliases (the same definition, not a copy), an
// alias is not inherited through extends:, and every built-in alias leads to one variant.
func TestVariantAliases(t *testing.T) {
	for alias, want := range map[string]string{"normal": "chess", "fischerandom": "chess960", "chess": "chess"} {
		if got, ok := BuiltinName(alias); !ok || got != want {
			t.Errorf("BuiltinName(%q) got %q, %v want %q", alias, got, ok, want)
		}
		def, err := Load(alias)
		if err != nil || def.Name != want {
			t.Fatalf("Load(%q): got %v, %v; want %s", alias, def, err, want)
		}
		if def.Src.File != "defs/"+want+".yaml" {
			t.Errorf("Load(%q) reads %s; want defs/%s.yaml", alias, def.Src.File, want)
		}
	}
	if _, ok := BuiltinName("nosuchvariant"); ok {
		t.Error("BuiltinName of an unknown name found a variant")
	}
	if got := BuiltinAliases("chess"); len(got) != 1 || got[0] != "normal" {
		t.Errorf("BuiltinAliases(chess) got %v want [normal]", got)
	}
	if def := mustParse(t, "extends: chess\nname: mine\n"); len(def.Aliases) != 0 {
		t.Errorf("aliases inherited through extends: %v", def.Aliases)
	}
	if def := mustParse(t, "extends: normal\nname: mine\naliases: [my-chess]\n"); len(def.Aliases) != 1 || def.Aliases[0] != "my-chess" {
		t.Errorf("extends: normal with its own alias got %v", def.Aliases)
	}
	owners := map[string]string{}
	for _, b := range Builtins() {
		for _, a := range BuiltinAliases(b) {
			if o, dup := owners[a]; dup {
				t.Errorf("alias %q of both %s and %s", a, o, b)
			}
			owners[a] = b
			if _, err := Load(b); err != nil {
				t.Errorf("%s: %v", b, err)
			}
		}
	}
}
