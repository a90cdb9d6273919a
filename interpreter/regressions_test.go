// Regression rows named after the bug each one caught in the drop family: pool counts, castling restored by a drop, repetition across captures.
package interpreter

import (
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

// playText plays moves (SAN or coordinates, space-separated) from fen in rs and returns the
// position; each move must be legal.
func playText(t *testing.T, rs *compiler.Ruleset, fen, moves string) *Position {
	t.Helper()
	p, err := FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: move %s: %v", p.FEN(), s, err)
		}
		p.Make(m)
		if h, r := p.Hash(), p.core().computeHash(); h != r {
			t.Fatalf("after %s: hash %x, recomputed %x", s, h, r)
		}
	}
	return p
}

// buildText compiles a definition given as YAML text (it may extend a built-in).
func buildText(t *testing.T, text string) *compiler.Ruleset {
	t.Helper()
	def, err := defs.Parse("regression.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestPoolClampDeletedAPiece: pool counts were clamped at 16, so a seventeenth pawn
// captured into a full pocket vanished. Shogi's hands hold 18 pawns.
func TestPoolClampDeletedAPiece(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		rs, err := Open("crazyhouse")
		if err != nil {
			t.Fatal(err)
		}
		const fen = "4k3/3P4/8/8/8/8/8/4K3[pppppppppppppppp] b - - 0 1"
		p := playText(t, rs, fen, "Kxd7")
		want := "8/3k4/8/8/8/8/8/4K3[" + strings.Repeat("p", 17) + "] w - - 0 2"
		if got := p.FEN(); got != want {
			t.Fatalf("got %s want %s", got, want)
		}
		if n := p.PoolCount(compiler.Black, 0, rs.TypeOf('P')); n != 17 {
			t.Fatalf("black's pawns in hand: got %d want 17", n)
		}
		q, err := FromFEN(rs, want)
		if err != nil || q.Hash() != p.Hash() {
			t.Fatalf("FEN round trip: err %v, hash %x want %x", err, q.Hash(), p.Hash())
		}
		p.Unmake()
		if got := p.FEN(); got != fen {
			t.Fatalf("unmake: got %s want %s", got, fen)
		}
	})
}

// TestPoolCountBoundedByMen: a position with pools holds at most compiler.MaxHand men, board
// and pools together (so no count can overflow); a FEN beyond that is refused.
func TestPoolCountBoundedByMen(t *testing.T) {
	rs, err := Open("crazyhouse")
	if err != nil {
		t.Fatal(err)
	}
	fen := "4k3/8/8/8/8/8/8/4K3[" + strings.Repeat("p", compiler.MaxHand-1) + "] w - - 0 1"
	if _, err := FromFEN(rs, fen); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("%d men: got %v, want an error naming the bound", compiler.MaxHand+1, err)
	}
	fen = "4k3/8/8/8/8/8/8/4K3[" + strings.Repeat("p", compiler.MaxHand-2) + "] w - - 0 1"
	if _, err := FromFEN(rs, fen); err != nil {
		t.Fatalf("%d men: %v", compiler.MaxHand, err)
	}
}

// TestDroppedRookRestoredCastlingByDefault: a rook dropped on its corner regained its
// castling right in every drop variant (Hostage Chess's rule); crazyhouse, as
// Fairy-Stockfish plays it, never castles with a dropped rook. The key
// restore-castling-on-drop switches the rule on.
func TestDroppedRookRestoredCastlingByDefault(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		const fen = "r3k2r/8/8/8/8/8/8/R3K3[R] w Qkq - 0 1"
		zh, err := Open("crazyhouse")
		if err != nil {
			t.Fatal(err)
		}
		restoring := buildText(t, "extends: crazyhouse\nname: restoring\nhands: {restore-castling-on-drop: true}\n")
		for _, c := range []struct {
			rs     *compiler.Ruleset
			rights string
			castle bool
		}{{zh, "Qk", false}, {restoring, "KQk", true}} {
			p := playText(t, c.rs, fen, "R@h1 a8b8")
			if got := strings.Fields(p.FEN())[2]; got != c.rights {
				t.Errorf("%s: castling rights got %s want %s", c.rs.Name, got, c.rights)
			}
			_, err := p.ParseMove("e1g1")
			if got := err == nil; got != c.castle {
				t.Errorf("%s: e1g1 legal got %v want %v (%v)", c.rs.Name, got, c.castle, err)
			}
		}
	})
}

// TestRepetitionStoppedAtCaptures: repetition was never counted across a capture, though in
// a variant where captured men come back a capture is not irreversible: the cycle
// R@b8+ R@e8 Rxa8 Rxa8 in crazyhouse returns to the same position every time.
func TestRepetitionStoppedAtCaptures(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		rs, err := Open("crazyhouse")
		if err != nil {
			t.Fatal(err)
		}
		const fen = "r6k/8/8/8/8/8/8/6K1[Rr] w - - 0 1"
		const cycle = "R@b8+ R@e8 Rxa8 Rxa8 "
		p := playText(t, rs, fen, cycle)
		if n := p.Repetitions(); n != 2 {
			t.Fatalf("after one cycle: repetitions got %d want 2", n)
		}
		if e := p.Ended(); e.Over {
			t.Fatalf("after one cycle: over (%s)", e.Reason)
		}
		p = playText(t, rs, fen, cycle+cycle)
		if n := p.Repetitions(); n != 3 {
			t.Fatalf("after two cycles: repetitions got %d want 3", n)
		}
		if e := p.Ended(); !e.Over || e.Reason != "repetition" || e.Outcome != compiler.Draw {
			t.Fatalf("after two cycles: got %+v, want a draw by repetition", e)
		}
	})
}

// TestMustDrop: with drops.must-drop a side holding pieces may only drop while a drop is
// legal; against a knight's check, which no drop can block, its other moves stay legal.
// IsLegal agrees with LegalMoves.
func TestMustDrop(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		rs := buildText(t, "extends: crazyhouse\nname: mustdrop\nhands: {drops: {must-drop: [Q, R, B, N, P]}}\n")
		for _, c := range []struct {
			fen          string
			drops, other int // legal drops; legal moves that are not drops
		}{
			{"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", 62, 0},
			{"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", 0, 5},
			{"4k3/8/8/8/8/5n2/8/4K3[N] w - - 0 1", 0, 4}, // a knight's check: no drop blocks it
		} {
			p, err := FromFEN(rs, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			drops, other := 0, 0
			legal := map[Move]bool{}
			for _, m := range p.LegalMoves(nil) {
				legal[m] = true
				if m.IsDrop() {
					drops++
				} else {
					other++
				}
			}
			if drops != c.drops || other != c.other {
				t.Errorf("%s: got %d drops and %d other moves, want %d and %d", c.fen, drops, other, c.drops, c.other)
			}
			for _, m := range p.core().genPseudo(nil) {
				if got := p.IsLegal(m); got != legal[m] {
					t.Errorf("%s: IsLegal(%s) = %v, want %v", c.fen, p.Coord(m), got, legal[m])
				}
			}
		}
	})
}
