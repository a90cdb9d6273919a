// Games of seats on the command line: perft and the text board of a four-seat position.

package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/interpreter"
)

// openTable sets up a game of seats from --fen or --setup, then plays moves (written as
// the table reads them, separated by spaces).
func openTable(rs *compiler.Ruleset, fen, setup, moves string) (*interpreter.Table, error) {
	var t *interpreter.Table
	var err error
	if fen != "" {
		t, err = interpreter.NewTable(rs, fen)
	} else {
		t, err = interpreter.StartTable(rs, setup)
	}
	if err != nil {
		return nil, err
	}
	for _, s := range strings.Fields(moves) {
		m, err := t.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("--moves: %w", err)
		}
		if err := t.Make(m); err != nil {
			return nil, fmt.Errorf("--moves: %w", err)
		}
	}
	return t, nil
}

// seatsPerft counts a game of seats' tree (a node is one seat's move) and prints it as
// perft does for two sides.
func seatsPerft(c *context, t *interpreter.Table, depth int, divide bool) int {
	start := time.Now()
	var total uint64
	var lines []string
	for _, m := range t.LegalMoves(nil) {
		n := uint64(1)
		if depth > 1 {
			u := t.Clone()
			if err := u.Make(m); err != nil {
				return c.inputError(err)
			}
			n = interpreter.TablePerft(u, depth-1)
		}
		total += n
		lines = append(lines, fmt.Sprintf("%s: %d", t.Coord(m), n))
	}
	if divide {
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(c.out, l)
		}
		fmt.Fprintln(c.out)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(c.out, "Time: %.3f s\n", elapsed.Seconds())
	fmt.Fprintf(c.out, "Nodes/second: %.0f\n", float64(total)/max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(c.out, "Nodes searched: %d\n", total)
	return exitOK
}

// writeTable draws a game of seats' board as the players see it, the first seat at the
// bottom: each cell a man's token (seat letter and piece letter, "d" for a dead man), "."
// an empty square, blank where no cell is; then who moves, the seats out and the points.
func writeTableTo(out io.Writer, t *interpreter.Table) {
	rs := t.Ruleset()
	sr := rs.Seats
	var b strings.Builder
	for r := rs.Ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%3d ", r+1)
		for f := range rs.Files {
			sq := rs.SquareAt(f, r)
			switch m := t.Board[sq]; {
			case rs.KindOf(sq) != compiler.CellSquare:
				b.WriteString("   ")
			case m.Empty():
				b.WriteString(" . ")
			default:
				l := string(sr.Letter(int(m.Seat)))
				if m.Dead {
					l = "d"
				}
				fmt.Fprintf(&b, "%-3s", l+rs.Piece(int(m.Type)).LetterText)
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("    ")
	for f := range rs.Files {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	b.WriteByte('\n')
	fmt.Fprint(out, b.String())
	for k := range sr.Seats() {
		state := ""
		switch {
		case t.Out(k):
			state = " (out)"
		case k == t.Mover() && !t.Result().Over:
			state = " (to move)"
		}
		fmt.Fprintf(out, "%s (%c)%s: %d points\n", sr.Name(k), sr.Letter(k), state, t.Points(k))
	}
	if r := t.Result(); r.Over {
		fmt.Fprintf(out, "Game over: %s\n", r.Reason)
	}
	fmt.Fprintf(out, "FEN: %s\n", t.FEN())
}
