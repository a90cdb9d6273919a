// Capture effects and timed statuses: move generation predicts what a capture will do
// without playing it (where a bouncing capturer lands, so whether it promotes; whether the
// move removes a royal piece of the mover), and those predictions must agree with Make on
// every definition with capture effects. Then the cases the synthetic definitions
// (testdata/synthetic/bounce-*.yaml, kick-mark.yaml) found, each failing before its fix.
package interpreter

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

func TestEffectPredictionsAgreeWithMake(t *testing.T) {
	bothCores(t, testEffectPredictionsAgreeWithMake)
}

func testEffectPredictionsAgreeWithMake(t *testing.T) {
	playouts, plies := 6, 80
	if testing.Short() {
		playouts, plies = 2, 40
	}
	kinds := map[string]int{}
	for _, name := range allDefinitions(t) {
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !rs.CaptureEffects {
			continue
		}
		var starts []string
		for i := 0; i < playouts; i++ {
			starts = append(starts, rs.SetupAt(i%rs.NumSetups()).FEN)
		}
		for i := range rs.Def.Tests {
			if fen := rs.Def.Tests[i].FEN; fen != "" {
				starts = append(starts, fen)
			}
		}
		rng := rand.New(rand.NewSource(13))
		for _, fen := range starts {
			p, err := FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for ply := 0; ply < plies; ply++ {
				where := fmt.Sprintf("%s %s", name, p.FEN())
				for _, m := range p.core().genPseudo(nil) {
					checkEffectPrediction(t, p, m, where, kinds)
				}
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.Intn(len(legal))])
			}
		}
	}
	for _, k := range []string{"bounce", "lost", "kick", "promotion", "royal lost", "capture in passing"} {
		if kinds[k] == 0 {
			t.Errorf("no pseudo-legal capture of kind %q was checked (%v)", k, kinds)
		}
	}
	t.Logf("captures checked by kind: %v", kinds)
}

// checkEffectPrediction plays the pseudo-legal move m and compares what it did with what
// generation predicted: losesRoyal with the frame's lostRoyal, and for a capture on the
// destination, landing with the square where the capturer (promoted or not) ends, or its
// loss. A promoting move must land in the promotion zone and a move that does not promote
// (when promotion is compulsory) must not.
func checkEffectPrediction(t *testing.T, p *Position, m Move, where string, kinds map[string]int) {
	t.Helper()
	c := p.core()
	rs := p.Ruleset()
	us := p.Side()
	loses := c.losesRoyal(m)
	capture := m.Kind() == KindNormal && p.At(m.To()) != NoPiece
	if !capture {
		p.Make(m)
		lost := c.lostRoyal()
		p.Unmake()
		if lost || loses {
			t.Fatalf("%s: %s: lostRoyal %v, losesRoyal %v for a move that captures nothing on its destination", where, p.Coord(m), lost, loses)
		}
		return
	}
	mover := p.At(m.From())
	kicked := rs.Kick && p.Status(m.To()) != 0
	land := c.landing(m)
	own := snap(p).byColor[us].Count()
	p.Make(m)
	lost := c.lostRoyal()
	after := snap(p)
	p.Unmake()
	name := p.Coord(m)
	if lost != loses {
		t.Fatalf("%s: %s: lostRoyal %v, losesRoyal predicted %v", where, name, lost, loses)
	}
	want := mover
	if pr := m.Promotion(); pr >= 0 {
		want = MakePiece(pr, us)
	}
	switch {
	case land == NoSquare:
		if kicked || after.byColor[us].Count() != own-1 {
			t.Fatalf("%s: %s: predicted lost (kick %v), the mover's side keeps %d of %d pieces", where, name, kicked, after.byColor[us].Count(), own)
		}
	case after.board[land] != want:
		t.Fatalf("%s: %s: predicted to land on %s as %v, found %v there", where, name, rs.SquareName(land), want, after.board[land])
	}
	if pr := rs.Piece(mover.Type()).Promotion; pr != nil {
		inZone := land != NoSquare && pr.Zone[us].Has(land)
		if m.Promotion() >= 0 && !inZone || m.Promotion() < 0 && inZone && !pr.Optional {
			t.Fatalf("%s: %s: promotion %d, landing %s in the zone: %v", where, name, m.Promotion(), rs.SquareName(land), inZone)
		}
		if m.Promotion() >= 0 {
			kinds["promotion"]++
		}
	}
	switch {
	case kicked:
		kinds["kick"]++
	case land == NoSquare:
		kinds["lost"]++
	case land != m.To():
		kinds["bounce"]++
	}
	if loses {
		kinds["royal lost"]++
	}
	if m.Cap1() != NoSquare {
		kinds["capture in passing"]++
	}
}

