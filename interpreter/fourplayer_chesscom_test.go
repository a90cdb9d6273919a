package interpreter

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
)

// A teams game of chess.com's four-player chess, as its PGN4 record has it (published as
// the example game of a PGN4 reader's tests): moves "from-to" or "fromxto" with the
// taken man's letter, checks + (of any seat). The record ends "32. O-O#", which cannot be
// a move of that position (Red's king left h1 on move 17): the reader's tests append it
// to try castling's notation, so the replay stops before it.
const chessComTeamsGame = `1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7
2. Qg1xQn8+ .. Qa7xQh14+ .. Kg14xQh14 .. Kn7xQn8
3. Bi1xBa9 .. Ka8xBa9 .. Bf14xBn6 .. m4-l4
4. e2-e3 .. Na10-c9 .. Bn6-j10 .. Nn5-l6
5. Ne1-f3 .. Na5-c6 .. j13-j12 .. Kn8-n7
6. Nf3-e5 .. Nc6xNe5 .. Bj10xNe5+ .. Nn10-l9
7. Bf1xb5 .. Ka9-a8 .. Bi14-j13 .. Nl6-k4
8. Bb5xRa4 .. b11-d11 .. Be5-f6 .. m5-k5
9. Rd1-e1 .. d11-e11 .. Ne14-d12 .. m11-k11
10. Ba4-h11 .. e11-f11 .. g12xf11 .. k11xj12
11. Bh11-g10 .. Ra11-d11 .. k13xj12 .. Rn11-j11
12. j2-j3 .. Nc9-d7 .. Bf6xb10 .. Nk4-j6
13. d2-d4 .. Ba6-b5 .. Bb10-j2 .. Rj11-j8
14. Nj1-i3 .. Rd11-e11 .. e13-e12 .. l4-k4
15. Ni3xk4 .. Nd7-e9 .. Bj2-m5 .. Rn4xNk4
16. j3xRk4 .. Bb5xBg10 .. f11xBg10 .. Nj6xk4
17. Kh1-h2 .. Re11-g11 .. Bm5xRj8 .. Nl9xBj8
18. Rk1-j1 .. Ne9xg10 .. h13-h12 .. Nj8-k10
19. Rj1-j10 .. Ng10-i9 .. h12xRg11 .. m9-k9
20. Rj10-b10 .. Ka8-a9 .. Nd12-b11+ .. m8-k8
21. Rb10xNk10 .. Ka9-b8 .. Bj13-i12 .. Bn9-m8
22. Rk10xk9 .. b9-d9 .. Bi12xBm8+ .. Kn7xBm8
23. Rk9xNi9 .. b6-d6 .. Nj14-k12 .. l7-k7
24. Re1-j1 .. b7-d7 .. Nk12-l10+ .. Km8-l8
25. Rj1-j4 .. b4-c4 .. Rk14xk8+ .. Kl8-l7
26. Rj4xNk4 .. d6-e6 .. Rk8-n8 .. Kl7-k6
27. Rk4-m4 .. e6-f6 .. Nl10-n9 .. m6-l6
28. Ri9xd9 .. f6-g6 .. Nn9-m7+ .. Kk6-l7
29. Rd9xd7 .. g6-h6 .. Nb11-d10 .. m10-k10
30. Rd7-d6 .. h6-i6 .. Rn8xc8+ .. k5-j5
31. Rd6-b6+ .. Kb8-a7 .. Rc8-c11 .. k7-j7
32. O-O#`

// A free-for-all game of chess.com's four-player chess from the same tests: Green
// checkmates Red on move 14 (Qj8-j2+#: Red is out when its turn comes, and the rounds
// after it have three moves); the record goes on after Yellow's resignation ("R#" on move
// 24), which the built-ins do not play, so the replay stops there.
const chessComFFAGame = `1. j2-j3 .. b7-d7 .. e13-e12 .. m8-k8
2. Bi1-j2 .. b11-c11 .. j13-j12 .. k8-j8
3. e2-e3 .. b4-c4 .. Ne14-f12 .. j8-i8
4. Bf1-e2 .. d7-e7 .. g13-g11 .. i8-h8
5. h2-h3 .. e7-f7 .. g11-g10 .. m9-l9
6. Nj1-h2 .. f7-g7 .. Nj14-i12 .. h8-g8=Q
7. O-O .. g7-h7=Q .. Bf14-e13 .. Qg8-l8
8. d2-d3 .. c4xd3 .. Ni12-g11 .. m4-k4
9. Be2xd3 .. Qh7-c7 .. Ng11-h9 .. Ql8-k8
10. j3xk4 .. Na10-c9 .. O-O .. Qk8xk4
11. g2-g4 .. Na5-c6 .. Rf14-g14 .. Nn5-l4
12. Bj2xNl4 .. b8-c8 .. Bi14-j13 .. Qk4xBl4
13. Ne1-f3 .. Nc6-d8 .. Nh9-i11 .. Qn8-j8+
14. Kj1-k1 .. Qc7-g7 .. h13-h11 .. Qj8-j2+#
15. Ra4-f4 .. h11-h10 .. m11-k11
16. Ba9-c7 .. j12-j11 .. Qj2xj11
17. b6-c6 .. Be13-f14 .. Qj11xBj13
18. Qg7-f7 .. Ni11xQj13 .. m10-k10
19. Nd8-e10 .. Nf12xNe10 .. Bn9xNj13
20. Qf7xf13+ .. Ke14-d14 .. k11-j11
21. Nc9xNe10 .. Rk14-j14 .. Bj13-i12
22. Bc7-b8 .. Qh14-g13 .. m7-l7
23. Bb8-f12+ .. Qg13xBf12 .. j11-i11
24. Qa7xQf12+ .. R# .. Bi12xg10`

