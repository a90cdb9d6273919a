// Castling rights on boards of more than ten files, where X-FEN's K meets the k-file letter.
package interpreter

import (
	"testing"

	"chimera/defs"
)

func TestCastlingRightsOnTheKFile(t *testing.T) {
	def, err := defs.Parse("wide12.yaml", []byte(`
name: wide12
board: {files: 12, ranks: 8}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
castling: {royal: K, partner: R, short: {king: j, partner: i}, long: {king: c, partner: d}}
setups:
  - {name: s, fen: "4k7/12/12/12/12/12/11R/R4K4R1 w K - 0 1"}
`))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	// The right of the rook on k1 with another rook outside it on l1 (reached by play), and
	// each combination of rights with rooks on k1 and l1.
	p, _ := Start(rs, "")
	for _, mv := range []string{"l2l1", "e8e7"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	fens := []string{p.FEN(),
		"r4k4rr/12/12/12/12/12/12/R4K4RR w KLkl - 0 1",
		"r4k4rr/12/12/12/12/12/12/R4K4RR w Ll - 0 1",
		"r4k4rr/12/12/12/12/12/12/R4K4RR w KQkq - 0 1",
		"r4k5r/12/12/12/12/12/12/R4K5R w KQkq - 0 1",
	}
	if got := fens[0]; got != "12/4k7/12/12/12/12/12/R4K4RR w K - 2 2" {
		t.Errorf("after l2l1 e8e7: %s; want the k-file right written K", got)
	}
	for _, fen := range fens {
		q, err := FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		r, err := FromFEN(rs, q.FEN())
		if err != nil {
			t.Fatalf("%s: %v", q.FEN(), err)
		}
		if r.FEN() != q.FEN() || r.Hash() != q.Hash() || len(r.LegalMoves(nil)) != len(q.LegalMoves(nil)) {
			t.Errorf("%s: written %s, read back %s (hash %x, want %x)", fen, q.FEN(), r.FEN(), r.Hash(), q.Hash())
		}
	}
	if _, err := p.ParseMove("f1j1"); err != nil {
		t.Errorf("the k-file rook's castling: %v", err)
	}
	q, _ := FromFEN(rs, p.FEN())
	if _, err := q.ParseMove("f1j1"); err != nil {
		t.Errorf("the k-file rook's castling after a FEN round trip: %v", err)
	}
}
