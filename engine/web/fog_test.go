// Tests of games under fog of war over the API: the person's view, the sealed moves, the fog player's answer, the game revealed at its end.
package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/engine/rulebook"
	"chimera/interpreter"
)

var (
	svgPiece = regexp.MustCompile(`class="piece (white|black)" data-square="([a-z]+[0-9]+)"`)
	svgFog   = regexp.MustCompile(`class="fog" data-square="([a-z]+[0-9]+)"`)
)

// drawn lists the cells of the men of a side drawn in svg, and the cells veiled.
func drawn(svg, side string) (men, fog []string) {
	for _, m := range svgPiece.FindAllStringSubmatch(svg, -1) {
		if m[1] == side {
			men = append(men, m[2])
		}
	}
	for _, m := range svgFog.FindAllStringSubmatch(svg, -1) {
		fog = append(fog, m[1])
	}
	return men, fog
}

// fogCells lists the '?' cells of a view's FEN of an 8x8 board, named, by reading its
// placement naively.
func fogCells(t *testing.T, fen string) []string {
	t.Helper()
	var out []string
	for i, row := range strings.Split(strings.Fields(fen)[0], "/") {
		f := 0
		for _, c := range row {
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case c == '?':
				out = append(out, string(rune('a'+f))+string(rune('8'-i)))
				f++
			default:
				f++
			}
		}
	}
	slices.Sort(out)
	return out
}

