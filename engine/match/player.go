// The players: an engine process spoken to in UCI (or its dialects USI and UCCI) or in XBoard's protocol.

package match

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/ucci"
	"chimera/engine/usi"
	"chimera/engine/xbtext"
	"chimera/interpreter"
)

// gameState is a game as the players see it: where it started and the moves since, in
// each protocol's notation.
type gameState struct {
	rs       *compiler.Ruleset
	rootFEN  string
	startpos bool // the root is the variant's standard start
	pos      *interpreter.Position
	coord    []string       // each move in coordinate notation (UCI)
	xb       []string       // each move as XBoard writes it
	tc       [2]TimeControl // each side's (White, Black): they differ in a time-handicap match
	codec    xbtext.Codec
}

// push plays m (legal in the current position).
func (g *gameState) push(m interpreter.Move) {
	g.coord = append(g.coord, g.pos.Coord(m))
	g.xb = append(g.xb, g.codec.MoveText(g.pos, m))
	g.pos.Make(m)
}

// turn is what a player is told when it is asked for a move.
type turn struct {
	side      compiler.Color
	clock     [2]time.Duration // each side's time left (White, Black)
	movesToGo int              // moves to the next time control, or 0
	limit     time.Duration    // how long the referee waits for the move
}

// reply is a player's answer to a turn.
type reply struct {
	text    string        // the move as the engine wrote it
	elapsed time.Duration // from the command that started the search to the move's arrival
	eval    string        // the last score and depth the engine reported, e.g. "+0.35/12"
	resign  bool
}

// rejectError is an engine refusing a move the referee found legal.
type rejectError struct{ line string }

func (e *rejectError) Error() string {
	return fmt.Sprintf("the engine refused a legal move: %q", e.line)
}

// player is an engine seen from the referee.
type player interface {
	name() string
	newGame(ctx context.Context, g *gameState, side compiler.Color) error
	play(ctx context.Context, g *gameState, t turn) (reply, error)
	endGame(g *gameState, result, comment string)
	reusable() bool // false: start a new process for each game
	alive() bool
	kill()
	close()
}

// settings are what starting a player needs besides its command.
type settings struct {
	rs          *compiler.Ruleset
	variantFile string
	timeout     time.Duration // for the handshake and for each synchronization
	moveTimeout time.Duration // for a move with a fixed search
	log         *logger
}

// startPlayer starts engine e (0 or 1) of spec, finds its protocol when spec says Detect,
// and tells it the variant. The protocol it speaks is returned for the next start, with
// a line saying how it was found. An engine that cannot be started, ends, or answers
// neither protocol within s.timeout is an error naming its command, what was sent and
// what came back.
func startPlayer(ctx context.Context, spec EngineSpec, e int, label string, s settings) (player, Protocol, string, error) {
	who := fmt.Sprintf("engine %d (%s)", e+1, strings.Join(spec.Args, " "))
	p, err := startProc(spec.Args, label, s.log)
	if err != nil {
		return nil, spec.Protocol, "", fmt.Errorf("%s: cannot be started: %w", who, err)
	}
	fail := func(err error) (player, Protocol, string, error) {
		p.kill()
		return nil, spec.Protocol, "", fmt.Errorf("%s: %w", who, err)
	}
	proto := spec.Protocol
	given := ""
	if proto != Detect {
		given = fmt.Sprintf(" (given by %s:)", proto)
	}
	var hs handshake
	if proto == Detect || proto.uciFamily() {
		dialect := proto
		if dialect == Detect {
			dialect = UCI
		}
		u, isUCI, err := uciHandshake(ctx, p, dialect, proto != Detect, s, &hs)
		switch {
		case err != nil:
			return fail(err)
		case isUCI:
			u.display, u.program = spec.Name, spec.DisplayName()
			if err := u.configure(ctx, s); err != nil {
				return fail(err)
			}
			if err := u.setOptions(ctx, spec.Options); err != nil {
				return fail(err)
			}
			note := fmt.Sprintf("%s: %s%s", who, strings.ToUpper(dialect.String()), given)
			if u.id != "" {
				note += ", id name " + u.id
			}
			return u, dialect, note, nil
		}
	}
	x, err := xbHandshake(ctx, p, proto != Detect, s, &hs)
	if err != nil {
		return fail(err)
	}
	x.display, x.program = spec.Name, spec.DisplayName()
	kind := "XBoard"
	if proto == XBoardUSI {
		kind = "XBoard (USI squares)"
	}
	note := fmt.Sprintf("%s: %s protocol 2%s", who, kind, given)
	if n := x.features["myname"]; n != "" {
		note += fmt.Sprintf(", myname %q", n)
	}
	if len(x.features) == 0 {
		note = fmt.Sprintf("%s: %s protocol 1%s: no features within %v of \"protover 2\"", who, kind, given, s.timeout)
	}
	if hs.fallback != "" {
		note += "; not UCI: " + hs.fallback
	}
	for _, o := range spec.Options {
		if err := p.send("option " + o.Name + "=" + o.Value); err != nil {
			return fail(hs.ended(p))
		}
	}
	if proto == XBoardUSI {
		x.usiSquares = true
		return x, XBoardUSI, note, nil
	}
	if err := x.checkVariant(); err != nil {
		return fail(err)
	}
	return x, XBoard, note, nil
}

