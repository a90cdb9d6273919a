// A deliberately naive generator for chess on two boards whose men cross to the other board after
// every move (the rules written down in docs/alice-rules.md), in plain Go from the rules text
// alone: it imports only the standard library and shares no code with defs, compiler or
// interpreter. On one board it reuses the orthodox primitives of turns_naive_test.go (naiveGen
// for the moves of the men of one board, naiveAttacked, the placement reader and writer), which
// TestNaiveTurnsOrthodoxPerft checks against published chess perft numbers.
//
// Rules it implements (docs/alice-rules.md gives the sources and the choices):
//   - Boards A (index 0) and B (index 1). A move is an orthodox move on the board where the man
//     stands, only that board's men blocking or being captured; the man then crosses to the same
//     square of the other board, which must be empty. No square is ever occupied on both boards.
//   - A king is attacked when an enemy man on its board could capture it there by such a move;
//     the capturer's crossing square is the king's square on the other board, empty by the
//     invariant, so this is the orthodox attack on the king's board alone.
//   - A move is legal iff after the crossing the mover's king is not attacked on its board, and,
//     for a king move, the king is not attacked on the board it left, standing on its arrival
//     square before crossing (judging the move "on its own board": no king escapes a check by
//     stepping through it to the other board).
//   - Castling: king and rook on their original squares of the same board (A or B), the squares
//     between them empty on that board, the king's start, passed and arrival squares not attacked
//     on that board; both men cross, so the king's and rook's arrival squares on the other board
//     must be empty; afterwards the king must not be attacked on its new board.
//   - En passant: only by a pawn on the board where the double-stepped pawn landed (the board
//     other than the one the step was played on), moving to the passed square of that board,
//     which must be empty; the captured pawn leaves that board; the capturer crosses to the passed
//     square of the other board (which the step passed over, so it is empty).
//   - Promotion to N, B, R or Q on the last rank of either board; the new man crosses.
//
// FEN: the two placements joined by '|', board A first, then side, castling (KQkq), en passant
// (the passed square; its board is implied: the one where the enemy pawn behind it stands),
// halfmove clock, fullmove number. The en-passant field is written after every double step.
// Moves are written "A:e2e4" (origin board, origin, arrival, promotion letter); castling is the
// king's move ("A:e1g1").
package perft

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"
)

const aliceStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1"

type alicePos struct {
	b          [2][64]int8 // pieces as in naivePos: 1 pawn .. 6 king, White positive
	side       int
	castle     uint8 // 1 K, 2 Q, 4 k, 8 q
	ep         int   // passed square or -1
	half, full int
}

type aliceMove struct {
	board int
	m     naiveMove // kinds naiveNormal, naiveDouble, naiveEP, naiveCastle
}

func (a aliceMove) String() string { return string(rune('A'+a.board)) + ":" + a.m.String() }

// aliceAttacked: a man of side by on board bd can capture on sq there, crossing to the empty sq
// of the other board.
func aliceAttacked(p *alicePos, bd, sq, by int) bool {
	return p.b[1-bd][sq] == 0 && naiveAttacked(&p.b[bd], sq, by)
}

func aliceKing(p *alicePos, side int) (bd, sq int) {
	for bd := 0; bd < 2; bd++ {
		if sq := naiveKing(&p.b[bd], side); sq >= 0 {
			return bd, sq
		}
	}
	return -1, -1
}

