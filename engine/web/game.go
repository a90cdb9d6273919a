// Games for the API: a request's position replayed from its start, and the state sent back (FEN, SAN, legal moves, board).

package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// maxBody bounds a request's body.
const maxBody = 1 << 20

// maxMoves bounds the moves a request replays.
const maxMoves = 5000

// gameRequest names a position: a variant, a start (a FEN, or a setup: "" the default)
// and the moves played from it, in SAN or coordinate notation.
type gameRequest struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Setup   string   `json:"setup"`
	Moves   []string `json:"moves"`
	Move    string   `json:"move"` // /api/play: the move to play after Moves
	Flip    bool     `json:"flip"` // draw the board with Black at the bottom
	// Under fog of war (fog.go): Viewer starts a game in which a person plays that side
	// ("white" or "black") against the engine; Sealed, given alone, goes on with one.
	Viewer string `json:"viewer"`
	Sealed string `json:"sealed"`
}

// moveJSON is one legal move.
type moveJSON struct {
	Coord     string   `json:"coord"`
	SAN       string   `json:"san"`
	From      string   `json:"from"`               // "" for a drop
	To        string   `json:"to"`                 // the destination
	Partner   string   `json:"partner,omitempty"`  // castling: the partner's square, which may be clicked too
	Drop      int      `json:"drop"`               // the type dropped (index), -1 for a move on the board
	TraySide  string   `json:"traySide,omitempty"` // a drop's man comes from this side's pool...
	TrayPool  string   `json:"trayPool,omitempty"` // ...of this name (an exchange: the opponent's, the man rescued)
	Promotion string   `json:"promotion,omitempty"`
	Captures  []string `json:"captures,omitempty"` // every square whose man the move captures or removes (a kick's men beyond its target too)
	// Affected: the squares of the men the move changes without removing them (a stun, a
	// promotion of another man), the mover's destination aside.
	Affected []string `json:"affected,omitempty"`
	// Wall: in rulesets with walls, the cell where the turn places its wall; Base: the
	// man's move alone, in coordinates (the turns of one move share it).
	Wall string `json:"wall,omitempty"`
	Base string `json:"base,omitempty"`
	// Alone: the turn is a wall placed instead of a move (walls.instead); it moves no man.
	Alone bool `json:"alone,omitempty"`
}

// stateJSON is a game's state after its moves.
type stateJSON struct {
	Variant  string   `json:"variant"`
	Title    string   `json:"title"`
	StartFEN string   `json:"startFen"` // the start: the FEN given or the setup's
	Moves    []string `json:"moves"`    // the moves played, in coordinate notation
	SAN      []string `json:"san"`      // the same in SAN
	FEN      string   `json:"fen"`
	Side     string   `json:"side"` // "white" or "black"
	// Turn: in rules whose turns are several moves, which move of its turn the side to
	// move makes ("move 2 of 2"); "" otherwise.
	Turn string `json:"turn,omitempty"`
	// Labels: in rules whose turns are several moves, what the move list writes before
	// each move (replayed.labels); absent otherwise.
	Labels  []string `json:"labels,omitempty"`
	InCheck bool     `json:"inCheck"`
	Checks  []string `json:"checks,omitempty"` // in check: the squares of the side's royal men attacked
	// Last: the squares of the last move, to mark: where its man came from and where the
	// men of its side stand that did not before (a bounce's landing, a castling partner's).
	Last   []string   `json:"last,omitempty"`
	Result string     `json:"result"` // "*" while the game goes on, else 1-0, 0-1, 1/2-1/2
	Reason string     `json:"reason,omitempty"`
	Legal  []moveJSON `json:"legal"`
	SVG    string     `json:"svg"`
	PGN    string     `json:"pgn"` // the game to this position
	// Pools: what each side holds, by side ("white", "black") and pool name, as FEN letters
	// (upper case White's men, lower case Black's).
	Pools map[string]map[string]string `json:"pools"`
	// HookErrors: goal hooks (when:) that failed as they ran on this request's positions,
	// each counted as false (as the command line reports them).
	HookErrors []string `json:"hookErrors,omitempty"`
	// Under fog of war, while the game goes on: the game sealed (send it back as "sealed"),
	// and the side the person plays, whose view the state is (fogState). Once the game is
	// over, the whole game: Sealed is empty and Viewer still names the side played.
	Sealed string `json:"sealed,omitempty"`
	Viewer string `json:"viewer,omitempty"`
}

