// Tests of the frames of a game of seats built cell by cell against those read from FEN.
package interpreter

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTableFramesRefilledAsFEN plays random games of the four-seat built-ins and, at
// every ply, compares the frame of the seat to move, built cell by cell over the last
// one (Position.refill), with the frame read from its FEN text: the same FEN, hash (the
// refilled one kept incrementally, the other computed afresh), and legal moves.
func TestTableFramesRefilledAsFEN(t *testing.T) {
	for _, name := range []string{"fourplayer", "fourplayer-ffa"} {
		rs, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(4, 54))
		refills := 0
		for game := range 6 {
			tb, err := StartTable(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 300 && !tb.Result().Over; ply++ {
				moves := tb.LegalMoves(nil)
				k := tb.Mover()
				want, err := FromFEN(rs, tb.frameFEN(k, -1))
				if err != nil {
					t.Fatalf("%s game %d ply %d: %v", name, game, ply, err)
				}
				got := tb.frame
				if got.FEN() != want.FEN() || got.Hash() != want.Hash() || got.Hash() != got.RecomputedHash() {
					t.Fatalf("%s game %d ply %d: refilled frame %s (hash %x, recomputed %x)\nfrom FEN %s (hash %x)", name, game, ply, got.FEN(), got.Hash(), got.RecomputedHash(), want.FEN(), want.Hash())
				}
				gl, wl := got.LegalMoves(nil), want.LegalMoves(nil)
				slices.Sort(gl)
				slices.Sort(wl)
				if !slices.Equal(gl, wl) {
					t.Fatalf("%s game %d ply %d: %d legal moves on the refilled frame, %d from FEN", name, game, ply, len(gl), len(wl))
				}
				if ply > 0 {
					refills++
				}
				m := moves[r.IntN(len(moves))]
				for _, c := range moves { // captures first, often, to reach eliminations
					if !tb.Board[c.To].Empty() && r.IntN(3) != 0 {
						m = c
						break
					}
				}
				if err := tb.Make(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if refills < 100 {
			t.Errorf("%s: only %d frames refilled", name, refills)
		}
	}
}

// TestTablePerftAllocatesPerLevel counts the allocations of four-seat perfts: the frames
// of each level are built once (from FEN) and then refilled, so perft(4), whose 7,800
// nodes above the leaves perft(3) has not, allocates about as often as perft(3).
func TestTablePerftAllocatesPerLevel(t *testing.T) {
	rs, err := Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	start, err := StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	var allocs [5]float64
	for d, want := range map[int]uint64{3: 7960, 4: 158402} { // the naive referee's counts (TestFourPlayerPerftAgainstNaive)
		allocs[d] = testing.AllocsPerRun(1, func() {
			if n := TablePerft(start, d); n != want {
				t.Fatalf("perft(%d) = %d, want %d", d, n, want)
			}
		})
	}
	if allocs[4]-allocs[3] > 100 {
		t.Errorf("perft(3) allocated %.0f times, perft(4) %.0f: the 7,800 nodes more allocate", allocs[3], allocs[4])
	}
	t.Logf("allocations: perft(3) %.0f, perft(4) %.0f", allocs[3], allocs[4])
}
