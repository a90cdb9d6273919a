// XBoard protocol tests: scripted GUI sessions per seed variant, clocks, analyze, error lines, and the fuzz target.
package xboard

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/defs"
	"chimera/engine/protocol"
	"chimera/engine/xbtext"
	"chimera/interpreter"
)

// xbSession drives an XBoard session as a GUI does: lines in through a pipe, lines out
// through another, read as they come.
type xbSession struct {
	t     *testing.T
	x     *Session
	in    *io.PipeWriter
	lines chan string
	ended chan struct{}
	pings int
}

func newXBSession(t *testing.T) *xbSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	x := New(outW, protocol.Config{Caps: protocol.Caps{HashMB: 1, MoveTime: 10 * time.Second}})
	s := &xbSession{t: t, x: x, in: inW, lines: make(chan string, 10000), ended: make(chan struct{})}
	go func() {
		x.Run(inR)
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
	t.Cleanup(s.quit)
	return s
}

func (s *xbSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := fmt.Fprintln(s.in, l); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// until reads output lines up to and including the first one ok accepts.
func (s *xbSession) until(what string, ok func(string) bool) []string {
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

// sync sends ping and returns the output before its pong.
func (s *xbSession) sync() []string {
	s.t.Helper()
	s.pings++
	pong := fmt.Sprintf("pong %d", s.pings)
	s.send(fmt.Sprintf("ping %d", s.pings))
	got := s.until(pong, func(l string) bool { return l == pong })
	return got[:len(got)-1]
}

// expect sends lines and checks all the output up to a ping.
func (s *xbSession) expect(want []string, lines ...string) {
	s.t.Helper()
	s.send(lines...)
	got := s.sync()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		s.t.Fatalf("after %q:\n got %q\nwant %q", lines, got, want)
	}
}

func (s *xbSession) quit() {
	fmt.Fprintln(s.in, "quit")
	s.in.Close()
	select {
	case <-s.ended:
	case <-time.After(60 * time.Second):
		s.t.Fatalf("the adapter did not quit")
	}
}

// fen is the adapter's position.
func (s *xbSession) fen() string {
	s.x.mu.Lock()
	defer s.x.mu.Unlock()
	return s.x.pos.FEN()
}

// play sends user moves in force mode and makes them on the copy too.
func (s *xbSession) play(p *interpreter.Position, moves ...string) {
	s.t.Helper()
	for _, mv := range moves {
		m, err := s.x.codec.ParseMove(p, mv)
		if err != nil {
			s.t.Fatalf("%s: %v", mv, err)
		}
		p.Make(m)
		s.expect(nil, "usermove "+mv)
	}
	if s.fen() != p.FEN() {
		s.t.Fatalf("after %q the adapter has %s, the copy %s", moves, s.fen(), p.FEN())
	}
}

var thinkingRE = regexp.MustCompile(`^\d+ -?\d+ \d+ \d+ \S`)

// engineMove sends go and checks the engine's move: legal on the copy (read back the way
// ParseMove reads moves), the same position after it in both. It returns the output.
func (s *xbSession) engineMove(p *interpreter.Position) []string {
	s.t.Helper()
	s.send("go")
	got := s.sync()
	var move string
	for _, l := range got {
		if strings.HasPrefix(l, "move ") {
			if move != "" {
				s.t.Fatalf("two moves: %q", got)
			}
			move = strings.TrimPrefix(l, "move ")
		} else if !thinkingRE.MatchString(l) && !resultRE.MatchString(l) {
			s.t.Fatalf("unexpected line %q in %q", l, got)
		}
	}
	if move == "" {
		s.t.Fatalf("no move after go: %q", got)
	}
	// Plain coordinates are Chimera's but for the ranks of a 10-rank board; legs name
	// the squares captured in passing.
	var m interpreter.Move
	var err error
	if strings.Contains(move, ",") || s.x.rs.Ranks == 10 {
		m, err = s.x.codec.ParseMove(p, move)
	} else {
		m, err = p.ParseMove(move)
	}
	if err != nil {
		s.t.Fatalf("engine move %q: %v (position %s)", move, err, p.FEN())
	}
	p.Make(m)
	if s.fen() != p.FEN() {
		s.t.Fatalf("after the engine's %s the adapter has %s, the copy %s", move, s.fen(), p.FEN())
	}
	return got
}

var resultRE = regexp.MustCompile(`^(1-0|0-1|1/2-1/2) \{[^}]+\}$`)

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

func TestXBoardHandshake(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "xboard")
	s.send("protover 2")
	got := s.sync()
	if len(got) < 1 || !strings.HasSuffix(got[len(got)-1], "done=1") {
		t.Fatalf("features do not end with done=1: %q", got)
	}
	all := strings.Join(got, " ")
	for _, f := range []string{`myname="Chimera"`, "setboard=1", "usermove=1", "ping=1", "highlight=1", "sigint=0",
		"sigterm=0", "colors=0", "san=0", "debug=1", "memory=0", "smp=1"} {
		if !strings.Contains(all, " "+f) {
			t.Errorf("feature %s missing: %q", f, got)
		}
	}
	g := regexp.MustCompile(`variants="([^"]*)"`).FindStringSubmatch(all)
	if g == nil {
		t.Fatalf("no variants: %q", got)
	}
	names := strings.Split(g[1], ",")
	if names[0] != "normal" {
		t.Errorf("variants start with %s, want normal", names[0])
	}
	hex := 0
	for _, b := range defs.Builtins() {
		rs, err := interpreter.Open(b)
		if err != nil {
			t.Fatal(err)
		}
		if rs.Hex {
			// XBoard draws square boards only: a hexagonal game is neither offered nor
			// accepted.
			hex++
			if slices.Contains(names, xbtext.Name(b)) {
				t.Errorf("variant %s is on hexagonal cells but offered: %s", b, g[1])
			}
			s.send("variant " + b)
			if l := s.sync(); len(l) != 1 || !strings.HasPrefix(l[0], "Error ("+b+" is played on hexagonal cells") {
				t.Errorf("variant %s answered %q", b, l)
			}
			continue
		}
		if rs.Seats != nil {
			// A game of seats: XBoard's games have two sides.
			if slices.Contains(names, xbtext.Name(b)) {
				t.Errorf("variant %s is a game of seats but offered: %s", b, g[1])
			}
			s.send("variant " + b)
			if l := s.sync(); len(l) != 1 || !strings.HasPrefix(l[0], "Error ("+b+" is a game of seats") {
				t.Errorf("variant %s answered %q", b, l)
			}
			continue
		}
		if !slices.Contains(names, xbtext.Name(b)) {
			t.Errorf("variant %s (%s) not offered: %s", b, xbtext.Name(b), g[1])
		}
	}
	if hex < 3 {
		t.Errorf("%d hexagonal built-ins, want 3 or more", hex)
	}
	for c, x := range map[string]string{"chess": "normal", "chess960": "fischerandom", "crazyhouse": "crazyhouse",
		"xiangqi": "xiangqi", "capablanca": "capablanca", "courier": "courier", "knightmate": "knightmate"} {
		if xbtext.Name(c) != x {
			t.Errorf("%s is offered as %s, want %s", c, xbtext.Name(c), x)
		}
	}
	// Variants XBoard knows get no setup; the names map back.
	for _, v := range []string{"normal", "fischerandom", "crazyhouse", "xiangqi", "capablanca", "courier", "knightmate", "nocastle"} {
		s.expect(nil, "variant "+v)
		if xbtext.Name(s.x.rs.Name) != v {
			t.Errorf("variant %s selected %s", v, s.x.rs.Name)
		}
	}
	s.expect([]string{"Error (unknown variant): nosuch"}, "variant nosuch")
}

