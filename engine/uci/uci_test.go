// UCI session tests: scripted sessions per seed variant, stop races, error lines, long lines, perft in the background, and the fuzz target.
package uci

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/engine/protocol"
	"chimera/interpreter"
)

// uciSession drives a UCI session through pipes, as a GUI does.
type uciSession struct {
	t     *testing.T
	u     *session
	in    *io.PipeWriter
	lines chan string
	ended chan struct{}
}

func newUCISession(t *testing.T) *uciSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	u := newSession(outW, protocol.Config{Caps: protocol.Caps{HashMB: 1, MoveTime: 10 * time.Second}})
	s := &uciSession{t: t, u: u, in: inW, lines: make(chan string, 10000), ended: make(chan struct{})}
	go func() {
		u.run(inR)
		inR.Close()
		outW.Close()
		close(s.ended)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		fmt.Fprintln(s.in, "quit")
		s.in.Close()
		select {
		case <-s.ended:
		case <-time.After(60 * time.Second):
			t.Errorf("the adapter did not quit")
		}
	})
	return s
}

func (s *uciSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := fmt.Fprintln(s.in, l); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// until reads output lines up to and including the first one ok accepts.
func (s *uciSession) until(what string, ok func(string) bool) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(60 * time.Second)
	for {
		select {
		case l, open := <-s.lines:
			if !open {
				s.t.Fatalf("output ended waiting for %s; got %q", what, got)
			}
			got = append(got, l)
			if ok(l) {
				return got
			}
		case <-timeout:
			s.t.Fatalf("no %s within a minute; got %q", what, got)
		}
	}
}

func (s *uciSession) ready() []string {
	s.t.Helper()
	s.send("isready")
	got := s.until("readyok", func(l string) bool { return l == "readyok" })
	return got[:len(got)-1]
}

// A session per seed variant as a GUI drives it: the variant announced, moves played
// from the start, a search whose best move is legal in the position.
func TestUCIVariants(t *testing.T) {
	s := newUCISession(t)
	s.send("uci")
	got := s.until("uciok", func(l string) bool { return l == "uciok" })
	if !strings.Contains(strings.Join(got, "\n"), "option name UCI_Variant type combo default chess") {
		t.Fatalf("no UCI_Variant option: %q", got)
	}
	for _, v := range []string{"prisonbreak", "claustrophobia", "prisonersescape", "koopa", "hostage", "crazyhouse", "xiangqi"} {
		p := startPos(t, v, "")
		s.send("setoption name UCI_Variant value " + v)
		got := s.ready()
		want := fmt.Sprintf("info string variant %s files %d ranks %d", v, p.Ruleset().Files, p.Ruleset().Ranks)
		if len(got) != 1 || !strings.HasPrefix(got[0], want) || !strings.HasSuffix(got[0], "startpos "+p.FEN()) {
			t.Fatalf("%s: %q", v, got)
		}
		s.send("ucinewgame")
		var moves []string
		for i := 0; i < 4; i++ {
			mv := firstLegal(p)
			moves = append(moves, mv)
			p.Make(mustParse(t, p, mv))
		}
		s.send("position startpos moves "+strings.Join(moves, " "), "go depth 2")
		out := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		best := strings.Fields(out[len(out)-1])[1]
		m, err := p.ParseMove(best)
		if err != nil {
			t.Fatalf("%s after %v: bestmove %s: %v", v, moves, best, err)
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: bestmove %s is not legal", v, best)
		}
		for _, l := range out[:len(out)-1] {
			if !strings.HasPrefix(l, "info depth ") {
				t.Errorf("%s: unexpected %q", v, l)
			}
		}
		s.send("d")
		if got := s.ready(); len(got) != 1 || got[0] != "Fen: "+p.FEN() {
			t.Errorf("%s: position %q, want %s", v, got, p.FEN())
		}
	}
}

