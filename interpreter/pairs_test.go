// The mechanism-pair matrix: a chess-like base plus two mechanism fragments per synthetic definition, random playouts on both cores checking unmake, hashes, FEN and conservation of men.
package interpreter

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
)

// pairSpec is a synthetic definition being put together: the base (orthodox pieces,
// pawns with a double step and promotion, the chess check rule) and what the mechanism
// fragments switch on. render writes it as YAML.
type pairSpec struct {
	castling     bool // king and rook castling
	ep           bool // the pawn's double step leaves en-passant targets; its capture takes them
	bounce       bool // captures stun and bounce (a status, immobile and harmless)
	kick         bool // capturing a piece with the status kicks it and all beyond it off
	drops        bool // captured men go to a pool and are dropped from it
	demote       bool // ... and a promoted man goes there as what it promoted from
	poolPromo    bool // a pawn promotes to a man taken from a pool, and goes into it
	exchange     bool // Hostage's prison and airfield: hostages exchanged for own men
	freeze       bool // queens freeze the enemy men next to them
	paths        bool // bishops and rooks capture in passing (up to two men a move)
	immune       bool // knights can never be captured
	noCheck      bool // no check rule: hitting the enemy king wins
	reach        bool // a king on the hill wins
	gating       bool // a held man may enter where a first-rank man leaves on its first move
	noCheckDrops bool // drops (switched on with it) may not give check
	mustDrop     bool // drops (switched on with it) must be made while a side holds men
}

// A mechanism is one fragment of the matrix.
type mechanism struct {
	name  string
	apply func(*pairSpec)
}

var pairMechanisms = []mechanism{
	{"castling", func(s *pairSpec) { s.castling = true }},
	{"en-passant", func(s *pairSpec) { s.ep = true }},
	{"bounce", func(s *pairSpec) { s.bounce = true }},
	{"kick", func(s *pairSpec) { s.kick = true }},
	{"drops", func(s *pairSpec) { s.drops = true }},
	{"demote", func(s *pairSpec) { s.demote = true }},
	{"pool-promotion", func(s *pairSpec) { s.poolPromo = true }},
	{"exchange", func(s *pairSpec) { s.exchange = true }},
	{"freeze", func(s *pairSpec) { s.freeze = true }},
	{"multi-capture", func(s *pairSpec) { s.paths = true }},
	{"immune", func(s *pairSpec) { s.immune = true }},
	{"no-check", func(s *pairSpec) { s.noCheck = true }},
	{"reach-goal", func(s *pairSpec) { s.reach = true }},
	{"gating", func(s *pairSpec) { s.gating = true }},
	{"drop-no-check", func(s *pairSpec) { s.drops, s.noCheckDrops = true, true }},
	{"must-drop", func(s *pairSpec) { s.drops, s.mustDrop = true, true }},
}

// pairConflicts are the pairs left out, with why.
// (demote×pool-promotion was, until a man promoted from a pool stopped being marked for
// demotion — the pawn is in the pool already, the man taken out is a real one.)
var pairConflicts = map[string]string{
	// Without a check rule no drop gives check: the filter never acts.
	"no-check×drop-no-check": "no check rule, so no drop ever gives check",
	// A pawn promotes only while the pool holds the piece, and while it holds anything the
	// side must drop: the promotion never comes.
	"pool-promotion×must-drop": "while the pool holds a piece to promote to, the side must drop",
}

// mustDropList is the must-drop key's value: every type that can be held, or none.
func (s *pairSpec) mustDropList() string {
	if s.mustDrop {
		return "[Q, R, B, N, P]"
	}
	return "[]"
}

func (s *pairSpec) hands() bool {
	return s.drops || s.demote || s.poolPromo || s.exchange || s.gating
}
func (s *pairSpec) statuses() bool { return s.bounce || s.kick }

// duration is the status's length: a bounce stuns for two moves of each side (Koopa); with
// kicks alone the statuses come only from the start position, so they last longer.
func (s *pairSpec) duration() int {
	if s.bounce {
		return 4
	}
	return 15
}