// The seed variants are unknown to XBoard: each gets a setup line with its pieces, board,
// holdings and start position.
func TestXBoardSetup(t *testing.T) {
	table := "PNBRQ................Kpnbrq................k"
	cases := map[string]string{
		"prisonbreak":     "setup (" + table + ") 6x8+0_fairy rnbqkb/ppppp1/6/6/6/6/PPPPP1/RNBQKB w - - 0 1",
		"claustrophobia":  "setup (" + table + ") 7x8+0_fairy rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1",
		"prisonersescape": "setup (PN...F......HI.G......pn...f......hi.g......) 7x8+0_fairy ***I***/fnhghnf/ppppppp/7/7/PPPPPPP/FNHGHNF/***i*** w - - 0 1",
		"koopa":           "setup (" + table + ") 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"hostage":         "setup (" + table + ") 8x8+6_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[][] w KQkq - 0 1",
		"shako":           "setup (PNBRQ.E.C............Kpnbrq.e.c............k) 10x10+0_fairy c8c/ernbqkbnre/",
	}
	s := newXBSession(t)
	for v, want := range cases {
		s.send("variant " + v)
		var got []string
		for _, l := range s.sync() {
			if !strings.HasPrefix(l, "piece ") { // the pieces' moves: TestXBoardPieceLines
				got = append(got, l)
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], want) {
			t.Errorf("variant %s: got %q, want %q", v, got, want)
			continue
		}
		fen := strings.SplitN(got[0], "_fairy ", 2)[1]
		if p := startPos(t, v, ""); p.FEN() != fen {
			t.Errorf("variant %s: setup FEN %s, start %s", v, fen, p.FEN())
		}
		for i, c := range []byte(strings.Fields(got[0])[1]) {
			if c != '(' && c != ')' && c != '.' && strings.IndexByte(strings.ToUpper(xbPieceOrder), c&^0x20) < 0 && c&^0x20 != 'I' {
				t.Errorf("variant %s: letter %c at %d", v, c, i)
			}
		}
	}
}

