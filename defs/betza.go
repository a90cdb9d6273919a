// XBetza notation read into movement atoms: every letter compiles to atoms or is a positioned error.

package defs

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// BetzaError is a problem at byte offset Offset of an XBetza string.
type BetzaError struct {
	Offset int
	Msg    string
}

func (e *BetzaError) Error() string { return fmt.Sprintf("at character %d: %s", e.Offset+1, e.Msg) }

// betzaAtom is an XBetza atom letter: its base step (XBoard's orientation, forward first)
// and its direction class.
type betzaAtom struct {
	dx, dy int
	class  byte // 'W' orthogonal, 'F' diagonal, 'N' oblique, 'K' orthogonal and diagonal
	rider  bool // R, B, Q: unlimited range unless a number follows
}

var betzaAtoms = map[byte]betzaAtom{
	'W': {0, 1, 'W', false}, 'F': {1, 1, 'F', false}, 'D': {0, 2, 'W', false},
	'N': {1, 2, 'N', false}, 'A': {2, 2, 'F', false}, 'H': {0, 3, 'W', false},
	'C': {1, 3, 'N', false}, 'L': {1, 3, 'N', false}, 'Z': {2, 3, 'N', false},
	'J': {2, 3, 'N', false}, 'G': {3, 3, 'F', false}, 'K': {0, 1, 'K', false},
	'R': {0, 1, 'W', true}, 'B': {1, 1, 'F', true}, 'Q': {0, 1, 'K', true},
}

// The direction bits of XBoard's move generator: bit d is the base step turned by rot[d],
// clockwise from forward (bit 0: the step itself; for K, bit 0 forward, 1 forward-right...).
var betzaRot = [8][4]int{{1, 0, 0, 1}, {0, 1, 1, 0}, {0, 1, -1, 0}, {1, 0, 0, -1}, {-1, 0, 0, -1}, {0, -1, -1, 0}, {0, -1, 1, 0}, {-1, 0, 0, 1}}

func turn(d, dx, dy int) [2]int {
	r := betzaRot[d&7]
	return [2]int{dx*r[0] + dy*r[1], dx*r[2] + dy*r[3]}
}

// Direction sets of the modifiers, as XBoard reads them: wide (dirs1), narrow (dirs2),
// and the 8-fold system of K, Q and continuation legs (dirs3 combined, dirs4 alone).
var (
	dirsWide   = map[byte]int{'b': 0x3C, 'f': 0xC3, 'l': 0xF0, 'r': 0x0F}
	dirsNarrow = map[byte]int{'b': 0x18, 'f': 0x81, 'h': 0xFF, 'l': 0x60, 'r': 0x06, 's': 0x66, 'v': 0x99}
	dirs3      = map[byte]int{'b': 0x38, 'f': 0x83, 'h': 0xFF, 'l': 0xE0, 'r': 0x0E, 's': 0xEE, 'v': 0xBB}
	dirs4      = map[byte]int{'b': 0x10, 'f': 0x01, 'h': 0xFF, 'l': 0x40, 'r': 0x04, 's': 0x44, 'v': 0x11}
)

// dimension: 1 vertical (f b v), 2 horizontal (l r s), 0 h.
func dimension(c byte) int {
	switch c {
	case 'f', 'b', 'v':
		return 1
	case 'l', 'r', 's':
		return 2
	}
	return 0
}

func isDir(c byte) bool { return strings.IndexByte("fblrvsh", c) >= 0 }

