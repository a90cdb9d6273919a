// Capture Anything Chess (capture.own: self-capture) against the naive generator written
// from its rules (castlechoice_naive_test.go with selfCapture): perft from the start and
// from positions of random play.
package perft_test

import (
	"strings"
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// selfCaptureChess is Capture Anything Chess as the naive generator knows it: chess, and a
// man may take its own side's men but the king.
var selfCaptureChess = &ccVariant{
	name: "capture-anything", files: 8, ranks: 8, start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
	leaps:       map[byte][][2]int{'N': {{1, 2}}},
	rides:       map[byte][][2]int{'Q': {{1, 0}, {1, 1}}, 'R': {{1, 0}}, 'B': {{1, 1}}},
	runs:        map[int]int{1: 2},
	promo:       "QRBN",
	castles:     [2][][2]int{{{6, 5}}, {{2, 3}}},
	selfCapture: true,
	open:        "r3k2r/pppq1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPQ1PPP/R3K2R",
}

// TestSelfCaptureAgainstNaive compares perft of capture-anything with the naive
// generator's from the start, an open placement where both sides castle, a placement where
// pawns promote by taking their own men, a king shielded by a man it may not take away,
// and positions of random play from them; it checks that the positions reached take own
// men, by pawns and with promotion too.
func TestSelfCaptureAgainstNaive(t *testing.T) {
	v := selfCaptureChess
	seeds, deep := 1, false
	if !testing.Short() {
		seeds, deep = 3, true
	}
	lines := ccPositions(t, v, seeds)
	for _, start := range []string{
		// Pawns that promote by taking their own knight (c8) and bishop (f1).
		"r1N1k2r/1P6/8/8/8/8/6p1/R3Kb1R",
		// The bishop on e2 shields its king from the queen on e5: it may not move, but a
		// man that takes it shields the king in its stead; the king may not take it.
		"r3k2r/8/8/4q3/8/8/4B3/R1N1K2R",
	} {
		lines = append(lines, ccLine{start, nil})
		game := ccGame(t, v.name, start, 5, 12)
		for i := 4; i <= len(game); i += 4 {
			lines = append(lines, ccLine{start, game[:i]})
		}
	}
	seen := map[string]int{}
	for i, line := range lines {
		p := ccPlay(t, v.name, line.start, line.moves)
		n, err := ccNaive(v, line.start, line.moves, false)
		if err != nil {
			t.Fatalf("after %v: naive generator: %v", line.moves, err)
		}
		for _, m := range p.LegalMoves(nil) {
			if to := p.At(m.To()); m.Kind() == interpreter.KindNormal && to != interpreter.NoPiece && to.Color() == p.Side() {
				seen["self-capture"]++
				if m.Promotion() >= 0 {
					seen["promoting"]++
				}
				if p.Ruleset().Piece(p.At(m.From()).Type()).Letter == 'P' {
					seen["by a pawn"]++
				}
			}
		}
		d := ccDepth(line, i, deep)
		if got, want := perft.Perft(p, d), n.perft(d, false); got != want {
			t.Errorf("%s after %s: perft %d = %d, naive generator %d", line.start, strings.Join(line.moves, " "), d, got, want)
		}
	}
	for _, k := range []string{"self-capture", "promoting", "by a pawn"} {
		if seen[k] == 0 {
			t.Errorf("no legal self-capture %s in the positions counted (%v)", k, seen)
		}
	}
}