// handshake is what the referee sent an engine before it was found to speak a protocol,
// and what came back: for the message when it speaks none.
type handshake struct {
	sent     []string
	heard    []string // the first lines the engine wrote (each cut to 80 bytes)
	lines    int      // how many it wrote
	fallback string   // why a detected engine is not taken for a UCI engine
	// xboardSaid: the engine answered "uci" as an XBoard engine does (an error, a
	// feature), which makes it one even when "protover 2" gets no features (protocol 1).
	xboardSaid bool
}

func (h *handshake) send(p *proc, lines ...string) error {
	h.sent = append(h.sent, lines...)
	return p.send(lines...)
}

func (h *handshake) hear(text string) {
	h.lines++
	if len(h.heard) < 4 {
		if len(text) > 80 {
			text = text[:80] + "..."
		}
		h.heard = append(h.heard, text)
	}
}

// transcript says what was sent and what came back: `sent "uci"; it wrote nothing`.
func (h *handshake) transcript() string {
	q := func(xs []string) string {
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = strconv.Quote(x)
		}
		return strings.Join(out, ", ")
	}
	s := "sent " + q(h.sent) + "; "
	switch {
	case h.lines == 0:
		return s + "it wrote nothing"
	case h.lines > len(h.heard):
		return s + fmt.Sprintf("it wrote %d lines: %s, ...", h.lines, q(h.heard))
	case h.lines == 1:
		return s + "it wrote " + q(h.heard)
	}
	return s + fmt.Sprintf("it wrote %d lines: %s", h.lines, q(h.heard))
}

// ended is the error of an engine that ended during its handshake.
func (h *handshake) ended(p *proc) error {
	return fmt.Errorf("it ended (%s) before answering: %s", p.exitStatus(), h.transcript())
}

// --- UCI, USI and UCCI.

type uciPlayer struct {
	p             *proc
	dialect       Protocol // UCI, USI or UCCI
	id            string
	display       string
	program       string            // the program's base name: the name of an engine that gives none
	options       map[string]string // lower-case option name: the rest of its line, from "type"
	variants      []string
	variantOption string // the option that names the variant as the engine wrote it
	timeout       time.Duration
	side          compiler.Color // in the game under way
}

