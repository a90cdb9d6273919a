// A deliberately naive generator for chess with walls placed instead of a move (the rules of
// Fairy-Stockfish's `[atlantis:chess]` section: `wallingRule = edge`, `wallOrMove = true`), in
// plain Go from the rules text alone: its generator imports only the standard library and shares
// no code with defs, compiler or interpreter. It reuses the orthodox primitives of
// turns_naive_test.go (naiveGen, naiveAttacked, naiveMake, the placement reader and writer, with
// the wall code naiveWall), which TestNaiveTurnsOrthodoxPerft checks against published chess
// perft numbers; TestWallsNaiveOrthodoxPerft checks this file's own legality test the same way.
//
// Rules it implements:
//   - Orthodox chess: castling, en passant, promotion to N, B, R, Q; a move may not leave the
//     mover's king attacked.
//   - Walls: cells marked '*' in the FEN placement (a wall is one character of width 1, like a
//     man's letter). A wall belongs to no side, blocks every slide and step, no man moves onto
//     it, it is never captured, and it stands for the rest of the game. Castling needs the cells
//     between king and rook empty (no wall either); a pawn's double step is blocked by a wall on
//     the passed or the landing cell.
//   - A turn is either an orthodox legal move (no wall placed), or a wall placed alone instead of
//     a move: only when the side to move is not in check, on an empty cell (no man, no wall) on
//     the board's edge (file a or h, rank 1 or 8) or orthogonally beside (N, S, E, W) a wall
//     standing before the turn. A wall turn clears the en-passant target (the right lasts one
//     ply), leaves the castling rights alone, and adds one to the half-move clock.
//   - A side with no legal turn has lost (checkmate) or drawn (stalemate): perft counts 0 there
//     beyond depth 0.
//
// Texts (Chimera's coordinate notation): a move "e2e4", promotion "e7e8q", castling the king's
// two-file move "e1g1"/"e1c1"; a wall turn "<c><c>,<c><w>", <c> the cell of the side's man on the
// lowest cell in the order a1, b1, ..., h1, a2, ..., h8 (any man, king included), <w> the wall's
// cell: "a1a1,a1d4".
//
// Half-move clock: Fairy-Stockfish's Position::do_move increments rule50 for every move, then
// resets it for a capture, a promotion, or a move of a pawnTypes man (default: the pawn) that is
// not one of its reversible moves (PseudoMoves[..][to] & from). Its wall turn is a "pass" move of
// the lowest man from its cell to the same cell, which no pawn move set contains: so in
// Fairy-Stockfish the wall turn resets the clock when that lowest man is a pawn, and increments
// it otherwise (TestWallsNaiveFSF shows it). This generator increments it always, as the rules
// text has it; perft does not depend on it.
package perft

import (
	"fmt"
	"maps"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/interpreter"
)

// wallsNaive is the rule switch: wallTurns false leaves orthodox chess (walls standing in the
// FEN still block).
type wallsNaive struct{ wallTurns bool }

var (
	wallsAtlantis = wallsNaive{wallTurns: true}
	wallsNone     = wallsNaive{}
)

// wallsTurn is one turn: the man's move m when wall < 0, else the wall placed on cell wall.
type wallsTurn struct {
	m    naiveMove
	wall int
}

func wallsEdge(c int) bool { r, f := c/8, c%8; return r == 0 || r == 7 || f == 0 || f == 7 }

// wallsPlaceable: a wall may go on c (empty; on the edge or beside a standing wall).
func wallsPlaceable(b *[64]int8, c int) bool {
	if b[c] != 0 {
		return false
	}
	if wallsEdge(c) {
		return true
	}
	r, f := c/8, c%8
	for _, d := range naiveRookD {
		if rr, ff := r+d[0], f+d[1]; naiveOn(rr, ff) && b[rr*8+ff] == naiveWall {
			return true
		}
	}
	return false
}

// wallsLowest is the lowest cell (a1 = 0, b1, ..., h8) holding a man of side, or -1.
func wallsLowest(b *[64]int8, side int) int {
	for c, pc := range b {
		if pc != 0 && pc != naiveWall && (pc > 0) == (side == 0) {
			return c
		}
	}
	return -1
}

func wallsInCheck(p *naivePos) bool {
	return naiveAttacked(&p.b, naiveKing(&p.b, p.side), 1-p.side)
}

