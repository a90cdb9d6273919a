// Writing PGN: the one writer of tag pairs and movetext for every command that writes games.

package gametext

import (
	"fmt"
	"io"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// PGNLineWidth is the longest movetext line written, in bytes: PGN's export format keeps
// lines under 80 columns.
const PGNLineWidth = 79

// Record is one game to be written as PGN.
type Record struct {
	Tags  []Tag                 // in order; values are escaped as they are written
	Start *interpreter.Position // the game's start: its side to move and full-move number number the moves
	SAN   []string              // the moves, in SAN with their check marks
	// Before and After, when not nil, hold a comment for each move ("" for none): Before's
	// is written before the move (and its number), After's after it.
	Before, After []string
	End           string // a last comment, how the game ended ("" for none)
	Result        string // "1-0", "0-1", "1/2-1/2"; "" is written "*"
}

// Write writes r to w: the tag pairs (quotes and backslashes escaped) and a blank line, then
// the movetext: the moves numbered from the start's full-move number ("1. e4 e5", or
// "12... Nf6" when Black moves first, and again after a comment before a Black move),
// comments in braces (a '}' inside one written ')'), folded at PGNLineWidth, ending with
// the result and a blank line.
func (r Record) Write(w io.Writer) error {
	_, err := io.WriteString(w, r.String())
	return err
}

// String is the game as Write writes it.
func (r Record) String() string {
	var b strings.Builder
	escape := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, escape.Replace(t.Value))
	}
	if len(r.Tags) > 0 {
		b.WriteByte('\n')
	}
	number, black := 1, false
	if r.Start != nil {
		number, black = startMoveNumber(r.Start), r.Start.Side() == compiler.Black
	}
	var tokens []string
	comment := func(text string) {
		if text = strings.TrimSpace(text); text == "" {
			return
		}
		words := strings.Fields(strings.ReplaceAll(text, "}", ")"))
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		tokens = append(tokens, words...)
	}
	for i, san := range r.SAN {
		commented := false
		if i < len(r.Before) && strings.TrimSpace(r.Before[i]) != "" {
			comment(r.Before[i])
			commented = true
		}
		switch {
		case !black:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0 || commented || i > 0 && i-1 < len(r.After) && strings.TrimSpace(r.After[i-1]) != "":
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, san)
		if i < len(r.After) {
			comment(r.After[i])
		}
		if black {
			number++
		}
		black = !black
	}
	comment(r.End)
	result := r.Result
	if result == "" {
		result = "*"
	}
	tokens = append(tokens, result)
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > PGNLineWidth {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n\n")
	return b.String()
}

// SANOf plays moves from start (left as it was) and returns them in SAN. A move that is
// not legal in its position is an error. In rules whose turns are several moves, each
// entry is a turn: its moves joined by TurnSeparator (e5/Nc6).
func SANOf(start *interpreter.Position, moves []interpreter.Move) ([]string, error) {
	p := start.Clone()
	san := make([]string, 0, len(moves))
	joined := p.TurnPart() > 0 // a turn begun before start goes on
	for i, m := range moves {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("move %d (%s) is not legal in %s", i+1, p.Coord(m), p.FEN())
		}
		text := p.SAN(m)
		if joined && len(san) > 0 {
			san[len(san)-1] += TurnSeparator + text
		} else {
			san = append(san, text)
		}
		side := p.Side()
		p.Make(m)
		joined = p.Side() == side
	}
	return san, nil
}

// WritePGN writes one game as PGN (see Record.Write): the tag pairs, then the moves played
// from start in SAN, ending with result. start is left as it was. A move that is not legal
// in its position is an error.
func WritePGN(tags []Tag, start *interpreter.Position, moves []interpreter.Move, result string) (string, error) {
	san, err := SANOf(start, moves)
	if err != nil {
		return "", err
	}
	return Record{Tags: tags, Start: start, SAN: san, Result: result}.String(), nil
}