// render writes the definition.
func (s *pairSpec) render(name string) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	w("name: %s", name)
	w("board: {files: 8, ranks: 8}")
	w("zones:")
	w("  pawn-start: {ranks: [2]}")
	w("  last-rank: {ranks: [8]}")
	if s.hands() {
		w("  back-ranks: {ranks: [1, 8]}")
	}
	if s.reach {
		w("  hill: {squares: [d4, e4, d5, e5]}")
	}
	w("pieces:")
	w("  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}")
	w("  - {name: Queen, letter: Q, value: 900, moves: [{ride: [1, 0]}, {ride: [1, 1]}]}")
	if s.paths {
		// Prison Break's helicopter and ninja two-steps: an enemy jumped over is taken too.
		w("  - {name: Rook, letter: R, value: 500, moves: [{ride: [1, 0]}, {path: [{step: [1, 0], on: [any], capture: true}, {step: [1, 0]}]}]}")
		w("  - {name: Bishop, letter: B, value: 330, moves: [{ride: [1, 1]}, {path: [{step: [1, 1], on: [any], capture: true}, {step: [1, 1]}]}]}")
	} else {
		w("  - {name: Rook, letter: R, value: 500, moves: [{ride: [1, 0]}]}")
		w("  - {name: Bishop, letter: B, value: 330, moves: [{ride: [1, 1]}]}")
	}
	w("  - {name: Knight, letter: N, value: 320, immune: %v, moves: [{leap: [1, 2]}]}", s.immune)
	w("  - name: Pawn")
	w("    letter: P")
	w("    san-letter: \"\"")
	w("    resets-clock: true")
	w("    value: 100")
	w("    moves:")
	w("      - {leap: [0, 1], symmetry: none, mode: move}")
	w("      - {ride: [0, 1], range: [2, 2], symmetry: none, mode: move, from: pawn-start, ep-target: %v}", s.ep)
	w("      - {leap: [1, 1], only: [forward], mode: capture, en-passant: %v}", s.ep)
	switch {
	case s.poolPromo && s.exchange:
		w("    promotion: {zone: last-rank, to: [Q, R, B, N], from-pool: prison, pool-owner: opponent}")
	case s.poolPromo:
		w("    promotion: {zone: last-rank, to: [Q, R, B, N], from-pool: pocket}")
	default:
		w("    promotion: {zone: last-rank, to: [Q, R, B, N]}")
	}
	if s.castling {
		w("castling: {royal: K, partner: R, short: {king: g, partner: f}, long: {king: c, partner: d}}")
	}
	if s.statuses() {
		flags := ""
		if s.bounce {
			flags = ", immobile: true, harmless: true"
		}
		w("statuses: [{name: stunned, duration: %d%s}]", s.duration(), flags)
		switch {
		case s.bounce && s.kick:
			w("capture: {effect: bounce, status: stunned, kick: stunned}")
		case s.bounce:
			w("capture: {effect: bounce, status: stunned}")
		default:
			w("capture: {effect: replace, kick: stunned}")
		}
	}
	if s.hands() {
		w("hands:")
		if s.exchange {
			w("  pools: [prison, airfield]")
			w("  enemy-pools: [prison]")
			w("  capture-to: prison")
			w("  exchange: {give: prison, to: airfield, take: prison, order: [[P], [N, B], [R], [Q]]}")
			if s.drops {
				w("  drops: {from: airfield, forbid: [{pieces: [P], zone: back-ranks}], may-give-check: %v, must-drop: %s}", !s.noCheckDrops, s.mustDropList())
			}
			if s.gating {
				w("  gating: {from: airfield}")
			}
		} else {
			w("  pools: [pocket]")
			w("  capture-to: pocket")
			if s.drops {
				w("  drops: {from: pocket, forbid: [{pieces: [P], zone: back-ranks}], may-give-check: %v, must-drop: %s}", !s.noCheckDrops, s.mustDropList())
			}
			if s.gating {
				w("  gating: {from: pocket}")
			}
		}
		if s.demote {
			w("  demote: true")
		}
	}
	if s.freeze {
		w("freeze: [{by: [Q], steps: [[1, 0], [1, 1]]}]")
	}
	if s.noCheck || s.reach {
		w("goals:")
		if s.noCheck {
			w("  - {name: king hit, hit: [K]}")
		}
		if s.reach {
			w("  - {name: king on the hill, reach: hill}")
		}
	}
	if s.noCheck {
		w("rules: {check: none, no-moves: {otherwise: draw}}")
	}
	w("setups:")
	w("  - {name: start, fen: %q}", pairStarts[0].fen(s))
	return b.String()
}

