// Perft and FEN cross-checked with chessops (lichess's rules library, run by Node) in lichess's variants, from the start and from random play.
package perft_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// chessopsVariants are lichess's variants, each under the name both Chimera and chessops
// give it, with the depth the start position is counted to (the random positions are
// counted to chessopsDepth).
var chessopsVariants = []struct {
	name       string
	startDepth int
}{
	{"chess", 4},
	{"antichess", 4},
	{"atomic", 4},
	{"kingofthehill", 4},
	{"3check", 4},
	{"racingkings", 4},
	{"horde", 4},
	{"crazyhouse", 4},
}

const (
	// chessopsPositions is how many positions of random play each variant is checked in
	// (chessopsShortPositions in -short mode), each to chessopsDepth (chessopsShortDepth).
	chessopsPositions      = 6
	chessopsShortPositions = 2
	chessopsDepth          = 3
	chessopsShortDepth     = 2
	// chessopsSeed seeds the random play; CHIMERA_CHESSOPS_SEED=N draws other positions.
	chessopsSeed = 1
	// chessopsScript is the Node program that runs chessops.
	chessopsScript = "testdata/chessops/perft.mjs"
)

// chessopsRunner runs chessopsScript with Node against the chessops installed where CHIMERA_CHESSOPS says.
type chessopsRunner struct{ jsLibrary }

// chessopsFind finds Node and the chessops installation (see findJSLibrary).
func chessopsFind(t *testing.T) chessopsRunner {
	t.Helper()
	return chessopsRunner{findJSLibrary(t, "chessops", "CHIMERA_CHESSOPS", chessopsScript)}
}

// chessopsGames is the start position and the positions of random play, as chessops writes them.
type chessopsGames struct {
	Start     string `json:"start"`
	Positions []struct {
		FEN string `json:"fen"`
		Ply int    `json:"ply"`
	} `json:"positions"`
}

func (r chessopsRunner) positions(variant string, n, seed int) (chessopsGames, error) {
	var g chessopsGames
	out, err := r.run("", "positions", variant, strconv.Itoa(n), strconv.Itoa(seed))
	if err == nil {
		err = json.Unmarshal(out, &g)
	}
	return g, err
}

// chessopsRequest asks for the perft counts of a position; chessopsReply answers it.
type chessopsRequest struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Depth   int    `json:"depth"`
	Divide  bool   `json:"divide,omitempty"`
}

type chessopsReply struct {
	FEN    string           `json:"fen"`
	Counts []int64          `json:"counts"`
	Divide map[string]int64 `json:"divide"`
	Error  string           `json:"error"`
}

// perft answers the requests, in one run of Node.
func (r chessopsRunner) perft(reqs []chessopsRequest) ([]chessopsReply, error) {
	var in strings.Builder
	for _, q := range reqs {
		line, err := json.Marshal(q)
		if err != nil {
			return nil, err
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	out, err := r.run(in.String(), "perft")
	if err != nil {
		return nil, err
	}
	var replies []chessopsReply
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a chessopsReply
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("reply %q: %v", sc.Text(), err)
		}
		replies = append(replies, a)
	}
	if len(replies) != len(reqs) {
		return nil, fmt.Errorf("%d replies to %d requests:\n%s", len(replies), len(reqs), out)
	}
	return replies, nil
}

// chessopsPoolsSorted is fen with the letters of each bracketed pool group sorted: the
// order within a pocket is each writer's own (chessops writes pawns first, PNBRQ, and
// Chimera the order of its definition's piece types, QRBNP, as Fairy-Stockfish does).
func chessopsPoolsSorted(fen string) string {
	board, rest, _ := strings.Cut(fen, " ")
	var b strings.Builder
	for {
		i := strings.IndexByte(board, '[')
		j := strings.IndexByte(board, ']')
		if i < 0 || j < i {
			b.WriteString(board)
			break
		}
		group := []byte(board[i+1 : j])
		slices.Sort(group)
		b.WriteString(board[:i+1])
		b.Write(group)
		b.WriteByte(']')
		board = board[j+1:]
	}
	return b.String() + " " + rest
}

