// The generic evaluation: material from the definition (or estimated from mobility), mobility-based square tables, mobility where the men stand, pools, goal zones.

package search

import (
	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// evaluator holds the tables the evaluation reads, computed once per ruleset.
type evaluator struct {
	rs     *compiler.Ruleset
	value  []int      // per type, centipawns (royal pieces 0)
	square [2][][]int // [color][type][square]: bonus for a piece there
	pool   [][]int    // [pool][type]: the worth of a held man
	// goalDist[c][sq]: king steps from sq to side c's nearest goal square (reach goals),
	// for the goal's counted types goalTypes; nil without reach goals.
	goalDist  [2][]int
	goalTypes uint64
	// nearGoal[c][t]: the cells from which a piece of goal type t of side c reaches one
	// of c's goal cells in one move on an empty board (quiescence looks at goal moves
	// only from there).
	nearGoal [2][]compiler.Bitboard
	// statusValue[t]: what a man of type t counts while it carries a status that makes it
	// immobile; nil without such a status.
	statusValue []int
	// goalBonus[c][sq]: the bonus of a goal piece of side c on sq (from goalDist).
	goalBonus [2][]int
	// checkBonus[n]: the worth of n checks given (rules.check-counter).
	checkBonus []int
	tempo      int // the side to move's bonus
	w          weights
	// nearEnemy[t], nearOwn[t]: what a man of type t counts while within two king steps
	// (nearZone) of an enemy royal man, or of one of its own side's; nearAny: some is not 0.
	nearEnemy, nearOwn []int
	nearZone           []compiler.Bitboard
	royalTypes         []int
	nearAny            bool
	// pawnTypes: the pawn-like types (they promote and only move forward), whose men
	// are passed with no enemy pawn-like man in passedSpan[c][sq] (the cells ahead on
	// the man's file and the next ones); passedShape[c][sq] is what a passed man of
	// side c counts on sq per unit of the weight (w.Passed; the term is skipped at 0),
	// scaled by what promotion gains.
	pawnTypes   []int
	passedSpan  [2][]compiler.Bitboard
	passedShape [2][]int
	passedZone  [2]compiler.Bitboard // the cells where passedShape is not 0
	// files[f]: the cells of file f, and beside[f] those of the files next to it (the
	// pawn-like men's structure: isolated and doubled men).
	files, beside []compiler.Bitboard
	// pairTypes: the colour-bound types (colourBound), a side with men of one of them on
	// cells of both colours counting w.Pair (the term is skipped at 0); light: the cells
	// of one colour.
	pairTypes []int
	light     compiler.Bitboard
	// fileTypes: the file-riding types (ridesFiles), whose men count w.OpenFile on a file
	// with no pawn-like man and w.HalfOpenFile on one with the enemy's alone (nil without
	// pawn-like types).
	fileTypes []int
	// weights: the values, square tables, goal bonuses and pool values as the
	// interpreter's Weights, which a searched position sums as it goes (nil where a
	// man's status changes its worth).
	weights *interpreter.Weights
	bare    bareRoyal
	// reach[t], reachCenter[t]: a man of type t counts reach[t] per cell it could move to
	// beyond reachCenter[t] (half its average on an empty board), for the types whose
	// reach the position counts (reaches; Position.Reach); reachOn: some weight is not 0
	// (else the term is skipped).
	reach, reachCenter []int
	reachOn            bool
}

// weights are the generic terms' weights, from the definition's evaluation: section or
// the defaults.
type weights struct {
	Mobility     int // centipawns per square reached above the average, in derived square tables
	Advance      int // centipawns per rank of a promoting piece, in derived square tables
	GoalDistance int // (8-d)² times this for a goal piece d king steps from its zone
	ChecksGiven  int // the scale of the checks given
	Tempo        int // the side to move's bonus
	Passed       int // a passed pawn-like man counts its shape (passedShape) times this
	Reach        int // centipawns per cell a man could move to now, beyond half its type's average
	Isolated     int // what a pawn-like man with none of its side's on the files beside counts against
	Doubled      int // what each pawn-like man beyond the first of a side on a file counts against
	Pair         int // what a side with men of a colour-bound type on cells of both colours counts
	OpenFile     int // what a file-riding man counts on a file with no pawn-like man
	HalfOpenFile int // what a file-riding man counts on a file with only the enemy's pawn-like men
}

// defaultWeights are the weights of a definition without an evaluation: section.
var defaultWeights = weights{Mobility: 3, Advance: 6, GoalDistance: 6, ChecksGiven: checkGiven, Tempo: 10, Passed: 5, Reach: 2, Isolated: 12, Doubled: 12, Pair: 40, OpenFile: 25, HalfOpenFile: 10}

// weightsOf returns the weights the definition's evaluation: section sets over the defaults.
func weightsOf(rs *compiler.Ruleset, ev *defs.Evaluation) weights {
	w := defaultWeights
	if rs.Hands != nil || rs.Counting != nil {
		// A man dropped ahead stops a passed man; under a counting rule a won ending is
		// drawn unless mated in time (self-play lost with the term there: BENCHMARKS.md).
		w.Passed, w.Isolated, w.Doubled = 0, 0, 0
		w.Pair, w.OpenFile, w.HalfOpenFile = 0, 0, 0 // measured in chess alone (docs/matches.md)
	}
	if ev == nil {
		return w
	}
	for _, t := range []struct {
		x  *int
		to *int
	}{{ev.Mobility, &w.Mobility}, {ev.Advance, &w.Advance}, {ev.GoalDistance, &w.GoalDistance}, {ev.ChecksGiven, &w.ChecksGiven}, {ev.Tempo, &w.Tempo}, {ev.Passed, &w.Passed}, {ev.Isolated, &w.Isolated}, {ev.Doubled, &w.Doubled}, {ev.Pair, &w.Pair}, {ev.OpenFile, &w.OpenFile}, {ev.HalfOpenFile, &w.HalfOpenFile}, {ev.Reach, &w.Reach}} {
		if t.x != nil {
			*t.to = *t.x
		}
	}
	return w
}

// newEvaluator derives the evaluation tables from the compiled ruleset.
func newEvaluator(rs *compiler.Ruleset) *evaluator {
	var ev *defs.Evaluation
	if rs.Def != nil {
		ev = rs.Def.Evaluation
	}
	e := &evaluator{rs: rs, w: weightsOf(rs, ev)}
	e.tempo = e.w.Tempo
	n := rs.NumPieces()
	e.value = make([]int, n)
	mob := make([][]int, n) // [type][square]: White's targets from there on an empty board
	e.reach, e.reachCenter = make([]int, n), make([]int, n)
	for t := range n {
		pt := rs.Piece(t)
		mob[t] = make([]int, rs.Cells)
		total, squares := 0, 0
		for sq := 0; sq < rs.Cells; sq++ {
			if !rs.Squares.Has(sq) {
				continue
			}
			m := emptyBoardMobility(rs, t, sq)
			mob[t][sq] = m
			total += m
			squares++
		}
		avg := 0
		if squares > 0 {
			avg = total / squares
		}
		e.reachCenter[t] = avg / 2
		switch {
		case pt.Royal:
			e.value[t] = 0
		case pt.Value > 0:
			e.value[t] = pt.Value
		default:
			// No value given: about 40 centipawns per square reached on an empty board
			// (a knight's 5 give 200, a rook's 14 give 560), at least a pawn's worth.
			e.value[t] = max(100, 40*avg)
		}
		for c := compiler.White; c <= compiler.Black; c++ {
			e.square[c] = append(e.square[c], make([]int, rs.Cells))
			for sq := 0; sq < rs.Cells; sq++ {
				if !rs.Squares.Has(sq) {
					continue
				}
				own := sq
				if c == compiler.Black {
					own = rs.SquareAt(rs.FileOf(sq), rs.Ranks-1-rs.RankOf(sq)) // mirrored
				}
				if own < 0 {
					continue
				}
				bonus := e.w.Mobility * (mob[t][own] - avg) // central squares reach more
				if pr := pt.Promotion; pr != nil {
					bonus += e.w.Advance * rs.RankOf(own) // a promoting piece gains by advancing
				}
				if pt.Royal && rs.Check != compiler.CheckNone {
					bonus = -bonus / 2 // a royal piece under check rules is safer at home
				}
				e.square[c][t][sq] = bonus
			}
		}
	}
	if h := rs.Hands; h != nil {
		e.pool = make([][]int, rs.NumPools())
		for pool := range e.pool {
			e.pool[pool] = make([]int, n)
			for t := range n {
				v := e.value[t]
				if h.Enemy(pool) {
					v /= 3 // an enemy man held is worth what it can buy back
				}
				e.pool[pool][t] = v
			}
		}
	}
	e.nearEnemy, e.nearOwn = make([]int, n), make([]int, n)
	for t := range n {
		if rs.Piece(t).Royal {
			e.royalTypes = append(e.royalTypes, t)
		}
	}
	if len(e.royalTypes) > 0 {
		e.nearZone = make([]compiler.Bitboard, rs.Cells)
		for sq := range rs.Cells {
			for to := range rs.Cells {
				if to != sq && rs.Squares.Has(to) && max(abs(rs.FileOf(to)-rs.FileOf(sq)), abs(rs.RankOf(to)-rs.RankOf(sq))) <= 2 {
					e.nearZone[sq] = e.nearZone[sq].With(to)
				}
			}
		}
	}
	e.giveaway()
	for t := range n {
		if reaches(rs, t) && e.value[t] > 0 { // not by default where a goal rewards losing men (giveaway)
			e.reach[t] = e.w.Reach
		}
	}
	e.tuned(ev)
	for t := range n {
		e.reachOn = e.reachOn || e.reach[t] != 0
	}
	if st := rs.Status; st != nil && st.Immobile {
		e.statusValues(ev)
	}
	e.bare = newBareRoyal(rs, e.royalTypes, e.value)
	e.passedMen()
	e.pairs()
	e.goals()
	e.fillNearGoal()
	if k := rs.CheckCounter; k > 0 {
		// Checks given, worth more as the last one nears: 1 left of 3 is far more
		// than 2 left.
		e.checkBonus = make([]int, k+1)
		for given := range e.checkBonus {
			e.checkBonus[given] = e.w.ChecksGiven * given * given * 3 / k
		}
	}
	if e.statusValue == nil || !rs.Uses(compiler.MechStatus) {
		var keyed uint64 // the pawn-like men, whose places key the passed men's cache
		if e.pawnTerms() {
			for _, t := range e.pawnTypes {
				keyed |= 1 << uint(t)
			}
		}
		e.weights = interpreter.NewWeights(rs, e.manWorth, func(_ compiler.Color, pool, t int) int { return e.pool[pool][t] }, keyed)
	}
	return e
}

// reaches reports whether the evaluation counts the reach of type t's men (mobility): a
// type that is not royal and moves by leaps and tabled lines alone for both sides
// (PieceType.LeapsAndLines, boards of at most 64 cells), whose cells Position.Reach counts.
func reaches(rs *compiler.Ruleset, t int) bool {
	if rs.Narrow == nil || rs.Piece(t).Royal {
		return false
	}
	pt := rs.Narrow.Piece(t)
	return pt.LeapsAndLines[compiler.White] && pt.LeapsAndLines[compiler.Black]
}

// manWorth is what a man of side c and type t counts on sq: its value, its square's bonus
// and, for a goal piece, its nearness to the goal.
func (e *evaluator) manWorth(c compiler.Color, t int, sq compiler.Square) int {
	v := e.value[t] + e.square[c][t][sq]
	if e.goalTypes>>uint(t)&1 != 0 && e.goalBonus[c] != nil {
		v += e.goalBonus[c][sq]
	}
	return v
}

// tuned lays the values, square tables and pool values of the definition's evaluation:
// section over the derived ones. A value given is counted as written (giveaway does not
// turn it around).
func (e *evaluator) tuned(ev *defs.Evaluation) {
	if ev == nil {
		return
	}
	rs := e.rs
	for letter, ep := range ev.Pieces {
		t := rs.TypeOfText(letter)
		if t < 0 || ep == nil {
			continue
		}
		if ep.Value != nil && !rs.Piece(t).Royal {
			e.value[t] = *ep.Value
		}
		if ep.Reach != nil && reaches(rs, t) {
			e.reach[t] = *ep.Reach
		}
		if len(e.royalTypes) > 0 && !rs.Piece(t).Royal {
			if ep.NearEnemyRoyal != nil {
				e.nearEnemy[t] = *ep.NearEnemyRoyal
			}
			if ep.NearOwnRoyal != nil {
				e.nearOwn[t] = *ep.NearOwnRoyal
			}
			e.nearAny = e.nearAny || e.nearEnemy[t] != 0 || e.nearOwn[t] != 0
		}
		if ep.Squares == nil {
			continue
		}
		for c := compiler.White; c <= compiler.Black; c++ {
			for sq := 0; sq < rs.Cells; sq++ {
				if !rs.Squares.Has(sq) {
					continue
				}
				own := sq
				if c == compiler.Black {
					own = rs.SquareAt(rs.FileOf(sq), rs.Ranks-1-rs.RankOf(sq)) // mirrored
				}
				if own < 0 {
					continue
				}
				if row := rs.Ranks - 1 - rs.RankOf(own); row < len(ep.Squares) && rs.FileOf(own) < len(ep.Squares[row]) {
					e.square[c][t][sq] = ep.Squares[row][rs.FileOf(own)]
				}
			}
		}
	}
	pools := rs.Pools()
	for pool := range e.pool {
		for letter, v := range ev.Pools[pools[pool]] {
			if t := rs.TypeOfText(letter); t >= 0 {
				e.pool[pool][t] = v
			}
		}
	}
}

// statusValues fills statusValue: each type's status-value where the evaluation: section
// gives one, else three quarters of its value (as tuned left it).
func (e *evaluator) statusValues(ev *defs.Evaluation) {
	rs := e.rs
	e.statusValue = make([]int, len(e.value))
	for t, v := range e.value {
		e.statusValue[t] = v * 3 / 4
	}
	if ev == nil {
		return
	}
	for letter, ep := range ev.Pieces {
		if t := rs.TypeOfText(letter); t >= 0 && ep != nil && ep.StatusValue != nil && !rs.Piece(t).Royal {
			e.statusValue[t] = *ep.StatusValue
		}
	}
}

// giveaway turns material around where a goal rewards losing men: a side that loses a
// kind of men (all its men, or its royal) wins by it, so each man of those
// kinds counts against its side.
func (e *evaluator) giveaway() {
	for gls, i := e.rs.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Extinct == 0 || g.Own != (g.Result == compiler.Win) {
			continue // being left without those men is no good for the side left
		}
		for t := range e.value {
			if g.Extinct>>uint(t)&1 != 0 && e.value[t] > 0 {
				e.value[t] = -e.value[t]
			}
		}
	}
}

