// Engine specifications: a command line with an optional protocol prefix (uci:, usi:, ucci:, xboard:, xboard-usi:).

package match

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Protocol is the way an engine is spoken to.
type Protocol int

// Protocols. Detect sends "uci" and waits for "uciok"; without it the engine is spoken
// to as an XBoard engine. USI and UCCI are UCI's dialects (their own squares, position
// strings and resignations); XBoardUSI is XBoard's protocol with USI's squares (9i, P*5e).
const (
	Detect Protocol = iota
	UCI
	XBoard
	USI
	UCCI
	XBoardUSI
)

var protocolPrefixes = []struct {
	prefix string
	proto  Protocol
}{{"uci:", UCI}, {"usi:", USI}, {"ucci:", UCCI}, {"xboard:", XBoard}, {"cecp:", XBoard}, {"xboard-usi:", XBoardUSI}}

func (p Protocol) String() string {
	switch p {
	case UCI:
		return "uci"
	case XBoard:
		return "xboard"
	case USI:
		return "usi"
	case UCCI:
		return "ucci"
	case XBoardUSI:
		return "xboard-usi"
	}
	return "detect"
}

// uciFamily reports whether the protocol is UCI or one of its dialects.
func (p Protocol) uciFamily() bool { return p == UCI || p == USI || p == UCCI }

// EngineSpec says how to start an engine.
type EngineSpec struct {
	Args     []string // the program and its arguments
	Protocol Protocol
	Name     string // the name to use in place of the one the engine gives, or ""
	// Options are set as the engine starts, after the variant: UCI's setoption (in the
	// dialect's form), XBoard's option NAME=VALUE.
	Options []EngineOption
}

// EngineOption is an engine option's name and value.
type EngineOption struct{ Name, Value string }

// ParseEngine reads an engine command line with an optional protocol prefix: "uci:",
// "usi:", "ucci:", "xboard:" (or "cecp:"), "xboard-usi:"; else the protocol is detected. The
// command is split into words as a shell does for quotes and backslashes ('a b', "a b",
// a\ b), without expansions, pipes or redirections; the first word is the program, run
// directly (not through a shell).
func ParseEngine(s string) (EngineSpec, error) {
	var spec EngineSpec
	t := strings.TrimSpace(s)
	for _, p := range protocolPrefixes {
		if strings.HasPrefix(t, p.prefix) {
			spec.Protocol, t = p.proto, t[len(p.prefix):]
			break
		}
	}
	args, err := SplitCommand(t)
	if err != nil {
		return spec, err
	}
	if len(args) == 0 {
		return spec, fmt.Errorf("engine %q: empty command", s)
	}
	spec.Args = args
	return spec, nil
}

// DisplayName is the name an engine goes by before it gives one: its program's base name.
func (e EngineSpec) DisplayName() string {
	if e.Name != "" {
		return e.Name
	}
	if len(e.Args) == 0 {
		return "?"
	}
	return filepath.Base(e.Args[0])
}

// SplitCommand splits a command line into words: blanks separate words; 'single quotes'
// keep everything up to the next single quote; "double quotes" keep everything up to the
// next unescaped double quote, where a backslash escapes \ " $ and `; elsewhere a
// backslash escapes the next character.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("command %q ends with a backslash", s)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("command %q: unclosed single quote", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("command %q: unclosed double quote", s)
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// TimeControl is a clock for each side, or a fixed time per move.
type TimeControl struct {
	Moves    int           // moves per period (0: the whole game); Base is added again after each period
	Base     time.Duration // the time of a period
	Inc      time.Duration // added after each move
	MoveTime time.Duration // when set: a fixed time for each move, and no clocks
	// Nodes and Depth, when set: a fixed search for each move ("go nodes N", "go depth D";
	// XBoard: "sd D"), and no clocks. The referee waits Config.MoveTimeout for the move.
	// Chimera's own engine searches the same way every time with such a limit, so that
	// its games can be played again, on any machine and in any shard.
	Nodes int64
	Depth int
}

// searchLimit reports whether the time control is a fixed search (nodes, depth).
func (tc TimeControl) searchLimit() bool { return tc.Nodes > 0 || tc.Depth > 0 }

// fixed reports whether each move has a fixed budget (time, nodes, depth) and no clock.
func (tc TimeControl) fixed() bool { return tc.MoveTime > 0 || tc.searchLimit() }

// Text writes the time control in words: "50ms a move", "5000 nodes a move", "time
// control 10+0.1".
func (tc TimeControl) Text() string {
	switch {
	case tc.searchLimit():
		var parts []string
		if tc.Nodes > 0 {
			parts = append(parts, fmt.Sprintf("%d nodes", tc.Nodes))
		}
		if tc.Depth > 0 {
			parts = append(parts, fmt.Sprintf("depth %d", tc.Depth))
		}
		return strings.Join(parts, ", ") + " a move"
	case tc.MoveTime > 0:
		return fmt.Sprintf("%v a move", tc.MoveTime)
	}
	return "time control " + tc.String()
}

// ParseTimeControl reads [MOVES/]BASE[+INC]: BASE in seconds or as M:SS, INC in seconds,
// e.g. 10+0.1, 40/60, 2:00+1.
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %s (expected [MOVES/]BASE[+INC], e.g. 10+0.1, 40/60, 2:00+1)", s, why)
	}
	rest := strings.TrimSpace(s)
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n < 1 {
			return bad("bad number of moves")
		}
		tc.Moves, rest = n, rest[i+1:]
	}
	base, inc := rest, "0"
	if i := strings.IndexByte(rest, '+'); i >= 0 {
		base, inc = rest[:i], rest[i+1:]
	}
	secs := 0.0
	if i := strings.IndexByte(base, ':'); i >= 0 {
		m, err1 := strconv.Atoi(base[:i])
		sec, err2 := strconv.ParseFloat(base[i+1:], 64)
		if err1 != nil || err2 != nil || m < 0 || sec < 0 || sec >= 60 {
			return bad("bad M:SS")
		}
		secs = float64(m)*60 + sec
	} else {
		v, err := strconv.ParseFloat(base, 64)
		if err != nil || v != v {
			return bad("bad base time")
		}
		secs = v
	}
	incSecs, err := strconv.ParseFloat(inc, 64)
	if err != nil || incSecs != incSecs || incSecs < 0 || incSecs > 1e6 {
		return bad("bad increment")
	}
	if secs <= 0 || secs > 1e7 {
		return bad("the base time must be positive")
	}
	tc.Base = time.Duration(secs * float64(time.Second))
	tc.Inc = time.Duration(incSecs * float64(time.Second))
	return tc, nil
}

// String writes the time control as PGN's TimeControl tag does: 40/60, 10+0.1, 60,
// 1/0.05 for a fixed time per move, or "-" (no time control) for a fixed search.
func (tc TimeControl) String() string {
	if tc.searchLimit() {
		return "-" // PGN's "no time control"
	}
	if tc.MoveTime > 0 {
		return "1/" + secText(tc.MoveTime)
	}
	s := secText(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + secText(tc.Inc)
	}
	return s
}

func secText(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