// dirMask reads direction modifiers (offsets at pos) for an atom class, XBoard's way: on
// orthogonal atoms the letters add up; on diagonal ones a vertical and a horizontal letter
// together name one diagonal; on oblique ones a letter alone names the two moves closest
// to it, doubled or followed by a perpendicular letter it names one, followed by h the
// four on that side; in the 8-fold system (K, Q, later legs) a letter alone is one
// direction and a perpendicular pair the diagonals between. Empty means all directions.
//
// turned: Black's moves are White's turned half round (ParseBetzaTurned), so one hand of
// the oblique moves may be named, as Fairy-Stockfish reads them: hl the four moves
// turning counterclockwise of the narrow ones ((2, 1), (-1, 2), (-2, -1), (1, -2)), hr
// their mirror images.
func dirMask(class byte, mods []byte, pos []int, continuation, turned bool) (int, *BetzaError) {
	all := map[byte]int{'W': 0x55, 'F': 0xAA, 'N': 0xFF, 'K': 0xFF}[class]
	if continuation {
		class = 'K'
	}
	set := 0
	for i := 0; i < len(mods); i++ {
		c := mods[i]
		var next byte
		if i+1 < len(mods) {
			next = mods[i+1]
		}
		perp := next != 0 && dimension(c) != 0 && dimension(next) != 0 && dimension(c)|dimension(next) == 3
		switch class {
		case 'W':
			if c == 'h' {
				return 0, &BetzaError{pos[i], "h (half) means nothing on an orthogonal atom"}
			}
			set |= dirsNarrow[c] & 0x55
		case 'F':
			if c == 'h' {
				return 0, &BetzaError{pos[i], "h (half) means nothing on a diagonal atom"}
			}
			b := dirsWide[c]
			if perp {
				b &= dirsWide[next]
				i++
			}
			if b&0xAA == 0 {
				return 0, &BetzaError{pos[i], fmt.Sprintf("%q selects no diagonal direction", string(c))}
			}
			set |= b & 0xAA
		case 'N':
			if c == 'h' {
				if i != 0 || (next != 'r' && next != 'l') {
					return 0, &BetzaError{pos[i], "h on an oblique atom is hl or hr, first"}
				}
				if turned {
					set |= map[byte]int{'l': 0xAA, 'r': 0x55}[next]
					i++
					continue
				}
				return 0, &BetzaError{pos[i], "hl and hr (one hand of the oblique moves) are not left-right symmetric: Black's moves in Chimera mirror White's across the middle rank, XBetza turns them half round"}
			}
			b := dirsNarrow[c]
			switch {
			case next == 'h':
				if dirsWide[c] == 0 {
					return 0, &BetzaError{pos[i], fmt.Sprintf("%sh selects no direction", string(c))}
				}
				b = dirsWide[c]
				i++
			case dimension(c) != 0 && c != 's' && c != 'v' && (next == c || perp):
				b = dirsWide[c] & dirsNarrow[next]
				i++
			}
			set |= b
		case 'K':
			b := dirs4[c]
			switch {
			case next == c:
				i++
			case c != 'h' && c != 's' && c != 'v' && perp:
				b = dirs3[c] & dirs3[next]
				i++
			}
			set |= b
		}
	}
	if set == 0 {
		if continuation {
			if all == 0xFF {
				return 0xEF, nil // every direction but straight back
			}
			return 0x45, nil // forward and sideways
		}
		return all, nil
	}
	return set, nil
}

// concrete is one fully oriented move of a piece (White's): legs with absolute steps.
type concrete struct {
	legs      []Leg // for a single leap or ride, one leg with its range
	kind      byte  // 'l' leap, 'r' ride, 'p' path
	mode      string
	initial   bool
	enPassant bool
	hopLimit  int // a hop of a limited range (pR2): the range, else 0
	hopPos    int // where its p is written
}

func (c concrete) key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%c|%s|%v|%v", c.kind, c.mode, c.initial, c.enPassant)
	for _, l := range c.legs {
		on := slices.Clone(l.On)
		sort.Strings(on)
		fmt.Fprintf(&b, "|%v,%v,%v,%v", l.Step, on, l.Capture, l.Range)
	}
	return b.String()
}

func (c concrete) mirrored() concrete {
	out := c
	out.legs = make([]Leg, len(c.legs))
	for i, l := range c.legs {
		l.Step = []int{-l.Step[0], l.Step[1]}
		out.legs[i] = l
	}
	return out
}

// transformed applies the linear map m (a, b, c, d) to every leg.
func (c concrete) transformed(m [4]int) concrete {
	out := c
	out.legs = make([]Leg, len(c.legs))
	for i, l := range c.legs {
		x, y := l.Step[0], l.Step[1]
		l.Step = []int{m[0]*x + m[1]*y, m[2]*x + m[3]*y}
		out.legs[i] = l
	}
	return out
}