// pawnLike reports whether type t promotes and moves only forward: every cell a White man
// of it reaches from any cell on an empty board is on a later rank.
func pawnLike(rs *compiler.Ruleset, t int) bool {
	pt := rs.Piece(t)
	if pt.Promotion == nil || pt.Royal {
		return false
	}
	moves := false
	for sq := 0; sq < rs.Cells; sq++ {
		if !rs.Squares.Has(sq) {
			continue
		}
		for b := emptyBoardReach(rs, t, compiler.White, sq); b.Any(); b = b.Rest() {
			if rs.RankOf(b.First()) <= rs.RankOf(sq) {
				return false
			}
			moves = true
		}
	}
	return moves
}

// colourBound reports whether type t is a colour-bound piece that keeps its type: not
// royal, not promoting, and every cell a man of it reaches from any cell on an empty board,
// for either side, is of that cell's colour (as a bishop's are).
func colourBound(rs *compiler.Ruleset, t int) bool {
	pt := rs.Piece(t)
	if pt.Promotion != nil || pt.Royal {
		return false
	}
	moves := false
	for sq := 0; sq < rs.Cells; sq++ {
		if !rs.Squares.Has(sq) {
			continue
		}
		for c := compiler.White; c <= compiler.Black; c++ {
			for b := emptyBoardReach(rs, t, c, sq).And(rs.Squares); b.Any(); b = b.Rest() {
				if cellColour(rs, b.First()) != cellColour(rs, sq) {
					return false
				}
				moves = true
			}
		}
	}
	return moves
}

