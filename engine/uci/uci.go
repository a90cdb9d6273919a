// The UCI session: the Universal Chess Interface with Fairy-Stockfish's variant extensions, over which the dialects run.

package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/engine/protocol"
	"chimera/engine/search"
	"chimera/interpreter"
)

// session is one UCI session. The reading goroutine owns every field but those mu guards;
// a search or perft count runs in a goroutine of its own.
type session struct {
	mu       sync.Mutex // guards out and hooksTold
	out      io.Writer
	variants map[string]*compiler.Ruleset // loaded files
	// sections are the variants of a Fairy-Stockfish variants.ini loaded, each compiled
	// when it is first chosen (a file holds a hundred and more).
	sections map[string]*defs.Definition
	rs       *compiler.Ruleset
	pos      *interpreter.Position
	engine   protocol.Engine
	hashMB   int
	threads  int
	multiPV  int
	level    int  // Skill Level: 1 (weakest) to search.MaxLevel (full strength)
	limitElo bool // UCI_LimitStrength: play at UCI_Elo instead
	elo      int  // UCI_Elo
	contempt int  // Contempt: what a draw costs the engine, in centipawns
	chess960 bool
	cfg      protocol.Config
	done     chan struct{} // closed when the running search or perft ends; nil: none runs
	cancel   func()        // stops the running search or perft
	counting bool          // what runs is a go perft count
	// hooksTold are the hooks whose failure was told in an info string (once each);
	// guarded by mu.
	hooksTold map[*compiler.Hook]bool
	// movesAsSent are the moves of the position line being handled as a dialect's GUI
	// wrote them (USI, UCCI), before their translation; nil in UCI. An error names a
	// move as it was sent.
	movesAsSent []string
	// positionAsSent is the position of that line as the GUI wrote it, with its kind
	// (`SFEN "..."`), when it was translated into a FEN; "" in UCI. An error quotes it,
	// not the FEN the GUI never saw.
	positionAsSent string
	// refused is why the last position line was refused, "" after one was accepted (or
	// the variant set): until then go has no position to search, and answers no move.
	refused string
}

func newSession(out io.Writer, cfg protocol.Config) *session {
	u := &session{out: out, variants: map[string]*compiler.Ruleset{}, sections: map[string]*defs.Definition{}, hashMB: cfg.Caps.Hash(64), threads: 1, multiPV: 1, level: search.MaxLevel, elo: search.MaxElo, contempt: search.DefaultContempt, cfg: cfg}
	u.setVariant(uciDefault(), false)
	return u
}

func (u *session) say(format string, args ...any) {
	u.mu.Lock()
	defer u.mu.Unlock()
	fmt.Fprintf(u.out, format+"\n", args...)
}

