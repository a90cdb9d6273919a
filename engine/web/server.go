// Package web is the HTTP server of `chimera serve`: the embedded page and a JSON API over the interpreter and the search.
//
// The API keeps no game: a request names the variant, the start position (a FEN or a
// setup) and the moves played from it, and the server replays them. (It keeps the
// definitions written in the page, the last maxUserVariants of them.) Routes:
//
//	GET  /                      the page (the first variant)
//	GET  /play/{variant}        the page for a variant
//	GET  /static/...            the page's script, style sheet, worker and chimera.js
//	GET  /api/variants          the variants served: name, title, board size, setups, pools (a
//	                            variant not compiled yet: its name and title; ?variant=NAME:
//	                            that variant alone, compiled)
//	POST /api/game              a game's state: FEN, SAN of the moves, PGN, legal moves, the board as SVG
//	                            (under fog of war, with "viewer" or "sealed": one side's view, fog.go)
//	POST /api/play              the same request with "move": the state after that move
//	POST /api/pair             boards played apart by partners (pair.go): {"variant", "fen" (a pair's FEN)
//	                            or "setup", "moves" ("A:e2e4"), "seat" ("A white")}: both boards' states
//	POST /api/pair/play        the same with the person's "move" (or none): the engine seats then move
//	POST /api/seats             games of seats (seats.go): {"variant", "fen" (a game of seats' FEN) or
//	                            "setup", "moves" ("r:h2h4"), "seat" ("r" or "Red")}: the board, the seats'
//	                            points, the person's legal moves
//	POST /api/seats/play        the same with the person's "move" (or none): the engine seats then move
//	POST /api/pgn               {"variant", "pgn"}: the state after the PGN game's moves
//	POST /api/definition        {"yaml"}: a definition written in the page, served at once (or its positioned errors)
//	GET  /api/definition        ?variant=NAME: the YAML of a served variant
//	GET  /api/search            the engine's analysis streamed as Server-Sent Events, then its best move
//	POST /api/tests             {"variant"}: the variant's own tests run (perft counts bounded)
//	GET  /api/perft             ?variant=&fen=&moves=&depth=: perft, with each root move's count
//	GET  /api/balance           ?variant=&games=&nodes=: the selfplay balance report (HTML)
//	POST /api/setup             {"variant", "fen", "square", "piece"} or {..., "side"}: the position edited
//
// Bad input (unknown variant, bad FEN, an illegal move, bad JSON) is answered with HTTP
// 400 and {"error": MESSAGE}; a body over 1 MiB with 413; a POST whose body is not
// declared JSON with 415; a request for a host name not the server's, or an API request
// of another site's page, with 403; a request past a full queue with 503 (limits.go
// bounds the work: deadlines, queues, the work of a client gone stopped).
package web

import (
	"crypto/cipher"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"strings"
	"sync"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/rulebook"
	"chimera/interpreter"
)

//go:embed static
var static embed.FS

// Static is the page's files (index.html, app.js, style.css, worker.js, chimera.js), for
// the static build.
func Static() fs.FS {
	sub, _ := fs.Sub(static, "static")
	return sub
}

// BoardFunc draws position p as an SVG picture (flipped: Black at the bottom), with its
// pools as trays; App passes the drawer of `show --svg` (rulebook.WebSVG).
type BoardFunc func(p *interpreter.Position, flip bool) string

