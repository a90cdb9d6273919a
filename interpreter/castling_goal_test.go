package interpreter

import "testing"

// castleChessGoals is chess won by Black's long castling, and lost by Black once it keeps
// no long castling right (Fairy-Stockfish's castlingWins = q): the goals as written from
// the rules, checked for the mover first, then for the side to move.
const castleChessGoals = `
extends: chess
name: castle-goals
goals:
  - {name: castled, castled: [long], side: black}
  - {name: castling rights lost, castling-lost: [long], side: black, result: loss}
  - {name: castling rights lost, castling-lost: [long], whose: opponent, side: white}
`

// bothLongGoals is chess where either side wins by castling long and loses once it keeps
// no long right (castlingWins = Qq), the mover's loss judged before the side to move's.
const bothLongGoals = `
extends: chess
name: both-long-goals
goals:
  - {name: castled, castled: [long]}
  - {name: own long right lost, castling-lost: [long], result: loss}
  - {name: opponent's long right lost, castling-lost: [long], whose: opponent}
`

// TestCastlingGoals: the rules of castle chess (a castling toward a side named wins; a side
// that keeps no right toward the sides named loses, the mover judged first), worked out
// by hand for each position and move.
func TestCastlingGoals(t *testing.T) { bothCores(t, testCastlingGoals) }

func testCastlingGoals(t *testing.T) {
	castle, both := effectsRuleset(t, castleChessGoals), effectsRuleset(t, bothLongGoals)
	for _, c := range []struct {
		name    string
		both    bool
		fen     string
		moves   string
		score   string
		reason  string
		ongoing bool
	}{
		// Black castles long: it wins at once.
		{name: "Black castles long", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", moves: "e8c8", score: "0-1", reason: "castled"},
		// Black castles short: its long right goes with it, and it loses.
		{name: "Black castles short", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", moves: "e8g8", score: "1-0", reason: "castling rights lost"},
		// White's long castling wins nothing, and loses nothing: no right of White's is named.
		{name: "White castles long", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves: "e1c1", ongoing: true},
		{name: "White's rook leaves a1", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves: "a1a2", ongoing: true},
		// White takes the rook on a8: Black's long right is gone, and White wins.
		{name: "White takes on a8", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves: "a1a8", score: "1-0", reason: "castling rights lost"},
		// Black's king steps: both its rights go, and it loses.
		{name: "Black's king steps", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", moves: "e8d7", score: "1-0", reason: "castling rights lost"},
		// Black's short rook moves: the long right stays.
		{name: "Black's short rook moves", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", moves: "h8h7", ongoing: true},
		// A position read without Black's long right has been decided, whoever is to move.
		{name: "read without q, White to move", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", score: "1-0", reason: "castling rights lost"},
		{name: "read without q, Black to move", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", score: "1-0", reason: "castling rights lost"},
		// Both sides lose their long rights in one capture: the mover's loss is judged first.
		{name: "rook takes rook, both rights gone", both: true, fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves: "a1a8", score: "0-1", reason: "own long right lost"},
		{name: "White castles long, both", both: true, fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves: "e1c1", score: "1-0", reason: "castled"},
		// The opponent's right gone while the mover keeps its own.
		{name: "bishop takes rook", both: true, fen: "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1", moves: "g2a8", score: "1-0", reason: "opponent's long right lost"},
	} {
		rs := castle
		if c.both {
			rs = both
		}
		p, err := FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.moves != "" {
			m, err := p.ParseMove(c.moves)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, c.moves, err)
			}
			p.Make(m)
		}
		r := p.Result()
		switch {
		case c.ongoing && r != Ongoing:
			t.Errorf("%s: got %v, want the game to go on", c.name, r)
		case !c.ongoing && (r.Score != c.score || p.Ended().Reason != c.reason):
			t.Errorf("%s: got %v (%s), want %s by %q", c.name, r, p.Ended().Reason, c.score, c.reason)
		}
		if !c.ongoing && c.moves == "" && len(p.LegalMoves(nil)) != 0 {
			t.Errorf("%s: a decided position has legal moves", c.name)
		}
	}
}
