// The search's signature: fixed-depth node counts, scores and lines in every family of variant, against testdata/signature.txt.
package search_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"chimera/engine/search"
)

// updateSignature rewrites testdata/signature.txt (see TestSearchSignature):
//
//	go test ./engine/search -run TestSearchSignature -update
var updateSignature = flag.Bool("update", false, "rewrite testdata/signature.txt with this search's signature")

const signatureFile = "testdata/signature.txt"

// signaturePositions are searched to depth by a new engine each, one thread. Most come
// from real games: Chimera against Fairy-Stockfish and the tuning matches in docs/matches
// (the ply is the number of moves played before the position), or the random games of the
// variant's perft tests in defs/. then is how many more plies of the engine's own line
// are searched to the same depth by the same engine, with its table and history warm
// (the mates: stored mate scores read again from other plies).
var signaturePositions = []struct {
	name, variant, fen string
	depth, then        int
}{
	// chess-fairy-stockfish.pgn, game 1 (Chimera White), ply 24.
	{"chess/opening from play", "chess",
		"r1q2rk1/1p2bpp1/p1n1bn2/2Pp3p/Q4P1P/2N1BN2/PPP3P1/R3KB1R w KQ - 2 13", 7, 0},
	// The same game, ply 53: Black mates in six (Fairy-Stockfish played Qxe4+ there).
	{"chess/mate in six from play", "chess",
		"3rr1k1/5pp1/pbq5/1p5p/4PP1P/Q5P1/PP6/R2NKR2 b - - 2 27", 8, 0},
	{"chess/KQ-K mate in four", "chess", "8/8/8/8/8/k7/8/2K4Q w - - 0 1", 9, 2},
	{"chess/KR-K mate in three", "chess", "5k2/8/8/5K2/8/8/1R6/8 w - - 0 1", 7, 1},
	// crazyhouse-fairy-stockfish.pgn, game 1, ply 22: pieces in both hands.
	{"crazyhouse/middlegame from play", "crazyhouse",
		"r1b1k1nr/pppqnpp1/8/1P1p4/3Pn3/2P5/2P1BPPP/R1BQK1NR[BPPp] w KQkq - 1 12", 6, 0},
	// The same game, ply 47: Black mates in three with a queen drop (Qgxg1+ Ke2 Qxd1+ Kd3 Q@e2#).
	{"crazyhouse/mate in three from play", "crazyhouse",
		"r1b1k1n1/ppp1npp1/8/1P1p4/3Pn1q1/2P1B3/2PP1P2/R1BQK1Rq~[RBNPPp] b q - 3 24", 6, 2},
	// dialects/shogi-fsf-usi.pgn, game 1, ply 32.
	{"shogi/middlegame from play", "shogi",
		"ln1g1gsnl/5k1b1/prpspn1pp/5pp2/3p5/P1PB5/4PPPPP/2S2KSR1/L2G1G1NL[PPp] w - - 0 17", 7, 0},
	// dialects/xiangqi-fsf-ucci.pgn, game 1, ply 23.
	{"xiangqi/middlegame from play", "xiangqi",
		"2baka3/9/4b1n2/2p5p/C3p1p2/2B5P/PrP1P1P2/7r1/4Nc1c1/2RAKABNR b - - 14 12", 8, 0},
	// koopa-threat-vs-old-400.pgn, game 1, ply 5: White hits the king in three (Qh5).
	{"koopa/king hit in three from play", "koopa",
		"rnbqkbnr/1ppppp1p/6p1/1B6/2p1P3/7P/PPPP1PP1/RNBQK1NR w KQkq - 0 4 b5:4", 6, 2},
	// tune/koopa-tuned-untuned.pgn, game 2, ply 22: two stunned men.
	{"koopa/middlegame from play", "koopa",
		"rnb1k2r/pp3p1p/3p2pb/P2pp3/Pn4Pq/7N/1P2PP1P/RNKQ1B2 w kq - 0 12 h6:3,b4:1", 5, 0},
	// tune/hostage-tuned-untuned.pgn, game 1, ply 30: hostages in both pools.
	{"hostage/middlegame from play", "hostage",
		"r2qk2r/ppp1ppbp/2np2p1/P2P4/4Nn2/2P4P/5P1P/R2Q1K2[RBBPPb][N] w kq - 0 16", 5, 0},
	// tune/prisonbreak-tuned-untuned.pgn, game 1, ply 20.
	{"prisonbreak/middlegame from play", "prisonbreak",
		"r2k2/p1qbb1/n2p2/1Qp1p1/1P4/3PB1/P1P1P1/1NRK1B w - - 2 11", 7, 0},
	// defs/antichess.yaml's random games: a promotion pending, and few men left.
	{"antichess/promotion pending from play", "antichess", "5n2/2P2pp1/8/2n5/5P2/8/1P6/4K3 w - - 1 27", 9, 0},
	{"antichess/few men from play", "antichess", "8/8/5B2/3p1b2/8/8/8/8 w - - 22 50", 10, 0},
	{"extinction/kiwipete", "extinction",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 0},
	// defs/chushogi.yaml's random games, ply 30: a lion two squares from a guarded lion.
	{"chushogi/lions from play", "chushogi",
		"l1+Rsgekgscfl/fv2txo1tb1a/m2bdq1dhrvm/pp1ppppppppp/6n1i3/12/6N5/7PI3/PP1PPP2PPPP/M2HD1QD1R1M/AVBSTOXT2VA/LFC1GKEGSCFL w - - 0 16", 3, 0},
}