// cellColour is the colour of cell sq, 0 or 1, as a chequered board has it.
func cellColour(rs *compiler.Ruleset, sq compiler.Square) int {
	return (rs.FileOf(sq) + rs.RankOf(sq)) & 1
}

// pairs fills the pair term's tables: the colour-bound types and the cells of one colour.
func (e *evaluator) pairs() {
	rs := e.rs
	for t := range rs.NumPieces() {
		if colourBound(rs, t) && e.value[t] > 0 {
			e.pairTypes = append(e.pairTypes, t)
		}
	}
	for sq := 0; sq < rs.Cells; sq++ {
		if rs.Squares.Has(sq) && cellColour(rs, sq) == 0 {
			e.light = e.light.With(sq)
		}
	}
}

// pairsOf is how many colour-bound types side c has men of on cells of both colours.
func (e *evaluator) pairsOf(p *interpreter.Position, c compiler.Color) int {
	n := 0
	for _, t := range e.pairTypes {
		b := p.Pieces(c, t)
		if b.Meets(e.light) && b.AndNot(e.light).Any() {
			n++
		}
	}
	return n
}

// ridesFiles reports whether type t, neither royal nor promoting, reaches along its
// file both ways to the board's edge from every cell on an empty board, for either side
// (as a rook does): the type that gains from a file free of pawn-like men.
func ridesFiles(rs *compiler.Ruleset, t int) bool {
	pt := rs.Piece(t)
	if pt.Promotion != nil || pt.Royal {
		return false
	}
	for sq := 0; sq < rs.Cells; sq++ {
		if !rs.Squares.Has(sq) {
			continue
		}
		for c := compiler.White; c <= compiler.Black; c++ {
			reach := emptyBoardReach(rs, t, c, sq)
			for to := 0; to < rs.Cells; to++ {
				if to != sq && rs.Squares.Has(to) && rs.FileOf(to) == rs.FileOf(sq) && !reach.Has(to) {
					return false
				}
			}
		}
	}
	return true
}