// uciHandshake sends "uci" (or "usi", "ucci") and reads the engine's identity and options
// up to "uciok" ("usiok", "ucciok"). Unless sure, a line an XBoard engine would write
// ("Error", "Illegal move", "feature"), or silence until the timeout, says it is not a
// UCI engine (hs.fallback says which). Sure, silence is an error.
func uciHandshake(ctx context.Context, p *proc, dialect Protocol, sure bool, s settings, hs *handshake) (*uciPlayer, bool, error) {
	u := &uciPlayer{p: p, dialect: dialect, options: map[string]string{}, timeout: s.timeout}
	hello := dialect.String()
	if err := hs.send(p, hello); err != nil {
		return nil, false, hs.ended(p)
	}
	deadline := time.Now().Add(s.timeout)
	for {
		l, err := p.recv(ctx, deadline)
		switch {
		case errors.Is(err, errTimeout) && !sure:
			hs.fallback = fmt.Sprintf("no %q within %v of %q", hello+"ok", s.timeout, hello)
			return nil, false, nil
		case errors.Is(err, errTimeout):
			return nil, false, fmt.Errorf("no %q within %v (--start-timeout): %s", hello+"ok", s.timeout, hs.transcript())
		case errors.Is(err, errExited):
			return nil, false, hs.ended(p)
		case err != nil:
			return nil, false, err
		}
		hs.hear(l.text)
		t := strings.TrimSpace(l.text)
		switch {
		case t == hello+"ok":
			return u, true, nil
		case strings.HasPrefix(t, "id name "):
			u.id = strings.TrimSpace(t[len("id name "):])
		case strings.HasPrefix(t, "option "):
			// UCI and USI: "option name NAME type ..."; UCCI: "option NAME type ...".
			rest := strings.TrimPrefix(t[len("option "):], "name ")
			name, typ, ok := strings.Cut(rest, " type ")
			if !ok {
				continue
			}
			name = strings.TrimSpace(name)
			u.options[strings.ToLower(name)] = typ
			if low := strings.ToLower(name); low == "uci_variant" || low == "usi_variant" {
				u.variantOption = name
				u.variants = nil
				f := strings.Fields(typ)
				for i := 0; i+1 < len(f); i++ {
					if f[i] == "var" {
						u.variants = append(u.variants, f[i+1])
					}
				}
			}
		case !sure && (strings.HasPrefix(t, "Error") || strings.HasPrefix(t, "Illegal move") || strings.HasPrefix(t, "feature")):
			if len(t) > 80 {
				t = t[:80] + "..."
			}
			hs.fallback = fmt.Sprintf("it answered %q with %q", hello, t)
			if strings.HasPrefix(t, "feature") {
				// The features are read again by the XBoard handshake (after protover 2).
				hs.fallback = fmt.Sprintf("it answered %q with a feature line", hello)
			}
			hs.xboardSaid = true
			return nil, false, nil
		}
	}
}

func (u *uciPlayer) name() string {
	switch {
	case u.display != "":
		return u.display
	case u.id != "":
		return u.id
	}
	return u.program
}