// A pairStart is a start position written for every definition of the matrix: its parts
// that a definition lacks (promoted marks, pools, castling rights, en-passant target,
// statuses) are left out.
type pairStart struct {
	name     string
	board    string // with '~' after a promoted man
	side     string
	castle   string
	ep       string
	pocket   string    // the pool's contents when there is one pool
	hostage  [2]string // prison and airfield
	statuses string    // square:counter, counters at most 4 (scaled for longer statuses)
}

var pairStarts = []pairStart{
	{name: "start", board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", side: "w", castle: "KQkq", ep: "-"},
	// Every mechanism in reach of the first move: pawns on the seventh ranks capturing on
	// the eighth (and the first), a pawn whose capture bounces onto g8, promoted men that
	// capture (c3, d6), an en-passant capture (h6), stunned men with men beyond them (a
	// kick from a4 on c6 reaches e8; g2 on f3 reaches b7 and a8), castling both ways, and
	// men in the pools to drop, exchange and promote to.
	{name: "busy", board: "r3k2r/1P3pP1/2nq~P3/3p2Pp/B7/2N~2b2/1p4P1/R3K2R", side: "w", castle: "KQkq", ep: "h6",
		pocket: "QNPqbp", hostage: [2]string{"QNPqbp", "RPrp"}, statuses: "e8:3,c6:4,h5:2,f3:4,a1:1"},
	// Black to move: rooks to drop on their corners (castling regained while the king has
	// never moved), pawns about to promote on both sides.
	{name: "drops", board: "r3k3/pPp2ppp/8/8/8/8/PPP2PpP/4K2R", side: "b", castle: "Kq", ep: "-",
		pocket: "RBrn", hostage: [2]string{"Bn", "Rr"}, statuses: "a8:2,b7:4,h1:3"},
	// Pawns side by side on the fourth and fifth ranks: double steps that can be taken en
	// passant, both ways.
	{name: "pawns", board: "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R", side: "w", castle: "KQkq", ep: "-",
		pocket: "Nn", hostage: [2]string{"Nn", "Bb"}, statuses: "d7:4,e2:3"},
	// Kings a step from the hill.
	{name: "center", board: "r7/1pp2n2/2k5/8/8/5K2/PP2N1P1/3R4", side: "w", castle: "-", ep: "-",
		pocket: "NPrp", hostage: [2]string{"Np", "Pr"}, statuses: "f7:3,e2:2"},
}

// fen writes the start for the definition s.
func (st pairStart) fen(s *pairSpec) string {
	board := st.board
	if !s.demote {
		board = strings.ReplaceAll(board, "~", "")
	}
	switch {
	case s.exchange:
		board += "[" + st.hostage[0] + "][" + st.hostage[1] + "]"
	case s.hands():
		board += "[" + st.pocket + "]"
	}
	castle, ep := "-", "-"
	if s.castling {
		castle = st.castle
	}
	if s.gating {
		// Every first-rank man of each side may gate (K and Q already give the king and
		// the rooks their rights).
		ranks := strings.Split(st.board, "/")
		gates := ""
		for _, side := range []struct {
			row   string
			upper bool
		}{{ranks[len(ranks)-1], true}, {ranks[0], false}} {
			f := 0
			for _, ch := range strings.ReplaceAll(side.row, "~", "") {
				switch {
				case ch >= '1' && ch <= '8':
					f += int(ch - '0')
					continue
				case (ch >= 'A' && ch <= 'Z') == side.upper:
					letter := string(rune('a' + f))
					if side.upper {
						letter = strings.ToUpper(letter)
					}
					gates += letter
				}
				f++
			}
		}
		if castle == "-" {
			castle = gates
		} else {
			castle += gates
		}
		if castle == "" {
			castle = "-"
		}
	}
	if s.ep {
		ep = st.ep
	}
	fen := fmt.Sprintf("%s %s %s %s 0 1", board, st.side, castle, ep)
	if s.statuses() && st.statuses != "" {
		var parts []string
		for _, f := range strings.Split(st.statuses, ",") {
			var sq string
			var n int
			fmt.Sscanf(strings.Replace(f, ":", " ", 1), "%s %d", &sq, &n)
			parts = append(parts, fmt.Sprintf("%s:%d", sq, n*s.duration()/4))
		}
		fen += " " + strings.Join(parts, ",")
	}
	return fen
}

// A pair of the matrix: its name (X×Y) and its definition.
type mechanismPair struct {
	name, a, b string
	spec       pairSpec
}

func mechanismPairs() []mechanismPair {
	var out []mechanismPair
	for i, a := range pairMechanisms {
		for _, b := range pairMechanisms[i+1:] {
			name := a.name + "×" + b.name
			if _, skip := pairConflicts[name]; skip {
				continue
			}
			var s pairSpec
			a.apply(&s)
			b.apply(&s)
			out = append(out, mechanismPair{name, a.name, b.name, s})
		}
	}
	return out
}

// menByType counts the men of each type on the board and in every pool, both sides
// together, a promoted man (marked) as the type it promoted from.
func menByType(p *Position) []int {
	rs := p.Ruleset()
	n := make([]int, rs.NumPieces())
	marked := p.Marked()
	for b := p.Occupied(); b.Any(); b = b.Rest() {
		sq := b.First()
		t := p.At(sq).Type()
		if rs.Hands != nil && marked.Has(sq) {
			t = rs.Hands.DemoteTo(t)
		}
		n[t]++
	}
	for pool := range rs.NumPools() {
		for c := compiler.White; c <= compiler.Black; c++ {
			for t := range rs.NumPieces() {
				n[t] += p.PoolCount(c, pool, t)
			}
		}
	}
	return n
}

// menChange is what a move may do to menByType, worked out from the rules (not from the
// interpreter) before it is played: adj is the change by promotion (a free promotion
// where men are not marked turns one man into another type), and each type may lose
// between lo and hi men that leave the board into no pool.
type menChange struct{ adj, lo, hi []int }

// expectedChange works out menChange for m in p, which is not yet played.
func expectedChange(p *Position, m Move) menChange {
	rs := p.Ruleset()
	n := rs.NumPieces()
	ch := menChange{make([]int, n), make([]int, n), make([]int, n)}
	counted := func(sq Square) int {
		t := p.At(sq).Type()
		if rs.Hands != nil && p.Marked().Has(sq) {
			t = rs.Hands.DemoteTo(t)
		}
		return t
	}
	toPool := rs.Hands != nil && rs.Hands.CaptureTo >= 0
	// A man captured goes into the capturer's pool, or leaves the game.
	captured := func(sq Square) {
		if !toPool {
			t := counted(sq)
			ch.lo[t]++
			ch.hi[t]++
		}
	}
	if m.Kind() != KindNormal && m.Kind() != KindEP {
		return ch // drops, exchanges, castling: nothing is captured or promoted
	}
	from, to := m.From(), m.To()
	gone := map[Square]bool{}
	for _, c := range []Square{m.Cap1(), m.Cap2()} {
		if c != NoSquare && !gone[c] && p.At(c) != NoPiece {
			gone[c] = true
			captured(c) // captures in passing and en passant are plain removals
		}
	}
	lost := false
	if m.Kind() == KindNormal && p.At(to) != NoPiece {
		df, dr := rs.FileOf(to)-rs.FileOf(from), rs.RankOf(to)-rs.RankOf(from)
		g := gcd(abs(df), abs(dr))
		dx, dy := df/g, dr/g
		switch {
		case rs.Kick && p.Status(to) != 0:
			// The kicked man is captured; every man beyond it, of either side, leaves the
			// board (an enemy one into the capturer's pool, perhaps): immune men stay.
			captured(to)
			for sq := rs.SquareAt(rs.FileOf(to)+dx, rs.RankOf(to)+dy); sq != NoSquare; sq = rs.SquareAt(rs.FileOf(sq)+dx, rs.RankOf(sq)+dy) {
				if pc := p.At(sq); pc != NoPiece && !rs.Piece(pc.Type()).Immune {
					ch.hi[counted(sq)]++
				}
			}
		case rs.Capture == compiler.EffectBounce:
			// The captured man stays; the capturer walks on to the first empty square, or
			// off the board and out of the game.
			lost = true
			for sq := rs.SquareAt(rs.FileOf(to)+dx, rs.RankOf(to)+dy); sq != NoSquare; sq = rs.SquareAt(rs.FileOf(sq)+dx, rs.RankOf(sq)+dy) {
				if p.At(sq) == NoPiece || gone[sq] {
					lost = false
					break
				}
			}
			if lost {
				t := counted(from)
				ch.lo[t]++
				ch.hi[t]++
			}
		default:
			captured(to)
		}
	}
	if pr := m.Promotion(); pr >= 0 && !lost {
		pt := rs.Piece(p.At(from).Type())
		marks := rs.Hands != nil && rs.Hands.Demote
		if pt.Promotion.FromPool < 0 && !marks {
			ch.adj[p.At(from).Type()]--
			ch.adj[pr]++
		}
	}
	return ch
}

// conservationError compares the men after a move with before and the expected change;
// it returns "" or "got ..., want ...".
func conservationError(rs *compiler.Ruleset, before, after []int, ch menChange) string {
	var got, want []string
	for t := range before {
		hi := before[t] + ch.adj[t] - ch.lo[t]
		lo := before[t] + ch.adj[t] - ch.hi[t]
		if after[t] >= lo && after[t] <= hi {
			continue
		}
		l := string(rs.Piece(t).Letter)
		got = append(got, fmt.Sprintf("%s %d", l, after[t]))
		if lo == hi {
			want = append(want, fmt.Sprintf("%s %d", l, lo))
		} else {
			want = append(want, fmt.Sprintf("%s %d..%d", l, lo, hi))
		}
	}
	if got == nil {
		return ""
	}
	return fmt.Sprintf("got men per type (board and pools, promoted men as what they promoted from) %s, want %s",
		strings.Join(got, ", "), strings.Join(want, ", "))
}

// tallyPosition counts in seen the mechanisms acting in p: freezing, and an immune man
// standing where an enemy man could otherwise take it.
func tallyPosition(p *Position, seen map[string]int) {
	rs := p.Ruleset()
	if p.Frozen(compiler.White).Any() || p.Frozen(compiler.Black).Any() {
		seen["freeze"]++
	}
	for b := p.Occupied(); b.Any(); b = b.Rest() {
		sq := b.First()
		if pc := p.At(sq); rs.Piece(pc.Type()).Immune && p.Attacked(sq, pc.Color()^1) {
			seen["immune"]++
		}
	}
	h := rs.Hands
	if h == nil || h.DropFrom < 0 {
		return
	}
	legal := p.LegalMoves(nil)
	if h.MustDrop != 0 && len(legal) > 0 && legal[0].IsDrop() {
		for _, m := range p.PseudoMoves(nil) {
			if !m.IsDrop() {
				seen["must-drop"]++ // a move the side could make but for the drops it must make
				break
			}
		}
	}
	if h.DropsNoCheck && seen["drop-no-check"] == 0 {
		// A drop left out because it would give check.
		for sq := range rs.Cells {
			for t := range rs.NumPieces() {
				m := newDrop(sq, t)
				if p.At(sq) != NoPiece || p.PoolCount(p.Side(), h.DropFrom, t) == 0 || !rs.DropToAt(p.Side(), t).Has(sq) || slices.Contains(legal, m) {
					continue
				}
				p.Make(m)
				if p.InCheck() {
					seen["drop-no-check"]++
				}
				p.Unmake()
			}
		}
	}
}

// tallyMove counts in seen the mechanisms the legal move m of p makes act.
func tallyMove(p *Position, m Move, seen map[string]int) {
	rs := p.Ruleset()
	switch m.Kind() {
	case KindCastle:
		seen["castling"]++
	case KindEP:
		seen["en-passant"]++
	case KindDrop:
		seen["drops"]++
	case KindExchange:
		seen["exchange"]++
	case KindNormal:
		if m.Cap1() != NoSquare {
			seen["multi-capture"]++
		}
		from, to := m.From(), m.To()
		if p.At(to) == NoPiece {
			break
		}
		if rs.Kick && p.Status(to) != 0 {
			seen["kick"]++
		} else if rs.Capture == compiler.EffectBounce {
			seen["bounce"]++
		}
		if rs.Hands != nil && rs.Hands.Demote && (p.Marked().Has(from) || p.Marked().Has(to)) {
			seen["demote"]++ // a promoted man captures or is captured
		}
	}
	if m.Gated() >= 0 {
		seen["gating"]++
	}
	if m.Promotion() >= 0 && m.Kind() == KindNormal && rs.Piece(p.At(m.From()).Type()).Promotion.FromPool >= 0 {
		seen["pool-promotion"]++
	}
}

// pairState is every field a move may change, the promoted marks included.
type pairState struct {
	s      snapshot
	marked Bitboard
	fen    string
}

func pairStateOf(p *Position) pairState { return pairState{snap(p), p.Marked(), p.FEN()} }

// sameFields reports whether a and b hold the same fields (FEN aside); reflect.DeepEqual
// would say the same, several times slower.
func sameFields(a, b *pairState) bool {
	x, y := &a.s, &b.s
	return a.marked == b.marked && slices.Equal(x.board, y.board) && slices.Equal(x.byType, y.byType) &&
		x.byColor == y.byColor && slices.Equal(x.status, y.status) && slices.Equal(x.hand, y.hand) &&
		x.side == y.side && x.castle == y.castle && x.ep == y.ep && x.immune == y.immune &&
		x.statused == y.statused && x.epVictim == y.epVictim && x.halfmove == y.halfmove &&
		x.fullmove == y.fullmove && x.hash == y.hash && x.ended == y.ended && x.endGoal == y.endGoal &&
		x.undo == y.undo && x.journal == y.journal
}

// TestMechanismPairs builds a definition for every pair of mechanisms (pairMechanisms,
// but for pairConflicts) and plays random games in it from each of pairStarts, on both
// cores: in -short one game of up to 100 plies from each start, else two of 200. Each
// pair must also see both of its mechanisms act.
func TestMechanismPairs(t *testing.T) {
	games, plies := 2, 200
	if testing.Short() {
		games, plies = 1, 100
	}
	pairs := mechanismPairs()
	for pi, pair := range pairs {
		t.Run(pair.name, func(t *testing.T) {
			src := pair.spec.render("pair")
			def, err := defs.Parse("pair.yaml", []byte(src))
			if err != nil {
				t.Fatalf("pair %s: %v\n%s", pair.name, err, src)
			}
			rs, err := Build(def)
			if err != nil {
				t.Fatalf("pair %s: %v\n%s", pair.name, err, src)
			}
			bothCores(t, func(t *testing.T) {
				reported := map[string]bool{}
				seen := map[string]int{}
				for si, st := range pairStarts {
					fen := st.fen(&pair.spec)
					for g := range games {
						rng := rand.New(rand.NewSource(int64(1000*pi + 10*si + g)))
						pairPlayout(t, pair.name, st.name, rs, fen, rng, plies, reported, seen)
					}
				}
				// The pair met only if each of its mechanisms acted in these playouts.
				for _, mech := range []string{pair.a, pair.b} {
					if seen[mech] == 0 && !t.Failed() {
						t.Errorf("pair %s: got no move or position where %s acts, want some (seen %v)", pair.name, mech, seen)
					}
				}
				t.Logf("pair %s: mechanisms acting, by moves checked: %v", pair.name, seen)
			})
		})
	}
}

// pairPlayout plays up to plies random legal moves from fen. At every position each
// legal move is made and unmade: the incremental hash must equal the recomputed one, the
// men be conserved, and unmake restore every field. The move played must give a FEN that
// reads back to the same position and hash. Unmaking the whole playout restores the start.
// A conservation failure is reported once per pair and core (reported); the others stop.
func pairPlayout(t *testing.T, pair, startName string, rs *compiler.Ruleset, fen string, rng *rand.Rand, plies int, reported map[string]bool, seen map[string]int) {
	t.Helper()
	p, err := FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("pair %s: start %s: %v", pair, fen, err)
	}
	if want := forceWideCore || rs.Narrow == nil; p.Wide() != want {
		t.Fatalf("pair %s: on the 256-cell core: got %v, want %v", pair, p.Wide(), want)
	}
	start := pairStateOf(p)
	made := 0
	for ply := 0; ply < plies; ply++ {
		if p.Ended().Over {
			break
		}
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		before := pairStateOf(p)
		men := menByType(p)
		tallyPosition(p, seen)
		for _, m := range legal {
			mv := p.Coord(m)
			ch := expectedChange(p, m)
			tallyMove(p, m, seen)
			p.Make(m)
			if e := p.Ended(); e.Over && e.Goal >= 0 {
				seen[map[string]string{"king hit": "no-check", "king on the hill": "reach-goal"}[e.Reason]]++
			}
			if h, r := p.Hash(), p.core().computeHash(); h != r {
				t.Fatalf("pair %s: ply %d move %s: got incremental hash %x, want %x (recomputed) (game from start %q: from %s)", pair, ply, mv, h, r, startName, before.fen)
			}
			if msg := conservationError(rs, men, menByType(p), ch); msg != "" && !reported["conservation"] {
				reported["conservation"] = true
				t.Errorf("pair %s: ply %d move %s: %s (game from start %q: from %s to %s)", pair, ply, mv, msg, startName, before.fen, p.FEN())
			}
			p.Unmake()
			if after := (pairState{s: snap(p), marked: p.Marked()}); !sameFields(&before, &after) {
				after.fen = p.FEN()
				t.Fatalf("pair %s: ply %d move %s: unmake: got %+v, want %+v", pair, ply, mv, after, before)
			}
		}
		m := legal[rng.Intn(len(legal))]
		mv := p.Coord(m)
		p.Make(m)
		made++
		after := p.FEN()
		q, err := FromFEN(rs, after)
		if err != nil {
			t.Fatalf("pair %s: ply %d move %s: FEN %s does not read back: %v", pair, ply, mv, after, err)
		}
		// A game decided by a goal is decided by the move, which a FEN does not hold: the
		// hash then differs by the result alone.
		if got := q.FEN(); got != after || q.Hash() != p.Hash() && p.core().endedCode() == 0 {
			t.Fatalf("pair %s: ply %d move %s: FEN round trip: got %s hash %x, want %s hash %x (game from start %q)", pair, ply, mv, got, q.Hash(), after, p.Hash(), startName)
		}
	}
	for ; made > 0; made-- {
		p.Unmake()
	}
	if got := pairStateOf(p); !sameFields(&got, &start) || got.fen != start.fen {
		t.Fatalf("pair %s: unmaking the playout from %s: got %s, want %s", pair, fen, got.fen, start.fen)
	}
}

