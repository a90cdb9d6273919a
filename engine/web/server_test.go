// Tests of the web API: variants, game states, moves described, bad input answered 400, the engine's event stream, the embedded page.
package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// newTestServer serves the variants named, drawing a board as a stub that tells the FEN and the flip.
func newTestServer(t *testing.T, names ...string) *httptest.Server {
	t.Helper()
	_, srv := newServer(t, names...)
	return srv
}

// newServer is newTestServer with its Server, whose bounds a test may change before its
// first request.
func newServer(t *testing.T, names ...string) (*Server, *httptest.Server) {
	t.Helper()
	var rulesets []*compiler.Ruleset
	for _, name := range names {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rulesets = append(rulesets, rs)
	}
	s, err := New(rulesets, func(p *interpreter.Position, flip bool) string {
		return fmt.Sprintf("<svg>%s flip=%v</svg>", p.FEN(), flip)
	})
	if err != nil {
		t.Fatal(err)
	}
	s.MaxMoveTime = 5000
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return s, srv
}

// postJSON posts body to path and returns the status and the decoded answer.
func postJSON(t *testing.T, srv *httptest.Server, path, body string, out any) int {
	t.Helper()
	resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("%s %s: answer %q is not JSON: %v", path, body, data, err)
	}
	return resp.StatusCode
}

func TestNewRefusesDuplicatesAndNothing(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New([]*compiler.Ruleset{rs, rs}, nil); err == nil || !strings.Contains(err.Error(), "two variants") {
		t.Errorf("two chess rulesets: error %v", err)
	}
	if _, err := New(nil, nil); err == nil {
		t.Error("no ruleset: no error")
	}
}

func TestVariants(t *testing.T) {
	srv := newTestServer(t, "xiangqi", "crazyhouse", "chess960")
	resp, err := http.Get(srv.URL + "/api/variants")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var vs []variantJSON
	if err := json.NewDecoder(resp.Body).Decode(&vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 3 || vs[0].Name != "xiangqi" || vs[1].Name != "crazyhouse" || vs[2].Name != "chess960" {
		t.Fatalf("variants %+v: want xiangqi, crazyhouse, chess960 in that order", vs)
	}
	if vs[0].Files != 9 || vs[0].Ranks != 10 || len(vs[0].Pools) != 0 {
		t.Errorf("xiangqi: %+v", vs[0])
	}
	if len(vs[1].Pools) == 0 {
		t.Errorf("crazyhouse has no pools: %+v", vs[1])
	}
	if len(vs[2].Setups) == 0 {
		t.Errorf("chess960 has no setups: %+v", vs[2])
	}
}

func TestGameAndPlay(t *testing.T) {
	srv := newTestServer(t, "chess")
	var st stateJSON
	if code := postJSON(t, srv, "/api/game", `{"variant":"chess"}`, &st); code != 200 {
		t.Fatalf("new game: %d", code)
	}
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	if st.FEN != start || st.StartFEN != start || len(st.Legal) != 20 || st.Side != "white" || st.Result != "*" || st.SVG != "<svg>"+start+" flip=false</svg>" {
		t.Fatalf("new game: %+v", st)
	}
	// SAN and coordinates both read; the moves come back in both notations.
	if code := postJSON(t, srv, "/api/play", `{"variant":"chess","moves":["e4","e7e5"],"move":"Nf3","flip":true}`, &st); code != 200 {
		t.Fatalf("play: %d", code)
	}
	if !slices.Equal(st.Moves, []string{"e2e4", "e7e5", "g1f3"}) || !slices.Equal(st.SAN, []string{"e4", "e5", "Nf3"}) {
		t.Errorf("moves %q, SAN %q", st.Moves, st.SAN)
	}
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"; st.FEN != want || st.Side != "black" || !strings.HasSuffix(st.SVG, "flip=true</svg>") {
		t.Errorf("after 1.e4 e5 2.Nf3: FEN %s, side %s, svg %s", st.FEN, st.Side, st.SVG)
	}
	// Fool's mate ends the game: no legal moves, the result told.
	if code := postJSON(t, srv, "/api/game", `{"variant":"chess","moves":["f3","e5","g4","Qh4"]}`, &st); code != 200 {
		t.Fatalf("fool's mate: %d", code)
	}
	if st.Result != "0-1" || st.Reason != "checkmate" || len(st.Legal) != 0 || !st.InCheck || st.SAN[3] != "Qh4#" {
		t.Errorf("fool's mate: result %q (%s), %d legal moves, in check %v, SAN %q", st.Result, st.Reason, len(st.Legal), st.InCheck, st.SAN)
	}
}

// legalByCoord finds a legal move of a state by its coordinate text.
func legalByCoord(t *testing.T, st *stateJSON, coord string) moveJSON {
	t.Helper()
	for _, m := range st.Legal {
		if m.Coord == coord {
			return m
		}
	}
	t.Fatalf("no legal move %s in %s", coord, st.FEN)
	return moveJSON{}
}