// effectsRuleset builds a definition given as YAML text.
func effectsRuleset(t *testing.T, src string) *compiler.Ruleset {
	t.Helper()
	def, err := defs.Parse("effects.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// coordSet is the coordinate notation of moves, for messages and comparisons.
func coordSet(p *Position, ms []Move) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		out[p.Coord(m)] = true
	}
	return out
}

// A harmless status stops a piece attacking, so it captures nothing, though it may move:
// generation used to give a harmless but mobile piece its captures (by leaps, rides, paths
// and en passant) while Attackers rightly left it out.
func TestHarmlessPiecesCaptureNothing(t *testing.T) { bothCores(t, testHarmlessPiecesCaptureNothing) }

func testHarmlessPiecesCaptureNothing(t *testing.T) {
	rs := effectsRuleset(t, `
name: harmless
board: {files: 8, ranks: 8}
zones:
  pawn-start: {ranks: [2]}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
  - name: Locust
    letter: L
    moves: [{path: [{step: [1, 1], on: [enemy], capture: true}, {step: [1, 1], on: [empty]}]}]
  - name: Pawn
    letter: P
    moves:
      - {leap: [0, 1], symmetry: none, mode: move}
      - {ride: [0, 1], range: [2, 2], symmetry: none, mode: move, from: pawn-start, ep-target: true}
      - {leap: [1, 1], only: [forward], mode: capture, en-passant: true}
statuses:
  - {name: marked, duration: 9, harmless: true}
capture: {kick: marked}
setups:
  - {name: s, fen: 7k/8/8/3pP3/8/1p5K/L7/Rr6 w - d6 0 1}
`)
	for _, c := range []struct {
		fen  string
		want []string
	}{
		// Unmarked: the rook takes b1, the locust b3 in passing, the pawn d5 en passant.
		{"7k/8/8/3pP3/8/1p5K/L7/Rr6 w - d6 0 1", []string{"a1b1", "a2c4", "e5d6", "e5e6"}},
		// Marked rook, locust and pawn: quiet moves only.
		{"7k/8/8/3pP3/8/1p5K/L7/Rr6 w - d6 0 1 e5:3,a2:3,a1:3", []string{"e5e6"}},
	} {
		p, err := FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		legal := p.LegalMoves(nil)
		got := coordSet(p, legal)
		for _, s := range []string{"a1b1", "a2c4", "e5d6", "e5e6"} {
			want := false
			for _, w := range c.want {
				want = want || w == s
			}
			if got[s] != want {
				t.Errorf("%s: %s legal %v, want %v (legal moves %v)", c.fen, s, got[s], want, got)
			}
		}
		// IsLegal agrees, on the moves the unmarked pieces have.
		a1, _ := rs.ParseSquare("a1")
		b1, _ := rs.ParseSquare("b1")
		if p.IsLegal(newMove(a1, b1)) != got["a1b1"] {
			t.Errorf("%s: IsLegal(a1b1) = %v", c.fen, !got["a1b1"])
		}
	}
}

// Castling carries the statuses of the king and its partner to their new squares: before
// the fix they stayed behind on the emptied squares (a status without a piece, which the
// FEN then could not be read back with).
func TestCastlingCarriesStatuses(t *testing.T) { bothCores(t, testCastlingCarriesStatuses) }

func testCastlingCarriesStatuses(t *testing.T) {
	rs := effectsRuleset(t, `
name: marked-castling
board: {files: 8, ranks: 8}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
statuses:
  - {name: marked, duration: 9, harmless: true}
capture: {kick: marked}
castling: {royal: K, partner: R, short: {king: g, partner: f}, long: {king: c, partner: d}}
setups:
  - {name: s, fen: r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1}
`)
	for _, c := range []struct{ fen, move, want string }{
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 e1:5,h1:3", "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1 f1:2,g1:4"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 a1:9,e1:5", "O-O-O", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1 c1:4,d1:8"},
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1 a8:1", "O-O-O", "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
	} {
		p, err := FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		hash := p.Hash()
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		p.Make(m)
		if got := p.FEN(); got != c.want {
			t.Errorf("%s %s: got %s, want %s", c.fen, c.move, got, c.want)
		}
		if h, r := p.Hash(), p.core().computeHash(); h != r {
			t.Errorf("%s %s: hash %x, recomputed %x", c.fen, c.move, h, r)
		}
		if _, err := FromFEN(rs, p.FEN()); err != nil {
			t.Errorf("%s %s: the FEN after does not read back: %v", c.fen, c.move, err)
		}
		p.Unmake()
		if p.FEN() != c.fen || p.Hash() != hash {
			t.Errorf("%s %s: unmake gives %s", c.fen, c.move, p.FEN())
		}
	}
}

