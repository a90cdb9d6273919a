// The replay command: replay the games of a PGN file or a move text, checking every move,
// every check and mate mark and the stated results.

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/rulebook"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var replayCommand = &command{
	name:    "replay",
	args:    "VARIANT FILE",
	summary: "replay games (PGN or move text), checking moves, check marks and results",
	details: `Reads FILE (- for standard input): a PGN file of one or more games (tag pairs such
as [Event "..."], [Variant "..."], [SetUp "1"], [FEN "..."], [Result "..."], then the
movetext) or plain move text. Moves are read in SAN or coordinate notation, with drops
(N@f3), exchanges ((B-N)N@g7) and older forms (N(b)d7, KxR, 'mate', Resigns); move
numbers with or without dots; {comments}, ; comments, $NAGs and (variations), which are
skipped. A '(' opens a variation unless it is part of a move, as in (B-N)N@g7 or N(b)d7.

Each game starts from its [FEN] tag, else from --fen, --setup or the variant's default
setup. A [Variant] tag naming another variant than VARIANT (compared as Fairy-Stockfish
names, without regard to case) is warned about on standard error; the game is replayed
as VARIANT all the same.

For each game it prints the number of moves replayed, a warning for each false check or
mate mark (a '+' after which the side to move is not in check; a '#' or 'mate' after
which it is not checkmated), a note for each check not marked, then the final position (board, FEN, side
to move), its result ("Result: 1-0 (checkmate)" or "Result: *"), the resignation or
result token that ends the game text, and whether the [Result] tag agrees. --verbose
also prints every move as written, then in coordinate notation. Several games in a file
are numbered and reported one after the other.

At the first move that cannot be read or is not legal the game stops: it prints "Stopped
at" the move and the parser's error, the position there and its legal moves in SAN and
coordinates.

Exit status: 0 when every game replays with every mark true; 1 when a game stops at a
move, a check or mate mark is false, or a stated result contradicts the game; 2 on a
usage or input error (unknown variant, unreadable file, a bad tag pair or [FEN] tag).

` + hookErrorsHelp + ` The failures of every game of the file are added up.`,
	examples: []string{
		"chimera replay chess games.pgn",
		"chimera replay chess - < game.pgn",
		"chimera replay crazyhouse game.pgn --verbose",
		"chimera replay --def myvariant.yaml game.txt --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1'",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		fs.Lookup("fen").Usage = "start games without a [FEN] tag from this position"
		fs.Lookup("setup").Usage = "start games without a [FEN] tag from this named setup (default: the first)"
		verbose := fs.BoolP("verbose", "v", false, "print every move: as written, then in coordinate notation")
		return func(c *context, args []string) int {
			rs, start, operands, code := c.open(in, args, "FILE (a PGN or move text file, or - for standard input)")
			if code != exitOK {
				return code
			}
			file := operands[0]
			name, input, closeInput, err := c.openInput(file)
			if err != nil {
				return c.inputError(err)
			}
			defer closeInput()
			// The games are read one at a time (memory stays bounded whatever the input's
			// size), one ahead of the one replayed: a file of several games numbers them.
			rd := gametext.NewPGNReader(input)
			readErr := func(err error) int {
				var lineErr *gametext.LineError
				if errors.As(err, &lineErr) {
					return c.inputError(fmt.Errorf("%s:%d: %s", name, lineErr.Line, lineErr.Msg))
				}
				return c.inputError(fmt.Errorf("%s: %v", name, err))
			}
			next := func() (*gametext.PGNGame, error) {
				g, err := rd.Next()
				if err == io.EOF {
					return nil, nil
				}
				return g, err
			}
			cur, err := next()
			if err != nil {
				return readErr(err)
			}
			if cur == nil {
				return c.inputError(fmt.Errorf("%s: no game in it (no tag pairs, no moves)", name))
			}
			ahead, aheadErr := next()
			r := &replayer{c: c, rs: rs, startFEN: start.FEN(), file: name, verbose: *verbose, several: ahead != nil || aheadErr != nil}
			worst := exitOK
			var tally [3]int // games by exit status
			n := 0
			for cur != nil {
				n++
				code := r.game(n, cur)
				tally[code]++
				worst = max(worst, code)
				if aheadErr != nil {
					worst = max(worst, readErr(aheadErr))
					break
				}
				cur = ahead
				if cur != nil {
					ahead, aheadErr = next()
				}
			}
			if n > 1 {
				fmt.Fprintf(c.out, "\n%d games: %d clean, %d with a stop or a warning, %d not replayed\n", n, tally[exitOK], tally[exitFail], tally[exitUsage])
			}
			return max(worst, c.reportHooks(*in.allowHooks, r.hooks))
		}
	},
}