func TestPGNOutAndIn(t *testing.T) {
	srv := newTestServer(t, "chess")
	var st, back stateJSON
	postJSON(t, srv, "/api/game", `{"variant":"chess","moves":["e4","e5","Nf3"]}`, &st)
	if !strings.Contains(st.PGN, `[Variant "chess"]`) || !strings.Contains(st.PGN, "1. e4 e5 2. Nf3 *") || strings.Contains(st.PGN, "[FEN") {
		t.Errorf("PGN of 1.e4 e5 2.Nf3:\n%s", st.PGN)
	}
	body, _ := json.Marshal(pgnRequest{Variant: "chess", PGN: st.PGN})
	if code := postJSON(t, srv, "/api/pgn", string(body), &back); code != 200 || !slices.Equal(back.Moves, st.Moves) || back.FEN != st.FEN {
		t.Errorf("PGN read back: %d, moves %q, FEN %s", code, back.Moves, back.FEN)
	}
	// From a position: the PGN carries its FEN, and reads back from it.
	postJSON(t, srv, "/api/game", `{"variant":"chess","fen":"7k/P7/8/8/8/8/8/4K3 w - - 0 1","moves":["a8=Q+"]}`, &st)
	if !strings.Contains(st.PGN, `[FEN "7k/P7/8/8/8/8/8/4K3 w - - 0 1"]`) || !strings.Contains(st.PGN, "1. a8=Q+ *") {
		t.Errorf("PGN from a FEN:\n%s", st.PGN)
	}
	body, _ = json.Marshal(pgnRequest{Variant: "chess", PGN: st.PGN})
	if code := postJSON(t, srv, "/api/pgn", string(body), &back); code != 200 || back.StartFEN != "7k/P7/8/8/8/8/8/4K3 w - - 0 1" || back.SAN[0] != "a8=Q+" {
		t.Errorf("PGN with a FEN read back: %d, start %s, SAN %q", code, back.StartFEN, back.SAN)
	}
	for body, want := range map[string]string{
		`{"variant":"chess","pgn":"1. e4 e5 2. Ke3 *"}`:    "2. Ke3",
		`{"variant":"chess","pgn":""}`:                     "no game",
		`{"variant":"chess","pgn":"[FEN \"x\"]\n\n1. e4"}`: "FEN",
		`{"variant":"nosuch","pgn":"1. e4"}`:               "unknown variant",
	} {
		var out map[string]string
		if code := postJSON(t, srv, "/api/pgn", body, &out); code != 400 || !strings.Contains(out["error"], want) {
			t.Errorf("%s: %d %q, want 400 and %q", body, code, out["error"], want)
		}
	}
}

func TestMovesDescribed(t *testing.T) {
	srv := newTestServer(t, "chess", "crazyhouse")
	var st stateJSON
	// Castling names the rook's square, a promotion its piece, en passant its victim.
	postJSON(t, srv, "/api/game", `{"variant":"chess","fen":"r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"}`, &st)
	if m := legalByCoord(t, &st, "e1g1"); m.Partner != "h1" || m.From != "e1" || m.To != "g1" || m.SAN != "O-O" {
		t.Errorf("castling: %+v", m)
	}
	if m := legalByCoord(t, &st, "b7a8n"); m.Promotion != "N" || !slices.Equal(m.Captures, []string{"a8"}) || m.SAN != "bxa8=N" {
		t.Errorf("capturing promotion: %+v", m)
	}
	if m := legalByCoord(t, &st, "e5d6"); !slices.Equal(m.Captures, []string{"d5"}) {
		t.Errorf("en passant: %+v", m)
	}
	if m := legalByCoord(t, &st, "e5e6"); len(m.Captures) != 0 || m.Drop != -1 {
		t.Errorf("a quiet move: %+v", m)
	}
	postJSON(t, srv, "/api/game", `{"variant":"crazyhouse","fen":"rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"}`, &st)
	if w, b := st.Pools["white"], st.Pools["black"]; len(w) != 1 || len(b) != 1 {
		t.Errorf("crazyhouse pools: %v", st.Pools)
	} else {
		for _, held := range w {
			if held != "P" {
				t.Errorf("White holds %q, want P", held)
			}
		}
		for _, held := range b {
			if held != "p" {
				t.Errorf("Black holds %q, want p", held)
			}
		}
	}
	m := legalByCoord(t, &st, "P@e4")
	if m.From != "" || m.To != "e4" || m.Drop < 0 || m.SAN != "P@e4" || m.TraySide != "white" || m.TrayPool == "" {
		t.Errorf("a drop: %+v", m)
	}
}

func TestExchangeComesFromTheOpponentsPool(t *testing.T) {
	srv := newTestServer(t, "hostage")
	var st stateJSON
	postJSON(t, srv, "/api/game", `{"variant":"hostage","fen":"2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1"}`, &st)
	if m := legalByCoord(t, &st, "N-B@e3"); m.SAN != "(N-B)B@e3" || m.TraySide != "black" || m.TrayPool != "prison" || m.From != "" {
		t.Errorf("an exchange rescuing a bishop from Black's prison: %+v", m)
	}
	if m := legalByCoord(t, &st, "B@e3"); m.TraySide != "white" || m.TrayPool != "airfield" {
		t.Errorf("a drop from White's airfield: %+v", m)
	}
}