var symmetryMaps = [][4]int{{1, 0, 0, 1}, {-1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, -1}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, -1, 0}, {0, -1, -1, 0}}

// atomsOf turns a set of concrete moves into atoms: a whole orbit of the 8 symmetries is
// one atom, a mirror pair another, a move without its mirror image (ParseBetzaTurned)
// one of its own.
func atomsOf(moves []concrete) []Atom {
	have := map[string]bool{}
	var order []concrete
	for _, m := range moves {
		if k := m.key(); !have[k] {
			have[k] = true
			order = append(order, m)
		}
	}
	done := map[string]bool{}
	var out []Atom
	for _, m := range order {
		if done[m.key()] {
			continue
		}
		orbit := func(maps [][4]int) ([]string, bool) {
			var ks []string
			for _, t := range maps {
				k := m.transformed(t).key()
				if !have[k] {
					return nil, false
				}
				ks = append(ks, k)
			}
			return ks, true
		}
		sym := "all"
		ks, ok := orbit(symmetryMaps)
		if !ok {
			sym = "mirror"
			ks, ok = orbit(symmetryMaps[:2])
		}
		if !ok { // a move without its mirror image (ParseBetzaTurned)
			sym, ks = "none", []string{m.key()}
		}
		for _, k := range ks {
			done[k] = true
		}
		if sym == "mirror" && m.legs[0].Step[0] == 0 && len(m.legs) == 1 {
			sym = "none"
		}
		out = append(out, m.atom(sym))
	}
	return out
}

func (c concrete) atom(sym string) Atom {
	a := Atom{Symmetry: sym, Initial: c.initial, EPCapture: c.enPassant}
	if sym == "all" {
		a.Symmetry = ""
	}
	if c.mode != "both" {
		a.Mode = c.mode
	}
	switch c.kind {
	case 'l':
		a.Leap = slices.Clone(c.legs[0].Step)
	case 'r':
		a.Ride = slices.Clone(c.legs[0].Step)
		r := c.legs[0].Range
		if len(r) == 2 && !(r[0] == 1 && r[1] == 0) {
			a.Range = []int{r[1]}
			if r[0] != 1 {
				a.Range = slices.Clone(r)
			}
		}
	default:
		for _, l := range c.legs {
			l.Step = slices.Clone(l.Step)
			a.Path = append(a.Path, l)
		}
	}
	return a
}

// betzaLeg is one leg of an XBetza move as written.
type betzaLeg struct {
	dirs, modes []byte
	dirPos      []int
	modePos     []int
}

func (l betzaLeg) has(c byte) bool { return slices.Contains(l.modes, c) }

// ParseBetza reads an XBetza description into movement atoms. Letters XBetza defines
// that Chimera's atoms cannot say, and letters it does not define, are errors at their
// offset; nothing is dropped or approximated.
func ParseBetza(s string) ([]Atom, error) { return parseBetza(s, false) }

// ParseBetzaTurned reads XBetza as Fairy-Stockfish gives Black its moves, White's turned
// half round: moves need not be left-right symmetric (one side's diagonal, hl and hr on
// oblique atoms), and the atoms are White's for a piece with turned: true (an atom not
// symmetric left to right has symmetry none).
func ParseBetzaTurned(s string) ([]Atom, error) { return parseBetza(s, true) }