// variantNames lists the built-ins, their aliases and the loaded variants, sorted.
func (u *session) variantNames() []string {
	var names []string
	for _, b := range defs.Builtins() {
		if defs.BuiltinSeats(b) {
			continue // a game of seats: not two sides
		}
		if !slices.Contains(names, b) {
			names = append(names, b)
		}
		for _, a := range defs.BuiltinAliases(b) {
			if !slices.Contains(names, a) {
				names = append(names, a)
			}
		}
	}
	for n := range u.variants {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for n := range u.sections {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// run reads and carries out commands from in until quit or the end of the input, then
// lets a perft count finish and stops a search.
func (u *session) run(in io.Reader) {
	protocol.ReadCommands(in, u.handle, u.lineTooLong)
	u.finishPerft()
	u.stopSearch()
}

// lineTooLong tells, as an info string, that a line was skipped.
func (u *session) lineTooLong(start string, n int64) {
	u.say("info string error: line too long (%d bytes, at most %d), skipped: %s", n, protocol.MaxLineBytes, truncate(start, 40))
}

// handle carries out one line; false means quit.
func (u *session) handle(line string) bool {
	f := strings.Fields(line)
	switch f[0] {
	case "uci":
		u.say("id name Chimera")
		u.say("id author the Chimera developers")
		for _, o := range u.options() {
			u.say("option name %s type %s", o.name, o.spec)
		}
		u.say("uciok")
	case "isready":
		u.say("readyok")
	case "ucinewgame":
		u.stopSearch()
		u.engine.Clear()
	case "setoption":
		u.stopSearch()
		u.setOption(line)
	case "position":
		u.stopSearch()
		u.position(f[1:])
	case "go":
		u.stopSearch()
		u.goCmd(f[1:])
	case "stop":
		u.stopSearch()
	case "ponderhit":
		// Pondering is not offered (Ponder is off): a ponderhit has nothing to switch.
	case "d":
		u.say("Fen: %s", u.pos.FEN())
	case "quit":
		return false
	default:
		u.say("info string unknown command: %s", truncate(line, 80))
	}
	return true
}

// engineOption is an option the engine offers: its name and the rest of its line from
// the type on ("combo default chess var chess ...").
type engineOption struct{ name, spec string }

// options are the options of the UCI engine, in the order "uci" lists them.
func (u *session) options() []engineOption {
	return []engineOption{
		{"UCI_Variant", fmt.Sprintf("combo default %s var %s", u.rs.Name, strings.Join(u.variantNames(), " var "))},
		{"VariantPath", "string default <empty>"},
		{"UCI_Chess960", "check default false"},
		{"Hash", "spin default 64 min 1 max 4096"},
		{"Threads", fmt.Sprintf("spin default 1 min 1 max %d", protocol.MaxThreads)},
		{"MultiPV", "spin default 1 min 1 max 256"},
		{"Skill Level", fmt.Sprintf("spin default %d min 1 max %d", search.MaxLevel, search.MaxLevel)},
		{"UCI_LimitStrength", "check default false"},
		{"UCI_Elo", fmt.Sprintf("spin default %d min %d max %d", search.MaxElo, search.MinElo, search.MaxElo)},
		{"Contempt", fmt.Sprintf("spin default %d min %d max %d", search.DefaultContempt, -search.MaxContempt, search.MaxContempt)},
		{"Ponder", "check default false"},
	}
}

func truncate(s string, n int) string { return protocol.Truncate(s, n) }

func (u *session) setOption(line string) {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "setoption"))
	if !strings.HasPrefix(rest, "name ") {
		u.say("info string setoption: expected 'setoption name NAME [value VALUE]'")
		return
	}
	rest = strings.TrimPrefix(rest, "name ")
	name, value := rest, ""
	if i := strings.Index(rest, " value "); i >= 0 {
		name, value = rest[:i], strings.TrimSpace(rest[i+len(" value "):])
	}
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "uci_variant":
		u.setVariant(value, true)
	case "variantpath":
		u.loadFiles(value)
	case "uci_chess960":
		u.chess960 = value == "true"
		u.setVariant(u.rs.Name, false)
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			u.say("info string Hash must be from 1 to 4096, found %q", value)
			return
		}
		u.hashMB = u.cfg.Caps.Hash(n)
		u.engine.Resize(u.hashMB)
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > protocol.MaxThreads {
			u.say("info string Threads must be from 1 to %d, found %q", protocol.MaxThreads, value)
			return
		}
		u.stopSearch()
		u.threads = n
		u.engine.SetThreads(n)
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 256 {
			u.say("info string MultiPV must be from 1 to 256, found %q", value)
			return
		}
		u.multiPV = n
	case "skill level", "skill_level":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > search.MaxLevel {
			u.say("info string Skill Level must be from 1 to %d, found %q", search.MaxLevel, value)
			return
		}
		u.level = n
	case "uci_limitstrength":
		u.limitElo = value == "true"
	case "uci_elo":
		n, err := strconv.Atoi(value)
		if err != nil || n < search.MinElo || n > search.MaxElo {
			u.say("info string UCI_Elo must be from %d to %d, found %q", search.MinElo, search.MaxElo, value)
			return
		}
		u.elo = n
	case "contempt":
		n, err := strconv.Atoi(value)
		if err != nil || n < -search.MaxContempt || n > search.MaxContempt {
			u.say("info string Contempt must be from %d to %d, found %q", -search.MaxContempt, search.MaxContempt, value)
			return
		}
		u.contempt = n
	case "ponder":
	default:
		u.say("info string unknown option %q", truncate(name, 40))
	}
}

// loadFiles reads definition files (separated by ';' or the system's list separator).
func (u *session) loadFiles(value string) {
	for _, path := range strings.FieldsFunc(value, func(r rune) bool { return r == ';' || r == filepath.ListSeparator }) {
		path = strings.TrimSpace(path)
		if path == "" || path == "<empty>" {
			continue
		}
		if strings.EqualFold(filepath.Ext(path), ".ini") {
			u.loadINI(path)
			continue
		}
		rs, err := interpreter.Open(path)
		if err == nil {
			err = protocol.TwoSided(rs)
		}
		if err != nil {
			u.say("info string VariantPath %s: %s", path, strings.ReplaceAll(err.Error(), "\n", "; "))
			continue
		}
		u.variants[rs.Name] = rs
		u.say("info string loaded variant %s from %s", rs.Name, path)
	}
}

