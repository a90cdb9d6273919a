// Tests of /api/seats: a person plays a seat of a game of seats (four-player chess), the engine every other.
package web

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"chimera/interpreter"
)

// startFFA is the start of the free-for-all, as its setup writes it.
func startFFA(t *testing.T) (*interpreter.Table, string) {
	t.Helper()
	rs, err := interpreter.Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	return tb, tb.FEN()
}

// greenOut is the free-for-all's start with Green out: its men dead where they stand.
func greenOut(start string) string {
	f := strings.SplitN(start, "-", 7)
	f[1], f[2], f[3] = "0,0,0,1", "1,1,1,0", "1,1,1,0"
	f[6] = strings.ReplaceAll(f[6], "g", "d") // the placement: Green's tokens gK, gP... become dead men
	return strings.Join(f, "-")
}

// The person plays Red and moves h2h4 by /api/seats/play: the three engine seats answer
// (Blue, Yellow, Green, in turn), each with a move legal where it is played (the
// interpreter's Table's own list, replaying the answer's moves), and it is Red's move
// again; the answer's board has Red's pawn on h4 and nothing on h2, its FEN is the
// replay's, and its legal moves are Red's in the replayed table. With the person on Blue,
// the engine plays Red's first move alone.
func TestSeatsEngineSeatsAnswer(t *testing.T) {
	srv := newTestServer(t, "fourplayer-ffa", "fourplayer", "chess")
	tb, start := startFFA(t)
	var st seatsStateJSON
	if code := postJSON(t, srv, "/api/seats", `{"variant":"fourplayer-ffa","seat":"Red"}`, &st); code != 200 || st.FEN != start || st.Mover != "r" || len(st.Legal) != 20 || st.Result != "*" {
		t.Fatalf("the start: %d, fen %s, mover %q, %d legal moves, result %q", code, st.FEN, st.Mover, len(st.Legal), st.Result)
	}
	// The variant described: its seats, named, lettered and coloured (four colours).
	var v variantJSON
	if code := getJSON(t, srv, "/api/variants?variant=fourplayer-ffa", &v); code != 200 || len(v.Seats) != 4 || v.Seats[1].Name != "Blue" || v.Seats[1].Letter != "b" || len(v.Pieces) != 6 {
		t.Fatalf("fourplayer-ffa described: %d %+v", code, v)
	}
	colours := map[string]bool{}
	for _, s := range v.Seats {
		colours[s.Colour] = true
	}
	if len(colours) != 4 {
		t.Errorf("the seats' colours %+v: want four", v.Seats)
	}
	// The board: 160 cells (the 3x3 corners absent), 64 men.
	cells := 0
	for _, row := range st.Mask {
		cells += strings.Count(row, ".")
	}
	if cells != 160 || len(st.Mask) != 14 || st.Mask[0] != "   ........   " || len(st.Cells) != 64 || st.Cells["h1"] != "rK" || st.Cells["a8"] != "bK" {
		t.Fatalf("the board: %d cells, mask %q, %d men, h1 %q, a8 %q", cells, st.Mask, len(st.Cells), st.Cells["h1"], st.Cells["a8"])
	}
	st = seatsStateJSON{} // a fresh answer: decoding into st would merge the maps
	code := postJSON(t, srv, "/api/seats/play", `{"variant":"fourplayer-ffa","seat":"r","move":"h2h4","nodes":300}`, &st)
	if code != 200 || len(st.Moves) != 4 || st.Moves[0] != "r:h2h4" || !slices.Equal(st.Movers, []string{"r", "b", "y", "g"}) || !slices.Equal(st.Engine, st.Moves[1:]) || st.Mover != "r" {
		t.Fatalf("after h2h4: %d, moves %q by %q, engine %q, mover %q", code, st.Moves, st.Movers, st.Engine, st.Mover)
	}
	if st.Cells["h4"] != "rP" || st.Cells["h2"] != "" {
		t.Errorf("after h2h4: h4 holds %q, h2 %q", st.Cells["h4"], st.Cells["h2"])
	}
	for i, text := range st.Moves {
		_, coord, _ := strings.Cut(text, ":")
		var legal []string
		for _, m := range tb.LegalMoves(nil) {
			legal = append(legal, tb.Coord(m))
		}
		if !slices.Contains(legal, coord) {
			t.Fatalf("move %d %s is not among the %d legal moves of %s", i+1, text, len(legal), st.Movers[i])
		}
		m, err := tb.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Make(m); err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for _, m := range tb.LegalMoves(nil) {
		want = append(want, tb.Coord(m))
	}
	var got []string
	for _, m := range st.Legal {
		got = append(got, m.Coord)
	}
	slices.Sort(want)
	slices.Sort(got)
	if st.FEN != tb.FEN() || !slices.Equal(got, want) {
		t.Fatalf("after the engine's answer: fen %s, legal %q; the replay: %s, %q", st.FEN, got, tb.FEN(), want)
	}
	for _, s := range st.Seats {
		if s.Points != 0 || s.Out || s.Engine != (s.Letter != "r") {
			t.Errorf("seat %+v after one round", s)
		}
	}
	// Blue: the engine plays Red's move, then it is Blue's.
	if code := postJSON(t, srv, "/api/seats/play", `{"variant":"fourplayer-ffa","seat":"b","nodes":300}`, &st); code != 200 || len(st.Moves) != 1 || st.Movers[0] != "r" || st.Mover != "b" || len(st.Legal) == 0 {
		t.Fatalf("Blue's seat from the start: %d, moves %q, mover %q, %d legal", code, st.Moves, st.Mover, len(st.Legal))
	}
	// Green out: the person playing it sends no move, and the engine seats play on, at
	// most maxEngineMoves a request; none of them is Green's.
	fen := greenOut(start)
	if code := postJSON(t, srv, "/api/seats/play", mustJSON(t, map[string]any{"variant": "fourplayer-ffa", "fen": fen, "seat": "g", "nodes": 100}), &st); code != 200 || len(st.Engine) != maxEngineMoves || slices.Contains(st.Movers, "g") || !st.Seats[3].Out {
		t.Fatalf("Green out: %d, engine moves %q by %q, seats %+v", code, st.Engine, st.Movers, st.Seats)
	}
}

// The teams game, the person on Blue: the engine plays Red first; after Blue's move it
// plays Yellow, Green (Blue's partner) and Red, each move legal in the replayed table,
// and it is Blue's move again; the seats' teams are the definition's partners.
func TestSeatsTeams(t *testing.T) {
	srv := newTestServer(t, "fourplayer")
	rs, err := interpreter.Open("fourplayer")
	if err != nil {
		t.Fatal(err)
	}
	var st seatsStateJSON
	if code := postJSON(t, srv, "/api/seats/play", `{"variant":"fourplayer","seat":"Blue","nodes":200}`, &st); code != 200 || len(st.Moves) != 1 || st.Movers[0] != "r" || st.Mover != "b" || len(st.Legal) == 0 {
		t.Fatalf("Blue from the start: %d, moves %q, mover %q, %d legal", code, st.Moves, st.Mover, len(st.Legal))
	}
	if st.Seats[0].Team != st.Seats[2].Team || st.Seats[1].Team != st.Seats[3].Team || st.Seats[0].Team == st.Seats[1].Team || st.Scored {
		t.Errorf("the seats %+v: want Red with Yellow, Blue with Green, no points", st.Seats)
	}
	moves := append(st.Moves, st.Legal[0].Coord)
	st = seatsStateJSON{}
	code := postJSON(t, srv, "/api/seats/play", mustJSON(t, map[string]any{"variant": "fourplayer", "seat": "b", "moves": moves[:1], "move": moves[1], "nodes": 200}), &st)
	if code != 200 || !slices.Equal(st.Movers, []string{"r", "b", "y", "g", "r"}) || st.Mover != "b" {
		t.Fatalf("after Blue's %s: %d, moves %q by %q, mover %q", moves[1], code, st.Moves, st.Movers, st.Mover)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range st.Moves {
		_, coord, _ := strings.Cut(text, ":")
		legal := false
		for _, m := range tb.LegalMoves(nil) {
			if tb.Coord(m) == coord {
				legal = true
				if err := tb.Make(m); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if !legal {
			t.Fatalf("%s is not a legal move of the replayed table", text)
		}
	}
	if st.FEN != tb.FEN() {
		t.Errorf("fen %s; the replay %s", st.FEN, tb.FEN())
	}
}

// Bad input to /api/seats: clear errors, 400; and a game of seats sent to the requests of
// two sides is refused naming /api/seats.
func TestSeatsBadInput(t *testing.T) {
	srv := newTestServer(t, "fourplayer-ffa", "chess")
	_, start := startFFA(t)
	out := greenOut(start)
	for _, tc := range []struct {
		path string
		body map[string]any
		want string
	}{
		{"/api/seats", map[string]any{"variant": "chess", "seat": "r"}, "played by two sides: /api/seats is for games of seats"},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "x"}, `"seat" is the seat you play, its letter or name: one of r (Red), b (Blue), y (Yellow), g (Green); found "x"`},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "White"}, `found "White"`},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa"}, `"seat" is the seat you play`},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "moves": []string{"h2h5"}}, `move 1: move "h2h5": not a legal move of Red`},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "moves": []string{"b:b8c8"}}, "it is Red's turn, not Blue's"},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "fen": out, "moves": []string{"h2h4", "b8c8", "i13i12", "g:m8l8"}}, `move 4: move "g:m8l8": Green is out`},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "fen": "R-0,0,0,0-1,1,1,1"}, "6 fields"},
		{"/api/seats", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "move": "h2h4"}, `"move" is for /api/seats/play`},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "b", "move": "b8c8", "nodes": 10}, "it is not your move: you play Blue, and Red (an engine seat) is to move"},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "g", "fen": out, "moves": []string{"h2h4", "b8c8", "i13i12"}, "move": "m8l8", "nodes": 10}, "you play Green, who is out"},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "move": "y:i13i12", "nodes": 10}, "you play Red: write your moves as h2h4 or r:h2h4"},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "move": "h2h4", "movetime": -3}, "movetime must be from 1"},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "move": "h2h4", "level": 11}, "level must be from 1"},
		{"/api/seats/play", map[string]any{"variant": "fourplayer-ffa", "seat": "r", "move": "h2h4", "nodes": -1}, "nodes must be from 1"},
		{"/api/game", map[string]any{"variant": "fourplayer-ffa"}, "game of 4 seats (Red, Blue, Yellow, Green)"},
		{"/api/pgn", map[string]any{"variant": "fourplayer-ffa", "pgn": "1. h2h4 *"}, "POST /api/seats"},
		{"/api/setup", map[string]any{"variant": "fourplayer-ffa", "fen": start, "square": "e4", "piece": "Q"}, "POST /api/seats"},
	} {
		var ans map[string]string
		code := postJSON(t, srv, tc.path, mustJSON(t, tc.body), &ans)
		if code != http.StatusBadRequest || !strings.Contains(ans["error"], tc.want) {
			t.Errorf("%s %v: %d %q, want 400 and %q", tc.path, tc.body, code, ans["error"], tc.want)
		}
	}
	var ans map[string]string
	if code := getJSON(t, srv, "/api/perft?variant=fourplayer-ffa&depth=1", &ans); code != http.StatusBadRequest || !strings.Contains(ans["error"], "POST /api/seats") {
		t.Errorf("perft of a game of seats: %d %q", code, ans["error"])
	}
}
