// The great shogis against HaChu (Debian hachu, an XBoard engine with no perft): the
// legal moves compared move by move along games, through the XBoard protocol.
package perft_test

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/interpreter"
)

// hachuEngine is a HaChu process spoken to in force mode: moves are sent as usermove and
// the answer to each command is read up to the pong of a ping sent after it.
type hachuEngine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	pings int
}

// startHaChu starts HaChu on variant, from its start position, in force mode.
func startHaChu(t *testing.T, bin, variant string) *hachuEngine {
	t.Helper()
	cmd := exec.Command(bin)
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
	h := &hachuEngine{t: t, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		_, _ = io.WriteString(in, "quit\n")
		_ = in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	// HaChu 0.21 crashes in a search without a hash table: memory makes one; easy keeps it
	// from pondering (commands then go to the search). Repeats are
	// allowed, as Chimera's great shogis allow them. new comes before variant: new resets
	// the variant.
	h.exchange("xboard", "protover 2", "easy", "memory 16", "option Allow repeats=1", "new", "variant "+variant, "force")
	return h
}

// exchange sends the commands and a ping, and returns the lines HaChu wrote before its
// pong (its debug lines, starting with #, included).
func (h *hachuEngine) exchange(cmds ...string) []string {
	h.t.Helper()
	h.pings++
	var b strings.Builder
	for _, c := range cmds {
		b.WriteString(c + "\n")
	}
	fmt.Fprintf(&b, "ping %d\n", h.pings)
	if _, err := io.WriteString(h.in, b.String()); err != nil {
		h.t.Fatalf("HaChu: writing %q: %v", cmds, err)
	}
	pong := "pong " + strconv.Itoa(h.pings)
	var got []string
	timeout := time.After(60 * time.Second)
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatalf("HaChu stopped after %q", cmds)
			}
			if strings.TrimSpace(l) == pong {
				return got
			}
			got = append(got, l)
		case <-timeout:
			h.t.Fatalf("HaChu did not answer %q within 60 s", cmds)
		}
	}
}

// batch sends each move in force mode, each followed by an undo when undo is set and by
// a ping, all in one write, and returns for each whether HaChu refused it. It is for
// moves whose answer is expected: one that HaChu takes where a refusal was expected (or
// the reverse) leaves the later answers of the batch meaningless, so a caller stops at
// the first surprise.
func (h *hachuEngine) batch(moves []string, undo bool) []bool {
	h.t.Helper()
	var b strings.Builder
	first := h.pings + 1
	for _, m := range moves {
		b.WriteString("usermove " + m + "\n")
		if undo {
			b.WriteString("undo\n")
		}
		h.pings++
		fmt.Fprintf(&b, "ping %d\n", h.pings)
	}
	if _, err := io.WriteString(h.in, b.String()); err != nil {
		h.t.Fatalf("HaChu: writing moves: %v", err)
	}
	refused := make([]bool, len(moves))
	timeout := time.After(120 * time.Second)
	for i := range moves {
		pong := "pong " + strconv.Itoa(first+i)
	read:
		for {
			select {
			case l, ok := <-h.lines:
				if !ok {
					h.t.Fatalf("HaChu stopped after usermove %s", moves[i])
				}
				if strings.HasPrefix(l, "Illegal move") {
					refused[i] = true
				}
				if strings.TrimSpace(l) == pong {
					break read
				}
			case <-timeout:
				h.t.Fatalf("HaChu did not answer %d moves within 120 s", len(moves))
			}
		}
	}
	return refused
}

// accepts sends move in force mode and reports whether HaChu took it; a move taken is
// taken back unless keep. deferred reports that HaChu had the move only as a promotion
// ("# deferral" in its debug lines): it then makes the plain move when its rules let the
// man stay unpromoted there, and the promotion when they do not, without saying which.
func (h *hachuEngine) accepts(move string, keep bool) (ok, deferred bool) {
	h.t.Helper()
	out := h.exchange("usermove " + move)
	for _, l := range out {
		if strings.HasPrefix(l, "Illegal move") {
			return false, false
		}
		if strings.HasPrefix(l, "# deferral") {
			deferred = true
		}
	}
	if !keep {
		h.exchange("undo")
	}
	return true, deferred
}