// loadINI reads every section of a Fairy-Stockfish variants.ini (as Fairy-Stockfish's
// VariantPath does): each one imported is offered under its name, and compiled when it
// is first chosen; each refused is told with why, on a line of its own.
func (u *session) loadINI(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		u.say("info string VariantPath %s: %v", path, err)
		return
	}
	var loaded []string
	refused := 0
	for _, section := range defs.INISections(data) {
		def, err := defs.Load(path + ":" + section)
		if err != nil {
			refused++
			u.say("info string VariantPath %s: [%s] not loaded: %s", path, section, strings.ReplaceAll(err.Error(), "\n", "; "))
			continue
		}
		delete(u.variants, def.Name) // a variant loaded before under this name gives way
		u.sections[def.Name] = def
		loaded = append(loaded, def.Name)
	}
	u.say("info string loaded %d variants from %s (%d sections not loaded): %s", len(loaded), path, refused, strings.Join(loaded, " "))
}

// setVariant switches to the named variant (chess960 when UCI_Chess960 asks for it in
// chess) and announces it.
func (u *session) setVariant(name string, announce bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if _, loaded := u.variants[name]; !loaded {
		if builtin, ok := defs.BuiltinName(name); ok {
			name = builtin // an alias: Fairy-Stockfish's normal is chess
		}
	}
	if u.chess960 {
		if v := uciChess960Of(name); v != "" {
			name = v // UCI_Chess960: the built-in played as this game with it set
		}
	}
	rs := u.variants[name]
	if def := u.sections[name]; rs == nil && def != nil {
		// A section of a variants.ini, compiled now.
		built, err := interpreter.Build(def)
		if err == nil {
			err = protocol.TwoSided(built)
		}
		if err != nil {
			u.say("info string %s: %s", name, strings.ReplaceAll(err.Error(), "\n", "; "))
			return
		}
		delete(u.sections, name)
		u.variants[name], rs = built, built
	}
	if rs == nil {
		var err error
		if rs, err = protocol.OpenBuiltin(name); err != nil {
			if seats := (*interpreter.SeatsError)(nil); errors.As(err, &seats) {
				u.say("info string %v", err)
				return
			}
			u.say("info string unknown variant %q (variants: %s)", truncate(name, 40), strings.Join(u.variantNames(), " "))
			return
		}
	}
	p, err := interpreter.Start(rs, "")
	if err != nil {
		u.say("info string %s: %v", name, err)
		return
	}
	u.rs = rs
	u.engine = u.cfg.Engine(rs, u.hashMB)
	u.engine.SetThreads(u.threads)
	u.pos, u.refused = p, ""
	if announce {
		pocket := 0
		if rs.Hands != nil {
			pocket = rs.NumPieces()
		}
		u.say("info string variant %s files %d ranks %d pocket %d template fairy startpos %s", rs.Name, rs.Files, rs.Ranks, pocket, p.FEN())
	}
}

// position sets up "startpos" or "fen FEN", then plays "moves ...".
func (u *session) position(args []string) {
	refuse := u.refusePosition
	if len(args) == 0 {
		refuse("expected startpos or fen FEN")
		return
	}
	var p *interpreter.Position
	var err error
	rest := args[1:]
	switch args[0] {
	case "startpos":
		p, err = interpreter.Start(u.rs, "")
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		p, err = interpreter.FromFEN(u.rs, strings.Join(rest[:i], " "))
		rest = rest[i:]
	default:
		refuse("expected startpos or fen FEN, found %q", truncate(args[0], 40))
		return
	}
	var fe *interpreter.FENError
	if errors.As(err, &fe) && u.positionAsSent != "" {
		refuse("%s: %s", u.positionAsSent, fe.Msg)
		return
	}
	if err != nil {
		refuse("%v", err)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			refuse("expected moves after the position, found %q", truncate(rest[0], 40))
			return
		}
		for i, s := range rest[1:] {
			m, err := p.ParseMove(s)
			if err != nil {
				if i < len(u.movesAsSent) && u.movesAsSent[i] != s {
					refuse("move %d, %s (%s in Chimera's coordinates): %v", i+1, truncate(u.movesAsSent[i], 20), s, err)
					return
				}
				refuse("%v", err)
				return
			}
			p.Make(m)
		}
	}
	u.pos, u.refused = p, ""
}