// alicePseudo lists the moves of p.side that are orthodox on their board (castling and en passant
// included), before the crossing and king-safety tests.
func alicePseudo(p *alicePos) []aliceMove {
	var ms []aliceMove
	s := p.side
	sg := naiveSign(s)
	for bd := 0; bd < 2; bd++ {
		one := naivePos{b: p.b[bd], side: s, ep: -1}
		for _, m := range naiveGen(&one, false) {
			ms = append(ms, aliceMove{bd, m})
		}
	}
	// En passant: the pawn that passed p.ep stands behind it on its landing board.
	if p.ep >= 0 {
		dir := 8
		if s == 1 {
			dir = -8
		}
		victim := p.ep - dir
		for bd := 0; bd < 2; bd++ {
			if p.b[bd][victim] != -sg*1 || p.b[bd][p.ep] != 0 {
				continue
			}
			for _, df := range []int{-1, 1} {
				f := victim%8 + df
				if f < 0 || f > 7 {
					continue
				}
				if from := victim - victim%8 + f; p.b[bd][from] == sg*1 {
					ms = append(ms, aliceMove{bd, naiveMove{int8(from), int8(p.ep), 0, naiveEP}})
				}
			}
		}
	}
	// Castling on the board where king and rook stand together.
	home, kRight, qRight := 0, uint8(1), uint8(2)
	if s == 1 {
		home, kRight, qRight = 56, 4, 8
	}
	e := home + 4
	for bd := 0; bd < 2; bd++ {
		b := &p.b[bd]
		if b[e] != sg*6 || naiveAttacked(b, e, 1-s) {
			continue
		}
		if p.castle&kRight != 0 && b[home+7] == sg*4 && b[home+5] == 0 && b[home+6] == 0 &&
			!naiveAttacked(b, home+5, 1-s) && !naiveAttacked(b, home+6, 1-s) {
			ms = append(ms, aliceMove{bd, naiveMove{int8(e), int8(home + 6), 0, naiveCastle}})
		}
		if p.castle&qRight != 0 && b[home] == sg*4 && b[home+1] == 0 && b[home+2] == 0 && b[home+3] == 0 &&
			!naiveAttacked(b, home+3, 1-s) && !naiveAttacked(b, home+2, 1-s) {
			ms = append(ms, aliceMove{bd, naiveMove{int8(e), int8(home + 2), 0, naiveCastle}})
		}
	}
	return ms
}

// aliceTry plays a pseudo-legal move; ok is false when the move is illegal.
func aliceTry(p alicePos, a aliceMove) (q alicePos, ok bool) {
	bd, o := a.board, 1-a.board
	from, to := int(a.m.from), int(a.m.to)
	s := p.side
	q = p
	b := &q.b[bd]
	pc := b[from]
	if pc == 1 || pc == -1 || b[to] != 0 || a.m.kind == naiveEP {
		q.half = 0
	} else {
		q.half++
	}
	// The move on its own board.
	b[to], b[from] = pc, 0
	if a.m.promo != 0 {
		b[to] = int8(a.m.promo) * naiveSign(s)
	}
	rookFrom, rookTo := -1, -1
	switch a.m.kind {
	case naiveEP:
		if s == 0 {
			b[to-8] = 0
		} else {
			b[to+8] = 0
		}
	case naiveCastle:
		if to%8 == 6 {
			rookFrom, rookTo = to+1, to-1
		} else {
			rookFrom, rookTo = to-2, to+1
		}
		b[rookTo], b[rookFrom] = b[rookFrom], 0
	}
	// The crossing: each moved man needs its square on the other board empty.
	if q.b[o][to] != 0 || (rookTo >= 0 && q.b[o][rookTo] != 0) {
		return q, false
	}
	// A king judged on the board it leaves, on its arrival square (castling was judged there
	// when generated).
	if pc*naiveSign(s) == 6 && a.m.kind != naiveCastle && aliceAttacked(&q, bd, to, 1-s) {
		return q, false
	}
	q.b[o][to], b[to] = b[to], 0
	if rookTo >= 0 {
		q.b[o][rookTo], b[rookTo] = b[rookTo], 0
	}
	if kb, ks := aliceKing(&q, s); kb < 0 || aliceAttacked(&q, kb, ks, 1-s) {
		return q, false
	}
	q.ep = -1
	if a.m.kind == naiveDouble {
		q.ep = (from + to) / 2
	}
	for _, sq := range []int{from, to, rookFrom} {
		switch sq {
		case 4:
			q.castle &^= 3
		case 60:
			q.castle &^= 12
		case 7:
			q.castle &^= 1
		case 0:
			q.castle &^= 2
		case 63:
			q.castle &^= 4
		case 56:
			q.castle &^= 8
		}
	}
	if s == 1 {
		q.full++
	}
	q.side = 1 - s
	return q, true
}

