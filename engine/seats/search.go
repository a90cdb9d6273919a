// Package seats plays games of seats (interpreter.Table): a paranoid alpha-beta search
// (the team of the seat it plays for maximises, every other seat minimises, as if all
// its opponents played together against it), random and greedy players, and games among
// them with their records.
package seats

import (
	"time"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/interpreter"
)

// Limits bound a search: its nodes (a node is a table reached by a move), its depth in
// seats' moves and its time; 0 is no limit (without any, a depth of 3). Stop, when
// closed, stops the search as its time would (a client gone); nil never does.
type Limits struct {
	Nodes int64
	Depth int
	Time  time.Duration
	Stop  <-chan struct{}
}

// Info is what a search found: the move, its score for the seat searched for
// (centipawns; Win and more a won game), the depth completed and the nodes searched.
type Info struct {
	Move  interpreter.TableMove
	Score int
	Depth int
	Nodes int64
}

// Win is the score of a won game (less the plies to it).
const Win = 1 << 20

const (
	maxPly   = 64
	qPlies   = 4   // captures searched past the depth
	royalWin = 200 // a royal man's worth in move ordering and to the greedy player, in pawns
)

// Searcher searches games of one ruleset. It is not safe for concurrent use.
type Searcher struct {
	rs      *compiler.Ruleset
	sr      *compiler.SeatRules
	w       search.Worths
	tables  [maxPly]interpreter.Table
	moves   [maxPly][]interpreter.TableMove
	keys    [maxPly][]int
	root    int // the seat searched for
	nodes   int64
	lim     Limits
	start   time.Time
	stopped bool
}

// NewSearcher returns a searcher of games of rs (a game of seats).
func NewSearcher(rs *compiler.Ruleset) *Searcher {
	return &Searcher{rs: rs, sr: rs.Seats, w: search.WorthsOf(rs)}
}

// worth is what seat k's man m standing on sq counts: its type's worth and its square
// bonus where it stands in its seat's frame.
func (s *Searcher) worth(m interpreter.TableMan, sq interpreter.Square) int {
	v := s.w.Value[m.Type]
	if s.w.Square != nil {
		v += s.w.Square[m.Type][s.sr.ToFrame(s.sr.Frame(int(m.Seat)), sq)]
	}
	return v
}

// Evaluate scores t for seat k: the worth of its team's live men less that of the others'
// (shared among the opponents left, without teams), and with points, its points less the
// others' average, a point a pawn; a game over is won, lost or drawn.
func (s *Searcher) Evaluate(t *interpreter.Table, k, ply int) int {
	sr := s.sr
	if r := t.Result(); r.Over {
		switch r.Winner {
		case -1:
			return 0
		case sr.Team(k):
			return Win - ply
		}
		return -Win + ply
	}
	if t.Out(k) && !sr.Scored() {
		return -Win + ply
	}
	own, other, opponents := 0, 0, 0
	for o := range sr.Seats() {
		if sr.Team(o) != sr.Team(k) && !t.Out(o) {
			opponents++
		}
	}
	for sq, m := range t.Board {
		if m.Empty() || m.Dead {
			continue
		}
		if sr.Team(int(m.Seat)) == sr.Team(k) {
			own += s.worth(m, sq)
		} else {
			other += s.worth(m, sq)
		}
	}
	score := own - other/max(opponents, 1)
	if t.Out(k) {
		score = -Win / 2
	}
	if sr.Scored() {
		sum := 0
		for o := range sr.Seats() {
			if o != k {
				sum += t.Points(o)
			}
		}
		score += 100 * (t.Points(k) - sum/(sr.Seats()-1))
	}
	return score
}