// Server serves a list of variants, and those defined in the page.
type Server struct {
	mu        sync.RWMutex // guards names, rulesets, pending and user: definitions come in while serving
	names     []string     // in the order given, then the definitions written in the page
	rulesets  map[string]*compiler.Ruleset
	pending   map[string]*lazyVariant // the variants given not compiled yet, by name
	user      map[string]string       // the definitions written in the page: their YAML by name
	userOrder []string                // their names, the oldest first
	owner     map[string]string       // the tab (session) that wrote each
	board     BoardFunc
	// ViewBoard draws a side's view under fog of war for a game played under fog (flipped:
	// Black at the bottom); App passes rulebook.WebViewSVG.
	ViewBoard func(v *interpreter.View, flip bool) string
	sealer    cipher.AEAD // seals the games played under fog (fog.go)
	// HashMB is the engine's transposition table size per search.
	HashMB int
	// MaxMoveTime bounds the engine's time per search, in milliseconds.
	MaxMoveTime int
	bounds      bounds
	engine      *gate // searches, perfts, test runs and balance reports: a few at a time, the machine's cores are shared
	replays     *gate // the games replayed for /api/game, play, pgn and setup
	// Hosts are the host names the server answers for besides localhost and IP
	// addresses (the name it listens on, the machine's name): a request for any other
	// is refused (see guard).
	Hosts []string
}

// Variant is a variant to serve, compiled the first time a request asks for it: a
// menu of every built-in needs their names and titles, not their rules (compiling every
// built-in takes seconds in WebAssembly).
type Variant struct {
	Name, Title string
	Compile     func() (*compiler.Ruleset, error)
}

// lazyVariant is a Variant not compiled yet: compiled once, by the first request for it.
type lazyVariant struct {
	Variant
	once sync.Once
	rs   *compiler.Ruleset
	err  error
}

func (v *lazyVariant) compile() (*compiler.Ruleset, error) {
	v.once.Do(func() {
		v.rs, v.err = v.Compile()
		if v.err == nil && v.rs.Name != v.Name {
			v.rs, v.err = nil, fmt.Errorf("the variant served as %s is named %s", defs.Quote(v.Name), defs.Quote(v.rs.Name))
		}
	})
	return v.rs, v.err
}

// twoSided refuses a game of seats for a request that plays two sides (what), naming the
// request that plays a seat of it.
func twoSided(rs *compiler.Ruleset, what string) error {
	return interpreter.TwoSided(rs, what, "the page plays a seat of it against the engine's (POST /api/seats)")
}

// sidesRuleset is ruleset for a request that plays two sides (what): a game of seats is
// refused.
func (s *Server) sidesRuleset(name, what string) (*compiler.Ruleset, error) {
	rs, err := s.ruleset(name)
	if err == nil {
		err = twoSided(rs, what)
	}
	if err != nil {
		return nil, err
	}
	return rs, nil
}

// Builtins are the built-in variants, compiled on first use.
func Builtins() []Variant {
	var out []Variant
	for _, name := range defs.Builtins() {
		out = append(out, Variant{Name: name, Title: defs.BuiltinTitle(name), Compile: func() (*compiler.Ruleset, error) { return interpreter.Open(name) }})
	}
	return out
}

// New returns a server for rulesets (at least one; their names distinct), drawing boards
// with board.
func New(rulesets []*compiler.Ruleset, board BoardFunc) (*Server, error) {
	var vs []Variant
	for _, rs := range rulesets {
		vs = append(vs, Variant{Name: rs.Name, Title: rs.Title, Compile: func() (*compiler.Ruleset, error) { return rs, nil }})
	}
	s, err := NewLazy(vs, board)
	if err != nil {
		return nil, err
	}
	for _, rs := range rulesets {
		s.compiled(s.pending[rs.Name])
	}
	return s, nil
}

// NewLazy returns a server for variants (at least one; their names distinct) that
// compiles each the first time a request asks for it.
func NewLazy(variants []Variant, board BoardFunc) (*Server, error) {
	if len(variants) == 0 {
		return nil, errors.New("no variant to serve")
	}
	s := &Server{rulesets: map[string]*compiler.Ruleset{}, pending: map[string]*lazyVariant{}, user: map[string]string{}, owner: map[string]string{}, board: board, sealer: newSealer(), HashMB: 32, MaxMoveTime: 60_000, bounds: defaultBounds}
	s.engine, s.replays = newGate(s.bounds.engineWorkers, s.bounds.engineQueue), newGate(s.bounds.replayWorkers, s.bounds.replayQueue)
	for _, v := range variants {
		if _, dup := s.pending[v.Name]; dup {
			return nil, fmt.Errorf("two variants are named %s: serve one of them", defs.Quote(v.Name))
		}
		s.pending[v.Name] = &lazyVariant{Variant: v}
		s.names = append(s.names, v.Name)
	}
	return s, nil
}