func aliceLegal(p *alicePos) (ms []aliceMove, after []alicePos) {
	for _, a := range alicePseudo(p) {
		if q, ok := aliceTry(*p, a); ok {
			ms = append(ms, a)
			after = append(after, q)
		}
	}
	return ms, after
}

func alicePerftOf(p *alicePos, d int) uint64 {
	if d == 0 {
		return 1
	}
	_, after := aliceLegal(p)
	if d == 1 {
		return uint64(len(after))
	}
	var n uint64
	for i := range after {
		n += alicePerftOf(&after[i], d-1)
	}
	return n
}

func aliceParseFEN(fen string) (alicePos, error) {
	var p alicePos
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return p, fmt.Errorf("alice FEN %q: want 4 to 6 fields", fen)
	}
	boards := strings.Split(f[0], "|")
	if len(boards) != 2 {
		return p, fmt.Errorf("alice FEN %q: want two placements joined by '|'", fen)
	}
	// The other fields are read by the orthodox reader, with board A's placement.
	rest := strings.Join(f[1:], " ")
	one, err := naiveParseFEN(boards[0] + " " + rest)
	if err != nil {
		return p, fmt.Errorf("alice FEN %q: %v", fen, err)
	}
	if strings.Contains(f[1], "+") {
		return p, fmt.Errorf("alice FEN %q: bad side %q", fen, f[1])
	}
	two, err := naiveParseFEN(boards[1] + " w - -")
	if err != nil {
		return p, fmt.Errorf("alice FEN %q: board B: %v", fen, err)
	}
	p.b[0], p.b[1] = one.b, two.b
	p.side, p.castle, p.ep, p.half, p.full = one.side, one.castle, one.ep, one.half, one.full
	kings := [2]int{}
	for sq := 0; sq < 64; sq++ {
		if p.b[0][sq] != 0 && p.b[1][sq] != 0 {
			return p, fmt.Errorf("alice FEN %q: %s is occupied on both boards", fen, naiveSq(sq))
		}
		for bd := 0; bd < 2; bd++ {
			switch pc := p.b[bd][sq]; pc {
			case 6:
				kings[0]++
			case -6:
				kings[1]++
			case 1, -1:
				if sq < 8 || sq >= 56 {
					return p, fmt.Errorf("alice FEN %q: a pawn on %s", fen, naiveSq(sq))
				}
			}
		}
	}
	if kings != [2]int{1, 1} {
		return p, fmt.Errorf("alice FEN %q: want one king a side, have %d and %d", fen, kings[0], kings[1])
	}
	if kb, ks := aliceKing(&p, 1-p.side); aliceAttacked(&p, kb, ks, p.side) {
		return p, fmt.Errorf("alice FEN %q: the side not to move is in check", fen)
	}
	if p.ep >= 0 && (p.ep/8 == 2) != (p.side == 1) {
		return p, fmt.Errorf("alice FEN %q: en-passant square %s is not on the mover's side", fen, naiveSq(p.ep))
	}
	return p, nil
}

func (p alicePos) fen() string {
	a := naivePos{b: p.b[0], side: p.side, castle: p.castle, ep: p.ep, half: p.half, full: p.full}.fen()
	b := naivePos{b: p.b[1]}.fen()
	placementB, _, _ := strings.Cut(b, " ")
	placementA, tail, _ := strings.Cut(a, " ")
	return placementA + "|" + placementB + " " + tail
}

