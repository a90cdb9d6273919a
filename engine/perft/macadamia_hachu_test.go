// Macadamia shogi against HaChu (Debian hachu, variant macadamia-shogi): the moves of every
// position of games from the start, compared by what they do through the XBoard protocol.
package perft_test

import (
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// moveEffect says what a move does, whatever path it takes: its origin and destination,
// the enemy men it takes (sorted), and whether it promotes; a pass is "pass". Moves that
// differ only in their way (a lion's step out onto an empty square and on, or its jump
// there) have one effect, as HaChu lists them once.
func moveEffect(rs *compiler.Ruleset, from, to compiler.Square, takes []compiler.Square, promotes bool) string {
	if from == to && len(takes) == 0 {
		return "pass"
	}
	var names []string
	for _, sq := range takes {
		names = append(names, rs.SquareName(sq))
	}
	sort.Strings(names)
	s := rs.SquareName(from) + "-" + rs.SquareName(to)
	if len(names) > 0 {
		s += "x" + strings.Join(names, "x")
	}
	if promotes {
		s += "+"
	}
	return s
}

// chimeraEffect is the effect of m in p: the enemy men on the cells it takes in passing
// and where it lands (not back on its origin).
func chimeraEffect(p *interpreter.Position, m interpreter.Move) string {
	var takes []compiler.Square
	for _, sq := range []compiler.Square{m.Cap1(), m.Cap2(), m.To()} {
		if sq == compiler.NoSquare || sq == m.From() || slices.Contains(takes, sq) {
			continue
		}
		if pc := p.At(sq); pc != interpreter.NoPiece && pc.Color() != p.Side() {
			takes = append(takes, sq)
		}
	}
	return moveEffect(p.Ruleset(), m.From(), m.To(), takes, m.Promotion() >= 0)
}

// macadamiaText writes m as HaChu reads it: origin and destination, a pass as @@@@, and a
// move that takes men in passing as legs through each of them in turn (d4e5,e5f6 or
// d4d5,d5d6,d6d7: HaChu's lion dog takes up to two on its way); "+" for a promotion.
func macadamiaText(p *interpreter.Position, m interpreter.Move) string {
	rs := p.Ruleset()
	seq := []compiler.Square{m.From()}
	for _, sq := range []compiler.Square{m.Cap1(), m.Cap2()} {
		if sq != compiler.NoSquare && p.At(sq) != interpreter.NoPiece && p.At(sq).Color() != p.Side() {
			seq = append(seq, sq)
		}
	}
	seq = append(seq, m.To())
	if len(seq) == 2 && m.From() == m.To() {
		return "@@@@"
	}
	var legs []string
	for i := 1; i < len(seq); i++ {
		legs = append(legs, rs.SquareName(seq[i-1])+rs.SquareName(seq[i]))
	}
	s := strings.Join(legs, ",")
	if m.Promotion() >= 0 {
		s += "+"
	}
	return s
}

// hachuEffect reads a move as HaChu writes it in p (see moveEffect), and reports a move
// through a man of its own side that it would take, whether the move is of a man of the
// side to move at all, and a lion dog move HaChu writes mislabelled (mislabelledFirst,
// read as meant) (HaChu's list may hold a stale entry from another position). HaChu
// lists a lion dog's move that takes the two men it passes and lands beyond without its
// origin (d5d6,d6d7 for the lion dog on d4): a move whose first cell holds an enemy man
// starts on the cell behind it.
func hachuEffect(p *interpreter.Position, text string) (effect string, ownTaken, ours, mislabelled bool) {
	rs := p.Ruleset()
	if text == "@@@@" {
		return "pass", false, true, false
	}
	promotes := strings.HasSuffix(text, "+")
	text = strings.TrimSuffix(text, "+")
	var seq []compiler.Square
	for i, leg := range strings.Split(text, ",") {
		from, ok1 := squareOf(rs, leg)
		to, ok2 := squareOf(rs, leg[len(rs.SquareName(from)):])
		if !ok1 || !ok2 {
			return "?" + text, false, false, false
		}
		if i == 0 {
			seq = append(seq, from)
		}
		seq = append(seq, to)
	}
	if pc := p.At(seq[0]); len(seq) == 3 && pc != interpreter.NoPiece && pc.Color() != p.Side() {
		f0, r0 := rs.FileOf(seq[0]), rs.RankOf(seq[0])
		f1, r1 := rs.FileOf(seq[1]), rs.RankOf(seq[1])
		f, r := 2*f0-f1, 2*r0-r1
		if f < 0 || r < 0 || f >= rs.Files || r >= rs.Ranks {
			return "?" + text, false, false, false
		}
		seq = append([]compiler.Square{rs.SquareAt(f, r)}, seq...)
	}
	from, to := seq[0], seq[len(seq)-1]
	if pc := p.At(from); pc == interpreter.NoPiece || pc.Color() != p.Side() {
		return "", false, false, false
	}
	if first, ok := mislabelledFirst(p, seq); ok {
		seq, mislabelled = []compiler.Square{from, first, to}, true
	}
	var takes []compiler.Square
	for i, sq := range seq[1:] {
		if sq == from || slices.Contains(takes, sq) {
			continue
		}
		pc := p.At(sq)
		switch {
		case pc == interpreter.NoPiece:
		case pc.Color() != p.Side():
			takes = append(takes, sq)
		case i < len(seq)-2:
			ownTaken = true
		}
	}
	return moveEffect(rs, from, to, takes, promotes), ownTaken, true, mislabelled
}

// mislabelledFirst reads HaChu's lion dog move seq (origin, second cell, third cell of a
// line) that takes the enemy man on the first cell and lands on the third: HaChu's
// generator (hachu021.c, the lion dog's "e.p. 1st, end on 3rd" with the victim on the
// first ring) gives it the code of the move that takes the second cell (SPECIAL+72+i
// where +64+i was meant), so HaChu writes it through the second cell, which then holds no
// enemy man (empty or its own). It returns the first cell (hachuMislabelledFirst).
func mislabelledFirst(p *interpreter.Position, seq []compiler.Square) (compiler.Square, bool) {
	if len(seq) != 3 {
		return compiler.NoSquare, false
	}
	rs := p.Ruleset()
	f0, r0 := rs.FileOf(seq[0]), rs.RankOf(seq[0])
	df, dr := rs.FileOf(seq[2])-f0, rs.RankOf(seq[2])-r0
	if df%3 != 0 || dr%3 != 0 || df/3 < -1 || df/3 > 1 || dr/3 < -1 || dr/3 > 1 || df == 0 && dr == 0 {
		return compiler.NoSquare, false
	}
	df, dr = df/3, dr/3
	if rs.SquareAt(f0+2*df, r0+2*dr) != seq[1] {
		return compiler.NoSquare, false
	}
	first := rs.SquareAt(f0+df, r0+dr)
	enemy := func(sq compiler.Square) bool {
		pc := p.At(sq)
		return pc != interpreter.NoPiece && pc.Color() != p.Side()
	}
	if !enemy(first) || enemy(seq[1]) {
		return compiler.NoSquare, false
	}
	return first, true
}

// soleRoyalAttacked reports whether the side not to move has one royal man left (a king or
// a crown prince) and the side to move attacks it: HaChu then scores the position won
// without listing its moves.
func soleRoyalAttacked(p *interpreter.Position) bool {
	rs := p.Ruleset()
	var royals []compiler.Square
	for sq := range rs.Cells {
		if pc := p.At(compiler.Square(sq)); pc != interpreter.NoPiece && pc.Color() != p.Side() && rs.Piece(pc.Type()).Royal {
			royals = append(royals, compiler.Square(sq))
		}
	}
	return len(royals) == 1 && p.Attacked(royals[0], p.Side())
}

// TestMacadamiaAgainstHaChu plays games of the built-in macadamia from the start with
// HaChu and compares, at every position, what each of HaChu's listed moves does with
// what each of Chimera's legal moves does (check: none, so they are all its moves), then
// plays a random move of Chimera's that leaves its last royal man safe, captures first
// (HaChu's own choices are off: HaChu 0.21 crashes in its search of Macadamia after some
// forty plies). A game stops where the side to move could take the last enemy royal man
// (HaChu lists nothing there). Under -short one game of 10 plies, otherwise 6 of 120.
// HaChu 0.21's own faults (hachuUnpromotedInPassing, hachuMislabelledFirst,
// hachuOrderOmits) are tolerated, each counted and logged; a move Chimera plays is never
// one HaChu lists mislabelled (it would make another).
func TestMacadamiaAgainstHaChu(t *testing.T) {
	bin := referenceProgram(t, "hachu")
	games, plies := 6, 120
	if testing.Short() {
		games, plies = 1, 10
	}
	rs, err := interpreter.Open("macadamia")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(50))
	const hachuPlays = false
	positions, moves, promotions, multi := 0, 0, 0, 0
	tolerated := map[string]int{}
	for g := range games {
		h := startHaChu(t, bin, "macadamia-shogi")
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		var played []string
		for range plies {
			legal := p.LegalMoves(nil)
			if p.Result().Score != "*" || len(legal) == 0 || soleRoyalAttacked(p) {
				break
			}
			positions++
			effects := map[string]interpreter.Move{}
			for _, m := range legal {
				effects[chimeraEffect(p, m)] = m
			}
			theirs := map[string]string{}
			unplayable := map[string]bool{} // effects HaChu lists mislabelled: it cannot make them
			for _, s := range hachuList(h) {
				e, own, ours, mislabelled := hachuEffect(p, s)
				if !ours {
					continue
				}
				if mislabelled {
					unplayable[e] = true
					tolerated[hachuMislabelledFirst]++
					t.Logf("game %d after %v: HaChu lists %s, meaning %s (%s)", g, played, s, e, hachuMislabelledFirst)
				}
				if own {
					t.Fatalf("game %d after %v (%s): HaChu lists %s, which takes a man of its own", g, played, p.FEN(), s)
				}
				theirs[e] = s
			}
			var onlyOurs, onlyTheirs []string
			for e, m := range effects {
				if _, ok := theirs[e]; ok {
					continue
				}
				if skipsPassedMan(p, m, effects, theirs) {
					tolerated[hachuOrderOmits]++
					t.Logf("game %d after %v: HaChu omits %s (%s)", g, played, e, hachuOrderOmits)
					continue
				}
				onlyOurs = append(onlyOurs, e)
			}
			for e, s := range theirs {
				if _, ok := effects[e]; ok {
					continue
				}
				if unpromotedInPassing(e, s, effects, theirs) {
					tolerated[hachuUnpromotedInPassing]++
					continue
				}
				onlyTheirs = append(onlyTheirs, e+" ("+s+")")
			}
			if len(onlyOurs)+len(onlyTheirs) > 0 {
				sort.Strings(onlyOurs)
				sort.Strings(onlyTheirs)
				t.Fatalf("game %d after %v (%s): the moves differ\nChimera only: %v\nHaChu only:   %v", g, played, p.FEN(), onlyOurs, onlyTheirs)
			}
			moves += len(effects)
			for e, m := range effects {
				if m.Promotion() >= 0 {
					promotions++
				}
				if strings.Count(e, "x") > 1 || m.Cap1() != compiler.NoSquare && strings.Contains(e, "x") {
					multi++
				}
			}
			var m interpreter.Move
			if hachuPlays && (len(played)%2 == 1 || rng.Intn(2) == 0) {
				text := h.play(1)
				if text == "" {
					break
				}
				e, _, _, _ := hachuEffect(p, text)
				var ok bool
				if m, ok = effects[e]; !ok {
					t.Fatalf("game %d after %v (%s): HaChu plays %s (%s), not in Chimera's list", g, played, p.FEN(), text, e)
				}
			} else {
				var safe, captures []interpreter.Move
				for _, c := range legal {
					if unplayable[chimeraEffect(p, c)] {
						continue // HaChu reads it as another move (hachuMislabelledFirst)
					}
					p.Make(c)
					if !soleRoyalAttacked(p) {
						safe = append(safe, c)
						if chimeraEffectTakes(c, effects) {
							captures = append(captures, c)
						}
					}
					p.Unmake()
				}
				if len(safe) == 0 {
					safe = legal
				}
				m = safe[rng.Intn(len(safe))]
				if len(captures) > 0 && rng.Intn(3) > 0 {
					m = captures[rng.Intn(len(captures))]
				}
				text := macadamiaText(p, m)
				if ok, _ := h.accepts(text, true); !ok {
					t.Fatalf("game %d after %v (%s): HaChu refuses %s", g, played, p.FEN(), text)
				}
			}
			played = append(played, p.Coord(m))
			p.Make(m)
		}
	}
	t.Logf("%d games, %d positions, %d moves compared (%d promotions, %d taking men in passing)", games, positions, moves, promotions, multi)
	for _, kind := range []string{hachuUnpromotedInPassing, hachuMislabelledFirst, hachuOrderOmits} {
		t.Logf("tolerated, HaChu's fault: %d × %s", tolerated[kind], kind)
	}
}

