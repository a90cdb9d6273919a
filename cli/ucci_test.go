// UCCI, and the protocols switched on the way: the same script through Chimera and Fairy-Stockfish (UCCI mode, or its Protocol option) gives the same perft move by move; a UCCI session bans moves, answers probe and quits with bye; moves in WXF notation.
package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestUCCIScriptPerftMatchesFairyStockfish(t *testing.T) {
	t.Parallel() // touches no process-wide state
	fsf := fairyStockfish(t)
	scripts := []string{
		"ucci\nposition startpos moves h2e2 h9g7\ngo perft 2\nquit\n",
		// A UCCI FEN, and moves on the first rank (0).
		"ucci\nposition fen 3akab2/9/4b4/9/9/9/9/9/4A4/2BK1c3 w - - 0 1 moves d0d1 f0f8\ngo perft 2\nquit\n",
		"ucci\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2b9 a9a8 b9a9\ngo perft 2\nquit\n",
	}
	if testing.Short() {
		scripts = scripts[:2]
	}
	sameScriptPerft(t, fsf, "ucci", scripts)
	// Fairy-Stockfish's Protocol option, through chimera uci: UCCI's options and squares
	// from there on, the variant unchanged until UCI_Variant names one.
	sameScriptPerft(t, fsf, "uci", []string{
		"uci\nsetoption name Protocol value ucci\nsetoption UCI_Variant xiangqi\nposition startpos moves h2e2 h9g7\ngo perft 2\nquit\n",
		"uci\nsetoption name UCI_Variant value shogi\nsetoption name Protocol value usi\nposition startpos moves 7g7f 3c3d\ngo perft 2\nquit\n",
	})
}

func TestUCCISession(t *testing.T) {
	t.Parallel() // touches no process-wide state
	script := "ucci\nisready\nsetoption usemillisec true\nstop\nprobe startpos\nfrobnicate\nposition startpos moves h2e2\n" +
		// Every move but one banned: the engine plays the one left.
		"banmoves " + allUCCIMovesBut(t, "h9g7") + "\ngo depth 3\n" +
		// A new position (which stops the search) lifts the ban.
		"position startpos\ngo depth 1\n" +
		// Mated (the generals may not face each other): no move.
		"position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 2\nquit\nisready\n"
	var out bytes.Buffer
	if code := MainWithInput([]string{"ucci"}, strings.NewReader(script), &out, &bytes.Buffer{}); code != exitOK {
		t.Fatalf("chimera ucci exited %d", code)
	}
	var answers, moves []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		switch {
		case strings.HasPrefix(l, "option ") || strings.HasPrefix(l, "id ") || strings.HasPrefix(l, "info depth"):
		case strings.Contains(l, "bestmove"):
			moves = append(moves, l) // when the search ends
		default:
			answers = append(answers, l)
		}
	}
	want := []string{"ucciok", "readyok", "pophash", "info message unknown command: frobnicate", "bye"}
	if strings.Join(answers, "\n") != strings.Join(want, "\n") {
		t.Errorf("answers:\n%s\nwant:\n%s", strings.Join(answers, "\n"), strings.Join(want, "\n"))
	}
	if len(moves) != 4 || moves[0] != "nobestmove" || !strings.HasPrefix(moves[1], "bestmove h9g7") || !strings.HasPrefix(moves[2], "bestmove ") || moves[3] != "nobestmove" {
		t.Errorf("bestmoves: %q, want nobestmove (stop while idle), h9g7 (the one move not banned), a move, nobestmove (mated)", moves)
	}
	if !strings.Contains(out.String(), "option usemillisec type check default true") {
		t.Errorf("no usemillisec option:\n%s", out.String())
	}
}

// allUCCIMovesBut lists black's replies to h2e2 in UCCI's squares, but keep.
func allUCCIMovesBut(t *testing.T, keep string) string {
	t.Helper()
	out, _ := runScript(t, "ucci", "position startpos moves h2e2\ngo perft 1\nquit\n")
	var moves []string
	for _, l := range strings.Split(out, "\n") {
		if m, _, ok := strings.Cut(l, ": "); ok && m != keep && m != "Nodes searched" {
			moves = append(moves, m)
		}
	}
	if len(moves) < 30 {
		t.Fatalf("%d moves after h2e2:\n%s", len(moves), out)
	}
	return strings.Join(moves, " ")
}

// chimera moves --notation wxf writes and reads WXF notation (with . for = as well).
func TestMovesWXF(t *testing.T) {
	code, out, errs := run("moves", "xiangqi", "--notation", "wxf", "--moves", "1. C2.5 H8+7 2. h1g3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"H2+3    b10c8", "C2=5    b8e8", "P1+1    a7a6", "FEN: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"} {
		if !strings.Contains(strings.Join(strings.Fields(out), "  "), strings.Join(strings.Fields(want), "  ")) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if code, _, errs := run("moves", "xiangqi", "--notation", "wxf", "--moves", "C2=9"); code != exitUsage || errs == "" {
		t.Errorf("C2=9: exit %d, %s", code, errs)
	}
}