// openInput opens file, or standard input for "-", for reading as a stream; it returns
// the name to use in messages and the function that closes it.
func (c *context) openInput(file string) (name string, in io.Reader, close func(), err error) {
	if file == "-" {
		return "stdin", c.in, func() {}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return file, nil, nil, err
	}
	return file, f, func() { f.Close() }, nil
}

// replayer replays the games of one file.
type replayer struct {
	c        *context
	rs       *compiler.Ruleset
	startFEN string // where games without a [FEN] tag start
	file     string
	verbose  bool
	several  bool // the file holds several games: number them
	// hooks are the hook failures of the games replayed so far, merged.
	hooks []interpreter.HookFailure
}

// game replays game number n and reports it; it returns the exit status it calls for.
func (r *replayer) game(n int, g *gametext.PGNGame) int {
	c, out := r.c, r.c.out
	if r.several {
		if n > 1 {
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "Game %d (line %d)%s\n", n, g.Line, gameTitle(g))
	}
	if t, ok := g.Tag("Variant"); ok && !sameVariant(t.Value, r.rs) {
		fmt.Fprintf(c.err, "chimera replay: warning: %s:%d: [Variant %s] names another variant; replaying as %s\n", r.file, t.Line, defs.Quote(t.Value), r.rs.Name)
	}
	// A [FEN] tag sets the start, with or without [SetUp "1"].
	fen := r.startFEN
	fenTag, hasFEN := g.Tag("FEN")
	if hasFEN {
		fen = fenTag.Value
	}
	p, err := interpreter.FromFEN(r.rs, fen)
	if err != nil && !hasFEN {
		return c.inputError(err)
	}
	if err != nil {
		if r.several {
			fmt.Fprintf(out, "Not replayed: bad [FEN] tag on line %d\n", fenTag.Line)
		}
		return c.inputError(fmt.Errorf("%s:%d: [FEN] tag: %w", r.file, fenTag.Line, err))
	}
	defer func() { r.hooks = interpreter.MergeHookFailures(r.hooks, p.HookFailures()) }()

	rep := gametext.ReplayGame(p, g.Text)
	if r.verbose && len(rep.Moves) > 0 {
		tw := tabwriter.NewWriter(out, 0, 0, 3, ' ', 0)
		for _, m := range rep.Moves {
			fmt.Fprintf(tw, "%s\t%s\n", m.Label(), m.Coord)
		}
		tw.Flush()
	}
	fmt.Fprintf(out, "Replayed %d %s\n", len(rep.Moves), rulebook.Plural(len(rep.Moves), "move", "moves"))
	warnings := 0
	for _, m := range rep.Moves {
		line, warn := markReport(m)
		if line != "" {
			fmt.Fprintln(out, line)
		}
		if warn {
			warnings++
		}
	}

	if s := rep.Stop; s != nil {
		fmt.Fprintf(out, "Stopped at %s\n\n", s)
		rulebook.Board(out, p, false, true)
		if len(p.LegalMoves(nil)) == 0 {
			fmt.Fprintln(out, "\nLegal moves here: none")
		} else {
			fmt.Fprintln(out, "\nLegal moves here:")
		}
		printMoves(c, p, interpreter.NotationSAN)
		return exitFail
	}

	fmt.Fprintln(out)
	rulebook.Board(out, p, false, true)
	fmt.Fprintf(out, "\nFEN: %s\n", p.FEN())
	fmt.Fprintf(out, "To move: %s", interpreter.SideName(p.Side()))
	if p.InCheck() {
		fmt.Fprint(out, " (in check)")
	}
	fmt.Fprintln(out)
	if line := rulebook.StatusLine(p); line != "" {
		fmt.Fprintln(out, line)
	}
	warnings += r.results(p, g, rep)
	if warnings > 0 {
		return exitFail
	}
	return exitOK
}