// fileMasks is the files each side has pawn-like men on (bit f for file f), men each
// side's pawn-like men.
func (e *evaluator) fileMasks(men [2]compiler.Bitboard) [2]uint64 {
	var files [2]uint64
	for c := range files {
		for b := men[c]; b.Any(); b = b.Rest() {
			files[c] |= 1 << uint(e.rs.FileOf(b.First()))
		}
	}
	return files
}

// openFilesOf counts side c's men of the file-riding types on files with no pawn-like
// man (open) and on files with the enemy's alone (half), files the files each side has
// pawn-like men on (fileMasks).
func (e *evaluator) openFilesOf(p *interpreter.Position, files [2]uint64, c compiler.Color) (open, half int) {
	rs := e.rs
	for _, t := range e.fileTypes {
		for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
			f := uint(rs.FileOf(b.First()))
			if files[c]>>f&1 != 0 {
				continue
			}
			if files[c^1]>>f&1 != 0 {
				half++
			} else {
				open++
			}
		}
	}
	return open, half
}

// fileTerms reports whether the evaluation counts file-riding men on open files.
func (e *evaluator) fileTerms() bool {
	return e.fileTypes != nil && (e.w.OpenFile != 0 || e.w.HalfOpenFile != 0)
}

// passedGainUnit is the promotion gain at which a passed man counts its shape times the
// weight (a man of 100 promoting to one of 900).
const passedGainUnit = 800