// compiled compiles a pending variant (once) and serves its ruleset from then on.
func (s *Server) compiled(v *lazyVariant) (*compiler.Ruleset, error) {
	rs, err := v.compile()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pending[v.Name] == v {
		delete(s.pending, v.Name)
		s.rulesets[v.Name] = rs
	}
	return rs, nil
}

// App is the web app for rulesets, its boards drawn as show --svg draws them
// (rulebook.WebSVG), with the pools as trays: what chimera serve serves. It answers
// requests for localhost, IP addresses and the host names given (Server.Hosts).
func App(rulesets []*compiler.Ruleset, hosts ...string) (http.Handler, error) {
	s, err := New(rulesets, rulebook.WebSVG)
	if err != nil {
		return nil, err
	}
	s.Hosts = hosts
	s.ViewBoard = rulebook.WebViewSVG
	return s.Handler(), nil
}

// LazyApp is App for variants compiled on first use: what chimera serve serves of the
// built-ins, and what the static build's WebAssembly program (cli/wasm/) answers inside
// the page.
func LazyApp(variants []Variant, hosts ...string) (http.Handler, error) {
	s, err := NewLazy(variants, rulebook.WebSVG)
	if err != nil {
		return nil, err
	}
	s.Hosts = hosts
	s.ViewBoard = rulebook.WebViewSVG
	return s.Handler(), nil
}

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) {
		b, _ := static.ReadFile("static/index.html")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if v := r.PathValue("variant"); v != "" {
			if _, err := s.ruleset(v); err != nil {
				// Still the page, which says so in a line and opens the first variant
				// (a reload of a definition written in the page lands here).
				w.WriteHeader(http.StatusNotFound)
			}
		}
		w.Write(b)
	}
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /play/{variant}", page)
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(sub)))
	mux.HandleFunc("GET /api/variants", s.variants)
	mux.HandleFunc("POST /api/game", s.game)
	mux.HandleFunc("POST /api/play", s.game)
	mux.HandleFunc("POST /api/pair", s.pair)
	mux.HandleFunc("POST /api/pair/play", s.pair)
	mux.HandleFunc("POST /api/seats", s.seatsGame)
	mux.HandleFunc("POST /api/seats/play", s.seatsGame)
	mux.HandleFunc("POST /api/pgn", s.pgn)
	mux.HandleFunc("POST /api/definition", s.define)
	mux.HandleFunc("GET /api/definition", s.source)
	mux.HandleFunc("GET /api/search", s.search)
	mux.HandleFunc("POST /api/tests", s.tests)
	mux.HandleFunc("GET /api/perft", s.perftCount)
	mux.HandleFunc("GET /api/balance", s.balance)
	mux.HandleFunc("POST /api/setup", s.setup)
	return bounded(s.guard(jsonPosts(mux)))
}

// jsonPosts refuses a POST whose body is not declared JSON (415). A page of another site
// can send a plain-text POST to a local server without asking; a JSON one it must ask
// for first (CORS), and this server never agrees.
func jsonPosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			if t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || t != "application/json" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnsupportedMediaType)
				json.NewEncoder(w).Encode(map[string]string{"error": "send the request body as JSON, with Content-Type: application/json"})
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// unknown is the error for a variant not served (s.mu held).
func (s *Server) unknown(name string) error {
	return fmt.Errorf("unknown variant %s: this server plays %s", defs.Quote(name), strings.Join(s.names, ", "))
}

// ruleset finds a served variant.
// decodeFor decodes the request body into req, then looks up the ruleset its variant
// names (variant reads it once decoded) for a request that plays two sides (what); on
// bad input it answers 400 and returns nil.
func (s *Server) decodeFor(w http.ResponseWriter, r *http.Request, req any, variant func() string, what string) *compiler.Ruleset {
	if err := decode(w, r, req); err != nil {
		badRequest(w, err)
		return nil
	}
	rs, err := s.sidesRuleset(variant(), what)
	if err != nil {
		badRequest(w, err)
		return nil
	}
	return rs
}

