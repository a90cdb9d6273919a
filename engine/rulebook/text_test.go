// Tests of the boards drawn as text.

package rulebook

import (
	"regexp"
	"strings"
	"testing"

	"chimera/interpreter"
)

// position opens a variant at a FEN.
func position(t *testing.T, variant, fen string) *interpreter.Position {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBoardColour(t *testing.T) {
	// The board's characters are the same with colour; only escapes are added.
	p := position(t, "koopa", "nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq - 0 1 b8:4,c7:3,d6:2,e5:1")
	var plain, coloured strings.Builder
	Board(&plain, p, false, true)
	Board(&coloured, p, true, true)
	if !strings.Contains(coloured.String(), ansiWhite+"B"+ansiReset) || !strings.Contains(coloured.String(), ansiStatus+"4"+ansiReset) {
		t.Errorf("no coloured pieces or counters:\n%q", coloured.String())
	}
	stripped := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(coloured.String(), "")
	if stripped != plain.String() {
		t.Errorf("coloured board differs from the plain one:\n%s\n%s", stripped, plain.String())
	}
}

// Plural and Capitalized, the words the command line and the rules in words share.
func TestPluralCapitalized(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "moves"}, {1, "move"}, {2, "moves"}, {-1, "moves"}} {
		if got := Plural(c.n, "move", "moves"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	for in, want := range map[string]string{
		"white":           "White",
		"no such move e9": "No such move e9",
		"Black":           "Black",
		"":                "",
		"é":               "É",
		"1. e4":           "1. e4",
	} {
		if got := Capitalized(in); got != want {
			t.Errorf("Capitalized(%q) = %q, want %q", in, got, want)
		}
	}
}
