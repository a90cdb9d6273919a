// Package xboard is the engine side of the XBoard/WinBoard protocol (CECP version 2) over
// any engine (protocol.Engine): a Session reads commands from an io.Reader and writes its
// answers to an io.Writer. It offers every built-in variant, describes those XBoard does
// not know with a setup line and piece lines (XBetza), answers lift with highlights,
// thinks in a goroutine of its own (stopped by cancelling its context) and keeps time by
// level, st, sd, time and otim.
package xboard

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/protocol"
	"chimera/engine/search"
	"chimera/engine/xbtext"
	"chimera/interpreter"
)

// maxSearchTime bounds st, in seconds: as long as the search command's longest --movetime.
const maxSearchTime = 1_000_000

// xbPieceOrder is XBoard 4.9's default piece-to-char order (one colour).
const xbPieceOrder = "PNBRQFEACWMOHIJGDVLSUK"

// Session is one XBoard session. The reading goroutine owns every field but those mu
// guards; a search runs in a goroutine of its own and, when it ends, makes its move on
// pos under mu.
type Session struct {
	mu      sync.Mutex // guards out, pos, post, discard, thinking and pongs
	out     io.Writer
	pos     *interpreter.Position
	post    bool
	discard bool // the running search's move is not wanted
	// thinking: a search for a move runs; pongs are the answers to the pings read
	// meanwhile, written after its move (the protocol's order) when it ends.
	thinking bool
	pongs    []string

	cfg        protocol.Config
	rs         *compiler.Ruleset
	name       string // the variant's name as offered to XBoard
	codec      xbtext.Codec
	engine     protocol.Engine
	force      bool
	engineSide compiler.Color
	analyzing  bool
	done       chan struct{} // closed when the running search ends; nil: none runs
	cancel     func()        // stops the running search
	// refused is why the last setboard was refused, "" once a position is set (new,
	// variant, a good setboard): until then there is no position to move in.
	refused string

	// Time control: level MPS BASE INC, st, sd; the clocks from time and otim.
	mps             int
	base, inc       time.Duration
	moveTime        time.Duration
	depth           int
	threads         int // search threads (cores)
	contempt        int // the Contempt option: what a draw costs the engine, in centipawns
	skill           int // the Skill Level option: 1 (weakest) to search.MaxLevel; 0 is full strength
	hashMB          int // the hash table's size (memory)
	myTime, oppTime time.Duration
	haveTime        bool
}

// New returns a session that writes its answers to out, playing chess until told
// otherwise, with engines made as cfg says.
func New(out io.Writer, cfg protocol.Config) *Session {
	x := &Session{out: out, cfg: cfg, engineSide: compiler.Black, base: 5 * time.Minute, mps: 40, threads: 1, hashMB: 64, contempt: search.DefaultContempt}
	x.selectVariant("chess")
	return x
}

func (x *Session) say(format string, args ...any) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.sayLocked(format, args...)
}

func (x *Session) sayLocked(format string, args ...any) {
	fmt.Fprintf(x.out, format+"\n", args...)
}

// Run reads and carries out commands from in until quit or the end of the input; a
// search still running then is stopped and its move dropped.
func (x *Session) Run(in io.Reader) {
	protocol.ReadCommands(in, x.handle, func(start string, n int64) {
		x.say("Error (line too long): %s", protocol.Truncate(start, 80))
	})
	x.stop(true)
}

// handle carries out one line; false means quit. Analyzing, the analysis goes on from
// the position the line leaves.
func (x *Session) handle(line string) bool {
	if !x.command(line) {
		return false
	}
	if x.analyzing && x.done == nil {
		x.think()
	}
	return true
}

