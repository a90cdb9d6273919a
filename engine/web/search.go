// The engine over HTTP: a search at a time limit, its iterations streamed as Server-Sent Events, then its best move.

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"chimera/engine/search"
	"chimera/interpreter"
)

// infoJSON is one iteration of the search (one line of a MultiPV search).
type infoJSON struct {
	Depth     int    `json:"depth"`
	MultiPV   int    `json:"multipv"`
	Score     int    `json:"score"`     // centipawns for the side to move
	ScoreText string `json:"scoreText"` // "+25", "win in 3"
	Bound     string `json:"bound,omitempty"`
	Nodes     int64  `json:"nodes"`
	NPS       int64  `json:"nps"`
	TimeMs    int64  `json:"timeMs"`
	PV        string `json:"pv"` // in SAN
}

// bestJSON is the search's answer.
type bestJSON struct {
	Coord string `json:"coord"`
	SAN   string `json:"san"`
	Score string `json:"scoreText"`
	Depth int    `json:"depth"`
	Nodes int64  `json:"nodes"`
	// Sealed: under fog of war, the game with the engine's move played, sealed (fog.go);
	// the move itself is not told (Coord, SAN and the score are empty).
	Sealed string `json:"sealed,omitempty"`
}

// search answers GET /api/search?variant=V&fen=F&setup=S&moves=M1+M2&movetime=MS&multipv=N&level=L:
// the events "info" (one per iteration, JSON infoJSON) and then "bestmove" (bestJSON).
// The moves are separated by spaces or commas (by spaces alone with walls). Under fog of
// war the engine plays with the fog player (search.FogMove) and tells no analysis; with
// sealed=SEAL naming the game instead of its moves (fog.go), its bestmove is the game
// sealed with its move, which it does not tell. movetime defaults to 1000 ms; level (1 the
// weakest, search.MaxLevel full strength, the default) is the engine's playing level.
func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Setup: q.Get("setup"),
		Moves: s.splitMoves(q.Get("variant"), q.Get("moves")), Sealed: q.Get("sealed")}
	movetime, err := intParam(q.Get("movetime"), "movetime", 1000, 1, s.MaxMoveTime)
	if err != nil {
		badRequest(w, err)
		return
	}
	multipv, err := intParam(q.Get("multipv"), "multipv", 1, 1, 16)
	if err != nil {
		badRequest(w, err)
		return
	}
	level, err := intParam(q.Get("level"), "level", search.MaxLevel, 1, search.MaxLevel)
	if err != nil {
		badRequest(w, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported", http.StatusInternalServerError)
		return
	}
	work := time.Duration(movetime)*time.Millisecond + searchGrace
	pass, ok := s.engineTurn(w, work, true)
	if !ok {
		return
	}
	g := s.replayFor(w, r, &req)
	if g == nil {
		pass.done()
		return
	}
	if res := g.p.Result(); res != interpreter.Ongoing {
		pass.done()
		badRequest(w, fmt.Errorf("the game is over (%s, %s): nothing to search", res.Score, res.Reason))
		return
	}
	if g.fog && g.p.Side() == g.viewer {
		pass.done()
		badRequest(w, fmt.Errorf("under fog the engine plays %s's moves, not yours: it is your move", interpreter.SideName(g.viewer^1)))
		return
	}
	// Its turn for the engine (a few requests at a time).
	if !pass.turn(w, r, "the engine", s.bounds.engineWait) {
		return
	}
	defer pass.done()
	ctx, cancel := context.WithTimeout(r.Context(), work) // a closed page stops the search
	defer cancel()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()

	p := g.p
	e := search.New(g.rs, s.HashMB)
	lim := search.Limits{MoveTime: time.Duration(movetime) * time.Millisecond, MultiPV: multipv, Level: level}
	if g.rs.Fog != nil {
		// The fog player, which sees only the side to move's view (in a game shown in full
		// too: the engine does not look through the fog); no line of analysis is told.
		lim.MultiPV = 1
		res := e.FogMove(ctx, p, lim, search.FogSamples, uint64(time.Now().UnixNano()))
		if r.Context().Err() != nil {
			return
		}
		if res.Best == interpreter.NoMove {
			event(w, flusher, "error", map[string]string{"error": "the engine found no move"})
			return
		}
		if !g.fog {
			event(w, flusher, "bestmove", bestJSON{Coord: p.Coord(res.Best), SAN: p.SAN(res.Best), Score: search.ScoreText(res.Score), Depth: res.Depth, Nodes: res.Nodes})
			return
		}
		g.coords = append(g.coords, p.Coord(res.Best))
		event(w, flusher, "bestmove", bestJSON{Depth: res.Depth, Nodes: res.Nodes, Sealed: s.seal(g)})
		return
	}
	res := e.Search(ctx, p, lim, func(in search.Info) {
		nps := int64(float64(in.Nodes) / max(in.Time.Seconds(), 1e-3))
		event(w, flusher, "info", infoJSON{Depth: in.Depth, MultiPV: max(in.MultiPV, 1), Score: in.Score, ScoreText: search.ScoreText(in.Score),
			Bound: boundText(in.Bound), Nodes: in.Nodes, NPS: nps, TimeMs: in.Time.Milliseconds(), PV: sanLine(p, in.PV)})
	})
	if r.Context().Err() != nil {
		return
	}
	if res.Best == interpreter.NoMove {
		event(w, flusher, "error", map[string]string{"error": "the engine found no move"})
		return
	}
	event(w, flusher, "bestmove", bestJSON{Coord: p.Coord(res.Best), SAN: p.SAN(res.Best), Score: search.ScoreText(res.Score), Depth: res.Depth, Nodes: res.Nodes})
}

// searchGrace is the time a search may take past its movetime (its last iteration's
// report, the answer) before it is stopped.
const searchGrace = 5 * time.Second

// splitMoves reads a query's moves for variant, separated by spaces or commas; in a
// variant with walls by spaces alone, since a turn writes its wall after a comma
// (e2e4,e4d5).
func (s *Server) splitMoves(variant, text string) []string {
	if rs, err := s.ruleset(variant); err == nil && rs.Walls != nil {
		return strings.Fields(text)
	}
	return strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == ',' })
}

// event writes one Server-Sent Event with v as its JSON data.
func event(w http.ResponseWriter, f http.Flusher, name string, v any) {
	b, _ := json.Marshal(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	f.Flush()
}

// intParam reads a whole-number query parameter within [lo, hi], def when absent.
func intParam(text, name string, def, lo, hi int) (int, error) {
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("%s takes a whole number, found %q", name, text)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%s must be from %d to %d, found %d", name, lo, hi, n)
	}
	return n, nil
}

func boundText(b search.Bound) string {
	switch b {
	case search.BoundLower:
		return "lower"
	case search.BoundUpper:
		return "upper"
	}
	return ""
}

// sanLine writes a line of moves from p in SAN, stopping at the first that is not legal (p is restored).
func sanLine(p *interpreter.Position, pv []interpreter.Move) string {
	var out []string
	for _, m := range pv {
		if !p.IsLegal(m) {
			break
		}
		out = append(out, p.SAN(m))
		p.Make(m)
	}
	for range out {
		p.Unmake()
	}
	return strings.Join(out, " ")
}
