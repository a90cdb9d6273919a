// Positions where lishogi's rules have ended the game, from shogiops' random playouts: Chimera reads each as lishogi writes it and finds the game over, won by the side shogiops names.
package perft_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"chimera/engine/perft"
	"chimera/engine/usi"
	"chimera/interpreter"
)

// shogiopsEnded is what perft.mjs's ended mode prints: positions where a random playout
// ended, why (shogiops' isEnd) and who won (shogiops' outcome).
type shogiopsEnded struct {
	Positions []struct {
		SFEN   string `json:"sfen"`
		Ply    int    `json:"ply"`
		Reason string `json:"reason"`
		Winner string `json:"winner"`
	} `json:"positions"`
}

func (r shogiopsRunner) ended(rules string, n, seed, maxPly int) (shogiopsEnded, error) {
	var e shogiopsEnded
	out, err := r.run("", "ended", rules, strconv.Itoa(n), strconv.Itoa(seed), strconv.Itoa(maxPly))
	if err == nil {
		err = json.Unmarshal(out, &e)
	}
	return e, err
}

// shogiopsEndedPositions is how many ended games each variant is checked in
// (shogiopsEndedShort in -short mode); shogiopsEndedPlies bounds a playout, more on chu
// shogi's larger board, where a game lasts longer.
const (
	shogiopsEndedPositions = 8
	shogiopsEndedShort     = 3
	shogiopsEndedPlies     = 200
	shogiopsEndedPliesWide = 400
)

// TestShogiopsEnded plays random games with shogiops (perft.mjs ended: every legal move
// drawn with equal chance until shogiops' isEnd holds) in every variant of the shogi
// family that both have, and reads each final position as shogiops writes it: Chimera
// must have no legal move there, and its result must name the winner shogiops' outcome
// names. In check shogi most games end with a check (the side to move is in check: it
// has lost, and lishogi counts no moves), in the others by checkmate, a side without a
// move, or (chu shogi) the last king taken. shogiops' own count, by the perft helper,
// must be 0 too, which checks that the helper stops where the game does (but for a game
// ended by taking the last king, whose position shogiops does not read back).
func TestShogiopsEnded(t *testing.T) {
	r := shogiopsFind(t)
	seed := shogiopsSeed
	if s := os.Getenv("CHIMERA_SHOGIOPS_SEED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("CHIMERA_SHOGIOPS_SEED=%q: want a whole number", s)
		}
		seed = n
	}
	count := shogiopsEndedPositions
	if testing.Short() {
		count = shogiopsEndedShort
	}
	for _, v := range shogiopsVariants {
		if v.rules == "" {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			rs, err := interpreter.Open(v.name)
			if err != nil {
				t.Fatal(err)
			}
			board := usi.Board{Files: rs.Files, Ranks: rs.Ranks}
			plies := shogiopsEndedPlies
			if rs.Cells > 81 {
				plies = shogiopsEndedPliesWide
			}
			games, err := r.ended(v.rules, count, seed, plies)
			if err != nil {
				t.Fatal(err)
			}
			var reqs []shogiopsRequest
			for _, g := range games.Positions {
				reqs = append(reqs, shogiopsRequest{Variant: v.rules, SFEN: g.SFEN, Depth: 1})
			}
			replies, err := r.perft(reqs)
			if err != nil {
				t.Fatal(err)
			}
			reasons := map[string]int{}
			for i, g := range games.Positions {
				name := fmt.Sprintf("game %d (ply %d, ended by %s, seed %d) %s", i, g.Ply, g.Reason, seed, g.SFEN)
				reasons[g.Reason]++
				// shogiops reads no position without a king back (strict setup), so a chu
				// shogi game that ended so is not asked about.
				if a := replies[i]; g.Reason != "withoutkings" && (a.Error != "" || len(a.Counts) != 1 || a.Counts[0] != 0) {
					t.Errorf("%s: shogiops' perft helper counts %v moves (%s), not 0", name, a.Counts, a.Error)
				}
				p, fen, err := shogiopsRead(rs, board, rs.Hands != nil, g.SFEN)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				want := map[string]string{"sente": "1-0", "gote": "0-1", "": "1/2-1/2"}[g.Winner]
				if n := perft.Perft(p, 1); n != 0 {
					t.Errorf("%s: Chimera reads it as %s, with %d legal moves; lishogi's game is over (%s, %s)", name, fen, n, want, g.Reason)
				}
				if got := p.Result(); got.Score != want {
					t.Errorf("%s: Chimera reads it as %s, with the result %s (%s); shogiops: %s", name, fen, got.Score, got.Reason, want)
				}
			}
			t.Logf("%d ended games of shogiops' random play, read as over with shogiops' winner: %v", len(games.Positions), reasons)
		})
	}
}
