// The path tables (fixed walks, ray hops, the reverse table of path origins) against the path walker, on random positions of every definition with paths.
package interpreter

import (
	"math/rand"
	"sync/atomic"
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
	// In -short mode each definition is played on one of the two cores (alternating).
	// The alternation counts the definitions with paths only, so that adding other
	// definitions never leaves one core with few of them.
	withPaths, hopOnes, notLands := 0, 0, 0
	var names []string
	var played []*compiler.Ruleset
	for _, name := range allDefinitions(t) {
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !rs.HasPaths {
			continue
		}
		withPaths++
		hopOnes += countPaths(rs, func(p *compiler.Path[compiler.Bitboard]) bool { return p.RayHop && p.HopOne })
		notLands += countPaths(rs, func(p *compiler.Path[compiler.Bitboard]) bool { return p.Fixed && p.NotLand != 0 })
		if OnThisCore(t, withPaths) {
			names, played = append(names, name), append(played, rs)
		}
	}
	var fixedDefs atomic.Int64
	shareOut(t, len(played), func(t *testing.T, i int) {
		if n := comparePathTables(t, names[i], played[i], playouts, plies); n > 0 {
			fixedDefs.Add(1)
		}
	})
	if fixedDefs := fixedDefs.Load(); fixedDefs < 5 {
		t.Errorf("only %d definitions with fixed walks", fixedDefs)
	}
	if hopOnes == 0 { // grasshoppers (Betza g) compile to ray hops landing one step beyond
		t.Errorf("no definition has a ray hop landing just beyond its screen (HopOne)")
	}
	if notLands == 0 { // atomar's king: one step, onto no king
		t.Errorf("no definition has a fixed walk that may not land on some types (NotLand)")
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

// countPaths counts rs's paths (either side's) for which is holds.
func countPaths(rs *compiler.Ruleset, is func(*compiler.Path[compiler.Bitboard]) bool) int {
	n := 0
	for pts, ti := rs.Pieces(), 0; ti < pts.Len(); ti++ {
		for c := compiler.Color(0); c < 2; c++ {
			for paths, i := pts.At(ti).Paths(c), 0; i < paths.Len(); i++ {
				if is(paths.At(i)) {
					n++
				}
			}
		}
	}
	return n
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

// twoRoutes is xiangqi with an advisor that reaches each diagonal neighbour by two fixed
// walks (across either orthogonal neighbour): the same move twice, whenever both are empty.
const twoRoutes = `extends: xiangqi
name: tworoutes
pieces-by-letter:
  A:
    name: Advisor
    value: 200
    moves:
      - path: [{step: [1, 0], on: [empty]}, {step: [0, 1]}]
`

// TestMovesNotRepeated: the move generators skip the search for repeated moves (dedupe)
// only for piece types whose atoms cannot make the same move twice (PieceType.MayRepeat,
// an allow-list decided from the path tables): no position of a random game of any
// definition with paths lists a move twice, and a piece that reaches a cell by two fixed
// walks is still deduplicated.
func TestMovesNotRepeated(t *testing.T) {
	t.Parallel() // no package switch (forceWideCore...) read or set
	playouts, plies := 6, 100
	if testing.Short() {
		playouts, plies = 2, 60
	}
	unrepeated := 0
	check := func(name string, rs *compiler.Ruleset) {
		for pts, ti := rs.Pieces(), 0; ti < pts.Len(); ti++ {
			if pt := pts.At(ti); pt.Paths(compiler.White).Len() > 0 && !pt.MayRepeat {
				unrepeated++
			}
		}
		rng := rand.New(rand.NewSource(5))
		for g := 0; g < playouts; g++ {
			p, err := Start(rs, rs.SetupAt(g%rs.NumSetups()).Name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for ply := 0; ply < plies; ply++ {
				for _, ms := range [][]Move{p.PseudoMoves(nil), p.LegalMoves(nil), p.CaptureMoves(nil), p.QuietMoves(nil)} {
					seen := map[Move]bool{}
					for _, m := range ms {
						if seen[m] {
							t.Fatalf("%s %s: %v listed twice", name, p.FEN(), m)
						}
						seen[m] = true
					}
				}
				ms := p.LegalMoves(nil)
				if len(ms) == 0 {
					break
				}
				p.Make(ms[rng.Intn(len(ms))])
			}
		}
	}
	for _, name := range allDefinitions(t) {
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rs.HasPaths {
			check(name, rs)
		}
	}
	if unrepeated < 10 {
		t.Errorf("only %d piece types with paths known not to repeat moves", unrepeated)
	}
	def, err := defs.Parse("tworoutes.yaml", []byte(twoRoutes))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	if pt := rs.Piece(rs.TypeOf('A')); !pt.MayRepeat {
		t.Fatalf("tworoutes: the advisor's two walks to one cell are not marked MayRepeat")
	}
	check("tworoutes", rs)
	p, err := FromFEN(rs, "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	// The advisor on e2 reaches d1, f1, d3 and f3 (d3 and f3 by two walks each); the
	// general only f1 (on d1 it would face the other).
	if n := len(p.LegalMoves(nil)); n != 4+1 {
		t.Errorf("tworoutes: %d legal moves, want 5 (the advisor's 4, the general's 1)", n)
	}
	t.Logf("%d piece types with paths known not to repeat moves", unrepeated)
}

// notLandKing is atomar with a king that also has a path the tables cannot answer (two
// steps straight), so that its one-step walks onto no king are generated one by one
// (genHop) rather than from the per-man list.
const notLandKing = `extends: atomar
name: notlandking
pieces-by-letter:
  K:
    moves:
      - {path: [{step: [1, 0], not: [K]}]}
      - {path: [{step: [1, 1], not: [K]}]}
      - {path: [{step: [1, 0], range: [2, 2], on: [empty]}]}
`

// A fixed walk's last leg may exclude types (NotLand): its tables must not land on them,
// whichever way the moves are generated, and its attacks must not reach them.
func TestFixedWalkLandsOnNoExcludedType(t *testing.T) {
	def, err := defs.Parse("notlandking.yaml", []byte(notLandKing))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	if countPaths(rs, func(p *compiler.Path[compiler.Bitboard]) bool { return p.Fixed && p.NotLand != 0 }) == 0 {
		t.Fatal("the king's one-step paths are not fixed walks")
	}
	for fen, takesKing := range map[string]string{
		"8/8/8/8/8/3k4/4K3/8 w - - 0 1":  "e2d3",
		"8/8/8/8/8/4k3/4K3/8 b - - 0 1":  "e3e2",
		"8/8/8/8/3k4/3pK3/8/8 w - - 0 1": "e3d4",
	} {
		p, err := FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		if diff, n := p.core().pathProbe(); diff != "" || n == 0 {
			t.Errorf("%s: %q (%d answers compared)", fen, diff, n)
		}
		for _, m := range p.LegalMoves(nil) {
			if p.Coord(m) == takesKing {
				t.Errorf("%s: the king takes the king (%s)", fen, takesKing)
			}
		}
	}
}