// turnLabel is replayed.labels' text for the move about to be made in p (first: the
// game's first move, which starts the list).
func turnLabel(p *interpreter.Position, first bool) string {
	switch {
	case p.TurnPart() > 0 && !first:
		return "/"
	case p.Side() == compiler.White:
		return fmt.Sprintf("%d.", p.FullMove())
	case first:
		return fmt.Sprintf("%d...", p.FullMove())
	}
	return ""
}

// turnText is stateJSON.Turn.
func turnText(p *interpreter.Position) string {
	if n := p.TurnMoves(); n > 1 {
		return fmt.Sprintf("move %d of %d", p.TurnPart()+1, n)
	}
	return ""
}

// decode reads a JSON request body into v, strictly. A body over maxBody is a
// *tooLargeError (HTTP 413), found from its declared length or as it is read.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength > maxBody {
		return &tooLargeError{size: r.ContentLength}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if tooLarge := new(http.MaxBytesError); errors.As(err, &tooLarge) {
			return &tooLargeError{}
		}
		return fmt.Errorf("bad JSON: %v", err)
	}
	if dec.More() {
		return errors.New("bad JSON: more than one value")
	}
	return nil
}

// tooLargeError is a request body over maxBody: size bytes, 0 when unknown (its end was
// not read).
type tooLargeError struct{ size int64 }

func (e *tooLargeError) Error() string {
	size := "more than 1 MiB"
	if e.size > 0 {
		size = fmt.Sprintf("%d bytes", e.size)
	}
	return fmt.Sprintf("the request is over this server's limit of 1 MiB (%d bytes): it has %s; send a shorter definition or game", maxBody, size)
}

// replayed is a request's position: the start, the moves as played, and the position after them.
type replayed struct {
	rs       *compiler.Ruleset
	startFEN string
	moves    []interpreter.Move
	coords   []string
	sans     []string
	// labels: in rules whose turns are several moves, what the page's move list writes
	// before each move: its turn's number ("2.") where White's turn begins, "/" before a
	// move that goes on with a turn, "" otherwise (nil in other rules).
	labels []string
	movers []compiler.Color // the side that made each move
	p      *interpreter.Position
	// fog: a game under fog of war played by a person on side viewer (fog.go).
	fog    bool
	viewer compiler.Color
}

