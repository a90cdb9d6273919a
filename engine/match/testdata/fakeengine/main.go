// Command fakeengine is a test engine for the match referee: it plays random legal moves
// (with Chimera's interpreter) in UCI or XBoard's protocol, and misbehaves on request at
// its Nth move of each game: an illegal move, a hang, a crash, a resignation, or (XBoard)
// refusing the opponent's move.
//
//	fakeengine [-proto uci|xboard] [-mode random|illegal|hang|crash|resign|reject] [-at N] [-name NAME] [-seed S] [-nosetboard]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

var (
	proto = flag.String("proto", "uci", "uci or xboard")
	mode  = flag.String("mode", "random", "random, illegal, hang, crash, resign, reject")
	at    = flag.Int("at", 1, "misbehave at this move of each game (from 1)")
	name  = flag.String("name", "Fake", "the name it gives")
	seed  = flag.Uint64("seed", 1, "random seed")
	noSet = flag.Bool("nosetboard", false, "XBoard: say setboard=0")
)

type engine struct {
	out     *bufio.Writer
	rs      *compiler.Ruleset
	pos     *interpreter.Position
	rng     *rand.Rand
	moves   int // made in this game
	force   bool
	usermv  bool
	hanging bool
}

func main() {
	flag.Parse()
	e := &engine{out: bufio.NewWriter(os.Stdout), rng: rand.New(rand.NewPCG(*seed, 7))}
	e.variant("chess")
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if f[0] == "quit" {
			return
		}
		if e.hanging {
			continue
		}
		if *proto == "uci" {
			e.uci(f, sc.Text())
		} else {
			e.xboard(f, sc.Text())
		}
		e.out.Flush()
	}
}

func (e *engine) say(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

func (e *engine) variant(n string) {
	if n == "normal" {
		n = "chess"
	}
	rs, err := interpreter.Open(n)
	if err != nil {
		e.say("info string unknown variant %s", n)
		return
	}
	e.rs = rs
	e.pos, _ = interpreter.Start(rs, "")
}

// choose picks this engine's move, misbehaving when it is time to.
func (e *engine) choose() (string, bool) {
	e.moves++
	if e.moves == *at {
		switch *mode {
		case "illegal":
			return "a1a1", true
		case "hang":
			e.hanging = true
			return "", false
		case "crash":
			os.Exit(3)
		case "resign":
			return "resign", true
		}
	}
	legal := e.pos.LegalMoves(nil)
	if len(legal) == 0 {
		return "(none)", true
	}
	m := legal[e.rng.IntN(len(legal))]
	s := e.pos.Coord(m)
	e.pos.Make(m)
	return s, true
}

func (e *engine) uci(f []string, line string) {
	switch f[0] {
	case "uci":
		e.say("id name %s", *name)
		e.say("option name UCI_Variant type combo default chess var chess var koopa var crazyhouse var capablanca")
		e.say("uciok")
	case "isready":
		e.say("readyok")
	case "setoption":
		if len(f) >= 5 && f[2] == "UCI_Variant" {
			e.variant(f[4])
		}
	case "ucinewgame":
		e.moves = 0
	case "position":
		rest := f[1:]
		if rest[0] == "startpos" {
			e.pos, _ = interpreter.Start(e.rs, "")
			rest = rest[1:]
		} else {
			i := 1
			for i < len(rest) && rest[i] != "moves" {
				i++
			}
			e.pos, _ = interpreter.FromFEN(e.rs, strings.Join(rest[1:i], " "))
			rest = rest[i:]
		}
		if len(rest) > 0 {
			for _, s := range rest[1:] {
				m, err := e.pos.ParseMove(s)
				if err != nil {
					e.say("info string bad move %s", s)
					return
				}
				e.pos.Make(m)
			}
		}
	case "go":
		if s, ok := e.choose(); ok {
			if s == "resign" {
				s = "0000"
			}
			e.say("info depth 1 score cp 12 pv %s", s)
			e.say("bestmove %s", s)
		}
	}
}

func (e *engine) xboard(f []string, line string) {
	switch f[0] {
	case "xboard":
	case "protover":
		set := 1
		if *noSet {
			set = 0
		}
		e.say(`feature myname="%s" usermove=1 setboard=%d ping=1 variants="normal,koopa,crazyhouse,capablanca" done=1`, *name, set)
	case "accepted", "rejected", "level", "st", "time", "otim", "post", "easy", "result":
		if f[0] == "accepted" && len(f) > 1 && f[1] == "usermove" {
			e.usermv = true
		}
		if f[0] == "result" {
			e.force = true
		}
	case "new":
		e.variant(e.rs.Name)
		e.force, e.moves = false, 0
	case "variant":
		e.variant(f[1])
	case "force":
		e.force = true
	case "setboard":
		p, err := interpreter.FromFEN(e.rs, strings.TrimSpace(strings.TrimPrefix(line, "setboard")))
		if err != nil {
			e.say("tellusererror Illegal position")
			return
		}
		e.pos = p
	case "ping":
		e.say("pong %s", f[1])
	case "go":
		e.force = false
		e.move()
	case "usermove":
		if *mode == "reject" && e.moves+1 == *at && !e.force {
			e.say("Illegal move: %s", f[1])
			return
		}
		m, err := e.pos.ParseMove(f[1])
		if err != nil {
			e.say("Illegal move: %s", f[1])
			return
		}
		e.pos.Make(m)
		if !e.force {
			e.move()
		}
	default:
		e.say("Error (unknown command): %s", line)
	}
}

func (e *engine) move() {
	s, ok := e.choose()
	if !ok {
		return
	}
	if s == "resign" {
		e.say("resign")
		return
	}
	e.say("1 12 0 1 %s", s)
	e.say("move %s", s)
}
