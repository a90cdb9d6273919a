// Boards played apart by partners (bughouse) checked against a naive referee written here
// from the rules text (docs/bughouse-rules.md), and each board's perft with its pockets
// checked against Fairy-Stockfish's bughouse on the positions those games reach.
package perft_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// naiveBoard is one bughouse board as the rules text describes it: the men on 64 squares
// (FEN letters, 0 for empty, index rank*8+file), which of them are promoted pawns, the
// side to move, the castling rights (KQkq letters) and each side's pocket (counts by upper
// case letter).
type naiveBoard struct {
	cell     [64]byte
	promoted [64]bool
	black    bool
	castle   map[byte]bool
	pocket   [2]map[byte]int
}

// naiveSquare reads "e4".
func naiveSquare(s string) int { return int(s[1]-'1')*8 + int(s[0]-'a') }

// parseNaive reads the fields of a board's FEN the referee keeps (placement with '~'
// marks, [pocket], side, castling).
func parseNaive(t *testing.T, fen string) *naiveBoard {
	t.Helper()
	f := strings.Fields(fen)
	if len(f) < 3 {
		t.Fatalf("FEN %q: too few fields", fen)
	}
	b := &naiveBoard{castle: map[byte]bool{}, pocket: [2]map[byte]int{{}, {}}}
	place, pocket, ok := strings.Cut(f[0], "[")
	if ok {
		for _, c := range strings.TrimSuffix(pocket, "]") {
			side := 0
			if c >= 'a' {
				side = 1
			}
			b.pocket[side][byte(c)&^0x20]++
		}
	}
	rows := strings.Split(place, "/")
	if len(rows) != 8 {
		t.Fatalf("FEN %q: %d ranks", fen, len(rows))
	}
	for i, row := range rows {
		r, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case c == '~':
				b.promoted[r*8+file-1] = true
			default:
				b.cell[r*8+file] = c
				file++
			}
		}
	}
	b.black = f[1] == "b"
	for _, c := range []byte(f[2]) {
		if c != '-' {
			b.castle[c] = true
		}
	}
	return b
}

// String writes the kept state canonically (pockets as counts in letter order).
func (b *naiveBoard) String() string {
	var s strings.Builder
	for sq, c := range b.cell {
		if c == 0 {
			c = '.'
		}
		s.WriteByte(c)
		if b.promoted[sq] && c != '.' {
			s.WriteByte('~')
		}
	}
	for side, pk := range b.pocket {
		var ls []string
		for l, n := range pk {
			if n != 0 {
				ls = append(ls, fmt.Sprintf("%c%d", l, n))
			}
		}
		sort.Strings(ls)
		fmt.Fprintf(&s, " %d:%s", side, strings.Join(ls, ","))
	}
	var cs []string
	for c, on := range b.castle {
		if on {
			cs = append(cs, string(c))
		}
	}
	sort.Strings(cs)
	fmt.Fprintf(&s, " black=%v castle=%s", b.black, strings.Join(cs, ""))
	return s.String()
}

// naiveMatch is the two boards; apply plays a move written as Chimera's coordinates on
// board k and passes the captured man to the partner's pocket.
type naiveMatch struct{ b [2]*naiveBoard }

