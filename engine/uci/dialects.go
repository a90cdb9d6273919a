// Package uci is the engine side of the Universal Chess Interface, with Fairy-Stockfish's
// variant extensions, and of its dialects USI and UCCI, over any engine (protocol.Engine):
// a Session reads commands from an io.Reader and writes its answers to an io.Writer. The dialects run over one UCI
// session: a USI or UCCI line is translated into UCI (positions by packages usi and ucci,
// times, options), and the session's answers back (moves, positions, scores), so that the
// dialect can change on the way as Fairy-Stockfish allows (the commands uci, usi, ucci,
// the option Protocol). Searches and perft counts run in a goroutine of their own,
// stopped by cancelling their context.
package uci

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/protocol"
	"chimera/engine/ucci"
	"chimera/engine/usi"
)

// Dialect is UCI or one of the protocols spoken over it.
type Dialect int

// The dialects.
const (
	UCI Dialect = iota
	USI
	UCCI
)

var dialectNames = []string{"uci", "usi", "ucci"}

func (p Dialect) String() string { return dialectNames[p] }

func dialectNamed(name string) (Dialect, bool) {
	for i, n := range dialectNames {
		if strings.EqualFold(name, n) {
			return Dialect(i), true
		}
	}
	return 0, false
}

// defaultVariant is the dialect's own game: the built-in whose definition says so
// (uci.default, usi.default, ucci.default).
func (p Dialect) defaultVariant() string {
	switch p {
	case USI:
		return defs.BuiltinWhere(func(d *defs.Definition) bool { return d.USI != nil && d.USI.Default })
	case UCCI:
		return defs.BuiltinWhere(func(d *defs.Definition) bool { return d.UCCI != nil && d.UCCI.Default })
	}
	return uciDefault()
}

// Session speaks one of the dialects over a UCI session: its lines are translated for
// the UCI session, and the session's answers back through the dialect writer.
type Session struct {
	u     *session
	w     *dialectWriter
	proto Dialect
	// UCCI: the moves banned by banmoves (Chimera's notation) until the next position.
	banned []string
	// UCCI: times are in milliseconds (usemillisec true, the default) or in seconds.
	millis bool
}

// New returns a session in dialect p, playing the dialect's own game until told
// otherwise, that writes its answers to out, with engines made as cfg says.
func New(out io.Writer, p Dialect, cfg protocol.Config) *Session {
	w := &dialectWriter{out: out}
	s := &Session{w: w, millis: true}
	s.u = newSession(w, cfg)
	s.setProtocol(p, true)
	return s
}

// Run reads and carries out commands from in until quit or the end of the input; a
// perft count still running then finishes, a search is stopped (it gives its answer).
func (s *Session) Run(in io.Reader) {
	protocol.ReadCommands(in, s.handle, s.u.lineTooLong)
	s.u.finishPerft()
	s.u.stopSearch()
}

// setProtocol switches the dialect; withVariant also selects the protocol's own game, as
// the commands uci, usi and ucci do (the Protocol option keeps the variant).
func (s *Session) setProtocol(p Dialect, withVariant bool) {
	s.u.stopSearch()
	s.proto = p
	if name := p.defaultVariant(); withVariant && name != "" && name != s.u.rs.Name {
		s.u.setVariant(name, false)
	}
	s.syncWriter()
}

// syncWriter tells the writer the dialect and the board its moves are on.
func (s *Session) syncWriter() {
	s.w.set(s.proto, s.u.rs)
}

// handle carries out one line; false means quit.
func (s *Session) handle(line string) bool {
	f := strings.Fields(line)
	if p, ok := dialectNamed(f[0]); ok && f[0] == p.String() {
		if p != s.proto {
			s.setProtocol(p, true)
		}
		s.hello()
		return true
	}
	if f[0] == "setoption" {
		if name, value := s.optionParts(line); strings.EqualFold(name, "protocol") {
			if p, ok := dialectNamed(value); ok {
				s.setProtocol(p, false)
			} else {
				s.u.say("info string Protocol must be uci, usi or ucci, found %q (chimera xboard speaks XBoard)", truncate(value, 20))
			}
			return true
		}
	}
	var more bool
	switch s.proto {
	case USI:
		more = s.handleUSI(line, f)
	case UCCI:
		more = s.handleUCCI(line, f)
	default:
		more = s.u.handle(line)
	}
	s.syncWriter()
	return more
}

