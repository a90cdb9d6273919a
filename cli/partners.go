// Self-play of boards played apart by partners: games of four, one engine a seat.

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/engine/partners"
	"chimera/engine/selfplay"
	"chimera/interpreter"
)

// partnersSelfplay plays n matches of four on a ruleset whose boards are played apart by
// partners (engine/partners: the seat whose clock has used least moves next), and reports
// the teams' results, how matches ended, their length and the men passed; --pgn writes
// each match as one game per board, --json the matches themselves.
// With randomTeam2, team 2's seats play random legal moves (the engine's measure against
// a random player).
func (c *context) partnersSelfplay(rs *compiler.Ruleset, setup string, n, random int, b *budget, opt selfplay.Options, pgn string, asJSON, randomTeam2 bool) int {
	fen, _, err := interpreter.SetupFEN(rs, setup)
	if err != nil {
		return c.inputError(err)
	}
	fen = interpreter.PairFEN(rs, fen)
	ctx, release := signalContext()
	defer release()
	opt.Stop = ctx.Done()
	pr := newGameProgress(c.err, n, *b.quiet)
	games, err := partners.Run(rs, partners.Specs(n, fen, random, b.seed()), opt, randomTeam2, func(g partners.Game) {
		pr.add(selfplay.Game{Result: g.Result})
	})
	pr.finish()
	interrupted := err == selfplay.ErrInterrupted
	if err != nil && !interrupted {
		fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
		return exitFail
	}
	if interrupted {
		fmt.Fprintf(c.err, "chimera %s: interrupted: %d of %d matches finished; writing those\n", c.cmd.name, len(games), n)
	}
	code := exitOK
	if asJSON {
		enc := json.NewEncoder(c.out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(games); err != nil {
			code = exitFail
		}
	} else {
		writePartnersReport(c.out, rs, b.text(), games, randomTeam2)
	}
	if pgn != "" {
		player := "chimera " + strings.TrimSuffix(b.text(), " a move")
		players := [2]string{player, player}
		if randomTeam2 {
			players[1] = "random"
		}
		date := time.Now().Format("2006.01.02")
		code = max(code, c.writeFile(pgn, func(w io.Writer) error {
			for _, g := range games {
				if err := partners.WritePGN(w, rs, "chimera selfplay", rs.Name, date, players, g); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	return code
}

// writePartnersReport writes the teams' scores, the reasons matches ended and their
// length.
func writePartnersReport(w io.Writer, rs *compiler.Ruleset, budget string, games []partners.Game, randomTeam2 bool) {
	var t1, t2, draws, plies, passed int
	reasons := map[string]int{}
	for _, g := range games {
		switch g.Result {
		case "1-0":
			t1++
		case "0-1":
			t2++
		default:
			draws++
		}
		r := g.Reason
		if g.Board >= 0 {
			r += " on board " + interpreter.BoardName(g.Board)
		}
		reasons[r]++
		plies += len(g.Moves)
		passed += g.Passed
	}
	n := max(len(games), 1)
	if randomTeam2 {
		fmt.Fprintf(w, "%s: %d matches of four (team 1 the engine, %s, team 2 random legal moves; the seat whose clock has used least moves next)\n", rs.Name, len(games), budget)
	} else {
		fmt.Fprintf(w, "%s: %d matches of four (one engine a seat, %s; the seat whose clock has used least moves next)\n", rs.Name, len(games), budget)
	}
	fmt.Fprintf(w, "team 1 (White on A, Black on B) won %d, team 2 (Black on A, White on B) won %d, drawn %d\n", t1, t2, draws)
	fmt.Fprintf(w, "plies (both boards): %.1f a match; men passed to a partner: %.1f a match\n", float64(plies)/float64(n), float64(passed)/float64(n))
	var rs2 []string
	for r := range reasons {
		rs2 = append(rs2, r)
	}
	sort.Strings(rs2)
	fmt.Fprintln(w, "ended by:")
	for _, r := range rs2 {
		fmt.Fprintf(w, "  %-28s %d\n", r, reasons[r])
	}
}