func TestXBoardPrisonBreak(t *testing.T) {
	s := newXBSession(t)
	s.send("xboard", "protover 2")
	s.sync()
	s.send("variant prisonbreak", "new", "force")
	s.sync()
	p := startPos(t, "prisonbreak", "")
	s.play(p, "e2e3", "e7e6")
	// The Ninja Guard on d4 jumps over e5 to f6, capturing both: as legs, and plainly.
	const fen = "5k/6/1p3p/2N1r1/3B2/2n3/6/K5 w - - 0 1"
	s.expect(nil, "setboard "+fen)
	p = startPos(t, "prisonbreak", fen)
	// Captures red (e5, c3; f6, b2 past their victims; b6 over its own knight), quiet yellow.
	s.expect([]string{"highlight 6/6/1R3R/4R1/6/2R1Y1/1R3Y/6"}, "lift d4")
	s.play(p, "d4e5,e5f6")
	if p.At(sq(t, p, "e5")) != interpreter.NoPiece || p.At(sq(t, p, "f6")) == interpreter.NoPiece {
		t.Fatalf("the double capture did not take e5: %s", p.FEN())
	}
	s.expect(nil, "undo")
	p.Unmake()
	if s.fen() != p.FEN() {
		t.Fatalf("undo: %s, want %s", s.fen(), p.FEN())
	}
	s.play(p, "d4f6")
	s.expect(nil, "undo")
	p.Unmake()
	// The bomber's drop beyond its victim, written by the engine as legs.
	b := startPos(t, "prisonbreak", "K4k/3b2/6/6/1rPRpr/6/6/3n2 w - - 0 1")
	if got := s.x.codec.MoveText(b, mustParse(t, b, "d4d8")); got != "d4d7,d7d8" {
		t.Errorf("bomber move written %q, want d4d7,d7d8", got)
	}
	s.send("sd 2", "post")
	s.engineMove(p) // Black replies
	s.expect(nil, "force")
	s.play(p, firstLegal(p))
	s.send("sd 2")
	s.engineMove(p)
}

func TestXBoardClaustrophobia(t *testing.T) {
	s := newXBSession(t)
	s.send("variant claustrophobia")
	s.sync()
	s.send("new", "force")
	p := startPos(t, "claustrophobia", "")
	s.play(p, "a2a3", "a7a6")
	const fen = "1r1bbk*/p1p1pqn/rp1p1**/1R3**/1B2n**/R4**/PPPP1Q1/2NBNK* w - - 4 8"
	s.expect(nil, "setboard "+fen)
	p = startPos(t, "claustrophobia", fen)
	s.play(p, "b5b6,b6b7") // the bomber takes b6 and lands on b7
	s.send("sd 2")
	s.engineMove(p)
	// A king reaching the enemy palace wins.
	s.expect(nil, "force", "setboard k5*/7/4K**/5**/5**/5**/7/6* w - - 0 1")
	s.expect([]string{"1-0 {White wins by scepter}"}, "usermove e6f7")
}

func TestXBoardPrisonersEscape(t *testing.T) {
	s := newXBSession(t)
	s.send("variant prisonersescape", "new", "force")
	s.sync()
	p := startPos(t, "prisonersescape", "")
	s.play(p, firstLegal(p))
	s.play(p, firstLegal(p))
	const fen = "***I***/1h1g3/2P4/7/7/i6/2N4/***1*** w - - 0 1"
	s.expect(nil, "setboard "+fen)
	p = startPos(t, "prisonersescape", fen)
	// Promotion squares are magenta, captures red, on the 7th rank (not the last).
	s.expect([]string{"highlight 7/1MMM3/7/7/7/7/7/7"}, "lift c6")
	s.play(p, "c6d7g")
	s.send("sd 2")
	s.engineMove(p)
}