// TestChessopsCrossCheck compares Chimera with chessops in each of lichess's variants that
// Chimera has (the others are skipped, by name): Chimera must read every FEN chessops
// writes and write it back the same (the order within a pocket aside), start where
// chessops starts, and count the same perft from the start (to the variant's start depth)
// and from positions of chessops' random play (to chessopsDepth). A count that differs is
// reported with chessops' divide at the first depth that differs, root move by root move.
func TestChessopsCrossCheck(t *testing.T) {
	r := chessopsFind(t)
	seed := chessopsSeed
	if s := os.Getenv("CHIMERA_CHESSOPS_SEED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("CHIMERA_CHESSOPS_SEED=%q: want a whole number", s)
		}
		seed = n
	}
	count, depth := chessopsPositions, chessopsDepth
	if testing.Short() {
		count, depth = chessopsShortPositions, chessopsShortDepth
	}
	for _, v := range chessopsVariants {
		t.Run(v.name, func(t *testing.T) {
			rs, err := interpreter.Open(v.name)
			if err != nil {
				msg := err.Error()
				if len(msg) > 100 {
					msg = msg[:100] + "..."
				}
				t.Skipf("Chimera cannot load variant %s yet, so it is not cross-checked with chessops: %s", v.name, msg)
			}
			games, err := r.positions(v.name, count, seed)
			if err != nil {
				t.Fatal(err)
			}
			if len(games.Positions) != count {
				t.Fatalf("chessops gave %d positions; want %d", len(games.Positions), count)
			}

			start, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := start.FEN(); chessopsPoolsSorted(got) != chessopsPoolsSorted(games.Start) {
				t.Errorf("start position: Chimera's %s, chessops' %s", got, games.Start)
			}

			startDepth := v.startDepth
			if testing.Short() {
				startDepth = min(startDepth, chessopsDepth)
			}
			reqs := []chessopsRequest{{Variant: v.name, FEN: games.Start, Depth: startDepth}}
			names := []string{"start"}
			for i, g := range games.Positions {
				reqs = append(reqs, chessopsRequest{Variant: v.name, FEN: g.FEN, Depth: depth})
				names = append(names, fmt.Sprintf("random #%d (ply %d, seed %d)", i, g.Ply, seed))
			}
			replies, err := r.perft(reqs)
			if err != nil {
				t.Fatal(err)
			}

			orderNoted := false
			for i, q := range reqs {
				a := replies[i]
				if a.Error != "" {
					t.Errorf("%s %s: chessops: %s", names[i], q.FEN, a.Error)
					continue
				}
				if a.FEN != q.FEN || len(a.Counts) != q.Depth {
					t.Errorf("%s %s: chessops read it back as %s with %d counts (want %d)", names[i], q.FEN, a.FEN, len(a.Counts), q.Depth)
					continue
				}
				p, err := interpreter.FromFEN(rs, q.FEN)
				if err != nil {
					t.Errorf("%s: Chimera cannot read chessops' FEN %s: %v", names[i], q.FEN, err)
					continue
				}
				switch got := p.FEN(); {
				case got == q.FEN:
				case chessopsPoolsSorted(got) == chessopsPoolsSorted(q.FEN):
					if !orderNoted {
						t.Logf("pocket order differs, as expected: Chimera writes %s as %s", q.FEN, got)
						orderNoted = true
					}
				default:
					t.Errorf("%s: FEN round trip: Chimera reads chessops' %s and writes %s", names[i], q.FEN, got)
				}
				for d, want := range a.Counts {
					got := perft.Perft(p, d+1)
					if got != want {
						t.Errorf("%s %s: perft %d: Chimera %d, chessops %d%s", names[i], q.FEN, d+1, got, want, chessopsDivideDiff(r, p, q, d+1))
						break
					}
				}
			}
		})
	}
}

// chessopsDivideDiff is the root moves whose counts at depth differ between Chimera and
// chessops (moves one of them lacks included), for a mismatch report.
func chessopsDivideDiff(r chessopsRunner, p *interpreter.Position, q chessopsRequest, depth int) string {
	q.Depth, q.Divide = depth, true
	replies, err := r.perft([]chessopsRequest{q})
	if err == nil && replies[0].Error != "" {
		err = fmt.Errorf("%s", replies[0].Error)
	}
	if err != nil {
		return fmt.Sprintf(" (no divide from chessops: %v)", err)
	}
	theirs := replies[0].Divide
	ours := map[string]int64{}
	for _, e := range perft.Divide(p, depth, 0) {
		ours[p.Coord(e.Move)] = e.Nodes
	}
	var moves []string
	for m := range ours {
		moves = append(moves, m)
	}
	for m := range theirs {
		if _, ok := ours[m]; !ok {
			moves = append(moves, m)
		}
	}
	slices.Sort(moves)
	var diffs []string
	for _, m := range moves {
		o, ook := ours[m]
		c, cok := theirs[m]
		switch {
		case !ook:
			diffs = append(diffs, fmt.Sprintf("%s missing (chessops %d)", m, c))
		case !cok:
			diffs = append(diffs, fmt.Sprintf("%s extra (Chimera %d)", m, o))
		case o != c:
			diffs = append(diffs, fmt.Sprintf("%s %d vs %d", m, o, c))
		}
	}
	switch {
	case len(diffs) == 0:
		return fmt.Sprintf("; divide %d: every root move's count agrees", depth)
	case len(diffs) > chessopsDivideLines:
		diffs = append(diffs[:chessopsDivideLines], fmt.Sprintf("and %d more", len(diffs)-chessopsDivideLines))
	}
	return fmt.Sprintf("; divide %d, Chimera vs chessops: %s", depth, strings.Join(diffs, "; "))
}

// chessopsDivideLines is how many differing root moves a mismatch report lists.
const chessopsDivideLines = 24