// fogSearch asks the engine for its move in a sealed game: the events of the stream.
func fogSearch(t *testing.T, srvURL, sealed string) [][2]string {
	t.Helper()
	q := url.Values{"variant": {"fogofwar"}, "sealed": {sealed}, "movetime": {"200"}}
	resp, err := http.Get(srvURL + "/api/search?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return events(t, resp.Body)
}

// A person plays White under fog: the states it gets show its view and no more (no man
// on a fogged cell, the engine's move written "?", no PGN, no legal move on the engine's
// turn), the engine answers with the fog player without telling its move, and the game
// is shown whole once it is over. On main "viewer" and "sealed" were unknown fields (400)
// and a game of fogofwar showed both sides' men.
func TestFogGameShowsOnlyTheView(t *testing.T) {
	s, srv := newServer(t, "fogofwar", "chess")
	s.board, s.ViewBoard = rulebook.WebSVG, rulebook.WebViewSVG
	var st stateJSON
	if code := postJSON(t, srv, "/api/game", `{"variant":"fogofwar","viewer":"white"}`, &st); code != 200 {
		t.Fatalf("new game under fog: %d %+v", code, st)
	}
	// At the start White sees ranks 1 to 4 (a pawn's double step, a knight's jumps) and
	// nothing of Black's men.
	if st.Sealed == "" || st.Viewer != "white" || len(st.Legal) != 20 || st.PGN != "" || !strings.HasSuffix(st.FEN, "view=w") {
		t.Fatalf("start: sealed %q viewer %q, %d legal moves, PGN %q, FEN %s", st.Sealed, st.Viewer, len(st.Legal), st.PGN, st.FEN)
	}
	black, fog := drawn(st.SVG, "black")
	if len(black) != 0 || len(fog) != 32 {
		t.Fatalf("start: Black's men drawn on %v, %d cells veiled; want none and the 32 of ranks 5 to 8", black, len(fog))
	}

	// White plays e4; it is the engine's turn: no legal move is offered.
	body, _ := json.Marshal(gameRequest{Variant: "fogofwar", Sealed: st.Sealed, Move: "e2e4"})
	if code := postJSON(t, srv, "/api/play", string(body), &st); code != 200 || st.Side != "black" || len(st.Legal) != 0 || !slices.Equal(st.SAN, []string{"e4"}) {
		t.Fatalf("after e4: %d, side %s, %d legal moves, SAN %q", code, st.Side, len(st.Legal), st.SAN)
	}
	// The person may not move for the engine, nor ask it to move for the person.
	var bad map[string]string
	body, _ = json.Marshal(gameRequest{Variant: "fogofwar", Sealed: st.Sealed, Move: "e7e5"})
	if code := postJSON(t, srv, "/api/play", string(body), &bad); code != 400 || !strings.Contains(bad["error"], "you play white") {
		t.Errorf("a move for the engine: %d %q", code, bad["error"])
	}

	evs := fogSearch(t, srv.URL, st.Sealed)
	var best bestJSON
	if len(evs) != 1 || evs[0][0] != "bestmove" || json.Unmarshal([]byte(evs[0][1]), &best) != nil || best.Sealed == "" || best.Coord != "" || best.SAN != "" || best.Score != "" {
		t.Fatalf("the engine's answer under fog: %q; want one bestmove event, sealed, telling no move", evs)
	}
	sg, err := s.unseal(best.Sealed)
	if err != nil || len(sg.Moves) != 2 || sg.Moves[0] != "e2e4" {
		t.Fatalf("the seal holds %+v (%v)", sg, err)
	}
	reply, sealed := sg.Moves[1], best.Sealed
	body, _ = json.Marshal(gameRequest{Variant: "fogofwar", Sealed: best.Sealed})
	if code := postJSON(t, srv, "/api/game", string(body), &st); code != 200 || st.Side != "white" || !slices.Equal(st.SAN, []string{"e4", "?"}) || !slices.Equal(st.Moves, []string{"e2e4", "?"}) {
		t.Fatalf("after the engine's move %s: %d, side %s, moves %q SAN %q", reply, code, st.Side, st.Moves, st.SAN)
	}
	// The true position, replayed here: the state's FEN is White's view of it, and the
	// board draws no man on a cell the view fogs, every Black man the view shows.
	rs, _ := s.ruleset("fogofwar")
	p, _ := interpreter.FromFEN(rs, sg.Start)
	for _, mv := range sg.Moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	if want := p.ViewFEN(compiler.White); st.FEN != want {
		t.Fatalf("FEN shown %s, want White's view %s", st.FEN, want)
	}
	black, fog = drawn(st.SVG, "black")
	slices.Sort(fog)
	if want := fogCells(t, st.FEN); !slices.Equal(fog, want) {
		t.Fatalf("veiled %v, want the view's fogged cells %v", fog, want)
	}
	for _, sq := range black {
		if slices.Contains(fog, sq) {
			t.Fatalf("a Black man is drawn on %s, which White does not see", sq)
		}
	}
	if n := strings.Count(strings.Fields(st.FEN)[0], "p") + strings.Count(strings.Fields(st.FEN)[0], "n"); len(black) < n {
		t.Fatalf("Black's men drawn on %v, fewer than the view shows (%s)", black, st.FEN)
	}
	// Nothing but the board tells the engine's move: not the state's other fields
	// (the squares' names are in the board's drawing anyway).
	st.SVG = ""
	text, _ := json.Marshal(st)
	if strings.Contains(string(text), reply) {
		t.Fatalf("the state tells the engine's move %s: %s", reply, text)
	}
	if evs := fogSearch(t, srv.URL, best.Sealed); len(evs) != 0 {
		t.Errorf("the engine asked to move for the person: %q", evs)
	}

	// A game of fogofwar shown in full (no viewer: two people at one board, a game
	// loaded): the engine still plays with the fog player, telling its move but no line
	// of analysis (the full search streams its iterations first).
	resp, err := http.Get(srv.URL + "/api/search?" + url.Values{"variant": {"fogofwar"}, "moves": {"e2e4"}, "movetime": {"200"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	evs = events(t, resp.Body)
	resp.Body.Close()
	best = bestJSON{}
	if len(evs) != 1 || evs[0][0] != "bestmove" || json.Unmarshal([]byte(evs[0][1]), &best) != nil || best.Coord == "" || best.Sealed != "" {
		t.Fatalf("the engine in a game of fogofwar shown in full: %q; want its move alone", evs)
	}

	// Bad seals and mixed requests.
	for _, tc := range []struct{ body, want string }{
		{`{"variant":"fogofwar","sealed":"AAAA"}`, "does not read"},
		{`{"variant":"fogofwar","sealed":"` + sealed[:len(sealed)-2] + `xy"}`, "does not read"},
		{`{"variant":"chess","sealed":"` + sealed + `"}`, "chess"},
		{`{"variant":"fogofwar","sealed":"` + sealed + `","moves":["e2e4"]}`, "alone"},
		{`{"variant":"fogofwar","viewer":"white","moves":["e2e4"]}`, "give no \"moves\""},
		{`{"variant":"fogofwar","viewer":"red"}`, "white or black"},
		{`{"variant":"chess","viewer":"white"}`, "has none"},
	} {
		if code := postJSON(t, srv, "/api/game", tc.body, &bad); code != 400 || !strings.Contains(bad["error"], tc.want) {
			t.Errorf("%s: %d %q, want 400 and %q", tc.body, code, bad["error"], tc.want)
		}
	}

	// A game that White ends by taking the king: then the whole game is shown, Black's
	// pawn on a7 (fogged before) too.
	if code := postJSON(t, srv, "/api/game", `{"variant":"fogofwar","viewer":"white","fen":"4k3/p7/8/8/8/8/4Q3/4K3 w - - 0 1"}`, &st); code != 200 {
		t.Fatalf("a game from a FEN: %d", code)
	}
	if black, fog := drawn(st.SVG, "black"); !slices.Contains(fog, "a7") || slices.Contains(black, "a7") || !slices.Contains(black, "e8") {
		t.Fatalf("before Qxe8: Black's men drawn on %v, veiled %v; want e8 shown and a7 veiled", black, fog)
	}
	body, _ = json.Marshal(gameRequest{Variant: "fogofwar", Sealed: st.Sealed, Move: "e2e8"})
	st = stateJSON{}
	if code := postJSON(t, srv, "/api/play", string(body), &st); code != 200 || st.Result != "1-0" {
		t.Fatalf("Qxe8: %d, result %q", code, st.Result)
	}
	if black, fog := drawn(st.SVG, "black"); st.Sealed != "" || st.Viewer != "white" || st.PGN == "" || strings.Contains(st.FEN, "?") || len(fog) != 0 || !slices.Contains(black, "a7") {
		t.Fatalf("the game over: sealed %q, viewer %q, PGN %q, FEN %s, Black drawn on %v, veiled %v; want it all shown", st.Sealed, st.Viewer, st.PGN, st.FEN, black, fog)
	}
}