// markReport checks the check and mate marks of a move against what it does: a false mark
// is a warning, a check (or mate) not marked a note. It returns the line to print, if
// any, and whether it is a warning.
func markReport(m gametext.Played) (string, bool) {
	foe := interpreter.SideName(interpreter.Opponent(m.Side))
	switch {
	case m.ClaimsMate && !m.Mate && !m.Check:
		return fmt.Sprintf("warning: %s claims mate, but %s is not in check", m.Label(), foe), true
	case m.ClaimsMate && !m.Mate:
		return fmt.Sprintf("warning: %s claims mate, but %s is in check, not mated", m.Label(), foe), true
	case m.ClaimsCheck && !m.Check:
		return fmt.Sprintf("warning: %s claims check, but %s is not in check", m.Label(), foe), true
	case m.Mate && !m.ClaimsMate && m.Check:
		return fmt.Sprintf("note: %s is checkmate (not marked '#')", m.Label()), false
	case m.Mate && !m.ClaimsMate:
		return fmt.Sprintf("note: %s wins at once (not marked '#')", m.Label()), false
	case m.Check && !m.ClaimsCheck && !m.ClaimsMate:
		return fmt.Sprintf("note: %s gives check (not marked '+')", m.Label()), false
	}
	return "", false
}

// results prints the result on the board, the end of the game text (a resignation, a
// result token) and whether the [Result] tag agrees; it returns the number of warnings:
// stated results that contradict the game.
func (r *replayer) results(p *interpreter.Position, g *gametext.PGNGame, rep *gametext.Replay) int {
	out := r.c.out
	warnings := 0
	// ref is the result the game itself gives: the board's, else the resignation's,
	// else the text's result token; from names where it comes from.
	ref, from := "", ""
	res := p.Result()
	if res != interpreter.Ongoing {
		fmt.Fprintf(out, "Result: %s (%s)\n", res.Score, res.Reason)
		ref, from = res.Score, "the position"
	} else {
		fmt.Fprintln(out, "Result: *")
	}
	if rep.Resigned {
		side := interpreter.SideName(rep.Resigner)
		fmt.Fprintf(out, "Game text ends: %s resigns\n", strings.ToUpper(side[:1])+side[1:])
		if ref == "" {
			ref, from = winScore(interpreter.Opponent(rep.Resigner)), "the resignation"
		}
	}
	if rep.Result != "" {
		fmt.Fprintf(out, "Game text result: %s\n", rep.Result)
		switch {
		case rep.Result == "*":
		case ref == "":
			ref, from = rep.Result, "the game text"
		case rep.Result != ref:
			fmt.Fprintf(out, "warning: the game text's result %s disagrees with %s (%s)\n", rep.Result, from, ref)
			warnings++
		}
	}
	t, ok := g.Tag("Result")
	switch {
	case !ok:
	case t.Value == "*":
		fmt.Fprintln(out, "Result tag: *")
	case ref == "":
		fmt.Fprintf(out, "Result tag: %s (nothing in the game decides it)\n", t.Value)
	case t.Value == ref:
		fmt.Fprintf(out, "Result tag: %s (agrees with %s)\n", t.Value, from)
	default:
		fmt.Fprintf(out, "Result tag: %s (disagrees with %s: %s)\n", t.Value, from, ref)
		fmt.Fprintf(out, "warning: [Result %s] on line %d disagrees with %s (%s)\n", defs.Quote(t.Value), t.Line, from, ref)
		warnings++
	}
	return warnings
}

func winScore(winner compiler.Color) string {
	if winner == compiler.White {
		return "1-0"
	}
	return "0-1"
}

// gameTitle describes a game from its tags: ": Event, White - Black", or "".
func gameTitle(g *gametext.PGNGame) string {
	var parts []string
	if t, ok := g.Tag("Event"); ok && t.Value != "" && t.Value != "?" {
		parts = append(parts, t.Value)
	}
	w, _ := g.Tag("White")
	b, _ := g.Tag("Black")
	if orUnknown(w.Value) != "?" || orUnknown(b.Value) != "?" {
		parts = append(parts, orUnknown(w.Value)+" - "+orUnknown(b.Value))
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// sameVariant compares a [Variant] tag with a variant as Fairy-Stockfish names are
// compared: without regard to case, spaces, hyphens and underscores ("King of the Hill"
// is kingofthehill), against its name, its aliases and the tags its definition lists
// (pgn.variant-tags: "Standard" is chess).
func sameVariant(tag string, rs *compiler.Ruleset) bool {
	norm := func(s string) string {
		return strings.ToLower(strings.Map(func(r rune) rune {
			if r == ' ' || r == '-' || r == '_' {
				return -1
			}
			return r
		}, s))
	}
	names := append([]string{rs.Name}, defs.BuiltinAliases(rs.Name)...)
	if d := rs.Def; d != nil && d.PGN != nil {
		names = append(names, d.PGN.VariantTags...)
	}
	for _, n := range names {
		if norm(tag) == norm(n) {
			return true
		}
	}
	return false
}
