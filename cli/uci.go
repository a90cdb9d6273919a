// The uci command: the Universal Chess Interface with Fairy-Stockfish's variant extensions.
package cli

import (
	"bufio"
	stdcontext "context"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/engine/search"
	"chimera/interpreter"
)

var uciCommand = &command{
	name:    "uci",
	args:    "",
	summary: "run as a UCI engine (with Fairy-Stockfish's variant options)",
	details: `Speaks the Universal Chess Interface on standard input and output, as GUIs and
match programs expect, with the extensions of Fairy-Stockfish so that programs written
for it drive Chimera unchanged:

  setoption name UCI_Variant value NAME   a built-in (name or alias) or loaded variant
  setoption name VariantPath value FILES  load definition files (separated by ';')
  setoption name UCI_Chess960 value true  Chess960 castling notation in chess
  go perft N                              per-move counts and "Nodes searched: N"

Moves are in coordinate notation (e2e4, e7e8q, drops P@e4, exchanges B-N@g7). On a
variant change the engine says "info string variant NAME files W ranks H pocket N
template fairy startpos FEN". A line it cannot carry out gets "info string" with the
reason, and the engine goes on.

As in Fairy-Stockfish, setoption name Protocol value usi|ucci switches to the Universal
Shogi Interface or the Universal Chinese Chess Protocol (as "chimera usi" and "chimera
ucci" speak them), and the command usi or ucci switches to it with its own game.

go perft N runs in the background, as a search does: isready is answered at once, and
stop (or quit) ends the count early with the root moves counted in full and "Nodes
searched (partial, K of N root moves): TOTAL".

` + lineBoundHelp(`"info string error: line too long (...)"`),
	examples: []string{
		"chimera uci",
		`printf 'uci\nsetoption name UCI_Variant value crazyhouse\nposition startpos moves e2e4\ngo depth 6\nquit\n' | chimera uci`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			newProtoSession(c.out, engineCaps{}, protoUCI).run(c.in)
			return exitOK
		}
	},
}

// uci is one UCI session.
type uci struct {
	mu       sync.Mutex // guards out and hooksTold
	out      io.Writer
	variants map[string]*compiler.Ruleset // loaded files
	rs       *compiler.Ruleset
	pos      *interpreter.Position
	engine   *search.Engine
	hashMB   int
	threads  int
	multiPV  int
	chess960 bool
	caps     engineCaps
	done     chan struct{} // closed when the running search or perft ends; nil: none runs
	cancel   func()        // stops the running search or perft
	// hooksTold are the hooks whose failure was told in an info string (once each);
	// guarded by mu.
	hooksTold map[*compiler.Hook]bool
}

func newUCI(out io.Writer, caps engineCaps) *uci {
	u := &uci{out: out, variants: map[string]*compiler.Ruleset{}, hashMB: caps.hash(64), threads: 1, multiPV: 1, caps: caps}
	u.setVariant(uciDefault(), false)
	return u
}

func (u *uci) say(format string, args ...any) {
	u.mu.Lock()
	defer u.mu.Unlock()
	fmt.Fprintf(u.out, format+"\n", args...)
}