// The special moves of the seed variants read from position ... moves.
func TestUCISpecialMoves(t *testing.T) {
	s := newUCISession(t)
	cases := []struct{ variant, fen, moves string }{
		{"prisonbreak", "5k/6/1p3p/2N1r1/3B2/2n3/6/K5 w - - 0 1", "d4f6"},
		{"koopa", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5"},
		{"hostage", "2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1", "R-B@e3"},
		{"crazyhouse", "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Pp] b KQkq - 0 3", "P@e4"},
		{"prisonersescape", "***I***/1h1g3/2P4/7/7/i6/2N4/***1*** w - - 0 1", "c6d7g"},
	}
	for _, c := range cases {
		p := startPos(t, c.variant, c.fen)
		for _, mv := range strings.Fields(c.moves) {
			p.Make(mustParse(t, p, mv))
		}
		s.send("setoption name UCI_Variant value "+c.variant, "position fen "+c.fen+" moves "+c.moves, "d")
		got := s.ready()
		if len(got) != 2 || got[1] != "Fen: "+p.FEN() {
			t.Fatalf("%s %s: %q, want Fen: %s", c.variant, c.moves, got, p.FEN())
		}
		s.send("go depth 2")
		out := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		best := strings.Fields(out[len(out)-1])[1]
		if _, err := p.ParseMove(best); err != nil {
			t.Fatalf("%s: bestmove %s: %v", c.variant, best, err)
		}
	}
}

// An infinite search stopped at once still answers, and the engine goes on.
func TestUCIStopAtOnce(t *testing.T) {
	s := newUCISession(t)
	for i := 0; i < 50; i++ {
		s.send("go infinite", "stop")
		s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
	}
	s.send("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1", "go", "stop")
	s.until("bestmove", func(l string) bool { return l == "bestmove (none)" })
	s.send("frobnicate", "setoption name Hash value 0", "go depth x", "position fen garbage")
	got := s.ready()
	if len(got) != 4 {
		t.Fatalf("errors: %q", got)
	}
	for _, l := range got {
		if !strings.HasPrefix(l, "info string ") {
			t.Errorf("error line %q", l)
		}
	}
}

// Threads: helper threads search, the reply is a legal move, and a bad count is refused.
func TestUCIThreads(t *testing.T) {
	s := newUCISession(t)
	s.send("setoption name Threads value 0", "setoption name Threads value many")
	if got := s.ready(); len(got) != 2 || !strings.Contains(got[0], "Threads must be from 1 to 64") {
		t.Errorf("bad thread counts: %q", got)
	}
	s.send("setoption name Threads value 2", "setoption name UCI_Variant value crazyhouse")
	s.ready()
	if n := s.u.engine.Threads(); n != 2 {
		t.Fatalf("%d threads after a variant change, want 2", n)
	}
	s.send("position fen 6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", "go depth 4")
	got := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
	if last := got[len(got)-1]; last != "bestmove N@f7" {
		t.Errorf("two threads: %q, want the drop mate N@f7", last)
	}
}

func FuzzUCI(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 2\nisready\n",
		"setoption name UCI_Variant value koopa\nposition startpos moves e2e4 d7d5 e4d5\ngo\nstop\nd\n",
		"setoption name UCI_Variant value hostage\nposition fen 2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1 moves R-B@e3\ngo movetime 10\n",
		"setoption name UCI_Variant value prisonbreak\ngo perft 2\nisready\nsetoption name MultiPV value 3\ngo depth 1\n",
		"setoption name UCI_Chess960 value true\nposition fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1 moves b1e1\ngo wtime 100 btime 100 winc 1 binc 1 movestogo 3\n",
		"setoption name UCI_Variant value xiangqi\nposition startpos\ngo searchmoves h3e3 b3e3 nodes 500\nponderhit\nstop\n",
		"setoption name Hash value 2\nsetoption name Threads value 2\nsetoption name\ngo infinite\nisready\nquit\nisready\n",
		"position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1\ngo\nstop\ngo mate 1\n\xff\x00\n",
		"go perft 2\nisready\nstop\nposition startpos moves e2e4\ngo perft 1\ngo depth 1\nquit\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 1<<13 {
			return
		}
		var out syncBuffer
		u := newSession(&out, protocol.Config{Caps: protocol.Caps{HashMB: 1, Depth: 1, MoveTime: 20 * time.Millisecond, Perft: 2}})
		within(t, 20*time.Second, input, &out, func() { u.run(strings.NewReader(input)) })
		want := 0
		for _, l := range strings.Split(input, "\n") {
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
			t.Fatalf("%d readyok for %d isready\noutput:\n%s", got, want, out.String())
		}
	})
}

// Fairy-Stockfish's names for chess and chess960 are the built-ins' aliases: the combo
// offers them, and selecting one plays the built-in (announced under its own name).
func TestUCIVariantAlias(t *testing.T) {
	s := newUCISession(t)
	s.send("uci")
	got := s.until("uciok", func(l string) bool { return l == "uciok" })
	if all := strings.Join(got, "\n"); !strings.Contains(all, " var normal ") || !strings.Contains(all, " var fischerandom") {
		t.Fatalf("aliases missing from the UCI_Variant combo: %q", got)
	}
	for alias, name := range map[string]string{"normal": "chess", "fischerandom": "chess960"} {
		s.send("setoption name UCI_Variant value " + alias)
		got := s.ready()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string variant "+name+" files 8 ranks 8") {
			t.Fatalf("%s: %q", alias, got)
		}
		s.send("position startpos", "go perft 3")
		out := s.until("Nodes searched", func(l string) bool { return strings.HasPrefix(l, "Nodes searched") })
		if last := out[len(out)-1]; last != "Nodes searched: 8902" {
			t.Errorf("%s: perft 3 got %q want 8902", alias, last)
		}
	}
}

