// The variants.ini importer: sections read as Fairy-Stockfish reads them, refused keys reported at their line.
package defs

import (
	"strings"
	"testing"
)

func TestINIRefusedKeysArePositioned(t *testing.T) {
	ini := "# comment\n[bad:chess]\nconnectN = 4\nfoo = 1\nqueen = -\npromotionPieceTypes = qrbn\nimmobile = i\ncustomPiece2 = z:mNxK\n\n[good:chess]\ncastling = false\ncustomPiece1 = a:mNcK\n"
	_, err := ImportINI("v.ini", []byte(ini), "bad")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"v.ini:3:12: connectN: not imported",
		"v.ini:4:7: foo: Fairy-Stockfish 11.1 has no such key",
		`v.ini:6:23: promotionPieceTypes: "q" is no piece of the variant`,
		"v.ini:7:12: immobile: not imported",
		`v.ini:8:20: customPiece2: "x" is XBetza, but Chimera's atoms cannot say it`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	out, err := ImportINI("v.ini", []byte(ini), "good")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:good", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if def.Castling != nil || !strings.Contains(def.Setups[0].FEN, " w - ") {
		t.Errorf("castling = false: castling %v, FEN %s", def.Castling, def.Setups[0].FEN)
	}
	if a := def.Pieces[len(def.Pieces)-1]; a.Letter != "A" || !SameMoves(a.Moves, mustBetza("mNcK")) {
		t.Errorf("customPiece1: %+v", a)
	}
	if got := INISections([]byte(ini)); strings.Join(got, ",") != "bad,good" {
		t.Errorf("sections %v", got)
	}
	if _, err := ImportINI("v.ini", []byte("[chess]\n"), "chess"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a built-in's name: %v", err)
	}
}

func mustBetza(s string) []Atom {
	a, err := ParseBetza(s)
	if err != nil {
		panic(err)
	}
	return a
}