func parseBetza(s string, turned bool) ([]Atom, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &BetzaError{0, "an empty description: give at least one atom (W, F, N, R, ...)"}
	}
	var all []Atom
	var every []concrete
	i := 0
	for i < len(s) {
		start := i
		legs := []betzaLeg{{}}
		initial := false
		for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			c := s[i]
			cur := &legs[len(legs)-1]
			switch {
			case c == 'a':
				legs = append(legs, betzaLeg{})
			case c == 'i':
				if len(legs) > 1 || initial {
					return nil, &BetzaError{i, "i (initial) is written once, in the first leg"}
				}
				initial = true
			case isDir(c):
				cur.dirs = append(cur.dirs, c)
				cur.dirPos = append(cur.dirPos, i)
			case strings.IndexByte("mcpgnjet", c) >= 0:
				cur.modes = append(cur.modes, c)
				cur.modePos = append(cur.modePos, i)
			case strings.IndexByte("doyuxzqk", c) >= 0:
				return nil, &BetzaError{i, fmt.Sprintf("%q is XBetza, but Chimera's atoms cannot say it (%s)", string(c), unsupportedWhy(c))}
			default:
				return nil, &BetzaError{i, fmt.Sprintf("%q is no XBetza modifier", string(c))}
			}
			i++
		}
		if i >= len(s) {
			return nil, &BetzaError{start, "modifiers with no atom after them"}
		}
		atomPos := i
		letter := s[i]
		if letter == 'O' {
			return nil, &BetzaError{i, "O (castling) is a rule of two pieces: give it with the castling key"}
		}
		at, ok := betzaAtoms[letter]
		if !ok {
			if strings.IndexByte("UIX", letter) >= 0 {
				return nil, &BetzaError{i, fmt.Sprintf("%q is XBetza, but Chimera's atoms cannot say it", string(letter))}
			}
			return nil, &BetzaError{i, fmt.Sprintf("%q is no XBetza atom (W F D N A H C Z G K R B Q)", string(letter))}
		}
		i++
		rng := 1 // 0 unlimited
		if at.rider {
			rng = 0
		}
		if i < len(s) && s[i] == letter && !at.rider {
			rng = 0
			i++
		} else if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 2 {
				j++
			}
			fmt.Sscanf(s[i:j], "%d", &rng)
			if rng == 1 && at.rider {
				return nil, &BetzaError{i, "a rider with range 1: write the leaper (W, F or K)"}
			}
			i = j
		}
		moves, err := expandBetza(at, rng, legs, initial, atomPos, turned)
		if err != nil {
			return nil, err
		}
		every = append(every, moves...)
		all = append(all, atomsOf(moves)...)
	}
	if err := hopLimitClash(every); err != nil {
		return nil, err
	}
	return all, nil
}

// concreteMode is what a move may do where it lands: move, capture or both.
func concreteMode(c concrete) string {
	if c.kind != 'p' {
		return c.mode
	}
	on := c.legs[len(c.legs)-1].On
	switch {
	case len(on) == 0 || slices.Contains(on, "empty") && slices.Contains(on, "enemy"):
		return "both"
	case slices.Contains(on, "empty"):
		return "move"
	}
	return "capture"
}

// along reports how many times v goes into s (t >= 1 with s = t·v), or 0.
func along(s []int, v []int) int {
	for t := 1; t <= 16; t++ {
		if s[0] == t*v[0] && s[1] == t*v[1] {
			return t
		}
	}
	return 0
}

// hopLimitClash: Fairy-Stockfish masks a piece's moves of one kind (quiet, capture) with
// the squares all of them reach on an empty board (bitboard.cpp, PseudoMoves and
// PseudoAttacks), which is what limits a hop's range (pR2). Where another move of the
// same kind reaches further along the hop's line, the hop lands as far as it: an error,
// not read otherwise.
func hopLimitClash(moves []concrete) error {
	for _, h := range moves {
		if h.hopLimit == 0 {
			continue
		}
		v := h.legs[len(h.legs)-1].Step
		hm := concreteMode(h)
		for _, c := range moves {
			if c.initial {
				continue
			}
			cm := concreteMode(c)
			if hm != "both" && cm != "both" && hm != cm {
				continue
			}
			if c.hopLimit != 0 {
				if slices.Equal(c.legs[len(c.legs)-1].Step, v) && c.hopLimit != h.hopLimit {
					return &BetzaError{h.hopPos, fmt.Sprintf("two hops of different ranges along one line (%d and %d): Fairy-Stockfish keeps one range per direction", h.hopLimit, c.hopLimit)}
				}
				continue
			}
			reach := 0
			for _, l := range c.legs {
				t := along(l.Step, v)
				if t == 0 {
					reach = -1
					break
				}
				hi := 1
				if len(l.Range) == 2 {
					hi = l.Range[1]
				}
				if hi == 0 {
					reach = 1 << 20
					break
				}
				reach += hi * t
			}
			if reach > h.hopLimit {
				return &BetzaError{h.hopPos, fmt.Sprintf("a hop of range %d beside a move of the same kind that goes further along its line: Fairy-Stockfish's hop lands as far as the piece's other moves reach on an empty board, which Chimera's hop does not say", h.hopLimit)}
			}
		}
	}
	return nil
}

