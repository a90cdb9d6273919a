// Movement atoms written as XBetza, exact or with the reason they cannot be.

package defs

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// normalLeg gives a leg its explicit range and conditions, so that equal moves compare equal.
func normalLeg(l Leg, last bool) Leg {
	out := Leg{Step: slices.Clone(l.Step), Capture: l.Capture, Not: l.Not}
	switch len(l.Range) {
	case 0:
		out.Range = []int{1, 1}
	case 1:
		out.Range = []int{l.Range[0], l.Range[0]}
	default:
		out.Range = slices.Clone(l.Range)
	}
	on := l.On
	if len(on) == 0 {
		on = []string{"empty"}
		if last {
			on = []string{"empty", "enemy"}
		}
	}
	set := map[string]bool{}
	for _, o := range on {
		if o == "any" {
			set["empty"], set["friend"], set["enemy"] = true, true, true
		} else {
			set[o] = true
		}
	}
	for o := range set {
		out.On = append(out.On, o)
	}
	sort.Strings(out.On)
	return out
}

func (c concrete) normal() concrete {
	out := c
	out.legs = make([]Leg, len(c.legs))
	for i, l := range c.legs {
		out.legs[i] = normalLeg(l, i == len(c.legs)-1)
	}
	if c.kind == 'r' && len(c.legs[0].Range) == 0 {
		out.legs[0].Range = []int{1, 0}
	}
	if c.kind == 'r' && len(c.legs[0].Range) == 1 {
		out.legs[0].Range = []int{1, c.legs[0].Range[0]}
	}
	if c.mode == "" {
		out.mode = "both"
	}
	return out
}

func linearMapsDefs(v, w [2]int, symmetry string) [][4]int {
	var cands [][4]int
	switch symmetry {
	case "none":
		cands = symmetryMaps[:1]
	case "mirror":
		cands = symmetryMaps[:2]
	default:
		cands = symmetryMaps
	}
	var out [][4]int
	for _, m := range cands {
		if [2]int{m[0]*v[0] + m[1]*v[1], m[2]*v[0] + m[3]*v[1]} == w {
			out = append(out, m)
		}
	}
	return out
}

// ConcreteKeys lists every oriented move (White's) an atom list makes, as comparable
// text: two atom lists that move alike give the same keys. reason is non-empty when an
// atom uses something this comparison (and XBetza) does not cover.
func concreteMoves(moves []Atom) ([]concrete, string) {
	var out []concrete
	for _, a := range moves {
		if why := notBetza(a); why != "" {
			return nil, why
		}
		var base concrete
		base.mode = a.Mode
		base.initial, base.enPassant = a.Initial, a.EPCapture
		var first []int
		switch {
		case a.Leap != nil:
			base.kind = 'l'
			base.legs = []Leg{{Step: a.Leap}}
			first = a.Leap
		case a.Ride != nil:
			base.kind = 'r'
			base.legs = []Leg{{Step: a.Ride, Range: a.Range}}
			if len(a.Range) == 0 {
				base.legs[0].Range = []int{1, 0}
			} else if len(a.Range) == 1 {
				base.legs[0].Range = []int{1, a.Range[0]}
			}
			first = a.Ride
		default:
			base.kind = 'p'
			base.legs = a.Path
			first = a.Path[0].Step
		}
		f := [2]int{first[0], first[1]}
		for _, w := range Images(f[0], f[1], a.Symmetry, a.Only) {
			for _, m := range linearMapsDefs(f, w, a.Symmetry) {
				out = append(out, base.transformed(m).normal())
			}
		}
	}
	return out, ""
}

// notBetza says why an atom has no XBetza, or "".
func notBetza(a Atom) string {
	switch {
	case a.From != "":
		return "from: a zone (XBetza has no zones)"
	case a.Within != "":
		return "within: a zone (XBetza has no zones)"
	case a.NotInCheck:
		return "not-in-check (XBetza's moves do not look at check)"
	case a.Mode == "capture-royal":
		return "mode: capture-royal (XBetza has no move that only attacks royal men)"
	case a.EPTarget:
		return "ep-target (XBetza gives en-passant rights to initial lame moves only, which Chimera writes with from:)"
	case a.RangeCapture:
		return "range-capture (XBetza has no capture past men by their rank)"
	}
	for _, l := range a.Path {
		if len(l.Not) > 0 {
			return "a leg with not: (XBetza's screens cannot exclude types)"
		}
		if l.Stop {
			return "a leg with stop: (an XBetza move that goes on from an empty square is one move with the direct one)"
		}
		for _, o := range l.On {
			if o == "missing" || o == "unused" {
				return "a leg on missing or unused cells"
			}
		}
	}
	return ""
}

