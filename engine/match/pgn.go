// Games written as PGN.
package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"chimera/interpreter"
)

// writePGN writes game g: the seven-tag roster, then Variant, SetUp and FEN (when the game
// does not start from the variant's standard start), TimeControl, Termination, PlyCount
// and Opening; then the moves in SAN, each engine move with a comment of the score and
// depth it reported and the time it took ({+0.35/12 0.51s}), opening moves marked {book},
// and a last comment saying how the game ended.
func writePGN(w io.Writer, cfg Config, g *Game) {
	white, black := g.Names[g.White], g.Names[1-g.White]
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
		fmt.Fprintf(w, "[%s \"%s\"]\n", name, value)
	}
	tag("Event", cfg.Event)
	tag("Site", "?")
	tag("Date", g.Date.Format("2006.01.02"))
	tag("Round", strconv.Itoa(g.Index+1))
	tag("White", white)
	tag("Black", black)
	tag("Result", g.Result)
	tag("Variant", cfg.Ruleset.Name)
	if g.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.FEN)
	}
	if wt, bt := cfg.tcOf(g.White).String(), cfg.tcOf(1-g.White).String(); wt == bt {
		tag("TimeControl", wt)
	} else { // a time handicap: each side's clock, as cutechess writes it
		tag("WhiteTimeControl", wt)
		tag("BlackTimeControl", bt)
	}
	tag("Termination", g.Termination)
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	if g.Opening != "" {
		tag("Opening", g.Opening)
	}
	fmt.Fprintln(w)

	fen := g.FEN
	if fen == "" {
		fen, _ = standardStart(cfg.Ruleset)
	}
	number, black1 := 1, false
	if p, err := interpreter.FromFEN(cfg.Ruleset, fen); err == nil {
		f := strings.Fields(p.FEN())
		if len(f) >= 6 {
			if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
				number = n
			}
		}
		black1 = p.Side() == 1
	}
	var tokens []string
	for i, mv := range g.Moves {
		blackMove := (i%2 == 1) != black1
		switch {
		case !blackMove:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, mv.SAN)
		switch {
		case mv.Book:
			tokens = append(tokens, "{book}")
		default:
			c := fmt.Sprintf("%.2fs", mv.Elapsed.Seconds())
			if mv.Eval != "" {
				c = mv.Eval + " " + c
			}
			tokens = append(tokens, "{"+c+"}")
		}
		if blackMove {
			number++
		}
	}
	tokens = append(tokens, "{"+strings.ReplaceAll(g.Reason, "}", ")")+"}", g.Result)
	col := 0
	for i, t := range tokens {
		if i > 0 && col+1+len(t) > 79 {
			fmt.Fprintln(w)
			col = 0
		} else if i > 0 {
			fmt.Fprint(w, " ")
			col++
		}
		fmt.Fprint(w, t)
		col += len(t)
	}
	fmt.Fprint(w, "\n\n")
}
