// The play command: an interactive game in the terminal against the engine, or between
// two people at one keyboard, or the engine against itself.

package cli

import (
	"bufio"
	stdcontext "context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/engine/rulebook"
	"chimera/engine/search"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var playCommand = &command{
	name:    "play",
	args:    "VARIANT",
	summary: "play a game in the terminal against the engine",
	details: `Sets up the position (the default setup, --setup NAME or --fen FEN) and plays a game:
you type the moves of the sides named by --human, the engine plays the others. Before
each of your moves the board is drawn as 'chimera show' draws it (missing and unused
cells, zones, pools, status counters), coloured when standard output is a terminal and
the NO_COLOR environment variable is not set, plain text otherwise; then the prompt names
the side to move ("white> ").

Type a move in SAN (Nf3, exd5, O-O, e8=Q, N@f3, (B-N)N@g7) or in coordinate notation
(g1f3, e7e8q); a move number before it (12. or 12...) is allowed. A move that cannot be
read or is not legal is refused with the reason, and you are asked again. Commands:
moves (the legal moves), hint (the engine's choice for you), undo (take back to your
previous turn: your last move and the engine's reply), fen (the position as FEN), pgn
[FILE] (print the game as PGN, or save it to FILE), board (draw the board again), help,
quit. The engine's moves are printed in SAN with the depth reached and its score in
centipawns for the side that moved.

When the game ends the result is announced ("Game over: 0-1 (checkmate)"); you can
still save it with pgn FILE, or undo and play on, until quit or the end of the input.
The PGN has the seven standard tags, [Variant "NAME"], [SetUp "1"] and [FEN "..."] when
the game did not start from the variant's default setup, and [Result]; 'chimera replay'
reads it back.

--human none lets the engine play both sides; --human both leaves both to you. The
engine thinks --movetime milliseconds a move (default 1000), or searches to --depth
plies (deterministic); with both, the first reached stops it. --level N (1 to 9) makes it
play weaker: level 1 searches one ply and picks among its best moves by chance, each
level up searches deeper and strays less (docs/matches.md has each level's Elo against
full strength); --level 10, the default, is full strength. --seed makes a levelled
engine's choices repeatable.

` + hookErrorsHelp,
	examples: []string{
		"chimera play chess",
		"chimera play chess --human black --movetime 3000",
		"chimera play chess --level 3",
		"chimera play my-variant.yaml --human both",
		"chimera play chess --human none --depth 4 < /dev/null",
		"chimera play chess --fen '7k/8/6K1/8/8/8/8/R7 w - - 0 1'",
		"printf 'e4\\nmoves\\npgn game.pgn\\nquit\\n' | chimera play chess --depth 3",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		human := fs.String("human", "white", "the sides you play: white, black, both or none")
		movetime := fs.Int("movetime", 1000, "the engine's time per move in milliseconds")
		depth := fs.Int("depth", 0, "search the engine's moves to this depth (plies; 1 to 100)")
		hash := fs.Int("hash", 64, "transposition table size in MB (1 to 4096)")
		level := fs.Int("level", search.MaxLevel, fmt.Sprintf("the engine's playing level: 1 (weakest) to %d (full strength)", search.MaxLevel))
		seed := fs.Uint64("seed", 0, "seed of a levelled engine's choices (default: from the clock)")
		viewSide := fs.String("view", "", "under fog of war: draw only what this side sees, white, black or none (default: the side you play, when you play one)")
		return func(c *context, args []string) int {
			var humans [2]bool
			switch strings.ToLower(*human) {
			case "white":
				humans[compiler.White] = true
			case "black":
				humans[compiler.Black] = true
			case "both":
				humans = [2]bool{true, true}
			case "none":
			default:
				return c.usage("--human must be white, black, both or none, found %q", *human)
			}
			switch {
			case *depth < 0 || *depth > 100 || c.givenZero("depth") != "":
				return c.usage("--depth must be from 1 to 100, found %d", *depth)
			case *movetime <= 0:
				return c.usage("--movetime must be a positive number of milliseconds, found %d", *movetime)
			case *hash < 1 || *hash > 4096:
				return c.usage("--hash must be from 1 to 4096 MB, found %d", *hash)
			case *level < 1 || *level > search.MaxLevel:
				return c.usage("--level must be from 1 to %d, found %d", search.MaxLevel, *level)
			}
			rs, p, _, code := c.open(in, args)
			if code != exitOK {
				return code
			}
			view := -1
			switch strings.ToLower(*viewSide) {
			case "":
				if rs.Fog != nil && humans[0] != humans[1] {
					view = int(compiler.White)
					if humans[compiler.Black] {
						view = int(compiler.Black)
					}
				}
			case "none":
			default:
				v, code := c.sideView(p, *viewSide)
				if code != exitOK {
					return code
				}
				view = int(v.Viewer)
			}
			lim := search.Limits{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Level: *level}
			if *depth > 0 && !fs.Changed("movetime") {
				lim.MoveTime = 0
			}
			g := &game{
				c: c, rs: rs, p: p, start: p.Clone(), human: humans, limits: lim, view: view,
				engine: search.New(rs, *hash),
				in:     bufio.NewReader(c.in),
				ansi:   colourTerminal(c.out),
				echo:   !isTerminal(c.in),
			}
			if fs.Changed("seed") {
				g.engine.SetSeed(*seed)
			}
			g.defaultStart = isDefaultStart(rs, p)
			code = g.run()
			// The game's position, its start and the engine's copies share one log of
			// the goal hooks that failed as they ran.
			if hooks := c.reportHooks(*in.allowHooks, p.HookFailures()); code == exitOK {
				code = hooks
			}
			return code
		}
	},
}

// colourTerminal reports whether w is a terminal and NO_COLOR is unset.
func colourTerminal(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	return isTerminal(w)
}

// isDefaultStart reports whether p is the position of the variant's default setup (which
// is not shuffled).
func isDefaultStart(rs *compiler.Ruleset, p *interpreter.Position) bool {
	if rs.NumSetups() == 0 {
		return false
	}
	s := rs.SetupAt(0)
	if s.Shuffled() {
		return false
	}
	q, err := interpreter.FromFEN(rs, s.FEN)
	return err == nil && q.FEN() == p.FEN()
}

// game is an interactive game in progress.
type game struct {
	c            *context
	rs           *compiler.Ruleset
	p            *interpreter.Position
	start        *interpreter.Position // the position the game started from
	defaultStart bool
	moves        []interpreter.Move // the moves played from start
	movers       []compiler.Color   // the side that played each move
	human        [2]bool
	view         int    // under fog: the side whose view is drawn while the game goes on, or -1
	fogSeed      uint64 // under fog: the seed of the engine's next sampling of the fog
	limits       search.Limits
	engine       *search.Engine
	in           *bufio.Reader
	ansi         bool // colour the board
	echo         bool // echo the input after the prompt (it is not typed on a terminal)
	legendShown  bool
	drawn        bool // the board as it stands has been drawn
	announced    bool // the result as it stands has been announced
	eof          bool
}

var moveNumberPrefix = regexp.MustCompile(`^[0-9]+\.+\s*`)

// run plays the game until quit or the end of the input.
func (g *game) run() int {
	out := g.c.out
	fmt.Fprintf(out, "%s (%s). You play %s. Type a move, or help for the commands.\n", g.rs.Title, g.rs.Name, g.humanText())
	for {
		over := g.p.Result() != interpreter.Ongoing
		if over {
			if !g.drawn {
				g.draw()
			}
			if !g.announced {
				g.announce()
			}
		} else if !g.human[g.p.Side()] {
			g.engineMove()
			continue
		} else if !g.drawn {
			g.draw()
		}
		prompt := interpreter.SideName(g.p.Side()) + "> "
		if over {
			prompt = "game over> "
		}
		line, ok := g.readLine(prompt)
		if !ok {
			fmt.Fprintln(out)
			return exitOK
		}
		if g.echo {
			fmt.Fprintln(out, line)
		}
		if !g.command(line) {
			return exitOK
		}
	}
}

// readLine prompts and reads a line; ok is false at the end of the input.
func (g *game) readLine(prompt string) (string, bool) {
	if g.eof {
		return "", false
	}
	fmt.Fprint(g.c.out, prompt)
	line, err := g.in.ReadString('\n')
	if err != nil {
		g.eof = true
		if line == "" {
			return "", false
		}
		if !g.echo {
			fmt.Fprintln(g.c.out)
		}
	}
	return strings.TrimSpace(line), true
}

// command carries out one line of input; it returns false on quit.
func (g *game) command(line string) bool {
	out := g.c.out
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	word := strings.ToLower(fields[0])
	switch word {
	case "quit", "exit", "q":
		return false
	case "help", "?":
		g.help()
	case "board", "show":
		g.legendShown = false
		g.draw()
	case "fen":
		if v := g.shownView(); v != nil {
			fmt.Fprintln(out, v.FEN())
			break
		}
		fmt.Fprintln(out, g.p.FEN())
	case "moves":
		g.listMoves()
	case "hint":
		g.hint()
	case "undo", "takeback":
		g.undo()
	case "pgn":
		if len(fields) > 2 {
			fmt.Fprintln(out, "pgn takes one FILE at most (pgn prints the game, pgn FILE saves it)")
			break
		}
		file := ""
		if len(fields) == 2 {
			file = fields[1]
		}
		g.savePGN(file)
	default:
		g.humanMove(line)
	}
	return true
}

func (g *game) help() {
	fmt.Fprint(g.c.out, `Type a move in SAN (Nf3, exd5, O-O, e8=Q, N@f3) or coordinates (g1f3, e7e8q), or:
  moves        list the legal moves
  hint         ask the engine for a move
  undo         take back to your previous turn
  fen          print the position as FEN
  pgn [FILE]   print the game as PGN, or save it to FILE
  board        draw the board again, with its legend
  help         this list
  quit         leave the game (also the end of the input)
`)
	switch w := g.rs.Walls; {
	case w != nil && w.Instead:
		fmt.Fprintln(g.c.out, rulebook.Wrap("Here a turn is a move, or a wall placed instead of it (not in check): type pass, a comma and the wall's square (pass,d4).", 78, "", ""))
	case w != nil:
		fmt.Fprintln(g.c.out, rulebook.Wrap("Here a turn is a move, then a wall: type the wall's square after a comma (e4,d5 in SAN; in coordinates after the square where the man lands, e2e4,e4d5).", 78, "", ""))
	}
}

func (g *game) humanText() string {
	switch {
	case g.human[0] && g.human[1]:
		return "both sides"
	case g.human[0]:
		return "White"
	case g.human[1]:
		return "Black"
	}
	return "neither side (the engine plays both)"
}

// draw draws the board, the side to move and the status counters.
func (g *game) draw() {
	out := g.c.out
	fmt.Fprintln(out)
	if v := g.shownView(); v != nil {
		rulebook.ViewBoard(out, v, g.ansi, !g.legendShown)
	} else {
		rulebook.Board(out, g.p, g.ansi, !g.legendShown)
	}
	g.legendShown = true
	if line := rulebook.StatusLine(g.p); line != "" {
		fmt.Fprintln(out, "  "+line)
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		if f := g.p.Frozen(c); f.Any() {
			fmt.Fprintf(out, "  Frozen %s pieces: %s\n", interpreter.SideName(c), rulebook.SquareList(g.rs, f))
		}
	}
	if g.p.Result() == interpreter.Ongoing {
		fmt.Fprintf(out, "  %s\n", rulebook.ToMove(g.p))
	}
	fmt.Fprintln(out)
	g.drawn = true
}

// shownView is the view drawn under fog while the game goes on, or nil (no fog, no view
// asked for, or the game over: then the whole board is shown).
func (g *game) shownView() *interpreter.View {
	if g.view < 0 || g.p.Result() != interpreter.Ongoing {
		return nil
	}
	v, err := g.p.View(compiler.Color(g.view))
	if err != nil {
		// A view made from the position reads back (TestFogViewsAgainstNaive): say so
		// rather than draw a board that shows what the fog hides.
		fmt.Fprintf(g.c.out, "  (no view: %v)\n", err)
		return nil
	}
	return v
}

// announce prints the result of the finished game.
func (g *game) announce() {
	r := g.p.Result()
	fmt.Fprintf(g.c.out, "Game over: %s (%s)\n", r.Score, r.Reason)
	fmt.Fprintln(g.c.out, "Save the game with 'pgn FILE', take back with 'undo', or 'quit'.")
	g.announced = true
}

// moveLabel writes the move about to be played with its number: "3. Nf3" or "3... Nc6".
func (g *game) moveLabel(m interpreter.Move) string {
	n := 1
	if f := strings.Fields(g.p.FEN()); len(f) > 0 {
		if v, err := strconv.Atoi(f[len(f)-1]); err == nil && v > 0 {
			n = v
		}
	}
	if g.p.Side() == compiler.Black {
		return fmt.Sprintf("%d... %s", n, g.p.SAN(m))
	}
	return fmt.Sprintf("%d. %s", n, g.p.SAN(m))
}

// play makes m and records it.
func (g *game) play(m interpreter.Move) {
	g.movers = append(g.movers, g.p.Side())
	g.moves = append(g.moves, m)
	g.p.Make(m)
	g.drawn, g.announced = false, false
}

// humanMove reads and plays a move typed by the side to move.
func (g *game) humanMove(text string) {
	out := g.c.out
	if r := g.p.Result(); r != interpreter.Ongoing {
		fmt.Fprintf(out, "The game is over (%s, %s): 'undo' takes back, 'pgn FILE' saves it, 'quit' leaves.\n", r.Score, r.Reason)
		return
	}
	text = moveNumberPrefix.ReplaceAllString(text, "")
	moves, err := gametext.ReadTurn(g.p, text)
	if err != nil {
		fmt.Fprintf(out, "%s. Type 'moves' for the legal moves, 'help' for the commands.\n", rulebook.Capitalized(err.Error()))
		return
	}
	for _, m := range moves {
		fmt.Fprintf(out, "%s: %s\n", interpreter.SideName(g.p.Side()), g.moveLabel(m))
		g.play(m)
	}
}

// think runs the engine on the position; ok is false when it has no move.
func (g *game) think() (search.Result, bool) {
	var res search.Result
	if g.rs.Fog != nil {
		// Under fog the engine plays from its side's view alone (search.FogMove).
		g.fogSeed++
		res = g.engine.FogMove(stdcontext.Background(), g.p, g.limits, search.FogSamples, g.fogSeed)
	} else {
		res = g.engine.Search(stdcontext.Background(), g.p, g.limits, nil)
	}
	if res.Best == interpreter.NoMove || !g.p.IsLegal(res.Best) {
		legal := g.p.LegalMoves(nil)
		if len(legal) == 0 {
			return res, false
		}
		res.Best = legal[0]
	}
	return res, true
}

// engineMove lets the engine play the side to move.
func (g *game) engineMove() {
	res, ok := g.think()
	if !ok {
		// No legal move but no result: should not happen; stop the engine's turn for good.
		fmt.Fprintf(g.c.out, "The engine finds no move for %s.\n", interpreter.SideName(g.p.Side()))
		g.human[g.p.Side()] = true
		return
	}
	if g.view >= 0 && compiler.Color(g.view) != g.p.Side() {
		// Under fog the opponent's move is not seen (the board shows what it reveals).
		fmt.Fprintf(g.c.out, "%s (engine) has moved, in the fog\n", interpreter.SideName(g.p.Side()))
	} else {
		fmt.Fprintf(g.c.out, "%s (engine): %s   (depth %d, score %s)\n", interpreter.SideName(g.p.Side()), g.moveLabel(res.Best), res.Depth, ScoreText(res.Score))
	}
	g.play(res.Best)
}

// hint prints the engine's choice for the side to move.
func (g *game) hint() {
	if r := g.p.Result(); r != interpreter.Ongoing {
		fmt.Fprintf(g.c.out, "The game is over (%s, %s).\n", r.Score, r.Reason)
		return
	}
	res, ok := g.think()
	if !ok {
		fmt.Fprintln(g.c.out, "No legal move.")
		return
	}
	fmt.Fprintf(g.c.out, "Hint: %s (%s)   (depth %d, score %s)\n", g.p.SAN(res.Best), g.p.Coord(res.Best), res.Depth, ScoreText(res.Score))
}

// listMoves prints the legal moves, SAN with coordinates, sorted by coordinates.
func (g *game) listMoves() {
	out := g.c.out
	legal := g.p.LegalMoves(nil)
	if len(legal) == 0 {
		if r := g.p.Result(); r != interpreter.Ongoing {
			fmt.Fprintf(out, "No legal moves: the game is over (%s, %s).\n", r.Score, r.Reason)
		} else {
			fmt.Fprintln(out, "No legal moves.")
		}
		return
	}
	if g.rs.Walls != nil && !g.rs.Walls.Instead {
		g.listTurns(legal)
		return
	}
	type pair struct{ san, coord string }
	var items []pair
	var walls []string // walls placed instead of a move
	for _, m := range legal {
		if w := m.Wall(); w != interpreter.NoSquare {
			walls = append(walls, g.rs.SquareName(w))
			continue
		}
		items = append(items, pair{g.p.SAN(m), g.p.Coord(m)})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].coord < items[j].coord })
	var texts []string
	for _, it := range items {
		if it.san == it.coord {
			texts = append(texts, it.san)
		} else {
			texts = append(texts, it.san+" ("+it.coord+")")
		}
	}
	if g.rs.Walls != nil {
		fmt.Fprintf(out, "%d legal turns for %s: %d moves", len(legal), interpreter.SideName(g.p.Side()), len(items))
		if len(walls) > 0 {
			fmt.Fprintf(out, ", or a wall instead on one of %d squares", len(walls))
		}
		fmt.Fprintf(out, ":\n%s\n", rulebook.Wrap(strings.Join(texts, ", "), 78, "  ", "  "))
		if len(walls) > 0 {
			fmt.Fprintln(out, rulebook.Wrap("wall instead (type e.g. pass,"+walls[0]+"): "+strings.Join(walls, " "), 78, "  ", "      "))
		}
		return
	}
	fmt.Fprintf(out, "%d legal moves for %s:\n%s\n", len(legal), interpreter.SideName(g.p.Side()), rulebook.Wrap(strings.Join(texts, ", "), 78, "  ", "  "))
}

