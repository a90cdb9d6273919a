package gametext

import (
	"errors"
	"fmt"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// Opening is where a pair of games starts: a position and moves played from it, which the
// games replay as their first moves.
type Opening struct {
	FEN   string   // the position the moves start from
	Moves []string // coordinate notation (Position.Coord)
	Name  string   // where it came from, for messages: "openings.txt:3"
}

// ReadOpenings reads the openings file name, whose text is text, for rs. A PGN file (one
// whose first line that is not blank or a '#' comment is a tag pair) gives one opening
// per game: its [FEN] tag, if any, and its moves. Otherwise each line that is not blank
// and does not start with '#' is one opening: a FEN (or EPD: a FEN whose move counters
// are left out, then operations), else move text ("1. e4 e5 2. Nf3", "e2e4 e7e5").
// Moves without a FEN start from setup (a setup name as interpreter.SetupFEN takes it,
// "" for the first): a shuffled one needs its arrangement number, since every opening
// must be one position. Every opening is checked: a bad FEN, an illegal move or a game
// over at the opening's end is an error naming the file and line.
func ReadOpenings(rs *compiler.Ruleset, name, text, setup string) ([]Opening, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	r := openingsReader{rs: rs, name: name, setup: setup}
	var out []Opening
	if looksLikePGN(text) {
		games, err := ReadPGN(text)
		var le *LineError
		if errors.As(err, &le) {
			return nil, fmt.Errorf("%s:%d: %s", name, le.Line, le.Msg)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, g := range games {
			fen := ""
			if t, ok := g.Tag("FEN"); ok {
				fen = t.Value
			}
			o, err := r.opening(g.Line, fen, g.Text)
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
	} else {
		for i, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			o, err := r.line(i+1, l)
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return out, nil
}

// openingsReader reads the openings of one file.
type openingsReader struct {
	rs          *compiler.Ruleset
	name, setup string
	start       string // the FEN of setup, once a move line needed it
}

// line reads one line of a file of lines: a FEN, an EPD or move text.
func (r *openingsReader) line(n int, l string) (Opening, error) {
	_, fenErr := interpreter.FromFEN(r.rs, l)
	if fenErr == nil {
		return r.opening(n, l, "")
	}
	if fen, ok := epdFEN(r.rs, l); ok {
		return r.opening(n, fen, "")
	}
	if strings.Count(l, "/") >= 2 {
		return Opening{}, fmt.Errorf("%s:%d: not a FEN of %s: %v", r.name, n, r.rs.Name, fenErr)
	}
	o, err := r.opening(n, "", l)
	if err == nil && len(o.Moves) == 0 {
		err = fmt.Errorf("%s:%d: neither a FEN nor moves", r.name, n)
	}
	return o, err
}

// opening is the opening at line n: moves (text) played from fen, or from the setup when
// fen is "", with the game still going at their end.
func (r *openingsReader) opening(n int, fen, moves string) (Opening, error) {
	o := Opening{FEN: fen, Name: fmt.Sprintf("%s:%d", r.name, n)}
	if o.FEN == "" {
		start, err := r.startFEN()
		if err != nil {
			return Opening{}, fmt.Errorf("%s: %w", o.Name, err)
		}
		o.FEN = start
	}
	p, err := interpreter.FromFEN(r.rs, o.FEN)
	if err != nil {
		return Opening{}, fmt.Errorf("%s: %w", o.Name, err)
	}
	if moves != "" {
		rp := ReplayGame(p, moves)
		if rp.Stop != nil {
			return Opening{}, fmt.Errorf("%s: %w", o.Name, rp.Stop)
		}
		for _, m := range rp.Moves {
			o.Moves = append(o.Moves, m.Coord)
		}
	}
	if res := p.Result(); res != interpreter.Ongoing {
		return Opening{}, fmt.Errorf("%s: the game is over after the opening (%s, %s)", o.Name, res.Score, res.Reason)
	}
	return o, nil
}

// startFEN is the FEN moves without one start from: the setup's, which must be one position.
func (r *openingsReader) startFEN() (string, error) {
	if r.start != "" {
		return r.start, nil
	}
	name, num, err := compiler.ParseSetupName(r.setup)
	if err != nil {
		return "", err
	}
	for _, s := range r.rs.Setups() {
		if (name == "" || s.Name == name) && s.Shuffled() && num < 0 {
			return "", fmt.Errorf("moves need one start position, and %s's setup %q is shuffled: give the opening as a FEN, or the setup's arrangement (%s:N)", r.rs.Name, s.Name, s.Name)
		}
		if name == "" || s.Name == name {
			break
		}
	}
	fen, _, err := interpreter.SetupFEN(r.rs, r.setup)
	if err != nil {
		return "", err
	}
	r.start = fen
	return fen, nil
}

func looksLikePGN(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		return strings.HasPrefix(l, "[")
	}
	return false
}

// epdFEN reads an EPD line: the four fields of a FEN (then operations, ignored) with the
// move counters added.
func epdFEN(rs *compiler.Ruleset, l string) (string, bool) {
	f := strings.Fields(l)
	if len(f) < 4 {
		return "", false
	}
	fen := strings.Join(f[:4], " ") + " 0 1"
	if _, err := interpreter.FromFEN(rs, fen); err != nil {
		return "", false
	}
	return fen, true
}
