// Mate distances through a warm transposition table, against a memoised full-width prover independent of the search.
package search_test

import (
	"context"
	"slices"
	"testing"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/interpreter"
)

// prover is a full-width minimax over the interpreter's legal moves and its verdicts on
// decided games (the quantifiers of winsWithin and losesWithin in tactics_test.go),
// remembering what it proved by the position's hash and the plies allowed. It uses nothing
// of the search: no evaluation, pruning or transposition table of the engine's. (The
// memo forgets the path, so a repetition draw that only the path could give is not seen;
// the shortest forced win never repeats a position.)
type prover struct {
	memo map[proofKey]bool
}

type proofKey struct {
	hash  uint64
	plies int
	lose  bool // losesWithin rather than winsWithin
}

func newProver() *prover { return &prover{memo: map[proofKey]bool{}} }

// winsWithin reports whether the side to move in p (a game not over) forces a win within
// plies plies.
func (pr *prover) winsWithin(p *interpreter.Position, plies int) bool {
	if plies < 1 {
		return false
	}
	k := proofKey{p.Hash(), plies, false}
	if v, ok := pr.memo[k]; ok {
		return v
	}
	v := false
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		v = pr.losesWithin(p, plies-1)
		p.Unmake()
		if v {
			break
		}
	}
	pr.memo[k] = v
	return v
}

// losesWithin reports whether the side to move in p loses within plies plies whatever it
// plays: it has lost already, or every move lets the opponent win within plies-1 (a reply
// that ends the game otherwise, a draw or a win of its own, refutes).
func (pr *prover) losesWithin(p *interpreter.Position, plies int) bool {
	if o, over := verdict(p); over {
		return o == compiler.Loss
	}
	if plies < 1 {
		return false
	}
	k := proofKey{p.Hash(), plies, true}
	if v, ok := pr.memo[k]; ok {
		return v
	}
	v := true
	for _, r := range p.LegalMoves(nil) {
		p.Make(r)
		var ok bool
		if o, over := verdict(p); over {
			ok = o == compiler.Win // the reply lost at once (a goal with a loss result)
		} else {
			ok = pr.winsWithin(p, plies-1)
		}
		p.Unmake()
		if !ok {
			v = false
			break
		}
	}
	pr.memo[k] = v
	return v
}

// winDistance is the length in plies of the shortest forced win of the side to move in p,
// or 0 when there is none within limit plies.
func (pr *prover) winDistance(p *interpreter.Position, limit int) int {
	for n := 1; n <= limit; n++ {
		if pr.winsWithin(p, n) {
			return n
		}
	}
	return 0
}

// lossDistance is the length in plies of the longest defence of the side to move in p,
// lost whatever it plays (0 when it has lost already), or -1 when it is not lost within
// limit plies.
func (pr *prover) lossDistance(p *interpreter.Position, limit int) int {
	for n := 0; n <= limit; n++ {
		if pr.losesWithin(p, n) {
			return n
		}
	}
	return -1
}

// mateCases are positions whose side to move forces a win in exactly plies plies, as the
// prover confirms first.
var mateCases = []struct {
	name, variant, fen string
	plies              int
	multiPV            bool // check every fastest root move by MultiPV too
}{
	{"KQ-K mate in four", "chess", "8/8/8/8/8/k7/8/2K4Q w - - 0 1", 7, true},
	{"KQ-K mate in five", "chess", "8/8/8/8/8/1k6/8/1K5Q w - - 0 1", 9, false},
	{"KR-K mate in three", "chess", "5k2/8/8/5K2/8/8/1R6/8 w - - 0 1", 5, true},
	// From play (docs/matches/crazyhouse-fairy-stockfish.pgn, game 1, ply 47): Black mates
	// in three with a queen drop at the end.
	{"crazyhouse mate in three from play", "crazyhouse",
		"r1b1k1n1/ppp1npp1/8/1P1p4/3Pn1q1/2P1B3/2PP1P2/R1BQK1Rq~[RBNPPp] b q - 3 24", 5, false},
	// From play (docs/matches/koopa-threat-vs-old-400.pgn, game 1, ply 5): White hits the
	// king in three, no check rule.
	{"koopa king hit in three from play", "koopa",
		"rnbqkbnr/1ppppp1p/6p1/1B6/2p1P3/7P/PPPP1PP1/RNBQK1NR w KQkq - 0 4 b5:4", 5, false},
}