// refusePosition tells why a position line is refused, and keeps it for go: the GUI
// believes the position set, so a move of the one before would be a move of the wrong
// position (maybe for the wrong side).
func (u *session) refusePosition(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	u.say("info string position: %s", msg)
	u.refused = msg
}

// noPosition answers go after a refused position: no move, with the reason.
func (u *session) noPosition() {
	u.say("info string go: no position to search, the last position was refused (%s): send one that can be played", truncate(u.refused, 120))
}

// maxMillis is the longest time in milliseconds a go command's times are taken as (about
// 115 days): a longer one would overflow a duration.
const maxMillis = 10_000_000_000

// goCmd starts a search (or counts perft) with the limits given.
func (u *session) goCmd(args []string) {
	var lim search.Limits
	lim.MultiPV = u.multiPV
	lim.Level = u.level
	lim.Contempt = u.contempt
	if u.limitElo {
		lim.Level = search.LevelForElo(u.elo)
	}
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			u.say("info string go %s: missing number", args[i])
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			u.say("info string go %s: %q is not a number", args[i], truncate(args[i+1], 20))
			return 0, false
		}
		return n, true
	}
	ms := func(n int64) time.Duration { return time.Duration(min(n, maxMillis)) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "perft":
			n, ok := num(i)
			if !ok {
				return
			}
			if u.cfg.Caps.Perft > 0 {
				n = min(n, int64(u.cfg.Caps.Perft))
			}
			u.startPerft(int(min(n, 20)))
			return
		case "infinite":
			lim.Infinite = true
		case "ponder":
		case "searchmoves":
			for i+1 < len(args) {
				m, err := u.pos.ParseMove(args[i+1])
				if err != nil {
					break
				}
				lim.SearchMovesOnly = append(lim.SearchMovesOnly, m)
				i++
			}
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate":
			n, ok := num(i)
			if !ok {
				return
			}
			if args[i] != "depth" && args[i] != "mate" && args[i] != "nodes" && args[i] != "movestogo" && n > maxMillis {
				// A time that would overflow a duration: taken as the longest, and said.
				u.say("info string go %s %d: taken as %d ms, the longest time Chimera counts", args[i], n, int64(maxMillis))
				n = maxMillis
			}
			switch args[i] {
			case "depth":
				lim.Depth = int(min(n, 100))
			case "mate":
				lim.Depth = int(min(2*n+1, 100))
			case "nodes":
				lim.Nodes = n
			case "movetime":
				lim.MoveTime = ms(n)
			case "wtime":
				lim.Time[compiler.White] = ms(n)
			case "btime":
				lim.Time[compiler.Black] = ms(n)
			case "winc":
				lim.Inc[compiler.White] = ms(n)
			case "binc":
				lim.Inc[compiler.Black] = ms(n)
			case "movestogo":
				lim.MovesToGo = int(n)
			}
			i++
		default:
			u.say("info string go: unknown parameter %q", truncate(args[i], 20))
		}
	}
	if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.Time == [2]time.Duration{} && !lim.Infinite {
		lim.Infinite = true // a bare "go" searches until "stop"
	}
	lim = u.cfg.Caps.Bound(lim)
	refused := u.refused != ""
	if refused {
		u.noPosition()
	}
	p := u.pos.Clone()
	e := u.engine
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	u.done, u.cancel = done, cancel
	go func() {
		defer close(done)
		if refused || len(p.LegalMoves(nil)) == 0 {
			if lim.Infinite {
				<-ctx.Done() // no move to search: bestmove waits for stop all the same
			}
			u.say("bestmove (none)")
			return
		}
		// Under fog of war, the fog player (protocol.Move).
		res := protocol.Move(ctx, e, p, lim, func(in search.Info) { u.info(p, in) })
		if res.Ponder != interpreter.NoMove {
			q := p.Clone()
			q.Make(res.Best)
			u.tellHooks(p)
			u.say("bestmove %s ponder %s", p.Coord(res.Best), q.Coord(res.Ponder))
			return
		}
		u.tellHooks(p)
		u.say("bestmove %s", p.Coord(res.Best))
	}()
}