func (s *Server) ruleset(name string) (*compiler.Ruleset, error) {
	if name == "" {
		return nil, errors.New(`missing "variant"`)
	}
	s.mu.RLock()
	rs, ok := s.rulesets[name]
	v := s.pending[name]
	var err error
	if !ok && v == nil {
		err = s.unknown(name)
	}
	s.mu.RUnlock()
	if ok || err != nil {
		return rs, err
	}
	return s.compiled(v)
}

// variantJSON describes a served variant.
type variantJSON struct {
	Name   string      `json:"name"`
	Pieces []pieceJSON `json:"pieces"`
	Title  string      `json:"title"`
	Files  int         `json:"files"`
	Ranks  int         `json:"ranks"`
	Setups []string    `json:"setups"`
	Pools  []string    `json:"pools"`
	// Walls: each turn ends with a wall placed (its moves are written e2e4,e4d5).
	Walls bool `json:"walls"`
	// Fog: the variant is played under fog of war; a person plays a side against the
	// engine seeing only its view (POST /api/game with "viewer").
	Fog bool `json:"fog,omitempty"`
	// Boards: the variant is played on that many boards apart by partners; a person plays
	// a seat against the engine's (POST /api/pair).
	Boards int `json:"boards,omitempty"`
	// Seats: the variant is a game of seats (its seats in the order listed); a person
	// plays one against the engine's (POST /api/seats).
	Seats []seatJSON `json:"seats,omitempty"`
}

// titleJSON names a variant not compiled yet.
type titleJSON struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// variants answers GET /api/variants: every variant served, described in full once
// compiled, by its name and title before; with ?variant=NAME, that one in full.
func (s *Server) variants(w http.ResponseWriter, r *http.Request) {
	if name := r.URL.Query().Get("variant"); name != "" {
		rs, err := s.ruleset(name)
		if err != nil {
			badRequest(w, err)
			return
		}
		writeJSON(w, describeVariant(rs))
		return
	}
	out := []any{}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, name := range s.names {
		if v, ok := s.pending[name]; ok {
			out = append(out, titleJSON{Name: name, Title: v.Title})
			continue
		}
		out = append(out, describeVariant(s.rulesets[name]))
	}
	writeJSON(w, out)
}

// pieceJSON is a piece type: its FEN letter (White's; Black's in lower case) and name.
type pieceJSON struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

// describeVariant writes a variant for the page.
func describeVariant(rs *compiler.Ruleset) variantJSON {
	v := variantJSON{Name: rs.Name, Title: rs.Title, Files: rs.Files, Ranks: rs.Ranks, Setups: []string{}, Pools: rs.Pools(), Pieces: []pieceJSON{}, Walls: rs.Walls != nil, Fog: rs.Fog != nil, Boards: rs.Partners}
	for t := range rs.NumPieces() {
		v.Pieces = append(v.Pieces, pieceJSON{Letter: rs.Piece(t).LetterText, Name: rs.Def.Pieces[t].Name})
	}
	for _, st := range rs.Setups() {
		v.Setups = append(v.Setups, st.Name)
	}
	if v.Pools == nil {
		v.Pools = []string{}
	}
	if sr := rs.Seats; sr != nil {
		v.Pieces = v.Pieces[:sr.Men] // the turned copies and the inert man are the frames'
		for k := range sr.Seats() {
			v.Seats = append(v.Seats, seatJSON{Name: sr.Name(k), Letter: string(sr.Letter(k)), Colour: rulebook.SeatColour(sr, k), Team: sr.Team(k)})
		}
	}
	return v
}

// writeJSON answers 200 with v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

// badRequest answers 400 with {"error": err}; 413 for a body over the limit.
func badRequest(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	if tooLarge := new(tooLargeError); errors.As(err, &tooLarge) {
		status = http.StatusRequestEntityTooLarge
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}
