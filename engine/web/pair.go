// Boards played apart by partners (interpreter.Pair) in the page: a person plays one seat
// of the four, the engine the three others.

package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/partners"
	"chimera/engine/search"
	"chimera/interpreter"
)

// maxEngineMoves bounds the engine seats' moves in one request: a person whose seat
// waits for a man from its partner sees the other board go on, and the page asks again.
const maxEngineMoves = 12

// pairRequest names a match of boards played apart: a variant with board.apart, a start
// (a pair's FEN, or a setup played on every board), the moves played from it, each with
// its board ("A:e2e4"), and the seat the person plays ("A white"). For /api/pair/play,
// Move is the person's move (it may be empty: the engine seats move first), and MoveTime
// and Level the engine seats' time per move (ms) and level.
type pairRequest struct {
	Variant  string   `json:"variant"`
	FEN      string   `json:"fen"`
	Setup    string   `json:"setup"`
	Moves    []string `json:"moves"`
	Seat     string   `json:"seat"`
	Move     string   `json:"move"`
	MoveTime int      `json:"movetime"`
	Level    int      `json:"level"`
	Flip     bool     `json:"flip"` // draw the person's board with its own side on top (the partner's turned the other way)
}

// boardJSON is one board of a match: its FEN (with its pockets), side to move, the
// squares of the last move made on it and of its royal men in check, the legal moves (of
// the person's board on its turn only), the board drawn and its pools.
type boardJSON struct {
	Board   string                       `json:"board"` // "A", "B"
	FEN     string                       `json:"fen"`
	Side    string                       `json:"side"`
	InCheck bool                         `json:"inCheck"`
	Checks  []string                     `json:"checks,omitempty"`
	Last    []string                     `json:"last,omitempty"`
	Waiting bool                         `json:"waiting,omitempty"` // the side to move has no legal move but is not mated: it waits for a man
	Legal   []moveJSON                   `json:"legal"`
	SVG     string                       `json:"svg"`
	Pools   map[string]map[string]string `json:"pools"`
}

// pairStateJSON is a match's state after its moves.
type pairStateJSON struct {
	Variant  string   `json:"variant"`
	Title    string   `json:"title"`
	StartFEN string   `json:"startFen"` // the pair's FEN at the start
	Moves    []string `json:"moves"`    // "A:e2e4", in the order played
	SAN      []string `json:"san"`      // each move's SAN on its board
	Labels   []string `json:"labels"`   // the move list's text before each move: "A1." "B1..."
	FEN      string   `json:"fen"`      // the pair's FEN now
	Seat     string   `json:"seat"`     // the person's: "A white"
	Side     string   `json:"side"`     // the side to move on the person's board
	Result   string   `json:"result"`   // "*", or 1-0 (team 1: White on A, Black on B, won), 0-1, 1/2-1/2
	Reason   string   `json:"reason,omitempty"`
	Board    string   `json:"decided,omitempty"` // the board whose game decided the match
	// Engine: the moves the engine seats played in this request (/api/pair/play).
	Engine []string    `json:"engine"`
	Boards []boardJSON `json:"boards"`
}

// parseSeat reads a seat: its board's letter and its side, "A white", "b black".
func parseSeat(text string, boards int) (interpreter.Seat, error) {
	f := strings.Fields(text)
	bad := fmt.Errorf(`"seat" is the person's board and side, as "A white" or "B black" (boards A to %s); found %q`, interpreter.BoardName(boards-1), text)
	if len(f) != 2 || len(f[0]) != 1 {
		return interpreter.Seat{}, bad
	}
	k := int(strings.ToUpper(f[0])[0]) - 'A'
	if k < 0 || k >= boards {
		return interpreter.Seat{}, bad
	}
	switch strings.ToLower(f[1]) {
	case "white":
		return interpreter.Seat{Board: k, Side: compiler.White}, nil
	case "black":
		return interpreter.Seat{Board: k, Side: compiler.Black}, nil
	}
	return interpreter.Seat{}, bad
}

// pairGame is a replayed match: the pair now, its moves, and what the page marks of
// each board's last move.
type pairGame struct {
	rs       *compiler.Ruleset
	startFEN string
	q        *interpreter.Pair
	seat     interpreter.Seat
	coords   []string
	sans     []string
	labels   []string
	last     [][]string // by board: the squares of its last move
	moved    [][2]int64 // by board and side: the moves each seat has made (the schedule's clocks)
	got      []interpreter.Captured
	buf      [2][]cell
}