// setOptions sets the options a match gives the engine: each must be one the engine
// offers, and it must not answer that it refused one.
func (u *uciPlayer) setOptions(ctx context.Context, opts []EngineOption) error {
	if len(opts) == 0 {
		return nil
	}
	for _, o := range opts {
		if _, ok := u.options[strings.ToLower(o.Name)]; !ok {
			return fmt.Errorf("it has no option %q", o.Name)
		}
		if err := u.setOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	seen, err := u.sync(ctx)
	if err != nil {
		return err
	}
	for _, l := range seen {
		if low := strings.ToLower(l); strings.Contains(low, "must be") || strings.Contains(low, "unknown option") || strings.Contains(low, "error") {
			return fmt.Errorf("it did not take its options: %q", l)
		}
	}
	return nil
}

// setOption sends an option's value in the dialect's form.
func (u *uciPlayer) setOption(name, value string) error {
	if u.dialect == UCCI {
		return u.p.send(strings.TrimSpace("setoption " + name + " " + value))
	}
	if value == "" {
		return u.p.send("setoption name " + name)
	}
	return u.p.send("setoption name " + name + " value " + value)
}

// ownGame reports whether the variant is the dialect's own game, which the engine plays
// without being told (uci.default, usi.default, ucci.default in its definition).
func (u *uciPlayer) ownGame(d *defs.Definition) bool {
	if d == nil {
		return false
	}
	switch u.dialect {
	case USI:
		return d.USI != nil && d.USI.Default
	case UCCI:
		return d.UCCI != nil && d.UCCI.Default
	}
	return d.UCI != nil && d.UCI.Default
}

// configure tells the engine the variant: nothing for the dialect's own game;
// UCI_Chess960 for a UCI engine's chess960; else the variant option (UCI_Variant, or
// USI_Variant when a USI engine calls it so), after VariantPath with the definition file
// when the engine does not offer the variant but takes files. A UCCI engine that offers
// usemillisec is told to count in milliseconds.
func (u *uciPlayer) configure(ctx context.Context, s settings) error {
	name := s.rs.Name
	if _, ok := u.options["usemillisec"]; ok && u.dialect == UCCI {
		if err := u.setOption("usemillisec", "true"); err != nil {
			return err
		}
	}
	var conv defs.UCIConventions
	if d := s.rs.Def; d != nil && d.UCI != nil {
		conv = *d.UCI
	}
	switch {
	case u.ownGame(s.rs.Def):
	case conv.Chess960 && u.dialect == UCI:
		if _, ok := u.options["uci_chess960"]; !ok {
			return fmt.Errorf("it has no UCI_Chess960 option, so it cannot play %s", name)
		}
		if err := u.setOption("UCI_Chess960", "true"); err != nil {
			return err
		}
	default:
		if u.variantOption == "" {
			return fmt.Errorf("it has no UCI_Variant option, so it plays only its protocol's own game, not %s", name)
		}
		if !containsString(u.variants, name) {
			_, takesFiles := u.options["variantpath"]
			if s.variantFile == "" || !takesFiles {
				return fmt.Errorf("it does not offer the variant %s (its %s offers: %s)", name, u.variantOption, strings.Join(u.variants, " "))
			}
			if err := u.setOption("VariantPath", s.variantFile); err != nil {
				return err
			}
		}
		if err := u.setOption(u.variantOption, name); err != nil {
			return err
		}
	}
	seen, err := u.sync(ctx)
	if err != nil {
		return err
	}
	for _, l := range seen {
		low := strings.ToLower(l)
		if strings.Contains(low, "unknown variant") || strings.Contains(low, "no such variant") || strings.Contains(low, "no such option") {
			return fmt.Errorf("it did not take the variant %s: %q", name, l)
		}
	}
	return nil
}

// sync sends isready and waits for readyok, returning the lines before it.
func (u *uciPlayer) sync(ctx context.Context) ([]string, error) {
	if err := u.p.send("isready"); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(u.timeout)
	var seen []string
	for {
		l, err := u.p.recv(ctx, deadline)
		if err != nil {
			if errors.Is(err, errTimeout) {
				return seen, fmt.Errorf("no readyok within %v of isready", u.timeout)
			}
			return seen, err
		}
		if strings.TrimSpace(l.text) == "readyok" {
			return seen, nil
		}
		seen = append(seen, l.text)
	}
}

func (u *uciPlayer) newGame(ctx context.Context, g *gameState, side compiler.Color) error {
	u.side = side
	var err error
	switch u.dialect {
	case USI:
		err = u.p.send("usinewgame")
	case UCCI:
		if _, ok := u.options["newgame"]; ok {
			err = u.setOption("newgame", "")
		}
	default:
		err = u.p.send("ucinewgame")
	}
	if err != nil {
		return err
	}
	_, err = u.sync(ctx)
	return err
}

// moveOut writes a move given in Chimera's coordinates in the dialect's notation.
func (u *uciPlayer) moveOut(rs *compiler.Ruleset, m string) string {
	switch u.dialect {
	case USI:
		return usi.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveToUSI(m)
	case UCCI:
		return ucci.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveToUCCI(m)
	}
	return m
}

// moveIn reads a move in the dialect's notation as Chimera's coordinates.
func (u *uciPlayer) moveIn(rs *compiler.Ruleset, m string) string {
	switch u.dialect {
	case USI:
		return usi.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveFromUSI(m)
	case UCCI:
		return ucci.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveFromUCCI(m)
	}
	return m
}

// positionCommand is the game so far as the dialect writes it.
func (u *uciPlayer) positionCommand(g *gameState) string {
	pos := "position startpos"
	if !g.startpos {
		switch u.dialect {
		case USI:
			pos = "position sfen " + usi.SFENFromFEN(g.rootFEN)
		default: // UCCI's FEN is Chimera's (w for the first player)
			pos = "position fen " + g.rootFEN
		}
	}
	if len(g.coord) > 0 {
		moves := make([]string, len(g.coord))
		for i, m := range g.coord {
			moves[i] = u.moveOut(g.rs, m)
		}
		pos += " moves " + strings.Join(moves, " ")
	}
	return pos
}

// goCommand starts the search with the clocks as the dialect gives them. USI: the first
// player's clock is btime (Chimera's White), and a fixed time per move is byoyomi with
// no main time. UCCI: time and increment are the mover's, opptime and oppincrement the
// other side's, in milliseconds; a fixed time per move is all the time left with one
// move to go.
func (u *uciPlayer) goCommand(g *gameState, t turn) string {
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
	tc := g.tc[t.side]
	if tc.searchLimit() { // the same words in every dialect
		cmd := "go"
		if tc.Nodes > 0 {
			cmd += fmt.Sprintf(" nodes %d", tc.Nodes)
		}
		if tc.Depth > 0 {
			cmd += fmt.Sprintf(" depth %d", tc.Depth)
		}
		return cmd
	}
	switch u.dialect {
	case USI:
		if tc.MoveTime > 0 {
			return fmt.Sprintf("go btime 0 wtime 0 byoyomi %d", ms(tc.MoveTime))
		}
		return fmt.Sprintf("go btime %d wtime %d binc %d winc %d", ms(t.clock[0]), ms(t.clock[1]),
			g.tc[0].Inc.Milliseconds(), g.tc[1].Inc.Milliseconds())
	case UCCI:
		if tc.MoveTime > 0 {
			return fmt.Sprintf("go time %d movestogo 1", ms(tc.MoveTime))
		}
		cmd := fmt.Sprintf("go time %d", ms(t.clock[t.side]))
		if t.movesToGo > 0 {
			cmd += fmt.Sprintf(" movestogo %d", t.movesToGo)
		} else {
			cmd += fmt.Sprintf(" increment %d", g.tc[t.side].Inc.Milliseconds())
		}
		return cmd + fmt.Sprintf(" opptime %d oppincrement %d", ms(t.clock[t.side^1]), g.tc[t.side^1].Inc.Milliseconds())
	}
	if tc.MoveTime > 0 {
		return fmt.Sprintf("go movetime %d", ms(tc.MoveTime))
	}
	cmd := fmt.Sprintf("go wtime %d btime %d winc %d binc %d", ms(t.clock[0]), ms(t.clock[1]),
		g.tc[0].Inc.Milliseconds(), g.tc[1].Inc.Milliseconds())
	if t.movesToGo > 0 {
		cmd += fmt.Sprintf(" movestogo %d", t.movesToGo)
	}
	return cmd
}

func (u *uciPlayer) play(ctx context.Context, g *gameState, t turn) (reply, error) {
	t0 := time.Now() // before the command: a reply can arrive before send returns
	if err := u.p.send(u.positionCommand(g), u.goCommand(g, t)); err != nil {
		return reply{}, err
	}
	deadline := t0.Add(t.limit)
	var r reply
	for {
		l, err := u.p.recv(ctx, deadline)
		if err != nil {
			return r, err
		}
		f := strings.Fields(l.text)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			if e := uciEval(f, u.dialect); e != "" {
				r.eval = e
			}
		case "nobestmove": // UCCI: no move to play
			r.elapsed, r.resign = l.at.Sub(t0), true
			return r, nil
		case "bestmove":
			r.elapsed = l.at.Sub(t0)
			switch {
			case len(f) < 2:
			case f[1] == "resign" || f[1] == "(none)":
				r.resign = true
			default:
				r.text = f[1]
			}
			return r, nil
		}
	}
}

