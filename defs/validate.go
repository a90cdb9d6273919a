// Semantic validation of a decoded Definition: names, letters, squares, vectors, references.
package defs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// MaxCells is the largest board (files × ranks) the runtime supports: one 64-bit bitboard.
const MaxCells = 64

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// ParseSquare reads a square name such as "e4" on a board of the given size,
// returning 0-based file and rank.
func ParseSquare(s string, files, ranks int) (file, rank int, ok bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return 0, 0, false
	}
	file, rank = int(s[0]-'a'), r-1
	if file >= files || rank < 0 || rank >= ranks {
		return 0, 0, false
	}
	return file, rank, true
}

// Choice sets for enumerated keys.
var (
	symmetries  = []string{"all", "mirror", "none"}
	directions  = []string{"forward", "backward", "sideways", "orthogonal", "diagonal"}
	modes       = []string{"both", "move", "capture"}
	conditions  = []string{"empty", "friend", "enemy", "any", "missing", "unused"}
	checkRules  = []string{"royal-attacked", "enemy-royal-unattacked", "none"}
	outcomes    = []string{"win", "loss", "draw"}
	whoses      = []string{"own", "opponent"}
	effects     = []string{"replace", "bounce-stun"}
	sides       = []string{"white", "black"}
	results     = []string{"1-0", "0-1", "1/2-1/2", "*"}
	castleNotes = []string{"king-to-square", "king-to-partner"}
)

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

type validator struct {
	def     *Definition
	errs    ErrorList
	letters map[string]bool
}

func (v *validator) add(s Src, key, format string, args ...any) {
	v.errs = append(v.errs, s.Errorf(key, format, args...))
}

func (v *validator) addItem(s Src, key string, i int, format string, args ...any) {
	v.errs.Add(s.File, s.Item(key, i), format, args...)
}

// Validate checks a decoded definition and returns every problem found.
func Validate(d *Definition) ErrorList {
	v := &validator{def: d, letters: map[string]bool{}}
	if d.Name == "" {
		v.add(d.Src, "", "missing key \"name\" (the variant's short id, e.g. chess)")
	} else if !nameRE.MatchString(d.Name) {
		v.add(d.Src, "name", "name %q: use lowercase letters, digits and '-', starting with a letter", d.Name)
	}
	v.board()
	v.zones()
	v.pieces()
	v.castling()
	v.rules()
	v.goals()
	v.freeze()
	v.capture()
	v.hands()
	v.setups()
	v.tests()
	return v.errs
}

func (v *validator) board() {
	b := &v.def.Board
	if b.Node == nil {
		v.add(v.def.Src, "", "missing key \"board\" (files, ranks and optional layout)")
		return
	}
	if b.Files < 1 || b.Files > 26 {
		v.add(b.Src, "files", "board.files must be between 1 and 26, found %d", b.Files)
	}
	if b.Ranks < 1 || b.Ranks > 99 {
		v.add(b.Src, "ranks", "board.ranks must be between 1 and 99, found %d", b.Ranks)
	}
	if b.Files*b.Ranks > MaxCells {
		v.add(b.Src, "files", "board %dx%d has %d cells; at most %d are supported", b.Files, b.Ranks, b.Files*b.Ranks, MaxCells)
	}
	if b.Layout != "" {
		rows := strings.Fields(b.Layout)
		if len(rows) != b.Ranks {
			v.add(b.Src, "layout", "board.layout has %d rows; expected %d (one per rank, from the top)", len(rows), b.Ranks)
		}
		for i, r := range rows {
			if len(r) != b.Files {
				v.add(b.Src, "layout", "board.layout row %d %q has %d cells; expected %d", i+1, r, len(r), b.Files)
			}
			if strings.Trim(r, ".*-") != "" {
				v.add(b.Src, "layout", "board.layout row %d %q: use '.' for a square, '*' for no cell, '-' for an unused cell", i+1, r)
			}
		}
	}
	for _, r := range b.Restricted {
		v.zoneRef(r.Src, "zone", r.Zone)
		v.letterList(r.Src, "only", r.Only)
	}
}

func (v *validator) square(s Src, key string, i int, sq string) {
	if _, _, ok := ParseSquare(sq, v.def.Board.Files, v.def.Board.Ranks); !ok {
		v.addItem(s, key, i, "%q is not a square of the %dx%d board", sq, v.def.Board.Files, v.def.Board.Ranks)
	}
}

