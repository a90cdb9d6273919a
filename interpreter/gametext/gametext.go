// Package gametext reads games written as move text and replays them: tokens, move numbers,
// labels, comments and variations, check marks and results; and PGN files (tag pairs, several games).
package gametext

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

var (
	moveNumberRE = regexp.MustCompile(`^([0-9]+)(\.*)(.*)$`)
	resultTokens = map[string]string{"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "3/4-1/4": "3/4-1/4", "1/4-3/4": "1/4-3/4", "¾-¼": "3/4-1/4", "¼-¾": "1/4-3/4", "*": "*"}
	// resignTokens end a game: the side to move resigns (or the side named just before).
	resignTokens = map[string]bool{"resigns": true, "resign": true, "resigned": true}
	sideTokens   = map[string]compiler.Color{"white": compiler.White, "black": compiler.Black}
)

// Played is one move of a replayed game text.
type Played struct {
	Number int            // the full-move number
	Side   compiler.Color // the side that made the move
	Text   string         // the move as written, without its move number
	Move   interpreter.Move
	Coord  string // the move in coordinate notation (Position.Coord)

	// What the text claims: check ('+'), mate ('#', or 'mate' as a suffix or as the next token).
	ClaimsCheck, ClaimsMate bool
	// What the move does: it leaves the side to move in check; it wins at once (checkmate:
	// in check with no legal move that saves the game, or a goal reached).
	Check, Mate bool
}

// Label writes the move with its number: "14. (N-N)N@g7+" or "10... N(b)d7".
func (m Played) Label() string { return moveLabel(m.Number, m.Side, m.Text) }

// Stop is the move at which a replay stopped: unreadable, or not legal in its position.
// As an error it reads "10... N(b)d7: " then the parser's error.
type Stop struct {
	Number int
	Side   compiler.Color // the side to move
	Text   string         // the move as written, without its move number
	Err    error          // the parser's error
}

// Label writes the move with its number, as Played.Label does.
func (s *Stop) Label() string { return moveLabel(s.Number, s.Side, s.Text) }

func (s *Stop) Error() string { return s.Label() + ": " + s.Err.Error() }

func (s *Stop) Unwrap() error { return s.Err }

// Replay is what replaying a game text did.
type Replay struct {
	Moves []Played // the moves played, in order
	Stop  *Stop    // the move that could not be played, or nil when the whole text was
	// Result is the text's last result token (1-0, 0-1, 1/2-1/2 or *; ½-½ reads as
	// 1/2-1/2), or "" when it has none.
	Result string
	// Resigned reports a resignation in the text ("Resigns", "24.Resigns", "Black resigns"),
	// Resigner the side that resigned: the one named, else the side to move then.
	Resigned bool
	Resigner compiler.Color
}

// PlayGame replays a game on p: moves in SAN or coordinate notation, separated by spaces,
// with optional move numbers ("1.", "14", "1...", "1.e4"), {comments}, (variations), $NAGs,
// a resignation and a result token (1-0, 0-1, 1/2-1/2, *), which are ignored. A move that
// fails to parse stops the replay with an error naming its move number, e.g.
// `2... Qh4: illegal move`. It is ReplayGame without the details.
func PlayGame(p *interpreter.Position, game string) error {
	return PlayGameIn(p, game, interpreter.NotationSAN)
}

// PlayGameIn is PlayGame for a game whose moves are written in notation n (SAN and
// coordinates are read in every notation).
func PlayGameIn(p *interpreter.Position, game string, n interpreter.Notation) error {
	if r := replayGame(context.Background(), p, game, n); r.Stop != nil {
		return r.Stop
	}
	return nil
}

// ReplayGame replays a game text on p as PlayGame does and returns each move played with
// what its text claims (check, mate) and what it does, the move it stopped at (p is then
// the position before that move), the text's result token and its resignation.
func ReplayGame(p *interpreter.Position, game string) *Replay {
	return replayGame(context.Background(), p, game, interpreter.NotationSAN)
}

// ReplayGameContext is ReplayGame that stops when ctx is done (checked before each
// move): Stop is then the move not played, its Err ctx's error.
func ReplayGameContext(ctx context.Context, p *interpreter.Position, game string) *Replay {
	return replayGame(ctx, p, game, interpreter.NotationSAN)
}

func replayGame(ctx context.Context, p *interpreter.Position, game string, n interpreter.Notation) *Replay {
	r := &Replay{}
	fullmove := startMoveNumber(p)
	tokens, open := gameTokens(game)
	defer func() {
		if open != nil && r.Stop == nil {
			// The moves before the unclosed comment or variation were played.
			r.Stop = &Stop{Number: fullmove, Side: p.Side(), Text: open.what[len(open.what)-1:], Err: open}
		}
	}()
	turn := writtenTurn{first: -1, last: -1}
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if i > turn.first && i <= turn.last && p.Side() != turn.side {
			r.Stop = &Stop{Number: fullmove, Side: turn.side, Text: turn.text, Err: fmt.Errorf("the turn ended after %d of the %d moves written%s", i-turn.first, turn.last-turn.first+1, checkEnded(p))}
			return r
		}
		if res, ok := resultTokens[tok]; ok {
			r.Result = res
			continue
		}
		if strings.HasPrefix(tok, "$") || strings.Trim(tok, "!?") == "" || strings.EqualFold(tok, "e.p.") {
			continue
		}
		if strings.EqualFold(tok, "mate") {
			if n := len(r.Moves); n > 0 {
				r.Moves[n-1].ClaimsMate = true
			}
			continue
		}

		// A move number: digits then dots, or digits alone ("0-0" is castling, not a number).
		// Digits alone are read as a move number only when they are the current one
		// ("1 e4 e5 2 Nf3"): otherwise the next move would be tried for the wrong side.
		if g := moveNumberRE.FindStringSubmatch(tok); g != nil && (g[2] != "" || g[3] == "") {
			n, err := strconv.Atoi(g[1])
			switch {
			case g[1] == "0000" && g[2] == "":
				r.Stop = &Stop{Number: fullmove, Side: p.Side(), Text: tok, Err: errNullMove}
				return r
			case err != nil || n > interpreter.MaxMoveNumber:
				r.Stop = &Stop{Number: fullmove, Side: p.Side(), Text: tok, Err: fmt.Errorf("move number %s is too large (at most %d)", defs.Clip(g[1]), interpreter.MaxMoveNumber)}
				return r
			case g[2] == "" && n != fullmove:
				r.Stop = &Stop{Number: fullmove, Side: p.Side(), Text: tok, Err: fmt.Errorf("%s is not a move; a bare number is read only as the current move number (%d)", defs.Clip(tok), fullmove)}
				return r
			case n > 0:
				fullmove = n
			}
			tok = g[3]
			if tok == "" {
				continue
			}
		}
		if isResign(tok) {
			r.Resigned, r.Resigner = true, p.Side()
			continue
		}
		if parts := TurnMoves(p.Ruleset(), tok); len(parts) > 1 {
			// A turn of several moves (e5/Nc6): its moves are read one by one, and must
			// make up the whole turn of the side to move.
			tokens = slices.Concat(tokens[:i], parts, tokens[i+1:])
			turn = writtenTurn{text: tok, side: p.Side(), first: i, last: i + len(parts) - 1, moves: p.TurnMoves() - p.TurnPart()}
			tok = parts[0]
		}
		if side, ok := sideTokens[strings.ToLower(tok)]; ok && i+1 < len(tokens) && isResign(tokens[i+1]) {
			r.Resigned, r.Resigner = true, side
			i++
			continue
		}

		side := p.Side()
		if err := ctx.Err(); err != nil {
			r.Stop = &Stop{Number: fullmove, Side: side, Text: tok, Err: err}
			return r
		}
		if res := p.Result(); res != interpreter.Ongoing {
			// One convention for every rule that ends a game (mate, a goal, the fifty-move
			// rule, repetition): a finished game takes no more moves.
			r.Stop = &Stop{Number: fullmove, Side: side, Text: tok, Err: fmt.Errorf("the game is over (%s, %s): no more moves are played", res.Score, res.Reason)}
			return r
		}
		m, err := p.ParseNotated(tok, n)
		if err != nil {
			r.Stop = &Stop{Number: fullmove, Side: side, Text: tok, Err: err}
			return r
		}
		pm := Played{Number: fullmove, Side: side, Text: tok, Move: m, Coord: p.Coord(m)}
		pm.ClaimsCheck, pm.ClaimsMate = claims(tok)
		p.Make(m)
		pm.Check, pm.Mate = p.Side() != side && p.InCheck(), wins(p)
		r.Moves = append(r.Moves, pm)
		if i == turn.last && p.Side() == turn.side && p.Result() == interpreter.Ongoing {
			r.Stop = &Stop{Number: fullmove, Side: turn.side, Text: turn.text, Err: fmt.Errorf("the turn is %d moves, %d written", turn.moves, turn.last-turn.first+1)}
			return r
		}
		if side == compiler.Black && p.Side() != side {
			fullmove++
		}
	}
	return r
}

