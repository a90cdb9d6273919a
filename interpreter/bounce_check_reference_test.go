// The synthetic bounce-check (testdata/synthetic/bounce-check.yaml) is Koopa chess under the
// chess check rule: the naive Koopa reference of bounce_reference_test.go, with a filter
// that drops the moves leaving the mover's king attacked by an unstunned enemy piece,
// must give the interpreter's moves, positions and results.
package interpreter_test

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"chimera/interpreter"
)

const bounceCheckFile = "../testdata/synthetic/bounce-check.yaml"

// checkedChildren are the reference's legal moves under the check rule: the Koopa moves
// after which the mover's king (still on the board: the reference already refuses moves
// that remove it) is not attacked. Stunned pieces attack nothing.
func (b *koopaBoard) checkedChildren() []koopaChild {
	king := byte('K')
	if !b.white {
		king = 'k'
	}
	var out []koopaChild
	for _, c := range b.children() {
		safe := true
		for sq, pc := range c.next.sq {
			if pc == king && c.next.attacked(sq, c.next.white) {
				safe = false
			}
		}
		if safe {
			out = append(out, c)
		}
	}
	return out
}

// checkedCoords are the legal moves as bounce-check writes them: castling as the king's move
// to its square, or to the partner's square when the king stays or when that text is also
// a move of the king's own.
func (b *koopaBoard) checkedCoords() []string {
	kids := b.checkedChildren()
	plain := map[string]bool{}
	for _, c := range kids {
		if c.move.castle < 0 {
			plain[b.coord(c.move)] = true
		}
	}
	var out []string
	for _, c := range kids {
		out = append(out, b.checkedCoord(c.move, plain))
	}
	sort.Strings(out)
	return out
}

func (b *koopaBoard) checkedCoord(m koopaMove, plain map[string]bool) string {
	if m.castle >= 0 && m.to != m.from {
		if s := koopaSquareName(m.from) + koopaSquareName(m.to); !plain[s] {
			return s
		}
	}
	return b.coord(m)
}

func (b *koopaBoard) checkedPlay(s string) (*koopaBoard, error) {
	kids := b.checkedChildren()
	plain := map[string]bool{}
	for _, c := range kids {
		if c.move.castle < 0 {
			plain[b.coord(c.move)] = true
		}
	}
	for _, c := range kids {
		if b.checkedCoord(c.move, plain) == s {
			n := c.next
			return &n, nil
		}
	}
	return nil, fmt.Errorf("bounce-check reference: %s is not legal in %s", s, b.fen())
}

func checkedPerft(b *koopaBoard, depth int) int64 {
	kids := b.checkedChildren()
	if depth == 1 {
		return int64(len(kids))
	}
	var n int64
	for i := range kids {
		n += checkedPerft(&kids[i].next, depth-1)
	}
	return n
}

// bounceCheckStarts: the definition's setups, Chess960 arrays, and positions with stuns.
var bounceCheckStarts = []string{
	koopaStandardFEN,
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 1",
	"r3k2r/ppp2ppp/2nbbn2/3qp3/3QP3/2NBBN2/PPP2PPP/R3K2R w KQkq - 0 1 d5:3,e4:2,f6:4,c3:1",
	koopaSeedFEN,
	"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}

func TestBounceCheckMatchesReference(t *testing.T) {
	rs := openRuleset(t, bounceCheckFile)
	games, plies := 200, 80
	if testing.Short() {
		games, plies = 30, 40
	}
	onBothCores(t, func(t *testing.T) {
		positions, ended, checks := 0, 0, 0
		for g := 0; g < games; g++ {
			fen := bounceCheckStarts[g%len(bounceCheckStarts)]
			rng := rand.New(rand.NewSource(int64(104729*g + 3)))
			p := mustFEN(t, rs, fen)
			ref := koopaMustFEN(t, fen)
			var history []string
			for ply := 0; ply <= plies; ply++ {
				where := fmt.Sprintf("game %d from %s after [%s]", g, fen, strings.Join(history, " "))
				if koopaDecidedByRule(p) {
					break
				}
				koopaCompareState(t, p, ref, where)
				legal := p.LegalMoves(nil)
				got, want := coords(p, legal), ref.checkedCoords()
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s (%s): legal moves\n got  %v\n want %v (reference)", where, p.FEN(), got, want)
				}
				if p.InCheck() {
					checks++
				}
				positions++
				if len(legal) == 0 || ply == plies {
					if ref.over {
						ended++
					}
					break
				}
				m := legal[rng.Intn(len(legal))]
				c := p.Coord(m)
				history = append(history, c)
				p.Make(m)
				var err error
				if ref, err = ref.checkedPlay(c); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
		}
		t.Logf("%d positions compared in %d games (%d in check), %d ended by a king hit", positions, games, checks, ended)
		if checks == 0 || ended == 0 {
			t.Errorf("the games reached %d checks and %d king hits; the comparison needs both", checks, ended)
		}
	})
}

func TestBounceCheckPerftMatchesReference(t *testing.T) {
	rs := openRuleset(t, bounceCheckFile)
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, fen := range bounceCheckStarts[1:3] {
		want := checkedPerft(koopaMustFEN(t, fen), depth)
		onBothCores(t, func(t *testing.T) {
			p := mustFEN(t, rs, fen)
			if got := corePerft(p, depth, make([][]interpreter.Move, depth+1)); got != want {
				t.Errorf("%s: perft %d got %d, reference %d", fen, depth, got, want)
			}
		})
	}
}
