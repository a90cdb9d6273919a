// connectRegion1White/connectRegion2White (Black's likewise) and gale, the current
// variants.ini's section that uses them: the game ends as Fairy-Stockfish's current source
// ends it (over or not, and who won), on positions set up to meet the rule and on random
// boards.
package cli

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chimera/interpreter"
)

// connectRegionINI has gale's rules on an empty board (men dropped anywhere, never moved;
// a full board is decided on material), with other directions, results and regions.
const connectRegionINI = `[rg:ataxx]
maxRank = 9
maxFile = 9
immobile = p
startFen = 9/9/9/9/9/9/9/9/9 w - - 0 1
enclosingDrop = none
flipEnclosedPieces = none
passOnStalemate = false
stalematePieceCount = false
connectRegion1White = a*
connectRegion2White = i*
connectRegion1Black = *1
connectRegion2Black = *9
connectDiagonal = false

[rg-diag:rg]
connectDiagonal = true

[rg-diag-only:rg]
connectHorizontal = false
connectVertical = false
connectDiagonal = true

[rg-back:rg-diag]
connectRegion1White = i*
connectRegion2White = a*
connectRegion1Black = *9
connectRegion2Black = *1

[rg-loss:rg-diag]
connectValue = loss

[rg-white:rg-diag]
connectRegion1Black = -

[rg-overlap:rg-diag]
connectRegion1White = c3 d3 d4 b5
connectRegion2White = d3 d4 e5 a2
connectRegion1Black = c3 g6
connectRegion2Black = c3 a1
`

// regionFEN is a 9 by 9 position: start's men (a FEN's board), then each "X@sq" of
// edits put there over whatever stood there ("1@sq" empties it), the side to move last.
func regionFEN(t *testing.T, start, edits, side string) string {
	t.Helper()
	var board [9][9]byte
	for i, row := range strings.Split(start, "/") {
		f := 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '9' {
				f += int(ch - '0')
				continue
			}
			board[8-i][f] = ch
			f++
		}
	}
	for _, e := range strings.Fields(edits) {
		board[e[3]-'1'][e[2]-'a'] = e[0]
		if e[0] == '1' {
			board[e[3]-'1'][e[2]-'a'] = 0
		}
	}
	return boardFEN(board) + " " + side + " - - 0 1"
}