// listTurns prints the legal turns of a ruleset with walls, one move a line with the
// squares its wall may take: "e4 (e2e4), wall on: a3 b3 ...", sorted by coordinates.
func (g *game) listTurns(legal []interpreter.Move) {
	type move struct {
		san, coord string
		walls      []string
	}
	var moves []*move
	byBase := map[interpreter.Move]*move{}
	for _, m := range legal {
		base := m.WithoutWall()
		mv := byBase[base]
		if mv == nil {
			san, coord := g.p.SAN(m), g.p.Coord(m)
			mv = &move{san: san[:strings.LastIndex(san, ",")], coord: coord[:strings.LastIndex(coord, ",")]}
			byBase[base] = mv
			moves = append(moves, mv)
		}
		mv.walls = append(mv.walls, g.rs.SquareName(m.Wall()))
	}
	sort.Slice(moves, func(i, j int) bool { return moves[i].coord < moves[j].coord })
	out := g.c.out
	fmt.Fprintf(out, "%d legal turns for %s: %d moves, each with the squares its wall may take (type e.g. %s,%s):\n",
		len(legal), interpreter.SideName(g.p.Side()), len(moves), moves[0].san, moves[0].walls[0])
	for _, mv := range moves {
		head := mv.san
		if mv.san != mv.coord {
			head += " (" + mv.coord + ")"
		}
		fmt.Fprintln(out, rulebook.Wrap(head+", wall on: "+strings.Join(mv.walls, " "), 78, "  ", "      "))
	}
}