func TestXBoardKoopa(t *testing.T) {
	s := newXBSession(t)
	s.send("variant koopa", "new", "force")
	s.sync()
	p := startPos(t, "koopa", "")
	s.play(p, "e2e4", "d7d5")
	// A capture stuns d5 and bounces the pawn on: the FEN carries the statuses.
	s.play(p, "e4d5")
	if !strings.Contains(p.FEN(), ":") {
		t.Fatalf("no stunned piece after the bounce: %s", p.FEN())
	}
	s.send("sd 2")
	s.engineMove(p)
	s.expect(nil, "force")
	s.play(p, firstLegal(p))
	// Castling is written as the king's two-square move, and read that way.
	c := startPos(t, "koopa", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 2")
	if got := s.x.codec.MoveText(c, mustParse(t, c, "O-O")); got != "e1g1" {
		t.Errorf("koopa castling written %q, want e1g1", got)
	}
	s.expect(nil, "setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 2")
	p = startPos(t, "koopa", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 2")
	s.expect([]string{"highlight " + highlightOf(t, s, p, "e1")}, "lift e1")
	s.play(p, "e1g1")
	// A bounce over the enemy king wins.
	s.expect(nil, "setboard 8/8/8/8/3k4/2p5/8/B3K3 w - - 0 1")
	s.expect([]string{"1-0 {White wins by king hit}"}, "usermove a1c3")
}

// TestXBoardWalls: a turn with a wall is written as Fairy-Stockfish writes it for XBoard,
// the move's squares, the wall's leg from the landing square, then the promotion
// (a7a8,a8d5q); it is read so, and with the promotion before the comma as UCI writes it;
// a move without its wall is illegal; the engine answers with a turn.
func TestXBoardWalls(t *testing.T) {
	s := newXBSession(t)
	s.send("variant duck", "new", "force")
	s.sync()
	p := startPos(t, "duck", "")
	s.play(p, "e2e4,e4e5", "d7d5,d5d4")
	s.expect([]string{"Illegal move: g1f3"}, "usermove g1f3")
	s.send("sd 1")
	out := s.engineMove(p)
	if !slices.ContainsFunc(out, func(l string) bool { return strings.HasPrefix(l, "move ") && strings.Contains(l, ",") }) {
		t.Errorf("the engine's move has no wall: %q", out)
	}
	s.expect(nil, "force")
	for _, c := range []struct{ variant, fen, turn, xb string }{
		{"duck", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q,d5", "a7a8,a8d5q"},
		{"duck", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O,d5", "e1g1,g1d5"},
		{"duck", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O,a2", "e8c8,c8a2"},
		{"amazons", "", "Qde1,a1", "d0e0,e0a0"}, // ranks counted from 0 on 10 ranks
	} {
		p := startPos(t, c.variant, c.fen)
		codec := xbtext.New(p.Ruleset())
		m := mustParse(t, p, c.turn)
		if got := codec.MoveText(p, m); got != c.xb {
			t.Errorf("%s %s: %s written %q for XBoard, want %q", c.variant, p.FEN(), c.turn, got, c.xb)
		}
		uci := codec.ToXB(p.Coord(m))
		for _, text := range []string{c.xb, uci} {
			if back, err := codec.ParseMove(p, text); err != nil || back != m {
				t.Errorf("%s %s: %q read as %v (%v), want %s", c.variant, p.FEN(), text, back, err, c.turn)
			}
		}
	}
	// Through the session: the promotion with its wall.
	s.expect(nil, "setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	p = startPos(t, "duck", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	s.play(p, "a7a8,a8d5q")
	if want := "Q3k3/8/8/3*4/8/8/8/4K3 b - - 0 1"; s.fen() != want {
		t.Errorf("after a7a8,a8d5q: %s, want %s", s.fen(), want)
	}
}

func TestXBoardHostage(t *testing.T) {
	s := newXBSession(t)
	s.send("variant hostage", "new", "force")
	s.sync()
	p := startPos(t, "hostage", "")
	s.play(p, "e2e4", "d7d5", "e4d5", "d8d5")
	const fen = "2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1"
	s.expect(nil, "setboard "+fen)
	p = startPos(t, "hostage", fen)
	s.play(p, "N@e5") // a drop from the airfield
	s.expect(nil, "undo")
	p.Unmake()
	s.play(p, "R-B@e3") // an exchange: give a rook, rescue a bishop
	// Lifting a piece of White's holdings (right of the board, pawns in the first row).
	s.expect(nil, "undo")
	p.Unmake()
	s.send("lift j1")
	got := s.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "highlight ") || strings.Count(got[0], "Y") < 20 {
		t.Fatalf("lift of a held pawn: %q", got)
	}
	// The second row holds knights (P N B R Q K): a knight drops on any empty square.
	empty := 0
	for q := 0; q < 64; q++ {
		if p.At(q) == interpreter.NoPiece {
			empty++
		}
	}
	s.send("lift j2")
	got = s.sync()
	if len(got) != 1 || strings.Count(got[0], "Y") != empty {
		t.Fatalf("lift of a held knight: %q, want %d squares", got, empty)
	}
	// Black's holdings, left of the board from the top: not Black's turn.
	s.expect([]string{"highlight 8/8/8/8/8/8/8/8"}, "lift _8")
	for row, want := range "PNBRQK" {
		if got := holdingType(p.Ruleset(), row); got != p.Ruleset().TypeOf(byte(want)) {
			t.Errorf("holdings row %d: type %d, want %c", row, got, want)
		}
	}
	s.send("sd 2")
	s.engineMove(p)
}

func TestXBoardCrazyhouse(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "variant crazyhouse", "force")
	p := startPos(t, "crazyhouse", "")
	s.play(p, "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e4")
	// XBoard writes empty holdings as [-].
	s.expect(nil, "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1")
	s.expect(nil, "setboard rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Pp] b KQkq - 0 3")
	p = startPos(t, "crazyhouse", "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Pp] b KQkq - 0 3")
	s.play(p, "P@e4")
	s.send("sd 2")
	s.engineMove(p)
}

// Xiangqi: XBoard counts the ranks of a 10-rank board from 0 and writes horses and
// elephants as H and E.
func TestXBoardXiangqi(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "variant xiangqi", "force")
	s.expect(nil, "setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1")
	p := startPos(t, "xiangqi", "")
	if s.fen() != p.FEN() {
		t.Fatalf("XBoard's xiangqi FEN read as %s", s.fen())
	}
	s.send("lift h2")
	got := s.sync()
	if len(got) != 1 || got[0] != "highlight "+highlightOf(t, s, p, "h2") || !strings.Contains(got[0], "R") {
		t.Fatalf("lift h2: %q", got)
	}
	s.expect(nil, "usermove h2e2")
	p.Make(mustParse(t, p, "h3e3"))
	if s.fen() != p.FEN() {
		t.Fatalf("h2e2 (XBoard's ranks) played as %s", s.fen())
	}
	s.send("sd 2")
	out := s.engineMove(p)
	for _, l := range out {
		if strings.HasPrefix(l, "move ") && strings.Contains(l, "10") {
			t.Errorf("rank 10 written as XBoard does not: %s", l)
		}
	}
}

func TestXBoardFischerandom(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "variant fischerandom", "force")
	const fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"
	s.expect(nil, "setboard "+fen)
	p := startPos(t, "chess960", fen)
	if got := s.x.codec.MoveText(p, mustParse(t, p, "O-O")); got != "O-O" {
		t.Errorf("fischerandom castling written %q, want O-O", got)
	}
	s.play(p, "O-O")
	s.send("sd 2")
	s.engineMove(p)
}

func TestXBoardCourierStart(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "variant courier")
	want, _ := xbtext.Start("courier")
	if s.fen() != want {
		t.Fatalf("courier starts from %s, want XBoard's %s", s.fen(), want)
	}
	p := startPos(t, "courier", want)
	s.send("sd 1")
	s.expect(nil, "force")
	s.play(p, "g2g3")
	s.send("sd 2")
	s.engineMove(p)
}

// A game as XBoard plays it: the engine as Black, clocks, results.
func TestXBoardGame(t *testing.T) {
	s := newXBSession(t)
	s.send("xboard", "protover 2", "new", "random", "level 40 5 0", "post", "hard", "easy", "computer", "name Tester", "rating 2000 1800", "accepted setboard", "rejected sigint")
	got := s.sync()
	for _, l := range got {
		if !strings.HasPrefix(l, "feature ") {
			t.Fatalf("unexpected %q", l)
		}
	}
	p := startPos(t, "chess", "")
	s.send("time 30000", "otim 30000", "sd 3", "usermove e2e4")
	m := s.until("a move", func(l string) bool { return strings.HasPrefix(l, "move ") })
	reply := strings.TrimPrefix(m[len(m)-1], "move ")
	p.Make(mustParse(t, p, "e2e4"))
	p.Make(mustParse(t, p, reply))
	thinking := false
	for _, l := range m[:len(m)-1] {
		thinking = thinking || thinkingRE.MatchString(l)
	}
	if !thinking {
		t.Errorf("no thinking output with post: %q", m)
	}
	s.sync()
	if s.fen() != p.FEN() {
		t.Fatalf("after %s the adapter has %s, want %s", reply, s.fen(), p.FEN())
	}
	// remove takes back both moves; the engine still plays Black.
	s.expect(nil, "remove")
	p.Unmake()
	p.Unmake()
	if s.fen() != p.FEN() {
		t.Fatalf("remove: %s, want %s", s.fen(), p.FEN())
	}
	// Move now: a long fixed time cut short.
	s.send("st 30", "sd 0", "usermove d2d4")
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	s.send("?")
	s.until("a move", func(l string) bool { return strings.HasPrefix(l, "move ") })
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("? took %v", d)
	}
	s.sync()
	// force while thinking: no move comes.
	s.send("force", "undo", "undo", "st 30", "go")
	time.Sleep(50 * time.Millisecond)
	s.send("force", "nopost")
	for _, l := range s.sync() {
		if strings.HasPrefix(l, "move ") {
			t.Fatalf("a move after force: %q", l)
		}
	}
	// The result ends thinking; a mate by the user gets the result line.
	s.send("new", "force", "sd 2")
	p = startPos(t, "chess", "")
	s.play(p, "f2f3", "e7e5", "g2g4")
	s.expect([]string{"0-1 {Black mates}"}, "usermove d8h4")
	s.expect(nil, "result 0-1 {Black mates}")
	// The engine mates and says so.
	s.expect(nil, "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "sd 3")
	got = s.engineMove(startPos(t, "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"))
	if got[len(got)-2] != "move a1a8" || got[len(got)-1] != "1-0 {White mates}" {
		t.Fatalf("mate in one: %q", got)
	}
	// go on a finished game answers with its result.
	s.expect([]string{"1-0 {White mates}"}, "go")
	// Clocks: a short time left makes a quick move.
	s.send("new", "level 0 0:02 0", "time 150", "otim 150", "go")
	start = time.Now()
	s.until("a move", func(l string) bool { return strings.HasPrefix(l, "move ") })
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("with 1.5 s left the move took %v", d)
	}
	s.sync()
}