// TestFourPlayerChessComGame replays two games played on chess.com, in the built-in
// teams and free-for-all games: each move must be legal where it was played (the armies
// standing as chess.com sets them up, Blue's and Green's mirrored: in the teams game the
// queens traded on move 2 start on g1, a7, h14 and n8, the kings that take them on g14
// and n7), the check marks must match, and a seat must be out where the record has it.
func TestFourPlayerChessComGame(t *testing.T) {
	for _, game := range []struct {
		variant, record, stop string
		plies                 int
		out                   []int // the seats out at the end
	}{
		{"fourplayer", chessComTeamsGame, "O-O#", 124, nil},
		{"fourplayer-ffa", chessComFFAGame, "R#", 84, []int{0}},
	} {
		t.Run(game.variant, func(t *testing.T) {
			replayChessCom(t, game.variant, game.record, game.stop, game.plies, game.out)
		})
	}
}

// replayChessCom replays a PGN4 record's moves up to the token stop.
func replayChessCom(t *testing.T, variant, record, stop string, want int, wantOut []int) {
	rs, err := Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	moveRE := regexp.MustCompile(`^[A-Z]?([a-n]1?[0-9])[-x][A-Z]?([a-n]1?[0-9])(?:=([A-Z]))?([+#]*)$`)
	plies := 0
	for _, tok := range strings.Fields(record) {
		if tok == ".." || strings.HasSuffix(tok, ".") {
			continue
		}
		if tok == stop {
			break // not a move the built-ins play (see the record's comment)
		}
		mover := tb.Mover()
		var mv TableMove
		found := false
		if strings.HasPrefix(tok, "O-O") {
			mv, found = castlingMove(tb, !strings.HasPrefix(tok, "O-O-O"))
		} else if sub := moveRE.FindStringSubmatch(tok); sub != nil {
			coord := sub[1] + sub[2] + strings.ToLower(sub[3])
			m, err := tb.ParseMove(coord)
			if err != nil {
				t.Fatalf("ply %d (%s), %s to move: %v\nFEN %s", plies+1, tok, rs.Seats.Name(mover), err, tb.FEN())
			}
			mv, found = m, true
		} else {
			t.Fatalf("ply %d: cannot read %q", plies+1, tok)
		}
		if !found {
			t.Fatalf("ply %d (%s): no such castling for %s\nFEN %s", plies+1, tok, rs.Seats.Name(mover), tb.FEN())
		}
		if err := tb.Make(mv); err != nil {
			t.Fatalf("ply %d (%s): %v", plies+1, tok, err)
		}
		plies++
		// A + marks a move after which the mover's men attack an opponent's king (another
		// seat's check may stand already); without one, they attack none. A seat taken
		// out by the move (checkmated when its turn came) counts as checked.
		checked := false
		for k := range rs.Seats.Seats() {
			checked = checked || rs.Seats.Team(k) != rs.Seats.Team(mover) && (tb.Out(k) && strings.Contains(tok, "#") || !tb.Out(k) && checkedBy(tb, k, mover))
		}
		if checked != strings.Contains(tok, "+") {
			t.Errorf("ply %d (%s): %s's men attack an opponent's king: %v; the record: %v\nFEN %s", plies, tok, rs.Seats.Name(mover), checked, !checked, tb.FEN())
		}
	}
	if plies != want || tb.Result().Over {
		t.Fatalf("replayed %d plies, the game over: %v; want %d and a game going on", plies, tb.Result().Over, want)
	}
	for k := range rs.Seats.Seats() {
		if tb.Out(k) != slices.Contains(wantOut, k) {
			t.Errorf("at the end %s out: %v; want %v", rs.Seats.Name(k), tb.Out(k), !tb.Out(k))
		}
	}
}

// castlingMove is the seat to move's castling toward its nearer rook (short) or the
// farther one: its royal man's legal move of two cells along its first rank.
func castlingMove(tb *Table, short bool) (TableMove, bool) {
	var cands []TableMove
	var dist []int
	g := &tb.Ruleset().Geometry
	for _, m := range tb.LegalMoves(nil) {
		man := tb.Board[m.From]
		fx, fy, tx, ty := g.FileOf(m.From), g.RankOf(m.From), g.FileOf(m.To), g.RankOf(m.To)
		if man.Type != int8(tb.Ruleset().Castling.Royal) || (fx != tx && fy != ty) || max(fx-tx, tx-fx, fy-ty, ty-fy) != 2 {
			continue
		}
		// How far the first man lies beyond the king in that direction.
		dx, dy := sign(tx-fx), sign(ty-fy)
		d := 1
		for x, y := fx+dx, fy+dy; ; x, y, d = x+dx, y+dy, d+1 {
			sq := g.SquareAt(x, y)
			if sq == NoSquare || !tb.Board[sq].Empty() {
				break
			}
		}
		cands, dist = append(cands, m), append(dist, d)
	}
	switch len(cands) {
	case 0:
		return TableMove{}, false
	case 1:
		return cands[0], true
	}
	if (dist[0] < dist[1]) == short {
		return cands[0], true
	}
	return cands[1], true
}

// checkedBy reports whether seat s's men attack seat k's royal man.
func checkedBy(tb *Table, k, s int) bool {
	king := tb.royalSquare(k)
	p, err := tb.frameOf(k)
	if king == NoSquare || err != nil {
		return false
	}
	f := tb.sr.Frame(k)
	for b := p.Attackers(tb.sr.ToFrame(f, king), compiler.Black); b.Any(); b = b.Rest() {
		if m := tb.Board[tb.sr.FromFrame(f, b.First())]; !m.Empty() && !m.Dead && int(m.Seat) == s {
			return true
		}
	}
	return false
}
