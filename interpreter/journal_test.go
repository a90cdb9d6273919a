// Journal properties over random playouts of every built-in and synthetic definition:
// make/unmake restores every field and the journal length, the incremental hash equals the
// recomputed one (null moves, statuses and pool counts included), and goals are decided
// after every kind of move.
package interpreter

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"reflect"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

// snapshot is every field of a position that a move may change.
type snapshot struct {
	board              []Piece
	byType             []bb
	byColor            [2]bb
	status, hand       []uint8
	side               Color
	castle, ep, immune bb
	epVictim           Square
	halfmove, fullmove int
	hash               uint64
	ended              int8
	endGoal            int16
	undo, journal      int
}

func snap(p *Position) snapshot {
	return snapshot{
		board: append([]Piece(nil), p.board[:]...), byType: append([]bb(nil), p.byType[:]...),
		byColor: p.byColor, status: append([]uint8(nil), p.status...), hand: append([]uint8(nil), p.hand...),
		side: p.side, castle: p.castle, ep: p.ep, immune: p.immune, epVictim: p.epVictim,
		halfmove: p.halfmove, fullmove: p.fullmove, hash: p.hash, ended: p.ended, endGoal: p.endGoal,
		undo: len(p.undo), journal: len(p.journal),
	}
}

func allDefinitions(t *testing.T) []string {
	t.Helper()
	synthetic, err := filepath.Glob("../testdata/synthetic/*.yaml")
	if err != nil || len(synthetic) < 4 {
		t.Fatalf("testdata/synthetic: %d files, %v", len(synthetic), err)
	}
	return append(defs.Builtins(), synthetic...)
}

// checkRoundTrip makes and unmakes m (and a null move when the position allows one), and
// fails unless the hash stays equal to the recomputed hash and unmake restores everything.
func checkRoundTrip(t *testing.T, p *Position, m Move, where string) {
	t.Helper()
	before := snap(p)
	p.Make(m)
	if h, r := p.hash, p.computeHash(); h != r {
		t.Fatalf("%s: after %s incremental hash %x, recomputed %x", where, p.rs.Names[m.From()]+p.rs.Names[m.To()], h, r)
	}
	if len(p.undo) != before.undo+1 || len(p.journal) < before.journal {
		t.Fatalf("%s: make left %d frames and %d edits (before %d, %d)", where, len(p.undo), len(p.journal), before.undo, before.journal)
	}
	p.Unmake()
	if after := snap(p); !reflect.DeepEqual(before, after) {
		t.Fatalf("%s: make/unmake of %s changed the position:\n before %+v\n after  %+v", where, p.Coord(m), before, after)
	}
}

func TestJournalRoundTrip(t *testing.T) {
	playouts, plies := 6, 80
	if testing.Short() {
		playouts, plies = 2, 50
	}
	for _, name := range allDefinitions(t) {
		rs, err := Open(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := rand.New(rand.NewSource(11))
		kinds := map[int]int{}
		for g := 0; g < playouts; g++ {
			p, err := Start(rs, rs.Setups[g%len(rs.Setups)].Name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			start := snap(p)
			made := 0
			for ply := 0; ply < plies; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				where := fmt.Sprintf("%s %s", name, p.FEN())
				for _, m := range legal {
					kinds[m.Kind()]++
					if m.Cap2() != NoSquare {
						kinds[-1]++ // two captures in passing
					}
					checkRoundTrip(t, p, m, where)
				}
				before := snap(p)
				p.MakeNull()
				if h, r := p.hash, p.computeHash(); h != r || p.side == before.side || p.ep != 0 {
					t.Fatalf("%s: null move: hash %x recomputed %x, side %d, ep %x", where, h, r, p.side, p.ep)
				}
				p.Unmake()
				if after := snap(p); !reflect.DeepEqual(before, after) {
					t.Fatalf("%s: null move and unmake changed the position", where)
				}
				p.Make(legal[rng.Intn(len(legal))])
				made++
			}
			for ; made > 0; made-- {
				p.Unmake()
			}
			if after := snap(p); !reflect.DeepEqual(start, after) {
				t.Fatalf("%s: unmaking a whole playout does not restore the start", name)
			}
		}
		if kinds[KindNormal] == 0 {
			t.Errorf("%s: no moves checked", name)
		}
		t.Logf("%s: move kinds checked %v", name, kinds)
	}
}

// TestJournalStatusAndPoolEdits drives the status and pool edits directly (no built-in
// definition uses them yet): each is hashed, recorded and undone.
func TestJournalStatusAndPoolEdits(t *testing.T) {
	rs, err := Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	before := snap(p)
	p.MakeNull()
	e4, _ := rs.ParseSquare("e4")
	p.setStatus(e4, 4)
	p.setStatus(e4, 3)
	p.setStatus(e4+1, compiler.MaxStatus)
	p.changePool(compiler.White, 0, 1, 2)
	p.changePool(compiler.Black, 0, 4, 1)
	p.changePool(compiler.Black, 0, 4, -1)
	p.changePool(compiler.White, 0, 1, compiler.MaxHand+5) // clamps
	if p.Status(e4) != 3 || p.Status(e4+1) != compiler.MaxStatus || p.PoolCount(compiler.White, 0, 1) != compiler.MaxHand || p.PoolCount(compiler.Black, 0, 4) != 0 {
		t.Fatalf("edits not applied: status %d %d pools %d %d", p.Status(e4), p.Status(e4+1), p.PoolCount(compiler.White, 0, 1), p.PoolCount(compiler.Black, 0, 4))
	}
	if h, r := p.hash, p.computeHash(); h != r {
		t.Fatalf("hash %x, recomputed %x", h, r)
	}
	mid := p.hash
	p.setStatus(e4, 0)
	if p.hash == mid || p.hash != p.computeHash() {
		t.Fatalf("clearing a status: hash %x (was %x), recomputed %x", p.hash, mid, p.computeHash())
	}
	p.Unmake()
	if after := snap(p); !reflect.DeepEqual(before, after) {
		t.Fatalf("unmake did not undo the edits:\n before %+v\n after  %+v", before, after)
	}
}

// TestGoalAfterCastling: a goal is decided after every kind of move. With "first check
// wins", castling that gives check ends the game just as a rook move giving check does.
func TestGoalAfterCastling(t *testing.T) {
	def, err := defs.Parse("castle-check.yaml", []byte(`
extends: chess
name: castle-check
goals:
  - name: first check
    when: check
`))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"O-O", "Rf1"} {
		p, err := FromFEN(rs, "5k2/8/8/8/8/8/8/4K2R w K - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		hashBefore := p.Hash()
		p.Make(m)
		if got := p.Result(); got.Score != "1-0" || got.Reason != "first check" {
			t.Errorf("%s: result %+v, want 1-0 by first check", mv, got)
		}
		if n := len(p.LegalMoves(nil)); n != 0 {
			t.Errorf("%s: %d legal moves after the game ended", mv, n)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash %x, recomputed %x", mv, p.Hash(), p.computeHash())
		}
		// The same placement read from FEN is not decided (a hook goal needs the move): a
		// transposition table must not take one for the other.
		same, err := FromFEN(rs, p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if e := p.Ended(); !e.Over || e.Outcome != compiler.Loss || same.Ended().Over || same.Hash() == p.Hash() {
			t.Errorf("%s: decided %+v hash %x; same placement from FEN %+v hash %x", mv, e, p.Hash(), same.Ended(), same.Hash())
		}
		p.Unmake()
		if p.Result() != Ongoing || p.Hash() != hashBefore {
			t.Errorf("%s: unmake left result %+v", mv, p.Result())
		}
	}
}
