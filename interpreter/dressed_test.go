package interpreter

import (
	"strings"
	"testing"

	"chimera/defs"
)

// dressedDef names its men by FEN tokens of every form: letters, "+" and a letter, and
// letters dressed with ' or !, with and without "+" (as XBoard and HaChu write the men of
// the great shogis), and a lettered man whose FEN token is dressed (fen: G').
const dressedDef = `name: dressed
board: {files: 8, ranks: 8}
zones: {far: {white: [a8, b8, c8, d8, e8, f8, g8, h8], black: [a1, b1, c1, d1, e1, f1, g1, h1]}}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
  - {name: Dragon, letter: +R, moves: [{ride: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook General, letter: "R!", moves: [{ride: [1, 0]}], promotion: {zone: far, to: ["+R!"], optional: true}}
  - {name: Great General, letter: "+R!", moves: [{ride: [1, 0]}, {ride: [1, 1]}]}
  - {name: Dog, letter: "D'", moves: [{leap: [0, 1]}]}
  - {name: Gold, letter: G, fen: "G'", moves: [{leap: [1, 0]}]}
  - {name: Bishop General, letter: "B!", moves: [{ride: [1, 1]}], promotion: {zone: far, to: ["V!", V], optional: true}}
  - {name: Vice General, letter: "V!", moves: [{ride: [1, 1]}, {leap: [1, 0]}]}
  - {name: Vertical Mover, letter: V, moves: [{ride: [0, 1]}]}
setups: [{name: start, fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}]
`

// TestDressedLetters reads and writes every form of FEN token: a position with each, of
// both sides, comes back as it was written; a lettered man whose FEN token is dressed is
// read by its letter too and written by its token; a dressed token no man has is refused,
// as is a mark on a letter whose man has none; SAN and coordinate notation name the
// dressed men by their tokens, a promotion from R! to +R! written "+".
func TestDressedLetters(t *testing.T) {
	def, err := defs.Parse("dressed.yaml", []byte(dressedDef))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	for _, wide := range []bool{false, true} {
		for _, fen := range []string{
			"4k3/r!+r!d'G'4/8/8/8/8/R+RR!+R!D'g'+r1/4K3 w - - 0 1",
			"4k3/8/2+R!5/3d'4/8/8/1g'R!5/4K3 b - - 0 1",
		} {
			p, err := fromFENOn(rs, fen, wide)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if got := p.FEN(); got != fen {
				t.Fatalf("FEN round trip:\nread  %s\nwrote %s", fen, got)
			}
		}
		p, err := fromFENOn(rs, "4k3/8/8/8/8/8/g3G3/4K3 w - - 0 1", wide)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.FEN(), "4k3/8/8/8/8/8/g'3G'3/4K3 w - - 0 1"; got != want {
			t.Fatalf("a gold read by its letter: wrote %s, want %s", got, want)
		}
		for fen, want := range map[string]string{
			"4k3/8/8/8/8/8/Q'7/4K3 w - - 0 1":  `unknown piece "Q'"`,
			"4k3/8/8/8/8/8/+D!7/4K3 w - - 0 1": `unknown piece "+D!"`,
			"4k3/8/8/8/8/8/K!7/4K3 w - - 0 1":  `unknown piece "K!"`,
		} {
			if _, err := fromFENOn(rs, fen, wide); err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%s: error %v, want one with %s", fen, err, want)
			}
		}
	}
	p, err := FromFEN(rs, "4k3/8/8/8/8/8/R!D'6/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{"R!a7": "R!a7", "R!a2a6": "R!a6", "D'b3": "D'b3", "a2a8+": "R!a8=+R!", "R!a8=+R!": "R!a8=+R!", "a2a8": "R!a8"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := p.SAN(m); strings.TrimRight(got, "+#") != want {
			t.Fatalf("%s reads as %s, want %s", text, got, want)
		}
	}
	m, err := p.ParseMove("R!a8=+R!")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Coord(m); got != "a2a8+" {
		t.Fatalf("the promotion to +R! in coordinates: %s, want a2a8+", got)
	}
	// A promotion to a man whose token ends in '!' is written and read with it, and told
	// from the promotion to the letter without it.
	b, err := FromFEN(rs, "4k3/1B!6/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"b7a8v!", "b7a8v", "b7c8v!", "b7c8"} {
		m, err := b.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := b.Coord(m); got != text {
			t.Fatalf("%s reads as %s", text, got)
		}
	}
	// An annotation after a chess promotion stays an annotation.
	chess, err := Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	q, err := FromFEN(chess, "8/4P3/8/8/8/8/8/k1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if m, err := q.ParseMove("e8=Q!"); err != nil || q.Coord(m) != "e7e8q" {
		t.Fatalf("e8=Q! reads as %v (%v), want e7e8q", m, err)
	}
}