func keysOf(cs []concrete) []string {
	set := map[string]bool{}
	for _, c := range cs {
		for _, s := range splitOn(c.normal()) {
			set[s.key()] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SameMoves reports whether two atom lists make the same oriented moves (White's; Black's
// mirror them the same way), judged move by move after expanding symmetry and filters.
func SameMoves(a, b []Atom) bool {
	ka, ok := movesKeys(a)
	kb, ok2 := movesKeys(b)
	return ok && ok2 && slices.Equal(ka, kb)
}

// movesKeys is the key of each oriented move of an atom list, sorted, as SameMoves
// compares them; ok is false where the moves cannot be expanded.
func movesKeys(as []Atom) (keys []string, ok bool) {
	cs, why := concreteMoves(as)
	if why != "" {
		return nil, false
	}
	return keysOf(cs), true
}

// splitOn writes a path whose one-step legs before the last allow several kinds of
// square as one path per kind (an enemy captured or passed, an own man passed, an empty
// square), which moves alike: a leg allows each square it reaches by one of its kinds.
func splitOn(c concrete) []concrete {
	out := []concrete{c}
	for i := 0; i+1 < len(c.legs); i++ {
		l := c.legs[i]
		if !slices.Equal(l.Range, []int{1, 1}) {
			continue
		}
		var next []concrete
		for _, p := range out {
			for _, o := range l.On {
				q := p
				q.legs = slices.Clone(p.legs)
				q.legs[i].On = []string{o}
				q.legs[i].Capture = l.Capture && o == "enemy"
				next = append(next, q)
			}
		}
		out = next
	}
	return out
}

var letterOf = map[[2]int]byte{{0, 1}: 'W', {1, 1}: 'F', {0, 2}: 'D', {1, 2}: 'N', {2, 2}: 'A', {0, 3}: 'H', {1, 3}: 'C', {2, 3}: 'Z', {3, 3}: 'G'}

func baseOf(v []int) ([2]int, byte) {
	x, y := abs(v[0]), abs(v[1])
	if x > y {
		x, y = y, x
	}
	return [2]int{x, y}, letterOf[[2]int{x, y}]
}

// dirWords maps a direction set of an atom class to the shortest modifiers that select it.
// (Built on first use: only writing Betza needs it.)
var dirWords = sync.OnceValue(func() map[byte]map[int]string {
	tokens := map[byte][]string{
		'W': {"f", "b", "s", "v", "l", "r"},
		'F': {"f", "b", "l", "r", "fl", "fr", "bl", "br"},
		'N': {"f", "b", "s", "v", "fs", "bs", "fh", "bh", "lh", "rh", "ff", "bb"},
	}
	out := map[byte]map[int]string{}
	for class, toks := range tokens {
		m := map[int]string{}
		var try func(s string, n int)
		try = func(s string, n int) {
			pos := make([]int, len(s))
			mask, err := dirMask(class, []byte(s), pos, false, false)
			if err == nil {
				if old, ok := m[mask]; !ok || len(s) < len(old) || len(s) == len(old) && s < old {
					m[mask] = s
				}
			}
			if n == 0 {
				return
			}
			for _, t := range toks {
				try(s+t, n-1)
			}
		}
		try("", 3)
		all := map[byte]int{'W': 0x55, 'F': 0xAA, 'N': 0xFF}[class]
		m[all] = ""
		out[class] = m
	}
	return out
})

// WriteBetza writes moves as XBetza. It returns the text and "" when the text reads back
// to exactly the same moves, or a best effort (possibly "") and the reason it is not exact.
func WriteBetza(moves []Atom) (string, string) { return WriteBetzaOn(false, moves) }

// WriteBetzaOn is WriteBetza for the moves of a piece of a square board (hex false) or a
// hexagonal one, whose moves XBetza cannot write (its directions are square).
func WriteBetzaOn(hex bool, moves []Atom) (string, string) {
	if hex {
		return "", "a hexagonal board's moves (XBetza's directions are square)"
	}
	return writeBetza(moves)
}

func writeBetza(moves []Atom) (string, string) {
	cs, why := concreteMoves(moves)
	if why != "" {
		return "", why
	}
	type group struct {
		letter byte
		prefix string // i
		modes  string
		suffix string
		bits   int
	}
	groups := map[string]*group{}
	var order []string
	add := func(letter byte, prefix, modes, suffix string, bit int) {
		k := prefix + "|" + modes + "|" + string(letter) + suffix
		g := groups[k]
		if g == nil {
			g = &group{letter: letter, prefix: prefix, modes: modes, suffix: suffix}
			groups[k] = g
			order = append(order, k)
		}
		g.bits |= 1 << bit
	}
	modeText := func(mode string) string {
		switch mode {
		case "move":
			return "m"
		case "capture":
			return "c"
		}
		return ""
	}
	onText := func(on []string) (string, bool) {
		switch strings.Join(on, ",") {
		case "empty":
			return "m", true
		case "enemy":
			return "c", true
		case "empty,enemy":
			return "", true
		}
		return "", false
	}
	var multi []concrete
	for _, c := range cs {
		v := c.legs[0].Step
		base, letter := baseOf(v)
		if letter == 0 && c.kind != 'p' {
			return "", fmt.Sprintf("a step %v that no XBetza atom makes", v)
		}
		bitOf := func(v []int, base [2]int) int {
			all := map[byte]int{'W': 0x55, 'F': 0xAA, 'N': 0xFF}[betzaAtoms[letterOf[base]].class]
			for d := 0; d < 8; d++ {
				if all&(1<<d) != 0 && turn(d, base[0], base[1]) == [2]int{v[0], v[1]} {
					return d
				}
			}
			return -1
		}
		switch c.kind {
		case 'l', 'r':
			prefix := ""
			if c.initial {
				prefix = "i"
			}
			modes := modeText(c.mode)
			if c.enPassant {
				modes += "e"
			}
			suffix := ""
			if c.kind == 'r' {
				r := c.legs[0].Range
				switch {
				case r[0] != 1:
					return "", "a ride with a least number of steps"
				case r[1] == 0:
					suffix = string(letter)
				default:
					suffix = fmt.Sprint(r[1])
				}
			}
			add(letter, prefix, modes, suffix, bitOf(v, base))
		default:
			l := c.legs
			switch {
			case len(l) == 3 && slices.Equal(l[0].Step, l[1].Step) && slices.Equal(l[1].Step, l[2].Step) &&
				slices.Equal(l[0].Range, []int{0, 0}) && slices.Equal(l[0].On, []string{"empty"}) && !l[0].Capture &&
				slices.Equal(l[1].Range, []int{1, 1}) && slices.Equal(l[1].On, []string{"enemy", "friend"}) && !l[1].Capture:
				m, ok := onText(l[2].On)
				if !ok || l[2].Capture {
					multi = append(multi, c)
					continue
				}
				switch {
				case slices.Equal(l[2].Range, []int{1, 0}):
					m += "p"
				case slices.Equal(l[2].Range, []int{1, 1}):
					m += "g"
				default:
					multi = append(multi, c)
					continue
				}
				add(letter, "", m, string(letter), bitOf(v, base))
			case len(l) == 2 && slices.Equal(l[0].On, []string{"empty"}) && slices.Equal(l[0].Range, []int{1, 1}) && slices.Equal(l[1].Range, []int{1, 1}) && !l[0].Capture && !l[1].Capture:
				full := []int{l[0].Step[0] + l[1].Step[0], l[0].Step[1] + l[1].Step[1]}
				fb, fl := baseOf(full)
				if fl != 'D' && fl != 'N' && fl != 'A' || full[0]/2 != l[0].Step[0] || full[1]/2 != l[0].Step[1] {
					multi = append(multi, c)
					continue
				}
				m, ok := onText(l[1].On)
				if !ok {
					multi = append(multi, c)
					continue
				}
				add(fl, "", m+"n", "", bitOf(full, fb))
			case len(l) == 2 && slices.Equal(l[0].Step, l[1].Step) && slices.Equal(l[0].On, []string{"empty", "enemy", "friend"}) && slices.Equal(l[0].Range, []int{1, 1}) && !l[0].Capture && !l[1].Capture &&
				max(abs(v[0]), abs(v[1])) == 1:
				m, ok := onText(l[1].On)
				if !ok {
					multi = append(multi, c)
					continue
				}
				r := l[1].Range
				if r[0] != 1 {
					multi = append(multi, c)
					continue
				}
				suffix := string(letter)
				if r[1] != 0 {
					suffix = fmt.Sprint(r[1] + 1)
				}
				add(letter, "", m+"j", suffix, bitOf(v, base))
			default:
				multi = append(multi, c)
			}
		}
	}
	terms, why := multiLegTerms(multi)
	if why != "" {
		return "", why
	}
	var b strings.Builder
	for _, k := range order {
		g := groups[k]
		class := betzaAtoms[g.letter].class
		words, ok := dirWords()[class][g.bits]
		if !ok {
			return "", fmt.Sprintf("directions of %c that no modifiers select", g.letter)
		}
		letter := string(g.letter)
		suffix := g.suffix
		if suffix == letter { // unlimited
			switch g.letter {
			case 'W':
				letter, suffix = "R", ""
			case 'F':
				letter, suffix = "B", ""
			}
		}
		b.WriteString(g.prefix + words + g.modes + letter + suffix)
	}
	for _, t := range terms {
		b.WriteString(t)
	}
	out := b.String()
	back, err := ParseBetza(out)
	if err != nil {
		return out, "it does not read back: " + err.Error()
	}
	if !SameMoves(back, moves) {
		return out, "it reads back as other moves"
	}
	return compactKQ(out, moves), ""
}

// compactKQ writes WF as K and RB as Q where that reads back the same.
func compactKQ(s string, moves []Atom) string {
	for _, r := range []struct{ from, to string }{{"RB", "Q"}, {"BR", "Q"}, {"WF", "K"}, {"FW", "K"}} {
		t := s
		if i := strings.Index(t, r.from); i >= 0 && (i == 0 || t[i-1] < 'a' || t[i-1] > 'z') {
			t = t[:i] + r.to + t[i+len(r.from):]
			if back, err := ParseBetza(t); err == nil && SameMoves(back, moves) {
				s = t
			}
		}
	}
	return s
}
