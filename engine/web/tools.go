// The designer's tools over HTTP: a variant's own tests (tests:), perft of a position, the selfplay balance report.

package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"chimera/engine/perft"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/engine/suite"
	"chimera/interpreter"
)

// testsRequest names the variant whose tests to run; perft depths expected to count more
// than MaxNodes are skipped (default 5 000 000).
type testsRequest struct {
	Variant  string `json:"variant"`
	MaxNodes int64  `json:"maxNodes"`
}

// testJSON is one test's outcome.
type testJSON struct {
	Name     string   `json:"name"`
	Where    string   `json:"where"` // file:line of the test
	Pass     bool     `json:"pass"`
	Failures []string `json:"failures,omitempty"`
	Skipped  []string `json:"skipped,omitempty"`
	Nodes    int64    `json:"nodes"`
	Ms       int64    `json:"ms"`
}

// engineTurn admits a request for the engine, or answers 503 (false) when too many
// wait. work bounds the request's work once its turn comes (p.turn); replay says it
// replays a game before it waits (so that the game's errors come at once: the queue
// bounds the games held meanwhile).
func (s *Server) engineTurn(w http.ResponseWriter, work time.Duration, replay bool) (*pass, bool) {
	d := s.bounds.engineWait + work
	if replay {
		d += s.bounds.replayTime
	}
	answerBy(w, d)
	return admitTo(w, s.engine, "the engine")
}

// replayFor replays a request's game within replayTime; on an error it answers 400 (if
// the client is still there) and returns nil.
func (s *Server) replayFor(w http.ResponseWriter, r *http.Request, req *gameRequest) *replayed {
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.replayTime)
	defer cancel()
	g, err := s.replay(ctx, req, false)
	if err != nil {
		if r.Context().Err() == nil {
			badRequest(w, err)
		}
		return nil
	}
	return g
}

// tests answers POST /api/tests: {"passed", "failed", "tests": [testJSON...]}.
func (s *Server) tests(w http.ResponseWriter, r *http.Request) {
	var req testsRequest
	if err := decode(w, r, &req); err != nil {
		badRequest(w, err)
		return
	}
	rs, err := s.ruleset(req.Variant) // a game of seats' tests run on the mover's frame, as chimera validate runs them
	if err != nil {
		badRequest(w, err)
		return
	}
	if req.MaxNodes <= 0 {
		req.MaxNodes = 5_000_000
	}
	p, ok := s.engineTurn(w, s.bounds.toolTime, false)
	if !ok || !p.turn(w, r, "the engine", s.bounds.engineWait) {
		return
	}
	defer p.done()
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.toolTime)
	defer cancel()
	out := struct {
		Passed int        `json:"passed"`
		Failed int        `json:"failed"`
		Tests  []testJSON `json:"tests"`
	}{Tests: []testJSON{}}
	for i := range rs.Def.Tests {
		res := suite.RunTestContext(ctx, rs, &rs.Def.Tests[i], suite.Options{MaxNodes: req.MaxNodes, Workers: 1})
		tj := testJSON{Name: res.Name, Where: res.Where, Pass: res.Pass, Failures: res.Failure, Skipped: res.Skipped, Nodes: res.Nodes, Ms: res.Elapsed.Milliseconds()}
		for _, f := range res.HookFailures {
			tj.Failures = append(tj.Failures, f.Message())
		}
		if res.Interrupted {
			tj.Pass = false
			tj.Failures = append(tj.Failures, fmt.Sprintf("stopped: the tests may take %s here", s.bounds.toolTime))
		}
		if res.Pass && !res.Interrupted {
			out.Passed++
		} else {
			out.Failed++
		}
		out.Tests = append(out.Tests, tj)
	}
	if r.Context().Err() != nil {
		return // the page went away
	}
	writeJSON(w, out)
}

// perftJSON is a perft count, with each root move's part.
type perftJSON struct {
	Depth  int         `json:"depth"`
	Nodes  int64       `json:"nodes"`
	Ms     int64       `json:"ms"`
	Divide []divideRow `json:"divide"`
}

type divideRow struct {
	SAN   string `json:"san"`
	Coord string `json:"coord"`
	Nodes int64  `json:"nodes"`
}

