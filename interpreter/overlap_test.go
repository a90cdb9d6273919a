// Atoms of one piece that reach the same square give one move, on both legality paths.
package interpreter_test

import (
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

const overlapDef = `
name: overlap
board: {files: 4, ranks: 4}
pieces:
  - name: King
    letter: K
    royal: true
    moves: [{leap: [1, 0]}, {leap: [1, 1]}]
  - name: Stepper
    letter: S
    moves:
      - {leap: [0, 1], symmetry: none}
      - {ride: [0, 1], range: [2], symmetry: none}
      - {ride: [1, 0], range: [1, 3], symmetry: mirror, mode: move}
      - {leap: [1, 0], symmetry: mirror}
setups:
  - {name: start, fen: "3k/4/4/S2K w - - 0 1"}
`

func TestOverlappingAtomsGiveOneMove(t *testing.T) {
	def, err := defs.Parse("overlap.yaml", []byte(overlapDef))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := interpreter.Start(rs, "")
	// Stepper a1: a2 and a3 (leap and ride overlap on a2), b1 and c1 (leap and ride
	// overlap on b1; d1 holds its own king). King d1: c1 is taken by neither, c2, d2.
	want := []string{"a1a2", "a1a3", "a1b1", "a1c1", "d1c1", "d1c2", "d1d2"}
	for i, moves := range [][]interpreter.Move{p.LegalMoves(nil), p.PseudoMoves(nil)} {
		got := map[string]int{}
		for _, m := range moves {
			got[p.Coord(m)]++
		}
		for _, w := range want {
			if got[w] != 1 {
				t.Errorf("#%d: %s generated %d times, want once", i, w, got[w])
			}
		}
		if len(moves) != len(want) {
			t.Errorf("#%d: got %d moves %v, want %d", i, len(moves), got, len(want))
		}
	}
}