// TestMateDistanceWarmTable: one engine, so one transposition table, searches each
// position at every depth from 1 to two past the mate's length, then (multiPV) every
// fastest root move and the next best by MultiPV, then plays its own line to the end,
// searching every position on the way with the same table. Each score must be the true
// distance for the side to move, proved by the prover: Mate minus the plies to the win,
// or minus Mate plus the plies to the loss, and never a faster end than the true one at
// any depth. Entries stored by earlier searches are read again at other plies, where a
// mate score stored or read without its distance from the node comes out wrong (the
// engine announced "win in 2" in KQ-K with the probe's adjustment of a loss reversed).
func TestMateDistanceWarmTable(t *testing.T) {
	t.Parallel()
	for _, c := range mateCases {
		t.Run(c.name, func(t *testing.T) {
			rs := open(t, c.variant)
			p := position(t, rs, c.fen)
			pr := newProver()
			if d := pr.winDistance(p, c.plies); d != c.plies {
				t.Fatalf("the prover finds a win in %d plies, want %d", d, c.plies)
			}
			e := search.New(rs, 16)
			deepening(t, e, p, c.plies)
			if c.multiPV {
				fastestLines(t, e, p, pr, c.plies)
			}
			ownLine(t, e, p, pr, c.plies)
		})
	}
}

// deepening searches p, won in plies plies, at depths 1 to plies+2 with e: never a
// faster win than the true one, nor a loss, and the true one at depth plies+2.
func deepening(t *testing.T, e *search.Engine, p *interpreter.Position, plies int) {
	t.Helper()
	want := search.Mate - plies
	for depth := 1; depth <= plies+2; depth++ {
		res := e.Search(context.Background(), p, search.Limits{Depth: depth}, nil)
		if res.Score > want || res.Score <= -search.Mate+search.MateSpan || depth >= plies+2 && res.Score != want {
			t.Fatalf("depth %d: score %d (%s), the true win is in %d plies (%d); pv %v",
				depth, res.Score, search.ScoreText(res.Score), plies, want, coords(p, res.PV))
		}
	}
}

// fastestLines searches p, won in plies plies, with MultiPV one more than the root moves
// that win that fast: each of them must come out once with the true score, and the next
// line below it. MultiPV searches each line on its own, so a root move whose subtree read
// a mate at a wrong distance from the table is misplaced or mis-scored.
func fastestLines(t *testing.T, e *search.Engine, p *interpreter.Position, pr *prover, plies int) {
	t.Helper()
	var fastest []string
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		if pr.losesWithin(p, plies-1) {
			fastest = append(fastest, p.Coord(m))
		}
		p.Unmake()
	}
	depth, want := plies+2, search.Mate-plies
	lines := map[int]search.Info{}
	e.Search(context.Background(), p, search.Limits{Depth: depth, MultiPV: len(fastest) + 1}, func(i search.Info) {
		if i.Depth == depth {
			lines[i.MultiPV] = i
		}
	})
	seen := map[string]bool{}
	for n := 1; n <= len(fastest)+1; n++ {
		l, ok := lines[n]
		if !ok || len(l.PV) == 0 {
			t.Fatalf("MultiPV %d at depth %d: no line %d", len(fastest)+1, depth, n)
		}
		first := p.Coord(l.PV[0])
		if n <= len(fastest) && (l.Score != want || !slices.Contains(fastest, first) || seen[first]) ||
			n > len(fastest) && (l.Score >= want || l.Score <= -search.Mate+search.MateSpan) {
			t.Fatalf("MultiPV line %d: %s scored %d (%s); the moves that win in %d plies (%d) are %v",
				n, first, l.Score, search.ScoreText(l.Score), plies, want, fastest)
		}
		seen[first] = true
	}
}

// ownLine plays the engine's best move from p, won in plies plies, until the game ends,
// searching each position to two past its distance with e: each score must be the true
// one, and each move keep the end exactly one ply nearer (the prover's distance).
func ownLine(t *testing.T, e *search.Engine, p *interpreter.Position, pr *prover, plies int) {
	t.Helper()
	start := p.FEN()
	made := 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	for left := plies; left > 0; left-- {
		want := search.Mate - left // the winner to move
		if made%2 == 1 {
			want = -want
		}
		res := e.Search(context.Background(), p, search.Limits{Depth: left + 2}, nil)
		if res.Score != want {
			t.Fatalf("%s, %d plies on: score %d (%s), want %d; pv %v",
				start, made, res.Score, search.ScoreText(res.Score), want, coords(p, res.PV))
		}
		p.Make(res.Best)
		made++
		var d int
		if made%2 == 1 {
			d = pr.lossDistance(p, left-1)
		} else {
			d = pr.winDistance(p, left-1)
		}
		if d != left-1 {
			t.Fatalf("%s, %d plies on: after %s the end is %d plies away, want %d", start, made, p.Coord(res.Best), d, left-1)
		}
	}
	if o, over := verdict(p); !over || o != compiler.Loss {
		t.Fatalf("%s: the engine's line does not end lost for the side to move: %s", start, p.FEN())
	}
}
