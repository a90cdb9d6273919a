// enclosingDrop = anyside (cfour-anyside, the current variants.ini's section that uses
// it): drops sliding in from the edges, compared with Fairy-Stockfish's current source on
// random boards with holes in every line.
package cli

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/interpreter"
)

// TestINIAnysideDrops compares perft divides with Fairy-Stockfish's current source on
// random boards of cfour-anyside: men scattered over the board, so that a man sliding in
// from an edge meets gaps before and beyond the men it stops at (the current source lands
// a man from the top or the right edge on the lowest, leftmost free cell resting on a man
// or the far edge, the others where they slide to).
func TestINIAnysideDrops(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	importUpstream(t) // skipped without the file
	file, _ := filepath.Abs(upstreamINI)
	rs, err := interpreter.Open(upstreamINI + ":cfour-anyside")
	if err != nil {
		t.Fatal(err)
	}
	n, depth := 200, 2
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewSource(47))
	var got [][]string
	var positions []string
	moves := 0
	for i := 0; i < n; i++ {
		density := 0.1 + 0.6*rng.Float64()
		var rows []string
		for r := 0; r < 7; r++ {
			var b [7]byte
			for f := range b {
				b[f] = '1'
				if rng.Float64() < density {
					b[f] = "Pp"[rng.Intn(2)]
				}
			}
			rows = append(rows, mergeEmptyRow(string(b[:])))
		}
		side := "wb"[i%2 : i%2+1]
		fen := strings.Join(rows, "/") + "[PPPPPPPPpppppppp] " + side + " - - 0 1"
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if p.Result() != interpreter.Ongoing {
			continue // four in a row already: no drops to compare
		}
		moves += len(p.LegalMoves(nil))
		got, positions = append(got, divideLines(p, depth)), append(positions, "fen "+fen)
	}
	want := fsfINIPerftBatch(t, fsf, file, "cfour-anyside", positions, depth)
	for i := range positions {
		if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
			t.Fatalf("%s, perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", positions[i], depth, strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
		}
	}
	if len(positions) < n/2 || moves < 10*len(positions) {
		t.Errorf("%d boards of %d undecided, %d drops in all: the boards test little", len(positions), n, moves)
	}
}

// mergeEmptyRow writes a FEN row of men and '1's with the runs of empty cells counted.
func mergeEmptyRow(row string) string {
	var b strings.Builder
	run := 0
	for _, c := range row {
		if c == '1' {
			run++
			continue
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
			run = 0
		}
		b.WriteRune(c)
	}
	if run > 0 {
		b.WriteByte(byte('0' + run))
	}
	return b.String()
}
