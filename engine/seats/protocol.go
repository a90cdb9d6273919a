// The seats protocol: a line protocol, modelled on UCI, in which a referee asks an engine
// for the move of the seat to move in a game of seats (docs/seats-protocol.md).

package seats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/engine/protocol"
	"chimera/interpreter"
)

// maxProtocolMoves bounds the moves of one position command (a game of seats is capped
// far below it), so that memory stays bounded on any input.
const maxProtocolMoves = 100000

// Server answers the seats protocol: Open finds a variant (a built-in's name or a path),
// Name is the engine's name in its id line; the variant, when set, is the one played
// until a variant command names another.
type Server struct {
	Open    func(name string) (*compiler.Ruleset, error)
	Name    string
	Variant *compiler.Ruleset

	searcher *Searcher
	table    *interpreter.Table
	out      *bufio.Writer
	err      error // the first failed write
}

// Serve reads commands from in and answers on out until quit or the end of in. A command
// it cannot follow, or a line longer than protocol.MaxLineBytes, is answered by an
// "error" line saying why, and the engine goes on; it returns the first failed write.
func (s *Server) Serve(in io.Reader, out io.Writer) error {
	s.out = bufio.NewWriter(out)
	protocol.ReadCommands(in, func(line string) bool {
		fields := strings.Fields(line)
		if fields[0] == "quit" {
			return false
		}
		if err := s.command(fields); err != nil {
			s.say("error %s: %v", fields[0], err)
		}
		s.flush()
		return s.err == nil
	}, func(start string, n int64) {
		s.say("error: line too long (%d bytes, at most %d), skipped: %s", n, protocol.MaxLineBytes, protocol.Truncate(start, 40))
		s.flush()
	})
	s.flush()
	return s.err
}

func (s *Server) flush() {
	if err := s.out.Flush(); err != nil && s.err == nil {
		s.err = err
	}
}

func (s *Server) say(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
}

// command follows one command line.
func (s *Server) command(f []string) error {
	switch f[0] {
	case "seats":
		s.say("id name %s", s.Name)
		if s.Variant != nil {
			s.say("variant %s", s.Variant.Name)
		}
		s.say("seatsok")
	case "isready":
		s.say("readyok")
	case "variant":
		if len(f) != 2 {
			return fmt.Errorf("expected variant NAME (a built-in game of seats or a definition's path)")
		}
		rs, err := s.Open(f[1])
		if err != nil {
			return err
		}
		if rs.Seats == nil {
			return fmt.Errorf("%s is played by two sides, not by seats (use a UCI or XBoard engine)", rs.Name)
		}
		s.Variant, s.searcher, s.table = rs, nil, nil
	case "newgame":
		s.searcher, s.table = nil, nil
	case "position":
		s.table = nil // a refused position leaves none: go then says so
		return s.position(f[1:])
	case "go":
		return s.search(f[1:])
	default:
		return fmt.Errorf("unknown command (seats, isready, variant, newgame, position, go, quit)")
	}
	return nil
}

// position sets the table: "startpos" or "fen FEN" (the Table's notation, one word), then
// optionally "moves" and the moves played from it.
func (s *Server) position(f []string) error {
	if s.Variant == nil {
		return fmt.Errorf("no variant yet: send variant NAME first")
	}
	if len(f) == 0 {
		return fmt.Errorf("expected position startpos or position fen FEN, then moves M...")
	}
	var t *interpreter.Table
	var err error
	rest := f[1:]
	switch f[0] {
	case "startpos":
		t, err = interpreter.StartTable(s.Variant, "")
	case "fen":
		if len(f) < 2 {
			return fmt.Errorf("expected a FEN after fen")
		}
		rest = f[2:]
		t, err = interpreter.NewTable(s.Variant, f[1])
	default:
		return fmt.Errorf("expected startpos or fen, found %q", f[0])
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("expected moves after the position, found %q", rest[0])
		}
		if len(rest)-1 > maxProtocolMoves {
			return fmt.Errorf("%d moves: at most %d", len(rest)-1, maxProtocolMoves)
		}
		for i, text := range rest[1:] {
			m, err := t.ParseMove(text)
			if err == nil {
				err = t.Make(m)
			}
			if err != nil {
				return fmt.Errorf("move %d: %w", i+1, err)
			}
		}
	}
	s.table = t
	return nil
}

// search answers go [nodes N] [depth D] [movetime MS]: an info line and the best move of
// the seat to move, written with its seat's letter (r:h2h4).
func (s *Server) search(f []string) error {
	if s.table == nil {
		return fmt.Errorf("no position: send a position the engine accepts first")
	}
	if r := s.table.Result(); r.Over {
		return fmt.Errorf("the game is over (%s): no move to search", r.Reason)
	}
	var lim Limits
	for i := 0; i < len(f); i += 2 {
		if i+1 >= len(f) {
			return fmt.Errorf("%s needs a value", f[i])
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("%s %s: expected a positive whole number", f[i], f[i+1])
		}
		switch f[i] {
		case "nodes":
			lim.Nodes = n
		case "depth":
			if n > maxPly/2 {
				return fmt.Errorf("depth %d: at most %d", n, maxPly/2)
			}
			lim.Depth = int(n)
		case "movetime":
			if n > int64(24*time.Hour/time.Millisecond) {
				return fmt.Errorf("movetime %d: at most a day", n)
			}
			lim.Time = time.Duration(n) * time.Millisecond
		default:
			return fmt.Errorf("unknown limit %q (nodes, depth, movetime)", f[i])
		}
	}
	if lim.Nodes == 0 && lim.Depth == 0 && lim.Time == 0 {
		lim.Nodes = 2000
	}
	if s.searcher == nil {
		s.searcher = NewSearcher(s.Variant)
	}
	info := s.searcher.Best(s.table, lim)
	letter := string(s.Variant.Seats.Letter(s.table.Mover()))
	s.say("info depth %d nodes %d score %d", info.Depth, info.Nodes, info.Score)
	s.say("bestmove %s:%s", letter, s.table.Coord(info.Move))
	return nil
}
