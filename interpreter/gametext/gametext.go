// Package gametext reads games written as move text and replays them: tokens, move numbers, labels.
package gametext

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

var (
	moveNumberRE = regexp.MustCompile(`^([0-9]+)(\.*)(.*)$`)
	resultTokens = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "½-½": true, "*": true}
	// resignTokens end a game: the side to move resigns.
	resignTokens = map[string]bool{"resigns": true, "resign": true, "resigned": true}
)

// PlayGame replays a game on p: moves in SAN or coordinate notation, separated by spaces,
// with optional move numbers ("1.", "14", "1...", "1.e4"), {comments}, $NAGs and a
// result token (1-0, 0-1, 1/2-1/2, *), which are ignored. A move that fails to parse
// stops the replay with an error naming its move number, e.g. `2... Qh4: illegal move`.
func PlayGame(p *interpreter.Position, game string) error {
	fullmove := startMoveNumber(p)
	for _, tok := range gameTokens(game) {
		if resultTokens[tok] || strings.HasPrefix(tok, "$") || strings.EqualFold(tok, "mate") {
			continue
		}

		// A move number: digits then dots, or digits alone ("0-0" is castling, not a number).
		if g := moveNumberRE.FindStringSubmatch(tok); g != nil && (g[2] != "" || g[3] == "") {
			if n, err := strconv.Atoi(g[1]); err == nil && n > 0 {
				fullmove = n
			}
			tok = g[3]
			if tok == "" {
				continue
			}
		}
		if resignTokens[strings.ToLower(strings.TrimRight(tok, ".!"))] {
			continue
		}
		side := p.Side()
		m, err := p.ParseMove(tok)
		if err != nil {
			return fmt.Errorf("%s: %v", moveLabel(fullmove, side, tok), err)
		}
		p.Make(m)
		if side == compiler.Black {
			fullmove++
		}
	}
	return nil
}

// moveLabel writes a move with its number: "3. Nf3" or "3... Nc6".
func moveLabel(fullmove int, side compiler.Color, move string) string {
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

// gameTokens splits a game text into tokens, dropping {comments} (which may span lines)
// and ; comments (from a ';' outside braces to the end of its line).
func gameTokens(game string) []string {
	var b strings.Builder
	depth := 0
	for _, line := range strings.Split(game, "\n") {
	chars:
		for _, r := range line {
			switch {
			case r == ';' && depth == 0:
				break chars
			case r == '{':
				depth++
				b.WriteByte(' ')
			case r == '}' && depth > 0:
				depth--
				b.WriteByte(' ')
			case depth == 0:
				b.WriteRune(r)
			}
		}
		b.WriteByte(' ')
	}
	return strings.Fields(b.String())
}