// checkEnded says why a turn ended early, when the opponent, now to move, is in check.
func checkEnded(p *interpreter.Position) string {
	if p.InCheck() {
		return " (its check ended it)"
	}
	return ""
}

// ReadTurn reads a move, or a whole turn of several moves (e4/d4), for the side to move
// of p (left as it was): the moves must all be the side's, and a turn written whole must
// end with its last move.
func ReadTurn(p *interpreter.Position, text string) ([]interpreter.Move, error) {
	parts := TurnMoves(p.Ruleset(), text)
	q := p.Clone()
	side := q.Side()
	var moves []interpreter.Move
	for i, part := range parts {
		if i > 0 && q.Side() != side {
			return nil, fmt.Errorf("%q: the turn ended after %d of the %d moves written%s", text, i, len(parts), checkEnded(q))
		}
		m, err := q.ParseMove(part)
		if err != nil {
			return nil, err
		}
		moves = append(moves, m)
		q.Make(m)
	}
	if len(parts) > 1 && q.Side() == side && q.Result() == interpreter.Ongoing {
		return nil, fmt.Errorf("%q: the turn is %d moves, %d written", text, p.TurnMoves()-p.TurnPart(), len(parts))
	}
	return moves, nil
}

// writtenTurn is a turn of several moves written as one (e5/Nc6): its text, its side,
// the indexes of its first and last moves among the game's tokens, and the moves the
// side had left of its turn before it.
type writtenTurn struct {
	text        string
	side        compiler.Color
	first, last int
	moves       int
}