// play has HaChu choose and make a move for the side to move (a search of depth plies),
// and returns it as it writes it.
func (h *hachuEngine) play(depth int) string {
	h.t.Helper()
	if _, err := fmt.Fprintf(h.in, "sd %d\ngo\n", depth); err != nil {
		h.t.Fatal(err)
	}
	timeout := time.After(60 * time.Second)
	first := ""
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatal("HaChu stopped while searching")
			}
			if mv, found := strings.CutPrefix(l, "move "); found {
				// A lion's double move comes as one line a leg: "move f5f6," then
				// "move f6f7".
				if leg := strings.TrimSpace(mv); strings.HasSuffix(leg, ",") {
					first += leg
					continue
				}
				h.exchange("force")
				return first + strings.TrimSpace(mv)
			}
			if strings.Contains(l, "resign") || strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") || strings.HasPrefix(l, "1/2-1/2") {
				h.exchange("force")
				return ""
			}
		case <-timeout:
			h.t.Fatal("HaChu found no move within 60 s")
		}
	}
}

// hachuMove writes m as HaChu reads and writes moves: origin and destination; a lion's
// double move that captures on the way as two legs (f5f6,f6f7; back to the origin for a
// capture without moving); a double move through an empty square as the plain move it
// amounts to, and one back onto the origin (a pass) as XBoard's null move @@@@; "+" for a
// promotion.
func hachuMove(p *interpreter.Position, m interpreter.Move) string {
	rs := p.Ruleset()
	from, to := rs.SquareName(m.From()), rs.SquareName(m.To())
	s := from + to
	if st := m.Stop(); st != compiler.NoSquare {
		switch {
		case p.At(st) != interpreter.NoPiece:
			s = from + rs.SquareName(st) + "," + rs.SquareName(st) + to
		case m.From() == m.To():
			return "@@@@"
		}
	}
	if m.Promotion() >= 0 {
		s += "+"
	}
	return s
}