// passedMen fills the passed-man tables: a man counts its shape (shapeAt) times g/800, g
// the most a pawn-like man gains by promoting (the best promoted type's value less its).
func (e *evaluator) passedMen() {
	rs := e.rs
	gain := 0 // the most a pawn-like man gains by promoting
	for t := range rs.NumPieces() {
		// Not where a goal rewards losing such men (their value is turned around), nor
		// where promoting gains nothing.
		if !pawnLike(rs, t) || e.value[t] <= 0 {
			continue
		}
		g := 0
		for to, i := rs.Piece(t).Promotion.To(), 0; i < to.Len(); i++ {
			g = max(g, e.value[to.At(i)]-e.value[t])
		}
		if g > 0 {
			e.pawnTypes = append(e.pawnTypes, t)
			gain = max(gain, g)
		}
	}
	if e.pawnTypes == nil {
		return
	}
	for t := range rs.NumPieces() {
		if rs.Files <= 64 && ridesFiles(rs, t) && e.value[t] > 0 { // fileMasks: a bit a file
			e.fileTypes = append(e.fileTypes, t)
		}
	}
	e.files, e.beside = make([]compiler.Bitboard, rs.Files), make([]compiler.Bitboard, rs.Files)
	for sq := 0; sq < rs.Cells; sq++ {
		if rs.Squares.Has(sq) {
			e.files[rs.FileOf(sq)] = e.files[rs.FileOf(sq)].With(sq)
		}
	}
	for f := range rs.Files {
		if f > 0 {
			e.beside[f] = e.beside[f].Or(e.files[f-1])
		}
		if f+1 < rs.Files {
			e.beside[f] = e.beside[f].Or(e.files[f+1])
		}
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		e.passedSpan[c] = make([]compiler.Bitboard, rs.Cells)
		e.passedShape[c] = make([]int, rs.Cells)
		for sq := 0; sq < rs.Cells; sq++ {
			if !rs.Squares.Has(sq) {
				continue
			}
			e.passedShape[c][sq] = e.shapeAt(c, sq) * gain / passedGainUnit
			if e.passedShape[c][sq] != 0 {
				e.passedZone[c] = e.passedZone[c].With(sq)
			}
			for to := 0; to < rs.Cells; to++ {
				ahead := rs.RankOf(to) > rs.RankOf(sq)
				if c == compiler.Black {
					ahead = rs.RankOf(to) < rs.RankOf(sq)
				}
				if ahead && rs.Squares.Has(to) && abs(rs.FileOf(to)-rs.FileOf(sq)) <= 1 {
					e.passedSpan[c][sq] = e.passedSpan[c][sq].With(to)
				}
			}
		}
	}
}

