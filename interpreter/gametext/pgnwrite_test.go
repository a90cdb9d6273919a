// Tests of writing PGN: move numbers, check marks, folding, and reading it back.
package gametext_test

import (
	"strings"
	"testing"

	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// played plays coordinate moves from p and returns them (p is left after them).
func played(t *testing.T, p *interpreter.Position, coords ...string) []interpreter.Move {
	t.Helper()
	var moves []interpreter.Move
	for _, c := range coords {
		m, err := p.ParseMove(c)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return moves
}

func TestWritePGN(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := interpreter.Start(rs, "")
	end := start.Clone()
	moves := played(t, end, "f2f3", "e7e5", "g2g4", "d8h4")
	tags := []gametext.Tag{{Name: "Event", Value: `a "quoted" \ name`}, {Name: "Result", Value: "0-1"}}
	text, err := gametext.WritePGN(tags, start, moves, "0-1")
	if err != nil {
		t.Fatal(err)
	}
	want := "[Event \"a \\\"quoted\\\" \\\\ name\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	if text != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
	if start.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("start changed: %s", start.FEN())
	}
	games, err := gametext.ReadPGN(text)
	if err != nil || len(games) != 1 {
		t.Fatalf("read back: %v, %d games", err, len(games))
	}
	if tag, _ := games[0].Tag("Event"); tag.Value != `a "quoted" \ name` {
		t.Errorf("tag read back as %q", tag.Value)
	}
	p, _ := interpreter.Start(rs, "")
	if err := gametext.PlayGame(p, games[0].Text); err != nil || p.FEN() != end.FEN() {
		t.Errorf("replayed to %s (%v), want %s", p.FEN(), err, end.FEN())
	}
}

func TestWritePGNBlackFirstAndFolding(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	start, err := interpreter.FromFEN(rs, "4k3/8/8/8/8/8/8/4K3 b - - 10 40")
	if err != nil {
		t.Fatal(err)
	}
	p := start.Clone()
	var coords []string
	for range 10 {
		coords = append(coords, "e8d8", "e1d1", "d8e8", "d1e1")
	}
	moves := played(t, p, coords[:30]...)
	text, err := gametext.WritePGN(nil, start, moves, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "40... Kd8 41. Kd1 Ke8 42. Ke1 ") || !strings.HasSuffix(text, " *\n") {
		t.Errorf("got %q", text)
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if len(line) > 80 {
			t.Errorf("line longer than 80: %q", line)
		}
	}
	if _, err := gametext.WritePGN(nil, start, moves[1:], ""); err == nil {
		t.Error("an illegal move was written")
	}
}