// TestSearchSignature searches every signature position and compares the cumulative node
// count after each iteration, the score and the principal variation with the checked-in
// signature. The search is deterministic under these conditions: one thread, a new engine
// (empty table, no history or killers) for each position, a fixed table size (entries
// replace one another by it), a depth limit and no time or node limit (the clock is only
// read against a time limit), and no playing level (the level's noise is the only
// randomness); the zobrist keys come from a fixed seed.
//
// Any change to the search, the evaluation, the move ordering or generation order, or a
// variant's definition may change node counts: that is what this test is for. When the
// change is meant, update the signature on purpose:
//
//	go test ./engine/search -run TestSearchSignature -update
//
// and say in the commit why the counts moved (and by how much). A change that was not
// meant to alter the search must leave the signature as it is.
func TestSearchSignature(t *testing.T) {
	t.Parallel()
	var got []string
	for _, c := range signaturePositions {
		rs := open(t, c.variant)
		p := position(t, rs, c.fen)
		e := search.New(rs, 16)
		for ply := 0; ply <= c.then; ply++ {
			var nodes []string
			res := e.Search(context.Background(), p, search.Limits{Depth: c.depth}, func(i search.Info) {
				nodes = append(nodes, fmt.Sprint(i.Nodes))
			})
			name := c.name
			switch {
			case ply == 1:
				name += ", 1 ply on"
			case ply > 1:
				name += fmt.Sprintf(", %d plies on", ply)
			}
			got = append(got, fmt.Sprintf("%s\tdepth %d\tscore %s\tnodes %s\tpv %s", name, res.Depth,
				signatureScore(res.Score), strings.Join(nodes, " "), strings.Join(coords(p, res.PV), " ")))
			if res.Depth != c.depth || len(res.PV) == 0 {
				t.Errorf("%s: searched to depth %d with pv %v, want depth %d", name, res.Depth, res.PV, c.depth)
			}
			if ply == c.then {
				break
			}
			p.Make(res.Best)
			if o, over := verdict(p); over {
				t.Fatalf("%s: the game ended (%v) %d plies on: lower then", c.name, o, ply+1)
			}
		}
	}
	text := signatureHeader + strings.Join(got, "\n") + "\n"
	if *updateSignature {
		if err := os.WriteFile(signatureFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: say in the commit why the search's signature changed", signatureFile)
		return
	}
	data, err := os.ReadFile(signatureFile)
	if err != nil {
		t.Fatalf("%v (go test ./engine/search -run TestSearchSignature -update writes it)", err)
	}
	want := map[string]string{}
	var order []string
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, _, _ := strings.Cut(line, "\t")
		want[name] = line
		order = append(order, name)
	}
	differ := 0
	seen := map[string]bool{}
	for _, line := range got {
		name, _, _ := strings.Cut(line, "\t")
		seen[name] = true
		if w, ok := want[name]; !ok {
			t.Errorf("%s: not in %s\n got: %s", name, signatureFile, line)
			differ++
		} else if w != line {
			t.Errorf("%s: the search's signature changed\n got: %s\nwant: %s", name, line, w)
			differ++
		}
	}
	for _, name := range order {
		if !seen[name] {
			t.Errorf("%s: in %s, no longer searched", name, signatureFile)
			differ++
		}
	}
	if differ > 0 {
		t.Logf("%d of %d lines differ. If the search was meant to change, run "+
			"go test ./engine/search -run TestSearchSignature -update and say in the commit why.", differ, len(got))
	}
}

const signatureHeader = `# The search's signature: TestSearchSignature (signature_test.go) searches each position
# to a fixed depth, one thread, with a new engine (and "plies on": the engine's own move
# played, then the same engine again). Per line: the position's name, the depth, the
# score for the side to move (a decided game as mate±plies), the cumulative node count
# after each iteration, the principal variation. Rewritten on purpose only, when the
# search is meant to change: go test ./engine/search -run TestSearchSignature -update,
# the commit saying why.
`

// signatureScore writes a score: centipawns, or a decided game's plies (mate+5: the side to
// move wins in five plies; mate-4: it loses in four).
func signatureScore(s int) string {
	switch {
	case s >= search.Mate-search.MateSpan:
		return fmt.Sprintf("mate+%d", search.Mate-s)
	case s <= -search.Mate+search.MateSpan:
		return fmt.Sprintf("mate-%d", search.Mate+s)
	}
	return fmt.Sprintf("%+d", s)
}
