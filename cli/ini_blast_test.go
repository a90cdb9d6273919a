// Sections of Fairy-Stockfish's current variants.ini whose explosions combine with another capture rule (petrifyOnCaptureTypes), played as its current source plays them: perft divides at depth 4 from the start, along games and at positions set up to meet the rule.
package cli

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/interpreter"
)

// blastCase is a position of a section compared at a depth.
type blastCase struct {
	section, fen string
	depth        int
}

// blastPositions are set up to meet the combined rules.
var blastPositions = []blastCase{
	// nuclear (petrifyOnCaptureTypes = pnbrq over atomic, enPassantRegion = -): a capture
	// leaves a wall where its capturer blew up; Fairy-Stockfish's legality test of a
	// blast sees that square empty, so Nxe4 with the rook behind e4 on the king's file is
	// illegal, though the wall then shields the king.
	{"nuclear", "4r2k/8/8/8/4n3/2N5/8/4K3 w - - 0 1", 4},
	{"nuclear", "4r2k/8/8/8/4n3/2N5/8/4K3 b - - 0 1", 4},
	// Walls standing: lines blocked, men next to a wall blown up around it, the wall
	// itself untouched.
	{"nuclear", "r3k2r/pp3ppp/2n1*3/3p4/2*1P3/2N2N2/PPP2PPP/R3K2R w KQkq - 0 1", 4},
	{"nuclear", "4k3/8/3*4/2pP4/3*4/8/8/4K3 w - - 0 1", 4},
	// A double step past an enemy pawn: no en-passant square (enPassantRegion = -).
	{"nuclear", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 4},
	// A pawn's capture that promotes: the wall is where the queen (or knight...) blew up.
	{"nuclear", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", 4},
}

// TestUpstreamINIBlastPerft: perft divides of Chimera and of Fairy-Stockfish's current
// source (CHIMERA_FSF_CURRENT, as TestUpstreamINIPerft) at blastPositions, from the
// start, and every 10 plies along games that prefer captures (random, seeded), each at
// depth 4 (3 with -short).
func TestUpstreamINIBlastPerft(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	data, _, _ := importUpstream(t) // skipped without the file
	abs, _ := filepath.Abs(upstreamINI)
	shallow := func(d int) int {
		if testing.Short() {
			return min(d, 3)
		}
		return d
	}
	for _, c := range blastPositions {
		rs, err := openUpstream(t, data, c.section)
		if err != nil {
			t.Fatalf("[%s] import: %v", c.section, err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("[%s] %s: %v", c.section, c.fen, err)
		}
		d := shallow(c.depth)
		got, want := divideLines(p, d), fsfINIPerftFEN(t, fsf, abs, c.section, c.fen, nil, d)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("[%s] %s, perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, c.fen, d, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	for _, section := range []string{"nuclear"} {
		rs, err := openUpstream(t, data, section)
		if err != nil {
			t.Fatalf("[%s] import: %v", section, err)
		}
		for seed := range 3 {
			rng := rand.New(rand.NewSource(int64(seed)))
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for ply := 0; ply <= 40; ply++ {
				if p.Result() != interpreter.Ongoing {
					break // a king blown up: the game is over
				}
				legal := p.LegalMoves(nil)
				if ply%10 == 0 || len(legal) == 0 {
					d := shallow(4)
					got, want := divideLines(p, d), fsfINIPerft(t, fsf, abs, section, moves, d)
					if strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Fatalf("[%s] after %q (FEN %s), perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", section, moves, p.FEN(), d, strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
				if len(legal) == 0 {
					break
				}
				m := legal[rng.Intn(len(legal))]
				if rng.Intn(2) == 0 {
					// Prefer a capture, which explodes.
					for _, c := range legal {
						if p.At(c.To()) != interpreter.NoPiece && c.To() != c.From() {
							m = c
							break
						}
					}
				}
				moves = append(moves, p.Coord(m))
				p.Make(m)
			}
			t.Logf("[%s] seed %d: %d plies, %s", section, seed, len(moves), fmt.Sprint(p.FEN()))
		}
	}
}