func (x *Session) command(line string) bool {
	f := strings.Fields(line)
	cmd, args := f[0], f[1:]
	switch cmd {
	case "xboard", "accepted", "rejected", "random", "computer", "name", "rating", "hard", "easy",
		"draw", "put", "hover", "hint", "bk", "ics", ".":
		// Nothing to do: no pondering, no book, draw offers declined by silence.
	case "protover":
		x.features()
	case "new":
		x.stop(true)
		x.analyzing = false
		x.force = false
		x.engineSide = compiler.Black
		x.depth = 0
		x.setPosition(x.startPosition())
		x.engine.Clear()
	case "variant":
		x.stop(true)
		if len(args) != 1 {
			x.say("Error (expected one variant name): %s", protocol.Truncate(line, 80))
			return true
		}
		x.variant(args[0])
	case "force":
		x.stop(true)
		x.force = true
	case "go":
		x.stop(true)
		x.analyzing = false
		x.force = false
		x.engineSide = x.side()
		if x.refused != "" {
			x.noPosition(line)
			return true
		}
		x.think()
	case "usermove":
		if len(args) != 1 {
			x.say("Error (expected one move): %s", protocol.Truncate(line, 80))
			return true
		}
		x.userMove(args[0])
	case "?":
		if x.done != nil && !x.analyzing {
			x.stop(false)
		}
	case "ping":
		// The move comes before the pong: while a search for one runs, the pong waits
		// for it, and the reading goes on (? and quit are still heard).
		pong := strings.Join(append([]string{"pong"}, args...), " ")
		x.mu.Lock()
		if x.thinking {
			x.pongs = append(x.pongs, pong)
		} else {
			x.sayLocked("%s", pong)
		}
		x.mu.Unlock()
	case "setboard":
		x.stop(true)
		x.setBoard(strings.TrimSpace(strings.TrimPrefix(line, "setboard")))
	case "undo", "remove":
		x.stop(true)
		if x.refused != "" {
			x.noPosition(line)
			return true
		}
		x.undo(cmd, line)
	case "result":
		x.stop(true)
		x.analyzing = false
		x.force = true
	case "post", "nopost":
		x.mu.Lock()
		x.post = cmd == "post"
		x.mu.Unlock()
	case "time", "otim":
		x.clock(cmd, args, line)
	case "level":
		x.level(args, line)
	case "st":
		secs, ok := x.number(args, line)
		switch {
		case !ok:
		case secs <= 0:
			x.say("Error (bad argument): %s", protocol.Truncate(line, 80))
		case secs < 0.001 || secs > maxSearchTime:
			x.say("Error (bad value): %s", protocol.Truncate(line, 80))
		default:
			x.moveTime = time.Duration(secs * float64(time.Second))
		}
	case "cores":
		if n, ok := x.count(args, line, 1, protocol.MaxThreads, fmt.Sprintf("searching with %d threads, the most Chimera runs", protocol.MaxThreads)); ok {
			x.stop(true)
			x.threads = n
			x.engine.SetThreads(x.threads)
		}
	case "memory":
		if n, ok := x.count(args, line, 1, protocol.MaxHashMB, fmt.Sprintf("a hash table of %d MB, the largest Chimera makes", protocol.MaxHashMB)); ok {
			x.stop(true)
			x.hashMB = n
			x.engine.Resize(x.cfg.Caps.Hash(x.hashMB))
		}
	case "option":
		x.option(line)
	case "sd":
		if n, ok := x.count(args, line, 0, protocol.MaxDepth, fmt.Sprintf("searching %d plies deep at most", protocol.MaxDepth)); ok {
			x.depth = n
		}
	case "lift":
		if len(args) != 1 {
			x.say("Error (expected one square): %s", protocol.Truncate(line, 80))
			return true
		}
		x.lift(args[0], line)
	case "analyze":
		x.stop(true)
		x.force = true
		x.analyzing = true
		if x.refused != "" {
			x.noPosition(line) // the analysis starts with the next position set
			return true
		}
		x.think()
	case "exit":
		if x.analyzing {
			x.stop(true)
			x.analyzing = false
		}
	case "quit":
		return false
	default:
		if len(f) == 1 && moveLikeRE.MatchString(cmd) {
			x.userMove(cmd) // a move without "usermove", as protocol version 1 sends it
			return true
		}
		x.say("Error (unknown command): %s", protocol.Truncate(line, 80))
	}
	return true
}

