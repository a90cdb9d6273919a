// Paths written as XBetza multi-leg moves (legs joined by a): bent riders, lame leaps, locust captures, hops over own men.

package defs

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// What the square a leg ends on holds, and what happens there, as bits of a mode set: on a
// leg before the last an empty square, an enemy captured, an own man passed or an enemy
// passed; on the last leg an empty square or an enemy (landing).
const (
	legEmpty = 1 << iota
	legCapture
	legOwn
	legEnemy
)

// legWalk is one path read as XBetza legs: the atom's range (1 a leap, 0 unlimited, n at
// most n steps), the length of every step, and each leg's absolute direction in the
// 8-fold system (0 forward, clockwise) and mode bit.
type legWalk struct {
	rng, n int
	dirs   []int
	modes  []int
}

// dir8 is the 8-fold direction of an orthogonal or diagonal step of length n, or -1.
func dir8(v []int, n int) int {
	for d := 0; d < 8; d++ {
		w := turn(d, 0, n)
		if d%2 == 1 {
			w = turn(d, n, n)
		}
		if w == [2]int{v[0], v[1]} {
			return d
		}
	}
	return -1
}

// legKind is the mode bit of a one-step leg before the last with one kind of square.
func legKind(l Leg) int {
	if len(l.On) != 1 {
		return 0
	}
	switch l.On[0] {
	case "empty":
		return legEmpty
	case "friend":
		return legOwn
	case "enemy":
		if l.Capture {
			return legCapture
		}
		return legEnemy
	}
	return 0
}

// readLegs reads a path (its legs split by splitOn) as XBetza legs, as the reader's
// legConds makes them: on a rider each leg before the last either slides over empty
// squares ([1, n] steps) or slides over empty squares ([0, n-1]) and then meets a man.
func readLegs(c concrete) (legWalk, bool) {
	ls := c.legs
	last := ls[len(ls)-1]
	var w legWalk
	if last.Capture || c.mode != "both" || c.initial || c.enPassant || len(ls) < 2 {
		return w, false
	}
	r := last.Range
	switch {
	case r[0] != 1:
		return w, false
	case r[1] == 1:
		w.rng = 1
	case r[1] == 0:
		w.rng = 0
	default:
		w.rng = r[1]
	}
	w.n = max(abs(last.Step[0]), abs(last.Step[1]))
	slide := []int{1, w.rng}
	before := []int{0, 0}
	if w.rng > 1 {
		before = []int{0, w.rng - 1}
	}
	for i := 0; i < len(ls)-1; {
		l := ls[i]
		d := dir8(l.Step, w.n)
		if d < 0 {
			return w, false
		}
		switch {
		case w.rng != 1 && slices.Equal(l.Range, before) && slices.Equal(l.On, []string{"empty"}) && !l.Capture &&
			i+2 < len(ls) && slices.Equal(ls[i+1].Step, l.Step) && slices.Equal(ls[i+1].Range, []int{1, 1}) &&
			legKind(ls[i+1]) > legEmpty:
			w.dirs, w.modes = append(w.dirs, d), append(w.modes, legKind(ls[i+1]))
			i += 2
		case slices.Equal(l.Range, slide) && slices.Equal(l.On, []string{"empty"}) && !l.Capture:
			w.dirs, w.modes = append(w.dirs, d), append(w.modes, legEmpty)
			i++
		case w.rng == 1 && slices.Equal(l.Range, []int{1, 1}) && legKind(l) != 0:
			w.dirs, w.modes = append(w.dirs, d), append(w.modes, legKind(l))
			i++
		default:
			return w, false
		}
	}
	d := dir8(last.Step, w.n)
	if d < 0 {
		return w, false
	}
	m := 0
	switch strings.Join(last.On, ",") {
	case "empty":
		m = legEmpty
	case "enemy":
		m = legCapture
	case "empty,enemy":
		m = legEmpty | legCapture
	default:
		return w, false
	}
	w.dirs, w.modes = append(w.dirs, d), append(w.modes, m)
	return w, true
}