// turns lists the legal turns of p.side: the orthodox moves that leave the mover's king
// unattacked, then (not in check) the wall turns.
func (w wallsNaive) turns(p naivePos) []wallsTurn {
	var out []wallsTurn
	for _, m := range naiveGen(&p, true) {
		q := naiveMake(p, m)
		if !naiveAttacked(&q.b, naiveKing(&q.b, p.side), 1-p.side) {
			out = append(out, wallsTurn{m: m, wall: -1})
		}
	}
	if w.wallTurns && wallsLowest(&p.b, p.side) >= 0 && !wallsInCheck(&p) {
		for c := 0; c < 64; c++ {
			if wallsPlaceable(&p.b, c) {
				out = append(out, wallsTurn{wall: c})
			}
		}
	}
	return out
}

// play makes turn t and passes the turn.
func (w wallsNaive) play(p naivePos, t wallsTurn) naivePos {
	var q naivePos
	if t.wall < 0 {
		q = naiveMake(p, t.m)
	} else {
		q = p
		q.b[t.wall] = naiveWall
		q.ep = -1
		q.half++
	}
	q.side = 1 - p.side
	if p.side == 1 {
		q.full++
	}
	return q
}

func wallsText(p *naivePos, t wallsTurn) string {
	if t.wall < 0 {
		return t.m.String()
	}
	c := naiveSq(wallsLowest(&p.b, p.side))
	return c + c + "," + c + naiveSq(t.wall)
}

func (w wallsNaive) perft(p naivePos, d int) uint64 {
	if d == 0 {
		return 1
	}
	ts := w.turns(p)
	if d == 1 {
		return uint64(len(ts))
	}
	var n uint64
	for _, t := range ts {
		n += w.perft(w.play(p, t), d-1)
	}
	return n
}

func wallsParse(fen string) (naivePos, error) {
	p, err := naiveParseFEN(fen)
	if err == nil && p.done != 0 {
		err = fmt.Errorf("walls FEN %q: a turn is one move", fen)
	}
	return p, err
}

func (w wallsNaive) perftFEN(fen string, depth int) (uint64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("walls perft: negative depth %d", depth)
	}
	p, err := wallsParse(fen)
	if err != nil {
		return 0, err
	}
	return w.perft(p, depth), nil
}

// divide maps each legal turn's text to perft(after it, depth-1).
func (w wallsNaive) divide(fen string, depth int) (map[string]uint64, error) {
	if depth < 1 {
		return nil, fmt.Errorf("walls divide: depth %d", depth)
	}
	p, err := wallsParse(fen)
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	for _, t := range w.turns(p) {
		s := wallsText(&p, t)
		if _, dup := out[s]; dup {
			return nil, fmt.Errorf("walls divide %s: two turns written %s", fen, s)
		}
		out[s] = w.perft(w.play(p, t), depth-1)
	}
	return out, nil
}

// wallsNaivePerft counts the atlantis turn sequences of depth plies from fen.
func wallsNaivePerft(fen string, depth int) (uint64, error) {
	return wallsAtlantis.perftFEN(fen, depth)
}

// wallsNaiveMoves lists the texts of the legal atlantis turns at fen, sorted.
func wallsNaiveMoves(fen string) ([]string, error) {
	p, err := wallsParse(fen)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range wallsAtlantis.turns(p) {
		out = append(out, wallsText(&p, t))
	}
	sort.Strings(out)
	return out, nil
}

// wallsNaiveAfter plays the legal atlantis turn written move at fen and returns the FEN after.
func wallsNaiveAfter(fen, move string) (string, error) {
	p, err := wallsParse(fen)
	if err != nil {
		return "", err
	}
	for _, t := range wallsAtlantis.turns(p) {
		if wallsText(&p, t) == move {
			return wallsAtlantis.play(p, t).fen(), nil
		}
	}
	return "", fmt.Errorf("walls: %s is not a legal turn at %s", move, fen)
}