func (m *naiveMatch) apply(t *testing.T, k int, text string) {
	t.Helper()
	b := m.b[k]
	side := 0
	if b.black {
		side = 1
	}
	caseOf := func(l byte) byte {
		if side == 1 {
			return l | 0x20
		}
		return l &^ 0x20
	}
	if l, at, drop := strings.Cut(text, "@"); drop {
		L := l[0] &^ 0x20
		if b.pocket[side][L] == 0 {
			t.Fatalf("naive: drop %s on board %d with no %c in the pocket", text, k, L)
		}
		b.pocket[side][L]--
		sq := naiveSquare(at)
		if b.cell[sq] != 0 {
			t.Fatalf("naive: drop %s onto an occupied square", text)
		}
		b.cell[sq], b.promoted[sq] = caseOf(L), false
		b.black = !b.black
		return
	}
	from, to := naiveSquare(text[0:2]), naiveSquare(text[2:4])
	man, prom := b.cell[from], b.promoted[from]
	if man == 0 {
		t.Fatalf("naive: %s moves from an empty square", text)
	}
	captured, capProm, capSq := b.cell[to], b.promoted[to], to
	if man&^0x20 == 'P' && from%8 != to%8 && captured == 0 { // en passant
		capSq = from/8*8 + to%8
		captured, capProm = b.cell[capSq], b.promoted[capSq]
	}
	if captured != 0 {
		b.cell[capSq], b.promoted[capSq] = 0, false
		l := captured &^ 0x20
		if capProm {
			l = 'P' // a promoted man goes to the partner as a pawn
		}
		// The partner on the other board plays the captured man's colour.
		owner := 0
		if captured >= 'a' {
			owner = 1
		}
		m.b[k^1].pocket[owner][l]++
	}
	b.cell[from], b.promoted[from] = 0, false
	b.cell[to], b.promoted[to] = man, prom
	if len(text) > 4 {
		b.cell[to], b.promoted[to] = caseOf(text[4]&^0x20), true
	}
	if man&^0x20 == 'K' && (to-from == 2 || from-to == 2) { // castling: the rook beside
		rFrom, rTo := from/8*8+7, from+1
		if to < from {
			rFrom, rTo = from/8*8, from-1
		}
		b.cell[rTo], b.cell[rFrom] = b.cell[rFrom], 0
		b.promoted[rFrom] = false
	}
	for _, sq := range []int{from, to} {
		switch sq {
		case naiveSquare("e1"):
			b.castle['K'], b.castle['Q'] = false, false
		case naiveSquare("h1"):
			b.castle['K'] = false
		case naiveSquare("a1"):
			b.castle['Q'] = false
		case naiveSquare("e8"):
			b.castle['k'], b.castle['q'] = false, false
		case naiveSquare("h8"):
			b.castle['k'] = false
		case naiveSquare("a8"):
			b.castle['q'] = false
		}
	}
	b.black = !b.black
}

// naiveAttacked reports whether the king of the side to move on b stands attacked.
func naiveKingAttacked(b *naiveBoard) bool {
	king, enemyLower := byte('K'), true
	if b.black {
		king, enemyLower = 'k', false
	}
	ks := -1
	for sq, c := range b.cell {
		if c == king {
			ks = sq
		}
	}
	if ks < 0 {
		return false
	}
	enemy := func(sq int, letters string) bool {
		c := b.cell[sq]
		return c != 0 && (c >= 'a') == enemyLower && strings.IndexByte(letters, c&^0x20) >= 0
	}
	kf, kr := ks%8, ks/8
	at := func(f, r int) int {
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return -1
		}
		return r*8 + f
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		if sq := at(kf+d[0], kr+d[1]); sq >= 0 && enemy(sq, "N") {
			return true
		}
	}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if sq := at(kf+df, kr+dr); (df != 0 || dr != 0) && sq >= 0 && enemy(sq, "K") {
				return true
			}
		}
	}
	pawnRank := kr + 1 // an enemy pawn attacks from the rank ahead of the king
	if b.black {
		pawnRank = kr - 1
	}
	for _, df := range []int{-1, 1} {
		if sq := at(kf+df, pawnRank); sq >= 0 && enemy(sq, "P") {
			return true
		}
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		riders := "RQ"
		if d[0] != 0 && d[1] != 0 {
			riders = "BQ"
		}
		for f, r := kf+d[0], kr+d[1]; at(f, r) >= 0; f, r = f+d[0], r+d[1] {
			if sq := at(f, r); b.cell[sq] != 0 {
				if enemy(sq, riders) {
					return true
				}
				break
			}
		}
	}
	return false
}