// aliceNaivePerft counts the legal move sequences of depth plies from fen.
func aliceNaivePerft(fen string, depth int) (uint64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("alice perft: negative depth %d", depth)
	}
	p, err := aliceParseFEN(fen)
	if err != nil {
		return 0, err
	}
	return alicePerftOf(&p, depth), nil
}

// aliceNaiveMoves lists the legal moves of fen, sorted ("A:e2e4", "B:e7e8q", castling "A:e1g1").
func aliceNaiveMoves(fen string) ([]string, error) {
	p, err := aliceParseFEN(fen)
	if err != nil {
		return nil, err
	}
	ms, _ := aliceLegal(&p)
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out, nil
}

// aliceNaiveRandomFENs plays up to plies random legal moves from fen and returns the position
// after each, fen's own excluded; it stops early when the side to move has no legal move. A bad
// fen gives nil.
func aliceNaiveRandomFENs(fen string, seed int64, plies int) []string {
	p, err := aliceParseFEN(fen)
	if err != nil {
		return nil
	}
	rng := rand.New(rand.NewSource(seed))
	var out []string
	for i := 0; i < plies; i++ {
		_, after := aliceLegal(&p)
		if len(after) == 0 {
			break
		}
		p = after[rng.Intn(len(after))]
		out = append(out, p.fen())
	}
	return out
}

// aliceAfter plays the named legal moves from fen and returns the FEN reached.
func aliceAfter(t *testing.T, fen string, moves ...string) string {
	t.Helper()
	p, err := aliceParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
next:
	for _, want := range moves {
		ms, after := aliceLegal(&p)
		for i, m := range ms {
			if m.String() == want {
				p = after[i]
				continue next
			}
		}
		t.Fatalf("%s is not legal in %s", want, p.fen())
	}
	return p.fen()
}

