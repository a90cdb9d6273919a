// Bugs the mechanism-pair matrix led to, each as the smallest game that shows it, kept as
// regression tests named after what they caught.
package interpreter

import (
	"testing"

	"chimera/defs"
)

// knownBugGame plays game (coordinate notation) from fen in the definition src on both
// cores, and compares p.Ended() after the last move with want ("" for a game that goes
// on; else the goal's name), and with the same position read back from its FEN.
func knownBugGame(t *testing.T, src, fen, game, want string) {
	t.Helper()
	playOnBothCores(t, src, fen, game, func(t *testing.T, p *Position) {
		if got := p.Ended().Reason; got != want {
			t.Errorf("%s from %s: the game ends by %q, want %q", game, fen, got, want)
		}
		q, err := FromFEN(p.Ruleset(), p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if got := q.Ended().Reason; got != want {
			t.Errorf("%s from %s: %s reads back as ended by %q, want %q", game, fen, p.FEN(), got, want)
		}
	})
}

// An answerable goal that is answered must let the goals after it be judged: here the
// white king takes Black's last rook on the flag, Black can answer Kf5, so "rooks gone"
// decides. Make lets the game go on (goalReached returns the answerable goal and stops),
// while the FEN reader (standingGoal) skips it and reads the position as decided.
func TestAnsweredGoalLeavesLaterGoalsToJudge(t *testing.T) {
	knownBugGame(t, `extends: chess
name: answer-then-extinct
zones:
  flag: {squares: [c4, f4, c5, f5]}
goals:
  - {name: white king on the flag, reach: flag, side: white, answerable: true}
  - {name: rooks gone, extinct: [R]}
`, "8/8/4k3/8/2r5/3K4/8/7R w - - 0 1", "d3c4", "rooks gone")
}

// The answer to an answerable goal is a move that brings a piece onto the zone: where
// captures bounce, where the piece lands, not the captured square (answered reads m.To()).
// Here Black's only move onto the flag square c5 is Kxc5, which bounces to d4: no answer,
// so White's Kf4 wins at once; the game goes on instead.
func TestAnswerThatBouncesOffTheZoneIsNoAnswer(t *testing.T) {
	knownBugGame(t, bounceFlag, "8/8/1k6/2N5/8/4K3/8/8 w - - 0 1", "e3f4", "white king on the flag")
}

// The converse: Kxf6 bounces onto f5, an answer to White's Kc4; the game ends instead.
func TestAnswerThatBouncesOntoTheZoneIsAnAnswer(t *testing.T) {
	knownBugGame(t, bounceFlag, "8/5k2/5N2/8/8/3K4/8/8 w - - 0 1", "d3c4", "")
}

const bounceFlag = `extends: chess
name: answer-bounce
zones:
  flag: {squares: [c4, f4, c5, f5]}
statuses: [{name: stunned, duration: 4, immobile: true, harmless: true}]
capture: {effect: bounce, status: stunned}
goals:
  - {name: white king on the flag, reach: flag, side: white, answerable: true}
`

// docs/definitions.md: "Lichess's older form, the checks given (+1+0), is read too". Lichess
// (and chessops, which reads it: its test "parse lichess remaining checks") writes that
// form at the end of the FEN, after the move number; Chimera reads it only where the
// checks left go, after the en-passant field, and rejects it at the end.
func TestLichessCheckCountAfterTheMoveNumberReads(t *testing.T) {
	rs, err := Open("3check")
	if err != nil {
		t.Fatal(err)
	}
	bothCores(t, func(t *testing.T) {
		p, err := FromFEN(rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2 +1+0")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.FEN(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 1 2"; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

// TestKinglessSideAttacksInAtomic: with explosions, a side without a royal attacks nothing
// when its royal is gone (the game is over) — but where a side may have no royal at all,
// it attacks like any other: the knight d6 checks the king e8.
func TestKinglessSideAttacksInAtomic(t *testing.T) {
	def, err := defs.Parse("bug.yaml", []byte("extends: atomic\nname: kingless-atomic\nrules: {royal-optional: true}\ngoals: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	bothCores(t, func(t *testing.T) {
		p, err := FromFEN(rs, "4k3/8/3N4/8/8/8/PPPPPPPP/8 b - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if !p.InCheck() {
			t.Errorf("the king on e8 attacked by the knight d6 is not in check")
		}
		for _, m := range p.LegalMoves(nil) {
			if p.Coord(m) == "e8f7" {
				t.Errorf("e8f7 steps onto a square the knight attacks but is legal")
			}
		}
	})
}

// A first-move right belongs to the man standing on its square: the man that takes him
// there does not inherit it. Here Black's Qxd1 takes the white queen that still has its
// first-move knight leap; the probe of whether the capture gives check (may-give-check:
// false) left the right on d1 for the black queen, whose leap d1-f2 then "checked" the
// white king, and Qxd1 was not offered.
func TestTakerDoesNotInheritFirstMoveRight(t *testing.T) {
	src := `name: taker-right
board: {files: 8, ranks: 8}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Queen, letter: Q, moves: [{ride: [1, 0]}, {ride: [1, 1]}, {leap: [1, 2], initial: true}]}
  - {name: Pawn, letter: P, moves: [{leap: [0, 1], symmetry: none, mode: move}]}
rules: {may-give-check: false}
setups:
  - {name: start, fen: "3qk3/8/8/8/8/8/3P4/3QK3 w Dd - 0 1"}
`
	playOnBothCores(t, src, "4k3/8/8/8/6q1/8/5K2/3Q4 b D - 0 1", "", func(t *testing.T, p *Position) {
		want, err := p.ParseMove("g4d1")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.LegalMoves(nil) {
			if m == want {
				return
			}
		}
		t.Errorf("%s: Qxd1 (no check: the taker has no first-move leap) is not among the legal moves", p.FEN())
	})
}
