// The export's proof: the section written, imported again, has the definition's rules, compared key by key in a form where names, notation and evaluation do not count.

package defs

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// checkExport imports the section written and lists the definition's rules that do not
// come back the same, each by its YAML key.
func checkExport(def *Definition, text []byte, lines []iniLine) []Unfit {
	sections := readINI(text)
	name := sections[0].Name
	if _, builtin := BuiltinName(name); builtin {
		// The importer refuses a section named as a built-in: check it under another name.
		text = []byte(strings.Replace(string(text), "["+name+"]", "[chimera-export-check]", 1))
		name = "chimera-export-check"
	}
	back, err := importINI("export", text, name)
	if err != nil {
		var list ErrorList
		if !errors.As(err, &list) {
			return []Unfit{{"", err.Error()}}
		}
		var out []Unfit
		keyLine := 3 // the comment, the section's head, then one line per key
		for _, e := range list {
			key := ""
			if i := e.Line - keyLine; i >= 0 && i < len(lines) {
				key = lines[i].yaml
			}
			out = append(out, Unfit{key, e.Msg})
		}
		return out
	}
	want, got := ruleForm(def), ruleForm(back)
	var out []Unfit
	paths := diffPaths(want, got, "")
	castling := slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "castling") })
	for _, path := range paths {
		if path == "setups.fen" && castling && sameButCastling(lookup(want, path), lookup(got, path)) {
			continue // the castling rights of a castling that differs, named as it
		}
		g, w := show(lookup(got, path)), show(lookup(want, path))
		if l, ok := strings.CutSuffix(strings.TrimPrefix(path, "pieces."), ".moves"); ok && strings.HasPrefix(path, "pieces.") {
			g, w = betzaOf(back, l), betzaOf(def, l) // moves as XBetza, not as the form compares them
		}
		out = append(out, Unfit{displayPath(def, path), fmt.Sprintf("no variants.ini key says it (imported back: %s; the definition: %s)", g, w)})
	}
	return out
}

// displayPath writes pieces.X (the form's pieces by letter) as pieces[i] (X).
func displayPath(def *Definition, path string) string {
	rest, ok := strings.CutPrefix(path, "pieces.")
	if !ok {
		return path
	}
	l, tail, _ := strings.Cut(rest, ".")
	i := slices.IndexFunc(def.Pieces, func(p Piece) bool { return p.Letter == l })
	out := fmt.Sprintf("pieces[%d] (%s)", i, l)
	if i < 0 {
		out = "pieces (" + l + ")"
	}
	if tail != "" {
		out += "." + tail
	}
	return out
}

func show(v any) string {
	if v == nil {
		return "none"
	}
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	flow(&n) // lists and mappings on one line: {black: [2], white: [1, 2]}
	b, err := yaml.Marshal(&n)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSpace(string(b))
	s = strings.ReplaceAll(s, "\n", " ")
	return Clip(s)
}

// flow writes n and what it holds in YAML's flow style.
func flow(n *yaml.Node) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = yaml.FlowStyle
	}
	for _, c := range n.Content {
		flow(c)
	}
}

