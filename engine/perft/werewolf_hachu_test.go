// Werewolf chess against HaChu (Debian hachu, variant werewolf): the moves of every position
// of games from the start, compared as lists through the XBoard protocol.
package perft_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// hachuList is HaChu's list of moves in its current position (hachuListed).
func hachuList(h *hachuEngine) []string {
	return hachuListed(strings.Join(h.exchange("usermove a1a1"), "\n"))
}

// werewolfText writes m as HaChu lists it: origin and destination; a move that takes a man
// in passing (the werewolf's double capture, en passant) as two legs through the square
// of that man; "r" after a promotion (to a rook) and after a capture of a werewolf by a man
// that is not a king or a werewolf (HaChu marks those captures as promotions).
func werewolfText(p *interpreter.Position, m interpreter.Move) string {
	rs := p.Ruleset()
	from, to := rs.SquareName(m.From()), rs.SquareName(m.To())
	s := from + to
	if c := m.Cap1(); c != compiler.NoSquare {
		s = from + rs.SquareName(c) + "," + rs.SquareName(c) + to
	} else if v := p.At(m.To()); v != interpreter.NoPiece && v.Color() != p.Side() && rs.Piece(v.Type()).Def.Contagious {
		if mover := rs.Piece(p.At(m.From()).Type()); !mover.Royal && !mover.Def.Contagious {
			return s + "r"
		}
	}
	if m.Promotion() >= 0 {
		s += "r"
	}
	return s
}

// TestWerewolfAgainstHaChu plays games of the built-in werewolf from the start with HaChu
// and compares, at every position, HaChu's list of moves with Chimera's pseudo-legal moves
// (HaChu lists moves that leave the king attacked; its search refuses them), then plays
// one: HaChu's choice (a shallow search) or a random legal move, captures first. Games
// go on until one ends. Under -short one game of 12 plies, otherwise 10 of 80.
func TestWerewolfAgainstHaChu(t *testing.T) {
	bin := referenceProgram(t, "hachu")
	games, plies := 10, 80
	if testing.Short() {
		games, plies = 1, 12
	}
	rs, err := interpreter.Open("werewolf")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(50))
	positions, moves, contagions := 0, 0, 0
	for g := range games {
		h := startHaChu(t, bin, "werewolf")
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		var played []string
		for ply := range plies {
			legal := p.LegalMoves(nil)
			if p.Result().Score != "*" || len(legal) == 0 {
				break
			}
			positions++
			var ours []string
			texts := map[string]interpreter.Move{}
			for _, m := range p.PseudoMoves(nil) {
				s := werewolfText(p, m)
				ours = append(ours, s)
				texts[s] = m
			}
			var theirs []string
			for _, s := range hachuList(h) {
				// HaChu's list may hold a stale entry from another position (a move of a
				// man that is not there): only moves of the side to move's men count.
				if sq, ok := squareOf(rs, s); ok {
					if pc := p.At(sq); pc == interpreter.NoPiece || pc.Color() != p.Side() {
						continue
					}
				}
				theirs = append(theirs, s)
			}
			slices.Sort(ours)
			slices.Sort(theirs)
			theirs = slices.Compact(theirs) // its hash move comes twice
			if !slices.Equal(ours, theirs) {
				t.Fatalf("game %d after %v (%s): the moves differ\nChimera: %v\nHaChu:   %v", g, played, p.FEN(), ours, theirs)
			}
			moves += len(ours)
			var m interpreter.Move
			var text string
			if ply%2 == 1 || rng.Intn(2) == 0 {
				text = h.play(1)
				if text == "" {
					break
				}
				// HaChu writes a capture of a werewolf that turns the capturer with a "w",
				// and en passant as the pawn's move alone.
				var ok bool
				if m, ok = texts[strings.TrimSuffix(text, "w")+"r"]; !ok {
					if m, ok = texts[text]; !ok {
						for k, km := range texts {
							if km.Kind() == interpreter.KindEP && k[:2]+k[len(k)-2:] == text {
								m, ok = km, true
							}
						}
					}
				}
				if !ok {
					t.Fatalf("game %d after %v (%s): HaChu plays %s, not in Chimera's list", g, played, p.FEN(), text)
				}
				if !slices.Contains(legal, m) {
					t.Fatalf("game %d after %v (%s): HaChu plays %s, which leaves its king attacked in Chimera", g, played, p.FEN(), text)
				}
			} else {
				var captures []interpreter.Move
				for _, c := range legal {
					if p.IsCapture(c) {
						captures = append(captures, c)
					}
				}
				m = legal[rng.Intn(len(legal))]
				if len(captures) > 0 && rng.Intn(3) > 0 {
					m = captures[rng.Intn(len(captures))]
				}
				text = werewolfText(p, m)
				if ok, _ := h.accepts(text, true); !ok {
					t.Fatalf("game %d after %v (%s): HaChu refuses %s", g, played, p.FEN(), text)
				}
			}
			if v := p.At(m.To()); v != interpreter.NoPiece && strings.HasSuffix(werewolfText(p, m), "r") && m.Promotion() < 0 {
				contagions++
			}
			played = append(played, p.Coord(m))
			p.Make(m)
		}
	}
	t.Logf("%d positions, %d moves compared, %d captures of a werewolf that turned the capturer", positions, moves, contagions)
	if !testing.Short() && contagions == 0 {
		t.Error("no game took a werewolf with a man that turned into one")
	}
}

// squareOf is the origin of a move written as HaChu writes it ("e2e4", "d4e4,e4f4").
func squareOf(rs *compiler.Ruleset, s string) (compiler.Square, bool) {
	n := 2
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	for sq := range rs.Cells {
		if rs.SquareName(compiler.Square(sq)) == s[:n] {
			return compiler.Square(sq), true
		}
	}
	return compiler.NoSquare, false
}