func boardFEN(board [9][9]byte) string {
	var b strings.Builder
	for r := 8; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			if board[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(board[r][f])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// galeStart is gale's start position: White's men on a, c, e, g and i of the even ranks,
// Black's on b, d, f and h of the odd ones.
const galeStart = "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1"

const emptyBoard = "9/9/9/9/9/9/9/9/9"

// regionCases are positions set up to meet the rule; why says what they hold (the result
// is Fairy-Stockfish's, asked as the test runs).
var regionCases = []struct{ section, start, edits, side, why string }{
	{"gale", galeStart, "", "w", "the start"},
	{"gale", galeStart, "P@b2 P@d2 P@f2 P@h2", "b", "White's second rank from a to i"},
	{"gale", galeStart, "P@b2 P@d2 P@f2 P@h2", "w", "the same chain, White to move"},
	{"gale", galeStart, "P@b2 P@d2 P@f2", "b", "one man short"},
	{"gale", galeStart, "P@b2 P@c3 P@d4 P@f4 P@h4", "b", "a chain that turns north"},
	{"gale", galeStart, "P@b4 P@c3 P@d2 P@f2 P@h2", "b", "a chain that turns south (never a step back south)"},
	{"gale", galeStart, "p@b2 p@b4 p@b6 p@b8", "w", "Black's b-file from 1 to 9"},
	{"gale", galeStart, "p@d2 p@c3 p@b4 p@b6 p@b8", "w", "Black's chain that turns west (never a step back west)"},
	{"gale", galeStart, "P@b3 P@d3 P@f3 P@h3", "b", "a chain joined only diagonally"},
	{"rg-diag", galeStart, "P@b3 P@d3 P@f3 P@h3", "b", "a chain joined only diagonally, diagonals on"},
	{"rg-diag-only", galeStart, "P@b3 P@d3 P@f3 P@h3", "b", "a chain joined only diagonally, diagonals alone"},
	{"rg-diag-only", galeStart, "P@b2 P@d2 P@f2 P@h2", "b", "a chain along a rank, diagonals alone"},
	{"rg-loss", galeStart, "P@b2 P@d2 P@f2 P@h2", "b", "a chain that loses"},
	{"rg-diag", emptyBoard, "p@a1 p@b2 p@c3 p@d4 p@e5 p@f6 p@g7 p@h8 p@i9", "w", "a north-east diagonal"},
	{"rg-diag", emptyBoard, "p@a9 p@b8 p@c7 p@d6 p@e5 p@f4 p@g3 p@h2 p@i1", "w", "a south-east diagonal, ranks 1 to 9 read going back"},
	{"rg-back", emptyBoard, "p@a9 p@b8 p@c7 p@d6 p@e5 p@f4 p@g3 p@h2 p@i1", "w", "the same, from rank 9 to rank 1"},
	{"rg-back", emptyBoard, "p@a1 p@b2 p@c3 p@d4 p@e5 p@f6 p@g7 p@h8 p@i9", "w", "a north-east diagonal, from rank 9 to rank 1"},
	{"rg-back", galeStart, "P@b2 P@d2 P@f2 P@h2", "b", "White's rank 2, from i to a"},
	{"rg-white", galeStart, "p@b2 p@b4 p@b6 p@b8", "w", "Black's b-file, Black with no region 1"},
	{"rg-overlap", emptyBoard, "P@d3 p@a9", "b", "one man on both regions"},
	{"rg-overlap", emptyBoard, "P@c3 P@d3 p@a9", "b", "two, the second on both"},
	{"rg-overlap", emptyBoard, "P@d3 P@d4 p@a9", "b", "two, each on both"},
	{"rg-overlap", emptyBoard, "P@b5 P@a4 P@a3 P@a2 p@a9", "b", "a chain south from b5 to a2"},
	{"rg-overlap", emptyBoard, "p@c3 P@a9", "w", "Black's one man on both"},
	// A full board: the chain is judged before the material count (Black has more men).
	{"gale", "ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/PPPPPPPPP/ppppppppp", "", "b", "a full board with White's chain"},
	{"gale", "ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/PPPPPPPPP/ppppppppp", "", "w", "the same, Black moved last"},
	{"gale", "PPPPPPPPp/ppppppppp/PPPPPPPPp/ppppppppp/PPPPPPPPp/ppppppppp/PPPPPPPPp/ppppppppp/PPPPPPPPp", "", "w", "a full board without Black's chain"},
}

// fsfXBoard is a Fairy-Stockfish run over the XBoard protocol, which names a decided
// game's result (1-0, 0-1, 1/2-1/2) where UCI's score says only "mate 0".
type fsfXBoard struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startXBoard(t *testing.T, fsf, ini, section string) *fsfXBoard {
	t.Helper()
	cmd := exec.Command(fsf)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(in, "xboard\nprotover 2\noption VariantPath=%s\nvariant %s\nforce\n", ini, section)
	return &fsfXBoard{cmd, in, bufio.NewScanner(out)}
}

var xboardAnswer = regexp.MustCompile(`^(1-0|0-1|1/2-1/2|move) `)

// result is Fairy-Stockfish's result of the position, "*" where it plays on.
func (x *fsfXBoard) result(t *testing.T, fen string) string {
	t.Helper()
	fmt.Fprintf(x.in, "force\nsetboard %s\nsd 1\ngo\n", fen)
	for x.out.Scan() {
		if m := xboardAnswer.FindStringSubmatch(x.out.Text()); m != nil {
			if m[1] == "move" {
				return "*"
			}
			return m[1]
		}
	}
	t.Fatalf("fairy-stockfish: no answer for %s", fen)
	return ""
}

func (x *fsfXBoard) close() {
	fmt.Fprint(x.in, "quit\n")
	x.in.Close()
	x.cmd.Wait()
}

// chimeraResult is Chimera's result of the position ("*": the game goes on).
func chimeraResult(t *testing.T, ini, section, fen string) string {
	t.Helper()
	rs, err := interpreter.Open(ini + ":" + section)
	if err != nil {
		t.Fatalf("[%s] import: %v", section, err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("[%s] %s: %v", section, fen, err)
	}
	return p.Result().Score
}

// TestINIConnectRegionResult compares who has won, if anyone, with Fairy-Stockfish's current
// source: at regionCases, then on random boards of each section (the side that moved with
// many men, the other with some, now and then a full board).
func TestINIConnectRegionResult(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	importUpstream(t) // skipped without the file
	upstream, _ := filepath.Abs(upstreamINI)
	ini := filepath.Join(t.TempDir(), "region.ini")
	if err := os.WriteFile(ini, []byte(connectRegionINI), 0o644); err != nil {
		t.Fatal(err)
	}
	fileOf := func(section string) string {
		if section == "gale" {
			return upstream
		}
		return ini
	}
	sessions := map[string]*fsfXBoard{}
	session := func(section string) *fsfXBoard {
		if sessions[section] == nil {
			sessions[section] = startXBoard(t, fsf, fileOf(section), section)
		}
		return sessions[section]
	}
	defer func() {
		for _, x := range sessions {
			x.close()
		}
	}()
	seen := map[string]bool{}
	for _, c := range regionCases {
		fen := regionFEN(t, c.start, c.edits, c.side)
		want := session(c.section).result(t, fen)
		got := chimeraResult(t, fileOf(c.section), c.section, fen)
		if got != want {
			t.Errorf("[%s] %s (%s): Chimera %s, Fairy-Stockfish %s", c.section, c.why, fen, got, want)
		}
		seen[want] = true
	}
	// Each answer is met: the cases tell a chain from none, and White's win from Black's.
	for _, r := range []string{"1-0", "0-1", "*"} {
		if !seen[r] {
			t.Errorf("no case of regionCases ends %s", r)
		}
	}
	n := 300
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewSource(47))
	for _, section := range []string{"gale", "rg", "rg-diag", "rg-diag-only", "rg-back", "rg-loss", "rg-white", "rg-overlap"} {
		rs, err := interpreter.Open(fileOf(section) + ":" + section)
		if err != nil {
			t.Fatalf("[%s] import: %v", section, err)
		}
		counts := map[string]int{}
		for i := 0; i < n; i++ {
			var board [9][9]byte
			own, other, side := byte('P'), byte('p'), "b"
			if i%2 == 1 {
				own, other, side = 'p', 'P', "w"
			}
			mine := 0.4 + 0.4*rng.Float64()
			theirs := (1 - mine) * rng.Float64()
			if i%8 == 7 {
				theirs = 1 - mine // a full board
			}
			for r := range board {
				for f := range board[r] {
					switch x := rng.Float64(); {
					case x < mine:
						board[r][f] = own
					case x < mine+theirs:
						board[r][f] = other
					}
				}
			}
			fen := boardFEN(board) + " " + side + " - - 0 1"
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("[%s] %s: %v", section, fen, err)
			}
			got := p.Result().Score
			want := session(section).result(t, fen)
			if got != want {
				t.Fatalf("[%s] random board %s: Chimera %s, Fairy-Stockfish %s", section, fen, got, want)
			}
			counts[want]++
		}
		t.Logf("[%s] %d random boards: %v", section, n, counts)
		if counts["*"] == 0 || counts["*"] == n {
			t.Errorf("[%s] random boards all of one kind (%v): they test nothing", section, counts)
		}
	}
}