// moveLikeRE matches what a GUI sends as a move: coordinates (with legs), drops, castling.
var moveLikeRE = regexp.MustCompile(`^(?:[a-z][0-9]{1,2}[a-z][0-9]{1,2}[a-zA-Z]?(?:,[a-z][0-9]{1,2}[a-z][0-9]{1,2}[a-zA-Z]?)*|[A-Za-z](?:-[A-Za-z])?@[a-z][0-9]{1,2}|@@[a-z][0-9]{1,2}|O-O(?:-O)?)$`)

// features answers protover: everything in one line, then done=1.
func (x *Session) features() {
	var names []string
	for _, b := range defs.Builtins() {
		if defs.BuiltinGeometry(b) == "hex" || defs.BuiltinSeats(b) {
			continue // XBoard's boards are square, its games of two sides
		}
		if n := xbtext.Name(b); n != "normal" {
			names = append(names, n)
		}
	}
	names = append([]string{"normal"}, names...)
	x.say(`feature myname="Chimera" variants="%s" setboard=1 usermove=1 ping=1 highlight=1 sigint=0 sigterm=0 colors=0 san=0 debug=1 memory=0 smp=1`,
		strings.Join(names, ","))
	x.say(`feature option="Skill Level -spin %d 1 %d"`, search.MaxLevel, search.MaxLevel)
	x.say(`feature option="Contempt -spin %d %d %d"`, x.contempt, -search.MaxContempt, search.MaxContempt)
	x.say("feature done=1")
}

// option sets an engine option: "option NAME=VALUE" (those offered: Skill Level, Contempt).
func (x *Session) option(line string) {
	name, value, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "option")), "=")
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "skill level":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 1 || n > search.MaxLevel {
			x.say("Error (bad value): %s", protocol.Truncate(line, 80))
			return
		}
		x.skill = n
	case "contempt":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < -search.MaxContempt || n > search.MaxContempt {
			x.say("Error (bad value): %s", protocol.Truncate(line, 80))
			return
		}
		x.contempt = n
	default:
		x.say("Error (unknown option): %s", protocol.Truncate(line, 80))
	}
}

// variant selects a variant by XBoard's name or Chimera's and, for one XBoard does not
// know, sends the setup that describes it.
func (x *Session) variant(name string) {
	chimera, _ := xbtext.ChimeraName(name)
	if chimera == "" && slices.Contains(defs.Builtins(), name) {
		chimera = name
	}
	if chimera != "" && defs.BuiltinSeats(chimera) {
		x.say("Error (%s is a game of seats, XBoard's of two sides: play it with chimera seats, perft or show): %s", chimera, protocol.Truncate(name, 40))
		return
	}
	if chimera != "" && defs.BuiltinGeometry(chimera) == "hex" {
		x.say("Error (%s is played on hexagonal cells, which XBoard cannot draw: play it with chimera serve, uci or play): %s", chimera, protocol.Truncate(name, 40))
		return
	}
	if chimera == "" || !x.selectVariant(chimera) {
		x.say("Error (unknown variant): %s", protocol.Truncate(name, 40))
		return
	}
	if !xbtext.Known(x.name) {
		x.say("%s", x.setupLine())
		for _, l := range pieceLines(x.rs) {
			x.say("%s", l)
		}
	}
}

// selectVariant switches to a built-in; false if it cannot be opened.
func (x *Session) selectVariant(name string) bool {
	rs, err := protocol.OpenBuiltin(name)
	if err != nil {
		return false
	}
	old, oldName, oldCodec := x.rs, x.name, x.codec
	x.rs, x.name, x.codec = rs, xbtext.Name(name), xbtext.New(rs)
	p := x.startPosition()
	if p == nil {
		x.rs, x.name, x.codec = old, oldName, oldCodec
		return false
	}
	x.engine = x.cfg.Engine(rs, x.hashMB)
	x.engine.SetThreads(x.threads)
	x.setPosition(p)
	return true
}

