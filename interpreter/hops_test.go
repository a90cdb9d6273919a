// The path tables (fixed walks, ray hops, the reverse table of path origins) against the path walker, on random positions of every definition with paths.
package interpreter

import (
	"math/rand"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

// screenWalks is xiangqi with a cannon whose paths are fixed walks over a screen: over an
// adjacent man to the cell beyond, over a man then diagonally onto an enemy, and
// diagonally then over a man onto an empty cell.
const screenWalks = `extends: xiangqi
name: screenwalks
pieces-by-letter:
  C:
    name: Cannon
    value: 450
    moves:
      - {ride: [1, 0], mode: move}
      - path: [{step: [1, 0], on: [friend, enemy]}, {step: [1, 0]}]
      - path: [{step: [0, 1], on: [friend, enemy]}, {step: [1, 1], on: [enemy]}]
      - path: [{step: [1, 1]}, {step: [1, 0], on: [friend, enemy]}, {step: [1, 0], on: [empty]}]
`

func TestPathTablesAgreeWithTheWalker(t *testing.T) {
	bothCores(t, testPathTablesAgreeWithTheWalker)
}

func testPathTablesAgreeWithTheWalker(t *testing.T) {
	playouts, plies := 12, 100
	if testing.Short() {
		playouts, plies = 4, 60
	}
	fixedDefs := 0
	for _, name := range allDefinitions(t) {
		rs, err := Open(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !rs.HasPaths {
			continue
		}
		if n := comparePathTables(t, name, rs, playouts, plies); n > 0 {
			fixedDefs++
		}
	}
	if fixedDefs < 5 {
		t.Errorf("only %d definitions with fixed walks", fixedDefs)
	}
	def, err := defs.Parse("screenwalks.yaml", []byte(screenWalks))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	screens := 0
	for pts, ti := rs.Pieces(), 0; ti < pts.Len(); ti++ {
		for paths, i := pts.At(ti).Paths(compiler.White), 0; i < paths.Len(); i++ {
			if path := paths.At(i); path.Fixed {
				for sq := range rs.Cells {
					if _, _, screen := path.HopAt(Square(sq)); screen.Any() {
						screens++
						break
					}
				}
			}
		}
	}
	if screens != 4+8+8 { // the images of each path under the board's symmetries
		t.Errorf("screenwalks: %d fixed walks over a screen, want 20", screens)
	}
	comparePathTables(t, "screenwalks", rs, 3*playouts, plies)
}

// comparePathTables plays seeded random games of rs and compares the path tables with the
// walker at every position (pathProbe); it returns how many table answers it compared.
func comparePathTables(t *testing.T, name string, rs *compiler.Ruleset, playouts, plies int) int {
	t.Helper()
	rng := rand.New(rand.NewSource(11))
	compared := 0
	for g := 0; g < playouts; g++ {
		p, err := Start(rs, rs.SetupAt(g%rs.NumSetups()).Name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for ply := 0; ply < plies; ply++ {
			diff, n := p.core().pathProbe()
			if diff != "" {
				t.Fatalf("%s %s: %s", name, p.FEN(), diff)
			}
			compared += n
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			p.Make(ms[rng.Intn(len(ms))])
		}
	}
	t.Logf("%s: %d table answers compared", name, compared)
	return compared
}