// A line over the bound is skipped with an error line, and the engine answers the next
// command; a line of exactly the bound is read as any other (#23).
func TestUCILongLine(t *testing.T) {
	s := newUCISession(t)
	s.send(strings.Repeat("x", protocol.MaxLineBytes+1))
	want := fmt.Sprintf("info string error: line too long (%d bytes, at most %d), skipped: %s...", protocol.MaxLineBytes+1, protocol.MaxLineBytes, strings.Repeat("x", 40))
	if got := s.ready(); len(got) != 1 || got[0] != want {
		t.Fatalf("a line of %d bytes: %q, want %q", protocol.MaxLineBytes+1, got, want)
	}
	s.send("frobnicate " + strings.Repeat("y", protocol.MaxLineBytes-len("frobnicate ")))
	if got := s.ready(); len(got) != 1 || !strings.HasPrefix(got[0], "info string unknown command: frobnicate yyy") {
		t.Fatalf("a line of %d bytes: %q", protocol.MaxLineBytes, got)
	}
	s.send("position startpos moves e2e4", "d")
	if got := s.ready(); len(got) != 1 || !strings.HasPrefix(got[0], "Fen: rnbqkbnr/pppppppp/8/8/4P3") {
		t.Fatalf("after the long lines: %q", got)
	}
}

// endlessLine reads as n bytes of x, then rest.
type endlessLine struct {
	n    int64
	rest *strings.Reader
}

func (r *endlessLine) Read(p []byte) (int, error) {
	if r.n == 0 {
		return r.rest.Read(p)
	}
	k := int(min(int64(len(p)), r.n))
	for i := range p[:k] {
		p[i] = 'x'
	}
	r.n -= int64(k)
	return k, nil
}

// Reading a 64 MiB line keeps no more of it than the bound.
func TestProtocolLongLineMemory(t *testing.T) {
	var out syncBuffer
	u := newSession(&out, protocol.Config{Caps: protocol.Caps{HashMB: 1, Depth: 1}})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	u.run(&endlessLine{n: 64 << 20, rest: strings.NewReader("\nisready\n")})
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("reading a 64 MiB line allocated %d MiB", grew>>20)
	}
	if got := out.String(); !strings.HasPrefix(got, "info string error: line too long (67108864 bytes") || !strings.HasSuffix(got, "readyok\n") {
		t.Errorf("output %q", got)
	}
}

// go perft counts in the background: isready is answered at once, and stop ends the count
// with what it reached, before quit as well (#23; quit alone lets the count finish, #53).
func TestUCIPerftInBackground(t *testing.T) {
	s := newUCISession(t)
	s.send("position startpos", "go perft 9") // years of counting
	start := time.Now()
	if got := s.ready(); len(got) != 0 {
		t.Fatalf("before readyok: %q", got)
	}
	s.send("stop")
	got := s.until("the partial count", func(l string) bool { return strings.HasPrefix(l, "Nodes searched") })
	if last := got[len(got)-1]; last != "Nodes searched (partial, 0 of 20 root moves): 0" || len(got) != 2 || got[0] != "" {
		t.Errorf("stopped perft: %q", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("isready and stop took %v", d)
	}
	s.send("go perft 3")
	got = s.until("the count", func(l string) bool { return strings.HasPrefix(l, "Nodes searched") })
	if last := got[len(got)-1]; last != "Nodes searched: 8902" || len(got) != 22 || !slices.Contains(got, "e2e4: 600") {
		t.Errorf("perft 3: %q", got)
	}
	s.send("go perft 9", "isready", "stop", "quit")
	select {
	case <-s.ended:
	case <-time.After(10 * time.Second):
		t.Fatalf("stop and quit did not end a perft count within 10 s")
	}
}

func startPos(t *testing.T, variant, fen string) *interpreter.Position {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	var p *interpreter.Position
	if fen == "" {
		p, err = interpreter.Start(rs, "")
	} else {
		p, err = interpreter.FromFEN(rs, fen)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustParse(t *testing.T, p *interpreter.Position, s string) interpreter.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// firstLegal is a legal move of p in plain coordinates (no drop, capture in passing or castling).
func firstLegal(p *interpreter.Position) string {
	for _, m := range p.LegalMoves(nil) {
		if !m.IsDrop() && m.Cap1() == interpreter.NoSquare && m.Kind() == interpreter.KindNormal {
			return p.Coord(m)
		}
	}
	return p.Coord(p.LegalMoves(nil)[0])
}

// syncBuffer is an output buffer that a watchdog may read while the adapter writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// within runs a session and fails, showing the input, if it does not end in time.
func within(t *testing.T, limit time.Duration, input string, out *syncBuffer, run func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		run()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("the session did not end within %v\ninput %q\noutput:\n%s", limit, input, out.String())
	}
}

// A time too long for a duration is taken as the longest and said, never wrapped round to
// a negative time that moves at once (#23).
func TestUCIHugeTime(t *testing.T) {
	s := newUCISession(t)
	s.send("position startpos", "go movetime 99999999999999999")
	got := s.until("the note", func(l string) bool { return strings.HasPrefix(l, "info string go movetime") })
	if !strings.Contains(got[len(got)-1], "taken as 10000000000 ms") {
		t.Errorf("note: %q", got[len(got)-1])
	}
	time.Sleep(300 * time.Millisecond)
	for drained := false; !drained; {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, "bestmove") {
				t.Fatalf("moved at once: %q", l)
			}
		default:
			drained = true
		}
	}
	s.send("stop")
	s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
}