func lookup(v any, path string) any {
	if path == "" {
		return v
	}
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// diffPaths lists the paths where two forms differ, as deep as both are maps.
func diffPaths(a, b any, path string) []string {
	ma, oka := a.(map[string]any)
	mb, okb := b.(map[string]any)
	if !oka || !okb {
		if reflect.DeepEqual(a, b) {
			return nil
		}
		return []string{path}
	}
	keys := map[string]bool{}
	for k := range ma {
		keys[k] = true
	}
	for k := range mb {
		keys[k] = true
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		p := k
		if path != "" {
			p = path + "." + k
		}
		out = append(out, diffPaths(ma[k], mb[k], p)...)
	}
	return out
}

// ruleForm is a definition's rules as a tree of maps, lists and text: zones written as
// their squares where they are used, pieces by letter with their moves as the oriented
// moves they make, goals as a set, and without what is no rule (names, titles, notation,
// evaluation, setups after the first, tests).
func ruleForm(def *Definition) map[string]any {
	text, err := Marshal(def)
	if err != nil {
		return map[string]any{"marshal": err.Error()}
	}
	var m map[string]any
	if err := yaml.Unmarshal(text, &m); err != nil {
		return map[string]any{"marshal": err.Error()}
	}
	for _, k := range []string{"name", "title", "aliases", "source", "description", "tests", "xboard", "uci", "pgn", "usi", "ucci", "evaluation", "zones"} {
		delete(m, k)
	}
	parts := func(name string) (w, b []string) {
		w, b = zoneSquares(def.Zones[name], def.Board.Files, def.Board.Ranks)
		return dedupe(onBoard(w, def.Board.Files, def.Board.Ranks)), dedupe(onBoard(b, def.Board.Files, def.Board.Ranks))
	}
	zone := func(name string) string {
		if _, ok := def.Zones[name]; !ok {
			return name
		}
		w, b := parts(name)
		return "white: " + strings.Join(w, " ") + "; black: " + strings.Join(b, " ")
	}
	zoneAt := func(m map[string]any, keys ...string) {
		for _, k := range keys {
			if s, ok := m[k].(string); ok {
				m[k] = zone(s)
			}
		}
	}
	royal := hasRoyal(def)
	rules, _ := m["rules"].(map[string]any)
	if rules == nil {
		rules = map[string]any{}
		m["rules"] = rules
	}
	// The defaults, written out.
	for k, v := range map[string]any{"fifty-move": 100, "repetition": 3, "check": "royal-attacked"} {
		if _, ok := rules[k]; !ok {
			rules[k] = v
		}
	}
	if rules["fifty-move"] == 0 {
		// With no n-move rule, whether a drop resets the count changes no game (every
		// drop does in Fairy-Stockfish's current source).
		if h, ok := m["hands"].(map[string]any); ok {
			if d, ok := h["drops"].(map[string]any); ok {
				delete(d, "resets-clock")
			}
		}
	}
	nm, _ := rules["no-moves"].(map[string]any)
	if nm == nil {
		nm = map[string]any{}
		rules["no-moves"] = nm
	}
	for k, v := range map[string]any{"in-check": "loss", "otherwise": "draw"} {
		if _, ok := nm[k]; !ok {
			nm[k] = v
		}
	}
	// En passant with no move that makes an en-passant target never happens.
	ep := slices.ContainsFunc(def.Pieces, func(p Piece) bool {
		return slices.ContainsFunc(p.Moves, func(a Atom) bool { return a.EPTarget })
	})
	pieces := map[string]any{}
	for i, p := range def.Pieces {
		pm := map[string]any{}
		if i < len(asList(m["pieces"])) {
			pm, _ = asList(m["pieces"])[i].(map[string]any)
		}
		for _, k := range []string{"name", "value", "describe", "san-letter", "betza", "moves"} {
			delete(pm, k)
		}
		pm["moves"] = moveKeysFrom(p.Moves, fromZone(def, p, parts, zone), zone, ep)
		if rules["fifty-move"] == 0 {
			delete(pm, "resets-clock") // no count for the move to reset
		}
		zoneAt(pm, "confined")
		if pr, ok := pm["promotion"].(map[string]any); ok {
			if r := mustPromoteFrom(def, p); r > 0 {
				// Ranks beyond are never reached unpromoted: the zone is r and beyond.
				w := ranksSquares(ranksFrom(r, def.Board.Ranks), def.Board.Files)
				b := ranksSquares(ranksFrom(1, def.Board.Ranks+1-r), def.Board.Files)
				pr["zone"] = "white: " + strings.Join(dedupe(w), " ") + "; black: " + strings.Join(dedupe(b), " ")
			}
			zoneAt(pr, "zone", "forced", "always")
			if !p.Promotion.Optional {
				delete(pr, "optional")
			}
		}
		pieces[p.Letter] = pm
	}
	if len(pieces) > 0 {
		m["pieces"] = pieces
	}
	if b, ok := m["board"].(map[string]any); ok {
		for _, r := range asList(b["restricted"]) {
			if rm, ok := r.(map[string]any); ok {
				zoneAt(rm, "zone")
			}
		}
	}
	if gs := asList(m["goals"]); len(gs) > 0 {
		var keys []string
		for _, g := range gs {
			gm, _ := g.(map[string]any)
			delete(gm, "name")
			if gm["result"] == "win" {
				delete(gm, "result")
			}
			if gm["whose"] == "own" {
				delete(gm, "whose")
			}
			if ex, ok := gm["extinct"].([]any); ok {
				sort.Slice(ex, func(i, j int) bool { return fmt.Sprint(ex[i]) < fmt.Sprint(ex[j]) })
			}
			if reach, ok := gm["reach"].(string); ok && gm["stands"] == nil && gm["when"] == nil {
				// A reach goal of one side is one whose other side's squares are none; its
				// pieces by default the royal men.
				w, b := parts(reach)
				switch gm["side"] {
				case "white":
					b = nil
				case "black":
					w = nil
				}
				delete(gm, "side")
				gm["reach"] = "white: " + strings.Join(w, " ") + "; black: " + strings.Join(b, " ")
				if gm["pieces"] == nil {
					var royals []any
					for _, p := range def.Pieces {
						if p.Royal {
							royals = append(royals, p.Letter)
						}
					}
					gm["pieces"] = royals
				}
			}
			zoneAt(gm, "reach", "stands", "safe-on")
			if ends, ok := gm["connect"].([]any); ok {
				for i, e := range ends {
					if s, ok := e.(string); ok {
						ends[i] = zone(s)
					}
				}
			}
			keys = append(keys, show(gm))
		}
		// A goal for White and the same for Black is one goal for both.
		for _, k := range slices.Clone(keys) {
			if !strings.Contains(k, "side: white") {
				continue
			}
			b := strings.Replace(k, "side: white", "side: black", 1)
			wi, bi := slices.Index(keys, k), slices.Index(keys, b)
			if wi >= 0 && bi >= 0 {
				both := strings.Replace(strings.Replace(k, "; side: white", "", 1), "side: white; ", "", 1)
				keys[wi] = both
				keys = slices.Delete(keys, bi, bi+1)
			}
		}
		sort.Strings(keys)
		m["goals"] = strings.Join(keys, " | ") // a set: compared whole
	}
	if h, ok := m["hands"].(map[string]any); ok {
		// One pool: its name is no rule.
		if pools := asList(h["pools"]); len(pools) == 1 {
			name := pools[0]
			h["pools"] = []any{"hand"}
			if h["capture-to"] == name {
				h["capture-to"] = "hand"
			}
			if d, ok := h["drops"].(map[string]any); ok && d["from"] == name {
				d["from"] = "hand"
			}
		}
		if d, ok := h["drops"].(map[string]any); ok {
			var keys []string
			for _, r := range asList(d["forbid"]) {
				if rm, ok := r.(map[string]any); ok {
					zoneAt(rm, "zone")
					keys = append(keys, show(rm))
				}
			}
			sort.Strings(keys)
			if len(keys) > 0 {
				d["forbid"] = strings.Join(keys, " | ")
			}
		}
	}
	if ss := asList(m["setups"]); len(ss) > 0 {
		s, _ := ss[0].(map[string]any)
		delete(s, "name")
		if f, ok := s["fen"].(string); ok {
			s["fen"] = strings.Replace(f, "[]", "", 1) // an empty hand
		}
		m["setups"] = s
	}
	if c, ok := m["castling"].(map[string]any); ok {
		delete(c, "notation") // how a move is written
		delete(c, "fen")
	}
	if r, ok := m["rules"].(map[string]any); ok && !royal {
		// With no royal man there is nothing to check: the check rules say nothing.
		for _, k := range []string{"check", "check-royals", "royal-optional", "may-give-check"} {
			delete(r, k)
		}
	}
	return m
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// moveKeys writes a piece's moves as the oriented moves they make (two lists that move
// alike give the same text), the atoms XBetza cannot say (with zones, en-passant
// targets) as their YAML with each zone's squares.
func moveKeys(moves []Atom, zone func(string) string, ep bool) string {
	return moveKeysFrom(moves, zone, zone, ep)
}

// moveKeysFrom is moveKeys with the zones moves start from written by from.
func moveKeysFrom(moves []Atom, from, zone func(string) string, ep bool) string {
	var plain []Atom
	var other []string
	for _, a := range moves {
		if !ep {
			a.EPCapture = false
		}
		if notBetza(a) == "" {
			plain = append(plain, a)
			continue
		}
		a.From, a.Within = from(a.From), zone(a.Within)
		a.Src = Src{}
		other = append(other, show(a))
	}
	cs, _ := concreteMoves(plain)
	sort.Strings(other)
	return strings.Join(append(keysOf(cs), other...), " | ")
}

// sameButCastling reports whether two FENs differ in their castling field alone.
func sameButCastling(a, b any) bool {
	fa, fb := strings.Fields(fmt.Sprint(a)), strings.Fields(fmt.Sprint(b))
	if len(fa) != len(fb) || len(fa) < 3 {
		return false
	}
	fa[2], fb[2] = "", ""
	return slices.Equal(fa, fb)
}

// betzaOf writes a piece's moves as XBetza, or says why they have none.
func betzaOf(def *Definition, letter string) string {
	i := slices.IndexFunc(def.Pieces, func(p Piece) bool { return p.Letter == letter })
	if i < 0 {
		return "no such piece"
	}
	text, why := WriteBetzaOn(def.Board.Geometry == "hex", def.Pieces[i].Moves)
	if why != "" {
		return "moves with no exact XBetza: " + why
	}
	return "XBetza " + text
}

// mustPromoteFrom returns r when a man whose every move goes one rank forward must promote
// on entering its zone, each side's ranks from r (from its side), with no hands to drop it
// beyond: such a man never stands unpromoted past rank r (from a start short of it), so
// a zone of rank r and one of r and beyond are the same rule. Otherwise 0.
func mustPromoteFrom(def *Definition, p Piece) int {
	pr := p.Promotion
	if pr == nil || pr.Optional || pr.Leaving || pr.Entering || pr.OnCapture || pr.InPlace != nil || pr.Forced != "" || pr.Always != "" || def.Hands != nil || p.Turned {
		return 0
	}
	cs, why := concreteMoves(p.Moves)
	if why != "" || len(cs) == 0 {
		return 0
	}
	for _, c := range cs {
		// Each move one rank forward, so that none passes over the zone's first rank.
		one := c.kind == 'l' || c.kind == 'r' && len(c.legs[0].Range) == 2 && c.legs[0].Range[1] == 1
		if !one || len(c.legs) != 1 || c.legs[0].Step[1] != 1 {
			return 0
		}
	}
	w, b := zoneSquares(def.Zones[pr.Zone], def.Board.Files, def.Board.Ranks)
	w, b = dedupe(onBoard(w, def.Board.Files, def.Board.Ranks)), dedupe(onBoard(b, def.Board.Files, def.Board.Ranks))
	for r := 1; r <= def.Board.Ranks; r++ {
		for hi := r; hi <= def.Board.Ranks; hi++ {
			if slices.Equal(w, dedupe(ranksSquares(ranksFrom(r, hi), def.Board.Files))) &&
				slices.Equal(b, dedupe(ranksSquares(ranksFrom(def.Board.Ranks+1-hi, def.Board.Ranks+1-r), def.Board.Files))) {
				return r
			}
		}
	}
	return 0
}

// fromZone writes the zones a piece's moves start from as zone does, without the ranks
// its men never stand on (below standsFrom): a double step from rank 3 and one from
// ranks 2 and 3 are the same rule for a man that never stands on rank 2.
func fromZone(def *Definition, p Piece, parts func(string) (w, b []string), zone func(string) string) func(string) string {
	low := standsFrom(def, p)
	if low <= 1 {
		return zone
	}
	return func(name string) string {
		if _, ok := def.Zones[name]; !ok {
			return name
		}
		w, b := parts(name)
		keep := func(sq []string, ok func(int) bool) []string {
			out := []string{}
			for _, s := range sq {
				if r, err := strconv.Atoi(s[1:]); err == nil && ok(r) {
					out = append(out, s)
				}
			}
			return out
		}
		w = keep(w, func(r int) bool { return r >= low })
		b = keep(b, func(r int) bool { return r <= def.Board.Ranks+1-low })
		return "white: " + strings.Join(w, " ") + "; black: " + strings.Join(b, " ")
	}
}

// standsFrom returns the lowest rank (from its side) a man of the piece ever stands on
// from the start position: every move of it goes forward, no hand holds it, no man
// promotes or demotes into it, and the start position's men of it stand on that rank or
// beyond. Otherwise 1 (any rank).
func standsFrom(def *Definition, p Piece) int {
	if def.Hands != nil || def.Flip != nil || def.BorrowMoves != nil || len(def.Setups) == 0 || len(def.Setups[0].Shuffle) > 0 || len(p.Letter) != 1 {
		return 1
	}
	for _, q := range def.Pieces {
		if q.DemotesTo == p.Letter || q.Promotion != nil && slices.Contains(q.Promotion.To, p.Letter) {
			return 1
		}
	}
	for _, a := range p.Moves {
		var step []int
		switch {
		case a.Leap != nil:
			step = a.Leap
		case a.Ride != nil:
			step = a.Ride
		default:
			return 1
		}
		for _, w := range Images(step[0], step[1], a.Symmetry, a.Only) {
			if w[1] < 1 {
				return 1
			}
		}
	}
	board, _, _ := strings.Cut(def.Setups[0].FEN, " ")
	board, _, _ = strings.Cut(board, "[")
	rows := strings.Split(board, "/")
	if len(rows) != def.Board.Ranks {
		return 1
	}
	low := def.Board.Ranks
	for i, row := range rows {
		rank := def.Board.Ranks - i
		for j := 0; j < len(row); j++ {
			if j > 0 && row[j-1] == '+' {
				continue // a promoted man
			}
			switch string(row[j]) {
			case p.Letter:
				low = min(low, rank)
			case strings.ToLower(p.Letter):
				low = min(low, def.Board.Ranks+1-rank)
			}
		}
	}
	return low
}