// replay sets up the request's start and plays its moves (and its Move when play is set),
// until ctx is done.
func (s *Server) replay(ctx context.Context, req *gameRequest, play bool) (*replayed, error) {
	rs, err := s.sidesRuleset(req.Variant, "the page's requests of two sides (game, play, search, perft)")
	if err != nil {
		return nil, err
	}
	if len(req.Moves) > maxMoves {
		return nil, fmt.Errorf("too many moves: %d (at most %d)", len(req.Moves), maxMoves)
	}
	viewer, fog, err := s.fogStart(rs, req)
	if err != nil {
		return nil, err
	}
	g := &replayed{rs: rs, startFEN: strings.TrimSpace(req.FEN), fog: fog, viewer: viewer}
	switch {
	case g.startFEN != "" && req.Setup != "":
		return nil, errors.New(`give "fen" or "setup", not both`)
	case g.startFEN == "":
		if g.startFEN, _, err = interpreter.SetupFEN(rs, req.Setup); err != nil {
			return nil, err
		}
	}
	if g.p, err = interpreter.FromFEN(rs, g.startFEN); err != nil {
		return nil, err
	}
	g.startFEN = g.p.FEN() // as the position writes it (a setup may spell castling otherwise)
	moves := req.Moves
	if play {
		if strings.TrimSpace(req.Move) == "" {
			return nil, errors.New(`missing "move"`)
		}
		moves = append(moves[:len(moves):len(moves)], req.Move)
	}
	for i, text := range moves {
		if ctx.Err() != nil {
			return nil, stopped(ctx, fmt.Sprintf("the replay of %d moves, at move %d", len(moves), i+1), s.bounds.replayTime)
		}
		if r := g.p.Result(); r != interpreter.Ongoing {
			return nil, fmt.Errorf("move %d %s: the game is over (%s, %s)", i+1, defs.Quote(text), r.Score, r.Reason)
		}
		yours := play && i == len(moves)-1 // under fog, the person's move
		if fog && yours && g.p.Side() != viewer {
			return nil, fmt.Errorf("under fog you play %s: the engine plays %s's moves", interpreter.SideName(viewer), interpreter.SideName(g.p.Side()))
		}
		m, err := g.p.ParseMove(text)
		if err != nil && fog && yours {
			// Why a move is refused may tell what stands in the fog: only that it is.
			return nil, fmt.Errorf("move %s is not one of your legal moves here", defs.Quote(text))
		}
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		g.moves = append(g.moves, m)
		g.coords = append(g.coords, g.p.Coord(m))
		g.sans = append(g.sans, g.p.SAN(m))
		g.movers = append(g.movers, g.p.Side())
		if rs.Turns != nil {
			g.labels = append(g.labels, turnLabel(g.p, i == 0))
		}
		g.p.Make(m)
	}
	return g, nil
}

// replayTurn admits a replay request (game, play, pgn, setup) and waits for its turn:
// the context its work runs under (replayTime), and the function that ends it; false
// when the request has been answered (503) or has gone away.
func (s *Server) replayTurn(w http.ResponseWriter, r *http.Request) (context.Context, func(), bool) {
	answerBy(w, 2*s.bounds.replayTime)
	p, ok := admitTo(w, s.replays, "replays")
	if !ok || !p.turn(w, r, "a replay worker", s.bounds.replayTime) {
		return nil, nil, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.replayTime)
	return ctx, func() { cancel(); p.done() }, true
}

// game answers /api/game and /api/play.
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	ctx, done, ok := s.replayTurn(w, r)
	if !ok {
		return
	}
	defer done()
	var req gameRequest
	if err := decode(w, r, &req); err != nil {
		badRequest(w, err)
		return
	}
	play := strings.HasSuffix(r.URL.Path, "/play")
	if !play && req.Move != "" {
		badRequest(w, errors.New(`"move" is for /api/play; /api/game takes the moves played in "moves"`))
		return
	}
	g, err := s.replay(ctx, &req, play)
	if err != nil {
		badRequest(w, err)
		return
	}
	writeJSON(w, s.state(g, req.Flip))
}

// state describes a replayed game.
func (s *Server) state(g *replayed, flip bool) *stateJSON {
	p, rs := g.p, g.rs
	if g.fog && p.Result() == interpreter.Ongoing {
		return s.fogState(g, flip)
	}
	st := &stateJSON{
		Variant: rs.Name, Title: rs.Title, StartFEN: g.startFEN,
		Moves: append([]string{}, g.coords...), SAN: append([]string{}, g.sans...),
		FEN: p.FEN(), Side: interpreter.SideName(p.Side()), Turn: turnText(p), Labels: append([]string(nil), g.labels...), InCheck: p.InCheck(),
		Result: "*", Legal: []moveJSON{},
	}
	if res := p.Result(); res != interpreter.Ongoing {
		st.Result, st.Reason = res.Score, res.Reason
	} else {
		st.Legal = legalMoves(p)
	}
	if st.InCheck {
		st.Checks = attackedRoyals(p)
	}
	st.Last = lastMarks(g)
	if s.board != nil {
		st.SVG = s.board(p, flip)
	}
	st.PGN = gamePGN(g, st.Result)
	st.Pools = pools(p)
	for _, f := range p.HookFailures() {
		st.HookErrors = append(st.HookErrors, f.Message())
	}
	if g.fog {
		st.Viewer = interpreter.SideName(g.viewer) // the game is over: all of it is shown
	}
	return st
}