// shapeAt is max(0, 6−s)², s the ranks from sq to the nearest rank ahead (for side c)
// of the pawn-like types' promotion zones (the last rank where none is ahead): what a
// passed man there counts per unit of the term's weight.
func (e *evaluator) shapeAt(c compiler.Color, sq compiler.Square) int {
	rs := e.rs
	left := rs.Ranks - 1 - rs.RankOf(sq)
	if c == compiler.Black {
		left = rs.RankOf(sq)
	}
	for _, t := range e.pawnTypes {
		for z := rs.Piece(t).Promotion.Zone[c]; z.Any(); z = z.Rest() {
			d := rs.RankOf(z.First()) - rs.RankOf(sq)
			if c == compiler.Black {
				d = -d
			}
			if d >= 0 {
				left = min(left, d)
			}
		}
	}
	k := max(0, 6-left)
	return k * k
}

// pawnMen is each side's pawn-like men.
func (e *evaluator) pawnMen(p *interpreter.Position) [2]compiler.Bitboard {
	var men [2]compiler.Bitboard
	for _, t := range e.pawnTypes {
		men[compiler.White] = men[compiler.White].Or(p.Pieces(compiler.White, t))
		men[compiler.Black] = men[compiler.Black].Or(p.Pieces(compiler.Black, t))
	}
	return men
}

// passedOf is what side c's passed pawn-like men count per unit of the term's weight,
// men each side's pawn-like men.
func (e *evaluator) passedOf(men [2]compiler.Bitboard, c compiler.Color) int {
	n := 0
	for b := men[c].And(e.passedZone[c]); b.Any(); b = b.Rest() {
		sq := b.First()
		if !e.passedSpan[c][sq].Meets(men[c^1]) {
			n += e.passedShape[c][sq]
		}
	}
	return n
}

// structureOf counts side c's isolated pawn-like men (none of its own on the files
// beside) and doubled ones (each beyond the first on a file), men each side's pawn-like men.
func (e *evaluator) structureOf(men [2]compiler.Bitboard, c compiler.Color) (isolated, doubled int) {
	rs := e.rs
	for b := men[c]; b.Any(); b = b.Rest() {
		if !e.beside[rs.FileOf(b.First())].Meets(men[c]) {
			isolated++
		}
	}
	for _, file := range e.files {
		if n := file.And(men[c]).Count(); n > 1 {
			doubled += n - 1
		}
	}
	return isolated, doubled
}

// pawnsOf is what side c's pawn-like men count as they stand: passed men, isolated and
// doubled ones, weighed.
func (e *evaluator) pawnsOf(men [2]compiler.Bitboard, c compiler.Color) int {
	iso, dbl := e.structureOf(men, c)
	return e.w.Passed*e.passedOf(men, c) - e.w.Isolated*iso - e.w.Doubled*dbl
}

// passedCache keeps what the pawn-like men count (passed, isolated and doubled men:
// pawnsOf) and the files they stand on by the key of their places (the weighed position's
// WeighedKey), one a search thread: most positions of a search share their pawn-like men
// with many others.
type passedCache []passedEntry

type passedEntry struct {
	key uint64
	pawnCount
	set bool
}

// pawnCount is what each side's pawn-like men count as they stand (pawnsOf), and the
// files each side has them on (fileMasks).
type pawnCount struct {
	n     [2]int32
	files [2]uint64
}

const passedCacheBits = 14

func newPassedCache() passedCache { return make(passedCache, 1<<passedCacheBits) }

// pawnTerms reports whether the evaluation counts the pawn-like men's places: passed,
// isolated or doubled men, or file-riding men on files free of them.
func (e *evaluator) pawnTerms() bool {
	return e.pawnTypes != nil && (e.w.Passed != 0 || e.w.Isolated != 0 || e.w.Doubled != 0) || e.fileTerms()
}

