// The fixed-walk path tables (compiler.Path.Fixed) and the reverse table of path origins
// must answer as the path walker does, on random positions of every definition with paths.
package interpreter

import (
	"math/rand"
	"testing"
)

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
		if compared > 0 {
			fixedDefs++
		}
		t.Logf("%s: %d fixed-walk answers compared", name, compared)
	}
	if fixedDefs < 5 {
		t.Errorf("only %d definitions with fixed walks", fixedDefs)
	}
}
