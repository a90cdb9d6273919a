// The usi command: the Universal Shogi Interface, spoken over the UCI session with SFEN and USI moves translated both ways.
package cli

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"chimera/defs"
	"chimera/engine/usi"
)

var usiCommand = &command{
	name:    "usi",
	args:    "",
	summary: "run as a USI engine (the Universal Shogi Interface)",
	details: `Speaks the Universal Shogi Interface on standard input and output, as USI GUIs
expect: usi, isready, usinewgame, position startpos|sfen SFEN [moves ...], go (btime,
wtime, byoyomi, binc, winc, depth, nodes, movetime, infinite, perft N), stop,
ponderhit, gameover, quit. The variant is USI's own game (the built-in whose
definition says usi: {default: true}) unless setoption name USI_Variant (or
UCI_Variant) value NAME picks another built-in.

Positions are SFEN (b, the side that moves first, is White in Chimera's FEN) and
moves USI's (7g7f, 7g7f+, P*5e); "bestmove resign" when the side to move has no
move. Everything else is Chimera's UCI engine, as "chimera uci" describes it.`,
	examples: []string{
		"chimera usi",
		`printf 'usi\nposition startpos moves 7g7f 3c3d\ngo byoyomi 1000\nquit\n' | chimera usi`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			s := newUSI(c.out)
			readCommands(c.in, s.handle)
			s.u.stopSearch()
			return exitOK
		}
	},
}

// usiSession translates USI to the UCI session and its answers back.
type usiSession struct {
	u   *uci
	out *usiWriter
}

func newUSI(out io.Writer) *usiSession {
	w := &usiWriter{out: out}
	s := &usiSession{out: w}
	s.u = newUCI(w, engineCaps{})
	s.selectVariant(defs.BuiltinWhere(func(d *defs.Definition) bool { return d.USI != nil && d.USI.Default }))
	return s
}

// selectVariant switches the UCI session's variant and the board the moves are converted on.
func (s *usiSession) selectVariant(name string) {
	s.u.setVariant(name, false)
	s.out.setBoard(usi.Board{Files: s.u.rs.Files, Ranks: s.u.rs.Ranks}, s.u.rs.Hands != nil)
}

// handle carries out one USI line; false means quit.
func (s *usiSession) handle(line string) bool {
	f := strings.Fields(line)
	switch f[0] {
	case "usi":
		s.u.say("id name Chimera")
		s.u.say("id author the Chimera developers")
		s.u.say("option name USI_Variant type combo default %s %s", s.u.rs.Name, "var "+strings.Join(s.u.variantNames(), " var "))
		s.u.say("option name USI_Hash type spin default 64 min 1 max 4096")
		s.u.say("option name Threads type spin default 1 min 1 max %d", maxThreads)
		s.u.say("option name USI_Ponder type check default false")
		s.u.say("usiok")
		return true
	case "usinewgame":
		return s.u.handle("ucinewgame")
	case "gameover":
		s.u.stopSearch()
		return true
	case "setoption":
		name, value := optionParts(line)
		switch strings.ToLower(name) {
		case "usi_variant", "uci_variant":
			s.u.stopSearch()
			s.selectVariant(value)
			return true
		case "usi_hash":
			return s.u.handle("setoption name Hash value " + value)
		case "usi_ponder":
			return true
		}
		return s.u.handle(line)
	case "position":
		return s.position(f[1:])
	case "go":
		return s.u.handle("go " + strings.Join(goArgs(f[1:]), " "))
	}
	return s.u.handle(line)
}

// optionParts reads "setoption name NAME [value VALUE]".
func optionParts(line string) (name, value string) {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "setoption"))
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "name"))
	name, value, _ = strings.Cut(rest, " value ")
	return strings.TrimSpace(name), strings.TrimSpace(value)
}

// position translates "startpos" or "sfen SFEN", and the moves after them.
func (s *usiSession) position(args []string) bool {
	b, pools := s.out.board()
	var out []string
	rest := args
	switch {
	case len(args) > 0 && args[0] == "sfen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen, err := b.FENFromSFEN(strings.Join(args[1:i], " "), pools)
		if err != nil {
			s.u.say("info string position: %v", err)
			return true
		}
		out, rest = []string{"fen", fen}, args[i:]
	case len(args) > 0:
		out, rest = []string{args[0]}, args[1:]
	}
	for i, m := range rest {
		if i > 0 {
			m = b.MoveFromUSI(m)
		}
		out = append(out, m)
	}
	return s.u.handle("position " + strings.Join(out, " "))
}

// goArgs translates go's limits: USI's btime and binc are the first player's, Chimera's
// White; byoyomi, the time each move may take once the main time is spent, is added to
// both sides' increments.
func goArgs(args []string) []string {
	swap := map[string]string{"btime": "wtime", "wtime": "btime", "binc": "winc", "winc": "binc"}
	var out []string
	byoyomi := ""
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "byoyomi" && i+1 < len(args):
			byoyomi = args[i+1]
			i++
		case swap[a] != "":
			out = append(out, swap[a])
		default:
			out = append(out, a)
		}
	}
	if byoyomi != "" && byoyomi != "0" {
		if !contains(out, "wtime") && !contains(out, "btime") {
			out = append(out, "movetime", byoyomi)
		} else if !contains(out, "winc") && !contains(out, "binc") {
			out = append(out, "winc", byoyomi, "binc", byoyomi)
		}
	}
	return out
}

// usiWriter rewrites the UCI session's lines as USI's: moves in bestmove, in info's pv and
// in perft's counts; "bestmove (none)" as "bestmove resign".
type usiWriter struct {
	mu      sync.Mutex
	out     io.Writer
	b       usi.Board
	pools   bool
	pending []byte
}

func (w *usiWriter) setBoard(b usi.Board, pools bool) {
	w.mu.Lock()
	w.b, w.pools = b, pools
	w.mu.Unlock()
}

func (w *usiWriter) board() (usi.Board, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b, w.pools
}

func (w *usiWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = append(w.pending, p...)
	for {
		i := bytes.IndexByte(w.pending, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := w.translate(string(w.pending[:i]))
		w.pending = w.pending[i+1:]
		if _, err := io.WriteString(w.out, line+"\n"); err != nil {
			return len(p), err
		}
	}
}

// translate rewrites one line (w.mu held).
func (w *usiWriter) translate(line string) string {
	f := strings.Fields(line)
	switch {
	case len(f) == 0:
		return line
	case f[0] == "bestmove":
		if len(f) > 1 && f[1] == "(none)" {
			return "bestmove resign"
		}
		for i := 1; i < len(f); i++ {
			if f[i] != "ponder" {
				f[i] = w.b.MoveToUSI(f[i])
			}
		}
		return strings.Join(f, " ")
	case f[0] == "info" && len(f) > 1 && f[1] != "string":
		for i := 1; i < len(f); i++ {
			if f[i] == "pv" {
				for j := i + 1; j < len(f); j++ {
					f[j] = w.b.MoveToUSI(f[j])
				}
				break
			}
		}
		return strings.Join(f, " ")
	case len(f) == 2 && strings.HasSuffix(f[0], ":") && f[0] != "Nodes":
		return w.b.MoveToUSI(strings.TrimSuffix(f[0], ":")) + ": " + f[1]
	case f[0] == "Fen:":
		return "Sfen: " + w.b.SFENFromFEN(strings.TrimSpace(strings.TrimPrefix(line, "Fen:")))
	}
	return line
}