func TestXBoardAnalyze(t *testing.T) {
	s := newXBSession(t)
	s.send("new", "post", "analyze")
	time.Sleep(100 * time.Millisecond)
	s.send("usermove e2e4")
	time.Sleep(100 * time.Millisecond)
	got := s.sync() // pong at once, though the analysis goes on
	s.send("exit")
	got = append(got, s.sync()...)
	thinking := 0
	for _, l := range got {
		switch {
		case thinkingRE.MatchString(l):
			thinking++
		default:
			t.Errorf("unexpected %q while analyzing", l)
		}
	}
	if thinking == 0 {
		t.Errorf("no analysis output")
	}
	p := startPos(t, "chess", "")
	p.Make(mustParse(t, p, "e2e4"))
	if s.fen() != p.FEN() {
		t.Errorf("analysis position %s, want %s", s.fen(), p.FEN())
	}
}

// Garbage gets error lines in the protocol's style, and the engine goes on.
func TestXBoardErrors(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "force")
	before := s.fen()
	cases := []struct{ line, want string }{
		{"frobnicate now", "Error (unknown command): frobnicate now"},
		{"usermove e2e5", "Illegal move: e2e5"},
		{"usermove z9z9", "Illegal move: z9z9"},
		{"e7e5", "Illegal move: e7e5"},
		{"usermove", "Error (expected one move): usermove"},
		{"undo", "Error (command not legal now): undo"},
		{"level 40 x 0", "Error (bad argument): level 40 x 0"},
		{"sd deep", "Error (bad argument): sd deep"},
		{"time", "Error (expected one number): time"},
		{"lift z99", "Error (bad square): lift z99"},
		{"variant", "Error (expected one variant name): variant"},
	}
	for _, c := range cases {
		s.expect([]string{c.want}, c.line)
	}
	s.expect(nil, "e2e4") // a bare move, as protocol 1 sends it
	before = s.fen()
	for _, bad := range []string{"setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "setboard", "setboard 8/8/8/8/8/8/8/8 w - - 0 1"} {
		s.send(bad)
		got := s.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "tellusererror Illegal position: ") {
			t.Errorf("%s: %q", bad, got)
		}
	}
	if s.fen() != before {
		t.Errorf("a bad FEN changed the position to %s", s.fen())
	}
	s.send("ping 7 x")
	s.until("pong 7 x", func(l string) bool { return l == "pong 7 x" })
}

