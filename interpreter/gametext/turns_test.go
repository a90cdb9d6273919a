// Turns of several moves in game text: read joined (e5/Nc6) or one by one, written
// joined, and turns written with too many or too few moves refused.
package gametext

import (
	"strings"
	"testing"

	"chimera/interpreter"
)

func TestTurnsInGameText(t *testing.T) {
	rs, err := interpreter.Open("marseillais")
	if err != nil {
		t.Fatal(err)
	}
	start := func() *interpreter.Position {
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Joined, one by one and with commas, the same game.
	var fens []string
	for _, game := range []string{"1. e4 e5/Nc6 2. d4/Nf3 d6/Bg4", "e4 e5 Nc6 d4 Nf3 d6 Bg4", "1. e4 e5,Nc6 2. d4,Nf3 d6,Bg4"} {
		p := start()
		r := ReplayGame(p, game)
		if r.Stop != nil || len(r.Moves) != 7 {
			t.Fatalf("%q: stop %v, %d moves", game, r.Stop, len(r.Moves))
		}
		if r.Moves[6].Number != 2 || r.Moves[3].Number != 2 || r.Moves[2].Number != 1 {
			t.Fatalf("%q: move numbers %d %d %d; want 1, 2, 2", game, r.Moves[2].Number, r.Moves[3].Number, r.Moves[6].Number)
		}
		fens = append(fens, p.FEN())
	}
	if fens[0] != fens[1] || fens[1] != fens[2] {
		t.Fatalf("the same game read three ways: %v", fens)
	}
	// Written back joined.
	p := start()
	var moves []interpreter.Move
	for _, s := range []string{"e4", "e5", "Nc6", "d4", "Nf3"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	text, err := WritePGN(nil, start(), moves, "*")
	if err != nil || !strings.Contains(text, "1. e4 e5/Nc6 2. d4/Nf3 *") {
		t.Fatalf("PGN %q (%v); want 1. e4 e5/Nc6 2. d4/Nf3", text, err)
	}
	// Too many, too few.
	for _, c := range []struct{ game, want string }{
		{"1. e4 e5/Nc6/Nf6", "the turn ended after 2 of the 3 moves written"},
		{"1. e4/d4", "the turn ended after 1 of the 2 moves written"},
	} {
		if r := ReplayGame(start(), c.game); r.Stop == nil || !strings.Contains(r.Stop.Error(), c.want) {
			t.Errorf("%q: stop %v; want %q", c.game, r.Stop, c.want)
		}
	}
	if _, err := ReadTurn(start(), "e4/d4"); err == nil || !strings.Contains(err.Error(), "the turn ended after 1 of the 2 moves written") {
		t.Errorf("ReadTurn of two moves for a turn of one: %v", err)
	}
	prs, err := interpreter.Open("progressive")
	if err != nil {
		t.Fatal(err)
	}
	q, _ := interpreter.Start(prs, "")
	if r := ReplayGame(q, "1. e4 e5/Nc6 2. d4/Nf3 d6"); r.Stop == nil || !strings.Contains(r.Stop.Error(), "the turn is 3 moves, 2 written") {
		t.Errorf("a turn of three written with two: stop %v", r.Stop)
	}
	q, _ = interpreter.Start(prs, "")
	if r := ReplayGame(q, "1. e4 e5/Nc6 2. d4/Nf3/Bb5 a6"); r.Stop != nil || q.Side() != 1 || q.TurnPart() != 1 {
		t.Errorf("a turn begun one move at a time: stop %v, %s", r.Stop, q.FEN())
	}
}