// legalMoves describes the legal moves of p for the page. The turns of one move with its
// walls differ only in the wall: each move's text is written once, for its first turn,
// and its other turns' texts are that one's with their own wall (writing each alone
// generates every turn for each, too slow with thousands of them).
func legalMoves(p *interpreter.Position) []moveJSON {
	out := []moveJSON{}
	rs := p.Ruleset()
	var first moveJSON // the first turn of the move being written
	var buf [2][]cell
	base := interpreter.NoMove
	for _, m := range p.LegalMoves(nil) {
		if m.Wall() == interpreter.NoSquare || m.WithoutWall() != base {
			first, base = describeMove(p, m, &buf), m.WithoutWall()
			out = append(out, first)
			continue
		}
		mj := first
		mj.Captures = append([]string(nil), first.Captures...)
		mj.Wall = rs.CellName(m.Wall())
		mj.Coord = strings.TrimSuffix(first.Coord, first.Wall) + mj.Wall // the coordinates end with the wall's square
		mj.SAN = wallSAN(p, m, first)
		out = append(out, mj)
	}
	return out
}

// wallSAN is the SAN of turn m of p, whose move's first turn is written first: its text
// to the wall, then m's wall and mark (# for a win at once; a turn that gives check, which
// rules with walls do not have, is written by SAN itself).
func wallSAN(p *interpreter.Position, m interpreter.Move, first moveJSON) string {
	body := first.SAN[:strings.LastIndex(first.SAN, ","+first.Wall)]
	s := body + "," + p.Ruleset().SquareName(m.Wall())
	p.Make(m)
	e, check := p.Ended(), p.InCheck()
	p.Unmake()
	switch {
	case check:
		return p.SAN(m)
	case e.Over && e.Outcome == compiler.Loss:
		s += "#"
	}
	return s
}

// describeMove writes legal move m of p for the page.
// buf holds two boards' cells between calls (legalMoves writes a position's moves).
func describeMove(p *interpreter.Position, m interpreter.Move, buf *[2][]cell) moveJSON {
	rs := p.Ruleset()
	mj := moveJSON{Coord: p.Coord(m), SAN: p.SAN(m), To: rs.CellName(m.To()), Drop: -1}
	if w := m.Wall(); w != interpreter.NoSquare {
		mj.Wall = rs.CellName(w)
		mj.Base, _, _ = strings.Cut(mj.Coord, ",")
		mj.Alone = m.Kind() == interpreter.KindPass
	}
	if m.IsDrop() {
		mj.Drop = m.Dropped()
		side, pool := p.Side(), rs.Hands.DropFrom
		if m.Kind() == interpreter.KindExchange {
			side, pool = interpreter.Opponent(side), rs.Hands.Exchange.Take
		}
		mj.TraySide, mj.TrayPool = interpreter.SideName(side), rs.Pools()[pool]
	} else {
		mj.From = rs.CellName(m.From())
	}
	if m.Kind() == interpreter.KindCastle && m.Aux() != interpreter.NoSquare {
		mj.Partner = rs.CellName(m.Aux())
	}
	if t := m.Promotion(); t >= 0 {
		mj.Promotion = rs.Piece(t).LetterText
	}
	for _, sq := range []interpreter.Square{m.Cap1(), m.Cap2()} {
		if sq != interpreter.NoSquare {
			mj.Captures = append(mj.Captures, rs.CellName(sq))
		}
	}
	if m.Kind() != interpreter.KindCastle && !m.IsDrop() && m.To() != m.From() && p.At(m.To()) != interpreter.NoPiece {
		mj.Captures = append(mj.Captures, mj.To)
	}
	// What else the move does to the board, from the board before and after it: men
	// removed beyond its captures (a kick), men changed (a stun).
	before := cells(p, buf[0][:0])
	p.Make(m)
	after := cells(p, buf[1][:0])
	p.Unmake()
	buf[0], buf[1] = before, after
	walls, mover := p.Walls(), p.Side()
	for i, b := range before {
		a, sq := after[i], b.sq
		if walls.Has(sq) || b.piece == interpreter.NoPiece || sq == m.From() || sq == m.Aux() && m.Kind() == interpreter.KindCastle {
			continue
		}
		name := rs.CellName(sq)
		switch {
		case sq == m.To():
			if a.piece != interpreter.NoPiece && a.piece.Color() != mover && changed(b, a) {
				mj.Affected = append(mj.Affected, name) // its man stays, changed: the mover went on
			}
		case a.piece == interpreter.NoPiece && !slices.Contains(mj.Captures, name):
			mj.Captures = append(mj.Captures, name)
		case a.piece != interpreter.NoPiece && changed(b, a):
			mj.Affected = append(mj.Affected, name)
		}
	}
	return mj
}

