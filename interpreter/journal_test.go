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
	"slices"
	"sync"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

// snapshot is every field of a position that a move may change.
type snapshot struct {
	board              []Piece
	byType             []Bitboard
	byColor            [2]Bitboard
	status, hand       []uint8
	side               Color
	castle, ep, immune Bitboard
	statused           Bitboard
	epVictim           Square
	halfmove, fullmove int
	hash               uint64
	ended              int8
	endGoal            int16
	checks             [2]uint8
	undo, journal      int
}

func snap(p *Position) snapshot { return p.core().snap() }

// snapshotsEqual reports whether x and y hold the same fields: reflect.DeepEqual's answer,
// several times faster (TestSnapshotsEqualCoversEveryField keeps it to every field).
func snapshotsEqual(x, y *snapshot) bool {
	return slices.Equal(x.board, y.board) && slices.Equal(x.byType, y.byType) &&
		x.byColor == y.byColor && slices.Equal(x.status, y.status) && slices.Equal(x.hand, y.hand) &&
		x.side == y.side && x.castle == y.castle && x.ep == y.ep && x.immune == y.immune &&
		x.statused == y.statused && x.epVictim == y.epVictim && x.halfmove == y.halfmove &&
		x.fullmove == y.fullmove && x.hash == y.hash && x.ended == y.ended && x.endGoal == y.endGoal &&
		x.checks == y.checks && x.undo == y.undo && x.journal == y.journal
}

// TestSnapshotsEqualCoversEveryField: snapshotsEqual compares every field a snapshot
// has (these 19): a field added fails here until it is compared there too.
func TestSnapshotsEqualCoversEveryField(t *testing.T) {
	want := []string{"board", "byType", "byColor", "status", "hand", "side", "castle", "ep", "immune", "statused",
		"epVictim", "halfmove", "fullmove", "hash", "ended", "endGoal", "checks", "undo", "journal"}
	var got []string
	for i := range reflect.TypeOf(snapshot{}).NumField() {
		got = append(got, reflect.TypeOf(snapshot{}).Field(i).Name)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("snapshot's fields %v, snapshotsEqual compares %v: compare the new ones", got, want)
	}
	a := snapshot{board: []Piece{1}, hash: 1}
	if b := (snapshot{board: []Piece{1}, hash: 2}); snapshotsEqual(&a, &b) || !snapshotsEqual(&a, &a) {
		t.Fatal("snapshotsEqual does not tell a hash apart")
	}
}

func allDefinitions(t *testing.T) []string {
	t.Helper()
	synthetic, err := filepath.Glob("../testdata/synthetic/*.yaml")
	if err != nil || len(synthetic) < 4 {
		t.Fatalf("testdata/synthetic: %d files, %v", len(synthetic), err)
	}
	wide, err := filepath.Glob("../testdata/wide/*.yaml")
	if err != nil || len(wide) < 2 {
		t.Fatalf("testdata/wide: %d files, %v", len(wide), err)
	}
	return append(append(defs.Builtins(), synthetic...), wide...)
}

// compiled holds the definitions the property tests open, each compiled once per test
// binary: a compiled ruleset is only read after Compile, so the tests share it.
var compiled sync.Map // name → openResult

type openResult struct {
	rs  *compiler.Ruleset
	err error
}

// openShared is Open, compiling each name once per test binary.
func openShared(name string) (*compiler.Ruleset, error) {
	if r, ok := compiled.Load(name); ok {
		return r.(openResult).rs, r.(openResult).err
	}
	rs, err := Open(name)
	compiled.Store(name, openResult{rs, err})
	return rs, err
}

// checkRoundTrip makes and unmakes m (and a null move when the position allows one), and
// fails unless the hash stays equal to the recomputed hash and unmake restores everything.
func checkRoundTrip(t *testing.T, p *Position, m Move, where string) {
	t.Helper()
	var before, after snapshot
	checkRoundTripInto(t, p, m, where, &before, &after)
}

// checkRoundTripInto is checkRoundTrip taking its snapshots into before and after,
// whose slices it reuses.
func checkRoundTripInto(t *testing.T, p *Position, m Move, where string, before, after *snapshot) {
	t.Helper()
	p.core().snapInto(before)
	p.Make(m)
	if h, r := p.Hash(), p.core().computeHash(); h != r {
		t.Fatalf("%s: after %s incremental hash %x, recomputed %x", where, p.Ruleset().SquareName(m.From())+p.Ruleset().SquareName(m.To()), h, r)
	}
	if p.core().snapInto(after); after.undo != before.undo+1 || after.journal < before.journal {
		t.Fatalf("%s: make left %d frames and %d edits (before %d, %d)", where, after.undo, after.journal, before.undo, before.journal)
	}
	p.Unmake()
	if p.core().snapInto(after); !snapshotsEqual(before, after) {
		t.Fatalf("%s: make/unmake of %s changed the position:\n before %+v\n after  %+v", where, p.Coord(m), *before, *after)
	}
}

func TestJournalRoundTrip(t *testing.T) {
	bothCores(t, testJournalRoundTrip)
}

