// Tests of the players of games of seats: the search's choices, games replayed from their
// records.
package seats

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"chimera/interpreter"
)

// The free-for-all start with Blue to move, the pawns between Blue's queen (a8) and
// Green's king (n8) gone: a8n8 takes Green's king (20 points and Green out).
const kingHangs = "B-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,12,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3"

func TestSearchTakesTheKingLeftAttacked(t *testing.T) {
	rs, err := interpreter.Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []int{1, 2, 3} {
		tb, err := interpreter.NewTable(rs, kingHangs)
		if err != nil {
			t.Fatal(err)
		}
		info := NewSearcher(rs).Best(tb, Limits{Depth: d})
		if got := tb.Coord(info.Move); got != "a8n8" {
			t.Errorf("depth %d: %s (score %d), want a8n8, which takes Green's king", d, got, info.Score)
		}
		if info.Nodes == 0 || info.Depth != d {
			t.Errorf("depth %d: %d nodes, depth %d completed", d, info.Nodes, info.Depth)
		}
	}
}

// TestSearchKeepsToItsNodes searches the start within a node budget: the nodes it
// reports stay within a move's children of it.
func TestSearchKeepsToItsNodes(t *testing.T) {
	rs, err := interpreter.Open("fourplayer")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	info := NewSearcher(rs).Best(tb, Limits{Nodes: 3000})
	if info.Nodes < 3000 || info.Nodes > 3000+1 || info.Depth < 1 {
		t.Errorf("3000 nodes asked: %d searched, depth %d", info.Nodes, info.Depth)
	}
}

// TestSearchStopsWhenAsked searches the start under a depth that takes thousands of nodes
// to finish, its Stop channel closed (the page gone): it stops at the next check (every
// 256 nodes) with a legal move.
func TestSearchStopsWhenAsked(t *testing.T) {
	rs, err := interpreter.Open("fourplayer")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	full := NewSearcher(rs).Best(tb, Limits{Depth: 4})
	stop := make(chan struct{})
	close(stop)
	info := NewSearcher(rs).Best(tb, Limits{Depth: 4, Stop: stop})
	legal := false
	for _, m := range tb.LegalMoves(nil) {
		legal = legal || m == info.Move
	}
	if full.Nodes < 1000 || info.Nodes > 256+1 || !legal {
		t.Errorf("depth 4: %d nodes; stopped at once: %d nodes, move %s (legal: %v)", full.Nodes, info.Nodes, tb.Coord(info.Move), legal)
	}
}

var moveRE = regexp.MustCompile(`^[a-n][0-9]{1,2}[a-n][0-9]{1,2}[qrbn]?$`)

// TestGamesReplayFromTheirRecords plays short games of both built-ins (the engine at
// depth 1, greedy and random players), writes their records and replays the moves read
// back from the record text: the same moves, the same end.
func TestGamesReplayFromTheirRecords(t *testing.T) {
	for _, name := range []string{"fourplayer", "fourplayer-ffa"} {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			r := rand.New(rand.NewPCG(uint64(i), 54))
			s := NewSearcher(rs)
			players := []Player{Random{R: r}, Greedy{R: r, S: s}, Random{R: r}, Greedy{R: r, S: s}}
			players[i] = &Engine{S: s, Lim: Limits{Depth: 1}}
			tb, err := interpreter.StartTable(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			g, err := Play(tb, players, 300)
			if err != nil {
				t.Fatal(err)
			}
			rec := Record(rs, g, nil)
			var moves []string
			_, body, _ := strings.Cut(rec, "\n\n")
			for _, f := range strings.Fields(body) {
				if moveRE.MatchString(f) {
					moves = append(moves, f)
				}
			}
			if strings.Join(moves, " ") != strings.Join(g.Moves, " ") {
				t.Fatalf("%s game %d: the record's moves differ from those played:\n%s", name, i, rec)
			}
			if !strings.Contains(rec, `[Termination "`+g.Reason+`"]`) {
				t.Errorf("%s game %d: no Termination tag %q:\n%s", name, i, g.Reason, rec)
			}
			g.Moves = moves
			if err := Replay(rs, g, 300); err != nil {
				t.Errorf("%s game %d: %v", name, i, err)
			}
			g.Winner = (g.Winner + 2) % 3 // another end than the moves give
			if err := Replay(rs, g, 300); err == nil {
				t.Errorf("%s game %d: a record with the wrong result replayed", name, i)
			}
		}
	}
}