// partnerGames plays random games of four on the built-in bughouse (boards chosen at
// random, captures and promotions favoured so that the pockets fill), checking both boards
// against the naive referee after each move, and returns board positions reached.
func partnerGames(t *testing.T, games, plies int, seed uint64) []string {
	rs := perftRuleset(t, "bughouse")
	rng := rand.New(rand.NewPCG(seed, 7))
	var reached []string
	for g := range games {
		q, err := interpreter.StartPair(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		fens := strings.Split(q.FEN(), "|")
		m := &naiveMatch{b: [2]*naiveBoard{parseNaive(t, fens[0]), parseNaive(t, fens[1])}}
		var got []interpreter.Captured
		var record []string
		for ply := 0; ply < plies; ply++ {
			r := q.Result()
			if r.Score != "*" {
				if r.Reason == "checkmate" {
					b := m.b[r.Board]
					if !naiveKingAttacked(b) {
						t.Fatalf("game %d (%s): checkmate on board %c, but the naive referee sees no check:\n%s", g, strings.Join(record, " "), 'A'+r.Board, q.FEN())
					}
				}
				break
			}
			var boards []int
			for k := range 2 {
				if !q.Waiting(k) {
					boards = append(boards, k)
				}
			}
			if len(boards) == 0 {
				break
			}
			k := boards[rng.IntN(len(boards))]
			p := q.Boards[k]
			moves := p.LegalMoves(nil)
			var keen []interpreter.Move // captures, promotions and drops
			for _, mv := range moves {
				if p.IsCapture(mv) || mv.Promotion() >= 0 || mv.IsDrop() {
					keen = append(keen, mv)
				}
			}
			mv := moves[rng.IntN(len(moves))]
			if len(keen) > 0 && rng.IntN(3) > 0 {
				mv = keen[rng.IntN(len(keen))]
			}
			text := p.Coord(mv)
			record = append(record, q.Coord(k, mv))
			m.apply(t, k, text)
			if got, err = q.Play(k, mv, got[:0]); err != nil {
				t.Fatal(err)
			}
			fens := strings.Split(q.FEN(), "|")
			for b := range 2 {
				if want, have := m.b[b].String(), parseNaive(t, fens[b]).String(); want != have {
					t.Fatalf("game %d after %s: board %c is\n%s\nthe naive referee has\n%s\nmoves: %s", g, record[len(record)-1], 'A'+b, have, want, strings.Join(record, " "))
				}
			}
			if ply%7 == 3 {
				reached = append(reached, strings.TrimSpace(fens[k^1]), strings.TrimSpace(fens[k]))
			}
		}
	}
	return reached
}

// TestPartnersNaiveReferee compares interpreter.Pair with the naive referee along random
// games of four: each board's men (promoted marks too), pockets, side to move and
// castling rights after every move, and that every checkmate is a check.
func TestPartnersNaiveReferee(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 12
	}
	reached := partnerGames(t, games, 240, 1)
	withPockets := 0
	for _, fen := range reached {
		if !strings.Contains(fen, "[]") {
			withPockets++
		}
	}
	if withPockets < len(reached)/2 {
		t.Errorf("only %d of %d positions reached have men in a pocket: the games do not exercise the passing", withPockets, len(reached))
	}
}

// TestPartnersPerftFairy counts perft of single boards with their pockets, from positions
// reached in games of four, with Chimera and with Fairy-Stockfish's bughouse (which knows
// no '~' marks: they are left out of the FEN it is given).
func TestPartnersPerftFairy(t *testing.T) {
	fsf := referenceProgram(t, "fairy-stockfish")
	depth, n := 2, 40
	if !testing.Short() {
		depth, n = 3, 120
	}
	reached := partnerGames(t, 30, 200, 2)
	rng := rand.New(rand.NewPCG(3, 3))
	rng.Shuffle(len(reached), func(i, j int) { reached[i], reached[j] = reached[j], reached[i] })
	reached = reached[:min(n, len(reached))]
	rs := perftRuleset(t, "bughouse")
	var in strings.Builder
	in.WriteString("uci\nsetoption name UCI_Variant value bughouse\n")
	for _, fen := range reached {
		fmt.Fprintf(&in, "position fen %s\ngo perft %d\n", strings.ReplaceAll(fen, "~", ""), depth)
	}
	in.WriteString("quit\n")
	cmd := exec.Command(fsf)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var counts []int64
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "Nodes searched: "); ok {
			c, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			counts = append(counts, c)
		}
	}
	if len(counts) != len(reached) {
		t.Fatalf("Fairy-Stockfish gave %d counts for %d positions", len(counts), len(reached))
	}
	for i, fen := range reached {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := perft.Perft(p, depth); got != counts[i] {
			t.Errorf("%s: perft %d is %d, Fairy-Stockfish counts %d", fen, depth, got, counts[i])
		}
	}
}