// TurnSeparator joins the moves of a turn of several moves in text: e5/Nc6, e7e5/b8c6.
const TurnSeparator = "/"

// TurnMoves splits the text of a turn of several moves into its moves (written joined by
// TurnSeparator, or by commas as some sites write them), in rules whose turns are several
// moves; otherwise, or for a single move, it returns text alone.
func TurnMoves(rs *compiler.Ruleset, text string) []string {
	if rs.Turns == nil || !strings.ContainsAny(text, "/,") {
		return []string{text}
	}
	return strings.FieldsFunc(text, func(r rune) bool { return r == '/' || r == ',' })
}

// errNullMove is the error for 0000, the null move of engine protocols.
var errNullMove = errors.New("0000 is a null move (a pass), which is not a move of the game")

func isResign(tok string) bool {
	return resignTokens[strings.ToLower(strings.TrimRight(tok, ".!"))]
}

// claims reads the check marks of a move text: '+' (or "++") claims check; '#' or a
// "mate" suffix claims mate. Annotations (!, ?) and "e.p." after the move are passed over.
func claims(text string) (check, mate bool) {
	s := strings.TrimRight(text, "!?")
	s = strings.TrimRight(strings.TrimSuffix(s, "e.p."), "!?")
	if strings.HasSuffix(s, "mate") || strings.HasSuffix(s, "#") {
		return false, true
	}
	return strings.HasSuffix(s, "+"), false
}

// wins reports whether the move just made in p won at once: the side to move has no legal
// move and loses by it (checkmate), or a goal that decides the game was reached.
func wins(p *interpreter.Position) bool {
	if e := p.Ended(); e.Over {
		return e.Outcome == compiler.Loss
	}
	if !p.InCheck() || len(p.LegalMoves(nil)) > 0 {
		return false
	}
	o, _ := p.NoMoves()
	return o == compiler.Loss
}