// passed is what each side's pawn-like men count as they stand (pawnsOf) and the files
// they stand on, from pc where p is weighed and pc holds its pawn-like men's key (pc may
// be nil).
func (e *evaluator) passed(p *interpreter.Position, pc passedCache) pawnCount {
	var ent *passedEntry
	var key uint64
	if pc != nil {
		var ok bool
		if key, ok = p.WeighedKey(e.weights); ok {
			ent = &pc[key>>(64-passedCacheBits)]
			if ent.set && ent.key == key {
				return ent.pawnCount
			}
		}
	}
	men := e.pawnMen(p)
	n := pawnCount{n: [2]int32{int32(e.pawnsOf(men, compiler.White)), int32(e.pawnsOf(men, compiler.Black))}, files: e.fileMasks(men)}
	if ent != nil {
		*ent = passedEntry{key: key, pawnCount: n, set: true}
	}
	return n
}

// emptyBoardMobility is how many squares a White piece of type t on sq reaches on an
// empty board: its leap targets and the squares of its rides.
func emptyBoardMobility(rs *compiler.Ruleset, t int, sq compiler.Square) int {
	pt := rs.Piece(t)
	n := pt.LeapQuietAt(compiler.White, sq).Or(pt.LeapCaptureAt(compiler.White, sq)).Count()
	for dis, i := pt.Slides(compiler.White), 0; i < dis.Len(); i++ {
		n += rs.Dir(dis.At(i)).RayAt(sq).And(rs.Squares).Count()
	}
	for rides, i := pt.Rides(compiler.White), 0; i < rides.Len(); i++ {
		r := rides.At(i)
		k := rs.Dir(r.Dir).RayAt(sq).And(rs.Squares).Count()
		if r.Max > 0 {
			k = min(k, r.Max)
		}
		n += k
	}
	for paths, i := pt.Paths(compiler.White), 0; i < paths.Len(); i++ {
		n += paths.At(i).ReachAt(sq).Count()
	}
	return n
}

// goals fills the distance tables of reach goals won by the mover.
func (e *evaluator) goals() {
	rs := e.rs
	for i := range rs.NumGoals() {
		g := rs.Goal(i)
		if !g.HasZ || g.Result != compiler.Win || g.Hook != nil {
			continue
		}
		e.goalTypes |= g.Types
		for c := compiler.White; c <= compiler.Black; c++ {
			if e.goalDist[c] == nil {
				e.goalDist[c] = make([]int, rs.Cells)
				for sq := range e.goalDist[c] {
					e.goalDist[c][sq] = 1 << 20
				}
			}
			for sq := 0; sq < rs.Cells; sq++ {
				for z := g.Zone[c]; z.Any(); z = z.Rest() {
					gq := z.First()
					d := max(abs(rs.FileOf(sq)-rs.FileOf(gq)), abs(rs.RankOf(sq)-rs.RankOf(gq)))
					e.goalDist[c][sq] = min(e.goalDist[c][sq], d)
				}
			}
		}
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		if e.goalDist[c] == nil {
			continue
		}
		e.goalBonus[c] = make([]int, rs.Cells)
		for sq, d := range e.goalDist[c] {
			d = min(d, 8)
			e.goalBonus[c][sq] = (8 - d) * (8 - d) * e.w.GoalDistance // near the goal zone matters more and more
		}
	}
}

// fillNearGoal fills nearGoal from goalDist.
func (e *evaluator) fillNearGoal() {
	rs := e.rs
	for c := compiler.White; c <= compiler.Black; c++ {
		if e.goalDist[c] == nil {
			continue
		}
		var zone compiler.Bitboard
		for sq := 0; sq < rs.Cells; sq++ {
			if rs.Squares.Has(sq) && e.goalDist[c][sq] == 0 {
				zone = zone.With(sq)
			}
		}
		e.nearGoal[c] = make([]compiler.Bitboard, rs.NumPieces())
		for t := range rs.NumPieces() {
			if e.goalTypes>>uint(t)&1 == 0 {
				continue
			}
			for sq := 0; sq < rs.Cells; sq++ {
				if rs.Squares.Has(sq) && emptyBoardReach(rs, t, c, sq).Meets(zone) {
					e.nearGoal[c][t] = e.nearGoal[c][t].With(sq)
				}
			}
		}
	}
}

