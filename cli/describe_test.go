// Tests of the generated piece descriptions and of the board drawing on a small irregular board.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tiny has a missing cell (a4), an unused cell (c2), a restricted zone and a goal zone
// with different squares for each side.
const tiny = `name: tiny
title: Tiny
board:
  files: 4
  ranks: 4
  layout: |
    *...
    ....
    ..-.
    ....
  restricted:
    - {zone: den, only: [K]}
zones:
  den: {squares: [a1]}
  top: {white: [d4], black: [d1]}
pieces:
  - name: King
    letter: K
    royal: true
    moves: [{leap: [1, 0]}, {leap: [1, 1]}]
  - name: Walker
    letter: W
    describe: walks one square forward
    moves: [{leap: [0, 1], symmetry: none}]
goals:
  - {name: summit, reach: top}
setups:
  - name: s
    fen: "*k2/4/2*1/K2W w - - 0 1"
`

func TestShowIrregularBoard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.yaml")
	if err := os.WriteFile(path, []byte(tiny), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run("show", path)
	if code != 0 {
		t.Fatalf("got exit %d, stderr %s", code, errs)
	}
	want := []string{
		"  4     k  . (.)\n",
		"  3  .  .  .  .\n",
		"  2  .  .  -  .\n",
		"  1 [K] .  . (W)\n",
		"     a  b  c  d\n",
		"'-' unused",
		"blank: no cell",
		"[] zone den (a1): only K may end a move here",
		`() zone top (White: d4; Black: d1): goal "summit"`,
		"- walks one square forward\n",
		`Goal "summit": when a K of the mover ends its move`,
		"board 4×4, 14 squares",
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("got\n%s\nwant it to contain %q", out, w)
		}
	}
	code, out, _ = run("show", path, "--generated")
	if code != 0 || !strings.Contains(out, "- steps one square forward\n") {
		t.Errorf("--generated: got exit %d and\n%s\nwant the generated description", code, out)
	}
}

// Every rule added with the chess family's, shogi's and the Asian variants is described
// by show, in words (not left out, not left as an empty condition).
func TestDescribeNewRules(t *testing.T) {
	t.Parallel() // touches no process-wide state
	for _, c := range []struct{ variant, want string }{
		{"antichess", "Captures are compulsory"},
		{"antichess", "when the mover has no men in all left"},
		{"racingkings", "No move may give check."},
		{"horde", "A side may have no royal piece."},
		{"3check", "Checks are counted: each side has 3 to give"},
		{"3check", "when the mover has given its 3 checks"},
		{"atomic", "Captures explode"},
		{"jesonmor", "still stands on zone centre"},
		{"shogi", "No P is dropped on a file"},
		{"shogi", "A checkmate given by dropping a P is lost"},
		{"shogi", "also on a move that leaves it"},
		{"kyotoshogi", "dropped as what it promotes to"},
		{"micro", "only by capturing"},
		{"grand", "only to a piece its side has fewer of than"},
		{"makpong", "may not move but to take the one piece giving check"},
		{"cambodian", "First moves:"},
		{"shatranj", "while the other side has at least 2"},
		{"suicide", "the side with fewer men on the board wins"},
		{"ataxx", "the side to move is judged by the men on the board (stalemate). Stalemate: the side with more men on the board wins"},
		{"janggi", "A side may pass its turn when not in check"},
		{"janggi", "2 passes in a row end the game"},
		{"janggi", "Facing: while"},
		{"janggi", "decided on points: A 3, B 3, C 7, N 5, P 2, R 13, plus 1.5 for black"},
		{"janggi", "never leaving palace-lines"},
		{"janggi", "(never a C)"},
		{"annanshogi", "Borrowed moves: a man with a man of its own side directly behind it moves"},
		{"annanshogi", "No P may be dropped in front of an enemy royal piece"},
		{"checkshogi", "when the mover has given its 1 checks"},
		{"makruk", "no count when a P stands on the board; no count when the other side has a single man; 64 moves when it has more than one man; 8 moves when the other side has 2 R"},
		{"asean", "44 moves when the other side has 1 B, 1 Q"},
		{"shatar", "A checkmate given by N alone is lost by the side that gave it."},
		{"shatar", "A checkmate wins only when a N, R or J gave check in the unbroken series of checks"},
		{"sittuyin", "may turn into F as a move of its own, where it stands (written e5e5f) or as it makes one move of the new piece onto an empty square"},
		{"sittuyin", "anywhere when it is its side's last P"},
		{"sittuyin", "the new piece may not attack an enemy man where it ends; the promotion may not give check"},
		{"sittuyin", "captured pieces leave the game. A side holding a K, S, F, R, N or P must drop one while it can."},
		{"chushogi", "stopping there"},
		{"chushogi", "by a move that enters it or captures in or out of it"},
		{"chushogi", "by any move ending on last-rank"},
		{"chushogi", "Trades: N or +O may not take N or +O beyond its neighbours while the enemy guards it, unless it took on its stop a man other than P or I."},
		{"chushogi", "Counterstrike: after N or +O is taken by another man"},
		{"lion", "Trades: L may not take L that the enemy guards, on either step, as the board stands before the move."},
		{"lion", "No retaliation: after L is taken by another man, no L is taken on the next move."},
		{"lion", "passes by a step out and back, one move whichever square"},
		{"checkshogi", `Goal "first check": when the move leaves the opponent in check`},
	} {
		code, out, _ := run("show", c.variant)
		text := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(text, c.want) || strings.Contains(text, "when ,") {
			t.Errorf("chimera show %s: want %q in the rules:\n%s", c.variant, c.want, out)
		}
	}
}

// TestShowWalls: a wall is drawn '*' on the text board, the legend says what '*' is in
// rulesets with walls (only there), and the rules in words say where each turn's wall
// goes, from the compiled rule.
func TestShowWalls(t *testing.T) {
	code, out, errs := run("show", "duck", "--fen", "rnb1kb1r/pppp1p1p/4p1pn/5PP1/8/P3P3/*PPP3P/RNBQqBNR w kq - 0 7")
	if code != 0 {
		t.Fatalf("show duck: exit %d, %s", code, errs)
	}
	wantIn(t, out, "  2  *  P  P  P  .  .  .  P\n", "'*' a wall: it")
	if code, out, _ := run("show", "chess"); code != 0 || strings.Contains(out, "wall") {
		t.Errorf("show chess: exit %d, a wall mentioned:\n%s", code, out)
	}
	for _, c := range []struct{ variant, want string }{
		{"duck", "Walls: a turn is a move, then a wall placed on any empty square; the wall standing is taken down as the new one is placed"},
		{"amazons", "a wall placed on an empty square the moved man could move to from where it landed"},
		{"amazons", "walls stay for the rest of the game"},
		{"isolation", "on any empty square, never on c1 or d8; walls stay"},
		{"snailtrail", "a wall placed on the square the man left; walls stay"},
		{"joust", "The FEN writes a wall '*'; a turn is written with the wall's square after a comma"},
	} {
		code, out, _ := run("show", c.variant)
		text := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(text, c.want) {
			t.Errorf("chimera show %s: want %q in the rules:\n%s", c.variant, c.want, out)
		}
	}
}
