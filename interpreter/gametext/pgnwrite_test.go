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
	want := "[Event \"a \\\"quoted\\\" \\\\ name\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
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
	if !strings.HasPrefix(text, "40... Kd8 41. Kd1 Ke8 42. Ke1 ") || !strings.HasSuffix(text, " *\n\n") {
		t.Errorf("got %q", text)
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if len(line) > gametext.PGNLineWidth {
			t.Errorf("line longer than the line width: %q", line)
		}
	}
	if _, err := gametext.WritePGN(nil, start, moves[1:], ""); err == nil {
		t.Error("an illegal move was written")
	}
}

// TestRecordComments checks comments before and after moves, the move number written
// again before a Black move that follows a comment, a '}' inside a comment, a long
// comment folded at spaces, and that the text reads back to the same moves.
func TestRecordComments(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := interpreter.Start(rs, "")
	end := start.Clone()
	moves := played(t, end, "e2e4", "e7e5", "g1f3", "b8c6")
	san, err := gametext.SANOf(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("word ", 30) + "a}b"
	r := gametext.Record{
		Tags: []gametext.Tag{{Name: "Event", Value: "line\nbreak"}}, Start: start, SAN: san,
		Before: []string{"", "", "", "out of book"},
		After:  []string{"book", "+0.20/5 0.01s", "", ""},
		End:    long, Result: "1/2-1/2",
	}
	text := r.String()
	for _, want := range []string{`[Event "line break"]`, "1. e4 {book} 1... e5 {+0.20/5 0.01s} 2. Nf3 {out of book} 2... Nc6", "a)b} 1/2-1/2\n\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if len(line) > gametext.PGNLineWidth {
			t.Errorf("line longer than the line width: %q", line)
		}
	}
	games, err := gametext.ReadPGN(text)
	if err != nil || len(games) != 1 {
		t.Fatalf("read back: %v, %d games", err, len(games))
	}
	p, _ := interpreter.Start(rs, "")
	if err := gametext.PlayGame(p, games[0].Text); err != nil || p.FEN() != end.FEN() {
		t.Errorf("replayed to %s (%v), want %s", p.FEN(), err, end.FEN())
	}
}
