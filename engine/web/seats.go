// Games of seats (interpreter.Table, four-player chess) in the page: a person plays one
// seat, the engine (engine/seats' paranoid search) every other.

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
	"chimera/engine/rulebook"
	"chimera/engine/search"
	"chimera/engine/seats"
	"chimera/interpreter"
)

// maxSeatNodes bounds the nodes a request may ask of each engine move.
const maxSeatNodes = 10_000_000

// seatsRequest names a game of seats: a variant with seats, a start (a game of seats'
// FEN, or a setup), the moves played from it (as the table writes them, "h2h4", or with
// their seat's letter, "r:h2h4"), and the seat the person plays (its letter or name). For
// /api/seats/play, Move is the person's move (it may be empty: the engine seats move
// first), MoveTime the engine seats' time per move (ms), Level their level (1 to 10; below
// 10 a node budget per move, 500 at level 1, doubling a level) and Nodes, when set, their
// node budget per move instead. Turn draws the board with the seat across at the bottom.
type seatsRequest struct {
	Variant  string   `json:"variant"`
	FEN      string   `json:"fen"`
	Setup    string   `json:"setup"`
	Moves    []string `json:"moves"`
	Seat     string   `json:"seat"`
	Move     string   `json:"move"`
	MoveTime int      `json:"movetime"`
	Level    int      `json:"level"`
	Nodes    int64    `json:"nodes"`
	Flip     bool     `json:"flip"`
}

// seatJSON is a seat of a game: its name, letter, colour (rulebook.SeatColour), team,
// points, whether it is out or in check, and whether the engine plays it.
type seatJSON struct {
	Name    string `json:"name"`
	Letter  string `json:"letter"`
	Colour  string `json:"colour"`
	Team    int    `json:"team"`
	Points  int    `json:"points"`
	Out     bool   `json:"out"`
	InCheck bool   `json:"inCheck"`
	Engine  bool   `json:"engine"`
}

// seatsStateJSON is a game of seats after its moves.
type seatsStateJSON struct {
	Variant  string   `json:"variant"`
	Title    string   `json:"title"`
	StartFEN string   `json:"startFen"`
	Moves    []string `json:"moves"`  // each with its seat's letter: "r:h2h4"
	SAN      []string `json:"san"`    // the move list's text: "h2h4"
	Movers   []string `json:"movers"` // each move's seat letter
	FEN      string   `json:"fen"`
	Seat     string   `json:"seat"`  // the person's seat letter
	Mover    string   `json:"mover"` // the seat to move's letter ("" once the game is over)
	Order    []string `json:"order"` // the seats' letters in turn order
	Scored   bool     `json:"scored"`
	// Seats, in the order the definition lists them.
	Seats  []seatJSON `json:"seats"`
	Result string     `json:"result"` // "*" while the game goes on, else "Red wins", "Red and Yellow win", "draw"
	Reason string     `json:"reason,omitempty"`
	// The board: its size, Mask its rows from the top (the last rank first, as the FEN
	// lists them), a character a file: '.' a cell, ' ' none; Cells the men by square, as
	// the FEN writes them ("rK", "dQ" a dead man, "yQ~" a promoted one).
	Files int               `json:"files"`
	Ranks int               `json:"ranks"`
	Mask  []string          `json:"mask"`
	Cells map[string]string `json:"cells"`
	// Legal: the person's seat's legal moves on its turn (none otherwise), "san" their
	// coordinates as well.
	Legal  []moveJSON `json:"legal"`
	Last   []string   `json:"last,omitempty"`   // the last move's origin and destination
	Checks []string   `json:"checks,omitempty"` // the royal men in check of the seats not out
	SVG    string     `json:"svg"`              // the board drawn with the person's seat at the bottom
	// Engine: the moves the engine seats played in this request (/api/seats/play), and
	// Events what befell the seats in them and the person's move (eliminations).
	Engine []string `json:"engine"`
	Events []string `json:"events"`
}

// seatsGame is a replayed game of seats.
type seatsGame struct {
	rs       *compiler.Ruleset
	startFEN string
	t        *interpreter.Table
	seat     int
	moves    []string // with their seats' letters
	coords   []string
	movers   []string
	last     []string
	events   []string
}

// parseTableSeat reads the seat a person plays: its letter or its name, in either case.
func parseTableSeat(rs *compiler.Ruleset, text string) (int, error) {
	if k := rs.Seats.SeatNamed(text); k >= 0 {
		return k, nil
	}
	return -1, fmt.Errorf(`"seat" is the seat you play, its letter or name: one of %s; found %q`, rs.Seats.SeatList(), text)
}

