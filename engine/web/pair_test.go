// Tests of /api/pair: a person plays a seat of boards played apart by partners, the engine the three others.
package web

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A start in which board B's Black can take a queen for nothing: the queen goes into the
// pocket of its partner, White on board A.
const freeQueenPair = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | 4k3/8/8/3q4/8/8/3Q3K/8[] b - - 0 1"

// The person plays A white: after 1.e4 on A the engine seats move as the schedule says
// (the seat to move that has made the fewest moves, board A first on a tie): A's Black,
// then B's Black (who takes the queen: it is free), then B's White; then it is the
// person's move again. The queen taken on B is in White's pocket on A, and the person
// drops it.
func TestPairEngineSeatsAnswer(t *testing.T) {
	srv := newTestServer(t, "bughouse")
	var st pairStateJSON
	req := func(path, moves, move string) int {
		st = pairStateJSON{}
		return postJSON(t, srv, path, fmt.Sprintf(`{"variant":"bughouse","fen":%q,"seat":"A white","moves":[%s],"move":%q,"movetime":50}`, freeQueenPair, moves, move), &st)
	}
	if code := req("/api/pair", "", ""); code != 200 || len(st.Boards) != 2 || len(st.Boards[0].Legal) != 20 || len(st.Boards[1].Legal) != 0 || st.Result != "*" || st.FEN != freeQueenPair {
		t.Fatalf("the start: %d %+v", code, st)
	}
	// The person's board with White at the bottom, the partner's with Black at the bottom.
	if !strings.HasSuffix(st.Boards[0].SVG, "flip=false</svg>") || !strings.HasSuffix(st.Boards[1].SVG, "flip=true</svg>") {
		t.Errorf("boards drawn %q, %q: want A unflipped, B flipped", st.Boards[0].SVG, st.Boards[1].SVG)
	}
	if code := req("/api/pair/play", "", "A:e2e4"); code != 200 {
		t.Fatalf("A:e2e4: %d %+v", code, st)
	}
	var boards []string
	for _, m := range st.Moves {
		boards = append(boards, m[:1])
	}
	if got := strings.Join(boards, ""); got != "AABB" || st.Moves[0] != "A:e2e4" || !slices.Equal(st.Engine, st.Moves[1:]) {
		t.Fatalf("moves %q (engine %q): want the person's A:e2e4, then A, B, B", st.Moves, st.Engine)
	}
	if st.Moves[2] != "B:d5d2" || !strings.HasPrefix(st.SAN[2], "Qxd2") {
		t.Errorf("B's Black played %s (%s), not the free queen", st.Moves[2], st.SAN[2])
	}
	if !slices.Equal(st.Labels, []string{"A1.", "A1...", "B1...", "B2."}) {
		t.Errorf("labels %q", st.Labels)
	}
	a := st.Boards[0]
	if !strings.Contains(a.FEN, "[Q]") || a.Pools["white"]["pocket"] != "Q" || a.Side != "white" || st.Side != "white" {
		t.Fatalf("board A after the queen taken on B: %s, pools %v", a.FEN, a.Pools)
	}
	if len(a.Last) < 2 || !slices.Contains(st.Boards[1].Last, "h2") {
		t.Errorf("the last moves marked: A %q, B %q; want A's Black's move and B's king's from h2", a.Last, st.Boards[1].Last)
	}
	drops := 0
	for _, m := range a.Legal {
		if m.Drop >= 0 && m.TraySide == "white" && m.TrayPool == "pocket" {
			drops++
		}
	}
	empty := 64 - 32 // the squares of A empty after one move each
	if drops != empty {
		t.Errorf("%d drops of the queen offered, want %d (every empty square)", drops, empty)
	}
	moves := `"` + strings.Join(st.Moves, `","`) + `"`
	if code := req("/api/pair/play", moves, "A:Q@d3"); code != 200 || st.Moves[4] != "A:Q@d3" || st.Boards[0].Pools["white"]["pocket"] != "" {
		t.Fatalf("the queen dropped: %d, moves %q, pools %v", code, st.Moves, st.Boards[0].Pools)
	}
}

// Bad input to /api/pair: clear errors, 400.
func TestPairBadInput(t *testing.T) {
	srv := newTestServer(t, "bughouse", "chess")
	fen := strings.ReplaceAll(freeQueenPair, `"`, ``)
	for _, tc := range []struct{ path, body, want string }{
		{"/api/pair", `{"variant":"chess","seat":"A white"}`, "played on one board"},
		{"/api/pair", `{"variant":"bughouse","seat":"C white"}`, `"seat" is the person's board and side`},
		{"/api/pair", `{"variant":"bughouse","seat":"A red"}`, `"seat" is the person's board and side`},
		{"/api/pair", `{"variant":"bughouse"}`, `"seat"`},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`, "2 boards' FENs joined by '|' expected"},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","fen":"` + fen + ` | 8/8/8 w - - 0 1"}`, "2 boards' FENs"},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","fen":"8/8/8 w - - 0 1 | ` + strings.Split(fen, " | ")[1] + `"}`, "board A:"},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","moves":["e2e4"]}`, "move 1: move \"e2e4\": a move of boards played apart names its board first"},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","moves":["A:e2e5"]}`, "move 1: board A:"},
		{"/api/pair", `{"variant":"bughouse","seat":"A white","move":"A:e2e4"}`, `"move" is for /api/pair/play`},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A white","move":"B:e2e4","movetime":10}`, "your moves are on board A"},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A black","move":"A:e2e4","movetime":10}`, "it is not your move: you play A black, and white (an engine seat) is to move there"},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A white","move":"A:Q@d3","movetime":10}`, "pool holds no Q"},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A white","move":"A:e2e4","movetime":0.5}`, "bad JSON"},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A white","move":"A:e2e4","movetime":-3}`, "movetime must be from 1"},
		{"/api/pair/play", `{"variant":"bughouse","seat":"A white","move":"A:e2e4","level":99}`, "level must be from 1"},
	} {
		var out map[string]string
		code := postJSON(t, srv, tc.path, tc.body, &out)
		if code != http.StatusBadRequest || !strings.Contains(out["error"], tc.want) {
			t.Errorf("%s %s: %d %q, want 400 and %q", tc.path, tc.body, code, out["error"], tc.want)
		}
	}
}
