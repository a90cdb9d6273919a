// Writing games as PGN.
package selfplay

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PGNHeader holds the tags common to the games of a run.
type PGNHeader struct {
	Event   string // "chimera selfplay"
	Variant string
	Date    string // YYYY.MM.DD
	Player  string // the engine and its budget, e.g. "chimera nodes 3000"
}

// WritePGN writes g as a PGN game: the seven-tag roster, Variant, SetUp and FEN (the
// start position), Termination (the reason the game ended: checkmate, stalemate, a
// goal's name, fifty-move rule, repetition, or "move cap" for a draw adjudicated at the
// cap), PlyCount, and for a handicap game the handicap; then the moves in SAN.
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
	tags := [][2]string{
		{"Event", h.Event}, {"Site", "?"}, {"Date", date}, {"Round", strconv.Itoa(g.Index + 1)},
		{"White", white}, {"Black", black}, {"Result", g.Result},
		{"Variant", h.Variant}, {"SetUp", "1"}, {"FEN", g.FEN},
		{"Termination", g.Reason}, {"PlyCount", strconv.Itoa(g.Plies())},
	}
	if handicap != "" {
		tags = append(tags, [2]string{"Handicap", handicap})
	}
	var b strings.Builder
	for _, t := range tags {
		v := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t[1])
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t[0], v)
	}
	b.WriteByte('\n')
	fields := strings.Fields(g.FEN)
	black1 := len(fields) > 1 && fields[1] == "b"
	number := 1
	if len(fields) > 5 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 {
			number = n
		}
	}
	var tokens []string
	for i, san := range g.SAN {
		blackMove := (i%2 == 1) != black1
		switch {
		case !blackMove:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		if g.Opening > 0 && i == g.Opening {
			tokens = append(tokens, "{end of opening}")
			if blackMove {
				tokens = append(tokens, fmt.Sprintf("%d...", number))
			}
		}
		tokens = append(tokens, san)
		if blackMove {
			number++
		}
	}
	tokens = append(tokens, "{"+g.Reason+"}", g.Result)
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > 79 {
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
	_, err := io.WriteString(w, b.String())
	return err
}