// HaChu 0.21's faults that TestMacadamiaAgainstHaChu tolerates, each counted and logged.
//
// hachuUnpromotedInPassing: HaChu lists every move that takes a man in passing (a lion's
// double move, its capture without moving, a lion dog's capture on its way) both promoted
// and unpromoted, even for a man that must promote as it captures (a gold, a silver, a
// pawn: its promoted man does all it could). Its NewCapture (hachu021.c) looks up
// promoBoard[y] for the squares where a deferral is not allowed with y the move's
// special code (SPECIAL = 1400 and up for these moves), past the end of its table of
// 32×16 = 512 cells, so it pushes the unpromoted twin as well (a lion surrounded by enemy
// pawns shows it: its plain captures promoted only, its double captures both ways). By the rules text a capture in passing is a capture, and
// Chimera lists only the promotion for such men; the test accepts HaChu's extra unpromoted
// twin only where both programs list the promoted one.
//
// The others (hachuMislabelledFirst, hachuOrderOmits) are said at mislabelledFirst and
// skipsPassedMan. HaChu's lion dog moves written through a man of its own side are the
// mislabelled ones; any other move taking its own man fails the test.
const (
	hachuUnpromotedInPassing = "unpromoted twin of a capture in passing that must promote"
	hachuMislabelledFirst    = "lion dog capture of its first cell written through its second"
	hachuOrderOmits          = "lion dog move passing an enemy man without taking it, omitted by piece-list order"
)