// uciEval reads the score and depth of an info line: "+0.35/12", "+M3/9" or "". UCCI
// writes a score as a bare number of centipawns; USI counts mates in plies.
func uciEval(f []string, dialect Protocol) string {
	depth, score := "", ""
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			depth = f[i+1]
		case "score":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				// UCCI: centipawns, or a mate as 10000 less its plies (ElephantEye's form).
				switch plies := 10000 - max(n, -n); {
				case plies >= 0 && plies < 500 && n > 0:
					score = fmt.Sprintf("+M%d", (plies+1)/2)
				case plies >= 0 && plies < 500:
					score = fmt.Sprintf("-M%d", (plies+1)/2)
				default:
					score = fmt.Sprintf("%+.2f", float64(n)/100)
				}
				continue
			}
			if i+2 < len(f) {
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					score = fmt.Sprintf("%+.2f", float64(n)/100)
				case "mate":
					if dialect == USI {
						n = (n + sign(n)) / 2
					}
					if n < 0 {
						score = fmt.Sprintf("-M%d", -n)
					} else {
						score = fmt.Sprintf("+M%d", n)
					}
				}
			}
		}
	}
	if score == "" {
		return ""
	}
	if depth != "" {
		return score + "/" + depth
	}
	return score
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// endGame tells a USI engine the game is over and how it went for it.
func (u *uciPlayer) endGame(g *gameState, result, comment string) {
	if u.dialect != USI || !u.p.alive() {
		return
	}
	outcome := "draw"
	switch {
	case result == "1-0" && u.side == compiler.White, result == "0-1" && u.side == compiler.Black:
		outcome = "win"
	case result == "1-0", result == "0-1":
		outcome = "lose"
	}
	u.p.send("gameover " + outcome)
}

