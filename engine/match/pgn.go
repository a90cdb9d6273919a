// Games written as PGN.

package match

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// writePGN writes game g: the seven-tag roster, then Variant, SetUp and FEN (when the game
// does not start from the variant's standard start), TimeControl, Termination, PlyCount
// and Opening; then the moves in SAN, each engine move with a comment of the score and
// depth it reported and the time it took ({+0.35/12 0.51s}), opening moves marked {book},
// and a last comment saying how the game ended (gametext.Record writes it).
func writePGN(w io.Writer, cfg Config, g *Game) error {
	white, black := g.Names[g.White], g.Names[1-g.White]
	var tags []gametext.Tag
	tag := func(name, value string) { tags = append(tags, gametext.Tag{Name: name, Value: value}) }
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
	fen := g.FEN
	if fen == "" {
		fen, _ = standardStart(cfg.Ruleset)
	}
	start, err := interpreter.FromFEN(cfg.Ruleset, fen)
	if err != nil {
		return fmt.Errorf("game %d: its start: %v", g.Index+1, err)
	}
	san, after := make([]string, len(g.Moves)), make([]string, len(g.Moves))
	for i, mv := range g.Moves {
		san[i] = mv.SAN
		switch {
		case mv.Book:
			after[i] = "book"
		case mv.Eval != "":
			after[i] = fmt.Sprintf("%s %.2fs", mv.Eval, mv.Elapsed.Seconds())
		default:
			after[i] = fmt.Sprintf("%.2fs", mv.Elapsed.Seconds())
		}
	}
	if err := (gametext.Record{Tags: tags, Start: start, SAN: san, After: after, End: g.Reason, Result: g.Result}).Write(w); err != nil {
		return fmt.Errorf("%w: %v", errPGNWrite, err)
	}
	return nil
}

// errPGNWrite marks a failed write, as distinct from a game that could not be written.
var errPGNWrite = errors.New("writing the PGN file")
