// Boards played apart by partners (defs.Board.Apart): two games of one ruleset at once, a
// man captured on one board going into the pool of the capturer's partner on the other.

package interpreter

import (
	"fmt"
	"strings"

	"chimera/compiler"
)

// Pair is the state of two boards played apart by partners: each board a Position of the
// ruleset's one-board game, with its own side to move, castling rights, en-passant square,
// clocks and pools. Team 0 is White on board A and Black on board B; team 1 the others.
// It is not safe for concurrent use.
type Pair struct {
	rs     *compiler.Ruleset
	Boards []*Position // board A first
	buf    []Change
}

// Seat is one of the four players of a pair: a side on a board.
type Seat struct {
	Board int
	Side  Color
}

// String writes a seat as "A white".
func (s Seat) String() string { return fmt.Sprintf("%c %s", 'A'+s.Board, SideName(s.Side)) }

// Team is the seat's team: 0 for White on board A and Black on board B (and so on,
// alternating, on further boards), 1 for the others.
func (s Seat) Team() int { return int(s.Side) ^ s.Board&1 }

// Partner is the seat of the other board that plays in the same team.
func (s Seat) Partner() Seat { return Seat{Board: s.Board ^ 1, Side: s.Side ^ 1} }

// PairFENSeparator joins the boards' FENs in a pair's FEN.
const PairFENSeparator = " | "

// NewPair sets up the boards of a ruleset with boards played apart from a pair's FEN: the
// FEN of each board (its placement with its pools, side to move, castling, en passant,
// clocks), board A's first, joined by " | ".
func NewPair(rs *compiler.Ruleset, fen string) (*Pair, error) {
	if rs.Partners < 2 {
		return nil, fmt.Errorf("%s is played on one board (its definition has no board.apart)", rs.Name)
	}
	parts := strings.Split(fen, "|")
	if len(parts) != rs.Partners {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf("%d boards' FENs joined by '|' expected (%s is played on %d boards apart); found %d", rs.Partners, rs.Name, rs.Partners, len(parts))}
	}
	q := &Pair{rs: rs}
	for k, part := range parts {
		p, err := FromFEN(rs, strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("board %c: %w", 'A'+k, err)
		}
		q.Boards = append(q.Boards, p)
	}
	return q, nil
}

// StartPair sets up the named setup ("" for the default) on every board.
func StartPair(rs *compiler.Ruleset, setup string) (*Pair, error) {
	fen, _, err := SetupFEN(rs, setup)
	if err != nil {
		return nil, err
	}
	return NewPair(rs, PairFEN(rs, fen))
}

// PairFEN is the pair's FEN with every board in the position fen.
func PairFEN(rs *compiler.Ruleset, fen string) string {
	fens := make([]string, max(rs.Partners, 1))
	for k := range fens {
		fens[k] = fen
	}
	return strings.Join(fens, PairFENSeparator)
}

// Ruleset is the rules each board is played by.
func (q *Pair) Ruleset() *compiler.Ruleset { return q.rs }

// FEN writes the pair: each board's FEN, board A's first, joined by " | ".
func (q *Pair) FEN() string {
	fens := make([]string, len(q.Boards))
	for k, p := range q.Boards {
		fens[k] = p.FEN()
	}
	return strings.Join(fens, PairFENSeparator)
}

// ToMove is the seat to move on board k.
func (q *Pair) ToMove(k int) Seat { return Seat{Board: k, Side: q.Boards[k].Side()} }

// BoardName is the letter that names board k in moves ("A:e2e4") and FENs.
func BoardName(k int) string { return string(rune('A' + k)) }

// ParseMove reads a move of one board, written with its board first: "A:e2e4", "B:P@f7"
// (coordinates or SAN, as on that board alone), and returns the board and the move, legal
// for the side to move there.
func (q *Pair) ParseMove(s string) (int, Move, error) {
	name, text, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok || len(name) != 1 {
		return 0, NoMove, fmt.Errorf("move %q: a move of boards played apart names its board first, as A:e2e4", s)
	}
	k := int(name[0]) - 'A'
	if name[0] >= 'a' && name[0] <= 'z' {
		k = int(name[0]) - 'a'
	}
	if k < 0 || k >= len(q.Boards) {
		return 0, NoMove, fmt.Errorf("move %q: no board %s (the boards are A to %s)", s, name, BoardName(len(q.Boards)-1))
	}
	p := q.Boards[k]
	if h := q.rs.Hands; h != nil && h.DropFrom >= 0 {
		if letter, _, drop := strings.Cut(text, "@"); drop && letter != "" {
			if t := q.rs.TypeOf(strings.ToUpper(letter)[0]); t >= 0 && len(letter) == 1 && p.PoolCount(p.Side(), h.DropFrom, t) == 0 {
				return k, NoMove, fmt.Errorf("move %q: board %s: %s's pool holds no %s (it holds %q)", s, name, SideName(p.Side()), strings.ToUpper(letter), p.PoolLetters(p.Side(), h.DropFrom))
			}
		}
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return k, NoMove, fmt.Errorf("board %s: %w", name, err)
	}
	return k, m, nil
}

