// Evaluation tests: the linear model of the evaluation equals it, the quiet leaf is quiet, tuned weights are used.
package search_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/search"
	"chimera/interpreter"
)

// TestEvalModelMatches: on positions from random play, the model's features times the
// evaluator's weights give the evaluation (White's side) in variants with each term:
// square tables and values, pools, goal distance, checks given.
func TestEvalModelMatches(t *testing.T) {
	for _, v := range []string{"chess", "crazyhouse", "kingofthehill", "3check", "shogi", "antichess", "racingkings", "koopa"} {
		rs := open(t, v)
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
	}
}

// TestQuietLeaf: the leaf of quiescence has no capture that quiescence would take; after
// a hanging queen the leaf is past the capture.
func TestQuietLeaf(t *testing.T) {
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
func TestEvalSectionUsed(t *testing.T) {
	const src = `extends: chess
name: chess-eval
evaluation:
  tempo: 0
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