// variantNames lists the built-ins, their aliases and the loaded variants, sorted.
func (u *uci) variantNames() []string {
	names := append([]string(nil), defs.Builtins()...)
	for _, b := range defs.Builtins() {
		for _, a := range defs.BuiltinAliases(b) {
			if !contains(names, a) {
				names = append(names, a)
			}
		}
	}
	for n := range u.variants {
		if !contains(names, n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (u *uci) run(in io.Reader) {
	readCommands(in, u.handle, u.lineTooLong)
	u.stopSearch()
}

// lineTooLong tells, as an info string, that a line was skipped.
func (u *uci) lineTooLong(start string, n int64) {
	u.say("info string error: line too long (%d bytes, at most %d), skipped: %s", n, maxLineBytes, truncate(start, 40))
}

// maxLineBytes bounds a protocol input line (without its line ending). A longer line is
// skipped, told in the protocol's error form, and the session goes on.
const maxLineBytes = 1 << 20

// lineBoundHelp states the bound in a protocol command's help, with form, the error line.
func lineBoundHelp(form string) string {
	return "An input line may be up to 1 MiB (1,048,576 bytes) long, its ending not counted; a longer one is skipped with " + form + ", and the engine goes on with the next."
}

// readCommands hands each non-empty line of a protocol's input, trimmed, to handle until
// it returns false (quit) or the input ends. A line longer than maxLineBytes is not kept:
// tooLong gets its first bytes and its length, and reading goes on after it.
func readCommands(in io.Reader, handle func(line string) bool, tooLong func(start string, n int64)) {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte // the line's first maxLineBytes+1 bytes at most
	var n int64     // the line's length so far, its ending included
	var last byte   // the byte before this chunk
	for {
		chunk, err := r.ReadSlice('\n')
		if room := maxLineBytes + 1 - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		n += int64(len(chunk))
		if err == bufio.ErrBufferFull {
			last = chunk[len(chunk)-1]
			continue
		}
		if err == nil { // the chunk ends with the newline: the ending is \n or \r\n
			n--
			if len(chunk) >= 2 && chunk[len(chunk)-2] == '\r' || len(chunk) == 1 && last == '\r' {
				n--
			}
		}
		if n > maxLineBytes {
			tooLong(string(line[:min(len(line), 100)]), n)
		} else if text := strings.TrimSpace(string(line)); text != "" && !handle(text) {
			return
		}
		if err != nil {
			return // the end of the input, or a failed read
		}
		line, n, last = line[:0], 0, 0
	}
}

// handle carries out one line; false means quit.
func (u *uci) handle(line string) bool {
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
func (u *uci) options() []engineOption {
	return []engineOption{
		{"UCI_Variant", fmt.Sprintf("combo default %s var %s", u.rs.Name, strings.Join(u.variantNames(), " var "))},
		{"VariantPath", "string default <empty>"},
		{"UCI_Chess960", "check default false"},
		{"Hash", "spin default 64 min 1 max 4096"},
		{"Threads", fmt.Sprintf("spin default 1 min 1 max %d", maxThreads)},
		{"MultiPV", "spin default 1 min 1 max 256"},
		{"Ponder", "check default false"},
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func (u *uci) setOption(line string) {
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
		u.hashMB = u.caps.hash(n)
		u.engine.Resize(u.hashMB)
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxThreads {
			u.say("info string Threads must be from 1 to %d, found %q", maxThreads, value)
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
	case "ponder":
	default:
		u.say("info string unknown option %q", truncate(name, 40))
	}
}

// loadFiles reads definition files (separated by ';' or the system's list separator).
func (u *uci) loadFiles(value string) {
	for _, path := range strings.FieldsFunc(value, func(r rune) bool { return r == ';' || r == filepath.ListSeparator }) {
		path = strings.TrimSpace(path)
		if path == "" || path == "<empty>" {
			continue
		}
		rs, err := interpreter.Open(path)
		if err != nil {
			u.say("info string VariantPath %s: %s", path, strings.ReplaceAll(err.Error(), "\n", "; "))
			continue
		}
		u.variants[rs.Name] = rs
		u.say("info string loaded variant %s from %s", rs.Name, path)
	}
}

// setVariant switches to the named variant (chess960 when UCI_Chess960 asks for it in
// chess) and announces it.
func (u *uci) setVariant(name string, announce bool) {
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
	if rs == nil {
		var err error
		if rs, err = openBuiltin(name); err != nil {
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
	u.engine = search.New(rs, u.hashMB)
	u.engine.SetThreads(u.threads)
	u.pos = p
	if announce {
		pocket := 0
		if rs.Hands != nil {
			pocket = rs.NumPieces()
		}
		u.say("info string variant %s files %d ranks %d pocket %d template fairy startpos %s", rs.Name, rs.Files, rs.Ranks, pocket, p.FEN())
	}
}

// position sets up "startpos" or "fen FEN", then plays "moves ...".
func (u *uci) position(args []string) {
	if len(args) == 0 {
		u.say("info string position: expected startpos or fen FEN")
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
		u.say("info string position: expected startpos or fen FEN, found %q", truncate(args[0], 40))
		return
	}
	if err != nil {
		u.say("info string position: %v", err)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			u.say("info string position: expected moves after the position, found %q", truncate(rest[0], 40))
			return
		}
		for _, s := range rest[1:] {
			m, err := p.ParseMove(s)
			if err != nil {
				u.say("info string position: %v", err)
				return
			}
			p.Make(m)
		}
	}
	u.pos = p
}

// goCmd starts a search (or counts perft) with the limits given.
func (u *uci) goCmd(args []string) {
	var lim search.Limits
	lim.MultiPV = u.multiPV
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
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "perft":
			n, ok := num(i)
			if !ok {
				return
			}
			if u.caps.perft > 0 {
				n = min(n, int64(u.caps.perft))
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
	lim = u.caps.bound(lim)
	p := u.pos.Clone()
	e := u.engine
	ctx, cancel := stdcontext.WithCancel(stdcontext.Background())
	done := make(chan struct{})
	u.done, u.cancel = done, cancel
	go func() {
		defer close(done)
		if len(p.LegalMoves(nil)) == 0 {
			if lim.Infinite {
				<-ctx.Done() // no move to search: bestmove waits for stop all the same
			}
			u.say("bestmove (none)")
			return
		}
		res := e.Search(ctx, p, lim, func(in search.Info) { u.info(p, in) })
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
func (u *uci) stopSearch() {
	if u.done == nil {
		return
	}
	u.cancel()
	<-u.done
	u.done, u.cancel = nil, nil
}

// info writes one search report as a UCI info line.
func (u *uci) info(p *interpreter.Position, in search.Info) {
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
func (u *uci) startPerft(depth int) {
	if depth < 1 {
		u.say("info string go perft: depth must be at least 1")
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
	ctx, cancel := stdcontext.WithCancel(stdcontext.Background())
	done := make(chan struct{})
	u.done, u.cancel = done, cancel
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
func (u *uci) tellHooks(p *interpreter.Position) {
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
func (u *uci) searching() bool {
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