func (u *uciPlayer) reusable() bool { return true }
func (u *uciPlayer) alive() bool    { return u.p.alive() }
func (u *uciPlayer) kill()          { u.p.kill() }
func (u *uciPlayer) close()         { u.p.quit("quit", time.Second) }

// --- XBoard.

type xbPlayer struct {
	p        *proc
	display  string
	program  string // the program's base name: the name of an engine that gives none
	features map[string]string
	variant  string // the variant's XBoard name
	force    bool
	sent     int // the moves the engine has been told or made
	pings    int
	timeout  time.Duration
	// moveTimeout is how long the referee waits for a move in a fixed search.
	moveTimeout time.Duration
	// usiSquares: the engine speaks XBoard with USI's squares: squares as USI writes them
	// (7g7f, P*5e), and no variant command (it plays its own game).
	usiSquares bool
}

var featureRE = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)`)

// xbHandshake sends xboard and protover 2 and takes the engine's features, up to done=1
// (or for the timeout when the engine does not say done=1), accepting each but san
// (moves are sent and read in coordinates). An engine that gives no features speaks
// protocol 1: taken when sure (a protocol prefix), or when it answered "uci" as an XBoard
// engine does; otherwise it has answered neither protocol, which is an error.
func xbHandshake(ctx context.Context, p *proc, sure bool, s settings, hs *handshake) (*xbPlayer, error) {
	x := &xbPlayer{p: p, features: map[string]string{}, timeout: s.timeout, moveTimeout: s.moveTimeout, variant: xbtext.Name(s.rs.Name)}
	if err := hs.send(p, "xboard", "protover 2"); err != nil {
		return nil, hs.ended(p)
	}
	deadline := time.Now().Add(s.timeout)
	for {
		l, err := p.recv(ctx, deadline)
		if errors.Is(err, errTimeout) {
			if len(x.features) == 0 && !sure && !hs.xboardSaid {
				return nil, fmt.Errorf("it answers neither UCI nor XBoard's protocol within %v (--start-timeout): %s; "+
					"an XBoard engine of protocol 1, which says nothing at start, needs the prefix xboard:", s.timeout, hs.transcript())
			}
			return x, nil
		}
		if errors.Is(err, errExited) {
			return nil, hs.ended(p)
		}
		if err != nil {
			return nil, err
		}
		hs.hear(l.text)
		t := strings.TrimSpace(l.text)
		if !strings.HasPrefix(t, "feature ") {
			continue
		}
		done := false
		for _, g := range featureRE.FindAllStringSubmatch(t[len("feature "):], -1) {
			k, v := g[1], strings.Trim(g[2], `"`)
			if k == "option" {
				continue // engine options: not used
			}
			x.features[k] = v
			answer := "accepted "
			if k == "san" && v == "1" {
				answer = "rejected "
				x.features[k] = "0"
			}
			if err := p.send(answer + k); err != nil {
				return nil, hs.ended(p)
			}
			if k == "done" && v == "1" {
				done = true
			}
		}
		if done {
			return x, nil
		}
	}
}

func (x *xbPlayer) name() string {
	switch {
	case x.display != "":
		return x.display
	case x.features["myname"] != "":
		return x.features["myname"]
	}
	return x.program
}

// checkVariant makes sure the engine offers the variant.
func (x *xbPlayer) checkVariant() error {
	if x.variant == "normal" {
		return nil
	}
	list, ok := x.features["variants"]
	if !ok {
		return fmt.Errorf("it offers no variants (no variants feature), so it plays only chess, not %s", x.variant)
	}
	for _, v := range strings.Split(list, ",") {
		if strings.TrimSpace(v) == x.variant {
			return nil
		}
	}
	return fmt.Errorf("it does not offer the variant %s (it offers: %s)", x.variant, list)
}