// cell is what stands on a square: its man and the half-moves left of its timed status.
type cell struct {
	sq     interpreter.Square
	piece  interpreter.Piece
	status int
}

// changed: the move turned the man of cell b into a's: another man, or a status given
// or made longer (a status counting down, as every move does, is no change of the move's).
func changed(b, a cell) bool {
	return a.piece != b.piece || a.status > b.status
}

// cells lists the board's squares with what stands on them, appended to out.
func cells(p *interpreter.Position, out []cell) []cell {
	for b := p.Ruleset().Squares; b.Any(); b = b.Rest() {
		sq := b.First()
		out = append(out, cell{sq, p.At(sq), p.Status(sq)})
	}
	return out
}

// attackedRoyals lists the squares of the royal men of the side to move that the
// opponent attacks.
func attackedRoyals(p *interpreter.Position) []string {
	rs, side := p.Ruleset(), p.Side()
	var out []string
	for b := rs.Squares; b.Any(); b = b.Rest() {
		sq := b.First()
		if pc := p.At(sq); pc != interpreter.NoPiece && pc.Color() == side && rs.Piece(pc.Type()).Royal && p.Attacked(sq, interpreter.Opponent(side)) {
			out = append(out, rs.CellName(sq))
		}
	}
	return out
}

// lastMarks lists the squares to mark for the last move of g (moveMarks).
func lastMarks(g *replayed) []string {
	if len(g.moves) == 0 {
		return nil
	}
	p, m := g.p, g.moves[len(g.moves)-1]
	after := cells(p, nil)
	p.Unmake()
	side, before := p.Side(), cells(p, nil)
	p.Make(m)
	return moveMarks(g.rs, m, side, before, after)
}

// moveMarks lists the squares to mark for move m of side, from the board's cells before
// and after it: where its man came from, and where men of the mover's side stand after
// it that did not stand there before (and its wall's cell).
func moveMarks(rs *compiler.Ruleset, m interpreter.Move, side compiler.Color, before, after []cell) []string {
	var out []string
	if !m.IsDrop() {
		out = append(out, rs.CellName(m.From()))
	}
	for i, a := range after {
		if a.piece != interpreter.NoPiece && a.piece.Color() == side && a.piece != before[i].piece && a.sq != m.From() {
			out = append(out, rs.CellName(a.sq))
		}
	}
	if m.Wall() != interpreter.NoSquare {
		out = append(out, rs.CellName(m.Wall()))
	}
	return out
}