// emptyBoardReach is a superset of the cells a piece of type t and side c on sq moves to
// on an empty board: its leaps, and its slides', rides' (whole rays) and paths' reach.
func emptyBoardReach(rs *compiler.Ruleset, t int, c compiler.Color, sq compiler.Square) compiler.Bitboard {
	pt := rs.Piece(t)
	b := pt.LeapQuietAt(c, sq).Or(pt.LeapCaptureAt(c, sq))
	for dis, i := pt.Slides(c), 0; i < dis.Len(); i++ {
		b = b.Or(rs.Dir(dis.At(i)).RayAt(sq))
	}
	for rides, i := pt.Rides(c), 0; i < rides.Len(); i++ {
		b = b.Or(rs.Dir(rides.At(i).Dir).RayAt(sq))
	}
	for paths, i := pt.Paths(c), 0; i < paths.Len(); i++ {
		b = b.Or(paths.At(i).ReachAt(sq))
	}
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkGiven scales the worth of the checks a side has given where checks are counted
// (see evaluate).
const checkGiven = 100

// evaluate scores p for the side to move, in centipawns.
func (e *evaluator) evaluate(p *interpreter.Position, pc passedCache) int {
	rs := e.rs
	score, weighed := p.Weighed(e.weights)
	for c := compiler.White; c <= compiler.Black && !weighed; c++ {
		for t := range rs.NumPieces() {
			for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
				sq := b.First()
				v := e.value[t]
				if e.statusValue != nil && p.Status(sq) > 0 {
					v = e.statusValue[t]
				}
				score[c] += v + e.square[c][t][sq]
				if e.goalTypes>>uint(t)&1 != 0 && e.goalBonus[c] != nil {
					score[c] += e.goalBonus[c][sq]
				}
			}
		}
		for pool := range e.pool {
			for t, v := range e.pool[pool] {
				if n := p.PoolCount(c, pool, t); n > 0 {
					score[c] += n * v
				}
			}
		}
	}
	if k := rs.CheckCounter; k > 0 {
		for c := compiler.White; c <= compiler.Black; c++ {
			score[c] += e.checkBonus[min(max(k-p.ChecksLeft(c), 0), k)]
		}
	}
	if e.nearAny {
		zone := [2]compiler.Bitboard{e.royalZone(p, compiler.White), e.royalZone(p, compiler.Black)}
		for c := compiler.White; c <= compiler.Black; c++ {
			for t := range rs.NumPieces() {
				if e.nearEnemy[t] == 0 && e.nearOwn[t] == 0 {
					continue
				}
				b := p.Pieces(c, t)
				score[c] += e.nearEnemy[t]*b.And(zone[c^1]).Count() + e.nearOwn[t]*b.And(zone[c]).Count()
			}
		}
	}
	if e.pawnTerms() {
		n := e.passed(p, pc)
		score[compiler.White] += int(n.n[compiler.White])
		score[compiler.Black] += int(n.n[compiler.Black])
		if e.fileTerms() {
			for c := compiler.White; c <= compiler.Black; c++ {
				open, half := e.openFilesOf(p, n.files, c)
				score[c] += e.w.OpenFile*open + e.w.HalfOpenFile*half
			}
		}
	}
	if e.w.Pair != 0 && e.pairTypes != nil {
		score[compiler.White] += e.w.Pair * e.pairsOf(p, compiler.White)
		score[compiler.Black] += e.w.Pair * e.pairsOf(p, compiler.Black)
	}
	if e.reachOn {
		r := p.Reach(e.reach, e.reachCenter)
		score[0] += r[0]
		score[1] += r[1]
	}
	if e.bare.on {
		if c, v := e.bare.bonus(p, score); v != 0 {
			score[c] += v
		}
	}
	us := p.Side()
	return score[us] - score[us^1] + e.tempo // a small bonus for the move
}

// royalZone is the set of cells within two king steps of side c's royal men.
func (e *evaluator) royalZone(p *interpreter.Position, c compiler.Color) compiler.Bitboard {
	var z compiler.Bitboard
	for _, t := range e.royalTypes {
		for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
			z = z.Or(e.nearZone[b.First()])
		}
	}
	return z
}

// Worths are the evaluation's worth of a man by type (centipawns; royal types 0) and
// White's square bonuses by type and square, for a search of its own: a game of seats
// counts each seat's men where they stand in its frame, in which the seat is White.
type Worths struct {
	Value  []int
	Square [][]int // nil where the evaluation has no square bonuses
}

// WorthsOf computes rs's worths as the evaluation counts them.
func WorthsOf(rs *compiler.Ruleset) Worths {
	e := newEvaluator(rs)
	return Worths{Value: e.value, Square: e.square[compiler.White]}
}