func (v *validator) zones() {
	for name, z := range v.def.Zones {
		if !nameRE.MatchString(name) {
			v.add(z.Src, "", "zone name %q: use lowercase letters, digits and '-'", name)
		}
		kinds := 0
		if len(z.Squares) > 0 {
			kinds++
		}
		if len(z.Ranks) > 0 {
			kinds++
		}
		if len(z.White) > 0 || len(z.Black) > 0 {
			kinds++
		}
		if kinds != 1 {
			v.add(z.Src, "", "zone %q: give exactly one of squares, ranks, or white and black", name)
		}
		for i, sq := range z.Squares {
			v.square(z.Src, "squares", i, sq)
		}
		for i, sq := range z.White {
			v.square(z.Src, "white", i, sq)
		}
		for i, sq := range z.Black {
			v.square(z.Src, "black", i, sq)
		}
		for i, r := range z.Ranks {
			if r < 1 || r > v.def.Board.Ranks {
				v.addItem(z.Src, "ranks", i, "zone %q: rank %d is outside 1..%d", name, r, v.def.Board.Ranks)
			}
		}
	}
}

func (v *validator) zoneRef(s Src, key, name string) {
	if name == "" {
		v.add(s, key, "missing zone name")
		return
	}
	if _, ok := v.def.Zones[name]; !ok {
		v.add(s, key, "unknown zone %q (define it under zones:)", name)
	}
}

func (v *validator) letterList(s Src, key string, ls []string) {
	for i, l := range ls {
		if !v.letters[l] {
			v.addItem(s, key, i, "unknown piece letter %q", l)
		}
	}
}

