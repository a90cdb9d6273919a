// Package xbtext holds XBoard's conventions, shared by the XBoard engine and the match referee: variant names, square names, moves and FENs.
package xbtext

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// conventions are the built-ins' XBoard conventions (their definitions' xboard: key), by
// Chimera's name, read once.
var conventions = sync.OnceValue(func() map[string]*defs.XBoardConventions {
	out := map[string]*defs.XBoardConventions{}
	for _, b := range defs.Builtins() {
		if def, err := defs.Load(b); err == nil && def.XBoard != nil {
			out[b] = def.XBoard
		}
	}
	return out
})

// Name is the name XBoard gives the built-in Chimera calls name: its definition's
// xboard.name, or else Chimera's own name.
func Name(name string) string {
	if x := conventions()[name]; x != nil {
		return x.Name
	}
	return name
}

// ChimeraName is the built-in Chimera calls by the XBoard name xb, when XBoard has a name
// of its own for it.
func ChimeraName(xb string) (string, bool) {
	for c, x := range conventions() {
		if x.Name == xb {
			return c, true
		}
	}
	return "", false
}

// known are XBoard 4.9's own variants: one of these is played by XBoard's rules for it,
// so an engine sends no setup for it.
var known = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`normal wildcastle nocastle fischerandom bughouse crazyhouse
		losers suicide giveaway twokings kriegspiel atomic 3check shatranj wild28 wild29 wild30
		wild31 wild32 wild33 wild34 wild35 wild36 shogi chu courier gothic capablanca knightmate
		fairy cylinder falcon caparandom berolina janus super great twilight makruk seirawan
		grand spartan xiangqi asean lion elven unknown`) {
		known[n] = true
	}
}

// Known reports whether XBoard plays the variant named xb (an XBoard name) itself.
func Known(xb string) bool { return known[xb] }

// Start is XBoard's start position of the built-in Chimera calls name, when it differs
// from the definition's first setup (its xboard.start).
func Start(name string) (string, bool) {
	if x := conventions()[name]; x != nil && x.Start != "" {
		return x.Start, true
	}
	return "", false
}

// letters are XBoard's FEN letters where they differ from rs's (rs's letter to XBoard's,
// both cases), from its definition's xboard.letters; nil when none differ.
func letters(rs *compiler.Ruleset) map[byte]byte {
	if rs.Def == nil || rs.Def.XBoard == nil || len(rs.Def.XBoard.Letters) == 0 {
		return nil
	}
	out := map[byte]byte{}
	for k, v := range rs.Def.XBoard.Letters {
		if len(k) == 1 && len(v) == 1 {
			up, low := strings.ToUpper(v), strings.ToLower(v)
			out[strings.ToUpper(k)[0]], out[strings.ToLower(k)[0]] = up[0], low[0]
		}
	}
	return out
}

// Codec writes and reads moves and FENs as XBoard does for one variant: coordinates;
// castling as the king's move, O-O and O-O-O in fischerandom; a move capturing in passing
// as legs through the squares it captures on (a1a5,a5a6), so that XBoard removes those
// pieces too; a turn with a wall as the move's squares, the wall's leg from where the man
// landed, then the promotion letter (e7e8,e8d5q, as Fairy-Stockfish writes it for
// XBoard; its UCI, like Chimera's coordinates, puts the letter before the comma:
// e7e8q,e8d5); on boards of exactly 10 ranks the ranks count from 0.
type Codec struct {
	rs      *compiler.Ruleset
	fischer bool
}

// New is the codec of rs.
func New(rs *compiler.Ruleset) Codec {
	return Codec{rs: rs, fischer: Name(rs.Name) == "fischerandom"}
}

var squareRE = regexp.MustCompile(`([a-z])([0-9]+)`)

// ToXB rewrites Chimera's square names in s as XBoard's.
func (c Codec) ToXB(s string) string { return c.shiftRanks(s, -1) }

// FromXB rewrites XBoard's square names in s as Chimera's.
func (c Codec) FromXB(s string) string { return c.shiftRanks(s, 1) }

func (c Codec) shiftRanks(s string, by int) string {
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

// MoveText writes m, legal in p.
func (c Codec) MoveText(p *interpreter.Position, m interpreter.Move) string {
	rs := c.rs
	name := rs.SquareName
	if m.Wall() != interpreter.NoSquare {
		// Chimera's coordinates (which write castling as the king's move, or as the king
		// taking its partner where the king's move is another move's) with the promotion
		// moved after the wall's leg.
		move, wall, _ := strings.Cut(p.Coord(m), ",")
		squares := movePrefixRE.FindString(move)
		return c.ToXB(squares + "," + wall + move[len(squares):])
	}
	switch {
	case m.Kind() == interpreter.KindCastle:
		if c.fischer {
			if rs.FileOf(m.Aux()) > rs.FileOf(m.From()) {
				return "O-O"
			}
			return "O-O-O"
		}
		if m.To() != m.From() && !kingStepTo(p, m) {
			return c.ToXB(name(m.From()) + name(m.To()))
		}
	case m.Stop() != interpreter.NoSquare && m.Gated() < 0:
		// A move that stops on the way (a path with a stop): two legs through the stop, e4e5,e5e6
		// or, back to the origin, e4e5,e5e4.
		last := name(m.Stop()) + name(m.To())
		if t := m.Promotion(); t >= 0 {
			last += p.PromotionText(m, t)
		}
		return c.ToXB(name(m.From()) + name(m.Stop()) + "," + last)
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
			last += p.PromotionText(m, t)
		}
		return c.ToXB(strings.Join(append(legs, last), ","))
	}
	return c.ToXB(p.Coord(m))
}