// startPosition is the variant's start as XBoard sets it up.
func (x *Session) startPosition() *interpreter.Position {
	if fen, ok := xbtext.Start(x.rs.Name); ok {
		if p, err := interpreter.FromFEN(x.rs, fen); err == nil {
			return p
		}
	}
	p, err := interpreter.Start(x.rs, "")
	if err != nil {
		return nil
	}
	return p
}

func (x *Session) setPosition(p *interpreter.Position) {
	if p == nil {
		return
	}
	x.refused = ""
	x.mu.Lock()
	x.pos = p
	x.mu.Unlock()
}

func (x *Session) side() compiler.Color {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.pos.Side()
}

// setupLine describes the variant to XBoard: its pieces' letters in XBoard's piece-to-char
// table, the board, the holdings and the start position.
func (x *Session) setupLine() string {
	rs := x.rs
	table := pieceToChar(rs)
	hand := 0
	if rs.Hands != nil {
		hand = rs.NumPieces()
	}
	fen := ""
	if p := x.startPosition(); p != nil {
		fen = p.FEN()
	}
	return fmt.Sprintf("setup (%s%s) %dx%d+%d_fairy %s", table, strings.ToLower(table), rs.Files, rs.Ranks, hand, fen)
}

// pieceToChar is the white half of XBoard's piece-to-char table for rs: each piece letter
// in the slot of the same letter in XBoard's default order, else in a free slot (the
// king's slot only for a royal piece), '.' elsewhere.
func pieceToChar(rs *compiler.Ruleset) string {
	slots := []byte(strings.Repeat(".", len(xbPieceOrder)))
	king := len(xbPieceOrder) - 1
	var rest []int
	for t := 0; t < rs.NumPieces(); t++ {
		l := rs.Piece(t).Letter
		if i := strings.IndexByte(xbPieceOrder, l); i >= 0 && slots[i] == '.' {
			slots[i] = l
		} else {
			rest = append(rest, t)
		}
	}
	for _, t := range rest {
		pt := rs.Piece(t)
		at := -1
		if pt.Royal && slots[king] == '.' {
			at = king
		}
		for i := 0; at < 0 && i < king; i++ {
			if slots[i] == '.' {
				at = i
			}
		}
		if at < 0 && slots[king] == '.' {
			at = king
		}
		if at < 0 {
			slots = append(slots, pt.Letter) // more types than XBoard has slots
			continue
		}
		slots[at] = pt.Letter
	}
	return string(slots)
}

// --- Squares and moves as XBoard writes them.

// --- Commands.

// userMove plays the opponent's move and, when it is then the engine's turn, thinks.
func (x *Session) userMove(text string) {
	x.stop(true)
	if x.refused != "" {
		x.say("Illegal move (no position: the last setboard was refused): %s", protocol.Truncate(text, 40))
		return
	}
	x.mu.Lock()
	m, err := x.codec.ParseMove(x.pos, text)
	if err != nil {
		x.sayLocked("Illegal move: %s", protocol.Truncate(text, 40))
		x.mu.Unlock()
		return
	}
	x.pos.Make(m)
	res := x.pos.Result()
	side := x.pos.Side()
	if res != interpreter.Ongoing {
		x.sayLocked("%s", resultLine(res))
	}
	x.mu.Unlock()
	if res == interpreter.Ongoing && !x.force && !x.analyzing && side == x.engineSide {
		x.think()
	}
}

// setBoard sets up a FEN; a bad one leaves the position as it was.
func (x *Session) setBoard(fen string) {
	p, err := x.codec.ReadFEN(fen)
	if err != nil {
		x.refused = protocol.Truncate(strings.ReplaceAll(err.Error(), "\n", "; "), 200)
		x.say("tellusererror Illegal position: %s", x.refused)
		return
	}
	x.setPosition(p)
}

// noPosition refuses a command that needs the position while the last setboard stands
// refused (its reason was told then): the GUI believes it set, so a move of the position
// before would be a move of the wrong position (maybe for the wrong side).
func (x *Session) noPosition(line string) {
	x.say("Error (no position: the last setboard was refused): %s", protocol.Truncate(line, 80))
}