// wallsNaiveWalk plays plies random legal atlantis turns from fen (seeded): with probability
// wallBias a wall turn when there is one, else any man's move when there is one; it returns
// the FEN after each ply and stops early when the game ends.
func wallsNaiveWalk(fen string, seed int64, plies int, wallBias float64) ([]string, error) {
	p, err := wallsParse(fen)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(seed))
	var out []string
	for i := 0; i < plies; i++ {
		var moves, walls []wallsTurn
		for _, t := range wallsAtlantis.turns(p) {
			if t.wall >= 0 {
				walls = append(walls, t)
			} else {
				moves = append(moves, t)
			}
		}
		pick := moves
		if len(walls) > 0 && (len(moves) == 0 || rng.Float64() < wallBias) {
			pick = walls
		}
		if len(pick) == 0 {
			break
		}
		p = wallsAtlantis.play(p, pick[rng.Intn(len(pick))])
		out = append(out, p.fen())
	}
	return out, nil
}

func wallsMustMoves(t *testing.T, fen string) []string {
	t.Helper()
	ms, err := wallsNaiveMoves(fen)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// wallsSplit separates a list of turn texts into the men's moves and the wall cells.
func wallsSplit(ms []string) (moves, walls []string) {
	for _, m := range ms {
		if _, w, ok := strings.Cut(m, ","); ok {
			walls = append(walls, w[2:])
		} else {
			moves = append(moves, m)
		}
	}
	sort.Strings(walls)
	return moves, walls
}

func TestWallsNaiveOrthodoxPerft(t *testing.T) {
	for _, c := range publishedChessPerft {
		for d, want := range c.want {
			got, err := wallsNone.perftFEN(c.fen, d+1)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s depth %d: %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
}

func TestWallsNaiveHandCounts(t *testing.T) {
	edge8 := []string{"a3", "a4", "a5", "a6", "h3", "h4", "h5", "h6"}
	// The start: the 20 chess moves and a wall on each of the 8 empty edge cells.
	ms := wallsMustMoves(t, naiveChessStart)
	moves, walls := wallsSplit(ms)
	if len(ms) != 28 || len(moves) != 20 || !slices.Equal(walls, edge8) || naiveHas(ms, "a1a1,a1d4") || !naiveHas(ms, "a1a1,a1a3") {
		t.Errorf("start: %d turns %v", len(ms), ms)
	}
	if n, err := wallsNaivePerft(naiveChessStart, 1); err != nil || n != 28 {
		t.Errorf("start perft 1: %d %v, want 28", n, err)
	}
	// After b1c3 Black has its 20 moves and 9 walls (b1 is empty and on the edge), written
	// from a7, its lowest man.
	fen, err := wallsNaiveAfter(naiveChessStart, "b1c3")
	if err != nil {
		t.Fatal(err)
	}
	ms = wallsMustMoves(t, fen)
	moves, walls = wallsSplit(ms)
	if len(ms) != 29 || len(moves) != 20 || !slices.Equal(walls, []string{"a3", "a4", "a5", "a6", "b1", "h3", "h4", "h5", "h6"}) || !naiveHas(ms, "a7a7,a7b1") {
		t.Errorf("after b1c3: %d turns %v", len(ms), ms)
	}
	// A wall on d4 makes d3, d5, c4, e4 available and stops the d-pawn's double step: 19 moves,
	// 12 walls.
	ms = wallsMustMoves(t, "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	moves, walls = wallsSplit(ms)
	want := []string{"a3", "a4", "a5", "a6", "c4", "d3", "d5", "e4", "h3", "h4", "h5", "h6"}
	if len(moves) != 19 || naiveHas(moves, "d2d4") || !naiveHas(moves, "d2d3") || !slices.Equal(walls, want) {
		t.Errorf("wall on d4: moves %v walls %v, want 19 moves and walls %v", moves, walls, want)
	}
	// In check (the bishop b5 on the king e8): the six evasions c7c6, b8c6, b8d7, c8d7, d8d7,
	// e8e7, no wall turn.
	ms = wallsMustMoves(t, "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3")
	if want := []string{"b8c6", "b8d7", "c7c6", "c8d7", "d8d7", "e8e7"}; !slices.Equal(ms, want) {
		t.Errorf("in check: %v, want %v", ms, want)
	}
	// Checkmate stays checkmate: a wall cannot be placed in check.
	if n, err := wallsNaivePerft("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 1); err != nil || n != 0 {
		t.Errorf("fool's mate: %d turns %v, want 0", n, err)
	}
	// A wall on b1 forbids O-O-O and stops the rook; b2 (beside it) becomes available: king 5
	// (d1 d2 e2 f2 f1), rook 7 (a2..a8); walls: 24 free edge cells and b2.
	ms = wallsMustMoves(t, "4k3/8/8/8/8/8/8/R*2K3 w Q - 0 1")
	moves, walls = wallsSplit(ms)
	if len(moves) != 12 || len(walls) != 25 || naiveHas(moves, "e1c1") || naiveHas(moves, "a1b1") || !naiveHas(ms, "a1a1,a1b2") {
		t.Errorf("wall on b1: moves %v walls %v", moves, walls)
	}
	if ms := wallsMustMoves(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"); !naiveHas(ms, "e1c1") {
		t.Errorf("no wall on b1: no O-O-O in %v", ms)
	}
	// A wall shields the king from the rook e8 (no check: wall turns allowed); the king may
	// not step on it. King 4 (d1 d2 f1 f2); walls: 25 free edge cells and d2, e3, f2.
	ms = wallsMustMoves(t, "4r2k/8/8/8/8/8/4*3/4K3 w - - 0 1")
	moves, walls = wallsSplit(ms)
	if len(moves) != 4 || len(walls) != 28 || !naiveHas(ms, "e1e1,e1e3") || !naiveHas(ms, "e1e1,e1d2") {
		t.Errorf("shielding wall: moves %v walls %v", moves, walls)
	}
	// A wall on the landing or the passed cell blocks the double step.
	if ms := wallsMustMoves(t, "4k3/8/8/8/4*3/8/4P3/4K3 w - - 0 1"); !naiveHas(ms, "e2e3") || naiveHas(ms, "e2e4") {
		t.Errorf("wall on e4: %v", ms)
	}
	if ms := wallsMustMoves(t, "4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1"); naiveHas(ms, "e2e3") || naiveHas(ms, "e2e4") {
		t.Errorf("wall on e3: %v", ms)
	}
	// A wall is never captured and blocks the bishop's slide: Bc1 reaches d2 only.
	ms = wallsMustMoves(t, "4k3/8/8/8/8/4*3/8/2B1K3 w - - 0 1")
	if naiveHas(ms, "c1e3") || naiveHas(ms, "c1f4") || !naiveHas(ms, "c1d2") || !naiveHas(ms, "c1a3") {
		t.Errorf("bishop and wall: %v", ms)
	}
	// A wall turn clears the en-passant target, keeps castling, adds to the clocks; the wall
	// stands in the placement as '*', one cell wide. Black's lowest man is the pawn d4.
	got, err := wallsNaiveAfter("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "d4d4,d4h3")
	if want := "rnbqkbnr/ppp1pppp/8/8/3pP3/7*/PPPP1PPP/RNBQKBNR w KQkq - 1 4"; err != nil || got != want {
		t.Errorf("wall turn: %s %v, want %s", got, err, want)
	}
	if ms := wallsMustMoves(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"); !naiveHas(ms, "d4e3") {
		t.Errorf("en passant: %v", ms)
	}
	// With wall turns disabled the generator is chess: the start has its 20 moves.
	if n, err := wallsNone.perftFEN(naiveChessStart, 1); err != nil || n != 20 {
		t.Errorf("no wall turns: %d %v", n, err)
	}
	// Bad input.
	if _, err := wallsNaiveAfter(naiveChessStart, "a1a1,a1d4"); err == nil {
		t.Errorf("a wall on d4 at the start: no error")
	}
	if _, err := wallsNaivePerft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w+1 KQkq - 0 1", 1); err == nil {
		t.Errorf("a turn already begun: no error")
	}
}

// TestWallsNaiveWalks: the random walks reach positions with several walls standing, whose FENs
// read back, and whose every turn is legal by the rules checked separately here.
func TestWallsNaiveWalks(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		fens, err := wallsNaiveWalk(naiveChessStart, seed, 10+int(seed)*20/12, 0.6)
		if err != nil {
			t.Fatal(err)
		}
		last := fens[len(fens)-1]
		if n := strings.Count(strings.Fields(last)[0], "*"); n < 3 {
			t.Errorf("seed %d: %s has %d walls", seed, last, n)
		}
		for _, fen := range fens {
			p, err := wallsParse(fen)
			if err != nil || p.fen() != fen {
				t.Fatalf("%s reads back as %s (%v)", fen, p.fen(), err)
			}
			for _, m := range wallsMustMoves(t, fen) {
				if _, w, ok := strings.Cut(m, ","); ok {
					c := int(w[3]-'1')*8 + int(w[2]-'a')
					if p.b[c] != 0 || wallsInCheck(&p) {
						t.Errorf("%s: wall turn %s", fen, m)
					}
				}
			}
		}
	}
}

// wallsFSFDivide runs Fairy-Stockfish's current source build on the atlantis section at fen,
// perft depth, and returns its divide with the men's moves' spurious wall suffix removed.
func wallsFSFDivide(t *testing.T, fsf, ini, fen string, depth int) map[string]uint64 {
	t.Helper()
	in := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value atlantis\nposition fen %s\ngo perft %d\nquit\n", ini, fen, depth)
	cmd := exec.Command(fsf)
	cmd.Stdin = strings.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", fsf, err)
	}
	div := map[string]uint64{}
	var total uint64
	found := false
	for _, line := range strings.Split(string(out), "\n") {
		if s, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			total, err = strconv.ParseUint(strings.TrimSpace(s), 10, 64)
			found = err == nil
			continue
		}
		mv, n, ok := strings.Cut(line, ": ")
		if !ok || strings.ContainsAny(mv, " ") || len(mv) < 4 {
			continue
		}
		c, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
		if err != nil {
			continue
		}
		if head, _, ok := strings.Cut(mv, ","); ok && head[:2] != head[2:4] {
			mv = head
		}
		if _, dup := div[mv]; dup {
			t.Fatalf("%s: Fairy-Stockfish writes two moves %s", fen, mv)
		}
		div[mv] = c
	}
	var sum uint64
	for _, c := range div {
		sum += c
	}
	if !found || sum != total {
		t.Fatalf("%s: Fairy-Stockfish's divide sums to %d, its total %d (found %v)\n%s", fen, sum, total, found, out)
	}
	return div
}

// wallsDiffDivide describes how two divides differ ("" when equal).
func wallsDiffDivide(got, want map[string]uint64) string {
	var d []string
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[k]; !ok {
			d = append(d, fmt.Sprintf("%s missing (%d)", k, want[k]))
		} else if g != want[k] {
			d = append(d, fmt.Sprintf("%s %d, want %d", k, g, want[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			d = append(d, fmt.Sprintf("%s extra (%d)", k, got[k]))
		}
	}
	return strings.Join(d, "; ")
}

// wallsFSFPositions: the start, walls standing in the middle, castling rights with walls near
// the castling paths and an en-passant target, a check, a pawn about to promote beside walls.
var wallsFSFPositions = []string{
	naiveChessStart,
	"rnbqkbnr/pppppppp/8/3**3/2*5/3*4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/ppp1qppp/2n2n2/3pP3/8/2N2N2/PPPQ1PPP/R*2K2R w Kkq d6 0 1",
	"r3k2r/ppp2ppp/5n2/1B1pP3/3*4/2N2N2/PPP2PPP/R3K2R b KQkq - 0 1",
	"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
	"4k3/1P6/1*6/8/8/8/6p1/4K2* w - - 0 1",
	"r3k3/8/8/8/8/8/*7/R3K2R w KQq - 0 1",
}

// TestWallsNaiveFSF compares the naive generator's divide with Fairy-Stockfish's current source
// (CHIMERA_FSF_CURRENT) on the atlantis section at depths 2 and 3, on hand-made positions and on
// positions of random walks; and shows the half-move clock after a wall turn.
func TestWallsNaiveFSF(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	ini, err := filepath.Abs("../../../shared/fsf/variants-upstream.ini")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ini); err != nil {
		t.Skipf("no %s", ini)
	}
	fens := slices.Clone(wallsFSFPositions)
	for seed := int64(1); seed <= 6; seed++ {
		walk, err := wallsNaiveWalk(naiveChessStart, seed, 12+3*int(seed), 0.6)
		if err != nil {
			t.Fatal(err)
		}
		fens = append(fens, walk[len(walk)-1], walk[len(walk)/2])
	}
	for _, fen := range fens {
		for d := 2; d <= 3; d++ {
			want, err := wallsAtlantis.divide(fen, d)
			if err != nil {
				t.Fatal(err)
			}
			got := wallsFSFDivide(t, fsf, ini, fen, d)
			var n uint64
			for _, c := range want {
				n += c
			}
			if diff := wallsDiffDivide(got, want); diff != "" {
				t.Errorf("%s depth %d: Fairy-Stockfish against the naive generator (%d): %s", fen, d, n, diff)
			} else {
				t.Logf("%s perft %d = %d (%d turns), as Fairy-Stockfish", fen, d, n, len(want))
			}
		}
	}
	// The half-move clock after a wall turn in Fairy-Stockfish: incremented when the lowest man
	// is not a pawn, reset to 0 when it is (see the header comment).
	for _, c := range []struct{ fen, move, want string }{
		{"4k3/8/8/8/8/8/4K3/R7 w - - 5 10", "a1a1,a1h1", "4k3/8/8/8/8/8/4K3/R6* b - - 6 10"},
		{"4k3/8/8/8/8/8/P3K3/8 w - - 5 10", "a2a2,a2h1", "4k3/8/8/8/8/8/P3K3/7* b - - 0 10"},
	} {
		in := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value atlantis\nposition fen %s moves %s\nd\nquit\n", ini, c.fen, c.move)
		cmd := exec.Command(fsf)
		cmd.Stdin = strings.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "Fen: "+c.want+"\n") {
			t.Errorf("%s %s: Fairy-Stockfish's FEN is not %s:\n%s", c.fen, c.move, c.want, out)
		}
		naive, err := wallsNaiveAfter(c.fen, c.move)
		t.Logf("%s %s: Fairy-Stockfish %s, naive generator %s (%v)", c.fen, c.move, c.want, naive, err)
	}
}

// wallsChimeraDivide is Chimera's divide at fen: each legal move's coordinate text and the
// perft below it.
func wallsChimeraDivide(t *testing.T, p *interpreter.Position, depth int) map[string]uint64 {
	t.Helper()
	out := map[string]uint64{}
	for _, m := range p.LegalMoves(nil) {
		s := p.Coord(m)
		if _, dup := out[s]; dup {
			t.Fatalf("%s: two moves written %s", p.FEN(), s)
		}
		p.Make(m)
		out[s] = uint64(Perft(p, depth-1))
		p.Unmake()
	}
	return out
}

// TestWallsNaiveAtlantis compares Chimera's import of the atlantis section with the naive
// generator: divide at depth 3 from the start (4 without -short), and from two positions of each
// of 12 seeded random walks of 10 to 30 plies biased toward wall turns (16 walks without
// -short): the walk's middle at depth 2, its end at depth 3.
func TestWallsNaiveAtlantis(t *testing.T) {
	const ini = "../../../shared/fsf/variants-upstream.ini"
	if _, err := os.Stat(ini); err != nil {
		t.Skipf("no %s", ini)
	}
	rs, err := interpreter.Open(ini + ":atlantis")
	if err != nil {
		t.Fatal(err)
	}
	start, err := interpreter.Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := start.FEN(); got != naiveChessStart {
		t.Errorf("start %s, want %s", got, naiveChessStart)
	}
	compare := func(fen string, depth int) {
		t.Helper()
		want, err := wallsAtlantis.divide(fen, depth)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if diff := wallsDiffDivide(wallsChimeraDivide(t, p, depth), want); diff != "" {
			t.Errorf("%s depth %d: Chimera against the naive generator: %s", fen, depth, diff)
		}
	}
	t0 := time.Now()
	compare(naiveChessStart, 3+boolInt(!testing.Short()))
	walks := 12
	if !testing.Short() {
		walks = 16
	}
	positions := 1
	for seed := int64(1); seed <= int64(walks); seed++ {
		fens, err := wallsNaiveWalk(naiveChessStart, seed, 10+int(seed)*20/walks, 0.6)
		if err != nil {
			t.Fatal(err)
		}
		compare(fens[len(fens)/2], 2)
		compare(fens[len(fens)-1], 3)
		positions += 2
	}
	t.Logf("%d positions in %v", positions, time.Since(t0).Round(time.Millisecond))
}

// TestWallsNaiveChessDivide checks the comparison's harness on the built-in chess, whose texts
// are the ones the atlantis comparison reads: Chimera's divide at depth 2 against the naive
// generator with wall turns disabled, on positions with castling, en passant and promotions.
func TestWallsNaiveChessDivide(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		naiveChessStart,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
	} {
		want, err := wallsNone.divide(fen, 2)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if diff := wallsDiffDivide(wallsChimeraDivide(t, p, 2), want); diff != "" {
			t.Errorf("%s: Chimera's chess against the naive generator: %s", fen, diff)
		}
	}
}
