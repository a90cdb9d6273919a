// UCCI, and the protocols switched on the way: the same script through Chimera and Fairy-Stockfish (UCCI mode, or its Protocol option) gives the same perft move by move; a UCCI session bans moves, answers probe and quits with bye; no input makes a USI or UCCI session panic or go silent.
package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestUCCIScriptPerftMatchesFairyStockfish(t *testing.T) {
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

// Times in seconds once usemillisec is false; the side to move's clock is time.
func TestUCCIGoArgs(t *testing.T) {
	s := newProtoSession(&bytes.Buffer{}, engineCaps{}, protoUCCI)
	for _, c := range []struct {
		millis bool
		black  bool
		in     string
		want   string
	}{
		{true, false, "time 1000 increment 10 opptime 2000 oppincrement 20 draw", "wtime 1000 winc 10 btime 2000 binc 20"},
		{true, true, "time 1000 movestogo 5 opptime 2000 oppmovestogo 7", "btime 1000 movestogo 5 wtime 2000"},
		{false, false, "ponder time 60 oppinc 2", "ponder wtime 60000 binc 2000"},
		{true, false, "depth 3", "depth 3"},
		// One move to go, no increment: the clock is the move's.
		{true, false, "time 500 movestogo 1", "movetime 450"},
		{true, true, "time 500 movestogo 1 opptime 300", "movetime 450"},
		{false, false, "time 2 movestogo 1 increment 0", "movetime 1800"},
		{true, false, "time 500 movestogo 1 increment 10", "wtime 500 movestogo 1 winc 10"},
	} {
		s.millis = c.millis
		s.u.handle("position startpos")
		if c.black {
			s.u.handle("position startpos moves h3e3")
		}
		if got := strings.Join(s.ucciGoArgs(strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("%q: got %q want %q", c.in, got, c.want)
		}
	}
}

func FuzzProtocols(f *testing.F) {
	for _, seed := range []string{
		"usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d 8h2b+\ngo byoyomi 10\nisready\ngameover win\n",
		"usi\nposition sfen lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4 moves 8b2b\ngo perft 2\n",
		"usi\nposition sfen 9/9 b 2Q!\nposition sfen\nsetoption name USI_Variant value minishogi\ngo btime 0 wtime 0 byoyomi\nstop\n",
		"ucci\nisready\nsetoption usemillisec false\nposition startpos moves h2e2 h9g7\nbanmoves b0c2\ngo time 1 increment 0\nisready\n",
		"ucci\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r\nprobe startpos\nbanmoves\ngo depth 1\nstop\nstop\n",
		"ucci\nsetoption\nsetoption name\nsetoption UCI_Variant minixiangqi\nposition fen x y z\ngo perft 1\nuci\nusi\nucci\nquit\n",
		"uci\nsetoption name Protocol value ucci\nbanmoves zz\ngo nodes 100\nsetoption Protocol usi\nposition startpos\ngo depth 1\n\xff\x00\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 1<<13 {
			return
		}
		for _, p := range []protocol{protoUSI, protoUCCI} {
			var out syncBuffer
			s := newProtoSession(&out, engineCaps{hashMB: 1, depth: 1, moveTime: 20 * time.Millisecond, perft: 2}, p)
			// The session is still there at the end: isready gets readyok.
			all := input + "\nisready\n"
			within(t, 20*time.Second, all, &out, func() { s.run(strings.NewReader(all)) })
			want := 0
			for _, l := range strings.Split(all, "\n") {
				f := strings.Fields(l)
				if len(f) > 0 && f[0] == "quit" {
					break
				}
				if len(f) > 0 && f[0] == "isready" {
					want++
				}
			}
			got := 0
			for _, l := range strings.Split(out.String(), "\n") {
				if l == "readyok" {
					got++
				}
			}
			if got != want {
				t.Fatalf("%s: %d readyok for %d isready\noutput:\n%s", p, got, want, out.String())
			}
		}
	})
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

// UCCI's scores are bare numbers: centipawns, or 10000 less the plies to a mate.
func TestUCCIScore(t *testing.T) {
	for in, want := range map[string]string{
		"info depth 6 seldepth 8 multipv 1 score cp -35 nodes 10 pv h2e2": "info depth 6 seldepth 8 multipv 1 score -35 nodes 10 pv h2e2",
		"info depth 6 score mate 1 pv a0d0":                               "info depth 6 score 9999 pv a0d0",
		"info depth 6 score mate -2 pv a0d0":                              "info depth 6 score -9996 pv a0d0",
		"info message score cp 5":                                         "info message score cp 5",
		"bestmove h2e2":                                                   "bestmove h2e2",
	} {
		if got := ucciScore(in); got != want {
			t.Errorf("%q: got %q want %q", in, got, want)
		}
	}
}
