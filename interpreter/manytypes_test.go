// Variants with more piece types than letters: promoted pieces named "+X", type numbers past 32 in moves and pools.
package interpreter_test

import (
	"fmt"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// manyTypesDef is a drop variant on 8×8 with a king and 24 stepping men (A to Y but K),
// each promoting to its "+X" form: 49 types. promotedFirst lists the promoted forms before
// the men, which numbers the men 25 to 48 (their drops carry those types) rather than the
// promoted forms (their promotions do).
func manyTypesDef(promotedFirst bool) string {
	var men, promoted []string
	var rank1, rank2 strings.Builder
	n := 0
	for l := 'A'; l <= 'Y'; l++ {
		if l == 'K' {
			continue
		}
		// Each man steps one way (of eight), its promoted form two ways.
		dirs := [][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
		d, e := dirs[n%8], dirs[(n+3)%8]
		men = append(men, fmt.Sprintf("  - {name: Man %c, letter: %c, moves: [{leap: [%d, %d], symmetry: none}], promotion: {zone: camp, to: [+%c], optional: true}}", l, l, d[0], d[1], l))
		promoted = append(promoted, fmt.Sprintf("  - {name: Promoted %c, letter: +%c, demotes-to: %c, moves: [{leap: [%d, %d], symmetry: none}, {leap: [%d, %d], symmetry: none}]}", l, l, l, d[0], d[1], e[0], e[1]))
		if n < 8 {
			rank1.WriteRune(l)
		} else if n < 16 {
			rank2.WriteRune(l)
		}
		n++
	}
	list := append(men, promoted...)
	if promotedFirst {
		list = append(promoted, men...)
	}
	return `name: manytypes
board: {files: 8, ranks: 8}
zones:
  camp: {ranks: [6, 7, 8]}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
` + strings.Join(list, "\n") + `
hands:
  pools: [hand]
  capture-to: hand
  drops: {from: hand}
setups:
  - name: start
    fen: "` + strings.ToLower(rank1.String()) + "/" + strings.ToLower(rank2.String()) + "/3k4/8/8/3K4/" + rank2.String() + "/" + rank1.String() + `[] w - - 0 1"
`
}

// TestManyPieceTypes: a variant of 49 types, its promoted pieces named by their FEN tokens,
// loads, reads and writes those tokens, and plays the same game whichever way its types
// are numbered: the perft of the start and of a position with promoted men and full pools
// is the same with the men numbered 1-24 (promotions to types 25-48) as with the men
// numbered 25-48 (drops of those types), and moves of types past 32 are made.
func TestManyPieceTypes(t *testing.T) {
	fens := []string{
		"", // the start
		"+a1+c1b3/h1+i5/3k4/8/8/3K4/1+Q2P3/2+V2+Y2[ACQXbdvx] b - - 0 1",
		"3k4/8/8/A1B1P1Q1/8/8/8/3K4[Tr] w - - 0 1", // men about to promote
	}
	depths := []int{3, 2, 3}
	var counts [2][][]int64
	for i, promotedFirst := range []bool{false, true} {
		def, err := defs.Parse("manytypes.yaml", []byte(manyTypesDef(promotedFirst)))
		if err != nil {
			t.Fatal(err)
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rs.Def.Pieces); got != 49 {
			t.Fatalf("%d piece types, want 49", got)
		}
		high := 0
		for j, fen := range fens {
			p, err := interpreter.Start(rs, "")
			if fen != "" {
				p, err = interpreter.FromFEN(rs, fen)
			}
			if err != nil {
				t.Fatal(err)
			}
			if fen != "" && p.FEN() != fen {
				t.Errorf("FEN round trip: read %s, wrote %s", fen, p.FEN())
			}
			for _, m := range p.LegalMoves(nil) {
				if m.Promotion() >= 32 || m.IsDrop() && m.Dropped() >= 32 {
					high++
					q := p.Clone()
					q.Make(m)
					if back, err := interpreter.FromFEN(rs, q.FEN()); err != nil || back.FEN() != q.FEN() {
						t.Errorf("after %s: FEN %s does not read back (%v)", p.Coord(m), q.FEN(), err)
					}
				}
			}
			var c []int64
			for d := 1; d <= depths[j]; d++ {
				c = append(c, perft.Perft(p, d))
			}
			counts[i] = append(counts[i], c)
		}
		if high == 0 {
			t.Errorf("promotedFirst=%v: no move promotes to or drops a type past 32", promotedFirst)
		}
	}
	for j := range fens {
		if fmt.Sprint(counts[0][j]) != fmt.Sprint(counts[1][j]) {
			t.Errorf("position %d: perft %v with the men numbered first, %v with the promoted forms first", j, counts[0][j], counts[1][j])
		}
	}
	t.Logf("perft: start %v, from play %v, about to promote %v", counts[0][0], counts[0][1], counts[0][2])
}

// TestPromotedLetterErrors: a letter "+X" is checked like a FEN token.
func TestPromotedLetterErrors(t *testing.T) {
	for _, c := range []struct{ piece, want string }{
		{"{name: Bad, letter: +p, moves: [{leap: [1, 0]}]}", "letter must be one uppercase letter A-Z, or + and one"},
		{"{name: Bad, letter: ++, moves: [{leap: [1, 0]}]}", "letter must be one uppercase letter A-Z, or + and one"},
		{"{name: Bad, letter: +P, fen: +Q, moves: [{leap: [1, 0]}]}", "its letter +P is its FEN token"},
		{"{name: Bad, letter: +P, moves: [{leap: [1, 0]}]}\n  - {name: Worse, letter: Q, fen: +P, moves: [{leap: [1, 0]}]}", "is written +P in a FEN"},
	} {
		src := "name: bad\nboard: {files: 4, ranks: 4}\npieces:\n  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}]}\n  - " + c.piece + "\n"
		_, err := defs.Parse("bad.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.piece, err, c.want)
		}
	}
}