// Coord writes move m of board k as ParseMove reads it: "A:e2e4".
func (q *Pair) Coord(k int, m Move) string { return BoardName(k) + ":" + q.Boards[k].Coord(m) }

// Captured is a man a move took on one board and gave to the partner on the other.
type Captured struct {
	Man  Piece // the man as it stood on the board
	Type int   // the type it enters the partner's pool as (its promoted-from type, when demoted)
	To   Seat  // the seat whose pool received it
}

// Play plays the legal move m on board k and passes each man it captured to the pool of
// the capturer's partner on the other board: as the type it enters a pool as, and as what
// it promoted from when it was marked promoted and the hands demote. It appends what it
// passed to got.
func (q *Pair) Play(k int, m Move, got []Captured) ([]Captured, error) {
	if k < 0 || k >= len(q.Boards) {
		return got, fmt.Errorf("no board %d (the boards are A to %s)", k, BoardName(len(q.Boards)-1))
	}
	p := q.Boards[k]
	mover := Seat{Board: k, Side: p.Side()}
	marked := p.Marked()
	p.Make(m)
	q.buf = p.Changes(q.buf)
	h := q.rs.Hands
	for i, c := range q.buf {
		if c.Cell == NoSquare || c.Put || c.Man == NoPiece || c.Man.Color() == mover.Side {
			continue
		}
		back := false // an enemy man taken off and put back by the same move is not captured
		for _, d := range q.buf[i+1:] {
			if d.Put && d.Man == c.Man {
				back = true
				break
			}
		}
		if back {
			continue
		}
		t := c.Man.Type()
		if h != nil {
			t = h.CapturedAs(t)
			if h.Demote && marked.Has(c.Cell) {
				t = h.DemoteTo(t)
			}
		}
		to := mover.Partner()
		to.Side = c.Man.Color() // the partner plays the captured man's colour
		if !q.Boards[to.Board].Receive(to.Side, t) {
			return got, fmt.Errorf("board %s: the captured %s cannot go into %s's pool on board %s", BoardName(k), q.rs.Piece(t).Name, SideName(to.Side), BoardName(to.Board))
		}
		got = append(got, Captured{Man: c.Man, Type: t, To: to})
	}
	return got, nil
}

// PairResult is how a pair's match stands: Score "1-0" when team 0 (White on board A,
// Black on board B) has won, "0-1" when team 1 has, "1/2-1/2" a draw, "*" while the match
// goes on; Board is the board that decided it (-1 while it goes on).
type PairResult struct {
	Score, Reason string
	Board         int
}

// Result decides the match: it ends when a board's game ends, with that game's result
// (White on the board's team scoring as White does there), but for a side without a legal
// move: it is checkmated only when in check and no drop could ever parry it (not even
// with any man in its pool: a check a drop could block is no mate), and otherwise it
// waits for its partner's captures, and its board goes on (Waiting).
func (q *Pair) Result() PairResult {
	for k, p := range q.Boards {
		if len(p.LegalMoves(nil)) == 0 {
			if !p.InCheck() || q.couldParry(p) {
				continue
			}
			winner := Seat{Board: k, Side: p.Side() ^ 1}
			return PairResult{Score: teamScore(winner.Team()), Reason: "checkmate", Board: k}
		}
		r := p.Result()
		if r == Ongoing {
			continue
		}
		w, ok := WhitePoints(r.Score)
		switch {
		case !ok || w == 0.5 || w != 0 && w != 1:
			return PairResult{Score: "1/2-1/2", Reason: r.Reason, Board: k}
		case w == 1:
			return PairResult{Score: teamScore(Seat{Board: k, Side: compiler.White}.Team()), Reason: r.Reason, Board: k}
		default:
			return PairResult{Score: teamScore(Seat{Board: k, Side: compiler.Black}.Team()), Reason: r.Reason, Board: k}
		}
	}
	return PairResult{Score: "*", Board: -1}
}

// Waiting reports whether the side to move on board k has no legal move but is not
// checkmated: it waits for a man from its partner.
func (q *Pair) Waiting(k int) bool {
	p := q.Boards[k]
	return len(p.LegalMoves(nil)) == 0 && (!p.InCheck() || q.couldParry(p))
}

// couldParry reports whether the side to move in p, without a legal move, would have one
// with one more man of every type a pool can receive: a drop that would parry its check.
func (q *Pair) couldParry(p *Position) bool {
	h := q.rs.Hands
	if h == nil || h.DropFrom < 0 {
		return false
	}
	c := p.Clone()
	for t := range q.rs.NumPieces() {
		if !q.rs.Piece(t).Royal {
			c.Receive(c.Side(), h.CapturedAs(t))
		}
	}
	return len(c.LegalMoves(nil)) > 0
}

// teamScore is the score of a match team won.
func teamScore(team int) string {
	if team == 0 {
		return "1-0"
	}
	return "0-1"
}

// BoardScore is the result of board k's game in a match of score s: the score of its White
// and Black as players of their teams (board B's White plays for team 1).
func BoardScore(k int, s string) string {
	if k&1 == 0 {
		return s
	}
	switch s {
	case "1-0":
		return "0-1"
	case "0-1":
		return "1-0"
	}
	return s
}
