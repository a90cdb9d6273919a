// Evaluation tests: the linear model of the evaluation equals it, the quiet leaf is quiet, tuned weights are used.
package search_test

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/search"
	"chimera/interpreter"
)

// TestEvalModelMatches: on positions from random play, the model's features times the
// evaluator's weights give the evaluation (White's side) in variants with each term:
// square tables and values, pools, goal distance, checks given.
// nearRoyal is chess with men that count near the royal men (evaluation.pieces'
// near-enemy-royal and near-own-royal).
const nearRoyal = `extends: chess
name: chess-near
evaluation:
  tempo: 0
  pieces:
    N: {near-enemy-royal: 30, near-own-royal: -7}
    Q: {near-enemy-royal: 50}
    P: {near-own-royal: 11}
`

// stunnedValues is Koopa with status values given for some types (the others keep the
// default, three quarters of their value).
const stunnedValues = `extends: koopa
name: koopa-stunned
evaluation:
  pieces:
    Q: {status-value: 200}
    P: {value: 90, status-value: -15}
`

func TestEvalModelMatches(t *testing.T) {
	t.Parallel()
	given := map[string]*compiler.Ruleset{
		"chess-near":    parsed(t, "chess-near.yaml", nearRoyal),
		"koopa-stunned": parsed(t, "koopa-stunned.yaml", stunnedValues),
	}
	for _, v := range []string{"chess", "crazyhouse", "kingofthehill", "3check", "shogi", "antichess", "racingkings", "koopa", "chess-near", "koopa-stunned"} {
		rs := given[v]
		if rs == nil {
			rs = open(t, v)
		}
		e := search.New(rs, 1)
		m := e.Model()
		w := m.Weights()
		rng := rand.New(rand.NewPCG(1, 2))
		checked := 0
		for game := 0; game < 20; game++ {
			fen, _, err := interpreter.SetupFEN(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			p := position(t, rs, fen)
			for ply := 0; ply < 80 && !p.Ended().Over; ply++ {
				ms := p.LegalMoves(nil)
				if len(ms) == 0 {
					break
				}
				p.Make(ms[rng.IntN(len(ms))])
				got := 0.0
				for _, f := range m.Features(p, nil) {
					got += w[f.Index] * float64(f.X)
				}
				want := float64(e.Evaluate(p))
				if p.Side() == compiler.Black {
					want = -want
				}
				if math.Abs(got-want) > 2 {
					t.Fatalf("%s %s: model %.1f, evaluation %.0f", v, p.FEN(), got, want)
				}
				checked++
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d positions", v, checked)
		}
		if v == "koopa-stunned" {
			// The values given are the model's.
			want := map[string]float64{"Q": 200, "P": -15}
			for i, p := range m.Params {
				if p.Kind != search.ParamStatusValue {
					continue
				}
				if x, ok := want[rs.Piece(p.Type).LetterText]; ok {
					if w[i] != x {
						t.Errorf("status value of %s: %v, want %v", rs.Piece(p.Type).LetterText, w[i], x)
					}
					delete(want, rs.Piece(p.Type).LetterText)
				}
			}
			if len(want) > 0 {
				t.Errorf("no status value for %v", want)
			}
		}
	}
}

// TestStatusValueDefault: without an evaluation: section, a man held immobile by a status
// counts three quarters of its value, and every type but the royal one has the weight.
func TestStatusValueDefault(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../testdata/synthetic/bounce-wide.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rs := parsed(t, "bounce-wide.yaml", string(src))
	m := search.New(rs, 1).Model()
	w := m.Weights()
	value := map[int]float64{}
	for i, p := range m.Params {
		if p.Kind == search.ParamValue {
			value[p.Type] = w[i]
		}
	}
	n := 0
	for i, p := range m.Params {
		if p.Kind != search.ParamStatusValue {
			continue
		}
		n++
		if want := math.Floor(value[p.Type] * 3 / 4); w[i] != want {
			t.Errorf("status value of %s: %v, want %v (three quarters of %v)", rs.Piece(p.Type).LetterText, w[i], want, value[p.Type])
		}
	}
	if n != len(value) || n == 0 {
		t.Errorf("%d status values for %d valued types", n, len(value))
	}
}

// TestQuietLeaf: the leaf of quiescence has no capture that quiescence would take; after
// a hanging queen the leaf is past the capture.
func TestQuietLeaf(t *testing.T) {
	t.Parallel()
	rs := open(t, "chess")
	e := search.New(rs, 1)
	p := position(t, rs, "rnb1kbnr/pppp1ppp/8/4p1q1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3")
	before := p.FEN()
	pv, err := e.QuietLeaf(p)
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != before {
		t.Fatalf("position changed: %s", p.FEN())
	}
	if len(pv) == 0 || p.Coord(pv[0]) != "c1g5" {
		t.Errorf("quiet leaf line %v, want it to start c1g5", pv)
	}
	check := position(t, rs, "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3")
	if _, err := e.QuietLeaf(check); err == nil {
		t.Error("in check: no error")
	}
}

// TestEvalSectionUsed: a definition's evaluation: section changes the evaluation by what
// it says: a knight's value and one square of its table.
// parsed compiles a definition given as text.
func parsed(t *testing.T, name, src string) *compiler.Ruleset {
	t.Helper()
	def, err := defs.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := compiler.Compile(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestNearRoyal: a man within two king steps of a royal man counts its near- weights, and
// only there.
func TestNearRoyal(t *testing.T) {
	t.Parallel()
	rs := parsed(t, "chess-near.yaml", nearRoyal)
	e := search.New(rs, 1)
	base := e.Evaluate(position(t, rs, "7k/8/8/8/8/8/8/K7 w - - 0 1"))
	for _, c := range []struct {
		fen  string
		want int // besides the material and squares of the men added
	}{
		{"7k/8/5N2/8/8/8/8/K7 w - - 0 1", 30},  // two steps from the black king
		{"7k/8/8/4N3/8/8/8/K7 w - - 0 1", 0},   // three
		{"7k/8/8/8/8/8/1N6/K7 w - - 0 1", -7},  // next to its own king
		{"7k/8/8/8/8/8/1P6/K7 w - - 0 1", 11},  // a pawn near its own
		{"7k/8/6Q1/8/8/8/8/K7 w - - 0 1", 50},  // the queen near the enemy king (not checking)
		{"7k/8/5n2/8/8/8/8/K7 w - - 0 1", 7},   // a black knight near its own king
		{"7k/8/8/8/8/8/1n6/K7 w - - 0 1", -30}, // and near White's
	} {
		p := position(t, rs, c.fen)
		plain := e.Evaluate(p) - base
		// The same men without the near- weights: the difference is the term.
		rs0 := parsed(t, "chess-plain.yaml", "extends: chess\nname: chess-plain\nevaluation: {tempo: 0}\n")
		e0 := search.New(rs0, 1)
		without := e0.Evaluate(position(t, rs0, c.fen)) - e0.Evaluate(position(t, rs0, "7k/8/8/8/8/8/8/K7 w - - 0 1"))
		if got := plain - without; got != c.want {
			t.Errorf("%s: the near- terms count %d, want %d", c.fen, got, c.want)
		}
	}
}

func TestEvalSectionUsed(t *testing.T) {
	t.Parallel()
	const src = `extends: chess
name: chess-eval
evaluation:
  tempo: 0
  reach: 0
  pieces:
    N:
      value: 1000
      squares:
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 0, 0, 0, 0, 0, 0, 0]
        - [0, 7, 0, 0, 0, 0, 0, 0]
`
	def, err := defs.Parse("chess-eval.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := compiler.Compile(def)
	if err != nil {
		t.Fatal(err)
	}
	e := search.New(rs, 1)
	// A white knight on b1 against a black one on g8 (mirrored: g1's bonus, 0).
	p := position(t, rs, "6nk/8/8/8/8/8/8/KN6 w - - 0 1")
	if got := e.Evaluate(p); got != 7 {
		t.Errorf("knight b1 against knight g8: %d, want 7", got)
	}
	p = position(t, rs, "7k/8/8/8/8/8/8/KN6 b - - 0 1")
	if got := e.Evaluate(p); got != -1007 {
		t.Errorf("a knight up, Black to move: %d, want -1007", got)
	}
}

// TestReachTerm: mobility counts a man's cells beyond half its type's average on an empty
// board (a rook's 14, so 7), times the section's reach: or the piece's own.
func TestReachTerm(t *testing.T) {
	t.Parallel()
	fen := "7k/8/8/8/8/8/8/R6K w - - 0 1" // the rook on a1 reaches 7 cells up and 6 along
	eval := func(section string) int {
		rs := parsed(t, "chess-reach.yaml", "extends: chess\nname: chess-reach\nevaluation: "+section+"\n")
		return search.New(rs, 1).Evaluate(position(t, rs, fen))
	}
	none := eval("{reach: 0}")
	for _, c := range []struct {
		section string
		want    int
	}{
		{"{reach: 5}", 5 * (13 - 7)},
		{"{reach: 5, pieces: {R: {reach: 1}}}", 13 - 7},
		{"{reach: 0, pieces: {R: {reach: -2}}}", -2 * (13 - 7)},
	} {
		if got := eval(c.section) - none; got != c.want {
			t.Errorf("%s: the rook's reach counts %d, want %d", c.section, got, c.want)
		}
	}
}