func isLetter(s string) bool { return len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' }

func (v *validator) pieces() {
	if len(v.def.Pieces) == 0 {
		v.add(v.def.Src, "", "missing key \"pieces\" (at least one piece)")
	}
	for _, p := range v.def.Pieces {
		if !isLetter(p.Letter) {
			v.add(p.Src, "letter", "piece %q: letter must be one uppercase letter A-Z, found %q", p.Name, p.Letter)
		} else if v.letters[p.Letter] {
			v.add(p.Src, "letter", "piece letter %q is used twice", p.Letter)
		}
		v.letters[p.Letter] = true
	}
	for _, p := range v.def.Pieces {
		if p.Name == "" {
			v.add(p.Src, "", "piece: missing key \"name\"")
		}
		if p.SANLetter != nil && *p.SANLetter != "" && !isLetter(*p.SANLetter) {
			v.add(p.Src, "san-letter", "san-letter must be empty or one uppercase letter, found %q", *p.SANLetter)
		}
		if len(p.Moves) == 0 {
			v.add(p.Src, "", "piece %q has no moves", p.Name)
		}
		for _, a := range p.Moves {
			v.atom(a)
		}
		if pr := p.Promotion; pr != nil {
			v.zoneRef(pr.Src, "zone", pr.Zone)
			if len(pr.To) == 0 && pr.FromPool == "" {
				v.add(pr.Src, "", "promotion: give the letters it may promote to (to: [...])")
			}
			v.letterList(pr.Src, "to", pr.To)
		}
	}
}

func (v *validator) vector(s Src, key string, vec []int) {
	if len(vec) != 2 {
		v.add(s, key, "%s: expected [files, ranks], two whole numbers, found %d", key, len(vec))
		return
	}
	if vec[0] == 0 && vec[1] == 0 {
		v.add(s, key, "%s: [0, 0] goes nowhere", key)
	}
	if abs(vec[0]) >= max(v.def.Board.Files, 1) && v.def.Board.Files > 0 || abs(vec[1]) >= max(v.def.Board.Ranks, 1) && v.def.Board.Ranks > 0 {
		v.add(s, key, "%s: %v leaves the %dx%d board from every square", key, vec, v.def.Board.Files, v.def.Board.Ranks)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (v *validator) rng(s Src, key string, r []int) {
	if r == nil {
		return
	}
	if len(r) < 1 || len(r) > 2 {
		v.add(s, key, "range: expected [max] or [min, max], found %d numbers", len(r))
		return
	}
	for _, x := range r {
		if x < 0 {
			v.add(s, key, "range: %d is negative", x)
		}
	}
	if len(r) == 2 && r[1] != 0 && r[0] > r[1] {
		v.add(s, key, "range: min %d is above max %d", r[0], r[1])
	}
}

func (v *validator) atom(a Atom) {
	n := 0
	if a.Leap != nil {
		n++
		v.vector(a.Src, "leap", a.Leap)
	}
	if a.Ride != nil {
		n++
		v.vector(a.Src, "ride", a.Ride)
		v.rng(a.Src, "range", a.Range)
	}
	if a.Path != nil {
		n++
		if len(a.Path) == 0 {
			v.add(a.Src, "path", "path: at least one leg")
		}
		for i, l := range a.Path {
			v.vector(l.Src, "step", l.Step)
			v.rng(l.Src, "range", l.Range)
			for j, c := range l.On {
				if !oneOf(c, conditions) {
					v.addItem(l.Src, "on", j, "unknown square condition %q (expected one of: %s)", c, strings.Join(conditions, ", "))
				}
			}
			if i == len(a.Path)-1 && l.Capture {
				v.add(l.Src, "capture", "the last leg captures by landing; capture: applies to squares passed")
			}
		}
		if a.Mode != "" {
			v.add(a.Src, "mode", "mode does not apply to a path: the last leg's on: decides")
		}
	}
	if n != 1 {
		v.add(a.Src, "", "a move atom needs exactly one of leap, ride or path")
	}
	if a.Range != nil && a.Ride == nil {
		v.add(a.Src, "range", "range applies to a ride")
	}
	if a.Symmetry != "" && !oneOf(a.Symmetry, symmetries) {
		v.add(a.Src, "symmetry", "unknown symmetry %q (expected one of: %s)", a.Symmetry, strings.Join(symmetries, ", "))
	}
	for i, o := range a.Only {
		if !oneOf(o, directions) {
			v.addItem(a.Src, "only", i, "unknown direction %q (expected one of: %s)", o, strings.Join(directions, ", "))
		}
	}
	if a.Mode != "" && !oneOf(a.Mode, modes) {
		v.add(a.Src, "mode", "unknown mode %q (expected one of: %s)", a.Mode, strings.Join(modes, ", "))
	}
	if a.From != "" {
		v.zoneRef(a.Src, "from", a.From)
	}
	if a.EPCapture && a.Mode != "capture" {
		v.add(a.Src, "en-passant", "en-passant applies to a capture-only atom (mode: capture)")
	}
	if a.EPTarget && (a.Ride == nil || a.Mode != "move") {
		v.add(a.Src, "ep-target", "ep-target applies to a non-capturing ride (mode: move)")
	}
}

func (v *validator) file(s Src, key, f string) {
	if len(f) != 1 || f[0] < 'a' || int(f[0]-'a') >= v.def.Board.Files {
		v.add(s, key, "%q is not a file of the board (a-%c)", f, 'a'+v.def.Board.Files-1)
	}
}

func (v *validator) castling() {
	c := v.def.Castling
	if c == nil {
		return
	}
	for _, k := range []struct{ key, l string }{{"royal", c.Royal}, {"partner", c.Partner}} {
		if !v.letters[k.l] {
			v.add(c.Src, k.key, "castling.%s: unknown piece letter %q", k.key, k.l)
		}
	}
	for _, side := range []CastleSide{c.Short, c.Long} {
		if side.Node == nil {
			v.add(c.Src, "", "castling needs short and long, each with king and partner files")
			continue
		}
		v.file(side.Src, "king", side.King)
		v.file(side.Src, "partner", side.Partner)
	}
	if c.Notation != "" && !oneOf(c.Notation, castleNotes) {
		v.add(c.Src, "notation", "unknown castling notation %q (expected one of: %s)", c.Notation, strings.Join(castleNotes, ", "))
	}
}

func (v *validator) rules() {
	r := v.def.Rules
	if r.Check != "" && !oneOf(r.Check, checkRules) {
		v.add(r.Src, "check", "unknown check rule %q (expected one of: %s)", r.Check, strings.Join(checkRules, ", "))
	}
	for _, o := range []struct{ key, val string }{{"in-check", r.NoMoves.InCheck}, {"otherwise", r.NoMoves.Otherwise}} {
		if o.val != "" && !oneOf(o.val, outcomes) {
			v.add(r.NoMoves.Src, o.key, "unknown result %q (expected one of: %s)", o.val, strings.Join(outcomes, ", "))
		}
	}
	if r.FiftyMove != nil && *r.FiftyMove < 0 {
		v.add(r.Src, "fifty-move", "fifty-move must be 0 (off) or a number of half-moves")
	}
	if r.Repetition != nil && (*r.Repetition < 0 || *r.Repetition == 1) {
		v.add(r.Src, "repetition", "repetition must be 0 (off) or at least 2")
	}
	hasRoyal := false
	for _, p := range v.def.Pieces {
		hasRoyal = hasRoyal || p.Royal
	}
	if r.Check != "none" && !hasRoyal && len(v.def.Pieces) > 0 {
		v.add(r.Src, "check", "check rule %q needs a royal piece (royal: true), or use check: none", fmt.Sprint(orDefault(r.Check, "royal-attacked")))
	}
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (v *validator) goals() {
	for _, g := range v.def.Goals {
		if g.Reach == "" && g.When == "" {
			v.add(g.Src, "", "a goal needs reach: ZONE, when: EXPRESSION, or both")
		}
		if g.Reach != "" {
			v.zoneRef(g.Src, "reach", g.Reach)
		}
		if g.Whose != "" && !oneOf(g.Whose, whoses) {
			v.add(g.Src, "whose", "unknown whose %q (expected one of: %s)", g.Whose, strings.Join(whoses, ", "))
		}
		if g.Result != "" && !oneOf(g.Result, outcomes) {
			v.add(g.Src, "result", "unknown result %q (expected one of: %s)", g.Result, strings.Join(outcomes, ", "))
		}
		v.letterList(g.Src, "pieces", g.Pieces)
	}
}

func (v *validator) freeze() {
	for _, f := range v.def.Freeze {
		if len(f.By) == 0 {
			v.add(f.Src, "", "freeze: missing key \"by\" (letters of the freezing pieces)")
		}
		v.letterList(f.Src, "by", f.By)
		v.letterList(f.Src, "targets", f.Targets)
		if len(f.Steps) == 0 {
			v.add(f.Src, "", "freeze: missing key \"steps\" (offsets at which pieces are frozen)")
		}
		for _, s := range f.Steps {
			v.vector(f.Src, "steps", s)
		}
	}
}

func (v *validator) capture() {
	c := v.def.Capture
	if c == nil {
		return
	}
	if c.Effect != "" && !oneOf(c.Effect, effects) {
		v.add(c.Src, "effect", "unknown capture effect %q (expected one of: %s)", c.Effect, strings.Join(effects, ", "))
	}
	if c.Stun < 0 || c.Stun > 15 {
		v.add(c.Src, "stun", "stun must be between 0 and 15 half-moves")
	}
}

func (v *validator) hands() {
	h := v.def.Hands
	if h == nil {
		return
	}
	pools := map[string]bool{}
	for i, p := range h.Pools {
		if !nameRE.MatchString(p) {
			v.addItem(h.Src, "pools", i, "pool name %q: use lowercase letters", p)
		}
		pools[p] = true
	}
	if len(h.Pools) == 0 || len(h.Pools) > 2 {
		v.add(h.Src, "pools", "hands: give one or two pool names")
	}
	ref := func(s Src, key, p string) {
		if p != "" && !pools[p] {
			v.add(s, key, "unknown pool %q (declared pools: %s)", p, strings.Join(h.Pools, ", "))
		}
	}
	ref(h.Src, "capture-to", h.CaptureTo)
	if d := h.Drops; d != nil {
		ref(d.Src, "from", d.From)
		for _, f := range d.Forbid {
			v.letterList(f.Src, "pieces", f.Pieces)
			v.zoneRef(f.Src, "zone", f.Zone)
		}
	}
	if e := h.Exchange; e != nil {
		ref(e.Src, "give", e.Give)
		ref(e.Src, "to", e.To)
		ref(e.Src, "take", e.Take)
	}
}

func (v *validator) setups() {
	if len(v.def.Setups) == 0 {
		v.add(v.def.Src, "", "missing key \"setups\" (at least one named start position)")
	}
	names := map[string]bool{}
	for _, s := range v.def.Setups {
		if s.Name == "" {
			v.add(s.Src, "", "setup: missing key \"name\"")
		} else if names[s.Name] {
			v.add(s.Src, "name", "setup %q is defined twice", s.Name)
		}
		names[s.Name] = true
		if strings.TrimSpace(s.FEN) == "" {
			v.add(s.Src, "", "setup %q: missing key \"fen\"", s.Name)
		}
	}
}

func (v *validator) tests() {
	setups := map[string]bool{}
	for _, s := range v.def.Setups {
		setups[s.Name] = true
	}
	for _, t := range v.def.Tests {
		if t.Name == "" {
			v.add(t.Src, "", "test: missing key \"name\"")
		}
		if t.FEN != "" && t.Setup != "" {
			v.add(t.Src, "setup", "test %q: give fen or setup, not both", t.Name)
		}
		if t.Setup != "" && !setups[t.Setup] {
			v.add(t.Src, "setup", "test %q: unknown setup %q", t.Name, t.Setup)
		}
		if t.Result != "" && !oneOf(t.Result, results) {
			v.add(t.Src, "result", "test %q: result must be one of %s", t.Name, strings.Join(results, ", "))
		}
		for i, n := range t.Perft {
			if n < 0 {
				v.addItem(t.Src, "perft", i, "perft count must not be negative")
			}
		}
		for _, a := range t.Attacks {
			if !oneOf(a.By, sides) {
				v.add(a.Src, "by", "attacks.by must be white or black, found %q", a.By)
			}
			for i, sq := range a.Squares {
				v.square(a.Src, "squares", i, sq)
			}
			for i, sq := range a.Not {
				v.square(a.Src, "not", i, sq)
			}
		}
	}
}