func highlightOf(t *testing.T, s *xbSession, p *interpreter.Position, square string) string {
	t.Helper()
	x := &Session{pos: p, rs: p.Ruleset()}
	h, ok := x.highlight(square)
	if !ok {
		t.Fatalf("no highlight for %s", square)
	}
	return h
}

func sq(t *testing.T, p *interpreter.Position, name string) int {
	t.Helper()
	s, ok := p.Ruleset().ParseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return s
}

func mustParse(t *testing.T, p *interpreter.Position, s string) interpreter.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// firstLegal is a legal move of p in coordinates that XBoard would send plainly.
func firstLegal(p *interpreter.Position) string {
	for _, m := range p.LegalMoves(nil) {
		if !m.IsDrop() && m.Cap1() == interpreter.NoSquare && m.Kind() == interpreter.KindNormal {
			return p.Coord(m)
		}
	}
	return p.Coord(p.LegalMoves(nil)[0])
}

// expectedPongs is what a session owes for input: "pong ARGS" for every ping before quit.
func expectedPongs(input string) []string {
	var want []string
	for _, l := range strings.Split(input, "\n") {
		f := strings.Fields(strings.TrimSpace(l))
		if len(f) == 0 {
			continue
		}
		if f[0] == "quit" {
			break
		}
		if f[0] == "ping" {
			want = append(want, strings.Join(append([]string{"pong"}, f[1:]...), " "))
		}
	}
	return want
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

func FuzzXBoard(f *testing.F) {
	for _, seed := range []string{
		"xboard\nprotover 2\nnew\nsd 1\nusermove e2e4\nping 1\n",
		"variant prisonbreak\nnew\nforce\nusermove e2e3\nusermove e7e6\ngo\nping 2\nundo\nundo\nlift b1\n",
		"variant koopa\nsetboard rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\nusermove e4d5\nping 3\n",
		"variant hostage\nsetboard 2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1\nusermove R-B@e3\nlift i1\nping 4\n",
		"variant crazyhouse\nforce\nusermove e2e4\nusermove d7d5\nusermove e4d5\nusermove d8d5\nusermove P@e4\ngo\n?\nping 5\n",
		"variant claustrophobia\nanalyze\nusermove a2a3\nexit\nremove\nping 6\n",
		"variant xiangqi\nsetboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1\nlift h2\nusermove h2e2\ngo\nping 7\n",
		"variant prisonersescape\nlevel 0 0:01 1\ntime -5\notim 100\nst 1\ngo\nforce\nresult 1-0\nping\nquit\nping 9\n",
		"level 40 5 0\npost\ngo\nping 1 2 3\nnew\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo\n",
		"variant shako\nlift e1\nusermove e2e3,e3e4\n\xff\xfe\x00\nusermove O-O\nping -1\n",
		"cores 100000\nmemory 100000\nsd 1000\ntime -100\notim -1\nst 1e9\nlevel 0 0 0\nlevel 40 5:99 0\ngo\nping 2\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 1<<13 {
			return
		}
		var out syncBuffer
		x := New(&out, protocol.Config{Caps: protocol.Caps{HashMB: 1, Depth: 1, MoveTime: 20 * time.Millisecond}})
		within(t, 20*time.Second, input, &out, func() { x.Run(strings.NewReader(input)) })
		var pongs []string
		for _, l := range strings.Split(out.String(), "\n") {
			if l == "pong" || strings.HasPrefix(l, "pong ") {
				pongs = append(pongs, l)
			}
		}
		if want := expectedPongs(input); strings.Join(pongs, "\n") != strings.Join(want, "\n") {
			t.Fatalf("pongs %q, want %q\noutput:\n%s", pongs, want, out.String())
		}
	})
}