// moveLabel writes a move with its number: "3. Nf3" or "3... Nc6".
func moveLabel(fullmove int, side compiler.Color, move string) string {
	move = defs.Clip(move)
	if side == compiler.Black {
		return fmt.Sprintf("%d... %s", fullmove, move)
	}
	return fmt.Sprintf("%d. %s", fullmove, move)
}

// startMoveNumber reads the full-move number of p from its FEN.
func startMoveNumber(p *interpreter.Position) int {
	f := strings.Fields(p.FEN())
	n := 1
	if len(f) >= 6 {
		if v, err := strconv.Atoi(f[5]); err == nil && v > 0 {
			n = v
		}
	}
	return n
}

var (
	// exchangeOpenRE is an exchange at a '(': (B-N) then the man dropped or '@', as in (B-N)N@g7 or (P-P)@g2.
	exchangeOpenRE = regexp.MustCompile(`^\([A-Za-z]-[A-Za-z]\)[A-Za-z@]`)
	// originOpenRE is an origin in parentheses after a piece letter, as in N(b)d7, R(h)f1, N(b)xd7.
	originOpenRE = regexp.MustCompile(`^\([a-z]?[0-9]*\)x?[a-z][0-9]`)
)

// gameTokens splits a game text into tokens, dropping {comments} (which may span lines),
// ; comments (from a ';' outside braces to the end of its line), lines starting with '%'
// (PGN escapes) and (variations), which may nest and span lines. A '(' opens a variation
// unless it belongs to a move: an exchange, (B-N)N@g7, or an origin after a piece letter,
// N(b)d7; then its text runs to the next ')'.
func gameTokens(game string) ([]string, *unclosed) {
	var b strings.Builder
	braces, variations := 0, 0
	var open *unclosed // the outermost comment or variation still open
	write := func(s string) {
		if variations == 0 {
			b.WriteString(s)
		}
	}
	for ln, line := range strings.Split(game, "\n") {
		if braces == 0 && strings.HasPrefix(line, "%") {
			continue
		}
	chars:
		for i := 0; i < len(line); i++ {
			ch := line[i]
			switch {
			case ch == '{':
				if braces == 0 && variations == 0 {
					open = &unclosed{tokens: len(strings.Fields(b.String())), line: ln + 1, col: i + 1, what: "comment {"}
				}
				braces++
				b.WriteByte(' ')
			case ch == '}' && braces > 0:
				braces--
				b.WriteByte(' ')
			case braces > 0:
			case ch == ';':
				break chars
			case ch == '(' && movePart(line, i):
				end := i + strings.IndexByte(line[i:], ')')
				write(line[i : end+1])
				i = end
			case ch == '(':
				if variations == 0 {
					open = &unclosed{tokens: len(strings.Fields(b.String())), line: ln + 1, col: i + 1, what: "variation ("}
				}
				variations++
				b.WriteByte(' ')
			case ch == ')' && variations > 0:
				variations--
				b.WriteByte(' ')
			default:
				write(line[i : i+1])
			}
		}
		b.WriteByte(' ')
	}
	tokens := strings.Fields(b.String())
	if braces == 0 && variations == 0 {
		return tokens, nil
	}
	return tokens[:min(open.tokens, len(tokens))], open
}

// unclosed is a comment or a variation a game text opens and never closes: where it
// opens, and how many tokens come before it.
type unclosed struct {
	tokens, line, col int
	what              string
}

func (u *unclosed) Error() string {
	return fmt.Sprintf("the %s opened at line %d, column %d is never closed: the rest of the text would be skipped", u.what, u.line, u.col)
}

// movePart reports whether the '(' at line[i] belongs to a move rather than opening a variation.
func movePart(line string, i int) bool {
	rest := line[i:]
	if exchangeOpenRE.MatchString(rest) {
		return true
	}
	return i > 0 && line[i-1] >= 'A' && line[i-1] <= 'Z' && originOpenRE.MatchString(rest)
}
