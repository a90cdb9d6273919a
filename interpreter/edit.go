// Positions edited as FEN text: one cell of the board changed, the castling rights the change undoes dropped.

package interpreter

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// EditFEN returns fen with cell sq holding man, checked as FromFEN checks a position.
// man is "" (the cell emptied), "*" (a wall, in rulesets with walls) or a man's FEN token:
// its letter (upper case White's, lower case Black's) or "+" and the letter of a piece
// written so, then "~" for a promoted man that demotes when captured. The board is read
// as FEN writes it (ranks from the last, '/' between them, counts of empty cells, '*'
// for a cell missing, unused or walled, tokens such as "+P" and "N~"; pools in brackets
// after it) and the other fields are kept, but for the castling rights the edited
// position no longer allows (a king or a rook moved away), which are dropped.
func EditFEN(rs *compiler.Ruleset, fen string, sq Square, man string) (string, error) {
	if sq < 0 || sq >= rs.Cells {
		return "", errors.New("no such square on this board")
	}
	name := rs.SquareName(sq)
	if rs.KindOf(sq) != compiler.CellSquare {
		return "", fmt.Errorf("%s is not a square a man can stand on", name)
	}
	if err := checkMan(rs, man); err != nil {
		return "", err
	}
	if _, err := FromFEN(rs, fen); err != nil {
		return "", err
	}
	// FromFEN read the board: its fields, pools and ranks are as the rest expects.
	fields := strings.Fields(fen)
	board, pools, _ := splitPools(fields[0])
	rows := strings.Split(board, "/")
	i := rs.Ranks - 1 - rs.RankOf(sq)
	cells := rankCells(rows[i], rs.Files)
	if len(cells) != rs.Files {
		return "", &FENError{FEN: fen, Msg: fmt.Sprintf("rank %d does not have %d cells", rs.RankOf(sq)+1, rs.Files)}
	}
	cells[rs.FileOf(sq)] = man
	rows[i] = writeRank(cells)
	fields[0] = strings.Join(rows, "/")
	for _, pool := range pools {
		fields[0] += "[" + pool + "]"
	}
	return keepCastling(rs, fields)
}

// checkMan checks a man's token for EditFEN.
func checkMan(rs *compiler.Ruleset, man string) error {
	switch {
	case man == "":
		return nil
	case man == "*":
		if rs.Walls == nil && rs.Petrify == 0 {
			return fmt.Errorf("%s has no walls: give a FEN letter", rs.Name)
		}
		return nil
	}
	letter, _ := strings.CutSuffix(man, "~")
	if rs.TypeOfText(letter) < 0 || strings.HasSuffix(letter, "~") {
		return fmt.Errorf("unknown piece %s: give a FEN letter (such as %s), \"+\" and a letter for a piece written so, \"~\" after it for a promoted man", defs.Quote(man), rs.Piece(0).LetterText)
	}
	return nil
}

// rankCells splits a rank of a FEN's board into its cells: "" for an empty one, else its
// token ("*", a letter, "+" and a letter, each with its "~"). It stops past files cells
// (the rank is too long then), so that a huge count costs nothing.
func rankCells(rank string, files int) []string {
	var cells []string
	for j := 0; j < len(rank) && len(cells) <= files; {
		switch c := rank[j]; {
		case c >= '0' && c <= '9':
			k := j
			for k < len(rank) && rank[k] >= '0' && rank[k] <= '9' {
				k++
			}
			n, err := strconv.Atoi(rank[j:k])
			if err != nil || n > files {
				n = files + 1
			}
			for range n {
				cells = append(cells, "")
			}
			j = k
		default:
			k := j + 1
			if c == '+' && k < len(rank) {
				k++
			}
			if k < len(rank) && defs.IsMark(rank[k]) {
				k++
			}
			for k < len(rank) && rank[k] == '~' {
				k++
			}
			cells = append(cells, rank[j:k])
			j = k
		}
	}
	return cells
}

// writeRank writes cells as a rank of a FEN's board, runs of empty cells as counts.
func writeRank(cells []string) string {
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
	return b.String()
}

// keepCastling joins the fields of an edited FEN, its castling rights (the third field)
// cut to those the position allows when it is not valid with them all; then the
// position must be valid.
func keepCastling(rs *compiler.Ruleset, fields []string) (string, error) {
	fen := strings.Join(fields, " ")
	_, err := FromFEN(rs, fen)
	if err == nil || len(fields) < 3 || fields[2] == "-" {
		return fen, err
	}
	var kept strings.Builder
	for _, right := range fields[2] {
		try := append([]string{}, fields...)
		try[2] = string(right)
		if _, err := FromFEN(rs, strings.Join(try, " ")); err == nil {
			kept.WriteRune(right)
		}
	}
	fields[2] = kept.String()
	if fields[2] == "" {
		fields[2] = "-"
	}
	fen = strings.Join(fields, " ")
	if _, err := FromFEN(rs, fen); err != nil {
		return "", err
	}
	return fen, nil
}
