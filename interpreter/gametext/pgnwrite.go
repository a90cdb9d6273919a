// Writing PGN: tag pairs and movetext for a game played from a position.
package gametext

import (
	"fmt"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// WritePGN writes one game as PGN: the tag pairs in order, a blank line, then the
// movetext: the moves played from start in SAN with their check and mate marks, numbered
// from start's full-move number ("1. e4 e5", or "12... Nf6" when Black moves first),
// folded at 80 columns and ending with result ("1-0", "0-1", "1/2-1/2" or "*"). start is
// left as it was. A move that is not legal in its position is an error.
func WritePGN(tags []Tag, start *interpreter.Position, moves []interpreter.Move, result string) (string, error) {
	var b strings.Builder
	for _, t := range tags {
		value := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t.Value)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, value)
	}
	if len(tags) > 0 {
		b.WriteByte('\n')
	}
	p := start.Clone()
	number := startMoveNumber(p)
	var tokens []string
	for i, m := range moves {
		if !p.IsLegal(m) {
			return "", fmt.Errorf("move %d (%s) is not legal in %s", i+1, p.Coord(m), p.FEN())
		}
		switch {
		case p.Side() == compiler.White:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, p.SAN(m))
		if p.Side() == compiler.Black {
			number++
		}
		p.Make(m)
	}
	if result == "" {
		result = "*"
	}
	tokens = append(tokens, result)
	line := ""
	for _, tok := range tokens {
		if line != "" && len(line)+1+len(tok) > 80 {
			b.WriteString(line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += tok
	}
	b.WriteString(line + "\n")
	return b.String(), nil
}
