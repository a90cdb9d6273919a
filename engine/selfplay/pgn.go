// Writing games as PGN.

package selfplay

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// PGNHeader holds the tags common to the games of a run.
type PGNHeader struct {
	Event   string // "chimera selfplay"
	Variant string
	Date    string // YYYY.MM.DD
	Player  string // the engine and its budget, e.g. "chimera nodes 3000"
	Rules   *compiler.Ruleset
}

// WritePGN writes g as a PGN game: the seven-tag roster, Variant, SetUp and FEN (the
// start position), Termination (the reason the game ended: checkmate, stalemate, a
// goal's name, fifty-move rule, repetition, or "move cap" for a draw adjudicated at the
// cap), PlyCount, and for a handicap game the handicap; then the moves in SAN, the end of
// the opening and how the game ended as comments (gametext.Record writes it).
func WritePGN(w io.Writer, h PGNHeader, g Game) error {
	white, black := h.Player, h.Player
	handicap := ""
	if a, b, trade := strings.Cut(g.Pairing, ":"); trade { // a trade: each side lacks a piece
		lacksW, lacksB := a, b
		if g.Handicapped == "black" {
			lacksW, lacksB = b, a
		}
		white += " (-" + lacksW + ")"
		black += " (-" + lacksB + ")"
		handicap = "White without " + lacksW + ", Black without " + lacksB
	} else if g.Pairing != "" {
		switch g.Handicapped {
		case "white":
			white += " (" + g.Pairing + ")"
		case "black":
			black += " (" + g.Pairing + ")"
		}
		handicap = g.Pairing + " for " + g.Handicapped
	}
	date := h.Date
	if date == "" {
		date = "????.??.??"
	}
	tags := []gametext.Tag{
		{Name: "Event", Value: h.Event}, {Name: "Site", Value: "?"}, {Name: "Date", Value: date}, {Name: "Round", Value: strconv.Itoa(g.Index + 1)},
		{Name: "White", Value: white}, {Name: "Black", Value: black}, {Name: "Result", Value: g.Result},
		{Name: "Variant", Value: h.Variant}, {Name: "SetUp", Value: "1"}, {Name: "FEN", Value: g.FEN},
		{Name: "Termination", Value: g.Reason}, {Name: "PlyCount", Value: strconv.Itoa(g.Plies())},
	}
	if handicap != "" {
		tags = append(tags, gametext.Tag{Name: "Handicap", Value: handicap})
	}
	var before []string
	if g.Opening > 0 && g.Opening < len(g.SAN) {
		before = make([]string, g.Opening+1)
		before[g.Opening] = "end of opening"
	}
	start, err := interpreter.FromFEN(h.Rules, g.FEN)
	if err != nil {
		return fmt.Errorf("game %d: its start: %v", g.Index+1, err)
	}
	return gametext.Record{Tags: tags, Start: start, SAN: g.SAN, Before: before, End: g.Reason, Result: g.Result}.Write(w)
}
