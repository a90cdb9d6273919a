// Drops that slide in from the board's edges (hands.drops.slide-in, slide-through) against
// a naive walk along each rank and file, cell by cell, over random boards.
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

// naiveSlides is where drops land on board (rows from rank 1, '.' empty) from the edges
// of in (sliding to the first man or the far edge) and through (the farthest empty cell
// with a man or the far edge right beyond it), each along a line whose edge cell is empty.
func naiveSlides(board [][]byte, in, through []string) []string {
	ranks, files := len(board), len(board[0])
	empty := func(f, r int) bool { return board[r][f] == '.' }
	var out []string
	for _, e := range []struct {
		edge   string
		df, dr int
	}{{"west", 1, 0}, {"east", -1, 0}, {"south", 0, 1}, {"north", 0, -1}} {
		thru := slices.Contains(through, e.edge)
		if !thru && !slices.Contains(in, e.edge) {
			continue
		}
		lines := files // the entry cells: along the edge
		if e.df != 0 {
			lines = ranks
		}
		for i := 0; i < lines; i++ {
			f, r := i, 0
			switch e.edge {
			case "west":
				f, r = 0, i
			case "east":
				f, r = files-1, i
			case "north":
				f, r = i, ranks-1
			}
			if !empty(f, r) {
				continue
			}
			land := ""
			for {
				nf, nr := f+e.df, r+e.dr
				stopped := nf < 0 || nf >= files || nr < 0 || nr >= ranks || !empty(nf, nr)
				if stopped && empty(f, r) {
					land = fmt.Sprintf("%c%d", 'a'+f, r+1)
					if !thru {
						break
					}
				}
				if nf < 0 || nf >= files || nr < 0 || nr >= ranks {
					break
				}
				f, r = nf, nr
			}
			if land != "" && !slices.Contains(out, land) {
				out = append(out, land)
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestSlideDropsNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(47))
	for _, c := range []struct{ in, through []string }{
		{[]string{"west", "east", "south", "north"}, nil},
		{[]string{"west", "south"}, []string{"north", "east"}},
		{nil, []string{"west", "east", "south", "north"}},
		{[]string{"north"}, nil},
		{[]string{"east"}, []string{"south"}},
	} {
		var keys []string
		if len(c.in) > 0 {
			keys = append(keys, fmt.Sprintf("slide-in: [%s]", strings.Join(c.in, ", ")))
		}
		if len(c.through) > 0 {
			keys = append(keys, fmt.Sprintf("slide-through: [%s]", strings.Join(c.through, ", ")))
		}
		text := fmt.Sprintf(`name: slide-test
board: {files: 6, ranks: 5}
pieces:
  - {name: Stone, letter: S, moves: []}
hands:
  pools: [hand]
  drops: {from: hand, %s}
rules:
  check: none
  no-moves: {in-check: draw, otherwise: draw}
setups:
  - name: start
    fen: 6/6/6/6/6[SSSsss] w - - 0 1
`, strings.Join(keys, ", "))
		def, err := defs.Parse("slide-test.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		differ := 0
		for n := 0; n < 300; n++ {
			density := rng.Float64() * 0.8
			board := make([][]byte, 5)
			for r := range board {
				board[r] = []byte("......")
				for f := range board[r] {
					if rng.Float64() < density {
						board[r][f] = "Ss"[rng.Intn(2)]
					}
				}
			}
			var rows []string
			for r := 4; r >= 0; r-- {
				row := strings.ReplaceAll(string(board[r]), ".", "1")
				for k := 6; k > 1; k-- {
					row = strings.ReplaceAll(row, strings.Repeat("1", k), fmt.Sprint(k))
				}
				rows = append(rows, row)
			}
			fen := strings.Join(rows, "/") + "[SSSsss] w - - 0 1"
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.LegalMoves(nil) {
				got = append(got, strings.TrimPrefix(p.Coord(m), "S@"))
			}
			slices.Sort(got)
			want := naiveSlides(board, c.in, c.through)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %s: drops %v, the naive walk %v", strings.Join(keys, ", "), fen, got, want)
			}
			// Sliding in and through differ on this board for some edge: the cases tell them apart.
			if !slices.Equal(naiveSlides(board, append(slices.Clone(c.in), c.through...), nil), naiveSlides(board, nil, append(slices.Clone(c.in), c.through...))) {
				differ++
			}
		}
		if differ < 50 {
			t.Errorf("%s: only %d boards where sliding in and through differ", strings.Join(keys, ", "), differ)
		}
	}
}
