// Transposition-table scores: a decided game's score is kept as its distance from the node.
package search

import (
	"strings"
	"testing"
)

// TestTableMateScores: every score written at one ply and read back at any other, through
// the table's slots, keeps its distance from the node: a win (or loss) d plies past the
// node stored at ply a reads as Mate-(b+d) (or -Mate+(b+d)) at ply b, and a score that is
// not a decided game reads unchanged. What counts as decided is what ScoreText writes as
// a win or a loss, up to and including Mate-MateSpan.
func TestTableMateScores(t *testing.T) {
	t.Parallel()
	tt := newTable(1)
	const key = 0x9e3779b97f4a7c15
	read := func(score, storePly, readPly int) int {
		tt.store(key, 0, toTT(score, storePly), 1, BoundExact)
		e, ok := tt.probe(key)
		if !ok {
			t.Fatalf("stored %d at ply %d: not found", score, storePly)
		}
		return fromTT(int(e.score), readPly)
	}
	for _, a := range []int{0, 1, 2, 7, maxPly - 1} {
		for _, b := range []int{0, 1, 3, 8, maxPly - 1} {
			for _, d := range []int{0, 1, 2, 5, 64, MateSpan - maxPly} {
				if got, want := read(Mate-a-d, a, b), Mate-b-d; got != want {
					t.Errorf("a win %d plies past the node stored at ply %d, read at ply %d: %d, want %d", d, a, b, got, want)
				}
				if got, want := read(-Mate+a+d, a, b), -Mate+b+d; got != want {
					t.Errorf("a loss %d plies past the node stored at ply %d, read at ply %d: %d, want %d", d, a, b, got, want)
				}
			}
			for _, s := range []int{0, 1, -1, 250, -999, Mate - MateSpan - 1, -Mate + MateSpan + 1} {
				if got := read(s, a, b); got != s {
					t.Errorf("score %d stored at ply %d, read at ply %d: %d", s, a, b, got)
				}
			}
		}
	}
	// The bounds of the decided range, as ScoreText reads them, behave as every decided
	// score does: stored at ply a, read at ply b, a win reads a-b more, a loss a-b less.
	for _, s := range []int{Mate - MateSpan, -Mate + MateSpan} {
		if txt := ScoreText(s); !strings.HasPrefix(txt, "win") && !strings.HasPrefix(txt, "loss") {
			t.Fatalf("ScoreText(%d) = %q: not a decided game", s, txt)
		}
		for _, ab := range [][2]int{{0, 5}, {5, 0}, {3, 3}, {1, 2}} {
			a, b := ab[0], ab[1]
			want := s + a - b
			if s < 0 {
				want = s - a + b
			}
			if got := read(s, a, b); got != want {
				t.Errorf("%d stored at ply %d, read at ply %d: %d, want %d", s, a, b, got, want)
			}
		}
	}
}