// Best searches t for the seat to move by iterative deepening within lim.
func (s *Searcher) Best(t *interpreter.Table, lim Limits) Info {
	if lim.Nodes == 0 && lim.Depth == 0 && lim.Time == 0 {
		lim.Depth = 3
	}
	s.lim, s.nodes, s.start, s.stopped = lim, 0, time.Now(), false
	s.root = t.Mover()
	root := t.LegalMoves(nil)
	info := Info{Score: -Win - 1}
	if len(root) == 0 {
		return info
	}
	info.Move = root[0]
	s.order(t, root, make([]int, len(root)))
	for d := 1; d < maxPly-qPlies-1 && (lim.Depth == 0 || d <= lim.Depth); d++ {
		best, bestScore := -1, -Win-1
		alpha := -Win - 1
		for i, m := range root {
			c := &s.tables[0]
			if c.After(t, m) != nil {
				continue
			}
			s.nodes++
			v := s.value(c, d-1, 1, alpha, Win+1)
			if s.stopped {
				break
			}
			if v > bestScore {
				best, bestScore = i, v
				alpha = max(alpha, v)
			}
		}
		if s.stopped || best < 0 {
			break
		}
		// The best move first in the next iteration.
		root[0], root[best] = root[best], root[0]
		info.Move, info.Score, info.Depth = root[0], bestScore, d
		if bestScore >= Win-maxPly || s.out() {
			break
		}
	}
	info.Nodes = s.nodes
	return info
}

// out reports whether the search has used its nodes or time.
func (s *Searcher) out() bool {
	if s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes || s.lim.Time > 0 && s.nodes&255 == 0 && time.Since(s.start) >= s.lim.Time {
		s.stopped = true
	}
	if s.lim.Stop != nil && s.nodes&255 == 0 {
		select {
		case <-s.lim.Stop:
			s.stopped = true
		default:
		}
	}
	return s.stopped
}

// value is t's paranoid value for the root seat, depth seats' moves deep and then its
// captures, at ply plies from the root: the root's team maximises, the others minimise.
func (s *Searcher) value(t *interpreter.Table, depth, ply, alpha, beta int) int {
	if t.Result().Over || ply >= maxPly-1 || s.out() {
		return s.Evaluate(t, s.root, ply)
	}
	maxing := s.sr.Team(t.Mover()) == s.sr.Team(s.root)
	captures := depth <= 0
	if captures {
		stand := s.Evaluate(t, s.root, ply)
		if depth <= -qPlies {
			return stand
		}
		if maxing {
			if stand >= beta {
				return stand
			}
			alpha = max(alpha, stand)
		} else {
			if stand <= alpha {
				return stand
			}
			beta = min(beta, stand)
		}
	}
	moves := t.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	if captures {
		n := 0
		for _, m := range moves {
			if v := t.Board[m.To]; !v.Empty() {
				moves[n] = m
				n++
			}
		}
		moves = moves[:n]
		if n == 0 {
			return s.Evaluate(t, s.root, ply)
		}
	}
	if cap(s.keys[ply]) < len(moves) {
		s.keys[ply] = make([]int, len(moves), 2*len(moves))
	}
	s.order(t, moves, s.keys[ply][:len(moves)])
	best := Win + 1
	if maxing {
		best = -Win - 1
	}
	if captures {
		best = alpha
		if !maxing {
			best = beta
		}
	}
	c := &s.tables[ply]
	for _, m := range moves {
		if c.After(t, m) != nil {
			continue
		}
		s.nodes++
		v := s.value(c, depth-1, ply+1, alpha, beta)
		if s.stopped {
			return best
		}
		if maxing {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// order sorts moves by what they take, the most worth first (a royal man first of all),
// keeping the order of the others.
func (s *Searcher) order(t *interpreter.Table, moves []interpreter.TableMove, keys []int) {
	for i, m := range moves {
		keys[i] = s.taken(t, m)
	}
	for i := 1; i < len(moves); i++ { // insertion sort: stable, allocation-free
		m, k := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}

// taken is the worth of what m takes (0 for nothing or a dead man; a royal man counts
// royalWin pawns).
func (s *Searcher) taken(t *interpreter.Table, m interpreter.TableMove) int {
	v := t.Board[m.To]
	if v.Empty() || v.Dead {
		return 0
	}
	if s.rs.Piece(int(v.Type)).Royal {
		return 100 * royalWin
	}
	return max(s.w.Value[v.Type], 1)
}
