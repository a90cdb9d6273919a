// The open-file terms: which types ride their files, and the men on open files counted against a naive count along random games.
package search

import (
	"math/rand/v2"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// TestFileRidingTypes: a type rides its files when it reaches along its file both ways
// to the edge from every cell and neither is royal nor promotes; the terms need
// pawn-like types, and hands and counting rules turn their default weights to 0.
func TestFileRidingTypes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		variant    string
		letters    string // the file-riding types' letters, in type order
		open, half int
	}{
		{"chess", "QR", 25, 10},
		{"capablanca", "QCR", 25, 10}, // the queen, the chancellor and the rook
		{"shatranj", "R", 25, 10},
		{"xiangqi", "", 25, 10}, // no pawn-like type: its pawns do not promote
		{"makruk", "R", 0, 0},   // a counting rule
		{"crazyhouse", "QR", 0, 0},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1).eval
		got := ""
		for _, ty := range e.fileTypes {
			got += rs.Piece(ty).LetterText
		}
		if got != c.letters || e.w.OpenFile != c.open || e.w.HalfOpenFile != c.half {
			t.Errorf("%s: file-riding %q weights %d and %d, want %q, %d and %d", c.variant, got, e.w.OpenFile, e.w.HalfOpenFile, c.letters, c.open, c.half)
		}
	}
}

// TestOpenFilesMatchNaive: along random games, the men of the file-riding types that the
// evaluator counts on open and half-open files are those a scan of each such man's file
// finds with no pawn-like man on it, or with the enemy's alone; and both kinds are met.
func TestOpenFilesMatchNaive(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"chess", "capablanca", "shatranj"} {
		rs, err := interpreter.Open(v)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1).eval
		pawn, rider := make([]bool, rs.NumPieces()), make([]bool, rs.NumPieces())
		for _, ty := range e.pawnTypes {
			pawn[ty] = true
		}
		for _, ty := range e.fileTypes {
			rider[ty] = true
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(v))))
		opens, halves := 0, 0
		for game := 0; game < 30; game++ {
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 160 && p.Result() == interpreter.Ongoing; ply++ {
				var want [2][2]int // [side][open, half]
				for sq := range rs.Cells {
					pc := p.At(sq)
					if pc == interpreter.NoPiece || !rider[pc.Type()] {
						continue
					}
					var pawns [2]bool // [own, enemy]
					for to := range rs.Cells {
						if q := p.At(to); q != interpreter.NoPiece && pawn[q.Type()] && rs.FileOf(to) == rs.FileOf(sq) {
							pawns[min(int(q.Color()^pc.Color()), 1)] = true
						}
					}
					switch {
					case !pawns[0] && !pawns[1]:
						want[pc.Color()][0]++
					case !pawns[0]:
						want[pc.Color()][1]++
					}
				}
				files := e.fileMasks(e.pawnMen(p))
				for c := compiler.White; c <= compiler.Black; c++ {
					open, half := e.openFilesOf(p, files, c)
					if open != want[c][0] || half != want[c][1] {
						t.Fatalf("%s %s: side %d has %d men on open files and %d on half-open, want %d and %d", v, p.FEN(), c, open, half, want[c][0], want[c][1])
					}
					opens += open
					halves += half
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		if opens < 100 || halves < 100 {
			t.Errorf("%s: men on open files met %d times, on half-open %d (want 100 each)", v, opens, halves)
		}
	}
}