// skipsPassedMan reports whether m, which HaChu does not list, is a move along a line that
// passes an enemy man without taking it, where both programs list the move along the same
// line that takes every enemy man it passes (hachuOrderOmits): HaChu's lion dog generates
// its captures in passing from each victim in turn, and takes a man in passing only if it
// stands higher in its piece list than the victim it starts from (hachu021.c, "Lion-Dog
// move (awful!)"), so that, by the order of its list, the move passing the first of two
// enemy men to take the second, or taking the first and passing the second, is left out.
// By the rules text a lion dog may take or pass each man on its way.
func skipsPassedMan(p *interpreter.Position, m interpreter.Move, effects map[string]interpreter.Move, theirs map[string]string) bool {
	rs := p.Ruleset()
	from, to := m.From(), m.To()
	df, dr := rs.FileOf(to)-rs.FileOf(from), rs.RankOf(to)-rs.RankOf(from)
	n := max(abs(df), abs(dr))
	if n < 2 || df != 0 && abs(df) != n || dr != 0 && abs(dr) != n {
		return false
	}
	var all []compiler.Square
	for k := 1; k <= n; k++ {
		sq := rs.SquareAt(rs.FileOf(from)+k*df/n, rs.RankOf(from)+k*dr/n)
		if pc := p.At(sq); pc != interpreter.NoPiece && pc.Color() != p.Side() {
			all = append(all, sq)
		}
	}
	full := moveEffect(rs, from, to, all, m.Promotion() >= 0)
	if full == chimeraEffect(p, m) {
		return false
	}
	_, ours := effects[full]
	_, both := theirs[full]
	return ours && both
}

// unpromotedInPassing reports whether HaChu's move text s (effect e), which Chimera does not
// list, is the unpromoted twin of a capture in passing whose promotion both list
// (hachuUnpromotedInPassing).
func unpromotedInPassing(e, s string, effects map[string]interpreter.Move, theirs map[string]string) bool {
	if strings.HasSuffix(e, "+") || !strings.Contains(s, ",") {
		return false
	}
	_, ours := effects[e+"+"]
	_, both := theirs[e+"+"]
	return ours && both
}

// chimeraEffectTakes reports whether c is among effects as a move that takes a man.
func chimeraEffectTakes(c interpreter.Move, effects map[string]interpreter.Move) bool {
	for e, m := range effects {
		if m == c {
			return strings.Contains(e, "x")
		}
	}
	return false
}