func unsupportedWhy(c byte) string {
	switch c {
	case 'd':
		return "no atom captures a man of its own side"
	case 'o':
		return "boards do not wrap round"
	case 'y':
		return "no leg turns a leaper into a slider on an empty square"
	case 'x', 'u':
		return "no atom relocates or unloads another man"
	case 'z', 'q':
		return "crooked and circular paths are not written this way here; give the legs with a"
	case 'k':
		return "no atom tests for check on its way"
	}
	return "no such mechanism"
}

// stepsOf gives the concrete White steps of one leg: the bits of its direction set turned
// from the previous leg's bit (angle), with the vector for each bit.
type orientedStep struct {
	bit int
	v   [2]int
}

func legSteps(at betzaAtom, mask int, angle int, continuation bool) []orientedStep {
	if continuation || at.class == 'K' {
		mask = (mask<<angle | mask>>(8-angle)) & 255
	}
	var out []orientedStep
	for d := 0; d < 8; d++ {
		if mask&(1<<d) == 0 {
			continue
		}
		dx, dy := at.dx, at.dy
		if continuation || at.class == 'K' {
			// the 8-fold system: even bits are orthogonal, odd diagonal
			n := max(abs(at.dx), abs(at.dy))
			if d%2 == 0 {
				dx, dy = 0, n
			} else {
				dx, dy = n, n
				if at.class != 'K' && !continuation {
					continue
				}
			}
			out = append(out, orientedStep{d, turn(d, dx, dy)})
			continue
		}
		out = append(out, orientedStep{d, turn(d, dx, dy)})
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// expandBetza produces every oriented move of one XBetza move.
func expandBetza(at betzaAtom, rng int, legs []betzaLeg, initial bool, atomPos int, turned bool) ([]concrete, error) {
	for li, l := range legs {
		for k, c := range l.modes {
			if slices.Index(l.modes, c) != k {
				return nil, &BetzaError{l.modePos[k], fmt.Sprintf("%q given twice", string(c))}
			}
		}
		if li > 0 && at.class == 'N' {
			return nil, &BetzaError{atomPos, "a continuation leg (a) of an oblique atom: its directions are not defined; give the legs as W, F or K steps"}
		}
	}
	if len(legs) == 1 {
		return singleLeg(at, rng, legs[0], initial, atomPos, turned)
	}
	if initial {
		return nil, &BetzaError{atomPos, "i (initial) on a multi-leg move: Chimera keeps first-move rights for leaps only"}
	}
	return multiLeg(at, rng, legs, atomPos, turned)
}

func rangeOf(rng int) []int {
	if rng == 1 {
		return nil
	}
	return []int{1, rng}
}

func singleLeg(at betzaAtom, rng int, l betzaLeg, initial bool, atomPos int, turned bool) ([]concrete, error) {
	mask, err := dirMask(at.class, l.dirs, l.dirPos, false, turned)
	if err != nil {
		return nil, err
	}
	steps := legSteps(at, mask, 0, false)
	if err := mirrorClosed(steps, atomPos); err != nil && !turned {
		return nil, err
	}
	mode := "both"
	hasM, hasC := l.has('m'), l.has('c')
	switch {
	case hasM && !hasC:
		mode = "move"
	case hasC && !hasM:
		mode = "capture"
	}
	pos := func(c byte) int { return l.modePos[slices.Index(l.modes, c)] }
	if l.has('t') {
		return nil, &BetzaError{pos('t'), tameWhy}
	}
	ep := l.has('e')
	if ep && (!hasC || hasM) {
		return nil, &BetzaError{pos('e'), "e (en passant) is written with c, as a capture-only move (ce)"}
	}
	hop, grass, lame, jump := l.has('p'), l.has('g'), l.has('n'), l.has('j')
	if hop && grass {
		return nil, &BetzaError{pos('g'), "p and g together"}
	}
	special := hop || grass || lame || jump
	if special && ep {
		return nil, &BetzaError{pos('e'), "e (en passant) combined with p, g, n or j"}
	}
	if initial && (rng != 1 || special) {
		return nil, &BetzaError{atomPos, "i (initial) on a ride, hop or lame move: Chimera keeps first-move rights for leaps only (give a pawn's double step as a ride with from: a zone)"}
	}
	if ep && rng != 1 {
		return nil, &BetzaError{pos('e'), "e (en passant) on a ride: Chimera's en-passant captures are leaps"}
	}
	last := func() []string {
		switch mode {
		case "move":
			return []string{"empty"}
		case "capture":
			return []string{"enemy"}
		}
		return nil
	}
	var out []concrete
	for _, st := range steps {
		v := st.v
		switch {
		case hop || grass:
			if rng == 1 || grass && rng != 0 {
				return nil, &BetzaError{pos(map[bool]byte{true: 'p', false: 'g'}[hop]), "p is for riders (R, B, Q, a doubled atom, or one with a range: pR2), g for unlimited ones"}
			}
			if rng != 0 {
				// A hop of a limited range, as Fairy-Stockfish reads it (piece.cpp and
				// bitboard.cpp: the hopper's moves masked by its range counted from its
				// square, screen included): it lands at most rng squares away, a path per
				// distance of the screen.
				for k := 1; k < rng; k++ {
					var ls []Leg
					if k > 1 {
						ls = append(ls, Leg{Step: v[:], Range: []int{k - 1, k - 1}})
					}
					land := Leg{Step: v[:], On: last()}
					if rng-k > 1 {
						land.Range = []int{1, rng - k}
					}
					ls = append(ls, Leg{Step: v[:], On: []string{"friend", "enemy"}}, land)
					out = append(out, concrete{kind: 'p', legs: ls, hopLimit: rng, hopPos: pos('p')})
				}
				continue
			}
			lastLeg := Leg{Step: v[:], On: last(), Range: []int{1, 0}}
			if grass {
				lastLeg.Range = nil
			}
			out = append(out, concrete{kind: 'p', legs: []Leg{
				{Step: v[:], Range: []int{0, 0}},
				{Step: v[:], On: []string{"friend", "enemy"}},
				lastLeg}})
		case lame:
			if rng == 1 {
				n := [2]int{v[0] / 2, v[1] / 2}
				if n == [2]int{0, 0} {
					out = append(out, concrete{kind: 'l', legs: []Leg{{Step: v[:]}}, mode: mode})
					continue
				}
				if !(at.dx <= 2 && at.dy == 2) {
					return nil, &BetzaError{pos('n'), "n (lame) on a leap longer than N, D or A: which squares block it is not defined"}
				}
				out = append(out, concrete{kind: 'p', legs: []Leg{{Step: n[:], On: []string{"empty"}}, {Step: []int{v[0] - n[0], v[1] - n[1]}, On: last()}}})
				continue
			}
			if at.dx+at.dy == 1 || at.dx == 1 && at.dy == 1 {
				out = append(out, concrete{kind: 'r', legs: []Leg{{Step: v[:], Range: rangeOf(rng)}}, mode: mode})
				continue
			}
			return nil, &BetzaError{pos('n'), "n (lame) on a rider: which squares block each step is not defined"}
		case jump:
			if rng == 1 || max(abs(v[0]), abs(v[1])) != 1 {
				return nil, &BetzaError{pos('j'), "j is written here only on a W, F or K rider (skip the first square, then slide)"}
			}
			r := []int{1, 0}
			if rng > 1 {
				if rng < 2 {
					return nil, &BetzaError{pos('j'), "j on a ride of range 1"}
				}
				r = []int{1, rng - 1}
			}
			out = append(out, concrete{kind: 'p', legs: []Leg{{Step: v[:], On: []string{"any"}}, {Step: v[:], Range: r, On: last()}}})
		default:
			kind := byte('l')
			var r []int
			if rng != 1 {
				kind = 'r'
				r = rangeOf(rng)
				if rng == 0 {
					r = []int{1, 0}
				}
			}
			out = append(out, concrete{kind: kind, legs: []Leg{{Step: v[:], Range: r}}, mode: mode, initial: initial, enPassant: ep})
		}
	}
	return out, nil
}

func mirrorClosed(steps []orientedStep, at int) error {
	have := map[[2]int]bool{}
	for _, s := range steps {
		have[s.v] = true
	}
	for _, s := range steps {
		if !have[[2]int{-s.v[0], s.v[1]}] {
			return &BetzaError{at, "directions that are not left-right symmetric: Black's moves in Chimera mirror White's across the middle rank, XBetza turns them half round, so such a piece would move differently"}
		}
	}
	return nil
}

// multiLeg expands legs joined by a: each later leg's directions are in the 8-fold
// system, turned with the direction the previous leg went; an orthogonal atom asked to
// go diagonally becomes its diagonal counterpart (W to F) and back.
func multiLeg(at betzaAtom, rng int, legs []betzaLeg, atomPos int, turned bool) ([]concrete, error) {
	type partial struct {
		legs  []Leg
		angle int
	}
	first, err := dirMask(at.class, legs[0].dirs, legs[0].dirPos, false, turned)
	if err != nil {
		return nil, err
	}
	cur := []partial{}
	for _, st := range legSteps(at, first, 0, false) {
		ls, err := legConds(legs[0], false, rng, st.v)
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			cur = append(cur, partial{legs: l, angle: st.bit})
		}
	}
	for li := 1; li < len(legs); li++ {
		mask, err := dirMask(at.class, legs[li].dirs, legs[li].dirPos, true, turned)
		if err != nil {
			return nil, err
		}
		var next []partial
		for _, p := range cur {
			for _, st := range legSteps(at, mask, p.angle, true) {
				ls, err := legConds(legs[li], li == len(legs)-1, rng, st.v)
				if err != nil {
					return nil, err
				}
				for _, l := range ls {
					next = append(next, partial{legs: append(slices.Clone(p.legs), l...), angle: st.bit})
				}
			}
		}
		cur = next
	}
	if len(cur) > 0 && len(cur[0].legs) > 8 {
		return nil, &BetzaError{atomPos, "more than 8 legs"}
	}
	var out []concrete
	for _, p := range cur {
		out = append(out, concrete{kind: 'p', legs: p.legs})
	}
	for _, c := range out {
		if endsHome(c.legs) {
			return nil, &BetzaError{atomPos, "a multi-leg move that can end on its own square: XBoard counts that square empty (a pass, or a capture without moving), Chimera's paths do not land on their origin"}
		}
	}
	// mirror check over whole paths
	have := map[string]bool{}
	for _, c := range out {
		have[c.key()] = true
	}
	for _, c := range out {
		if !turned && !have[c.mirrored().key()] {
			return nil, &BetzaError{atomPos, "a path that is not left-right symmetric: Black's moves in Chimera mirror White's across the middle rank, XBetza turns them half round"}
		}
	}
	return out, nil
}

// endsHome reports whether a path can end on the square it started from, its legs taking
// any number of steps their ranges allow (an unlimited one up to the widest board's).
func endsHome(legs []Leg) bool {
	const reach = 16
	at := map[[2]int]bool{{0, 0}: true}
	for _, l := range legs {
		lo, hi := 1, 1
		if len(l.Range) == 2 {
			lo, hi = l.Range[0], l.Range[1]
		}
		if hi == 0 {
			hi = reach
		}
		next := map[[2]int]bool{}
		for p := range at {
			for k := lo; k <= hi; k++ {
				q := [2]int{p[0] + k*l.Step[0], p[1] + k*l.Step[1]}
				if abs(q[0]) <= reach && abs(q[1]) <= reach {
					next[q] = true
				}
			}
		}
		at = next
	}
	return at[[2]int{0, 0}]
}

// legConds gives the Chimera legs one XBetza leg stands for (a non-final leg that may
// both move and capture is two alternatives).
func legConds(l betzaLeg, final bool, rng int, v [2]int) ([][]Leg, error) {
	pos := func(c byte) int { return l.modePos[slices.Index(l.modes, c)] }
	for _, c := range []byte{'g', 'n', 'j', 'e'} {
		if l.has(c) {
			return nil, &BetzaError{pos(c), fmt.Sprintf("%q inside a multi-leg move: not supported by Chimera's paths here", string(c))}
		}
	}
	r := rangeOf(rng)
	if rng == 0 {
		r = []int{1, 0}
	}
	step := []int{v[0], v[1]}
	if l.has('t') && (final || !l.has('p')) {
		return nil, &BetzaError{pos('t'), tameWhy}
	}
	if final {
		if l.has('p') {
			return nil, &BetzaError{pos('p'), "p on the last leg of a multi-leg move: not supported"}
		}
		on := []string(nil)
		switch {
		case l.has('m') && !l.has('c'):
			on = []string{"empty"}
		case l.has('c') && !l.has('m'):
			on = []string{"enemy"}
		}
		return [][]Leg{{{Step: step, Range: r, On: on}}}, nil
	}
	var out [][]Leg
	m, c, p := l.has('m'), l.has('c'), l.has('p')
	if !m && !c && !p {
		m = true
	}
	if m {
		out = append(out, []Leg{{Step: step, Range: r, On: []string{"empty"}}})
	}
	before := func() []Leg {
		if rng == 1 {
			return nil
		}
		pr := []int{0, 0}
		if rng > 1 {
			pr = []int{0, rng - 1}
		}
		return []Leg{{Step: step, Range: pr, On: []string{"empty"}}}
	}
	if c {
		out = append(out, append(before(), Leg{Step: step, On: []string{"enemy"}, Capture: true}))
	}
	if p {
		over := []string{"friend", "enemy"}
		if l.has('t') {
			over = []string{"friend"}
		}
		out = append(out, append(before(), Leg{Step: step, On: over}))
	}
	return out, nil
}

// tameWhy is the error for t where Chimera has no reading of it.
const tameWhy = "t is read with p on a leg before the last, XBoard's way: pass over an own man only (ftpafmW); on a last leg (XBoard: may not take a royal) no atom says it"

// lowerBetza turns the betza: text of each piece this file gives into its moves. A piece
// mapping of this file with betza: may not give moves: as well; one that gives betza:
// over a base piece replaces the base's moves.
func (d *decoder) lowerBetza(def *Definition) {
	for i := range def.Pieces {
		p := &def.Pieces[i]
		if p.Src.File != d.file || p.Src.Node == nil || p.Src.Node.Kind != yaml.MappingNode {
			continue
		}
		var bn, mn *yaml.Node
		for j := 0; j+1 < len(p.Src.Node.Content); j += 2 {
			switch p.Src.Node.Content[j].Value {
			case "betza":
				bn = p.Src.Node.Content[j+1]
			case "moves":
				mn = p.Src.Node.Content[j]
			}
		}
		if bn == nil {
			continue
		}
		if mn != nil {
			d.errs.Add(d.file, mn, "piece %s: give its moves either as moves: or as betza:, not both", Quote(p.Letter))
			continue
		}
		atoms, err := ParseBetza(p.Betza)
		if err != nil {
			be := err.(*BetzaError)
			col := bn.Column + be.Offset
			if bn.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
				col++
			}
			ch := ""
			if be.Offset < len(p.Betza) {
				ch = fmt.Sprintf(" %q:", string(p.Betza[be.Offset]))
			}
			d.errs = append(d.errs, Error{File: d.file, Line: bn.Line, Col: col, Msg: fmt.Sprintf("betza %s, at%s %s", Quote(p.Betza), ch, be.Msg)})
			continue
		}
		for k := range atoms {
			atoms[k].Src = Src{File: d.file, Node: bn}
			for l := range atoms[k].Path {
				atoms[k].Path[l].Src = Src{File: d.file, Node: bn}
			}
		}
		p.Moves = atoms
	}
}