// hachuGames plays games from the variant's start, checking at each position that HaChu
// accepts every move Chimera lists as legal, refuses a sample of moves Chimera does not
// list (from the side to move's men to cells within three steps, and promotions Chimera
// does not offer), and that each move HaChu plays itself is one Chimera lists. Half the
// moves are HaChu's (a shallow search), half random among Chimera's, captures first.
func hachuGames(t *testing.T, variant, hachuVariant, fen string, games, plies int, seed int64) (positions, moves, refused int) {
	bin := referenceProgram(t, "hachu")
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	var squares []compiler.Square
	for r := range rs.Ranks {
		for f := range rs.Files {
			squares = append(squares, rs.SquareAt(f, r))
		}
	}
	for g := range games {
		h := startHaChu(t, bin, hachuVariant)
		p, err := interpreter.Start(rs, "")
		if fen != "" {
			// HaChu 0.21's setboard reads the board to the end of the line: it gets the
			// board alone, and White moves first.
			board, rest, _ := strings.Cut(fen, " ")
			if !strings.HasPrefix(rest, "w") {
				t.Fatalf("%s: HaChu 0.21 sets up positions with White to move only", fen)
			}
			h.exchange("setboard " + board)
			p, err = interpreter.FromFEN(rs, fen)
		}
		if err != nil {
			t.Fatal(err)
		}
		var played []string
		for ply := range plies {
			if p.Result().Score != "*" {
				break
			}
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			positions++
			texts := map[string]interpreter.Move{}
			var sent []string
			for _, m := range legal {
				text := hachuMove(p, m)
				if _, seen := texts[text]; !seen {
					texts[text] = m
					sent = append(sent, text)
				}
			}
			moves += len(sent)
			for i, r := range h.batch(sent, true) {
				if r {
					t.Fatalf("game %d after %v (%s): HaChu refuses %s (%s), legal in Chimera", g, played, p.FEN(), sent[i], p.Coord(texts[sent[i]]))
				}
			}
			// Moves Chimera does not list: each man of the side to move to cells up to
			// three steps away, and promotions of the listed moves Chimera does not offer.
			var probes, captures []string
			for _, from := range squares {
				pc := p.At(from)
				if pc == interpreter.NoPiece || pc.Color() != p.Side() {
					continue
				}
				for _, to := range squares {
					if to == from || abs(rs.FileOf(to)-rs.FileOf(from)) > 3 || abs(rs.RankOf(to)-rs.RankOf(from)) > 3 {
						continue
					}
					text := rs.SquareName(from) + rs.SquareName(to)
					if _, ok := texts[text]; ok {
						continue
					}
					if _, ok := texts[text+"+"]; ok {
						continue // HaChu takes the plain text as that promotion
					}
					if q := p.At(to); q != interpreter.NoPiece && q.Color() != p.Side() && abs(rs.FileOf(to)-rs.FileOf(from)) <= 2 && abs(rs.RankOf(to)-rs.RankOf(from)) <= 2 {
						captures = append(captures, text) // every near capture Chimera forbids
					} else {
						probes = append(probes, text)
					}
				}
			}
			for text := range texts {
				if !strings.HasSuffix(text, "+") && text != "@@@@" {
					if _, ok := texts[text+"+"]; !ok {
						probes = append(probes, text+"+")
					}
				}
			}
			rng.Shuffle(len(probes), func(i, j int) { probes[i], probes[j] = probes[j], probes[i] })
			probes = append(captures, probes[:min(len(probes), 60)]...)
			refused += len(probes)
			for i, r := range h.batch(probes, false) {
				if !r {
					t.Fatalf("game %d after %v (%s): HaChu accepts %s, not legal in Chimera", g, played, p.FEN(), probes[i])
				}
			}
			var m interpreter.Move
			var text string
			if ply%2 == 1 || rng.Intn(2) == 0 {
				text = h.play(1)
				if text == "" {
					break
				}
				var ok bool
				if m, ok = texts[text]; !ok {
					t.Fatalf("game %d after %v (%s): HaChu plays %s, not legal in Chimera", g, played, p.FEN(), text)
				}
			} else {
				var captures []interpreter.Move
				for _, c := range legal {
					if c.Cap1() != compiler.NoSquare || p.At(c.To()) != interpreter.NoPiece {
						captures = append(captures, c)
					}
				}
				m = legal[rng.Intn(len(legal))]
				if len(captures) > 0 && rng.Intn(3) > 0 {
					m = captures[rng.Intn(len(captures))]
				}
				text = hachuMove(p, m)
				if pm, ok := texts[text+"+"]; ok {
					// The promotion, where HaChu might promote the plain move too.
					m, text = pm, text+"+"
				}
				if ok, _ := h.accepts(text, true); !ok {
					t.Fatalf("game %d after %v (%s): HaChu refuses %s", g, played, p.FEN(), text)
				}
			}
			played = append(played, p.Coord(m))
			p.Make(m)
		}
	}
	return positions, moves, refused
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestDaiShogiAgainstHaChu compares the built-in daishogi with HaChu's dai along games
// (one of 6 plies under -short, two of 40 otherwise).
func TestDaiShogiAgainstHaChu(t *testing.T) {
	t.Parallel()
	games, plies := 2, 40
	if testing.Short() {
		games, plies = 1, 6
	}
	positions, moves, refused := hachuGames(t, "daishogi", "dai", "", games, plies, 11)
	t.Logf("%d positions, %d legal moves accepted, %d other moves refused", positions, moves, refused)
}

// TestChuShogiAgainstHaChu compares the built-in chushogi with HaChu's chu along games
// from the start and from positions where lions meet (chushogi's own test positions with
// White to move; HaChu 0.21 crashes in games from chushogi's lone-lion igui position, so
// that one is left out). The probes include every capture within two steps that Chimera
// forbids: at ply 30 of chushogi's test game the lion may not take the guarded lion two
// squares away, and HaChu refuses it too.
func TestChuShogiAgainstHaChu(t *testing.T) {
	fens := []string{
		"",
		"l1+Rsgekgscfl/fv2txo1tb1a/m2bdq1dhrvm/pp1ppppppppp/6n1i3/12/6N5/7PI3/PP1PPP2PPPP/M2HD1QD1R1M/AVBSTOXT2VA/LFC1GKEGSCFL w - - 0 16",
	}
	plies := 20
	if testing.Short() {
		fens, plies = fens[1:2], 2
	}
	for i, fen := range fens {
		positions, moves, refused := hachuGames(t, "chushogi", "chu", fen, 1, plies, int64(i))
		t.Logf("%q: %d positions, %d legal moves accepted, %d other moves refused", fen, positions, moves, refused)
	}
}