func aliceHas(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// aliceHandCases are positions worked out by hand (the reasoning is beside each case), with
// the moves that show a rule present (has) or absent (hasn).
var aliceHandCases = []struct {
	name      string
	fen       string
	moves     []string // played first
	want      int
	has, hasn []string
}{
	// Board B is empty: every orthodox first move is legal.
	{name: "start", fen: aliceStart, want: 20, has: []string{"A:e2e4", "A:g1f3"}},
	// White's man stands on B (ranks 3-4); Black lands on ranks 5-6 of B: all 20 moves.
	{name: "after e4", fen: aliceStart, moves: []string{"A:e2e4"}, want: 20},
	// 14 pawn moves, knights a3 c3 f3 h3 e2, bishop e2-a6 (5), queen e2-h5 (4), king e2;
	// the pawn on B e4 is blocked by the black pawn on B e5.
	{name: "after e4 e5", fen: aliceStart, moves: []string{"A:e2e4", "A:e7e5"}, want: 29,
		hasn: []string{"B:e4e5"}},
	// Rook on A: d2-d8 less d5, whose square on B is taken (12 with c1 b1 e1-h1); king b1
	// b2, not a2: on B it would stand on the bishop's diagonal.
	{name: "crossing square taken; check on the arrival board", want: 14,
		fen:  "7k/8/8/8/8/8/8/K2R4|8/8/8/3b4/8/8/8/8 w - - 0 1",
		has:  []string{"A:d1d4", "A:d1d6", "A:a1b2"},
		hasn: []string{"A:d1d5", "A:a1a2"}},
	// King g8 g7 h7; the bishop's 13 squares on B are all empty on A.
	{name: "same, Black to move", fen: "7k/8/8/8/8/8/8/K2R4|8/8/8/3b4/8/8/8/8 b - - 0 1", want: 16},
	// A shield cannot slide along the line: the rook crosses away from A. Only Rxe8 (the
	// attacker leaves A) and the king's d1 f1 d2 f2.
	{name: "shield leaves the board", fen: "k3r3/8/8/8/8/8/4R3/4K3|8/8/8/8/8/8/8/8 w - - 0 1", want: 5,
		has: []string{"A:e2e8"}, hasn: []string{"A:e2e3", "A:e2e7"}},
	// In check on A: the knight on B blocks by crossing onto e2 or e4; the king escapes to
	// d1 f1 d2 f2 but not e2, attacked on A before it crosses.
	{name: "block by crossing", fen: "k3r3/8/8/8/8/8/8/4K3|8/8/8/8/8/2N5/8/8 w - - 0 1", want: 6,
		has: []string{"B:c3e2", "B:c3e4", "A:e1d2"}, hasn: []string{"A:e1e2", "B:c3d5"}},
	// The knight on e4 of B does not shield e1 of A: in check, the king has d1 f1 d2 f2;
	// no knight move lands on the e-file.
	{name: "a man on the other board does not block", fen: "k3r3/8/8/8/8/8/8/4K3|8/8/8/8/4N3/8/8/8 w - - 0 1",
		want: 4, hasn: []string{"A:e1e2", "B:e4c3"}},
	// Parton's quick mate (Curiouser and Curiouser): 3...Qd7/Bd7 cross away, 3...Kd7 steps
	// into the bishop's line on A before crossing.
	{name: "Parton's mate", fen: aliceStart,
		moves: []string{"A:e2e4", "A:d7d5", "A:f1e2", "B:d5e4", "B:e2b5"}, want: 0},
	// King 5, castles 2, rook a1 10, rook h1 9.
	{name: "castling free", fen: "4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1", want: 26,
		has: []string{"A:e1g1", "A:e1c1"}},
	{name: "rook's crossing square taken", fen: "4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/5n2 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1"}, hasn: []string{"A:e1g1"}},
	{name: "king's crossing square taken", fen: "4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/6n1 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1"}, hasn: []string{"A:e1g1"}},
	// b1 of B is neither man's crossing square.
	{name: "b1 taken on the other board", fen: "4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/1n6 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1", "A:e1g1"}},
	// f1 attacked on B only: the king never stands on f1 of B.
	{name: "passed square attacked on the other board", fen: "4k3/8/8/8/8/8/8/R3K2R|5r2/8/8/8/8/8/8/8 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1", "A:e1g1"}},
	{name: "arrival attacked on the other board", fen: "4k3/8/8/8/8/8/8/R3K2R|6r1/8/8/8/8/8/8/8 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1"}, hasn: []string{"A:e1g1"}},
	{name: "passed square attacked on its board", fen: "4kr2/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1"}, hasn: []string{"A:e1g1"}},
	{name: "arrival attacked on its board", fen: "4k1r1/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1", want: -1,
		has: []string{"A:e1c1"}, hasn: []string{"A:e1g1"}},
	// The rook crossing to f1 of B shields g1 from the queen on d1 of B. King: f2 only (d1
	// taken on B, d2 e2 f1 attacked on B); castling; the rook's 9 moves.
	{name: "the rook shields the king after the crossing", fen: "4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/3q4 w K - 0 1",
		want: 11, has: []string{"A:e1g1", "A:e1f2"}},
	{name: "in check on its board", fen: "4r1k1/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1", want: -1,
		hasn: []string{"A:e1c1", "A:e1g1"}},
	{name: "castling on B", fen: "4k3/8/8/8/8/8/8/8|8/8/8/8/8/8/8/4K2R w K - 0 1", want: -1,
		has: []string{"B:e1g1"}},
	{name: "king and rook on different boards", fen: "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/7R w K - 0 1", want: -1,
		hasn: []string{"A:e1g1"}},
	// The d-pawn steps on A and lands beside the white pawn on B: king 5 (d1 f1 d2 e2 f2),
	// e5e6, e5xd6 e.p. on B.
	{name: "en passant on the landing board", fen: "4k3/3p4/8/8/8/8/8/4K3|8/8/8/4P3/8/8/8/8 b - - 0 1",
		moves: []string{"A:d7d5"}, want: 7, has: []string{"B:e5d6"}},
	// Afterwards the white pawn stands on d6 of A: the black king has d8 f8 d7 f7, not e7.
	{name: "after en passant", fen: "4k3/3p4/8/8/8/8/8/4K3|8/8/8/4P3/8/8/8/8 b - - 0 1",
		moves: []string{"A:d7d5", "B:e5d6"}, want: 4, hasn: []string{"A:e8e7"}},
	// The capturer stands on the board where the step was played: no en passant.
	{name: "no en passant from the step's board", fen: "4k3/3p4/8/4P3/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1",
		moves: []string{"A:d7d5"}, want: 6, hasn: []string{"A:e5d6"}},
	// The passed square of the landing board is taken by a white knight.
	{name: "no en passant onto a taken square", fen: "4k3/3p4/8/8/8/8/8/4K3|8/8/3N4/4P3/8/8/8/8 b - - 0 1",
		moves: []string{"A:d7d5"}, want: -1, hasn: []string{"B:e5d6"}},
	// Four promotions and the king's a2 b1 b2.
	{name: "promotion", fen: "7k/1P6/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1", want: 7,
		has: []string{"A:b7b8q", "A:b7b8n"}},
	// The promotion square is taken on B: only the king's 3 moves.
	{name: "promotion square taken on the other board", fen: "7k/1P6/8/8/8/8/8/K7|1n6/8/8/8/8/8/8/8 w - - 0 1", want: 3},
	// In check from a8 on A: the four capture-promotions, the king's b1 b2 (a2 is on the file).
	{name: "capture-promotion out of check", fen: "r6k/1P6/8/8/8/8/8/K7|1n6/8/8/8/8/8/8/8 w - - 0 1", want: 6,
		has: []string{"A:b7a8r"}, hasn: []string{"A:a1a2"}},
}

