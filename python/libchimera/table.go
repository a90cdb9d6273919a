// The library's state: variants and boards in tables keyed by integer handles (C holds no Go pointer), and the calls on them.

package main

import (
	"fmt"
	"sync"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// maxText bounds a text passed in (a YAML definition, a FEN, a move).
const maxText = 1 << 20

// maxPerftDepth bounds perft's depth: deeper trees never finish.
const maxPerftDepth = 30

// yamlFile names a definition given as text in its errors. Its directory does not exist,
// so that extends: reaches only the built-in variants.
const yamlFile = "(text)/definition.yaml"

// inputError is bad input from the caller: Python raises ValueError with its message.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func badInput(format string, args ...any) error {
	return &inputError{fmt.Sprintf(format, args...)}
}

// emptyError is a take-back with no move left: Python raises IndexError.
type emptyError struct{ msg string }

func (e *emptyError) Error() string { return e.msg }

// board is a game: its position, the start it was set up from and the moves played
// since, as coordinates. Its lock serialises the calls on it (Python releases the GIL
// in a foreign call, so threads may reach one board at once).
type board struct {
	mu     sync.Mutex
	rs     *compiler.Ruleset
	p      *interpreter.Position
	start  string // the FEN set up
	moves  []string
	buf    []interpreter.Move // LegalMoves' buffer, reused
	closed bool
}

// tables holds the variants and boards handed out, by handle. Handles count up from 1
// and are never reused, so a stale handle finds nothing rather than another's board.
type tables struct {
	mu       sync.Mutex
	next     int64
	variants map[int64]*compiler.Ruleset
	boards   map[int64]*board
	builtins map[string]*compiler.Ruleset // built-ins opened so far, compiled once
}

var state = &tables{variants: map[int64]*compiler.Ruleset{}, boards: map[int64]*board{}, builtins: map[string]*compiler.Ruleset{}}

func checkText(what, s string) error {
	if len(s) > maxText {
		return badInput("%s of %d bytes: at most %d", what, len(s), maxText)
	}
	return nil
}

// variantJSON describes a variant opened.
type variantJSON struct {
	Handle   int64  `json:"handle"`
	Name     string `json:"name"`
	Title    string `json:"title"`
	StartFEN string `json:"startFen"`
}