// kingWords maps a direction set of the 8-fold system to the shortest modifiers that
// select it (never "", which means all directions on a first leg and fewer on a later one).
// (Built on first use: only writing Betza needs it.)
var kingWords = sync.OnceValue(func() map[int]string {
	toks := []string{"f", "b", "l", "r", "s", "v", "h", "fl", "fr", "bl", "br", "fs", "bs"}
	m := map[int]string{}
	var try func(s string, n int)
	try = func(s string, n int) {
		if s != "" {
			pos := make([]int, len(s))
			if mask, err := dirMask('K', []byte(s), pos, false, false); err == nil {
				if old, ok := m[mask]; !ok || len(s) < len(old) || len(s) == len(old) && s < old {
					m[mask] = s
				}
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
	return m
})

// multiLegTerms writes paths as XBetza multi-leg moves: one term per product of a set of
// first directions, of modes and of turns leg by leg, found by merging the paths that
// differ in one of these only. It returns the reason when a path or a set has no XBetza.
func multiLegTerms(cs []concrete) ([]string, string) {
	type group struct {
		rng, n int
		prods  [][]int // per coordinate a bit set: first direction, then mode, turn, mode ... last mode
	}
	var groups []*group
	for _, c := range cs {
		for _, s := range splitOn(c) {
			w, ok := readLegs(s)
			if !ok {
				return nil, "a path of a shape XBetza's legs (a) do not make"
			}
			coords := []int{1 << w.dirs[0], w.modes[0]}
			for i := 1; i < len(w.dirs); i++ {
				coords = append(coords, 1<<((w.dirs[i]-w.dirs[i-1]+8)%8), w.modes[i])
			}
			var g *group
			for _, h := range groups {
				if h.rng == w.rng && h.n == w.n && len(h.prods[0]) == len(coords) {
					g = h
				}
			}
			if g == nil {
				g = &group{rng: w.rng, n: w.n}
				groups = append(groups, g)
			}
			g.prods = append(g.prods, coords)
		}
	}
	var out []string
	for _, g := range groups {
		for k := 0; k < len(g.prods[0]); {
			merged := mergeAlong(g.prods, k)
			if len(merged) < len(g.prods) {
				g.prods, k = merged, 0
				continue
			}
			k++
		}
		for _, p := range g.prods {
			t, why := legTerm(g.rng, g.n, p)
			if why != "" {
				return nil, why
			}
			out = append(out, t)
		}
	}
	return out, ""
}

// mergeAlong joins the products equal in every coordinate but k.
func mergeAlong(prods [][]int, k int) [][]int {
	at := map[string]int{}
	var out [][]int
	for _, p := range prods {
		q := slices.Clone(p)
		q[k] = 0
		key := fmt.Sprint(q)
		if j, ok := at[key]; ok {
			out[j][k] |= p[k]
			continue
		}
		at[key] = len(out)
		out = append(out, slices.Clone(p))
	}
	return out
}

// legTerm writes one product as an XBetza term.
func legTerm(rng, n int, p []int) (string, string) {
	first := p[0]
	var letter byte
	var words string
	ok := false
	switch {
	case first&0xAA == 0:
		letter = " WDH"[min(n, 3)]
		words, ok = dirWords()['W'][first]
	case first&0x55 == 0:
		letter = " FAG"[min(n, 3)]
		words, ok = dirWords()['F'][first]
	case n == 1 && first == 0xFF:
		letter, ok = 'K', true
	case n == 1:
		letter = 'K'
		words, ok = kingWords()[first]
	}
	if n > 3 || !ok {
		return "", "a multi-leg path whose first directions no XBetza atom selects"
	}
	fallback := 0x45
	if betzaAtoms[letter].class == 'K' {
		fallback = 0xEF
	}
	var b strings.Builder
	b.WriteString(words)
	for i := 1; i < len(p); i += 2 {
		m := p[i]
		if i+1 == len(p) {
			switch m {
			case legEmpty:
				b.WriteString("m")
			case legCapture:
				b.WriteString("c")
			}
			continue
		}
		if m&legEnemy != 0 && m&legOwn == 0 {
			return "", "a leg that passes enemies but not own men (XBetza's p passes both, tp own men only)"
		}
		if m&legEmpty != 0 {
			b.WriteString("m")
		}
		if m&legCapture != 0 {
			b.WriteString("c")
		}
		switch {
		case m&legEnemy != 0:
			b.WriteString("p")
		case m&legOwn != 0:
			b.WriteString("tp")
		}
		b.WriteString("a")
		turn := p[i+1]
		switch w, ok := kingWords()[turn]; {
		case turn == fallback:
		case ok:
			b.WriteString(w)
		default:
			return "", "a multi-leg path whose turns no XBetza modifiers select"
		}
	}
	atom := string(letter)
	switch {
	case rng == 0 && letter == 'W':
		atom = "R"
	case rng == 0 && letter == 'F':
		atom = "B"
	case rng == 0 && letter == 'K':
		atom = "Q"
	case rng == 0:
		atom += atom
	case rng > 1:
		atom += fmt.Sprint(rng)
	}
	b.WriteString(atom)
	return b.String(), ""
}
