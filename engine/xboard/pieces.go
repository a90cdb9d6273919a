// XBoard's piece command: how each piece moves, in XBetza, for the variants XBoard learns from a setup line, so that it can keep its legality testing on.

package xboard

import (
	"fmt"

	"chimera/compiler"
	"chimera/defs"
)

// pieceLines are the "piece X& XBETZA" lines (as Fairy-Stockfish sends them) for each
// piece of rs whose moves XBetza states exactly and whose rules live wholly in its moves:
// a man confined to a zone, one that may not end a move on some squares, a man written
// "+X" and a man whose moves XBetza cannot state are left out (XBoard then takes its own
// idea of that letter; turn its legality testing off for such a variant). The royal that
// castles gets O and the castling distance, as in XBoard's notation.
func pieceLines(rs *compiler.Ruleset) []string {
	if rs.Def == nil {
		return nil
	}
	var out []string
	for t := 0; t < rs.NumPieces() && t < len(rs.Def.Pieces); t++ {
		pt, def := rs.Piece(t), rs.Def.Pieces[t]
		if def.Confined != "" || pt.Promoted != 0 || pt.Land[0] != rs.Squares || pt.Land[1] != rs.Squares {
			continue
		}
		text, why := defs.WriteBetzaOn(rs.Hex, def.Moves)
		if why != "" || text == "" {
			continue
		}
		if c := rs.Def.Castling; c != nil && c.Royal == string(pt.Letter) {
			if d := fileDistance(c.Short.King, c.Long.King); d > 0 {
				text += fmt.Sprintf("O%d", d/2)
			}
		}
		out = append(out, fmt.Sprintf("piece %c& %s", pt.Letter, text))
	}
	return out
}

// fileDistance is the distance between two files named by letter, or 0.
func fileDistance(a, b string) int {
	if len(a) != 1 || len(b) != 1 {
		return 0
	}
	return max(int(a[0])-int(b[0]), int(b[0])-int(a[0]))
}