// openVariant opens a variant: a built-in by name (kind "builtin"), a definition's YAML
// text ("yaml"), or a definition file's path ("file").
func (t *tables) openVariant(kind, text string) (*variantJSON, error) {
	if err := checkText("a definition", text); err != nil {
		return nil, err
	}
	var rs *compiler.Ruleset
	var err error
	switch kind {
	case "builtin":
		rs, err = t.builtin(text)
	case "yaml":
		var def *defs.Definition
		if def, err = defs.Parse(yamlFile, []byte(text)); err == nil {
			rs, err = interpreter.Build(def)
		}
	case "file":
		rs, err = interpreter.Open(text)
	default:
		return nil, badInput("unknown kind of variant %q (builtin, yaml or file)", kind)
	}
	if err == nil {
		// A game of seats: the binding's boards have two sides.
		err = interpreter.TwoSided(rs, "the Python binding", "play it with chimera seats, perft or show")
	}
	if err != nil {
		return nil, &inputError{err.Error()}
	}
	fen, _, err := interpreter.SetupFEN(rs, "")
	if err != nil {
		return nil, &inputError{err.Error()}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.variants[t.next] = rs
	return &variantJSON{Handle: t.next, Name: rs.Name, Title: rs.Title, StartFEN: fen}, nil
}

// variantNames lists the built-ins the binding plays: all but the games of seats.
func variantNames() []string {
	names := []string{}
	for _, b := range defs.Builtins() {
		if !defs.BuiltinSeats(b) {
			names = append(names, b)
		}
	}
	return names
}

// builtin is the built-in variant of that name, compiled at its first use.
func (t *tables) builtin(name string) (*compiler.Ruleset, error) {
	canon, ok := defs.BuiltinName(name)
	if !ok {
		return nil, badInput("unknown variant %s (chimera.variants() lists the built-ins)", defs.Quote(name))
	}
	name = canon
	t.mu.Lock()
	rs := t.builtins[name]
	t.mu.Unlock()
	if rs != nil {
		return rs, nil
	}
	rs, err := interpreter.Open(name)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.builtins[name] = rs
	return rs, nil
}

func (t *tables) variant(h int64) (*compiler.Ruleset, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	rs := t.variants[h]
	if rs == nil {
		return nil, badInput("no variant has handle %d (closed, or never opened)", h)
	}
	return rs, nil
}

func (t *tables) closeVariant(h int64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.variants[h] == nil {
		return badInput("no variant has handle %d (closed, or never opened)", h)
	}
	delete(t.variants, h)
	return nil
}

// newBoard sets up a game of variant v from fen, or from the named setup when fen is ""
// ("" the default setup).
func (t *tables) newBoard(v int64, fen, setup string) (int64, error) {
	rs, err := t.variant(v)
	if err != nil {
		return 0, err
	}
	b := &board{rs: rs}
	if err := b.setFEN(fen, setup); err != nil {
		return 0, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.boards[t.next] = b
	return t.next, nil
}

// withBoard runs f on board h under its lock.
func (t *tables) withBoard(h int64, f func(b *board) error) error {
	t.mu.Lock()
	b := t.boards[h]
	t.mu.Unlock()
	if b == nil {
		return badInput("no board has handle %d (closed, or never made)", h)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return badInput("no board has handle %d (closed, or never made)", h)
	}
	return f(b)
}

func (t *tables) closeBoard(h int64) error {
	return t.withBoard(h, func(b *board) error {
		b.closed = true
		t.mu.Lock()
		defer t.mu.Unlock()
		delete(t.boards, h)
		return nil
	})
}

// copyBoard is a new board with b's start and moves, replayed (pop takes them back as
// on b).
func (t *tables) copyBoard(h int64) (int64, error) {
	c := &board{}
	err := t.withBoard(h, func(b *board) error {
		c.rs = b.rs
		if err := c.setFEN(b.start, ""); err != nil {
			return err
		}
		for _, m := range b.moves {
			if _, err := c.push(m); err != nil {
				return fmt.Errorf("copying the board: %v", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.boards[t.next] = c
	return t.next, nil
}

// setFEN sets the board up from fen, or from the named setup when fen is "", forgetting
// its moves.
func (b *board) setFEN(fen, setup string) error {
	if err := checkText("a FEN", fen); err != nil {
		return err
	}
	if err := checkText("a setup name", setup); err != nil {
		return err
	}
	if fen != "" && setup != "" {
		return badInput("give a FEN or a setup, not both")
	}
	if fen == "" {
		var err error
		if fen, _, err = interpreter.SetupFEN(b.rs, setup); err != nil {
			return &inputError{err.Error()}
		}
	}
	p, err := interpreter.FromFEN(b.rs, fen)
	if err != nil {
		return &inputError{err.Error()}
	}
	b.p, b.start, b.moves = p, fen, nil
	return nil
}

// legal lists the legal moves in coordinate notation, or in SAN; none when the game is
// over.
func (b *board) legal(san bool) []string {
	out := []string{}
	if b.p.Result() != interpreter.Ongoing {
		return out
	}
	b.buf = b.p.LegalMoves(b.buf)
	if san {
		return b.p.NotateAll(b.buf, interpreter.NotationSAN)
	}
	for _, m := range b.buf {
		out = append(out, b.p.Coord(m))
	}
	return out
}

// parse reads a legal move in coordinate notation or SAN.
func (b *board) parse(text string) (interpreter.Move, error) {
	if err := checkText("a move", text); err != nil {
		return interpreter.NoMove, err
	}
	if r := b.p.Result(); r != interpreter.Ongoing {
		return interpreter.NoMove, badInput("move %s: the game is over (%s, %s)", defs.Quote(text), r.Score, r.Reason)
	}
	m, err := b.p.ParseMove(text)
	if err != nil {
		return interpreter.NoMove, &inputError{err.Error()}
	}
	return m, nil
}

// playedJSON is a move played: its coordinates and SAN.
type playedJSON struct {
	Coord string `json:"coord"`
	SAN   string `json:"san"`
}

func (b *board) push(text string) (*playedJSON, error) {
	m, err := b.parse(text)
	if err != nil {
		return nil, err
	}
	out := &playedJSON{Coord: b.p.Coord(m), SAN: b.p.SAN(m)}
	b.p.Make(m)
	b.moves = append(b.moves, out.Coord)
	return out, nil
}

func (b *board) pop() (string, error) {
	if len(b.moves) == 0 {
		return "", &emptyError{"no move to take back: the board is at its start"}
	}
	b.p.Unmake()
	last := b.moves[len(b.moves)-1]
	b.moves = b.moves[:len(b.moves)-1]
	return last, nil
}

// notate writes a legal move in a notation (san, wxf, janggi, hosking, hodges,
// hodges-number).
func (b *board) notate(text, notation string) (string, error) {
	n, err := interpreter.ParseNotation(notation)
	if err != nil {
		return "", &inputError{err.Error()}
	}
	m, err := b.parse(text)
	if err != nil {
		return "", err
	}
	return b.p.Notate(m, n), nil
}

// resultJSON is a game's result: "*" while it goes on.
type resultJSON struct {
	Score  string `json:"score"`
	Reason string `json:"reason"`
}

func (b *board) result() resultJSON {
	r := b.p.Result()
	return resultJSON{Score: r.Score, Reason: r.Reason}
}

// infoJSON is what a board knows of its game besides the moves.
type infoJSON struct {
	FEN     string   `json:"fen"`
	Side    string   `json:"side"`
	InCheck bool     `json:"inCheck"`
	Ply     int      `json:"ply"`
	Moves   []string `json:"moves"`
	Variant string   `json:"variant"`
}

func (b *board) info() infoJSON {
	return infoJSON{FEN: b.p.FEN(), Side: interpreter.SideName(b.p.Side()), InCheck: b.p.InCheck(),
		Ply: b.p.Ply(), Moves: append([]string{}, b.moves...), Variant: b.rs.Name}
}

func (b *board) perft(depth int) (int64, error) {
	if depth < 0 || depth > maxPerftDepth {
		return 0, badInput("perft depth %d: from 0 to %d", depth, maxPerftDepth)
	}
	return perft.Perft(b.p, depth), nil
}

// validateFEN checks a FEN of variant v: nil when it is a position of the variant.
func (t *tables) validateFEN(v int64, fen string) error {
	rs, err := t.variant(v)
	if err != nil {
		return err
	}
	if err := checkText("a FEN", fen); err != nil {
		return err
	}
	if _, err := interpreter.FromFEN(rs, fen); err != nil {
		return &inputError{err.Error()}
	}
	return nil
}

// count is how many variants and boards are open (for the tests of handles).
func (t *tables) count() (variants, boards int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.variants), len(t.boards)
}
