// The connect goal (a chain of a side's men joining its parts of two zones) against a
// naive flood fill written here, cell by cell, over random boards.
package interpreter_test

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

// connectGoalDef is a board of 7 files by 6 ranks (not square, so that a rank taken for a
// file shows) whose men never move: a position is decided by the connect goal alone, or
// drawn for want of moves.
func connectGoalDef(along string, oneWay, overlap bool) string {
	from := "{white: [a1, a2, a3, a4, a5, a6], black: [a1, b1, c1, d1, e1, f1, g1]}"
	to := "{white: [g1, g2, g3, g4, g5, g6], black: [a6, b6, c6, d6, e6, f6, g6]}"
	if overlap {
		// Zones that share cells, one side's running the other way (a one-way chain
		// never steps back west or south).
		from = "{white: [c3, d3, d4, b5], black: [g6, g5, f6, c3]}"
		to = "{white: [d3, d4, e5, a2], black: [a1, a2, b1, c3]}"
	}
	return fmt.Sprintf(`name: connect-test
board: {files: 7, ranks: 6}
zones:
  from: %s
  to: %s
pieces:
  - {name: Stone, letter: S, moves: []}
  - {name: Wall, letter: W, moves: []}
rules:
  check: none
  no-moves: {in-check: draw, otherwise: draw}
goals:
  - name: joined
    connect: [from, to]
    pieces: [S]
%s    one-way: %v
setups:
  - name: start
    fen: SWsw3/7/7/7/7/7 w - - 0 1
`, from, to, along, oneWay)
}

// naiveConnected says whether side white (or black) has a chain of stones (S, s) from its
// part of from to its part of to, stepping by dirs; oneWay: only stones reached by a step
// or more count at the far end.
func naiveConnected(board [6][7]byte, stone byte, from, to map[[2]int]bool, dirs [][2]int, oneWay bool) bool {
	seen := map[[2]int]bool{}
	var stack [][2]int
	for c := range from {
		if board[c[1]][c[0]] == stone {
			if !oneWay {
				seen[c] = true
			}
			stack = append(stack, c)
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range dirs {
			n := [2]int{c[0] + d[0], c[1] + d[1]}
			if n[0] < 0 || n[0] >= 7 || n[1] < 0 || n[1] >= 6 || board[n[1]][n[0]] != stone || seen[n] {
				continue
			}
			seen[n] = true
			stack = append(stack, n)
		}
	}
	for c := range to {
		if seen[c] {
			return true
		}
	}
	return false
}

func cellSet(zone string) (white, black map[[2]int]bool) {
	white, black = map[[2]int]bool{}, map[[2]int]bool{}
	w, b, _ := strings.Cut(strings.Trim(zone, "{}"), "], black: [")
	for i, part := range []string{strings.TrimPrefix(w, "white: ["), strings.TrimSuffix(b, "]")} {
		for _, sq := range strings.Split(part, ", ") {
			c := [2]int{int(sq[0] - 'a'), int(sq[1] - '1')}
			if i == 0 {
				white[c] = true
			} else {
				black[c] = true
			}
		}
	}
	return white, black
}

func TestConnectGoalNaiveFill(t *testing.T) {
	rng := rand.New(rand.NewSource(47))
	for _, c := range []struct {
		along    string
		dirs     [][2]int // one way; back steps are added when not one way
		oneWay   bool
		overlap  bool
		min, max float64 // the chance of a stone of the side that moved
	}{
		{"", [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}, false, false, 0.3, 0.5},
		{"", [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}, true, false, 0.35, 0.7},
		{"    along: [rank, file]\n", [][2]int{{1, 0}, {0, 1}}, false, false, 0.4, 0.65},
		{"    along: [rank, file]\n", [][2]int{{1, 0}, {0, 1}}, true, false, 0.5, 0.8},
		{"    along: [diagonal]\n", [][2]int{{1, 1}, {1, -1}}, false, false, 0.5, 0.8},
		{"    along: [diagonal]\n", [][2]int{{1, 1}, {1, -1}}, true, false, 0.5, 0.9},
		{"    along: [file]\n", [][2]int{{0, 1}}, true, true, 0.3, 0.7},
		{"", [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}, true, true, 0.1, 0.5},
		{"", [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}, false, true, 0.05, 0.3},
	} {
		text := connectGoalDef(c.along, c.oneWay, c.overlap)
		def, err := defs.Parse("connect-test.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		dirs := slices.Clone(c.dirs)
		if !c.oneWay {
			for _, d := range c.dirs {
				dirs = append(dirs, [2]int{-d[0], -d[1]})
			}
		}
		var fromZ, toZ string
		for _, l := range strings.Split(text, "\n") {
			if z, ok := strings.CutPrefix(l, "  from: "); ok {
				fromZ = z
			}
			if z, ok := strings.CutPrefix(l, "  to: "); ok {
				toZ = z
			}
		}
		fw, fb := cellSet(fromZ)
		tw, tb := cellSet(toZ)
		counts := map[string]int{}
		for n := 0; n < 600; n++ {
			var board [6][7]byte
			mine := c.min + rng.Float64()*(c.max-c.min)
			black := n%2 == 1 // the side that moved
			own, other := byte('S'), byte('s')
			if black {
				own, other = 's', 'S'
			}
			for r := range board {
				for f := range board[r] {
					switch x := rng.Float64(); {
					case x < mine:
						board[r][f] = own
					case x < mine+0.15:
						board[r][f] = other
					case x < mine+0.2:
						board[r][f] = "Ww"[rng.Intn(2)] // a man of no count
					}
				}
			}
			var fen strings.Builder
			for r := 5; r >= 0; r-- {
				empty := 0
				for f := 0; f < 7; f++ {
					if board[r][f] == 0 {
						empty++
						continue
					}
					if empty > 0 {
						fmt.Fprint(&fen, empty)
						empty = 0
					}
					fen.WriteByte(board[r][f])
				}
				if empty > 0 {
					fmt.Fprint(&fen, empty)
				}
				if r > 0 {
					fen.WriteByte('/')
				}
			}
			from, to, side, win := fw, tw, " b", "1-0"
			if black {
				from, to, side, win = fb, tb, " w", "0-1"
			}
			fen.WriteString(side + " - - 0 1")
			want := "1/2-1/2"
			if naiveConnected(board, own, from, to, dirs, c.oneWay) {
				want = win
			}
			p, err := interpreter.FromFEN(rs, fen.String())
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Result().Score; got != want {
				t.Fatalf("along %q one-way %v overlap %v, %s: %s, the naive fill says %s", strings.TrimSpace(c.along), c.oneWay, c.overlap, fen.String(), got, want)
			}
			counts[want]++
		}
		// Both answers are met often enough to tell a fill from a guess.
		if counts["1/2-1/2"] < 60 || counts["1-0"]+counts["0-1"] < 60 {
			t.Errorf("along %q one-way %v overlap %v: %v: too few of one answer", strings.TrimSpace(c.along), c.oneWay, c.overlap, counts)
		}
	}
}