// cores sets the search threads, kept across a variant change; a bad count is refused.
func TestXBoardCores(t *testing.T) {
	s := newXBSession(t)
	s.expect([]string{"Error (bad argument): cores 0"}, "cores 0")
	s.expect(nil, "cores 2", "variant crazyhouse")
	if n := s.x.engine.Threads(); n != 2 {
		t.Fatalf("%d threads, want 2", n)
	}
	s.send("new", "variant crazyhouse", "force", "setboard 6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", "sd 4", "go")
	got := s.until("move", func(l string) bool { return strings.HasPrefix(l, "move ") })
	if last := got[len(got)-1]; last != "move N@f7" {
		t.Errorf("two threads: %q, want the drop mate N@f7", last)
	}
}

// TestXBoardPieceLines: for a variant XBoard learns from a setup line, each piece whose
// moves XBetza states exactly is described by a piece line, which reads back to the same
// moves; the others (a horse's lame leap reads back, a confined general does not) are left
// out (#24).
func TestXBoardPieceLines(t *testing.T) {
	var b bytes.Buffer
	New(&b, protocol.Config{}).Run(strings.NewReader("xboard\nprotover 2\nvariant gardner\nvariant janggi\nquit\n"))
	out := b.String()
	for _, want := range []string{"piece K& K\n", "piece Q& Q\n", "piece N& N\n", "piece P& fmWfcF\n", "piece N& nN\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "piece K& W") || strings.Contains(out, "piece C&") {
		t.Errorf("janggi's confined general or its cannon (whose screen excludes cannons) described:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "piece" {
			if _, err := defs.ParseBetza(strings.TrimRight(f[2], "O0123456789")); err != nil {
				t.Errorf("%q does not read back: %v", line, err)
			}
		}
	}
}

// A line over the bound gets "Error (line too long)", and the engine answers the next
// command (#23).
func TestXBoardLongLine(t *testing.T) {
	s := newXBSession(t)
	s.expect([]string{"Error (line too long): " + strings.Repeat("x", 80) + "..."}, strings.Repeat("x", protocol.MaxLineBytes+1))
	s.expect(nil, "new", "force", "usermove e2e4")
	if !strings.HasPrefix(s.fen(), "rnbqkbnr/pppppppp/8/8/4P3/") {
		t.Errorf("after the long line: %s", s.fen())
	}
}

// Numbers out of range are refused with "Error (bad value)", or, where the protocol makes
// the number a limit or a fact, taken and told in a comment; never silently (#23).
func TestXBoardOutOfRange(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "force", "level 40 5 0", "st 5", "sd 3")
	for _, c := range []struct{ line, want string }{
		{"cores 100000", "# cores 100000: searching with 64 threads, the most Chimera runs"},
		{"cores 2", ""},
		{"memory 100000", "# memory 100000: a hash table of 4096 MB, the largest Chimera makes"},
		{"memory 0", "Error (bad argument): memory 0"},
		{"memory 1.5", "Error (bad argument): memory 1.5"},
		{"time -100", "# time -100: a clock below zero counts as zero"},
		{"otim -5", "# otim -5: a clock below zero counts as zero"},
		{"time 1e12", "Error (bad argument): time 1e12"},
		{"st 1e9", "Error (bad value): st 1e9"},
		{"st 0.0000001", "Error (bad value): st 0.0000001"},
		{"st 0", "Error (bad argument): st 0"},
		{"sd 1000", "# sd 1000: searching 100 plies deep at most"},
		{"sd -1", "Error (bad argument): sd -1"},
		{"level 20000 5 0", "Error (bad value): level 20000 5 0"},
		{"level 99999999999999999999 5 0", "Error (bad value): level 99999999999999999999 5 0"},
		{"level -1 5 0", "Error (bad argument): level -1 5 0"},
		{"level 40 5:75 0", "Error (bad value): level 40 5:75 0"},
		{"level 40 1234567 0", "Error (bad value): level 40 1234567 0"},
		{"level 40 5 2000000", "Error (bad value): level 40 5 2000000"},
		{"level 0 0 0", "Error (bad value): level 0 0 0"},
		{"level 0 0:00 0", "Error (bad value): level 0 0:00 0"},
	} {
		var want []string
		if c.want != "" {
			want = []string{c.want}
		}
		s.expect(want, c.line)
	}
	// The refused values left the settings as they were; the taken ones are in force.
	x := s.x
	if x.engine.Threads() != 2 || x.depth != 100 || x.moveTime != 5*time.Second || x.mps != 40 || x.base != 5*time.Minute || x.myTime != 0 || x.oppTime != 0 || x.hashMB != 4096 {
		t.Errorf("threads %d, depth %d, st %v, level %d %v, clocks %v %v, hash %d MB", x.engine.Threads(), x.depth, x.moveTime, x.mps, x.base, x.myTime, x.oppTime, x.hashMB)
	}
}