func (x *xbPlayer) moveLine(text string) string {
	if x.features["usermove"] == "1" {
		return "usermove " + text
	}
	return text
}

// sync waits until the engine has read everything sent so far (ping and pong; without
// ping, a short pause) and returns the lines it wrote meanwhile.
func (x *xbPlayer) sync(ctx context.Context) ([]string, error) {
	var seen []string
	if x.features["ping"] != "1" {
		t := time.NewTimer(300 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case l, ok := <-x.p.lines:
				if !ok {
					return seen, errExited
				}
				seen = append(seen, l.text)
			case <-t.C:
				return seen, nil
			case <-ctx.Done():
				return seen, errAborted
			}
		}
	}
	x.pings++
	want := fmt.Sprintf("pong %d", x.pings)
	if err := x.p.send(fmt.Sprintf("ping %d", x.pings)); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(x.timeout)
	for {
		l, err := x.p.recv(ctx, deadline)
		if err != nil {
			if errors.Is(err, errTimeout) {
				return seen, fmt.Errorf("no %q within %v", want, x.timeout)
			}
			return seen, err
		}
		if strings.TrimSpace(l.text) == want {
			return seen, nil
		}
		seen = append(seen, l.text)
	}
}

func (x *xbPlayer) newGame(ctx context.Context, g *gameState, side compiler.Color) error {
	cmds := []string{"new"}
	if x.variant != "normal" && !x.usiSquares {
		cmds = append(cmds, "variant "+x.variant)
	}
	cmds = append(cmds, "force")
	if !g.startpos || xbStartDiffers(g.rs.Name) {
		if x.features["setboard"] != "1" {
			return fmt.Errorf("it cannot be given a position (no setboard feature); give it openings as moves from the start")
		}
		cmds = append(cmds, "setboard "+g.codec.FEN(g.rootFEN))
	}
	if tc := g.tc[side]; tc.searchLimit() {
		// XBoard has no node limit (Run refuses one): a depth, and the time the referee
		// waits as the time a move may take.
		cmds = append(cmds, fmt.Sprintf("sd %d", tc.Depth), "st "+secText(x.moveTimeout))
	} else if tc.MoveTime > 0 {
		cmds = append(cmds, "st "+secText(tc.MoveTime))
	} else {
		cmds = append(cmds, fmt.Sprintf("level %d %s %s", tc.Moves, xbBase(tc.Base), secText(tc.Inc)))
	}
	cmds = append(cmds, "post", "easy")
	if err := x.p.send(cmds...); err != nil {
		return err
	}
	x.force, x.sent = true, 0
	seen, err := x.sync(ctx)
	if err != nil {
		return err
	}
	for _, l := range seen {
		if strings.HasPrefix(l, "tellusererror") || (strings.HasPrefix(l, "Error") && (strings.Contains(l, "variant") || strings.Contains(l, "setboard") || strings.Contains(l, "position"))) {
			return fmt.Errorf("it refused the game's setup: %q", l)
		}
	}
	return nil
}

