package seats

import (
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// TestProtocol drives the seats protocol as a referee does and checks each answer: the
// handshake, a best move that is legal for the seat to move (read back by a Table), the
// errors that say why a line was not followed, and go refused after a refused position
// (it must not search the position before).
func TestProtocol(t *testing.T) {
	srv := &Server{Open: func(name string) (*compiler.Ruleset, error) { return interpreter.Open(name) }, Name: "test"}
	in := strings.Join([]string{
		"seats",
		"variant fourplayer-ffa",
		"isready",
		"position startpos moves h2h4 r:h1h1",
		"go nodes 300",
		"position startpos moves h2h4",
		"go nodes 300",
		"go nodes -5",
		"go plies 3",
		"frobnicate",
		"variant chess",
		"position fen R-0,0,0,0",
		"x" + strings.Repeat("y", 1<<20+10),
		"isready",
		"quit",
		"isready", // after quit: never answered
	}, "\n") + "\n"
	var out strings.Builder
	if err := srv.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"id name test",
		"seatsok",
		"readyok",
		"error position: move 2: ",
		"error go: no position",
		"info depth ",
		"bestmove b:",
		"error go: nodes -5: expected a positive whole number",
		`error go: unknown limit "plies"`,
		"error frobnicate: unknown command",
		"error variant: chess is played by two sides",
		`error position: FEN "R-0,0,0,0"`,
		"error: line too long (1048587 bytes",
		"readyok",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], w)
		}
	}
	// The best move is Blue's (after Red's h2h4), legal there.
	rs, err := interpreter.Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2h4", strings.TrimPrefix(lines[6], "bestmove ")} {
		mv, err := tb.ParseMove(m)
		if err == nil {
			err = tb.Make(mv)
		}
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}
