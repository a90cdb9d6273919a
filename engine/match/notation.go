// Moves, positions and variant names as each protocol writes them.
package match

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// xbVariantName is the name XBoard gives a variant: XBoard's own names for chess (normal)
// and Chess960 (fischerandom), else Chimera's, as `chimera xboard` offers them.
func xbVariantName(name string) string {
	switch name {
	case "chess":
		return "normal"
	case "chess960":
		return "fischerandom"
	}
	return name
}

// xbStartDiffers lists the variants whose XBoard start position is not Chimera's: the
// referee sends such a start with setboard.
var xbStartDiffers = map[string]bool{"courier": true}

// xbLetters are XBoard's FEN letters where they differ from Chimera's, per variant.
var xbLetters = map[string]map[byte]byte{
	"xiangqi": {'N': 'H', 'B': 'E', 'n': 'h', 'b': 'e'},
}

// xbCodec writes and reads moves as XBoard does (the same conventions `chimera xboard`
// follows): coordinates; castling as the king's move, O-O and O-O-O in fischerandom; a
// move capturing in passing as legs through the squares it captures on (a1a5,a5a6); on
// boards of exactly 10 ranks the ranks count from 0.
type xbCodec struct {
	rs      *compiler.Ruleset
	fischer bool
}

func newXBCodec(rs *compiler.Ruleset) xbCodec {
	return xbCodec{rs: rs, fischer: xbVariantName(rs.Name) == "fischerandom"}
}

var squareRE = regexp.MustCompile(`([a-z])([0-9]+)`)

func (c xbCodec) shiftRanks(s string, by int) string {
	if c.rs.Ranks != 10 {
		return s
	}
	return squareRE.ReplaceAllStringFunc(s, func(sq string) string {
		n, err := strconv.Atoi(sq[1:])
		if err != nil {
			return sq
		}
		return sq[:1] + strconv.Itoa(n+by)
	})
}

// moveText writes m, legal in p.
func (c xbCodec) moveText(p *interpreter.Position, m interpreter.Move) string {
	rs := c.rs
	name := rs.SquareName
	switch {
	case m.Kind() == interpreter.KindCastle:
		if c.fischer {
			if rs.FileOf(m.Aux()) > rs.FileOf(m.From()) {
				return "O-O"
			}
			return "O-O-O"
		}
		if m.To() != m.From() && !kingStepTo(p, m) {
			return c.shiftRanks(name(m.From())+name(m.To()), -1)
		}
	case m.Cap1() != interpreter.NoSquare && m.Kind() != interpreter.KindEP && !m.IsDrop():
		caps := []interpreter.Square{m.Cap1()}
		if m.Cap2() != interpreter.NoSquare {
			caps = append(caps, m.Cap2())
		}
		sort.Slice(caps, func(i, j int) bool { return distance(rs, m.From(), caps[i]) < distance(rs, m.From(), caps[j]) })
		var legs []string
		at := m.From()
		for _, sq := range caps {
			legs = append(legs, name(at)+name(sq))
			at = sq
		}
		last := name(at) + name(m.To())
		if t := m.Promotion(); t >= 0 {
			last += strings.ToLower(string(rs.Piece(t).Letter))
		}
		return c.shiftRanks(strings.Join(append(legs, last), ","), -1)
	}
	return c.shiftRanks(p.Coord(m), -1)
}

// kingStepTo reports whether another legal move goes from castling move m's origin to its
// king destination (then the king's move would not say castling).
func kingStepTo(p *interpreter.Position, m interpreter.Move) bool {
	for _, o := range p.LegalMoves(nil) {
		if o != m && !o.IsDrop() && o.From() == m.From() && o.To() == m.To() {
			return true
		}
	}
	return false
}

func distance(rs *compiler.Ruleset, a, b interpreter.Square) int {
	return max(abs(rs.FileOf(a)-rs.FileOf(b)), abs(rs.RankOf(a)-rs.RankOf(b)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var legRE = regexp.MustCompile(`^([a-z][0-9]+)([a-z][0-9]+)([a-zA-Z]?)$`)

// parseMove reads a move an XBoard engine sent, in p.
func (c xbCodec) parseMove(p *interpreter.Position, s string) (interpreter.Move, error) {
	s = c.shiftRanks(strings.TrimSpace(s), 1)
	if !strings.Contains(s, ",") {
		return p.ParseMove(s)
	}
	parts := strings.Split(s, ",")
	var mids []string
	from, to, promo := "", "", ""
	for i, leg := range parts {
		g := legRE.FindStringSubmatch(leg)
		if g == nil || (i > 0 && g[1] != to) || (i < len(parts)-1 && g[3] != "") {
			return interpreter.NoMove, fmt.Errorf("move %q: legs are written a1a5,a5a6", s)
		}
		if i == 0 {
			from = g[1]
		} else {
			mids = append(mids, g[1])
		}
		to, promo = g[2], g[3]
	}
	if len(mids) > 0 {
		if m, err := p.ParseMove(from + to + promo + "x" + strings.Join(mids, "x")); err == nil {
			return m, nil
		}
	}
	return p.ParseMove(from + to + promo)
}

// fen writes a Chimera FEN as XBoard reads it: XBoard's letters, the en-passant square
// counted from rank 0 on 10-rank boards.
func (c xbCodec) fen(fen string) string {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return fen
	}
	if letters := xbLetters[c.rs.Name]; letters != nil {
		b := []byte(fields[0])
		for i, ch := range b {
			if ch == '[' {
				break
			}
			if l, ok := letters[ch]; ok {
				b[i] = l
			}
		}
		fields[0] = string(b)
	}
	if len(fields) > 3 && squareRE.MatchString(fields[3]) {
		fields[3] = c.shiftRanks(fields[3], -1)
	}
	return strings.Join(fields, " ")
}