// stopSearch stops the running search or perft, if any, and waits until it has answered.
func (u *session) stopSearch() {
	if u.done == nil {
		return
	}
	u.cancel()
	<-u.done
	u.done, u.cancel, u.counting = nil, nil, false
}

// finishPerft waits for a running go perft count to end by itself: at quit or the end of
// the input the count is given whole, as Stockfish gives it (it counts before reading
// on). Until then stop ends it with what it reached, and isready is answered at once.
func (u *session) finishPerft() {
	if u.done == nil || !u.counting {
		return
	}
	<-u.done
	u.cancel()
	u.done, u.cancel, u.counting = nil, nil, false
}

// info writes one search report as a UCI info line.
func (u *session) info(p *interpreter.Position, in search.Info) {
	score := fmt.Sprintf("cp %d", in.Score)
	switch {
	case in.Score >= search.Mate-search.MateSpan:
		score = fmt.Sprintf("mate %d", (search.Mate-in.Score+1)/2)
	case in.Score <= -search.Mate+search.MateSpan:
		score = fmt.Sprintf("mate -%d", (search.Mate+in.Score)/2)
	}
	ms := max(in.Time.Milliseconds(), 1)
	var pv []string
	q := p.Clone()
	for _, m := range in.PV {
		if !q.IsLegal(m) {
			break
		}
		pv = append(pv, q.Coord(m))
		q.Make(m)
	}
	u.say("info depth %d seldepth %d multipv %d score %s nodes %d nps %d time %d pv %s",
		in.Depth, in.SelDepth, max(in.MultiPV, 1), score, in.Nodes, in.Nodes*1000/ms, ms, strings.Join(pv, " "))
}

// startPerft counts perft in the background, as a search runs: the count under each root
// move as it is done, then the total, as Fairy-Stockfish prints them. Stopped, it gives
// the root moves counted in full and their total, marked partial.
func (u *session) startPerft(depth int) {
	if depth < 1 {
		u.say("info string go perft: depth must be at least 1")
		return
	}
	if u.refused != "" {
		u.noPosition()
		return
	}
	p := u.pos.Clone()
	// Move names are written before the count: Coord works on p, which the count's
	// workers clone while it runs.
	moves := p.LegalMoves(nil)
	names := make(map[interpreter.Move]string, len(moves))
	for _, m := range moves {
		names[m] = p.Coord(m)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	u.done, u.cancel, u.counting = done, cancel, true
	go func() {
		defer close(done)
		var total int64
		entries, err := perft.DivideContext(ctx, p, depth, 1, perft.Watch{OnDone: func(e perft.DivideEntry) {
			u.say("%s: %d", names[e.Move], e.Nodes)
		}})
		for _, e := range entries {
			total += e.Nodes
		}
		u.say("")
		if err != nil {
			u.say("Nodes searched (partial, %d of %d root moves): %d", len(entries), len(moves), total)
		} else {
			u.say("Nodes searched: %d", total)
		}
		u.tellHooks(p)
	}()
}

// tellHooks reports, in one info string each, the hooks that failed in p's games and
// were not reported before: a GUI shows no standard error, and a failed hook counted as
// false changes what the engine plays.
func (u *session) tellHooks(p *interpreter.Position) {
	for _, f := range p.HookFailures() {
		u.mu.Lock()
		told := u.hooksTold[f.Hook]
		if u.hooksTold == nil {
			u.hooksTold = map[*compiler.Hook]bool{}
		}
		u.hooksTold[f.Hook] = true
		u.mu.Unlock()
		if !told {
			msg, _, _ := strings.Cut(f.Message(), "\n") // without the snippet: one line
			u.say("info string hook error: %s", msg)
		}
	}
}

// uciDefault is UCI's own game: the built-in a UCI engine plays without UCI_Variant (its
// definition's uci.default).
func uciDefault() string {
	return defs.BuiltinWhere(func(d *defs.Definition) bool { return d.UCI != nil && d.UCI.Default })
}

// uciChess960Of is the built-in played as the game name with UCI_Chess960 set, or "".
func uciChess960Of(name string) string {
	return defs.BuiltinWhere(func(d *defs.Definition) bool { return d.UCI != nil && d.UCI.Chess960 && d.UCI.Variant == name })
}

// searching reports whether a search started by go has not yet given its move.
func (u *session) searching() bool {
	if u.done == nil {
		return false
	}
	select {
	case <-u.done:
		return false
	default:
		return true
	}
}
