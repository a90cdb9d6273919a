// The position editor: a FEN rewritten with one square changed, or the other side to move, then checked by the interpreter.
package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// setupRequest changes a position: Square gets Piece (a FEN letter, with "~" for a
// promoted piece; "*" a wall, in rulesets with walls; "" empties it), or, with Side, the
// side to move changes.
type setupRequest struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Square  string `json:"square"`
	Piece   string `json:"piece"`
	Side    string `json:"side"` // "white" or "black"
	Flip    bool   `json:"flip"`
}

// setup answers POST /api/setup: the state of the position changed (no moves played).
func (s *Server) setup(w http.ResponseWriter, r *http.Request) {
	var req setupRequest
	rs := s.decodeFor(w, r, &req, func() string { return req.Variant })
	if rs == nil {
		return
	}
	fen := strings.TrimSpace(req.FEN)
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		badRequest(w, err)
		return
	}
	if interpreter.IsSFEN(rs, fen) {
		fen = p.FEN() // edited as the FEN it reads as: an SFEN's fields mean other things
	}
	switch {
	case req.Side != "":
		fen, err = setSide(fen, req.Side)
	case req.Square != "":
		fen, err = setSquare(rs, fen, req.Square, req.Piece)
	default:
		err = errors.New(`give "square" (and "piece") or "side"`)
	}
	if err != nil {
		badRequest(w, err)
		return
	}
	fen = keepCastling(rs, fen)
	g, err := s.replay(&gameRequest{Variant: req.Variant, FEN: fen}, false)
	if err != nil {
		badRequest(w, fmt.Errorf("the position would not be legal: %w", err))
		return
	}
	writeJSON(w, s.state(g, req.Flip))
}

// keepCastling drops from fen's castling rights (its third field) those the position no
// longer allows (a king or rook moved away), when the interpreter refuses it as it is.
func keepCastling(rs *compiler.Ruleset, fen string) string {
	fields := strings.Fields(fen)
	if _, err := interpreter.FromFEN(rs, fen); err == nil || len(fields) < 3 || fields[2] == "-" {
		return fen
	}
	var kept strings.Builder
	for _, right := range fields[2] {
		try := append([]string{}, fields...)
		try[2] = string(right)
		if _, err := interpreter.FromFEN(rs, strings.Join(try, " ")); err == nil {
			kept.WriteRune(right)
		}
	}
	fields[2] = kept.String()
	if fields[2] == "" {
		fields[2] = "-"
	}
	return strings.Join(fields, " ")
}

// setSide puts side to move in fen's second field.
func setSide(fen, side string) (string, error) {
	letter := map[string]string{"white": "w", "black": "b"}[side]
	if letter == "" {
		return "", fmt.Errorf(`"side" is "white" or "black", found %s`, defs.Quote(side))
	}
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return "", errors.New("the FEN has no side to move")
	}
	fields[1] = letter
	return strings.Join(fields, " "), nil
}

// setSquare rewrites fen's board with square holding piece ("" empty). The board is read
// as the interpreter writes it: ranks from the last, separated by '/', a count of empty
// squares, '*' for a cell that is missing or unused, a letter (with '~' when promoted);
// pools follow in brackets.
func setSquare(rs *compiler.Ruleset, fen, square, piece string) (string, error) {
	sq := compiler.NoSquare
	for f := 0; f < rs.Files; f++ {
		for r := 0; r < rs.Ranks; r++ {
			if rs.SquareName(rs.SquareAt(f, r)) == square {
				sq = rs.SquareAt(f, r)
			}
		}
	}
	switch {
	case sq == compiler.NoSquare:
		return "", fmt.Errorf("no square %s on this board", defs.Quote(square))
	case rs.KindOf(sq) != compiler.CellSquare:
		return "", fmt.Errorf("%s is not a square one can stand on", square)
	case piece == "*" && rs.Walls == nil:
		return "", fmt.Errorf("%s has no walls: give a FEN letter", rs.Name)
	case piece != "" && piece != "*" && (rs.TypeOf(piece[0]) < 0 || len(piece) > 2 || len(piece) == 2 && piece[1] != '~'):
		return "", fmt.Errorf("unknown piece %s: give a FEN letter", defs.Quote(piece))
	}
	fields := strings.Fields(fen)
	board, pools, _ := strings.Cut(fields[0], "[")
	if pools != "" {
		pools = "[" + pools
	}
	rows := strings.Split(board, "/")
	i := rs.Ranks - 1 - rs.RankOf(sq)
	if len(rows) != rs.Ranks {
		return "", errors.New("the FEN's board has the wrong number of ranks")
	}
	// The rank's cells, one token each: "" empty, "*", or a piece.
	var cells []string
	row := rows[i]
	for j := 0; j < len(row); j++ {
		switch ch := row[j]; {
		case ch >= '0' && ch <= '9':
			k := j
			for k < len(row) && row[k] >= '0' && row[k] <= '9' {
				k++
			}
			n, _ := strconv.Atoi(row[j:k])
			for range n {
				cells = append(cells, "")
			}
			j = k - 1
		case j+1 < len(row) && row[j+1] == '~':
			cells = append(cells, row[j:j+2])
			j++
		default:
			cells = append(cells, string(ch))
		}
	}
	if len(cells) != rs.Files {
		return "", errors.New("the FEN's rank has the wrong number of cells")
	}
	cells[rs.FileOf(sq)] = piece
	var b strings.Builder
	empty := 0
	for _, c := range cells {
		if c == "" {
			empty++
			continue
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
			empty = 0
		}
		b.WriteString(c)
	}
	if empty > 0 {
		b.WriteString(strconv.Itoa(empty))
	}
	rows[i] = b.String()
	fields[0] = strings.Join(rows, "/") + pools
	return strings.Join(fields, " "), nil
}
