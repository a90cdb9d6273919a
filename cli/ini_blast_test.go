// Sections of Fairy-Stockfish's current variants.ini whose explosions combine with another capture rule (petrifyOnCaptureTypes, capturesToHand), played as its current source plays them: perft divides at depth 4 from the start, along games and at positions set up to meet the rule.
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
	// atomiczh (capturesToHand over atomic): every man blown up goes into its owner's
	// opponent's hand, the capturer too, a promoted one (Q~) as a pawn; drops that give
	// check are moves (dropChecks = false bars none: no king of Fairy-Stockfish's KING
	// type under explosions).
	{"atomiczh", "4k3/8/6b1/3Q~4/4N3/8/8/4K3[] b - - 0 1", 4},
	{"atomiczh", "4k3/8/6b1/3Q4/4N3/8/8/4K3[] b - - 0 1", 4},
	{"atomiczh", "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1", 3},
	{"atomiczh", "r3k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QK2R[NBp] w - - 0 1", 3},
	{"atomiczh", "r1b1k2r/pp3ppp/2n1p3/3pP3/1b1P1B2/2N2N2/PP3PPP/R2QKB1R[QPpn] b - - 0 1", 3},
}

// TestUpstreamINIBlastPerft: perft divides of Chimera and of Fairy-Stockfish's current
// source (CHIMERA_FSF_CURRENT, as TestUpstreamINIPerft) at blastPositions, from the
// start, and every 10 plies along games that prefer captures and go on (random, seeded),
// at depth 4 (3 with -short; a position's own depth, and a section's along its games,
// where lower).
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
	// Along games: depth 4 for nuclear; 3 for atomiczh, whose hands fill (4 from the start).
	for _, g := range []struct {
		section string
		depth   int
	}{{"nuclear", 4}, {"atomiczh", 3}} {
		section := g.section
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
					d := g.depth
					if ply == 0 {
						d = 4
					}
					d = shallow(d)
					got, want := divideLines(p, d), fsfINIPerft(t, fsf, abs, section, moves, d)
					if strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Fatalf("[%s] after %q (FEN %s), perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", section, moves, p.FEN(), d, strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
				if len(legal) == 0 {
					break
				}
				// A move that does not end the game (a king blown up), a capture, which
				// explodes, every other time.
				var goOn, captures []interpreter.Move
				for _, c := range legal {
					p.Make(c)
					ends := p.Result() != interpreter.Ongoing
					p.Unmake()
					if !ends {
						goOn = append(goOn, c)
						if p.At(c.To()) != interpreter.NoPiece && c.To() != c.From() {
							captures = append(captures, c)
						}
					}
				}
				if len(goOn) == 0 {
					goOn = legal
				}
				m := goOn[rng.Intn(len(goOn))]
				if len(captures) > 0 && rng.Intn(2) == 0 {
					m = captures[rng.Intn(len(captures))]
				}
				moves = append(moves, p.Coord(m))
				p.Make(m)
			}
			t.Logf("[%s] seed %d: %d plies, %s", section, seed, len(moves), fmt.Sprint(p.FEN()))
		}
	}
}