func testJournalRoundTrip(t *testing.T) {
	// In -short mode: two playouts of 50 plies and four of the definition's test positions
	// (a seeded sample) played 4 plies, each definition on one of the two cores (alternating).
	playouts, plies, testPlies := 6, 80, 16
	if testing.Short() {
		playouts, plies, testPlies = 2, 50, 4
	}
	// Every kind of change a move makes must have been round-tripped somewhere.
	seen := map[string]int{}
	for di, name := range allDefinitions(t) {
		if !OnThisCore(t, di) {
			continue
		}
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := rand.New(rand.NewSource(11))
		// Starts: each setup, and the positions of the definition's own tests (special
		// positions: castling, en passant, promotions, captures in passing).
		var starts []string
		for i := 0; i < playouts; i++ {
			starts = append(starts, rs.SetupAt(i%rs.NumSetups()).FEN)
		}
		var tests []string
		for i := range rs.Def.Tests {
			if fen := rs.Def.Tests[i].FEN; fen != "" {
				tests = append(tests, fen)
			}
		}
		for _, i := range ShortSample(t, len(tests), 4, "journal "+name) {
			starts = append(starts, tests[i])
		}
		kinds := map[string]int{}
		for si, fen := range starts {
			plies := plies
			if si >= playouts {
				plies = testPlies
			}
			p, err := FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			start := snap(p)
			var before, after snapshot // reused by every move's round trip
			made := 0
			for ply := 0; ply < plies; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				where := fmt.Sprintf("%s %s", name, p.FEN())
				for _, m := range legal {
					kinds["any"]++
					switch {
					case m.Kind() == KindCastle:
						kinds["castling"]++
					case m.Kind() == KindEP:
						kinds["en passant"]++
					case m.Cap2() != NoSquare || m.Cap1() != NoSquare && p.At(m.To()) != NoPiece:
						kinds["several captures"]++
					case m.Cap1() != NoSquare:
						kinds["capture in passing"]++
					}
					if m.Promotion() >= 0 {
						kinds["promotion"]++
					}
					if p.IsCapture(m) {
						kinds["capture"]++
					}
					checkRoundTripInto(t, p, m, where, &before, &after)
				}
				p.core().snapInto(&before)
				p.MakeNull()
				if h, r := p.Hash(), p.core().computeHash(); h != r || p.Side() == before.side || snap(p).ep.Any() {
					t.Fatalf("%s: null move: hash %x recomputed %x, side %d, ep %v", where, h, r, p.Side(), snap(p).ep)
				}
				p.Unmake()
				if p.core().snapInto(&after); !snapshotsEqual(&before, &after) {
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
		if kinds["any"] == 0 {
			t.Errorf("%s: no move checked", name)
		}
		for k, n := range kinds {
			seen[k] += n
		}
		t.Logf("%s: moves checked by kind %v", name, kinds)
	}
	for _, k := range []string{"castling", "en passant", "promotion", "capture in passing", "several captures"} {
		if seen[k] == 0 {
			t.Errorf("no move with %s was round-tripped", k)
		}
	}
}

// TestJournalStatusAndPoolEdits drives the status and pool edits directly (no built-in
// definition uses them yet): each is hashed, recorded and undone.
func TestJournalStatusAndPoolEdits(t *testing.T) {
	bothCores(t, testJournalStatusAndPoolEdits)
}

func testJournalStatusAndPoolEdits(t *testing.T) {
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
	c := p.core()
	c.setStatus(e4, 4)
	c.setStatus(e4, 3)
	c.setStatus(e4+1, compiler.MaxStatus)
	c.changePool(compiler.White, 0, 1, 2)
	c.changePool(compiler.Black, 0, 4, 1)
	c.changePool(compiler.Black, 0, 4, -1)
	c.changePool(compiler.White, 0, 1, compiler.MaxHand-2) // the largest count a pool holds
	if p.Status(e4) != 3 || p.Status(e4+1) != compiler.MaxStatus || p.PoolCount(compiler.White, 0, 1) != compiler.MaxHand || p.PoolCount(compiler.Black, 0, 4) != 0 {
		t.Fatalf("edits not applied: status %d %d pools %d %d", p.Status(e4), p.Status(e4+1), p.PoolCount(compiler.White, 0, 1), p.PoolCount(compiler.Black, 0, 4))
	}
	if h, r := p.Hash(), c.computeHash(); h != r {
		t.Fatalf("hash %x, recomputed %x", h, r)
	}
	mid := p.Hash()
	c.setStatus(e4, 0)
	if p.Hash() == mid || p.Hash() != c.computeHash() {
		t.Fatalf("clearing a status: hash %x (was %x), recomputed %x", p.Hash(), mid, c.computeHash())
	}
	p.Unmake()
	if after := snap(p); !reflect.DeepEqual(before, after) {
		t.Fatalf("unmake did not undo the edits:\n before %+v\n after  %+v", before, after)
	}
}

// TestGoalAfterCastling: a goal is decided after every kind of move. With "first check
// wins", castling that gives check ends the game just as a rook move giving check does.
func TestGoalAfterCastling(t *testing.T) {
	bothCores(t, testGoalAfterCastling)
}

func testGoalAfterCastling(t *testing.T) {
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
		if p.Hash() != p.core().computeHash() {
			t.Errorf("%s: hash %x, recomputed %x", mv, p.Hash(), p.core().computeHash())
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