// pools lists what each side holds in each pool.
func pools(p *interpreter.Position) map[string]map[string]string {
	rs := p.Ruleset()
	out := map[string]map[string]string{}
	for c := compiler.White; c <= compiler.Black; c++ {
		side := map[string]string{}
		for pool, name := range rs.Pools() {
			side[name] = p.PoolLetters(c, pool)
		}
		out[interpreter.SideName(c)] = side
	}
	return out
}

// defaultStartFEN is the default setup's start, as the position writes it.
func defaultStartFEN(rs *compiler.Ruleset) (string, error) {
	fen, _, err := interpreter.SetupFEN(rs, "")
	if err != nil {
		return "", err
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return "", err
	}
	return p.FEN(), nil
}

// gamePGN writes the game as PGN, with its start as a FEN tag when it is not the default
// setup's.
func gamePGN(g *replayed, result string) string {
	tags := []gametext.Tag{{Name: "Event", Value: "Chimera game"}, {Name: "Variant", Value: g.rs.Name}}
	if def, err := defaultStartFEN(g.rs); err != nil || def != g.startFEN {
		tags = append(tags, gametext.Tag{Name: "SetUp", Value: "1"}, gametext.Tag{Name: "FEN", Value: g.startFEN})
	}
	tags = append(tags, gametext.Tag{Name: "Result", Value: result})
	start, err := interpreter.FromFEN(g.rs, g.startFEN)
	if err != nil {
		return ""
	}
	return gametext.Record{Tags: tags, Start: start, SAN: g.sans, Result: result}.String() // the replay wrote the SAN
}

// pgnRequest is a game in PGN to load: its first game, from its [FEN] tag or the default setup.
type pgnRequest struct {
	Variant string `json:"variant"`
	PGN     string `json:"pgn"`
	Flip    bool   `json:"flip"`
}

// pgn answers /api/pgn: the state after the game's moves.
func (s *Server) pgn(w http.ResponseWriter, r *http.Request) {
	ctx, done, ok := s.replayTurn(w, r)
	if !ok {
		return
	}
	defer done()
	var req pgnRequest
	rs := s.decodeFor(w, r, &req, func() string { return req.Variant }, "/api/pgn")
	if rs == nil {
		return
	}
	games, err := gametext.ReadPGN(req.PGN)
	if err != nil {
		badRequest(w, fmt.Errorf("PGN: %w", err))
		return
	}
	if len(games) == 0 {
		badRequest(w, errors.New("PGN: no game in the text"))
		return
	}
	game := games[0]
	fen := ""
	if tag, ok := game.Tag("FEN"); ok {
		fen = tag.Value
	} else if fen, _, err = interpreter.SetupFEN(rs, ""); err != nil {
		badRequest(w, err)
		return
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		badRequest(w, fmt.Errorf("PGN [FEN] tag: %w", err))
		return
	}
	rep := gametext.ReplayGameContext(ctx, p, game.Text)
	if ctx.Err() != nil {
		if err := stopped(ctx, "the PGN game's replay", s.bounds.replayTime); r.Context().Err() == nil {
			badRequest(w, err)
		}
		return
	}
	if rep.Stop != nil {
		badRequest(w, fmt.Errorf("PGN: %w", rep.Stop))
		return
	}
	if len(rep.Moves) > maxMoves {
		badRequest(w, fmt.Errorf("PGN: too many moves: %d (at most %d)", len(rep.Moves), maxMoves))
		return
	}
	req2 := gameRequest{Variant: req.Variant, FEN: fen, Flip: req.Flip}
	q, _ := interpreter.FromFEN(rs, fen)
	for _, pl := range rep.Moves {
		req2.Moves = append(req2.Moves, q.Coord(pl.Move))
		q.Make(pl.Move)
	}
	g, err := s.replay(ctx, &req2, false)
	if err != nil {
		badRequest(w, err)
		return
	}
	writeJSON(w, s.state(g, req.Flip))
}