// TestUCIPerftFinishesBeforeQuit (#53 F9): quit or the end of the input lets a go perft
// count finish, as Stockfish gives it (it counts before reading on), where the count was
// cut to "Nodes searched (partial, 0 of 20 root moves): 0".
func TestUCIPerftFinishesBeforeQuit(t *testing.T) {
	for _, c := range []struct {
		d            Dialect
		input, nodes string
	}{
		{UCI, "position startpos\ngo perft 4\nquit\n", "Nodes searched: 197281"},
		{UCI, "position startpos\ngo perft 1\n", "Nodes searched: 20"},
		{UCI, "position startpos\ngo perft 3\nisready\n", "Nodes searched: 8902"},
		{UCCI, "ucci\nposition startpos\ngo perft 2\nquit\n", "Nodes searched: 1920"},
	} {
		var out syncBuffer
		within(t, 60*time.Second, c.input, &out, func() { New(&out, c.d, protocol.Config{}).Run(strings.NewReader(c.input)) })
		if got := out.String(); !strings.Contains(got, "\n"+c.nodes+"\n") || strings.Contains(got, "partial") {
			t.Errorf("%v %q: got\n%s\nwant %q", c.d, c.input, got, c.nodes)
		}
	}
}

// VariantPath given a Fairy-Stockfish variants.ini loads its sections as Fairy-Stockfish
// does: each imported one offered by name and played (a wall placed instead of a move,
// in its own text), each refused told on a line of its own with its file, line and why.
func TestUCIVariantPathINI(t *testing.T) {
	ini := "[edgewalls:chess]\nwallingRule = edge\nwallOrMove = true\n\n" +
		"[twokings:chess]\npromotedPieceType = n:k\n\n" +
		"[capa6:capablanca]\nmaxRank = 6\nstartFen = rnabqkbcnr/pppppppppp/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n"
	path := t.TempDir() + "/variants.ini"
	if err := os.WriteFile(path, []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newUCISession(t)
	s.send("setoption name VariantPath value " + path)
	got := strings.Join(s.ready(), "\n")
	for _, want := range []string{
		"info string VariantPath " + path + ": [twokings] not loaded: " + path + ":6:21: promotedPieceType",
		"info string loaded 2 variants from " + path + " (1 sections not loaded): edgewalls capa6",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	// After e4 and a wall on a3 (Black's man on the lowest cell is a7's pawn): White's 30
	// moves but the three onto or through a3, and walls on the 7 empty edge cells left and
	// on b3, beside a3.
	s.send("setoption name UCI_Variant value edgewalls", "position startpos moves e2e4 a7a7,a7a3", "go perft 1")
	out := s.until("Nodes searched", func(l string) bool { return strings.HasPrefix(l, "Nodes searched") })
	all := strings.Join(out, "\n")
	if !strings.HasSuffix(all, "Nodes searched: 35") || !strings.Contains(all, "a1a1,a1b3: 1") || strings.Contains(all, "e1e1") {
		t.Errorf("edgewalls after e2e4 a7a7,a7a3, perft 1:\n%s", all)
	}
	s.send("setoption name UCI_Variant value capa6", "position startpos", "go perft 1")
	out = s.until("Nodes searched", func(l string) bool { return strings.HasPrefix(l, "Nodes searched") })
	if last := out[len(out)-1]; last != "Nodes searched: 28" {
		t.Errorf("capa6 perft 1: %q", last)
	}
}