// TestAliceNaiveHandPositions asserts move counts worked out by hand (the reasoning is beside
// each case) and the presence or absence of the moves that show a rule.
func TestAliceNaiveHandPositions(t *testing.T) {
	cases := aliceHandCases
	for _, c := range cases {
		fen := c.fen
		if len(c.moves) > 0 {
			fen = aliceAfter(t, c.fen, c.moves...)
		}
		ms, err := aliceNaiveMoves(fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.want >= 0 && len(ms) != c.want {
			t.Errorf("%s: %s has %d moves, want %d: %v", c.name, fen, len(ms), c.want, ms)
		}
		for _, m := range c.has {
			if !aliceHas(ms, m) {
				t.Errorf("%s: %s lacks %s: %v", c.name, fen, m, ms)
			}
		}
		for _, m := range c.hasn {
			if aliceHas(ms, m) {
				t.Errorf("%s: %s allows %s", c.name, fen, m)
			}
		}
	}
}

// TestAliceNaiveFENs checks the positions written after moves and refuses bad input.
func TestAliceNaiveFENs(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves []string
		want  string
	}{
		{aliceStart, []string{"A:e2e4"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/4P3/8/8/8 b KQkq e3 0 1"},
		{aliceStart, []string{"A:g1f3", "A:e7e6", "B:f3e5", "A:f8c5"},
			"rnbqk1nr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R|8/8/4p3/2b5/8/8/8/8 w KQkq - 2 3"}, // the knight is back on A
		{"4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1", []string{"A:e1g1"},
			"4k3/8/8/8/8/8/8/R7|8/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"4k3/3p4/8/8/8/8/8/4K3|8/8/8/4P3/8/8/8/8 b - - 0 1", []string{"A:d7d5", "B:e5d6"},
			"4k3/8/3P4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 2"},
	} {
		if got := aliceAfter(t, c.fen, c.moves...); got != c.want {
			t.Errorf("%s after %v: %s, want %s", c.fen, c.moves, got, c.want)
		}
	}
	for _, bad := range []string{
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",                // one board
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8 w - - 0 1", // three
		"4k3/8/8/8/8/8/8/4K3|4n3/8/8/8/8/8/8/8 w - - 0 1",                         // e8 on both boards
		"4k3/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1",                             // no white king
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/3K4 w - - 0 1",                         // two white kings
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/P7 w - - 0 1",                          // pawn on rank 1
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/9 w - - 0 1",                           // bad rank
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 x - - 0 1",                           // bad side
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w+1 - - 0 1",                         // no turns here
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - e3 0 1",                          // e.p. for the wrong side
		"4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w X - 0 1",                           // bad castling
		"4k3/8/8/8/8/8/8/4R1K1|8/8/8/8/8/8/8/8 w - - 0 1",                         // Black, not to move, in check
	} {
		if _, err := aliceNaivePerft(bad, 1); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if _, err := aliceNaivePerft(aliceStart, -1); err == nil {
		t.Error("negative depth: no error")
	}
	if aliceNaiveRandomFENs("bad", 1, 3) != nil {
		t.Error("random positions from a bad FEN")
	}
}

// aliceFlip swaps the colours (ranks mirrored); aliceSwap exchanges the boards. Both preserve
// every count by the symmetry of the rules.
func aliceFlip(p alicePos) alicePos {
	q := p
	for bd := 0; bd < 2; bd++ {
		for sq := 0; sq < 64; sq++ {
			q.b[bd][sq^56] = -p.b[bd][sq]
		}
	}
	q.side = 1 - p.side
	q.castle = p.castle>>2 | (p.castle&3)<<2
	if p.ep >= 0 {
		q.ep = p.ep ^ 56
	}
	return q
}

func aliceSwap(p alicePos) alicePos {
	p.b[0], p.b[1] = p.b[1], p.b[0]
	return p
}

// TestAliceNaiveRandomPositions plays random games and checks, in the positions reached, that
// the FEN reads back to itself and that perft 2 is unchanged by swapping colours or boards.
func TestAliceNaiveRandomPositions(t *testing.T) {
	plies, seeds := 40, 4
	if testing.Short() {
		seeds = 2
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		fens := aliceNaiveRandomFENs(aliceStart, seed, plies)
		if len(fens) == 0 {
			t.Fatalf("seed %d: no random positions", seed)
		}
		for i, fen := range fens {
			p, err := aliceParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if p.fen() != fen {
				t.Fatalf("%s reads back as %s", fen, p.fen())
			}
			if i%5 != 4 {
				continue
			}
			n := alicePerftOf(&p, 2)
			for _, v := range []struct {
				name string
				q    alicePos
			}{{"colours swapped", aliceFlip(p)}, {"boards swapped", aliceSwap(p)}} {
				if m := alicePerftOf(&v.q, 2); m != n {
					t.Errorf("%s: perft 2 = %d, %s (%s) %d", fen, n, v.name, v.q.fen(), m)
				}
			}
			t.Logf("seed %d ply %d: %s perft 2 = %d", seed, i+1, fen, n)
		}
	}
}

// TestAliceNaiveStartPerft: depth 1 is 20 (board B empty); depth 2 is 400, because White's man
// lands on ranks 3-4 of B, Black's on ranks 5-6, and no check is possible. Deeper counts are
// logged (no published Alice perft figures were found).
func TestAliceNaiveStartPerft(t *testing.T) {
	want := []uint64{20, 400, 0, 0}
	for i, w := range want {
		d := i + 1
		t0 := time.Now()
		n, err := aliceNaivePerft(aliceStart, d)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 || (w != 0 && n != w) {
			t.Errorf("perft %d = %d, want %d", d, n, w)
		}
		t.Logf("start: perft %d = %d (%v)", d, n, time.Since(t0).Round(time.Millisecond))
	}
}