// undo takes back to the last position before this one where a human was to move.
func (g *game) undo() {
	k := len(g.moves) - 1
	for k >= 0 && !g.human[g.movers[k]] {
		k--
	}
	if k < 0 {
		if g.human[0] || g.human[1] {
			fmt.Fprintln(g.c.out, "Nothing to take back.")
		} else {
			fmt.Fprintln(g.c.out, "Nothing to take back: the engine plays both sides.")
		}
		return
	}
	n := len(g.moves) - k
	for range n {
		g.p.Unmake()
	}
	g.moves, g.movers = g.moves[:k], g.movers[:k]
	g.drawn, g.announced = false, false
	word := "moves"
	if n == 1 {
		word = "move"
	}
	fmt.Fprintf(g.c.out, "Took back %d %s.\n", n, word)
}

// pgn writes the game as PGN.
func (g *game) pgn() (string, error) {
	name := func(c compiler.Color) string {
		if g.human[c] {
			return "Human"
		}
		return "Chimera"
	}
	r := g.p.Result()
	tags := []gametext.Tag{
		{Name: "Event", Value: "chimera play"},
		{Name: "Site", Value: "?"},
		{Name: "Date", Value: pgnDate()},
		{Name: "Round", Value: "-"},
		{Name: "White", Value: name(compiler.White)},
		{Name: "Black", Value: name(compiler.Black)},
		{Name: "Result", Value: r.Score},
		{Name: "Variant", Value: g.rs.Name},
	}
	if !g.defaultStart {
		tags = append(tags, gametext.Tag{Name: "SetUp", Value: "1"}, gametext.Tag{Name: "FEN", Value: g.start.FEN()})
	}
	if r != interpreter.Ongoing {
		tags = append(tags, gametext.Tag{Name: "Termination", Value: r.Reason})
	}
	return gametext.WritePGN(tags, g.start, g.moves, r.Score)
}

// pgnDate is today's date as PGN writes it; tests may replace it.
var pgnDate = func() string { return time.Now().Format("2006.01.02") }

// savePGN prints the game as PGN, or saves it to file.
func (g *game) savePGN(file string) {
	out := g.c.out
	text, err := g.pgn()
	if err != nil {
		fmt.Fprintf(out, "Cannot write the game: %v\n", err)
		return
	}
	if file == "" {
		fmt.Fprint(out, text)
		return
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(out, "Cannot save the game to %s: %v\n", file, err)
		return
	}
	fmt.Fprintf(out, "Saved the game (%d moves) to %s.\n", len(g.moves), file)
}
