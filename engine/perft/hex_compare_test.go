// The hexagonal built-ins against the naive generator written from their rules texts
// (hex_naive_test.go): perft from the start and from positions of random play, and the
// legal moves of the hand-made positions, move by move.
package perft

import (
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// hexChimeraFEN is the naive generator's FEN (no castling field on the 91-cell board) as
// Chimera reads it: a castling field "-" after the side.
func hexChimeraFEN(v *hexVariant, fen string) string {
	if v.castles != nil {
		return fen
	}
	f := strings.Fields(fen)
	return strings.Join(append([]string{f[0], f[1], "-"}, f[2:]...), " ")
}

// hexSortedRights is fen with its castling letters in order (Chimera writes the short
// castling's first, Shredder-FEN's order; the naive generator in file order).
func hexSortedRights(fen string) string {
	f := strings.Fields(fen)
	r := []byte(f[2])
	slices.Sort(r)
	f[2] = string(r)
	return strings.Join(f, " ")
}

// hexMoveNames writes the legal moves of fen as the naive generator does (f5f6, f10f11q),
// sorted.
func hexMoveNames(t *testing.T, rs *compiler.Ruleset, fen string) []string {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var out []string
	for _, m := range p.LegalMoves(nil) {
		s := rs.SquareName(m.From()) + rs.SquareName(m.To())
		if pr := m.Promotion(); pr >= 0 {
			s += strings.ToLower(rs.Piece(pr).LetterText)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestHexAgainstNaive compares Gliński's, McCooey's and Shafran's games with the naive
// generator: the start position's FEN and perft (depth 3; 4 for McCooey's and Shafran's
// without -short), positions of
// random play (every fifth ply of games of 60 plies, 4 seeds; 8 without -short) at depth 2
// with their move lists, and every hand-made position of the three games.
func TestHexAgainstNaive(t *testing.T) {
	deep := !testing.Short()
	for _, c := range []struct {
		name  string
		v     *hexVariant
		depth int
	}{{"glinski", hexGlinski, 3}, {"mccooey", hexMcCooey, 3 + boolInt(deep)}, {"shafran", hexShafran, 3 + boolInt(deep)}} {
		t.Run(c.name, func(t *testing.T) {
			rs, err := interpreter.Open(c.name)
			if err != nil {
				t.Fatal(err)
			}
			start, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			if want := hexChimeraFEN(c.v, c.v.start); hexSortedRights(start.FEN()) != hexSortedRights(want) {
				t.Fatalf("start %s, the naive generator's %s", start.FEN(), want)
			}
			compare := func(fen string, depth int) {
				t.Helper()
				want, err := hexNaivePerft(c.v, fen, depth)
				if err != nil {
					t.Fatalf("naive generator on %s: %v", fen, err)
				}
				q, err := interpreter.FromFEN(rs, hexChimeraFEN(c.v, fen))
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				if got := Perft(q, depth); uint64(got) != want {
					t.Fatalf("%s perft %d: %d, naive generator %d", fen, depth, got, want)
				}
				want2, err := hexNaiveMoves(c.v, fen)
				if err != nil {
					t.Fatal(err)
				}
				if got := hexMoveNames(t, rs, hexChimeraFEN(c.v, fen)); !slices.Equal(got, want2) {
					t.Fatalf("%s: moves %v, naive generator %v", fen, got, want2)
				}
			}
			for d := 1; d <= c.depth; d++ {
				compare(c.v.start, d)
			}
			seeds, positions := 4, 0
			if deep {
				seeds = 8
			}
			for seed := int64(1); seed <= int64(seeds); seed++ {
				fens := hexNaiveRandomFENs(c.v, c.v.start, seed, 60)
				for i := 4; i < len(fens); i += 5 {
					compare(fens[i], 2)
					positions++
				}
			}
			if positions < 20 {
				t.Fatalf("only %d positions from random play", positions)
			}
			for _, h := range hexHandCases {
				if h.v != c.v {
					continue
				}
				fen := h.fen
				if fen == "" {
					fen = hexSetup(t, h.v, h.white, h.black, h.side, h.rest)
				}
				if len(h.moves) > 0 {
					p := hexAfter(t, h.v, fen, h.moves...)
					fen = p.fen()
				}
				compare(fen, 2)
			}
		})
	}
}

// TestHexResultsAgainstNaive: Chimera scores the naive generator's finished positions as it
// does: Gliński's stalemate 3/4 to the side that stalemates, the others' a draw, checkmate.
func TestHexResultsAgainstNaive(t *testing.T) {
	names := map[*hexVariant]string{hexGlinski: "glinski", hexMcCooey: "mccooey", hexShafran: "shafran"}
	for i, c := range hexResultCases {
		want := hexResultPosition(t, i)
		rs, err := interpreter.Open(names[c.v])
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, hexChimeraFEN(c.v, want.fen()))
		if err != nil {
			t.Fatalf("%s: %v", want.fen(), err)
		}
		if got := p.Result().Score; got != c.want {
			t.Errorf("%s %s: Chimera scores %s, the naive generator %s", names[c.v], want.fen(), got, c.want)
		}
	}
}

// TestHexSANAgainstNaive: Chimera writes every legal move of the start and of positions of
// random play (every third ply of games of 60 plies, 3 seeds) in the players' algebraic
// notation as the naive generator's hexSAN does: disambiguation by the file, rank or cell
// as named, pawn captures by the file left, promotions, check marks and Shafran's castlings
// by flank (Q-0-0, B-0-0-0).
func TestHexSANAgainstNaive(t *testing.T) {
	for name, v := range map[string]*hexVariant{"glinski": hexGlinski, "mccooey": hexMcCooey, "shafran": hexShafran} {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		fens := []string{v.start}
		for seed := int64(1); seed <= 3; seed++ {
			all := hexNaiveRandomFENs(v, v.start, seed, 60)
			for i := 2; i < len(all); i += 3 {
				fens = append(fens, all[i])
			}
		}
		switch v {
		case hexGlinski:
			fens = append(fens, hexSetup(t, v, "Kl1 Ra1 Ra6", "kk7", "w", "-"), hexSetup(t, v, "Ka2 Pf10", "kl6 re10 rg10", "w", "-"),
				hexSetup(t, v, "Ka2 Qd8", "kf11", "w", "-"))
		case hexShafran:
			fens = append(fens, hexSetup(t, v, "Ke1 Ra1 Ri5", "ke10", "w", "AI -"), hexSetup(t, v, "Ke1", "ke10 ra6 ri10", "b", "ai -"))
		}
		moves := 0
		for _, fen := range fens {
			want := hexAfter(t, v, fen)
			ms, _ := want.legal()
			q, err := interpreter.FromFEN(rs, hexChimeraFEN(v, fen))
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			byText := map[string]interpreter.Move{}
			for _, m := range q.LegalMoves(nil) {
				s := rs.SquareName(m.From()) + rs.SquareName(m.To())
				if pr := m.Promotion(); pr >= 0 {
					s += strings.ToLower(rs.Piece(pr).LetterText)
				}
				byText[s] = m
			}
			for _, m := range ms {
				text := v.moveText(m)
				cm, ok := byText[text]
				if !ok {
					t.Fatalf("%s %s: %s is not legal in Chimera", name, fen, text)
				}
				if got, w := q.SAN(cm), hexSAN(&want, m); got != w {
					t.Errorf("%s %s: %s is %q in Chimera, %q in the naive generator", name, fen, text, got, w)
				}
				moves++
			}
		}
		if moves < 500 {
			t.Fatalf("%s: only %d moves compared", name, moves)
		}
	}
}
