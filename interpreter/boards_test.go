// Several boards with the crossing rule (Alice chess): notation across boards, the FEN's
// boards joined by '|', and the errors for moves and FENs that break the rule.
package interpreter

import (
	"strings"
	"testing"
)

// Two knights, on g1 of board A and d2 of board B, can both move to f3 (each on its own
// board, crossing to the other): SAN tells them apart by their files, and both texts read
// back to their moves.
func TestBoardsSANAcrossBoards(t *testing.T) {
	rs, err := Open("alice")
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromFEN(rs, "4k3/8/8/8/8/8/8/4K1N1|8/8/8/8/8/8/3N4/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var sans []string
	for _, m := range p.LegalMoves(nil) {
		if rs.SquareName(m.To()) != "f3" {
			continue
		}
		san := p.SAN(m)
		sans = append(sans, san)
		back, err := p.ParseMove(san)
		if err != nil || back != m {
			t.Errorf("%s reads back as %v (%v)", san, back, err)
		}
	}
	if strings.Join(sans, " ") != "Ndf3 Ngf3" && strings.Join(sans, " ") != "Ngf3 Ndf3" {
		t.Fatalf("moves to f3 written %v; want Ngf3 and Ndf3", sans)
	}
	// The man on d2 of board B is found from its square name alone.
	if _, err := p.ParseMove("d2b3"); err != nil {
		t.Fatalf("d2b3 (the knight on board B): %v", err)
	}
}

// A move whose crossing cell is taken is refused with the reason; a FEN's boards must
// have the definition's shape.
func TestBoardsBadInput(t *testing.T) {
	rs, err := Open("alice")
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromFEN(rs, "4k3/8/8/8/8/8/8/R3K3|8/8/8/8/3n4/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseMove("a1d1"); err != nil {
		t.Fatalf("a1d1: %v", err)
	}
	_, err = p.ParseMove("a1a4")
	if err != nil {
		t.Fatalf("a1a4 (a4 of B empty): %v", err)
	}
	p2, _ := FromFEN(rs, "4k3/8/8/8/8/8/8/3RK3|8/8/8/8/3n4/8/8/8 w - - 0 1")
	if _, err := p2.ParseMove("d1d4"); err == nil || !strings.Contains(err.Error(), "cross to d4 of board B") {
		t.Fatalf("d1d4 onto a taken crossing cell: %v; want the crossing named", err)
	}
	for _, c := range []struct{ fen, want string }{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "2 boards, joined by '|'"},
		{"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8 w - - 0 1", "board B has 7 ranks"},
		{"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/9 w - - 0 1", "board B, rank 1 has 9 cells"},
		{"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1", "found 3"},
	} {
		if _, err := FromFEN(rs, c.fen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.fen, err, c.want)
		}
	}
}

// The FEN's boards and en-passant square: after a double step played on board A the pawn
// stands on board B, and the passed square is read on B, where the capturing pawn stands.
func TestBoardsFENAndEnPassant(t *testing.T) {
	rs, err := Open("alice")
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromFEN(rs, "4k3/3p4/8/8/8/8/8/4K3|8/8/8/4P3/8/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("d7d5")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	fen := p.FEN()
	if fen != "4k3/8/8/8/8/8/8/4K3|8/8/8/3pP3/8/8/8/8 w - d6 0 2" {
		t.Fatalf("after d7d5: %s", fen)
	}
	q, err := FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	ep, err := q.ParseMove("exd6")
	if err != nil {
		t.Fatalf("exd6 e.p. on board B: %v", err)
	}
	q.Make(ep)
	if got := q.FEN(); got != "4k3/8/3P4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 2" {
		t.Fatalf("after exd6: %s", got)
	}
}