// replayPair sets up the request's start and plays its moves, until ctx is done.
func (s *Server) replayPair(ctx context.Context, req *pairRequest) (*pairGame, error) {
	rs, err := s.ruleset(req.Variant)
	if err != nil {
		return nil, err
	}
	if rs.Partners < 2 {
		return nil, fmt.Errorf("%s is played on one board: /api/pair is for boards played apart by partners (board.apart); play it with /api/game", defs.Quote(rs.Name))
	}
	if len(req.Moves) > maxMoves {
		return nil, fmt.Errorf("too many moves: %d (at most %d)", len(req.Moves), maxMoves)
	}
	seat, err := parseSeat(req.Seat, rs.Partners)
	if err != nil {
		return nil, err
	}
	g := &pairGame{rs: rs, seat: seat, startFEN: strings.TrimSpace(req.FEN)}
	switch {
	case g.startFEN != "" && req.Setup != "":
		return nil, errors.New(`give "fen" or "setup", not both`)
	case g.startFEN == "":
		fen, _, err := interpreter.SetupFEN(rs, req.Setup)
		if err != nil {
			return nil, err
		}
		g.startFEN = interpreter.PairFEN(rs, fen)
	}
	if g.q, err = interpreter.NewPair(rs, g.startFEN); err != nil {
		return nil, err
	}
	g.startFEN = g.q.FEN()
	g.last = make([][]string, len(g.q.Boards))
	g.moved = make([][2]int64, len(g.q.Boards))
	for i, text := range req.Moves {
		if ctx.Err() != nil {
			return nil, stopped(ctx, fmt.Sprintf("the replay of %d moves, at move %d", len(req.Moves), i+1), s.bounds.replayTime)
		}
		if r := g.q.Result(); r.Score != "*" {
			return nil, fmt.Errorf("move %d %s: the match is over (%s, %s on board %s)", i+1, defs.Quote(text), r.Score, r.Reason, interpreter.BoardName(r.Board))
		}
		k, m, err := g.q.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := g.play(k, m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return g, nil
}

// play plays move m on board k, writing it down.
func (g *pairGame) play(k int, m interpreter.Move) error {
	p := g.q.Boards[k]
	side := p.Side()
	label := interpreter.BoardName(k) + fmt.Sprint(p.FullMove())
	if side == compiler.White {
		label += "."
	} else {
		label += "..."
	}
	g.coords = append(g.coords, g.q.Coord(k, m))
	g.sans = append(g.sans, p.SAN(m))
	g.labels = append(g.labels, label)
	before := cells(p, g.buf[0][:0])
	var err error
	if g.got, err = g.q.Play(k, m, g.got[:0]); err != nil {
		return err
	}
	after := cells(p, g.buf[1][:0])
	g.buf[0], g.buf[1] = before, after
	g.last[k] = moveMarks(g.rs, m, side, before, after)
	g.moved[k][side]++
	return nil
}

// pair answers /api/pair (the match's state) and /api/pair/play: the person's move, if
// any, then the engine seats' moves, scheduled as engine/partners schedules them (of the
// seats to move, the one that has made the fewest moves moves next, board A first on a
// tie; a seat without a legal move waits), until the schedule comes to the person's seat,
// the match ends, no seat can move, or maxEngineMoves were played.
func (s *Server) pair(w http.ResponseWriter, r *http.Request) {
	var req pairRequest
	if err := decode(w, r, &req); err != nil {
		badRequest(w, err)
		return
	}
	play := strings.HasSuffix(r.URL.Path, "/play")
	if !play && req.Move != "" {
		badRequest(w, errors.New(`"move" is for /api/pair/play; /api/pair takes the moves played in "moves"`))
		return
	}
	movetime, level := req.MoveTime, req.Level
	if movetime == 0 {
		movetime = 1000
	}
	if level == 0 {
		level = search.MaxLevel
	}
	if movetime < 1 || movetime > s.MaxMoveTime {
		badRequest(w, fmt.Errorf("movetime must be from 1 to %d, found %d", s.MaxMoveTime, movetime))
		return
	}
	if level < 1 || level > search.MaxLevel {
		badRequest(w, fmt.Errorf("level must be from 1 to %d, found %d", search.MaxLevel, level))
		return
	}
	seatedTurn(s, w, r, play, movetime, req.Move,
		func(ctx context.Context) (*pairGame, error) { return s.replayPair(ctx, &req) },
		func(ctx context.Context, g *pairGame) ([]string, error) {
			return s.engineSeats(ctx, g, search.Limits{MoveTime: time.Duration(movetime) * time.Millisecond, Level: level})
		},
		func(g *pairGame, engine []string) any { return s.pairState(g, engine, req.Flip) })
}

// seatedGame is a game in which the person plays one seat and the engine the others:
// boards played apart by partners (pairGame) or a game of seats (seatsGame).
type seatedGame interface {
	personMove(text string) error
}

// seatedTurn answers a request of such a game: without play, the game replayed; with it,
// the person's move (move) played on the game replayed, then the engine seats' moves
// (engine, within maxEngineMoves moves of movetime ms each: a closed page stops them).
// state writes the game, with the engine seats' moves of the request.
func seatedTurn[G seatedGame](s *Server, w http.ResponseWriter, r *http.Request, play bool, movetime int, move string,
	replay func(ctx context.Context) (G, error), engine func(ctx context.Context, g G) ([]string, error), state func(g G, engine []string) any) {
	if !play {
		ctx, done, ok := s.replayTurn(w, r)
		if !ok {
			return
		}
		defer done()
		g, err := replay(ctx)
		if err != nil {
			badRequest(w, err)
			return
		}
		writeJSON(w, state(g, nil))
		return
	}
	work := maxEngineMoves * (time.Duration(movetime)*time.Millisecond + searchGrace)
	pass, ok := s.engineTurn(w, work, true)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.replayTime)
	g, err := replay(ctx)
	if err == nil {
		err = g.personMove(move)
	}
	cancel()
	if err != nil {
		pass.done()
		if r.Context().Err() == nil {
			badRequest(w, err)
		}
		return
	}
	if !pass.turn(w, r, "the engine", s.bounds.engineWait) {
		return
	}
	defer pass.done()
	ctx, cancel = context.WithTimeout(r.Context(), work)
	defer cancel()
	moves, err := engine(ctx, g)
	if err != nil {
		if r.Context().Err() == nil {
			badRequest(w, err)
		}
		return
	}
	writeJSON(w, state(g, moves))
}

// personMove plays the person's move, written with its board ("A:e2e4"): legal on the
// seat's board, with the seat to move there. An empty move plays nothing.
func (g *pairGame) personMove(text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if r := g.q.Result(); r.Score != "*" {
		return fmt.Errorf("the match is over (%s, %s on board %s): no move is played", r.Score, r.Reason, interpreter.BoardName(r.Board))
	}
	name, _, _ := strings.Cut(strings.TrimSpace(text), ":")
	if !strings.EqualFold(name, interpreter.BoardName(g.seat.Board)) {
		return fmt.Errorf("move %s: you play %s: your moves are on board %s, written %s:e2e4", defs.Quote(text), g.seat, interpreter.BoardName(g.seat.Board), interpreter.BoardName(g.seat.Board))
	}
	if side := g.q.Boards[g.seat.Board].Side(); side != g.seat.Side {
		return fmt.Errorf("move %s: it is not your move: you play %s, and %s (an engine seat) is to move there", defs.Quote(text), g.seat, interpreter.SideName(side))
	}
	k, m, err := g.q.ParseMove(text)
	if err != nil {
		return err
	}
	return g.play(k, m)
}

// engineSeats lets the engine seats move (see pair) and answers their moves.
func (s *Server) engineSeats(ctx context.Context, g *pairGame, lim search.Limits) ([]string, error) {
	played := []string{}
	var e *search.Engine
	for len(played) < maxEngineMoves && g.q.Result().Score == "*" {
		k := partners.Next(g.q, g.moved)
		if k < 0 || g.q.ToMove(k) == g.seat {
			break
		}
		if e == nil {
			e = search.New(g.rs, s.HashMB)
		}
		p := g.q.Boards[k]
		res := e.Search(ctx, p, lim, nil)
		if ctx.Err() != nil {
			return nil, stopped(ctx, "the engine seats' moves", lim.MoveTime*maxEngineMoves)
		}
		m := res.Best
		if m == interpreter.NoMove || !p.IsLegal(m) {
			return nil, fmt.Errorf("board %s: the engine found no move for %s", interpreter.BoardName(k), g.q.ToMove(k))
		}
		if err := g.play(k, m); err != nil {
			return nil, err
		}
		played = append(played, g.coords[len(g.coords)-1])
	}
	return played, nil
}

// pairState describes a replayed match; the person's board is drawn with its side at
// the bottom (flip: on top), the others turned the other way (the partner's side at the
// bottom).
func (s *Server) pairState(g *pairGame, engine []string, flip bool) *pairStateJSON {
	q, rs := g.q, g.rs
	res := q.Result()
	st := &pairStateJSON{
		Variant: rs.Name, Title: rs.Title, StartFEN: g.startFEN,
		Moves: append([]string{}, g.coords...), SAN: append([]string{}, g.sans...), Labels: append([]string{}, g.labels...),
		FEN: q.FEN(), Seat: g.seat.String(), Side: interpreter.SideName(q.Boards[g.seat.Board].Side()),
		Result: res.Score, Reason: res.Reason, Engine: engine,
	}
	if res.Board >= 0 {
		st.Board = interpreter.BoardName(res.Board)
	}
	if st.Engine == nil {
		st.Engine = []string{}
	}
	if res.Score == "*" && partners.Next(q, g.moved) < 0 {
		st.Result, st.Reason = "1/2-1/2", partners.ReasonBlocked
	}
	for k, p := range q.Boards {
		b := boardJSON{Board: interpreter.BoardName(k), FEN: p.FEN(), Side: interpreter.SideName(p.Side()), InCheck: p.InCheck(),
			Last: g.last[k], Waiting: q.Waiting(k), Legal: []moveJSON{}, Pools: pools(p)}
		if b.InCheck {
			b.Checks = attackedRoyals(p)
		}
		if k == g.seat.Board && p.Side() == g.seat.Side && st.Result == "*" {
			b.Legal = legalMoves(p)
		}
		if s.board != nil {
			// The person's side at the bottom of its board; the other board turned so that
			// the partner, who plays the other colour, sits at its bottom.
			turned := g.seat.Side == compiler.Black
			if k != g.seat.Board {
				turned = !turned
			}
			b.SVG = s.board(p, turned != flip)
		}
		st.Boards = append(st.Boards, b)
	}
	return st
}