// hello answers uci, usi or ucci: the engine's name, its options in the dialect's form,
// and uciok, usiok or ucciok.
func (s *Session) hello() {
	s.u.say("id name Chimera")
	s.u.say("id author the Chimera developers")
	protocolOption := engineOption{"Protocol", "combo default " + s.proto.String() + " var " + strings.Join(dialectNames, " var ")}
	switch s.proto {
	case USI:
		for _, o := range append(s.u.options(), protocolOption) {
			switch o.name {
			case "UCI_Variant", "Hash", "Ponder":
				o.name = "USI_" + strings.TrimPrefix(o.name, "UCI_")
			case "UCI_Chess960":
				continue
			}
			s.u.say("option name %s type %s", o.name, o.spec)
		}
	case UCCI:
		s.u.say("option usemillisec type check default true")
		for _, o := range append(s.u.options(), protocolOption) {
			switch o.name {
			case "Hash":
				o.name = "hashsize"
			case "Ponder":
				o.name = "ponder"
			case "UCI_Chess960":
				continue
			}
			s.u.say("option %s type %s", strings.ReplaceAll(o.name, " ", "_"), o.spec)
		}
		s.u.say("option newgame type button")
	default:
		for _, o := range append(s.u.options(), protocolOption) {
			s.u.say("option name %s type %s", o.name, o.spec)
		}
	}
	s.u.say("%sok", s.proto)
}

// optionParts reads "setoption name NAME [value VALUE]", or UCCI's "setoption NAME
// [VALUE]" (a name without spaces).
func (s *Session) optionParts(line string) (name, value string) {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "setoption"))
	if after, ok := strings.CutPrefix(rest, "name "); ok {
		name, value, _ = strings.Cut(after, " value ")
		return strings.TrimSpace(name), strings.TrimSpace(value)
	}
	if s.proto == UCCI {
		name, value, _ = strings.Cut(rest, " ")
		return strings.TrimSpace(name), strings.TrimSpace(value)
	}
	return "", ""
}

// --- USI.

// handleUSI carries out one USI line.
func (s *Session) handleUSI(line string, f []string) bool {
	switch f[0] {
	case "usinewgame":
		return s.u.handle("ucinewgame")
	case "gameover":
		s.u.stopSearch()
		return true
	case "setoption":
		name, value := s.optionParts(line)
		switch strings.ToLower(name) {
		case "usi_variant":
			return s.u.handle("setoption name UCI_Variant value " + value)
		case "usi_hash":
			return s.u.handle("setoption name Hash value " + value)
		case "usi_ponder":
			return true
		}
	case "position":
		return s.usiPosition(f[1:])
	case "go":
		return s.u.handle("go " + strings.Join(usiGoArgs(f[1:]), " "))
	}
	return s.u.handle(line)
}

// usiPosition translates "startpos" or "sfen SFEN", and the moves after them.
func (s *Session) usiPosition(args []string) bool {
	b := usi.Board{Files: s.u.rs.Files, Ranks: s.u.rs.Ranks}
	return s.translatedPosition(args, "sfen", func(pos string) (string, error) {
		return b.FENFromSFEN(pos, s.u.rs.Hands != nil)
	}, b.MoveFromUSI)
}

// translatedPosition hands the UCI session a "position" line in its own terms: a
// position given after the keyword (SFEN, UCCI's FEN) converted by fen, startpos as it
// is, and each move after "moves" converted by move.
func (s *Session) translatedPosition(args []string, keyword string, fen func(string) (string, error), move func(string) string) bool {
	var out []string
	rest := args
	switch {
	case len(args) > 0 && args[0] == keyword:
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		sent := strings.Join(args[1:i], " ")
		f, err := fen(sent)
		if err != nil {
			s.u.refusePosition("%v", err)
			return true
		}
		out, rest = []string{"fen", f}, args[i:]
		s.u.positionAsSent = strings.ToUpper(keyword) + " " + defs.Quote(sent)
		defer func() { s.u.positionAsSent = "" }()
	case len(args) > 0:
		out, rest = []string{args[0]}, args[1:]
	}
	var sent []string
	for i, m := range rest {
		if i > 0 {
			sent = append(sent, m)
			m = move(m)
		}
		out = append(out, m)
	}
	s.u.movesAsSent = sent
	defer func() { s.u.movesAsSent = nil }()
	return s.u.handle("position " + strings.Join(out, " "))
}