// perftCount answers GET /api/perft?variant=&fen=&setup=&moves=&depth=N (1 to 8).
func (s *Server) perftCount(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	depth, err := intParam(q.Get("depth"), "depth", 3, 1, 8)
	if err != nil {
		badRequest(w, err)
		return
	}
	req := gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Setup: q.Get("setup"), Moves: s.splitMoves(q.Get("variant"), q.Get("moves"))}
	p, ok := s.engineTurn(w, s.bounds.toolTime, true)
	if !ok {
		return
	}
	g := s.replayFor(w, r, &req)
	if g == nil {
		p.done()
		return
	}
	if !p.turn(w, r, "the engine", s.bounds.engineWait) {
		return
	}
	defer p.done()
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.toolTime)
	defer cancel()
	start := time.Now()
	entries, err := perft.DivideContext(ctx, g.p, depth, 0, perft.Watch{})
	if errors.Is(err, context.DeadlineExceeded) {
		badRequest(w, fmt.Errorf("perft %d: stopped after %s; try a smaller depth", depth, s.bounds.toolTime))
		return
	}
	if err != nil {
		return // the page went away
	}
	out := perftJSON{Depth: depth, Ms: time.Since(start).Milliseconds(), Divide: []divideRow{}}
	for _, e := range entries {
		out.Nodes += e.Nodes
		out.Divide = append(out.Divide, divideRow{SAN: g.p.SAN(e.Move), Coord: g.p.Coord(e.Move), Nodes: e.Nodes})
	}
	writeJSON(w, out)
}

// balance answers GET /api/balance?variant=&games=N&nodes=M: the selfplay balance report
// (the HTML of chimera selfplay --html) of N games (2 to 200, default 20) from the
// variant's default setup with 4 random plies, the engines searching M nodes a move
// (500 to 1 000 000, default 2000), games × nodes at most 400 000: a report takes a
// minute or two at most.
func (s *Server) balance(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	rs, err := s.sidesRuleset(q.Get("variant"), "the balance report")
	if err != nil {
		badRequest(w, err)
		return
	}
	n, err := intParam(q.Get("games"), "games", 20, 2, 200)
	if err != nil {
		badRequest(w, err)
		return
	}
	nodes, err := intParam(q.Get("nodes"), "nodes", 2000, 500, 1_000_000)
	if err != nil {
		badRequest(w, err)
		return
	}
	if n*nodes > 400_000 {
		badRequest(w, fmt.Errorf("games × nodes is at most 400000 here (found %d × %d): run chimera selfplay for more", n, nodes))
		return
	}
	fen, _, err := interpreter.SetupFEN(rs, "")
	if err != nil {
		badRequest(w, err)
		return
	}
	p, ok := s.engineTurn(w, s.bounds.balanceTime, false)
	if !ok || !p.turn(w, r, "the engine", s.bounds.engineWait) {
		return
	}
	defer p.done()
	ctx, cancel := context.WithTimeout(r.Context(), s.bounds.balanceTime)
	defer cancel()
	const randomPlies, seed = 4, 1
	specs := selfplay.Specs(n, []selfplay.Start{{FEN: fen}}, randomPlies, seed)
	opt := selfplay.Options{Limits: search.Limits{Nodes: int64(nodes)}, Jitter: 0.2, Stop: ctx.Done()}
	games, err := selfplay.Run(rs, specs, opt, 1, nil)
	switch {
	case r.Context().Err() != nil:
		return // the page went away: the games stopped
	case errors.Is(err, selfplay.ErrInterrupted):
		badRequest(w, fmt.Errorf("balance report: %d of %d games played when it stopped after %s, this server's limit: ask for fewer games or nodes, or run chimera selfplay", len(games), n, s.bounds.balanceTime))
		return
	case err != nil:
		badRequest(w, err)
		return
	}
	info := selfplay.Info{Variant: rs.Name, Title: rs.Title, Budget: fmt.Sprintf("%d nodes a move", nodes),
		Starts:   fmt.Sprintf("the default setup, then %d random plies (per pair of games, seed %d)", randomPlies, seed),
		MaxPlies: 300, Pieces: selfplay.Pieces(rs, []string{fen})}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	selfplay.WriteHTML(w, selfplay.Analyze(info, games))
}