// newXBSessionOffering starts a session in protocol version 2 and checks that the engine's
// features include feature (an option it offers).
func newXBSessionOffering(t *testing.T, feature string) *xbSession {
	t.Helper()
	s := newXBSession(t)
	s.expect(nil, "xboard")
	s.send("protover 2")
	if got := strings.Join(s.sync(), "\n"); !strings.Contains(got, feature) {
		t.Errorf("not offered: %s in %s", feature, got)
	}
	return s
}

// The Skill Level option: offered as a feature, set by option, refused out of range.
func TestXBoardSkillLevel(t *testing.T) {
	s := newXBSessionOffering(t, `feature option="Skill Level -spin 10 1 10"`)
	s.expect([]string{"Error (bad value): option Skill Level=0"}, "option Skill Level=0")
	s.expect([]string{"Error (unknown option): option Style=2"}, "option Style=2")
	s.expect(nil, "option Skill Level=2")
	if s.x.skill != 2 {
		t.Errorf("skill %d after option Skill Level=2", s.x.skill)
	}
	if lim := s.x.limits(s.x.pos, false); lim.Level != 2 {
		t.Errorf("search level %d", lim.Level)
	}
}

// The Contempt option: offered, set, refused out of range or not a number, and given to
// the search (0 until set).
func TestXBoardContempt(t *testing.T) {
	s := newXBSessionOffering(t, `feature option="Contempt -spin 0 -1000 1000"`)
	if lim := s.x.limits(s.x.pos, false); lim.Contempt != 0 {
		t.Errorf("contempt %d before any option", lim.Contempt)
	}
	s.expect([]string{"Error (bad value): option Contempt=1001"}, "option Contempt=1001")
	s.expect([]string{"Error (bad value): option Contempt=much"}, "option Contempt=much")
	s.expect(nil, "option Contempt=-35")
	if lim := s.x.limits(s.x.pos, false); lim.Contempt != -35 {
		t.Errorf("contempt %d after option Contempt=-35", lim.Contempt)
	}
}

// TestXBoardNoMoveAfterRefusedSetboard (#53 F8): after a refused setboard, go, usermove,
// undo and analyze are refused with the reason, where go played a move of the position
// before (for the other side); a good setboard (or new) ends it.
func TestXBoardNoMoveAfterRefusedSetboard(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "force", "usermove e2e4", "sd 1")
	s.send("setboard 8/8/8 w - - 0 1")
	if got := s.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "tellusererror Illegal position: ") {
		t.Fatalf("a bad setboard: %q", got)
	}
	for _, line := range []string{"go", "usermove e7e5", "undo", "analyze", "exit"} {
		s.send(line)
		got := s.sync()
		want := "Error (no position: the last setboard was refused): " + line
		if strings.HasPrefix(line, "usermove") {
			want = "Illegal move (no position: the last setboard was refused): e7e5"
		}
		if line == "exit" {
			want = ""
		}
		if strings.Join(got, "\n") != want {
			t.Errorf("%s after a refused setboard: %q, want %q", line, got, want)
		}
	}
	p := startPos(t, "chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	s.expect(nil, "force", "setboard "+p.FEN())
	s.engineMove(p)
	s.send("setboard x")
	s.sync()
	s.expect(nil, "new", "force", "usermove e2e4")
}

// TestXBoardPingDuringSearch (#53 F21): ping during a search is answered after the move,
// as the protocol asks, without blocking the reading: ? still makes the engine move at
// once, and quit still ends the session, its pongs answered.
func TestXBoardPingDuringSearch(t *testing.T) {
	s := newXBSession(t)
	s.expect(nil, "new", "st 30") // capped at the test's 10 s
	start := time.Now()
	s.send("usermove e2e4", "ping 1", "?")
	got := s.until("pong 1", func(l string) bool { return l == "pong 1" })
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("? after ping took %v: the ping blocked the reading", d)
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "move ") {
		t.Errorf("after usermove, ping, ?: %q, want the move, then the pong", got)
	}
	start = time.Now()
	s.send("usermove d2d4", "ping 2", "quit")
	select {
	case <-s.ended:
	case <-time.After(5 * time.Second):
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("quit after ping took %v: the ping blocked the reading", d)
	}
	<-s.ended
	var rest []string
	for l := range s.lines {
		rest = append(rest, l)
	}
	if !slices.Contains(rest, "pong 2") {
		t.Errorf("after usermove, ping, quit: %q, want the pong", rest)
	}
}
