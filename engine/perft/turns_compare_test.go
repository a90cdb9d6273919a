// The built-ins whose turns are several moves against the naive generator written from
// their rules texts (turns_naive_test.go): perft by whole turns from the start, from
// positions of random play, and from a turn under way.
package perft

import (
	"slices"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

// turnCase is a built-in compared with the naive generator, and how deep.
type turnCase struct {
	name              string
	rules             naiveTurns
	start             string
	startDepth        int // under -short (one more without it)
	randomDepth       int // the random positions' depth, under -short (one more without it, up to deepRandom)
	deepRandom        int
	randomTurns, seed int64
}

var turnCases = []turnCase{
	{name: "marseillais", rules: naiveMarseillais, start: naiveChessStart, startDepth: 2, randomDepth: 2, deepRandom: 3, randomTurns: 6, seed: 7},
	{name: "monster", rules: naiveMonster, start: naiveMonsterStart, startDepth: 2, randomDepth: 2, deepRandom: 3, randomTurns: 8, seed: 11},
	// A turn of five moves from random play has millions of turns at depth 1: the random
	// positions are the first three turns.
	{name: "progressive", rules: naiveProgressive, start: naiveChessStart, startDepth: 2, randomDepth: 1, deepRandom: 1, randomTurns: 2, seed: 5},
}

// TestTurnsAgainstNaive compares Chimera's perft (a node is a whole turn) with the naive
// generator's on the start position (depth 3 without -short), on positions of random
// play (each side's moves drawn by the naive generator) and on a turn under way (one
// move of it made: the FEN's w+1 form read by both).
func TestTurnsAgainstNaive(t *testing.T) {
	for _, c := range turnCases {
		t.Run(c.name, func(t *testing.T) {
			rs, err := interpreter.Open(c.name)
			if err != nil {
				t.Fatal(err)
			}
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			if p.FEN() != c.start {
				t.Fatalf("start %s, the naive generator's %s", p.FEN(), c.start)
			}
			compare := func(fen string, depth int) {
				t.Helper()
				want, err := naiveTurnPerft(fen, c.rules, depth)
				if err != nil {
					t.Fatalf("naive generator on %s: %v", fen, err)
				}
				q, err := interpreter.FromFEN(rs, fen)
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				if got := Perft(q, depth); uint64(got) != want {
					t.Fatalf("%s perft %d: %d, naive generator %d", fen, depth, got, want)
				}
				t.Logf("%s perft %d = %d", fen, depth, want)
			}
			deep := !testing.Short()
			for d := 1; d <= c.startDepth+boolInt(deep); d++ {
				compare(c.start, d)
			}
			fens := naiveRandomTurnFENs(c.start, c.rules, c.seed, int(c.randomTurns))
			if len(fens) < int(c.randomTurns) {
				t.Fatalf("random play ended after %d turns", len(fens))
			}
			for i, fen := range fens {
				depth := c.randomDepth
				if deep && i == len(fens)-1 {
					depth = c.deepRandom
				}
				compare(fen, depth)
			}
			// A turn under way: the first legal move of the last position made.
			last := fens[len(fens)-1]
			q, _ := interpreter.FromFEN(rs, last)
			for _, m := range q.LegalMoves(nil) {
				side := q.Side()
				q.Make(m)
				if q.Side() == side {
					fen := q.FEN()
					if !strings.Contains(strings.Fields(fen)[1], "+") {
						t.Fatalf("a turn under way written %s", fen)
					}
					compare(fen, c.randomDepth)
					return
				}
				q.Unmake()
			}
			t.Fatalf("%s: no move of the side to move leaves it to move again", last)
		})
	}
}

// TestRulesTextBuiltinsCompared checks that the built-ins that say they come from a rules
// text are the ones the naive generator is compared with.
func TestRulesTextBuiltinsCompared(t *testing.T) {
	var said, compared []string
	for _, name := range defs.Builtins() {
		def, err := defs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range def.Source.Names() {
			if n.Key == "rules-text" {
				said = append(said, name)
			}
		}
	}
	for _, c := range turnCases {
		compared = append(compared, c.name)
	}
	compared = append(compared, "alice")                         // TestAliceAgainstNaive
	compared = append(compared, "capture-anything")              // TestSelfCaptureAgainstNaive
	compared = append(compared, "fogofwar")                      // TestFogPerftAgainstNaive
	compared = append(compared, "fourplayer", "fourplayer-ffa")  // interpreter's TestFourPlayerPerftAgainstNaive
	compared = append(compared, "glinski", "mccooey", "shafran") // TestHexAgainstNaive
	slices.Sort(said)
	slices.Sort(compared)
	if !slices.Equal(said, compared) {
		t.Fatalf("built-ins from a rules text %v; compared with a naive generator %v", said, compared)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