// xbBase writes a base time as level does: minutes, or minutes:seconds (whole seconds,
// at least one).
func xbBase(d time.Duration) string {
	secs := max(int64(d.Round(time.Second)/time.Second), 1)
	if secs%60 == 0 {
		return strconv.FormatInt(secs/60, 10)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

var (
	thinkingRE = regexp.MustCompile(`^\s*(\d+)[.&]?\s+(-?\d+)\s+(\d+)\s+(\d+)`)
	// A version 1 engine's move ("1. ... e7e5"), which some engines follow with a score.
	v1MoveRE = regexp.MustCompile(`^\d+\.\s*\.\.\.\s*(\S+)(\s+-?\d+)?\s*$`)
)

// moveOut writes a move as XBoard writes it (x.xb) in the engine's dialect.
func (x *xbPlayer) moveOut(rs *compiler.Ruleset, m string) string {
	if x.usiSquares {
		return usi.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveToUSI(m)
	}
	return m
}

// moveIn reads an engine's move as XBoard writes it.
func (x *xbPlayer) moveIn(rs *compiler.Ruleset, m string) string {
	if x.usiSquares {
		return usi.Board{Files: rs.Files, Ranks: rs.Ranks}.MoveFromUSI(m)
	}
	return m
}

func (x *xbPlayer) play(ctx context.Context, g *gameState, t turn) (reply, error) {
	unsent := make([]string, 0, len(g.xb)-x.sent)
	for _, m := range g.xb[x.sent:] {
		unsent = append(unsent, x.moveOut(g.rs, m))
	}
	var clocks []string
	if !g.tc[t.side].fixed() && x.features["time"] != "0" {
		cs := func(d time.Duration) int64 { return max(d.Milliseconds()/10, 1) }
		clocks = []string{fmt.Sprintf("time %d", cs(t.clock[t.side])), fmt.Sprintf("otim %d", cs(t.clock[t.side^1]))}
	}
	var cmds []string
	if !x.force && len(unsent) == 1 {
		cmds = append(clocks, x.moveLine(unsent[0]))
	} else {
		if !x.force {
			cmds = append(cmds, "force")
		}
		for _, m := range unsent {
			cmds = append(cmds, x.moveLine(m))
		}
		cmds = append(append(cmds, clocks...), "go")
	}
	x.force, x.sent = false, len(g.xb)
	t0 := time.Now() // before the commands: a reply can arrive before send returns
	if err := x.p.send(cmds...); err != nil {
		return reply{}, err
	}
	deadline := t0.Add(t.limit)
	var r reply
	for {
		l, err := x.p.recv(ctx, deadline)
		if err != nil {
			return r, err
		}
		text := strings.TrimSpace(l.text)
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "move" && len(f) > 1:
			r.text, r.elapsed = f[1], l.at.Sub(t0)
			x.sent++
			return r, nil
		case v1MoveRE.MatchString(text):
			r.text, r.elapsed = v1MoveRE.FindStringSubmatch(text)[1], l.at.Sub(t0)
			x.sent++
			return r, nil
		case f[0] == "resign" || (f[0] == "1-0" && t.side == compiler.Black) || (f[0] == "0-1" && t.side == compiler.White):
			r.resign, r.elapsed = true, l.at.Sub(t0)
			return r, nil
		case strings.HasPrefix(text, "Illegal move") && !namesCommand(text, cmds):
			return r, &rejectError{text}
		case strings.HasPrefix(text, "Error"):
			for _, m := range unsent {
				if strings.Contains(text, m) {
					return r, &rejectError{text}
				}
			}
		default:
			if m := thinkingRE.FindStringSubmatch(text); m != nil {
				r.eval = xbEval(m[2], m[1])
			}
		}
	}
}

// namesCommand reports whether an "Illegal move" line ends with the word of a command of
// cmds that is not a move (time, otim, go, force): a version 1 engine's way of saying it
// does not know the command ("Illegal move (no match) otim").
func namesCommand(line string, cmds []string) bool {
	f := strings.Fields(line)
	if len(f) < 3 {
		return false
	}
	last := f[len(f)-1]
	for _, c := range cmds {
		if w := strings.Fields(c); w[0] == last && (len(w) > 1 || c == "go" || c == "force") && w[0] != "usermove" {
			return true
		}
	}
	return false
}

// xbEval writes a thinking line's score (centipawns; mates as 100000+N) and depth.
func xbEval(score, depth string) string {
	n, err := strconv.Atoi(score)
	if err != nil {
		return ""
	}
	s := fmt.Sprintf("%+.2f", float64(n)/100)
	switch {
	case n >= 100000:
		s = fmt.Sprintf("+M%d", n-100000)
	case n <= -100000:
		s = fmt.Sprintf("-M%d", -n-100000)
	}
	return s + "/" + depth
}

func (x *xbPlayer) endGame(g *gameState, result, comment string) {
	if x.p.alive() {
		x.p.send(fmt.Sprintf("result %s {%s}", result, comment))
		x.force = true
	}
}

func (x *xbPlayer) reusable() bool { return x.features["reuse"] != "0" }
func (x *xbPlayer) alive() bool    { return x.p.alive() }
func (x *xbPlayer) kill()          { x.p.kill() }
func (x *xbPlayer) close()         { x.p.quit("quit", time.Second) }

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