// castleLegs reads a castling written as two legs, the king's then its partner's
// (f1g1,k1f1), as Sjaak II writes a castling whose king's move is another move's.
func castleLegs(rs *compiler.Ruleset, p *interpreter.Position, parts []string) (interpreter.Move, bool) {
	if len(parts) != 2 {
		return interpreter.NoMove, false
	}
	k, r := legRE.FindStringSubmatch(parts[0]), legRE.FindStringSubmatch(parts[1])
	if k == nil || r == nil || k[3] != "" || r[3] != "" {
		return interpreter.NoMove, false
	}
	for _, m := range p.LegalMoves(nil) {
		if m.Kind() != interpreter.KindCastle || m.Gated() >= 0 || rs.SquareName(m.From()) != k[1] || rs.SquareName(m.To()) != k[2] || rs.SquareName(m.Aux()) != r[1] {
			continue
		}
		to, ok := rs.ParseSquare(r[2])
		if !ok || r[2] == k[2] {
			continue
		}
		partner := p.At(m.Aux())
		p.Make(m)
		lands := p.At(to) == partner
		p.Unmake()
		if lands {
			return m, true
		}
	}
	return interpreter.NoMove, false
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

var legRE = regexp.MustCompile(`^([a-z][0-9]+)([a-z][0-9]+)((?:\+?[a-zA-Z][!']?|[+-])?)$`)

// movePrefixRE matches a coordinate move's origin and destination.
var movePrefixRE = regexp.MustCompile(`^[a-z][0-9]+[a-z][0-9]+`)

// wallLegRE matches a wall's leg as XBoard writes it: from where the man landed, to the
// wall, then the move's promotion.
var wallLegRE = regexp.MustCompile(`^([a-z][0-9]+[a-z][0-9]+)([a-zA-Z+-]*)$`)

// ParseMove reads a move as XBoard writes it (see MoveText), in p. A turn with a wall
// may also give its promotion before the comma, as UCI does.
func (c Codec) ParseMove(p *interpreter.Position, s string) (interpreter.Move, error) {
	s = c.FromXB(strings.TrimSpace(s))
	if c.rs.Walls != nil {
		if move, wall, ok := strings.Cut(s, ","); ok {
			if g := wallLegRE.FindStringSubmatch(wall); g != nil && g[2] != "" {
				s = move + g[2] + "," + g[1] // the promotion back before the comma
			}
		}
		return p.ParseMove(s)
	}
	if !strings.Contains(s, ",") {
		return p.ParseMove(s)
	}
	parts := strings.Split(s, ",")
	if m, ok := castleLegs(c.rs, p, parts); ok {
		return m, nil
	}
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
	if len(mids) == 1 {
		// The legs of a move that stops: its coordinates name the stop (e4e5e6).
		if m, err := p.ParseMove(from + mids[0] + to + promo); err == nil && m.Stop() != interpreter.NoSquare {
			return m, nil
		}
	}
	if len(mids) > 0 {
		if m, err := p.ParseMove(from + to + promo + "x" + strings.Join(mids, "x")); err == nil {
			return m, nil
		}
	}
	return p.ParseMove(from + to + promo)
}

// FEN writes a Chimera FEN as XBoard reads it: XBoard's letters, the en-passant square
// counted from rank 0 on 10-rank boards.
func (c Codec) FEN(fen string) string {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return fen
	}
	fields[0] = c.relabel(fields[0], letters(c.rs))
	if len(fields) > 3 && squareRE.MatchString(fields[3]) {
		fields[3] = c.ToXB(fields[3])
	}
	return strings.Join(fields, " ")
}

// ReadFEN reads a FEN as XBoard sends it: XBoard's letters and square names, and, when
// the FEN is not Chimera's as it stands, XBoard's habits (an empty holding as [-], the
// castling and en-passant fields left out).
func (c Codec) ReadFEN(fen string) (*interpreter.Position, error) {
	p, err := interpreter.FromFEN(c.rs, c.fromXBFEN(fen, false))
	if err == nil {
		return p, nil
	}
	if q, err2 := interpreter.FromFEN(c.rs, c.fromXBFEN(fen, true)); err2 == nil {
		return q, nil
	}
	return nil, err
}

func (c Codec) fromXBFEN(fen string, normalize bool) string {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return fen
	}
	if to := letters(c.rs); to != nil {
		from := map[byte]byte{}
		for k, v := range to {
			from[v] = k
		}
		fields[0] = c.relabel(fields[0], from)
	}
	if normalize {
		fields[0] = strings.ReplaceAll(fields[0], "[-]", "[]")
		if len(fields) >= 2 {
			var words, counts, statuses []string
			for _, f := range fields[2:] {
				switch {
				case strings.Contains(f, ":"):
					statuses = append(statuses, f)
				case strings.Trim(f, "0123456789") == "":
					counts = append(counts, f)
				default:
					words = append(words, f)
				}
			}
			for len(words) < 2 {
				words = append(words, "-")
			}
			fields = append(append(append(fields[:2:2], words...), counts...), statuses...)
		}
	}
	if len(fields) > 3 && squareRE.MatchString(fields[3]) {
		fields[3] = c.FromXB(fields[3])
	}
	return strings.Join(fields, " ")
}

// relabel swaps the board's letters (up to the holdings' brackets) by m.
func (c Codec) relabel(board string, m map[byte]byte) string {
	if m == nil {
		return board
	}
	b := []byte(board)
	for i, ch := range b {
		if ch == '[' {
			break
		}
		if l, ok := m[ch]; ok {
			b[i] = l
		}
	}
	return string(b)
}