// usiGoArgs translates go's limits: USI's btime and binc are the first player's, Chimera's
// White; byoyomi, the time each move may take once the main time is spent, is added to
// both sides' increments, or is the time for the move when there is no main time (none
// given, or "btime 0 wtime 0" as GUIs write it).
func usiGoArgs(args []string) []string {
	swap := map[string]string{"btime": "wtime", "wtime": "btime", "binc": "winc", "winc": "binc"}
	byoyomi, mainTime := "", false
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "byoyomi":
			byoyomi = args[i+1]
		case "btime", "wtime":
			mainTime = mainTime || args[i+1] != "0"
		}
	}
	var out []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "byoyomi" && i+1 < len(args):
			i++
		case (a == "btime" || a == "wtime") && !mainTime && byoyomi != "" && byoyomi != "0" && i+1 < len(args):
			i++ // no main time: byoyomi is the time for the move
		case swap[a] != "":
			out = append(out, swap[a])
		default:
			out = append(out, a)
		}
	}
	if byoyomi != "" && byoyomi != "0" {
		if !mainTime {
			out = append(out, "movetime", byoyomi)
		} else if !slices.Contains(out, "winc") && !slices.Contains(out, "binc") {
			out = append(out, "winc", byoyomi, "binc", byoyomi)
		}
	}
	return out
}

// --- UCCI.

// handleUCCI carries out one UCCI line.
func (s *Session) handleUCCI(line string, f []string) bool {
	b := ucci.Board{Files: s.u.rs.Files, Ranks: s.u.rs.Ranks}
	switch f[0] {
	case "uccinewgame":
		return s.u.handle("ucinewgame")
	case "setoption":
		name, value := s.optionParts(line)
		switch strings.ToLower(strings.ReplaceAll(name, "_", " ")) {
		case "":
			s.u.say("info string setoption: expected 'setoption NAME [VALUE]'")
			return true
		case "usemillisec":
			s.millis = value != "false"
			return true
		case "newgame":
			return s.u.handle("ucinewgame")
		case "hashsize", "hash":
			return s.u.handle("setoption name Hash value " + value)
		case "ponder", "batch", "debug", "usebook", "usehash", "promotion":
			return true // accepted; nothing to change
		}
		return s.u.handle("setoption name " + name + " value " + value)
	case "position":
		s.banned = nil
		return s.ucciPosition(b, f[1:])
	case "banmoves":
		s.banned = s.banned[:0]
		for _, text := range f[1:] {
			m, err := s.u.pos.ParseMove(b.MoveFromUCCI(text))
			if err != nil {
				s.u.say("info string banmoves: %q is not a legal move here", truncate(text, 20))
				continue
			}
			s.banned = append(s.banned, s.u.pos.Coord(m))
		}
		return true
	case "go":
		return s.ucciGo(f[1:])
	case "ponderhit":
		return s.u.handle("ponderhit")
	case "stop":
		if !s.u.searching() {
			s.u.say("nobestmove")
			return true
		}
		return s.u.handle("stop")
	case "probe":
		// The position is not looked up: nothing is kept for the GUI to read.
		s.u.say("pophash")
		return true
	case "quit":
		s.u.finishPerft()
		s.u.stopSearch()
		s.u.say("bye")
		return false
	}
	return s.u.handle(line)
}

// ucciPosition translates "startpos" or "fen FEN", and the moves after them.
func (s *Session) ucciPosition(b ucci.Board, args []string) bool {
	return s.translatedPosition(args, "fen", ucci.FENFromUCCI, b.MoveFromUCCI)
}

// ucciGo translates go's limits: time, increment and movestogo are the side to move's,
// opptime and oppincrement (Fairy-Stockfish: oppinc) the other side's, in milliseconds
// or, with usemillisec false, in seconds; draw (the opponent offers one) is not taken up.
// Banned moves leave the others to search, or nobestmove when none is left.
func (s *Session) ucciGo(args []string) bool {
	out := s.ucciGoArgs(args)
	if len(s.banned) > 0 && !slices.Contains(out, "searchmoves") && !slices.Contains(out, "perft") {
		var allowed []string
		for _, m := range s.u.pos.LegalMoves(nil) {
			if c := s.u.pos.Coord(m); !slices.Contains(s.banned, c) {
				allowed = append(allowed, c)
			}
		}
		if len(allowed) == 0 {
			s.u.stopSearch()
			s.u.say("nobestmove")
			return true
		}
		out = append(append(out, "searchmoves"), allowed...)
	}
	return s.u.handle("go " + strings.Join(out, " "))
}

// ucciGoArgs translates go's limits for the UCI session.
func (s *Session) ucciGoArgs(args []string) []string {
	own, opp := "w", "b"
	if s.u.pos.Side() == compiler.Black {
		own, opp = "b", "w"
	}
	names := map[string]string{"time": own + "time", "opptime": opp + "time", "increment": own + "inc", "oppincrement": opp + "inc", "oppinc": opp + "inc"}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case names[a] != "":
			out = append(out, names[a])
			if i+1 < len(args) {
				i++
				out = append(out, s.ucciTime(args[i]))
			}
		case a == "oppmovestogo" && i+1 < len(args):
			i++
		case a == "draw":
		default:
			out = append(out, a)
		}
	}
	return oneMoveToGo(out, own)
}

