// The notations cross-check: every legal move of positions from random games, written in WXF, janggi's and shogi's notations by Chimera and by ffish (Fairy-Stockfish's JavaScript build), and read back.
package perft_test

import (
	"path/filepath"
	"strings"
	"testing"

	"chimera/interpreter"
)

// ffishNotations are the variants and notations compared: ffish's Notation names, and
// Chimera's names for them.
var ffishNotations = []struct {
	variant string
	ffish   []string
	chimera []interpreter.Notation
}{
	{"xiangqi", []string{"XIANGQI_WXF"}, []interpreter.Notation{interpreter.NotationWXF}},
	{"minixiangqi", []string{"XIANGQI_WXF"}, []interpreter.Notation{interpreter.NotationWXF}},
	{"janggi", []string{"JANGGI"}, []interpreter.Notation{interpreter.NotationJanggi}},
	{"shogi", []string{"SHOGI_HOSKING", "SHOGI_HODGES", "SHOGI_HODGES_NUMBER"},
		[]interpreter.Notation{interpreter.NotationHosking, interpreter.NotationHodges, interpreter.NotationHodgesNumber}},
	{"minishogi", []string{"SHOGI_HOSKING", "SHOGI_HODGES", "SHOGI_HODGES_NUMBER"},
		[]interpreter.Notation{interpreter.NotationHosking, interpreter.NotationHodges, interpreter.NotationHodgesNumber}},
}

// TestFfishNotations plays random games with ffish and compares, for every legal move
// on the way, ffish's text of it with Chimera's in each notation, and reads Chimera's
// text back to the same move. A position whose legal moves differ between the two (ffish
// follows a later Fairy-Stockfish than 11.1) is skipped, and counted.
func TestFfishNotations(t *testing.T) {
	lib := findJSLibrary(t, "ffish", "CHIMERA_FFISH", filepath.Join("testdata", "ffish", "notation.mjs"))
	games, plies := "6", "80"
	if testing.Short() {
		games, plies = "2", "60"
	}
	for _, v := range ffishNotations {
		t.Run(v.variant, func(t *testing.T) {
			out, err := lib.run("", v.variant, strings.Join(v.ffish, ","), games, plies, "1")
			if err != nil {
				t.Fatal(err)
			}
			rs, err := interpreter.Open(v.variant)
			if err != nil {
				t.Fatal(err)
			}
			checked, skipped := 0, map[string]bool{}
			var p *interpreter.Position
			fen := ""
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				f := strings.Split(line, "\t")
				if len(f) != 2+len(v.ffish) {
					t.Fatalf("ffish wrote %q", line)
				}
				if f[0] != fen {
					fen = f[0]
					if p, err = interpreter.FromFEN(rs, fen); err != nil {
						t.Fatalf("ffish's FEN %s: %v", fen, err)
					}
				}
				m, err := p.ParseMove(f[1])
				if err != nil {
					skipped[fen] = true
					continue
				}
				for i, n := range v.chimera {
					want := f[2+i]
					if got := p.Notate(m, n); got != want {
						t.Errorf("%s %s, move %s in %s: got %q, want %q (ffish)", v.variant, fen, f[1], n, got, want)
						continue
					}
					if back, err := p.ParseNotated(want, n); err != nil || back != m {
						t.Errorf("%s %s: reading %q in %s: got %s (%v), want %s", v.variant, fen, want, n, p.Coord(back), err, f[1])
					}
				}
				checked++
			}
			if checked == 0 || len(skipped) > 2 {
				t.Errorf("%s: %d moves compared, %d positions skipped (their legal moves differ): want some compared and at most 2 skipped", v.variant, checked, len(skipped))
			}
			t.Logf("%s: %d moves compared in %s, %d positions skipped", v.variant, checked, strings.Join(v.ffish, ", "), len(skipped))
		})
	}
}