// replaySeats sets up the request's start and plays its moves, until ctx is done.
func (s *Server) replaySeats(ctx context.Context, req *seatsRequest) (*seatsGame, error) {
	rs, err := s.ruleset(req.Variant)
	if err != nil {
		return nil, err
	}
	if rs.Seats == nil {
		return nil, fmt.Errorf("%s is played by two sides: /api/seats is for games of seats (a definition with seats:); play it with /api/game", defs.Quote(rs.Name))
	}
	if len(req.Moves) > maxMoves {
		return nil, fmt.Errorf("too many moves: %d (at most %d)", len(req.Moves), maxMoves)
	}
	seat, err := parseTableSeat(rs, req.Seat)
	if err != nil {
		return nil, err
	}
	g := &seatsGame{rs: rs, seat: seat, startFEN: strings.TrimSpace(req.FEN)}
	switch {
	case g.startFEN != "" && req.Setup != "":
		return nil, errors.New(`give "fen" or "setup", not both`)
	case g.startFEN == "":
		g.t, err = interpreter.StartTable(rs, req.Setup)
	default:
		g.t, err = interpreter.NewTable(rs, g.startFEN)
	}
	if err != nil {
		return nil, err
	}
	g.startFEN = g.t.FEN()
	for i, text := range req.Moves {
		if ctx.Err() != nil {
			return nil, stopped(ctx, fmt.Sprintf("the replay of %d moves, at move %d", len(req.Moves), i+1), s.bounds.replayTime)
		}
		m, err := g.t.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := g.play(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	g.events = nil // the replay's; a request reports those of its own moves
	return g, nil
}

// play plays a legal move of the seat to move, writing it down.
func (g *seatsGame) play(m interpreter.TableMove) error {
	k := g.t.Mover()
	coord := g.t.Coord(m)
	if err := g.t.Make(m); err != nil {
		return err
	}
	letter := string(g.rs.Seats.Letter(k))
	g.moves = append(g.moves, letter+":"+coord)
	g.coords = append(g.coords, coord)
	g.movers = append(g.movers, letter)
	g.last = []string{g.rs.CellName(m.From), g.rs.CellName(m.To)}
	g.events = append(g.events, g.t.Events...)
	return nil
}

// personMove plays the person's move ("h2h4", or "r:h2h4" with the seat's letter): legal
// for the person's seat, on its turn. An empty move plays nothing.
func (g *seatsGame) personMove(text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	sr := g.rs.Seats
	if r := g.t.Result(); r.Over {
		return fmt.Errorf("move %s: the game is over (%s, %s): no move is played", defs.Quote(text), rulebook.TableResultText(g.rs, r.Winner), r.Reason)
	}
	if g.t.Out(g.seat) {
		return fmt.Errorf("move %s: you play %s, who is out: the engine seats play on (send no move)", defs.Quote(text), sr.Name(g.seat))
	}
	if k := g.t.Mover(); k != g.seat {
		return fmt.Errorf("move %s: it is not your move: you play %s, and %s (an engine seat) is to move", defs.Quote(text), sr.Name(g.seat), sr.Name(k))
	}
	if l, _, ok := strings.Cut(text, ":"); ok && !strings.EqualFold(l, string(sr.Letter(g.seat))) {
		return fmt.Errorf("move %s: you play %s: write your moves as h2h4 or %c:h2h4", defs.Quote(text), sr.Name(g.seat), sr.Letter(g.seat))
	}
	m, err := g.t.ParseMove(text)
	if err != nil {
		return err
	}
	return g.play(m)
}

// seatNodes is the engine seats' node budget per move at level (0: none, at full strength).
func seatNodes(level int) int64 {
	if level >= search.MaxLevel {
		return 0
	}
	return 500 << (level - 1)
}

// engineMoves lets the engine seats move, each a search within lim, until it is the
// person's seat's turn, the game ends or maxEngineMoves were played; it answers their
// moves.
func (g *seatsGame) engineMoves(ctx context.Context, lim seats.Limits) ([]string, error) {
	played := []string{}
	var sch *seats.Searcher
	lim.Stop = ctx.Done()
	for len(played) < maxEngineMoves && !g.t.Result().Over && g.t.Mover() != g.seat {
		if sch == nil {
			sch = seats.NewSearcher(g.rs)
		}
		k := g.t.Mover()
		info := sch.Best(g.t, lim)
		if ctx.Err() != nil {
			return nil, stopped(ctx, "the engine seats' moves", lim.Time*maxEngineMoves)
		}
		if err := g.play(info.Move); err != nil {
			return nil, fmt.Errorf("the engine found no move for %s: %w", g.rs.Seats.Name(k), err)
		}
		played = append(played, g.moves[len(g.moves)-1])
	}
	return played, nil
}

// seatsGame answers /api/seats (the game's state) and /api/seats/play: the person's
// move, if any, then the engine seats' moves (see engineMoves).
func (s *Server) seatsGame(w http.ResponseWriter, r *http.Request) {
	var req seatsRequest
	if err := decode(w, r, &req); err != nil {
		badRequest(w, err)
		return
	}
	play := strings.HasSuffix(r.URL.Path, "/play")
	if !play && req.Move != "" {
		badRequest(w, errors.New(`"move" is for /api/seats/play; /api/seats takes the moves played in "moves"`))
		return
	}
	movetime, level := req.MoveTime, req.Level
	if movetime == 0 {
		movetime = 1000
	}
	if level == 0 {
		level = search.MaxLevel
	}
	switch {
	case movetime < 1 || movetime > s.MaxMoveTime:
		badRequest(w, fmt.Errorf("movetime must be from 1 to %d, found %d", s.MaxMoveTime, movetime))
		return
	case level < 1 || level > search.MaxLevel:
		badRequest(w, fmt.Errorf("level must be from 1 to %d, found %d", search.MaxLevel, level))
		return
	case req.Nodes < 0 || req.Nodes > maxSeatNodes:
		badRequest(w, fmt.Errorf("nodes must be from 1 to %d (or left out), found %d", maxSeatNodes, req.Nodes))
		return
	}
	lim := seats.Limits{Time: time.Duration(movetime) * time.Millisecond, Nodes: seatNodes(level)}
	if req.Nodes > 0 {
		lim.Nodes = req.Nodes
	}
	seatedTurn(s, w, r, play, movetime, req.Move,
		func(ctx context.Context) (*seatsGame, error) { return s.replaySeats(ctx, &req) },
		func(ctx context.Context, g *seatsGame) ([]string, error) { return g.engineMoves(ctx, lim) },
		func(g *seatsGame, engine []string) any { return g.state(engine, req.Flip) })
}

// state writes the game for the page; engine is the engine seats' moves of the request.
func (g *seatsGame) state(engine []string, flip bool) seatsStateJSON {
	rs, sr, t := g.rs, g.rs.Seats, g.t
	st := seatsStateJSON{Variant: rs.Name, Title: rs.Title, StartFEN: g.startFEN, Moves: g.moves, SAN: g.coords, Movers: g.movers,
		FEN: t.FEN(), Seat: string(sr.Letter(g.seat)), Scored: sr.Scored(), Result: "*", Files: rs.Files, Ranks: rs.Ranks,
		Cells: map[string]string{}, Legal: []moveJSON{}, Last: g.last, Engine: engine, Events: g.events,
		SVG: rulebook.TableSVG(t, g.seat, flip)}
	for _, l := range []*[]string{&st.Moves, &st.SAN, &st.Movers, &st.Engine, &st.Events} {
		if *l == nil {
			*l = []string{}
		}
	}
	res := t.Result()
	if res.Over {
		st.Result, st.Reason = rulebook.TableResultText(rs, res.Winner), res.Reason
	} else {
		st.Mover = string(sr.Letter(t.Mover()))
	}
	for i := range sr.Seats() {
		st.Order = append(st.Order, string(sr.Letter(sr.Order(i))))
	}
	for k := range sr.Seats() {
		check := !res.Over && t.InCheck(k)
		st.Seats = append(st.Seats, seatJSON{Name: sr.Name(k), Letter: string(sr.Letter(k)), Colour: rulebook.SeatColour(sr, k),
			Team: sr.Team(k), Points: t.Points(k), Out: t.Out(k), InCheck: check, Engine: k != g.seat})
	}
	for r := rs.Ranks - 1; r >= 0; r-- {
		row := make([]byte, rs.Files)
		for f := range rs.Files {
			row[f] = ' '
			if sq := rs.SquareAt(f, r); rs.KindOf(sq) != compiler.CellMissing {
				row[f] = '.'
			}
		}
		st.Mask = append(st.Mask, string(row))
	}
	for sq, m := range t.Board {
		if m.Empty() {
			continue
		}
		token := string(sr.Letter(int(m.Seat)))
		if m.Dead {
			token = defs.DeadLetter
		}
		token += rs.Piece(int(m.Type)).LetterText
		if m.Promoted {
			token += "~"
		}
		st.Cells[rs.CellName(sq)] = token
		if !m.Dead && rs.Piece(int(m.Type)).Royal && !res.Over && t.InCheck(int(m.Seat)) {
			st.Checks = append(st.Checks, rs.CellName(sq))
		}
	}
	if !res.Over && t.Mover() == g.seat {
		for _, m := range t.LegalMoves(nil) {
			coord := t.Coord(m)
			mj := moveJSON{Coord: coord, SAN: coord, From: rs.CellName(m.From), To: rs.CellName(m.To), Drop: -1}
			if m.Promo >= 0 {
				mj.Promotion = rs.Piece(m.Promo).LetterText
			}
			if !t.Board[m.To].Empty() {
				mj.Captures = []string{rs.CellName(m.To)}
			}
			st.Legal = append(st.Legal, mj)
		}
	}
	return st
}