// undo takes back one move (undo) or two (remove).
func (x *Session) undo(cmd, line string) {
	n := 1
	if cmd == "remove" {
		n = 2
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.pos.Ply() < n {
		x.sayLocked("Error (command not legal now): %s", protocol.Truncate(line, 80))
		return
	}
	for i := 0; i < n; i++ {
		x.pos.Unmake()
	}
}

// count reads the one whole-number argument of line, at least least; a larger one than
// most is taken as most, and a comment says so with what, the setting's meaning for most.
// Anything else is refused.
func (x *Session) count(args []string, line string, least, most int, what string) (int, bool) {
	n, ok := x.number(args, line)
	switch {
	case !ok:
		return 0, false
	case n < float64(least) || n != float64(int64(n)):
		x.say("Error (bad argument): %s", protocol.Truncate(line, 80))
		return 0, false
	case n > float64(most):
		x.say("# %s: %s", protocol.Truncate(line, 40), what)
		return most, true
	}
	return int(n), true
}

// number reads the one numeric argument of line.
func (x *Session) number(args []string, line string) (float64, bool) {
	if len(args) != 1 {
		x.say("Error (expected one number): %s", protocol.Truncate(line, 80))
		return 0, false
	}
	n, err := strconv.ParseFloat(args[0], 64)
	if err != nil || n != n || n > 1e9 || n < -1e9 {
		x.say("Error (bad argument): %s", protocol.Truncate(line, 80))
		return 0, false
	}
	return n, true
}

// clock sets the engine's clock (time) or the opponent's (otim), in centiseconds.
func (x *Session) clock(cmd string, args []string, line string) {
	n, ok := x.number(args, line)
	if !ok {
		return
	}
	if n < 0 {
		x.say("# %s: a clock below zero counts as zero", protocol.Truncate(line, 40))
		n = 0
	}
	d := time.Duration(n * float64(10*time.Millisecond))
	if cmd == "time" {
		x.myTime, x.haveTime = d, true
	} else {
		x.oppTime = d
	}
}

// level sets a time control: MPS moves (0: the whole game) in BASE minutes (or min:sec),
// INC seconds added after each move.
func (x *Session) level(args []string, line string) {
	bad := func() { x.say("Error (bad argument): %s", protocol.Truncate(line, 80)) }
	outOfRange := func() { x.say("Error (bad value): %s", protocol.Truncate(line, 80)) }
	if len(args) != 3 {
		bad()
		return
	}
	mps, err := strconv.Atoi(args[0])
	switch {
	case err != nil && !allDigits(args[0]) || err == nil && mps < 0:
		bad()
		return
	case err != nil || mps > 10000:
		outOfRange()
		return
	}
	base, ok, inRange := minSec(args[1])
	switch {
	case !ok:
		bad()
		return
	case !inRange:
		outOfRange()
		return
	}
	inc, err := strconv.ParseFloat(args[2], 64)
	switch {
	case err != nil && !allDigits(args[2]) || inc != inc || inc < 0:
		bad()
		return
	case err != nil || inc > 1e6 || base == 0 && inc == 0:
		outOfRange()
		return
	}
	x.mps, x.base, x.inc = mps, base, time.Duration(inc*float64(time.Second))
	x.moveTime = 0
	x.myTime, x.oppTime, x.haveTime = base, base, false
}

var minSecRE = regexp.MustCompile(`^([0-9]+)(?::([0-9]+))?`)

// minSec reads MIN or MIN:SEC, ignoring anything after it; inRange is false for MIN of a
// million or more, or SEC of 60 or more.
func minSec(s string) (d time.Duration, ok, inRange bool) {
	g := minSecRE.FindStringSubmatch(s)
	if g == nil {
		return 0, false, false
	}
	if len(g[1]) > 6 || len(g[2]) > 2 {
		return 0, true, false
	}
	m, _ := strconv.Atoi(g[1])
	sec := 0
	if g[2] != "" {
		sec, _ = strconv.Atoi(g[2])
	}
	return time.Duration(m)*time.Minute + time.Duration(sec)*time.Second, true, sec < 60
}

// allDigits reports whether s is a whole number written in digits (too large to read).
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// lift answers with the squares the piece on sq may move to. A square of the holdings
// (beyond the board's files, as XBoard names them) lifts a piece to drop.
func (x *Session) lift(sq, line string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	board, ok := x.highlight(sq)
	if !ok {
		x.sayLocked("Error (bad square): %s", protocol.Truncate(line, 80))
		return
	}
	x.sayLocked("highlight %s", board)
}

// highlight is the colour board for lifting the piece on XBoard square text: Y where it
// may move, R where it captures, M where it promotes.
func (x *Session) highlight(text string) (string, bool) {
	p := x.pos
	rs := p.Ruleset()
	if len(text) < 2 {
		return "", false
	}
	n, err := strconv.Atoi(text[1:])
	if err != nil || n < 0 || n > 99 || text[1] == '+' || text[1] == '-' {
		return "", false
	}
	if rs.Ranks != 10 {
		n-- // XBoard's rank number to a 0-based rank
	}
	file := int(text[0]) - 'a'
	from, dropSide, dropType := interpreter.NoSquare, -1, -1
	switch {
	case file >= 0 && file < rs.Files && n >= 0 && n < rs.Ranks:
		from = rs.SquareAt(file, n)
	case (file == -2 || file == -1) && n >= 0: // Black's holdings, left of the board, from the top
		dropSide, dropType = compiler.Black, holdingType(rs, rs.Ranks-1-n)
	case (file == rs.Files || file == rs.Files+1) && n >= 0: // White's holdings, right, from the bottom
		dropSide, dropType = compiler.White, holdingType(rs, n)
	default:
		return "", false
	}
	marks := make([]byte, rs.Cells)
	rank := map[byte]int{0: 0, 'Y': 1, 'R': 2, 'M': 3}
	for _, m := range p.LegalMoves(nil) {
		to := m.To()
		switch {
		case dropType >= 0:
			if m.Kind() != interpreter.KindDrop || m.Dropped() != dropType || p.Side() != dropSide {
				continue
			}
		case m.IsDrop() || m.From() != from:
			continue
		case m.Kind() == interpreter.KindCastle && to == from:
			to = m.Aux()
		}
		c := byte('Y')
		switch {
		case m.Promotion() >= 0:
			c = 'M'
		case m.Kind() == interpreter.KindEP || m.Cap1() != interpreter.NoSquare && m.Kind() != interpreter.KindCastle,
			m.Kind() == interpreter.KindNormal && p.At(to) != interpreter.NoPiece && p.At(to).Color() != p.Side():
			c = 'R'
		}
		if rank[c] > rank[marks[to]] {
			marks[to] = c
		}
	}
	var b strings.Builder
	for r := rs.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < rs.Files; f++ {
			c := marks[rs.SquareAt(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String(), true
}

// holdingType is the piece type XBoard shows in row of the holdings, or -1: the rows
// follow the piece-to-char table, skipping its empty slots.
func holdingType(rs *compiler.Ruleset, row int) int {
	if rs.Hands == nil || row < 0 {
		return -1
	}
	for _, l := range []byte(pieceToChar(rs)) {
		if l == '.' {
			continue
		}
		if row == 0 {
			return rs.TypeOf(l)
		}
		row--
	}
	return -1
}

// --- Searching.

// think starts a search on the current position: for a move to play, or, analyzing,
// until stopped. A finished game gets its result instead.
func (x *Session) think() {
	if x.refused != "" {
		return // no position: the command was told so
	}
	x.mu.Lock()
	p := x.pos.Clone()
	x.discard = false
	x.mu.Unlock()
	analyze := x.analyzing
	if !analyze {
		if res := p.Result(); res != interpreter.Ongoing {
			x.say("%s", resultLine(res))
			return
		}
		x.mu.Lock()
		x.thinking = true
		x.mu.Unlock()
	}
	lim := x.limits(p, analyze)
	e := x.engine
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	x.done, x.cancel = done, cancel
	go func() {
		defer close(done)
		report := func(in search.Info) { x.report(p, in, analyze) }
		var res search.Result
		if analyze {
			res = e.Search(ctx, p, lim, report)
		} else {
			res = protocol.Move(ctx, e, p, lim, report) // under fog of war, the fog player
		}
		x.mu.Lock()
		defer x.mu.Unlock()
		defer x.answerPongsLocked() // after the move
		if analyze || x.discard || res.Best == interpreter.NoMove || !x.pos.IsLegal(res.Best) {
			return
		}
		text := x.codec.MoveText(x.pos, res.Best)
		x.pos.Make(res.Best)
		x.sayLocked("move %s", text)
		if r := x.pos.Result(); r != interpreter.Ongoing {
			x.sayLocked("%s", resultLine(r))
		}
	}()
}

// limits are the search limits for the side to move in p under the time control.
func (x *Session) limits(p *interpreter.Position, analyze bool) search.Limits {
	var lim search.Limits
	if analyze {
		lim.Infinite = true
		return x.cfg.Caps.Bound(lim)
	}
	lim.Depth = x.depth
	lim.Level = x.skill
	lim.Contempt = x.contempt
	if x.moveTime > 0 {
		lim.MoveTime = x.moveTime
	} else {
		us := p.Side()
		mine, theirs := x.myTime, x.oppTime
		if !x.haveTime {
			mine, theirs = x.base, x.base
		}
		lim.Time[us] = max(mine, time.Millisecond)
		lim.Time[us^1] = max(theirs, time.Millisecond)
		lim.Inc = [2]time.Duration{x.inc, x.inc}
		if x.mps > 0 {
			lim.MovesToGo = x.mps - (p.Ply()/2)%x.mps
		}
	}
	return x.cfg.Caps.Bound(lim)
}

// report writes one iteration as thinking output, ply score time nodes pv: after post,
// and always when analyzing.
func (x *Session) report(p *interpreter.Position, in search.Info, analyze bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.post && !analyze {
		return
	}
	score := in.Score
	switch {
	case in.Score >= search.Mate-search.MateSpan:
		score = 100000 + (search.Mate-in.Score+1)/2
	case in.Score <= -search.Mate+search.MateSpan:
		score = -100000 - (search.Mate+in.Score)/2
	}
	var pv []string
	q := p.Clone()
	for _, m := range in.PV {
		if !q.IsLegal(m) {
			break
		}
		pv = append(pv, x.codec.MoveText(q, m))
		q.Make(m)
	}
	x.sayLocked("%d %d %d %d %s", in.Depth, score, in.Time.Milliseconds()/10, in.Nodes, strings.Join(pv, " "))
}

// stop ends the running search, if any: with discard its move is dropped, else played.
func (x *Session) stop(discard bool) {
	if x.done == nil {
		return
	}
	if discard {
		x.mu.Lock()
		x.discard = true
		x.mu.Unlock()
	}
	x.cancel()
	<-x.done
	x.done, x.cancel = nil, nil
}

// answerPongsLocked ends a search for a move: the pings read while it ran are answered
// (x.mu held).
func (x *Session) answerPongsLocked() {
	for _, pong := range x.pongs {
		x.sayLocked("%s", pong)
	}
	x.pongs, x.thinking = nil, false
}

// resultLine is the result of a finished game with its reason, as XBoard reads it.
func resultLine(r interpreter.Result) string {
	switch r.Score {
	case "1-0", "0-1":
		winner := "White"
		if r.Score == "0-1" {
			winner = "Black"
		}
		if r.Reason == "checkmate" {
			return fmt.Sprintf("%s {%s mates}", r.Score, winner)
		}
		return fmt.Sprintf("%s {%s wins by %s}", r.Score, winner, r.Reason)
	}
	if r.Reason == "stalemate" {
		return "1/2-1/2 {Stalemate}"
	}
	return fmt.Sprintf("1/2-1/2 {Draw by %s}", r.Reason)
}