// oneMoveToGo turns the side's clock with one move to go and no increment into a time
// for the move, as the whole clock is for it: nine tenths of it (UCCI has no movetime:
// a GUI gives a fixed time a move as "time T movestogo 1"). Other limits are kept.
func oneMoveToGo(args []string, own string) []string {
	var ms int64 = -1
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "movestogo":
			if args[i+1] != "1" {
				return args
			}
		case own + "inc":
			if args[i+1] != "0" {
				return args
			}
		case own + "time":
			n, err := strconv.ParseInt(args[i+1], 10, 64)
			if err != nil {
				return args
			}
			ms = n
		}
	}
	if ms < 0 || !slices.Contains(args, "movestogo") {
		return args
	}
	var out []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "wtime", "btime", "winc", "binc", "movestogo":
			i++
		default:
			out = append(out, args[i])
		}
	}
	return append(out, "movetime", strconv.FormatInt(max(ms*9/10, 1), 10))
}

// ucciTime is a time in milliseconds: t itself, or t seconds when usemillisec is false.
// Text that is not a number is left for go to report.
func (s *Session) ucciTime(t string) string {
	n, err := strconv.ParseInt(t, 10, 64)
	if s.millis || err != nil || n < 0 || n > 1e12 {
		return t
	}
	return strconv.FormatInt(n*1000, 10)
}

// --- The answers.

// dialectWriter rewrites the UCI session's lines in the dialect: moves in bestmove, in
// info's pv and in perft's counts, the position's FEN, an engine without a move.
type dialectWriter struct {
	mu      sync.Mutex
	out     io.Writer
	proto   Dialect
	files   int
	ranks   int
	pending []byte
}

func (w *dialectWriter) set(p Dialect, rs *compiler.Ruleset) {
	w.mu.Lock()
	w.proto, w.files, w.ranks = p, rs.Files, rs.Ranks
	w.mu.Unlock()
}

func (w *dialectWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = append(w.pending, p...)
	for {
		i := bytes.IndexByte(w.pending, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(w.pending[:i])
		w.pending = w.pending[i+1:]
		switch w.proto {
		case USI:
			line = translateLine(line, usi.Board{Files: w.files, Ranks: w.ranks}.MoveToUSI, "bestmove resign", "")
			if after, ok := strings.CutPrefix(line, "Fen: "); ok {
				line = "Sfen: " + usi.Board{Files: w.files, Ranks: w.ranks}.SFENFromFEN(after)
			}
		case UCCI:
			line = ucciScore(translateLine(line, ucci.Board{Files: w.files, Ranks: w.ranks}.MoveToUCCI, "nobestmove", "info message "))
		}
		if _, err := io.WriteString(w.out, line+"\n"); err != nil {
			return len(p), err
		}
	}
}

// ucciScore writes an info line's score as UCCI does, a bare number: centipawns, or for
// a mate 10000 less the plies to it (negative when mated), as ElephantEye writes it.
func ucciScore(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "info" || f[1] == "message" {
		return line
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return line
		}
		switch f[i+1] {
		case "cp":
		case "mate":
			if n > 0 {
				n = 10000 - (2*n - 1)
			} else {
				n = -(10000 + 2*n)
			}
		default:
			return line
		}
		return strings.Join(append(append(f[:i+1:i+1], strconv.Itoa(n)), f[i+3:]...), " ")
	}
	return line
}

// translateLine rewrites one UCI line with move, the dialect's move notation; none is
// the dialect's "bestmove (none)"; message, when set, replaces "info string ".
func translateLine(line string, move func(string) string, none, message string) string {
	f := strings.Fields(line)
	switch {
	case len(f) == 0:
		return line
	case f[0] == "bestmove":
		if len(f) > 1 && f[1] == "(none)" {
			return none
		}
		for i := 1; i < len(f); i++ {
			if f[i] != "ponder" {
				f[i] = move(f[i])
			}
		}
		return strings.Join(f, " ")
	case f[0] == "info" && len(f) > 1 && f[1] == "string":
		if message != "" {
			return message + strings.TrimPrefix(strings.TrimPrefix(line, "info"), " string ")
		}
	case f[0] == "info":
		for i := 1; i < len(f); i++ {
			if f[i] == "pv" {
				for j := i + 1; j < len(f); j++ {
					f[j] = move(f[j])
				}
				break
			}
		}
		return strings.Join(f, " ")
	case len(f) == 2 && strings.HasSuffix(f[0], ":") && f[0] != "Nodes" && f[0] != "Fen:":
		return move(strings.TrimSuffix(f[0], ":")) + ": " + f[1]
	}
	return line
}
