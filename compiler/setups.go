// Setups: named start positions, and shuffled families of them numbered by their steps' choices.

package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"chimera/defs"
)

// shuffleStep is one compiled step of a shuffled setup.
type shuffleStep struct {
	types   []int // piece types, placed in this order from the lowest file up
	files   []int // files allowed; nil: every file
	choices int   // how many ways the step can place its pieces
}

// Count is the number of arrangements of a shuffled setup (1 for a plain one).
func (s *Setup) Count() int {
	n := 1
	for _, st := range s.shuffle {
		n *= st.choices
	}
	return n
}

// Shuffled reports whether the setup is a numbered family of arrangements.
func (s *Setup) Shuffled() bool { return len(s.shuffle) > 0 }

// Arrangement returns the piece type on each file of arrangement n (0 <= n < Count) of
// White's first rank, -1 where no piece stands. Each step takes its digit of n (the first
// step's varying fastest) and puts its pieces on that combination, in lexicographic order,
// of the free allowed files.
func (s *Setup) Arrangement(n, files int) []int {
	out := make([]int, files)
	for i := range out {
		out[i] = -1
	}
	for _, st := range s.shuffle {
		var allowed []int
		for f := 0; f < files; f++ {
			if out[f] < 0 && (st.files == nil || containsInt(st.files, f)) {
				allowed = append(allowed, f)
			}
		}
		c := n % st.choices
		n /= st.choices
		for i, pick := range unrankCombination(c, len(allowed), len(st.types)) {
			out[allowed[pick]] = st.types[i]
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// binomial is n choose k (0 when k > n).
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// unrankCombination is combination number c, in lexicographic order, of k items out of n.
func unrankCombination(c, n, k int) []int {
	out := make([]int, 0, k)
	x := 0
	for i := 0; i < k; i++ {
		for binomial(n-x-1, k-i-1) <= c {
			c -= binomial(n-x-1, k-i-1)
			x++
		}
		out = append(out, x)
		x++
	}
	return out
}

// maxArrangements bounds the arrangements of one shuffled setup (their numbers must fit
// an int comfortably on every platform).
const maxArrangements = 1 << 30

// setups lowers the named start positions and the steps of shuffled ones.
func (l *lowering) setups() {
	rs := l.rs
	for i := range l.def.Setups {
		s := &l.def.Setups[i]
		cs := Setup{Name: s.Name, FEN: strings.TrimSpace(s.FEN), Def: s}
		total := 1
		for j := range s.Shuffle {
			st := &s.Shuffle[j]
			cst := shuffleStep{types: l.typeList(st.Pieces)}
			free := rs.Files
			if len(st.Files) > 0 {
				for _, f := range st.Files {
					cst.files = append(cst.files, int(f[0]-'a'))
				}
				free = len(cst.files)
			}
			for _, prev := range cs.shuffle {
				if cst.files == nil || prev.files != nil && containsInt(cst.files, prev.files[0]) {
					free -= len(prev.types) // an earlier step's pieces took squares of this one
				}
			}
			cst.choices = binomial(free, len(cst.types))
			if cst.choices == 0 {
				l.errorf(st.Src, "pieces", "setup %q: shuffle step %d places %d pieces on %d free squares", s.Name, j+1, len(cst.types), max(free, 0))
				cst.choices = 1
			}
			if total > maxArrangements/cst.choices {
				l.errorf(st.Src, "pieces", "setup %q: more than %d arrangements", s.Name, maxArrangements)
				cst.choices = 1
			}
			total *= cst.choices
			cs.shuffle = append(cs.shuffle, cst)
		}
		rs.setups = append(rs.setups, cs)
	}
}

// typeList is the piece types of letters (known letters: validated before).
func (l *lowering) typeList(letters []string) []int {
	out := make([]int, 0, len(letters))
	for _, s := range letters {
		if t := l.rs.TypeOfText(s); t >= 0 {
			out = append(out, t)
		}
	}
	return out
}

// ParseSetupName splits "NAME:N" into the name and arrangement number (-1 when absent).
func ParseSetupName(s string) (name string, n int, err error) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, -1, nil
	}
	k, e := strconv.Atoi(s[i+1:])
	if e != nil || k < 0 || s[i+1] == '+' {
		return "", 0, fmt.Errorf("setup %s: after ':' give the arrangement number, a whole number", defs.Quote(s))
	}
	return s[:i], k, nil
}