func TestBadInputIs400(t *testing.T) {
	srv := newTestServer(t, "chess", "chess960")
	for _, tc := range []struct{ path, body, want string }{
		{"/api/game", `{"variant":"nosuch"}`, `unknown variant "nosuch": this server plays chess, chess960`},
		{"/api/game", `{}`, `missing "variant"`},
		{"/api/game", `{"variant":"chess","fen":"8/8/8 w - - 0 1"}`, "FEN"},
		{"/api/game", `{"variant":"chess","fen":"8/8/8/8/8/8/8/8 w - - 0 1","setup":"standard"}`, "not both"},
		{"/api/game", `{"variant":"chess","setup":"nosuch"}`, "nosuch"},
		{"/api/game", `{"variant":"chess","moves":["e4","e4"]}`, `move 2: illegal move "e4"`},
		{"/api/game", `{"variant":"chess","moves":["e4"],"move":"e5"}`, `"move" is for /api/play`},
		{"/api/game", `{"variant":"chess","moves":["f3","e5","g4","Qh4","a3"]}`, "the game is over (0-1, checkmate)"},
		{"/api/game", `{"variant":"chess",`, "bad JSON"},
		{"/api/game", `{"variant":"chess","colour":"white"}`, `unknown field "colour"`},
		{"/api/game", `{"variant":"chess"} {}`, "more than one value"},
		{"/api/game", `{"variant":"chess","moves":"e4"}`, "bad JSON"},
		{"/api/play", `{"variant":"chess"}`, `missing "move"`},
		{"/api/play", `{"variant":"chess","move":"e5"}`, `move 1: illegal move "e5"`},
		{"/api/play", `{"variant":"chess","move":"Zz9"}`, "move 1"},
	} {
		var out map[string]string
		code := postJSON(t, srv, tc.path, tc.body, &out)
		if code != http.StatusBadRequest || !strings.Contains(out["error"], tc.want) {
			t.Errorf("%s %s: %d %q, want 400 and %q", tc.path, tc.body, code, out["error"], tc.want)
		}
	}
	// A body not declared JSON is refused: another site's page could send it unasked.
	resp, err := http.Post(srv.URL+"/api/game", "text/plain", strings.NewReader(`{"variant":"chess"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a text/plain POST: %d, want 415", resp.StatusCode)
	}
	for _, tc := range []struct {
		method, path string
		code         int
	}{
		{"GET", "/api/game", http.StatusMethodNotAllowed},
		{"GET", "/play/nosuch", http.StatusNotFound},
		{"GET", "/nosuch", http.StatusNotFound},
		{"GET", "/api/search?variant=chess&movetime=abc", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&movetime=999999", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&multipv=0", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&level=0", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&level=11", http.StatusBadRequest},
		{"GET", "/api/search?variant=nosuch", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&moves=f3+e5+g4+Qh4", http.StatusBadRequest},
		{"GET", "/api/search?variant=chess&moves=e4,e4", http.StatusBadRequest},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, resp.StatusCode, tc.code)
		}
	}
}

func TestShuffledSetupStartsFromItsFEN(t *testing.T) {
	srv := newTestServer(t, "chess960")
	var first, again stateJSON
	postJSON(t, srv, "/api/game", `{"variant":"chess960"}`, &first)
	if first.StartFEN == "" || first.FEN != first.StartFEN {
		t.Fatalf("new chess960 game: start %q, FEN %q", first.StartFEN, first.FEN)
	}
	// The page replays from the start it was given, so the arrangement drawn stays.
	body, _ := json.Marshal(gameRequest{Variant: "chess960", FEN: first.StartFEN, Moves: []string{first.Legal[0].Coord}})
	postJSON(t, srv, "/api/game", string(body), &again)
	if again.StartFEN != first.StartFEN || len(again.Moves) != 1 {
		t.Errorf("replayed from %q: start %q, moves %q", first.StartFEN, again.StartFEN, again.Moves)
	}
}

// events reads a Server-Sent Events stream: the name and data of each event.
func events(t *testing.T, r io.Reader) [][2]string {
	var out [][2]string
	var name string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			out = append(out, [2]string{name, strings.TrimPrefix(line, "data: ")})
		}
	}
	return out
}

func TestSearchStreamsThenAnswers(t *testing.T) {
	srv := newTestServer(t, "chess")
	q := url.Values{"variant": {"chess"}, "moves": {"e4 e5,Nf3"}, "movetime": {"300"}, "multipv": {"2"}}
	resp, err := http.Get(srv.URL + "/api/search?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("search: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	evs := events(t, resp.Body)
	if len(evs) < 2 {
		t.Fatalf("events %q: want infos then the best move", evs)
	}
	seen := map[int]bool{}
	for _, ev := range evs[:len(evs)-1] {
		var in infoJSON
		if ev[0] != "info" || json.Unmarshal([]byte(ev[1]), &in) != nil || in.Depth < 1 || in.PV == "" || in.ScoreText == "" {
			t.Fatalf("event %q: want an info with a depth, a score and a line", ev)
		}
		seen[in.MultiPV] = true
	}
	if !seen[1] || !seen[2] {
		t.Errorf("MultiPV 2: lines seen %v", seen)
	}
	last := evs[len(evs)-1]
	var best bestJSON
	if last[0] != "bestmove" || json.Unmarshal([]byte(last[1]), &best) != nil {
		t.Fatalf("last event %q: want the best move", last)
	}
	// The move is legal for Black after 1.e4 e5 2.Nf3, in both notations.
	var st stateJSON
	body, _ := json.Marshal(gameRequest{Variant: "chess", Moves: []string{"e4", "e5", "Nf3"}, Move: best.Coord})
	if code := postJSON(t, srv, "/api/play", string(body), &st); code != 200 || st.SAN[3] != best.SAN {
		t.Errorf("best move %+v: play %d, SAN %q", best, code, st.SAN)
	}
}

// TestSearchAtALevel: level=1 plays the weakest level: a legal move from a search of
// depth 1, where full strength goes deeper in the same time.
func TestSearchAtALevel(t *testing.T) {
	srv := newTestServer(t, "chess")
	depth := map[string]int{}
	for _, level := range []string{"1", "10"} {
		q := url.Values{"variant": {"chess"}, "moves": {"e4 e5"}, "movetime": {"300"}, "level": {level}}
		resp, err := http.Get(srv.URL + "/api/search?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		evs := events(t, resp.Body)
		resp.Body.Close()
		if len(evs) == 0 || evs[len(evs)-1][0] != "bestmove" {
			t.Fatalf("level %s: events %q: want the best move last", level, evs)
		}
		var best bestJSON
		if err := json.Unmarshal([]byte(evs[len(evs)-1][1]), &best); err != nil {
			t.Fatal(err)
		}
		var st stateJSON
		body, _ := json.Marshal(gameRequest{Variant: "chess", Moves: []string{"e4", "e5"}, Move: best.Coord})
		if code := postJSON(t, srv, "/api/play", string(body), &st); code != 200 {
			t.Errorf("level %s: best move %+v is not legal (%d)", level, best, code)
		}
		depth[level] = best.Depth
	}
	if depth["1"] != 1 || depth["10"] <= 1 {
		t.Errorf("depths: level 1 %d (want 1), level 10 %d (want more)", depth["1"], depth["10"])
	}
}

// TestNothingFromOutside: the page names no address outside the server (the SVG
// namespace is a name, not a fetch).
func TestNothingFromOutside(t *testing.T) {
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	err := fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := static.ReadFile(path)
		for _, m := range external.FindAllString(string(b), -1) {
			if m != "http://www.w3.org" {
				t.Errorf("%s refers to %s", path, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, "chess")
	for path, want := range map[string]string{"/": "/static/app.js", "/play/chess": "/static/app.js", "/static/app.js": "/api/game", "/static/style.css": "#board"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, want a page with %q", path, resp.StatusCode, want)
		}
	}
}

func TestFailingHooksAreReported(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/divzero.yaml"
	def := "extends: chess\nname: divzero\ngoals:\n  - name: broken\n    when: 'ply % (captures - captures) == 0'\n"
	if err := os.WriteFile(path, []byte(def), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, path)
	var st stateJSON
	if code := postJSON(t, srv, "/api/play", `{"variant":"divzero","move":"e4"}`, &st); code != 200 {
		t.Fatalf("play: %d", code)
	}
	if len(st.HookErrors) != 1 || !strings.Contains(st.HookErrors[0], "divzero.yaml:5:11") || !strings.Contains(st.HookErrors[0], "divide by zero") {
		t.Errorf("hook errors %q: want the failing hook, positioned", st.HookErrors)
	}
	// The editor gets the file's own text.
	resp, err := http.Get(srv.URL + "/api/definition?variant=divzero")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var src definitionRequest
	if json.NewDecoder(resp.Body).Decode(&src); src.YAML != def {
		t.Errorf("the source of a file served: %q", src.YAML)
	}
}

func TestDefinitionsFromThePage(t *testing.T) {
	srv := newTestServer(t, "chess")
	var v variantJSON
	if code := postJSON(t, srv, "/api/definition", `{"yaml":"extends: chess\nname: mine\ntitle: Mine\n"}`, &v); code != 200 || v.Name != "mine" || v.Title != "Mine" {
		t.Fatalf("a good definition: %d %+v", code, v)
	}
	var st stateJSON
	if code := postJSON(t, srv, "/api/play", `{"variant":"mine","move":"e4"}`, &st); code != 200 || st.SAN[0] != "e4" {
		t.Fatalf("playing it: %d %+v", code, st.SAN)
	}
	var src definitionRequest
	resp, err := http.Get(srv.URL + "/api/definition?variant=mine")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&src)
	resp.Body.Close()
	if src.YAML != "extends: chess\nname: mine\ntitle: Mine\n" {
		t.Errorf("its source: %q", src.YAML)
	}
	resp, err = http.Get(srv.URL + "/api/definition?variant=chess")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(b, &src); err != nil || !strings.Contains(src.YAML, "name: chess\n") {
		t.Errorf("chess's source: %v %.200q", err, b)
	}

	// Errors come positioned: the line and column in the text sent, or in the built-in it extends.
	for _, tc := range []struct {
		yaml string
		want []errorJSON
	}{
		{"extends: chess\nname: bad\nfoo: 1\n", []errorJSON{{Line: 3, Col: 1}}},
		{"name: [\n", []errorJSON{{Line: 1, Col: 0}}},
		{"extends: other.yaml\nname: z\n", []errorJSON{{Line: 1, Col: 10}}},
		{"extends: chess\nname: q\npieces:\n  - name: Kang\n    letter: K\n    moves: [{leap: [9, 9]}]\n",
			[]errorJSON{{Line: 6, Col: 20}, {File: "built-in chess"}, {File: "built-in chess"}}},
	} {
		body, _ := json.Marshal(definitionRequest{YAML: tc.yaml})
		var out struct {
			Error  string      `json:"error"`
			Errors []errorJSON `json:"errors"`
		}
		code := postJSON(t, srv, "/api/definition", string(body), &out)
		if code != 400 || len(out.Errors) != len(tc.want) {
			t.Errorf("%q: %d %+v, want 400 and %d errors", tc.yaml, code, out.Errors, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			e := out.Errors[i]
			if e.File != w.File || (w.Line > 0 && (e.Line != w.Line || e.Col != w.Col)) || e.Message == "" {
				t.Errorf("%q: error %d is %+v, want at %s %d:%d", tc.yaml, i, e, w.File, w.Line, w.Col)
			}
		}
	}
	// A served variant keeps its name; a definition of the page may be replaced.
	var out map[string]any
	if code := postJSON(t, srv, "/api/definition", `{"yaml":"extends: chess\n"}`, &out); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "plays already") {
		t.Errorf("a definition named chess: %d %v", code, out)
	}
	if code := postJSON(t, srv, "/api/definition", `{"yaml":"extends: chess\nname: mine\ntitle: Mine again\n"}`, &v); code != 200 || v.Title != "Mine again" {
		t.Errorf("replacing mine: %d %+v", code, v)
	}
	// Past maxUserVariants, the oldest goes.
	for i := range maxUserVariants {
		postJSON(t, srv, "/api/definition", fmt.Sprintf(`{"yaml":"extends: chess\nname: v%d\n"}`, i), &v)
	}
	if code := postJSON(t, srv, "/api/game", `{"variant":"mine"}`, &out); code != 400 {
		t.Errorf("the oldest definition still served after %d more", maxUserVariants)
	}
	if code := postJSON(t, srv, "/api/game", `{"variant":"chess"}`, &st); code != 200 {
		t.Errorf("chess no longer served")
	}
}

func TestTestsAndPerft(t *testing.T) {
	srv := newTestServer(t, "chess", "hostage")
	var out struct {
		Passed, Failed int
		Tests          []testJSON
	}
	if code := postJSON(t, srv, "/api/tests", `{"variant":"hostage","maxNodes":200000}`, &out); code != 200 || out.Failed != 0 || out.Passed == 0 || len(out.Tests) != out.Passed {
		t.Fatalf("hostage's tests: %d, %d passed, %d failed", code, out.Passed, out.Failed)
	}
	for _, tj := range out.Tests {
		if tj.Name == "" || !strings.Contains(tj.Where, "hostage.yaml:") {
			t.Errorf("a test reported as %+v", tj)
		}
	}
	resp, err := http.Get(srv.URL + "/api/perft?variant=chess&moves=e4&depth=3")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var pj perftJSON
	json.NewDecoder(resp.Body).Decode(&pj)
	// perft 3 after 1.e4: 20 replies, 13160 leaves (as Stockfish counts).
	if pj.Depth != 3 || pj.Nodes != 13160 || len(pj.Divide) != 20 {
		t.Errorf("perft 3 after 1.e4: %+v", pj)
	}
	for _, bad := range []string{"variant=chess&depth=0", "variant=chess&depth=9", "variant=chess&depth=x", "variant=nosuch&depth=2", "variant=chess&moves=e5"} {
		resp, err := http.Get(srv.URL + "/api/perft?" + bad)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("perft with %s: %d, want 400", bad, resp.StatusCode)
		}
	}
	var e map[string]string
	if code := postJSON(t, srv, "/api/tests", `{"variant":"nosuch"}`, &e); code != 400 {
		t.Errorf("tests of an unknown variant: %d", code)
	}
}

func TestBalanceReport(t *testing.T) {
	srv := newTestServer(t, "koopa")
	resp, err := http.Get(srv.URL + "/api/balance?variant=koopa&games=2&nodes=500")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(b), "Koopa Chess") || !strings.Contains(string(b), "<svg") {
		t.Fatalf("balance report: %d %s\n%.300s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	for _, bad := range []string{"variant=koopa&games=1", "variant=koopa&nodes=10", "variant=koopa&games=200&nodes=10000", "variant=nosuch"} {
		resp, err := http.Get(srv.URL + "/api/balance?" + bad)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("balance with %s: %d, want 400", bad, resp.StatusCode)
		}
	}
}

func TestPositionEditor(t *testing.T) {
	srv := newTestServer(t, "chess", "xiangqi", "crazyhouse", "claustrophobia")
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, tc := range []struct{ body, fen string }{
		{`{"variant":"chess","fen":"` + start + `","square":"e4","piece":"N"}`, "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{`{"variant":"chess","fen":"` + start + `","square":"a8","piece":""}`, "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"},
		{`{"variant":"chess","fen":"` + start + `","square":"e1","piece":"","side":""}`, ""},
		{`{"variant":"chess","fen":"` + start + `","side":"black"}`, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{`{"variant":"xiangqi","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","square":"e5","piece":"r"}`, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{`{"variant":"crazyhouse","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1","square":"e4","piece":"Q~"}`, "rnbqkbnr/pppppppp/8/8/4Q~3/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1"},
		{`{"variant":"claustrophobia","fen":"rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1","square":"a4","piece":"P"}`, "rrnbbk*/pppppqn/5**/5**/P4**/5**/PPPPPQN/RRNBBK* w - - 0 1"},
	} {
		var st stateJSON
		code := postJSON(t, srv, "/api/setup", tc.body, &st)
		if tc.fen == "" {
			// Without its king, chess's position is refused by the interpreter.
			if code != 400 {
				t.Errorf("%s: %d, want 400", tc.body, code)
			}
			continue
		}
		if code != 200 || st.FEN != tc.fen || st.StartFEN != tc.fen || len(st.Moves) != 0 {
			t.Errorf("%s: %d, FEN %q, want %q", tc.body, code, st.FEN, tc.fen)
		}
	}
	for body, want := range map[string]string{
		`{"variant":"chess","fen":"` + start + `","square":"z9","piece":"N"}`:                                                      "no square",
		`{"variant":"chess","fen":"` + start + `","square":"e4","piece":"X"}`:                                                      "unknown piece",
		`{"variant":"chess","fen":"` + start + `","side":"red"}`:                                                                   "side",
		`{"variant":"chess","fen":"` + start + `"}`:                                                                                "square",
		`{"variant":"chess","fen":"bad"}`:                                                                                          "FEN",
		`{"variant":"claustrophobia","fen":"rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1","square":"g4","piece":"P"}`: "not a square",
	} {
		var out map[string]string
		if code := postJSON(t, srv, "/api/setup", body, &out); code != 400 || !strings.Contains(out["error"], want) {
			t.Errorf("%s: %d %q, want 400 and %q", body, code, out["error"], want)
		}
	}
}

// TestPositionEditorPromotedMen: a rank holding a man written "+X" (shogi's promoted
// men) is edited like any other, the man given by its letter or as "+X" (on main, every
// edit of such a rank was refused with HTTP 400). The FENs expected are written by hand.
func TestPositionEditorPromotedMen(t *testing.T) {
	srv := newTestServer(t, "shogi")
	start := "lnsgkgsnl/1r5b1/pppp+Ppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
	for _, tc := range []struct{ square, piece, fen string }{
		{"a7", "", "lnsgkgsnl/1r5b1/1ppp+Ppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"i7", "+p", "lnsgkgsnl/1r5b1/pppp+Pppp+p/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"e7", "", "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"e7", "G", "lnsgkgsnl/1r5b1/ppppGpppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
		{"e5", "T", "lnsgkgsnl/1r5b1/pppp+Ppppp/9/4+P4/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] w - - 0 1"},
	} {
		body := fmt.Sprintf(`{"variant":"shogi","fen":%q,"square":%q,"piece":%q}`, start, tc.square, tc.piece)
		var st stateJSON
		if code := postJSON(t, srv, "/api/setup", body, &st); code != 200 || st.FEN != tc.fen {
			t.Errorf("%s gets %q: %d, FEN %q, want %q", tc.square, tc.piece, code, st.FEN, tc.fen)
		}
	}
}

// TestSourceWhileDefinitionsAreEvicted: GET /api/definition of the page's definition
// that newer ones push out answers 200 or 400, never a panic with the lock held (after
// which the server hung on the next definition posted).
func TestSourceWhileDefinitionsAreEvicted(t *testing.T) {
	chess, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New([]*compiler.Ruleset{chess}, nil)
	if err != nil {
		t.Fatal(err)
	}
	def, err := defs.Parse(editorFile, []byte("extends: chess\nname: v\n"))
	if err != nil {
		t.Fatal(err)
	}
	mine, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	// Rulesets of distinct names, as posted (addUser reads only the name).
	const names = 2 * maxUserVariants
	rulesets := make([]compiler.Ruleset, names)
	for i := range rulesets {
		rulesets[i] = *mine
		rulesets[i].Name = fmt.Sprintf("v%d", i)
	}
	posts := 20_000
	if testing.Short() {
		posts = 5_000
	}
	var posted atomic.Int64
	h := s.Handler()
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				// The oldest definition: the next one evicted.
				name := fmt.Sprintf("v%d", (posted.Load()+names-maxUserVariants)%names)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost/api/definition?variant="+name, nil))
				if rec.Code != 200 && rec.Code != 400 {
					t.Errorf("GET the source of %s: %d, want 200 or 400", name, rec.Code)
					return
				}
			}
		}()
	}
	for i := range posts {
		if err := s.addUser("extends: chess\n", &rulesets[i%names], ""); err != nil {
			t.Fatal(err)
		}
		posted.Store(int64(i + 1))
	}
	close(done)
	wg.Wait()
}

// TestForeignRequestsRefused (#53 F6): a request naming another host (a DNS-rebinding
// page reaching the local server under its own name) or sent by another site's page
// (Origin, Sec-Fetch-Site, Referer of another origin) is refused with 403 on the API; the
// page's own requests and those of tools without a browser's headers pass.
func TestForeignRequestsRefused(t *testing.T) {
	srv := newTestServer(t, "chess")
	_, port, _ := strings.Cut(strings.TrimPrefix(srv.URL, "http://"), ":")
	self := "http://127.0.0.1:" + port
	for i, tc := range []struct {
		method, path, host string
		header             map[string]string
		code               int
	}{
		{"GET", "/api/variants", "", nil, 200},
		{"GET", "/api/variants", "localhost:" + port, nil, 200},
		{"GET", "/api/variants", "[::1]:" + port, nil, 200},
		{"GET", "/api/variants", "LOCALHOST.:" + port, nil, 200},
		// DNS rebinding: the attacker's name resolved to 127.0.0.1.
		{"GET", "/api/variants", "attacker.example:" + port, nil, 403},
		{"GET", "/api/definition?variant=chess", "attacker.example", nil, 403},
		{"POST", "/api/definition", "attacker.example:" + port, nil, 403},
		{"GET", "/", "attacker.example:" + port, nil, 403},
		// The page itself, as a browser sends its requests.
		{"GET", "/api/variants", "", map[string]string{"Sec-Fetch-Site": "same-origin", "Referer": self + "/play/chess"}, 200},
		{"POST", "/api/definition", "", map[string]string{"Origin": self, "Sec-Fetch-Site": "same-origin"}, 200},
		{"GET", "/api/perft?variant=chess&depth=1", "", map[string]string{"Sec-Fetch-Site": "none"}, 200},
		// Another site's page.
		{"POST", "/api/definition", "", map[string]string{"Origin": "http://attacker.example"}, 403},
		{"POST", "/api/game", "", map[string]string{"Origin": "null"}, 403},
		{"POST", "/api/game", "", map[string]string{"Origin": "http://localhost:1"}, 403},
		{"GET", "/api/balance?variant=chess&games=2&nodes=100", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"GET", "/api/search?variant=chess", "", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"GET", "/api/perft?variant=chess&depth=1", "", map[string]string{"Referer": "http://attacker.example/x"}, 403},
		// A link to the page from anywhere still opens it.
		{"GET", "/play/chess", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Referer": "http://elsewhere.example/"}, 200},
	} {
		var body io.Reader
		if tc.method == "POST" {
			body = strings.NewReader(`{"yaml":"extends: chess\nname: mine\n"}`)
			if tc.path == "/api/game" {
				body = strings.NewReader(`{"variant":"chess"}`)
			}
		}
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, body)
		if tc.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		if tc.host != "" {
			req.Host = tc.host
		}
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("#%d %s %s (Host %q, %v): %d %.200q, want %d", i, tc.method, tc.path, tc.host, tc.header, resp.StatusCode, b, tc.code)
		}
		if tc.code == 403 && !strings.Contains(string(b), "refused") {
			t.Errorf("#%d %s %s: %.200q, want the refusal explained", i, tc.method, tc.path, b)
		}
	}
}

// TestWalls: in a variant with walls the variants list says so, each legal turn comes with
// its wall and the texts Coord and SAN give it (written once a move, the other turns
// derived), a turn is played in either notation, a query's moves keep their commas, and
// the position editor puts walls.
func TestWalls(t *testing.T) {
	srv := newTestServer(t, "duck", "amazons", "chess")
	resp, err := http.Get(srv.URL + "/api/variants")
	if err != nil {
		t.Fatal(err)
	}
	var vs []variantJSON
	err = json.NewDecoder(resp.Body).Decode(&vs)
	resp.Body.Close()
	if err != nil || len(vs) != 3 || !vs[0].Walls || !vs[1].Walls || vs[2].Walls {
		t.Fatalf("variants %+v (%v): want walls for duck and amazons, not chess", vs, err)
	}
	// Every turn's texts as the interpreter writes them, its wall and its move alone.
	for _, tc := range []struct{ variant, fen string }{
		{"duck", ""},
		{"duck", "4k3/8/8/8/8/8/8/q3K2* b - - 0 1"}, // Qxe1 wins at once, whatever its wall: each written #
		{"duck", "4k3/1P6/8/8/8/8/8/4K2* w - - 0 1"},
		{"amazons", "q9/10/10/10/10/10/10/10/**8/Q9 w - - 0 1"},
	} {
		var st stateJSON
		body, _ := json.Marshal(gameRequest{Variant: tc.variant, FEN: tc.fen})
		if code := postJSON(t, srv, "/api/game", string(body), &st); code != 200 {
			t.Fatalf("%s %s: %d", tc.variant, tc.fen, code)
		}
		rs, _ := interpreter.Open(tc.variant)
		p, err := interpreter.FromFEN(rs, st.FEN)
		if err != nil {
			t.Fatal(err)
		}
		legal := p.LegalMoves(nil)
		if len(st.Legal) != len(legal) || len(legal) == 0 {
			t.Fatalf("%s %s: %d legal turns, the interpreter has %d", tc.variant, st.FEN, len(st.Legal), len(legal))
		}
		wins := 0
		for i, m := range legal {
			got := st.Legal[i]
			want := moveJSON{Coord: p.Coord(m), SAN: p.SAN(m), Wall: rs.SquareName(m.Wall())}
			want.Base, _, _ = strings.Cut(want.Coord, ",")
			if got.Coord != want.Coord || got.SAN != want.SAN || got.Wall != want.Wall || got.Base != want.Base || got.From != rs.SquareName(m.From()) {
				t.Fatalf("%s %s: turn %d written %+v, want %+v", tc.variant, st.FEN, i, got, want)
			}
			if strings.HasSuffix(got.SAN, "#") {
				wins++
			}
		}
		if tc.fen == "4k3/8/8/8/8/8/8/q3K2* b - - 0 1" && wins == 0 {
			t.Errorf("no turn taking the king written with #: %+v", st.Legal[:3])
		}
	}
	// A turn played in coordinates, then one in SAN: the FEN writes the duck '*'.
	var st stateJSON
	if code := postJSON(t, srv, "/api/play", `{"variant":"duck","moves":["e2e4,e4e5"],"move":"d5,d4"}`, &st); code != 200 {
		t.Fatalf("play d5,d4: %d", code)
	}
	if want := "rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"; st.FEN != want ||
		!slices.Equal(st.Moves, []string{"e2e4,e4e5", "d7d5,d5d4"}) || !slices.Equal(st.SAN, []string{"e4,e5", "d5,d4"}) {
		t.Errorf("after e4,e5 d5,d4: FEN %s, moves %q, SAN %q; want %s", st.FEN, st.Moves, st.SAN, want)
	}
	var bad map[string]string
	if code := postJSON(t, srv, "/api/play", `{"variant":"duck","move":"e2e4"}`, &bad); code != 400 || !strings.Contains(bad["error"], "wall") {
		t.Errorf("a move without its wall: %d %q, want 400 about the wall", code, bad["error"])
	}
	// A query's turns are separated by blanks alone: perft after two turns.
	resp, err = http.Get(srv.URL + "/api/perft?" + url.Values{"variant": {"duck"}, "moves": {"e2e4,e4e5 d7d5,d5d4"}, "depth": {"1"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	var pj perftJSON
	json.NewDecoder(resp.Body).Decode(&pj)
	resp.Body.Close()
	if resp.StatusCode != 200 || pj.Nodes != int64(len(st.Legal)) || len(pj.Divide) == 0 || !strings.Contains(pj.Divide[0].Coord, ",") {
		t.Errorf("perft 1 after e4,e5 d5,d4: %d %+v, want %d turns", resp.StatusCode, pj, len(st.Legal))
	}
	// The engine answers with a turn, which plays.
	resp, err = http.Get(srv.URL + "/api/search?" + url.Values{"variant": {"duck"}, "moves": {"e2e4,e4e5 d7d5,d5d4"}, "movetime": {"200"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	evs := events(t, resp.Body)
	resp.Body.Close()
	var best bestJSON
	if len(evs) == 0 || evs[len(evs)-1][0] != "bestmove" || json.Unmarshal([]byte(evs[len(evs)-1][1]), &best) != nil || !strings.Contains(best.Coord, ",") || !strings.Contains(best.SAN, ",") {
		t.Fatalf("search in duck: %q", evs)
	}
	body, _ := json.Marshal(gameRequest{Variant: "duck", Moves: []string{"e2e4,e4e5", "d7d5,d5d4"}, Move: best.Coord})
	if code := postJSON(t, srv, "/api/play", string(body), &st); code != 200 || st.SAN[2] != best.SAN {
		t.Errorf("the engine's turn %+v: %d, SAN %q", best, code, st.SAN)
	}
	// The position editor puts a wall, and takes it off; chess has none to put.
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	if code := postJSON(t, srv, "/api/setup", `{"variant":"duck","fen":"`+start+`","square":"e4","piece":"*"}`, &st); code != 200 || st.FEN != "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("a wall put on e4: %d %s", code, st.FEN)
	}
	if code := postJSON(t, srv, "/api/setup", `{"variant":"duck","fen":"`+st.FEN+`","square":"e4","piece":""}`, &st); code != 200 || st.FEN != start {
		t.Errorf("the wall taken off e4: %d %s", code, st.FEN)
	}
	if code := postJSON(t, srv, "/api/setup", `{"variant":"chess","fen":"`+start+`","square":"e4","piece":"*"}`, &bad); code != 400 || !strings.Contains(bad["error"], "no walls") {
		t.Errorf("a wall in chess: %d %q", code, bad["error"])
	}
}

// TestBodyOverTheLimitIs413: a definition of 1.1 MB is refused with HTTP 413 and a
// message that names the limit, whether the body declares its length or is sent in
// chunks (on main: 400 "bad JSON: unexpected EOF").
func TestBodyOverTheLimitIs413(t *testing.T) {
	srv := newTestServer(t, "chess")
	body := `{"yaml":"` + strings.Repeat("#", 1_100_000) + `"}`
	for _, chunked := range []bool{false, true} {
		var r io.Reader = strings.NewReader(body)
		if chunked {
			r = io.MultiReader(r) // no length known: sent in chunks
		}
		resp, err := http.Post(srv.URL+"/api/definition", "application/json", r)
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]string
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(out["error"], "limit of 1 MiB") || strings.Contains(out["error"], "JSON") {
			t.Errorf("chunked %v: %d %q; want 413 naming the 1 MiB limit", chunked, resp.StatusCode, out["error"])
		}
	}
	// Just under the limit, the body is read: a definition with errors is a 400.
	var out map[string]any
	if code := postJSON(t, srv, "/api/definition", `{"yaml":"`+strings.Repeat("#", 1_000_000)+`\nname: x"}`, &out); code != 400 {
		t.Errorf("a definition under the limit: %d %v", code, out["error"])
	}
}

// The browser takes a position as lishogi writes it (SFEN, each Kyoto shogi man by its
// face): the game starts from the FEN it reads as, Fairy-Stockfish's form of the same
// position (defs/kyotoshogi.yaml, "from play, ply 17", 12 legal moves), and the setup
// editor edits it as that FEN.
func TestGameFromLishogiSFEN(t *testing.T) {
	srv := newTestServer(t, "kyotoshogi")
	var st stateJSON
	if code := postJSON(t, srv, "/api/game", `{"variant":"kyotoshogi","fen":"p3t/B1k2/5/Ls1KN/3GP w - 18"}`, &st); code != 200 {
		t.Fatalf("new game from an SFEN: %d", code)
	}
	if want := "p3+l/+S1k2/5/Ls1KN/3+NP[] b - - 0 9"; st.FEN != want || st.StartFEN != want || len(st.Legal) != 12 || st.Side != "black" {
		t.Errorf("game from lishogi's SFEN: FEN %s, start %s, %d legal moves, %s to move; want %s, 12 moves, black", st.FEN, st.StartFEN, len(st.Legal), st.Side, want)
	}
	if code := postJSON(t, srv, "/api/setup", `{"variant":"kyotoshogi","fen":"p3t/B1k2/5/Ls1KN/3GP w - 18","side":"white"}`, &st); code != 200 || st.FEN != "p3+l/+S1k2/5/Ls1KN/3+NP[] w - - 0 9" {
		t.Errorf("setup editor, White to move, from an SFEN: %d, FEN %s", code, st.FEN)
	}
}

// Turns of several moves: the page plays them move by move, the same side staying to
// move within its turn, and the state says which move of the turn comes.
func TestTurnsOfSeveralMoves(t *testing.T) {
	srv := newTestServer(t, "marseillais")
	var st stateJSON
	if code := postJSON(t, srv, "/api/play", `{"variant":"marseillais","moves":["e4"],"move":"e5"}`, &st); code != 200 {
		t.Fatalf("play: %d", code)
	}
	if st.Side != "black" || st.Turn != "move 2 of 2" || !strings.Contains(st.FEN, " b+1 ") {
		t.Fatalf("after e4 e5: side %s, turn %q, FEN %s; want Black's second move", st.Side, st.Turn, st.FEN)
	}
	for _, m := range st.Legal {
		if m.Coord == "d2d4" {
			t.Fatal("a White move listed within Black's turn")
		}
	}
	legalByCoord(t, &st, "b8c6")
	if code := postJSON(t, srv, "/api/play", `{"variant":"marseillais","moves":["e4","e5"],"move":"Nc6"}`, &st); code != 200 {
		t.Fatalf("play: %d", code)
	}
	if st.Side != "white" || st.Turn != "move 1 of 2" || !strings.Contains(st.PGN, "1. e4 e5/Nc6") {
		t.Fatalf("after Black's turn: side %s, turn %q, PGN %q", st.Side, st.Turn, st.PGN)
	}
	// The move list numbers turns: White's turn, Black's, and a move going on with it.
	if !slices.Equal(st.Labels, []string{"1.", "", "/"}) {
		t.Fatalf("labels %q; want 1., \"\", /", st.Labels)
	}
}

// Walls placed instead of a move (walls.instead): the men's moves carry no wall, the
// wall turns are marked alone (the page plays one on a click on its empty cell), written
// from the side's man on the lowest cell; one is played by its text.
func TestWallsInstead(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "w.ini")
	if err := os.WriteFile(ini, []byte("[edgewalls:chess]\nwallingRule = edge\nwallOrMove = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, ini+":edgewalls")
	var st stateJSON
	if code := postJSON(t, srv, "/api/game", `{"variant":"edgewalls"}`, &st); code != 200 {
		t.Fatalf("game: %d", code)
	}
	var alone, men []string
	for _, m := range st.Legal {
		switch {
		case m.Alone && m.From == "a1" && m.Wall != "" && m.Coord == "a1a1,a1"+m.Wall && m.SAN == "pass,"+m.Wall:
			alone = append(alone, m.Wall)
		case !m.Alone && m.Wall == "" && !strings.Contains(m.Coord, ","):
			men = append(men, m.Coord)
		default:
			t.Errorf("turn written %+v", m)
		}
	}
	slices.Sort(alone)
	if len(men) != 20 || !slices.Equal(alone, []string{"a3", "a4", "a5", "a6", "h3", "h4", "h5", "h6"}) {
		t.Errorf("%d moves, walls alone on %v; want 20 and the 8 empty edge cells", len(men), alone)
	}
	if code := postJSON(t, srv, "/api/play", `{"variant":"edgewalls","moves":["e2e4"],"move":"pass,a3"}`, &st); code != 200 {
		t.Fatalf("play pass,a3: %d", code)
	}
	if want := "rnbqkbnr/pppppppp/8/8/4P3/*7/PPPP1PPP/RNBQKBNR w KQkq - 1 2"; st.FEN != want || !slices.Equal(st.Moves, []string{"e2e4", "a7a7,a7a3"}) {
		t.Errorf("after e2e4 pass,a3: FEN %s, moves %q; want %s", st.FEN, st.Moves, want)
	}
}
