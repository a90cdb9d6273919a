// The cores agree: on every built-in and synthetic definition of up to 128 cells, the smallest core that holds the board (64- or 128-cell) and the 256-cell core give the definition's perft counts (from Fairy-Stockfish and the standard suites) and the same count below every root move.
package interpreter_test

import (
	"path/filepath"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// corePerft counts the leaf nodes of depth whole turns (moves, in rules of one move a
// turn), into per-ply buffers.
func corePerft(p *interpreter.Position, depth int, bufs [][]interpreter.Move) int64 {
	return turnPerft(p, depth, 0, &bufs)
}

// turnPerft is corePerft from ply (a node is a whole turn: see below).
func turnPerft(p *interpreter.Position, depth, ply int, bufs *[][]interpreter.Move) int64 {
	for len(*bufs) <= ply {
		*bufs = append(*bufs, nil)
	}
	(*bufs)[ply] = p.LegalMoves((*bufs)[ply])
	moves := (*bufs)[ply]
	side := p.Side()
	var n int64
	for _, m := range moves {
		p.Make(m)
		n += below(p, side, depth, ply, bufs)
		p.Unmake()
	}
	return n
}

// below counts the tree under a move just made by side, with depth turns left before
// it: in rules whose turns are several moves, a move that leaves its side to move
// continues the turn at the same depth (a turn cut short, with no move left, counts one).
func below(p *interpreter.Position, side interpreter.Color, depth, ply int, bufs *[][]interpreter.Move) int64 {
	if p.Side() == side {
		if n := turnPerft(p, depth, ply+1, bufs); n > 0 || depth > 1 {
			return n
		}
		return 1
	}
	if depth == 1 {
		return 1
	}
	return turnPerft(p, depth-1, ply+1, bufs)
}

// coreDivide is the count below each root move, keyed by its coordinate text.
func coreDivide(t *testing.T, rs *compiler.Ruleset, dt *defs.Test, wide bool, depth int) map[string]int64 {
	t.Helper()
	interpreter.ForceWideCore(wide)
	defer interpreter.ForceWideCore(false)
	var p *interpreter.Position
	var err error
	if dt.FEN != "" {
		p, err = interpreter.FromFEN(rs, dt.FEN)
	} else {
		p, err = interpreter.Start(rs, dt.Setup)
	}
	if err != nil {
		t.Fatalf("%s: %v", dt.Name, err)
	}
	if want := interpreter.WantCoreCells(rs); p.CoreCells() != want {
		t.Fatalf("%s: on the %d-cell core, want %d", dt.Name, p.CoreCells(), want)
	}
	var bufs [][]interpreter.Move
	out := map[string]int64{}
	side := p.Side()
	for _, m := range p.LegalMoves(nil) {
		text := p.Coord(m)
		p.Make(m)
		out[text] = below(p, side, depth, 0, &bufs)
		p.Unmake()
	}
	return out
}

func TestCoresAgreeOnPerft(t *testing.T) {
	budget := int64(40_000) // in -short mode: each test to the last depth of at most 40,000 leaves
	if !testing.Short() {
		budget = 3_000_000
	}
	synthetic, err := filepath.Glob("../testdata/synthetic/*.yaml")
	if err != nil || len(synthetic) < 4 {
		t.Fatalf("testdata/synthetic: %d files, %v", len(synthetic), err)
	}
	counted, nodes := map[int]int{}, int64(0)
	for _, name := range append(defs.Builtins(), synthetic...) {
		rs := openRuleset(t, name)
		if rs.Cells > compiler.MaxCells128 {
			continue // the 256-cell core only
		}
		small := compiler.MaxCells64
		if rs.Cells > compiler.MaxCells64 {
			small = compiler.MaxCells128
		}
		if rs.Narrow == nil && small == compiler.MaxCells64 || rs.Mid == nil && small == compiler.MaxCells128 {
			t.Fatalf("%s: %d cells: no %d-cell core to compare with", name, rs.Cells, small)
		}
		for i := range rs.Def.Tests {
			dt := &rs.Def.Tests[i]
			depth := 0
			for d, n := range dt.Perft {
				if n <= budget {
					depth = d + 1
				}
			}
			if depth == 0 {
				continue
			}
			narrow := coreDivide(t, rs, dt, false, depth)
			wide := coreDivide(t, rs, dt, true, depth)
			var total int64
			for m, n := range narrow {
				total += n
				if wide[m] != n {
					t.Errorf("%s %q: perft %d below %s: %d-cell core %d, 256-cell core %d", name, dt.Name, depth, m, small, n, wide[m])
				}
			}
			if len(wide) != len(narrow) {
				t.Errorf("%s %q: %d root moves on the %d-cell core, %d on the 256-cell core", name, dt.Name, len(narrow), small, len(wide))
			}
			if want := dt.Perft[depth-1]; total != want {
				t.Errorf("%s %q: perft %d got %d, the definition says %d", name, dt.Name, depth, total, want)
			}
			counted[small]++
			nodes += 2 * total
		}
	}
	t.Logf("perft tests by core: %v, %d nodes on the two cores", counted, nodes)
	if counted[compiler.MaxCells64] < 20 || counted[compiler.MaxCells128] < 20 {
		t.Errorf("only %v perft tests compared (by core)", counted)
	}
}
