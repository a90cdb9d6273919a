// Dialect tests: UCCI's go limits and scores, a session over a stub engine, and no input makes a USI or UCCI session panic or go silent.
package uci

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/engine/protocol"
	"chimera/engine/search"
	"chimera/interpreter"
)

// Times in seconds once usemillisec is false; the side to move's clock is time.
func TestUCCIGoArgs(t *testing.T) {
	s := New(&bytes.Buffer{}, UCCI, protocol.Config{})
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
		for _, p := range []Dialect{USI, UCCI} {
			var out syncBuffer
			s := New(&out, p, protocol.Config{Caps: protocol.Caps{HashMB: 1, Depth: 1, MoveTime: 20 * time.Millisecond, Perft: 2}})
			// The session is still there at the end: isready gets readyok.
			all := input + "\nisready\n"
			within(t, 20*time.Second, all, &out, func() { s.Run(strings.NewReader(all)) })
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

// stubEngine is a searcher that plays the last legal move at once, or, searching without
// end, when the search is stopped: a session runs over any protocol.Engine.
type stubEngine struct {
	hashMB, threads int
	searches        int
}

func (e *stubEngine) Search(ctx context.Context, p *interpreter.Position, lim search.Limits, report func(search.Info)) search.Result {
	e.searches++
	if lim.Infinite {
		<-ctx.Done()
	}
	moves := p.LegalMoves(nil)
	return search.Result{Best: moves[len(moves)-1], Depth: 1}
}
func (e *stubEngine) Clear()            {}
func (e *stubEngine) Resize(hashMB int) { e.hashMB = hashMB }
func (e *stubEngine) SetThreads(n int)  { e.threads = n }
func (e *stubEngine) Threads() int      { return e.threads }

func TestSessionOverEngineInterface(t *testing.T) {
	var made []*stubEngine
	cfg := protocol.Config{Caps: protocol.Caps{HashMB: 8}, NewEngine: func(rs *compiler.Ruleset, hashMB int) protocol.Engine {
		e := &stubEngine{hashMB: hashMB}
		made = append(made, e)
		return e
	}}
	var out bytes.Buffer
	New(&out, USI, cfg).Run(strings.NewReader("usi\nsetoption name USI_Hash value 100\nposition startpos\ngo depth 5\ngo infinite\nstop\nquit\n"))
	text := out.String()
	if strings.Count(text, "bestmove 2h1h\n") != 2 || len(made) == 0 {
		t.Fatalf("the stub's move (the last legal one, in USI) twice:\n%s", text)
	}
	e := made[len(made)-1]
	if e.searches != 2 || e.hashMB != 8 {
		t.Errorf("%d searches, hash %d MB (want 2, and the cap 8)", e.searches, e.hashMB)
	}
}

// TestDialectMoveErrorsNameTheMoveSent: an illegal move in a USI or UCCI position line is
// named as the GUI sent it (before, only Chimera's coordinates, "c3c4" for 7g7f); the
// session goes on.
func TestDialectMoveErrorsNameTheMoveSent(t *testing.T) {
	for _, c := range []struct {
		d           Dialect
		input, want string
	}{
		{USI, "usi\nposition startpos moves 7g7f 7g7f\nisready\nquit\n", "info string position: move 2, 7g7f (c3c4 in Chimera's coordinates): illegal move"},
		{UCCI, "ucci\nposition startpos moves h2e2 h2e2\nisready\nquit\n", "info message position: move 2, h2e2 (h3e3 in Chimera's coordinates): illegal move"},
	} {
		var out bytes.Buffer
		New(&out, c.d, protocol.Config{}).Run(strings.NewReader(c.input))
		if !strings.Contains(out.String(), c.want) || !strings.Contains(out.String(), "readyok") {
			t.Errorf("%v: got\n%s\nwant %q and readyok", c.d, out.String(), c.want)
		}
	}
}

// TestDialectPositionErrorsQuoteWhatWasSent (#53 F18): a USI or UCCI position that does
// not set up is quoted as the GUI sent it (before, as Chimera's FEN, a text the GUI never
// wrote: "...LNSGKGSNLL[] w - - 0 1" for an SFEN).
func TestDialectPositionErrorsQuoteWhatWasSent(t *testing.T) {
	for _, c := range []struct {
		d          Dialect
		pos, label string
	}{
		{USI, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "info string position: SFEN "},
		{USI, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b 2Q 1", "info string position: SFEN "},
		{UCCI, "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", "info message position: FEN "},
	} {
		var out bytes.Buffer
		New(&out, c.d, protocol.Config{}).Run(strings.NewReader(map[Dialect]string{USI: "usi", UCCI: "ucci"}[c.d] + "\nposition " + c.pos + "\nisready\nquit\n"))
		sent := c.pos[strings.Index(c.pos, " ")+1:]
		want := c.label + `"` + sent + `": `
		if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "readyok") {
			t.Errorf("%v: got\n%s\nwant %q and readyok", c.d, out.String(), want)
		}
	}
}

// TestGoAfterRefusedPosition (#53 F8): after a refused position line (a bad FEN, an
// illegal move), go answers no move and says why, where it searched the position before
// (a move for the other side); go perft counts nothing; a position accepted ends it.
func TestGoAfterRefusedPosition(t *testing.T) {
	for _, c := range []struct {
		d                            Dialect
		hello, good, badFEN, badMove string
		none, message                string
	}{
		{UCI, "uci", "position startpos moves e2e4", "position fen 8/8/8 w - - 0 1", "position startpos moves e2e4 e2e4", "bestmove (none)", "info string "},
		{USI, "usi", "position startpos moves 7g7f", "position sfen 9/9/9 b - 1", "position startpos moves 7g7f 7g7f", "bestmove resign", "info string "},
		{UCCI, "ucci", "position startpos moves h2e2", "position fen 9/9/9 w", "position startpos moves h2e2 h2e2", "nobestmove", "info message "},
	} {
		input := strings.Join([]string{c.hello, c.good, c.badFEN, "go depth 1", c.good, c.badMove, "go depth 1", "go perft 1", c.good, "go depth 1", "quit"}, "\n") + "\n"
		var out bytes.Buffer
		New(&out, c.d, protocol.Config{}).Run(strings.NewReader(input))
		var answers []string
		told := 0
		for _, l := range strings.Split(out.String(), "\n") {
			switch {
			case strings.HasPrefix(l, "bestmove") || strings.HasPrefix(l, "nobestmove"):
				answers = append(answers, l)
			case strings.HasPrefix(l, c.message+"go: no position to search, the last position was refused ("):
				told++
			case strings.HasPrefix(l, "Nodes searched") || strings.HasSuffix(l, ": 1"):
				t.Errorf("%v: go perft counted a refused position: %q", c.d, l)
			}
		}
		if len(answers) != 3 || answers[0] != c.none || answers[1] != c.none || answers[2] == c.none || told != 3 {
			t.Errorf("%v: answers %q, %d reasons told; want %s twice, then a move, and the reason told for both go and go perft\n%s", c.d, answers, told, c.none, out.String())
		}
	}
}
