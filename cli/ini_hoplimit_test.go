// Hops of a limited range (XBetza pR2, pB2, pR3) and drop rules taken away over a parent's
// own hands (dropNoDoubled = -, shogiPawnDropMateIllegal = false), played as Fairy-Stockfish's
// current source plays them: perft divides compared with its build.
package cli

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

const hopLimitINI = `[hoplimit:chess]
customPiece1 = w:mRpRmFpB2
customPiece2 = f:mBpBmWpR2
customPiece3 = a:pR3
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[nifu:shogi]
dropNoDoubled = -
shogiPawnDropMateIllegal = false
`

func TestINIHopLimitAndParentDrops(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	file := filepath.Join(t.TempDir(), "hoplimit.ini")
	if err := os.WriteFile(file, []byte(hopLimitINI), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ section, fen, why string }{
		// w on d4: screens e5 and c5 next to it, enemies just beyond (taken); f on d2: its
		// screen (d4) two squares off, no hop; black's w on e8: screen d7, landing c6.
		{"hoplimit", "k3w3/3p4/1p3p2/2P1P3/3W4/8/3F4/K7 w - - 0 1", "screens next to the hopper"},
		// a (pR3) on d4: screen d6 at two, landing d7 at three; screen d3 at one, the rook
		// on d1 at three taken, d2 landed on; the pawn on d8 four away never.
		{"hoplimit", "k2p4/8/3p3K/8/p2A2p1/3P4/8/3r4 w - - 0 1", "screens one and two away"},
		// screens three away: no hop within range 2 or 3; black's f and a move too.
		{"hoplimit", "k7/8/1f6/8/8/3P4/8/K2W2a1 w - - 0 1", "screens far away"},
		{"hoplimit", "k7/6f1/8/8/2PP4/8/F7/1K1A3a b - - 0 1", "black to move"},
		// A pawn dropped beside the pawn on e3 (no nifu), and dropped on a8: mate
		// (shogiPawnDropMateIllegal = false; the current source's perft counts it anyway).
		{"nifu", "kn7/9/1G7/9/9/9/4P4/9/4K4[P] w - - 0 1", "pawn drops"},
		{"nifu", "4k4/9/4p4/9/9/9/9/9/KN7[p] b - - 0 1", "black's pawn drops"},
	} {
		def, err := defs.ImportINIAs(file, []byte(hopLimitINI), c.section, "")
		if err != nil {
			t.Fatalf("[%s] import: %v", c.section, err)
		}
		d, err := defs.Parse(file+":"+c.section, def)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := interpreter.Build(d)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("[%s] %s: %v", c.section, c.fen, err)
		}
		got := divideLines(p, 2)
		script := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft 2\nquit\n", file, c.section, c.fen)
		cmd := exec.Command(fsf)
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("fairy-stockfish: %v", err)
		}
		want := perftLines(string(out))
		if len(want) < 2 {
			t.Fatalf("[%s] %s: Fairy-Stockfish gave no perft: %s", c.section, c.fen, out)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("[%s] %s (%s), perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, c.fen, c.why, strings.Join(got, "\n"), strings.Join(want, "\n"))
		} else {
			t.Logf("[%s] %s: %d moves, %s", c.section, c.why, len(got)-1, got[slices.IndexFunc(got, func(l string) bool { return strings.HasPrefix(l, "Nodes") })])
		}
	}
}

// shogiPawnDropMateIllegal = false over shogi: a pawn dropped to mate wins, as Fairy-Stockfish's
// current source finds it (mate in 1 by P@a8); kept, shogi's no-mate would lose it.
func TestINIParentDropsPawnMate(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	file := filepath.Join(t.TempDir(), "hoplimit.ini")
	if err := os.WriteFile(file, []byte(hopLimitINI), 0o644); err != nil {
		t.Fatal(err)
	}
	const fen = "kn7/9/1G7/9/9/9/4P4/9/4K4[P] w - - 0 1"
	cmd := exec.Command(fsf)
	in, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	fmt.Fprintf(in, "uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value nifu\nposition fen %s\ngo depth 3\n", file, fen)
	var b strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() { // quit only once the search is over: quit stops it
		b.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "bestmove") {
			break
		}
	}
	fmt.Fprintln(in, "quit")
	in.Close()
	cmd.Wait()
	out := b.String()
	if !strings.Contains(string(out), "score mate 1 ") || !strings.Contains(string(out), "bestmove P@a8") {
		t.Fatalf("Fairy-Stockfish does not find the pawn drop mate:\n%s", out)
	}
	rs, err := interpreter.Open(file + ":nifu")
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("P@a8")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if r := p.Result(); r.Score != "1-0" {
		t.Errorf("after P@a8 (a pawn drop mate, allowed): %v, want 1-0", r)
	}
}