// The two capture-effect bugs the matrix found (issue 18): a definition with a capture
// effect plays every capture through the effect's own path, which must carry what travels
// with a man as the normal move does.

// TestCaptureEffectCarriesPromotedMark: over crazyhouse, a promoted queen that captures
// stays promoted, and goes into the pocket as a pawn when it is taken (kick×demote).
func TestCaptureEffectCarriesPromotedMark(t *testing.T) {
	checkEffectGame(t, "extends: crazyhouse\nname: crazy-kick\nstatuses: [{name: stunned, duration: 4}]\ncapture: {effect: replace, kick: stunned}\n",
		"3r3k/8/8/8/3p4/8/7K/R2Q~4[] w - - 0 1", "Qxd4 Rxd4 Rd1 Rxd1", "7k/8/8/8/8/8/7K/3r4[Prp] w - - 0 3")
}

// TestCaptureEffectPromotesFromPool: over Hostage, a pawn that promotes by a capture takes
// its queen out of the opponent's prison and goes there itself (kick×pool-promotion).
func TestCaptureEffectPromotesFromPool(t *testing.T) {
	checkEffectGame(t, "extends: hostage\nname: hostage-kick\nstatuses: [{name: stunned, duration: 4}]\ncapture: {effect: replace, kick: stunned}\n",
		"4k2r/6P1/8/8/8/8/8/4K3[Q][] w - - 0 1", "gxh8=Q+", "4k2Q/8/8/8/8/8/8/4K3[Pr][] b - - 0 1")
}

// checkEffectGame plays game from fen in the definition src, on both cores, and compares
// the position reached with want (its pools first).
func checkEffectGame(t *testing.T, src, fen, game, want string) {
	t.Helper()
	def, err := defs.Parse("effect.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Build(def)
	if err != nil {
		t.Fatal(err)
	}
	bothCores(t, func(t *testing.T) {
		p, err := FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range strings.Fields(game) {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("%s: %v", mv, err)
			}
			p.Make(m)
		}
		pools := func(fen string) string {
			board := strings.Fields(fen)[0]
			return board[strings.IndexByte(board, '['):]
		}
		if got := p.FEN(); pools(got) != pools(want) || got != want {
			t.Errorf("%s from %s: got pools %s (%s), want %s (%s)", game, fen, pools(got), got, pools(want), want)
		}
		if h, r := p.Hash(), p.core().computeHash(); h != r {
			t.Errorf("%s from %s: got incremental hash %x, want %x (recomputed)", game, fen, h, r)
		}
	})
}
