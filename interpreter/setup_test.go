// Shuffled setups: the Chess960 family as the definitions number it, checked against the rules of the arrays.
package interpreter

import (
	"strconv"
	"strings"
	"testing"

	"chimera/compiler"
)

func TestShuffledSetupIsChess960(t *testing.T) {
	for _, name := range []string{"chess960", "koopa"} {
		rs, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var s compiler.Setup
		for _, x := range rs.Setups() {
			if x.Shuffled() {
				s = x
			}
		}
		if s.Count() != 960 {
			t.Fatalf("%s: %d arrangements, want 960", name, s.Count())
		}
		seen := map[string]bool{}
		for n := 0; n < s.Count(); n++ {
			fen, resolved, err := SetupFEN(rs, s.Name+":"+itoa(n))
			if err != nil || resolved != s.Name+":"+itoa(n) {
				t.Fatalf("%s %d: %v %q", name, n, err, resolved)
			}
			if _, err := FromFEN(rs, fen); err != nil {
				t.Fatalf("%s %d: %v", name, n, err)
			}
			rows := strings.Split(strings.Fields(fen)[0], "/")
			white, black := rows[7], rows[0]
			if strings.ToLower(white) != black || seen[white] {
				t.Fatalf("%s %d: %s (mirror or repeat)", name, n, fen)
			}
			seen[white] = true
			b1, b2 := strings.IndexByte(white, 'B'), strings.LastIndexByte(white, 'B')
			r1, k, r2 := strings.IndexByte(white, 'R'), strings.IndexByte(white, 'K'), strings.LastIndexByte(white, 'R')
			if (b1+b2)%2 == 0 || !(r1 < k && k < r2) || len(white) != 8 {
				t.Fatalf("%s %d: %s is not a Chess960 array", name, n, white)
			}
		}
		// Numbers from the published Chess960 numbering.
		for n, want := range map[int]string{0: "BBQNNRKR", 1: "BQNBNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB"} {
			fen, _, _ := SetupFEN(rs, itoa(n))
			if got := strings.Split(strings.Fields(fen)[0], "/")[7]; got != want {
				t.Errorf("%s %d: got %s want %s", name, n, got, want)
			}
		}
	}
}

func TestSetupNames(t *testing.T) {
	rs, err := Open("koopa")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, err string }{
		{"shuffle:960", "arrangements 0 to 959, not 960"},
		{"standard:3", "is not shuffled"},
		{"shuffle:x", "whole number"},
		{"shuffle:-1", "whole number"},
		{"nope", `unknown setup "nope" (setups: standard, shuffle (0-959))`},
	} {
		if _, _, err := SetupFEN(rs, c.in); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.err)
		}
	}
	if _, resolved, err := SetupFEN(rs, "shuffle"); err != nil || !strings.HasPrefix(resolved, "shuffle:") {
		t.Errorf("random arrangement: %q %v", resolved, err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