// A bounce that follows captures in passing passes the squares they emptied: generation
// used to predict the landing on the board before the move, where those pieces still
// stand, so it promoted moves that land short of the zone and, without a check rule,
// refused a royal's move as bouncing off the board when it lands on such a square.
func TestBounceLandingAfterCapturesInPassing(t *testing.T) {
	bothCores(t, testBounceLandingAfterCapturesInPassing)
}

func testBounceLandingAfterCapturesInPassing(t *testing.T) {
	src := `
name: boomerang
board: {files: 6, ranks: 6}
zones:
  last-rank: {ranks: [6]}
pieces:
  - name: King
    letter: K
    royal: true
    moves:
      - {leap: [1, 0]}
      - path: [{step: [0, 2], on: [enemy], capture: true}, {step: [0, -1]}]
  - name: Boomerang
    letter: O
    moves: [{path: [{step: [0, 2], on: [enemy], capture: true}, {step: [0, -1]}]}]
    promotion: {zone: last-rank, to: [K]}
capture: {effect: bounce}
rules: {check: CHECK}
setups:
  - {name: s, fen: 5k/o5/o5/O5/6/5K w - - 0 1}
`
	for _, check := range []string{"none", "royal-attacked"} {
		rs := effectsRuleset(t, strings.ReplaceAll(src, "CHECK", check))
		// The boomerang takes a5 in passing, lands on a4 and bounces on to a5, short of the
		// last rank: it does not promote.
		p, err := FromFEN(rs, "5k/o5/o5/O5/6/5K w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if got := coordSet(p, p.LegalMoves(nil)); !got["a3a4"] || got["a3a4k"] {
			t.Errorf("%s: moves %v, want a3a4 unpromoted", check, got)
		}
		// The king takes b5 in passing, lands on b4 and bounces on to b5 (not over b5 and
		// b6 off the board).
		p, err = FromFEN(rs, "1o3k/1o4/1o4/1K4/6/6 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if got := coordSet(p, p.LegalMoves(nil)); !got["b3b4"] {
			t.Errorf("%s: moves %v, want b3b4", check, got)
		}
		m, err := p.ParseMove("b3b4")
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		if want := "1o3k/1K4/1o4/6/6/6 b - - 0 1"; p.FEN() != want {
			t.Errorf("%s: after b3b4 got %s, want %s", check, p.FEN(), want)
		}
	}
}

// Under a check rule a kick can remove the enemy king (it stands beyond the kicked piece,
// where no check protects it): the position that move leaves must read back from its FEN.
func TestKickedOffRoyalFENReadsBack(t *testing.T) { bothCores(t, testKickedOffRoyalFENReadsBack) }

func testKickedOffRoyalFENReadsBack(t *testing.T) {
	rs := effectsRuleset(t, `
name: kick-royal
board: {files: 8, ranks: 8}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
  - {name: Knight, letter: N, moves: [{leap: [1, 2]}]}
statuses:
  - {name: stunned, duration: 4, immobile: true, harmless: true}
capture: {effect: bounce, status: stunned, kick: stunned}
goals:
  - {name: king hit, hit: [K]}
setups:
  - {name: s, fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1}
`)
	p, err := FromFEN(rs, "3k4/8/8/8/3n4/8/8/3RK3 w - - 0 1 d4:2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("Rxd4")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if r := p.Result(); r.Score != "1-0" {
		t.Errorf("kicking the king off: result %+v, want 1-0", r)
	}
	want := "8/8/8/8/3R4/8/8/4K3 b - - 0 1"
	if p.FEN() != want {
		t.Fatalf("after Rxd4 got %s, want %s", p.FEN(), want)
	}
	q, err := FromFEN(rs, want)
	if err != nil {
		t.Fatalf("FromFEN(%s): %v", want, err)
	}
	if q.FEN() != want {
		t.Errorf("read back as %s", q.FEN())
	}
	// Without kicks a royal piece is still required.
	chess, _ := Open("chess")
	if _, err := FromFEN(chess, want); err == nil {
		t.Errorf("chess: a position without a black king was read")
	}
}
