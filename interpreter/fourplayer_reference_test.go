package interpreter

// A naive four-player chess referee written from docs/fourplayer-rules.md alone (a 14x14
// mailbox, every seat's moves written out in its own coordinates, no call into the
// interpreter), against which the seats' frames are compared: perft at the start and at
// positions of random games, the moves, points, seats out and results after every move.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type nvMan struct {
	seat       int // -1 empty
	kind       byte
	dead, prom bool
}

type nvGame struct {
	ffa    bool
	b      [14][14]nvMan // [x][y]
	turn   int
	out    [4]bool
	castle [4][2]bool
	points [4]int
	last   []int
	over   bool
	winner int // team or seat; -1 draw
}

var nvLetters = "rbyg"

func nvExists(x, y int) bool {
	if x < 0 || y < 0 || x > 13 || y > 13 {
		return false
	}
	return !((x < 3 || x > 10) && (y < 3 || y > 10))
}

// nvAbs turns seat s's own coordinates (lx across, ly forward from its edge) into the
// board's: Red sits at the bottom, Blue on the left, Yellow at the top, Green on the right.
func nvAbs(s, lx, ly int) (int, int) {
	switch s {
	case 1: // Blue's army is Red's turned and mirrored: its king on a8, its queen on a7
		return ly, lx
	case 2:
		return 13 - lx, 13 - ly
	case 3: // Green's likewise: its king on n7, its queen on n8
		return 13 - ly, 13 - lx
	}
	return lx, ly
}

// nvDir turns a step of seat s's own coordinates into the board's.
func nvDir(s, dx, dy int) (int, int) {
	x0, y0 := nvAbs(s, 0, 0)
	x1, y1 := nvAbs(s, dx, dy)
	return x1 - x0, y1 - y0
}

// nvLocal is the rank (forward count from seat s's edge) of cell x, y.
func nvRank(s, x, y int) int {
	switch s {
	case 1:
		return x
	case 2:
		return 13 - y
	case 3:
		return 13 - x
	}
	return y
}

func (g *nvGame) team(s int) int {
	if g.ffa {
		return s
	}
	return s % 2
}

// enemy reports whether a man of seat s may take what stands on x, y.
func (g *nvGame) enemy(s, x, y int) bool {
	m := g.b[x][y]
	return m.seat >= 0 && (m.dead || g.team(m.seat) != g.team(s))
}

// attacks reports whether live man at x, y attacks tx, ty.
func (g *nvGame) attacks(x, y, tx, ty int) bool {
	m := g.b[x][y]
	dx, dy := tx-x, ty-y
	switch m.kind {
	case 'P':
		fx, fy := nvDir(m.seat, 0, 1)
		for _, side := range []int{-1, 1} {
			sx, sy := nvDir(m.seat, side, 0)
			if dx == fx+sx && dy == fy+sy {
				return true
			}
		}
		return false
	case 'N':
		return dx*dx+dy*dy == 5
	case 'K':
		return max(nvAbsv(dx), nvAbsv(dy)) == 1
	}
	straight := dx == 0 || dy == 0
	diag := nvAbsv(dx) == nvAbsv(dy)
	if dx == 0 && dy == 0 || m.kind == 'R' && !straight || m.kind == 'B' && !diag || m.kind == 'Q' && !straight && !diag {
		return false
	}
	sx, sy := nvSign(dx), nvSign(dy)
	for cx, cy := x+sx, y+sy; cx != tx || cy != ty; cx, cy = cx+sx, cy+sy {
		if !nvExists(cx, cy) || g.b[cx][cy].seat >= 0 { // the corners are no cells: lines stop there
			return false
		}
	}
	return true
}

func nvSign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func nvAbsv(v int) int { return max(v, -v) }

// attacked reports whether x, y is attacked by a live opponent of seat s.
func (g *nvGame) attacked(s, x, y int) bool {
	for ax := range 14 {
		for ay := range 14 {
			m := g.b[ax][ay]
			if m.seat >= 0 && !m.dead && !g.out[m.seat] && g.team(m.seat) != g.team(s) && g.attacks(ax, ay, x, y) {
				return true
			}
		}
	}
	return false
}

func (g *nvGame) king(s int) (int, int, bool) {
	for x := range 14 {
		for y := range 14 {
			if m := g.b[x][y]; m.seat == s && !m.dead && m.kind == 'K' {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

func (g *nvGame) inCheck(s int) bool {
	x, y, ok := g.king(s)
	return ok && g.attacked(s, x, y)
}

type nvMove struct {
	fx, fy, tx, ty int
	promo          byte
	castle         int // 0 none, 1 short, 2 long
}

func nvName(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, y+1) }

func (m nvMove) String() string {
	s := nvName(m.fx, m.fy) + nvName(m.tx, m.ty)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	return s
}

// pseudo lists seat s's moves before the check test.
func (g *nvGame) pseudo(s int) []nvMove {
	var ms []nvMove
	promoRank, promos := 10, "QRBN"
	if g.ffa {
		promoRank, promos = 7, "Q"
	}
	for x := range 14 {
		for y := range 14 {
			m := g.b[x][y]
			if m.seat != s || m.dead {
				continue
			}
			add := func(tx, ty int) {
				ms = append(ms, nvMove{fx: x, fy: y, tx: tx, ty: ty})
			}
			switch m.kind {
			case 'P':
				fx, fy := nvDir(s, 0, 1)
				pawn := func(tx, ty int) {
					if nvRank(s, tx, ty) == promoRank {
						for _, p := range []byte(promos) {
							ms = append(ms, nvMove{fx: x, fy: y, tx: tx, ty: ty, promo: p})
						}
						return
					}
					add(tx, ty)
				}
				if nvExists(x+fx, y+fy) && g.b[x+fx][y+fy].seat < 0 {
					pawn(x+fx, y+fy)
					if nvRank(s, x, y) == 1 && nvExists(x+2*fx, y+2*fy) && g.b[x+2*fx][y+2*fy].seat < 0 {
						pawn(x+2*fx, y+2*fy)
					}
				}
				for _, side := range []int{-1, 1} {
					sx, sy := nvDir(s, side, 0)
					if tx, ty := x+fx+sx, y+fy+sy; nvExists(tx, ty) && g.enemy(s, tx, ty) {
						pawn(tx, ty)
					}
				}
			case 'N', 'K':
				for dx := -2; dx <= 2; dx++ {
					for dy := -2; dy <= 2; dy++ {
						d := dx*dx + dy*dy
						if m.kind == 'N' && d != 5 || m.kind == 'K' && (d == 0 || d > 2) {
							continue
						}
						if tx, ty := x+dx, y+dy; nvExists(tx, ty) && (g.b[tx][ty].seat < 0 || g.enemy(s, tx, ty)) {
							add(tx, ty)
						}
					}
				}
			default:
				for dx := -1; dx <= 1; dx++ {
					for dy := -1; dy <= 1; dy++ {
						if dx == 0 && dy == 0 || m.kind == 'R' && dx != 0 && dy != 0 || m.kind == 'B' && (dx == 0 || dy == 0) {
							continue
						}
						for tx, ty := x+dx, y+dy; nvExists(tx, ty); tx, ty = tx+dx, ty+dy {
							if g.b[tx][ty].seat >= 0 {
								if g.enemy(s, tx, ty) {
									add(tx, ty)
								}
								break
							}
							add(tx, ty)
						}
					}
				}
			}
		}
	}
	// Castling: the king on its h-file square of its first rank, the rook on k (short)
	// or d (long), the cells between empty, the king not in check nor passing or landing
	// on an attacked cell.
	kx, ky := nvAbs(s, 7, 0)
	for side, c := range g.castle[s] {
		if !c || g.inCheck(s) {
			continue
		}
		rookL, kingTo, between := 10, 9, []int{8, 9}
		if side == 1 {
			rookL, kingTo, between = 3, 5, []int{4, 5, 6}
		}
		ok := true
		for _, l := range between {
			bx, by := nvAbs(s, l, 0)
			ok = ok && g.b[bx][by].seat < 0
		}
		for _, l := range []int{(7 + kingTo) / 2, kingTo} {
			bx, by := nvAbs(s, l, 0)
			ok = ok && !g.attacked(s, bx, by)
		}
		_ = rookL
		if ok {
			tx, ty := nvAbs(s, kingTo, 0)
			ms = append(ms, nvMove{fx: kx, fy: ky, tx: tx, ty: ty, castle: side + 1})
		}
	}
	return ms
}

func (g *nvGame) clone() *nvGame {
	c := *g
	c.last = slices.Clone(g.last)
	return &c
}

// play makes a move of the seat to move (no check test, no turn passing).
func (g *nvGame) play(m nvMove) {
	s := g.turn
	man := g.b[m.fx][m.fy]
	if m.castle > 0 {
		rl, rt := 10, 8
		if m.castle == 2 {
			rl, rt = 3, 6
		}
		rx, ry := nvAbs(s, rl, 0)
		tx, ty := nvAbs(s, rt, 0)
		rook := g.b[rx][ry]
		g.b[rx][ry] = nvMan{seat: -1}
		g.b[m.fx][m.fy] = nvMan{seat: -1}
		g.b[tx][ty] = rook
		g.b[m.tx][m.ty] = man
		g.castle[s] = [2]bool{}
		return
	}
	took := g.b[m.tx][m.ty]
	g.b[m.fx][m.fy] = nvMan{seat: -1}
	if m.promo != 0 {
		man.kind, man.prom = m.promo, true
	}
	g.b[m.tx][m.ty] = man
	if took.seat >= 0 && !took.dead && g.ffa {
		v := map[byte]int{'P': 1, 'N': 3, 'B': 5, 'R': 5, 'Q': 9, 'K': 20}[took.kind]
		if took.prom {
			v = 1
		}
		g.points[s] += v
	}
	if took.seat >= 0 && !took.dead && took.kind == 'K' {
		g.eliminate(took.seat)
	}
	// Castling rights go with the king's or a rook's leaving (or being taken from) home.
	for o := range 4 {
		kx, ky := nvAbs(o, 7, 0)
		if k := g.b[kx][ky]; k.seat != o || k.kind != 'K' || k.dead {
			g.castle[o] = [2]bool{}
		}
		for side, l := range []int{10, 3} {
			rx, ry := nvAbs(o, l, 0)
			if r := g.b[rx][ry]; r.seat != o || r.kind != 'R' || r.dead {
				g.castle[o][side] = false
			}
		}
	}
}

func (g *nvGame) legal() []nvMove {
	if g.over {
		return nil
	}
	var out []nvMove
	for _, m := range g.pseudo(g.turn) {
		c := g.clone()
		c.play(m)
		if !c.inCheck(g.turn) {
			out = append(out, m)
		}
	}
	return out
}

func (g *nvGame) eliminate(s int) {
	g.out[s] = true
	g.castle[s] = [2]bool{}
	for x := range 14 {
		for y := range 14 {
			if g.b[x][y].seat == s {
				g.b[x][y].dead = true
			}
		}
	}
	if g.over {
		return
	}
	if !g.ffa {
		g.over, g.winner = true, 1-s%2
		return
	}
	live := 0
	for _, o := range g.out {
		if !o {
			live++
		}
	}
	if live <= 1 {
		g.finish()
	}
}

func (g *nvGame) finish() {
	g.over, g.winner = true, -1
	if !g.ffa {
		return
	}
	best := 0
	for s := range 4 {
		if g.points[s] > g.points[best] {
			best = s
		}
	}
	g.winner = best
	for s := range 4 {
		if s != best && g.points[s] == g.points[best] {
			g.winner = -1
		}
	}
}

// settle passes the turn on from the mover (next) or settles the seat to move.
func (g *nvGame) settle(next bool) {
	for !g.over {
		if next {
			g.turn = (g.turn + 1) % 4
			for g.out[g.turn] {
				g.turn = (g.turn + 1) % 4
			}
		}
		next = true
		s := g.turn
		if len(g.legal()) > 0 {
			return
		}
		if g.inCheck(s) {
			if g.ffa {
				kx, ky, _ := g.king(s)
				by := -1
				for i := len(g.last) - 1; i >= 0 && by < 0; i-- {
					o := g.last[i]
					for x := range 14 {
						for y := range 14 {
							if m := g.b[x][y]; m.seat == o && o != s && !m.dead && !g.out[o] && g.attacks(x, y, kx, ky) {
								by = o
							}
						}
					}
				}
				if by >= 0 {
					g.points[by] += 20
				}
			}
			g.eliminate(s)
			continue
		}
		if !g.ffa {
			g.over, g.winner = true, -1
			return
		}
		g.points[s] += 20
		g.eliminate(s)
	}
}

func (g *nvGame) move(m nvMove) {
	g.play(m)
	g.last = append(slices.DeleteFunc(g.last, func(o int) bool { return o == g.turn }), g.turn)
	g.settle(true)
}

func (g *nvGame) perft(d int) uint64 {
	ms := g.legal()
	if d <= 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		c := g.clone()
		c.move(m)
		n += c.perft(d - 1)
	}
	return n
}

// fen writes the game in the notation of docs/fourplayer-rules.md.
func (g *nvGame) fen() string {
	var b strings.Builder
	b.WriteByte(nvLetters[g.turn] - 'a' + 'A')
	list := func(f func(s int) int) {
		b.WriteByte('-')
		for s := range 4 {
			if s > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(f(s)))
		}
	}
	bit := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	list(func(s int) int { return bit(g.out[s]) })
	list(func(s int) int { return bit(g.castle[s][0]) })
	list(func(s int) int { return bit(g.castle[s][1]) })
	list(func(s int) int { return g.points[s] })
	b.WriteString("-0-")
	for y := 13; y >= 0; y-- {
		var toks []string
		empty := 0
		for x := range 14 {
			m := g.b[x][y]
			if m.seat < 0 {
				empty++
				continue
			}
			if empty > 0 {
				toks = append(toks, strconv.Itoa(empty))
				empty = 0
			}
			t := string(nvLetters[m.seat])
			if m.dead {
				t = "d"
			}
			t += string(m.kind)
			if m.prom {
				t += "~"
			}
			toks = append(toks, t)
		}
		if empty > 0 {
			toks = append(toks, strconv.Itoa(empty))
		}
		b.WriteString(strings.Join(toks, ","))
		if y > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

func nvStart(ffa bool) *nvGame {
	g := &nvGame{ffa: ffa, winner: -1, last: []int{0, 1, 2, 3}}
	for x := range 14 {
		for y := range 14 {
			g.b[x][y] = nvMan{seat: -1}
		}
	}
	for s := range 4 {
		for l, k := range "RNBQKBNR" {
			x, y := nvAbs(s, 3+l, 0)
			g.b[x][y] = nvMan{seat: s, kind: byte(k)}
			x, y = nvAbs(s, 3+l, 1)
			g.b[x][y] = nvMan{seat: s, kind: 'P'}
		}
		g.castle[s] = [2]bool{true, true}
	}
	return g
}

// nvSparse is a random position: each seat's king and a few men on random cells (pawns
// off their first and promotion ranks), castling rights where the men stand at home.
func nvSparse(r *rand.Rand, ffa bool) *nvGame {
	for {
		g := &nvGame{ffa: ffa, winner: -1, last: []int{0, 1, 2, 3}}
		for x := range 14 {
			for y := range 14 {
				g.b[x][y] = nvMan{seat: -1}
			}
		}
		promoRank := 10
		if ffa {
			promoRank = 7
		}
		put := func(s int, k byte) {
			for {
				x, y := r.IntN(14), r.IntN(14)
				if !nvExists(x, y) || g.b[x][y].seat >= 0 {
					continue
				}
				if k == 'P' && (nvRank(s, x, y) == 0 || nvRank(s, x, y) >= promoRank) {
					continue
				}
				g.b[x][y] = nvMan{seat: s, kind: k}
				return
			}
		}
		for s := range 4 {
			put(s, 'K')
			for range 1 + r.IntN(4) {
				put(s, "QRBNPPP"[r.IntN(7)])
			}
		}
		if r.IntN(3) == 0 { // a dead army's remains in a free-for-all
			d := 1 + r.IntN(3)
			if ffa {
				g.eliminate(d)
			}
		}
		g.turn = r.IntN(4)
		if g.out[g.turn] || g.over {
			continue
		}
		g.settle(false)
		if !g.over {
			return g
		}
	}
}

func nvMoves(g *nvGame) []string {
	var s []string
	for _, m := range g.legal() {
		s = append(s, m.String())
	}
	sort.Strings(s)
	return s
}

func tableMoves(t *Table) []string {
	var s []string
	for _, m := range t.LegalMoves(nil) {
		s = append(s, t.Coord(m))
	}
	sort.Strings(s)
	return s
}

// compareTable fails unless the table and the naive game agree on the seat to move, the
// moves, the seats out, the points and the result.
func compareTable(t *testing.T, where string, tb *Table, g *nvGame) bool {
	t.Helper()
	if got, want := tableMoves(tb), nvMoves(g); !slices.Equal(got, want) {
		t.Errorf("%s: %s\nmoves %v\nwant  %v", where, g.fen(), got, want)
		return false
	}
	r := tb.Result()
	for s := range 4 {
		if tb.Out(s) != g.out[s] || tb.Points(s) != g.points[s] {
			t.Errorf("%s: %s: seat %d out %v points %d; want out %v points %d", where, g.fen(), s, tb.Out(s), tb.Points(s), g.out[s], g.points[s])
			return false
		}
	}
	if r.Over != g.over || r.Winner != g.winner || !g.over && tb.Mover() != g.turn {
		t.Errorf("%s: %s: over %v winner %d mover %d; want over %v winner %d mover %d", where, g.fen(), r.Over, r.Winner, tb.Mover(), g.over, g.winner, g.turn)
		return false
	}
	return true
}

// TestFourPlayerPerftAgainstNaive compares both built-ins with the naive referee: perft at
// the start, and from random sparse positions random games, comparing after every move
// the moves, points, seats out and result, and perft(2) now and then.
func TestFourPlayerPerftAgainstNaive(t *testing.T) {
	t.Parallel() // no package switch (forceWideCore...) read or set
	for _, ffa := range []bool{false, true} {
		name := "fourplayer"
		if ffa {
			name = "fourplayer-ffa"
		}
		rs, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		start, err := StartTable(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		g := nvStart(ffa)
		if start.FEN() != g.fen() {
			t.Fatalf("%s start: %s\nwant %s", name, start.FEN(), g.fen())
		}
		depth := 3
		if !testing.Short() {
			depth = 4
		}
		for d := 1; d <= depth; d++ {
			if got, want := TablePerft(start, d), g.perft(d); got != want {
				t.Errorf("%s start perft(%d) = %d; naive %d", name, d, got, want)
			}
		}
		r := rand.New(rand.NewPCG(54, uint64(len(name))))
		games, plies := 40, 600
		if testing.Short() {
			games = 20
		}
		var mates, kings, promos, checks, done int
		for gi := range games {
			var ng *nvGame
			if gi%4 == 0 {
				ng = nvStart(ffa)
			} else {
				ng = nvSparse(r, ffa)
			}
			tb, err := NewTable(rs, ng.fen())
			if err != nil {
				t.Fatalf("%s: NewTable(%s): %v", name, ng.fen(), err)
			}
			for ply := 0; ply < plies && !ng.over; ply++ {
				where := fmt.Sprintf("%s game %d ply %d", name, gi, ply)
				if !compareTable(t, where, tb, ng) {
					return
				}
				if ply%10 == 5 {
					if got, want := TablePerft(tb, 2), ng.perft(2); got != want {
						t.Errorf("%s: %s: perft(2) %d; naive %d", where, ng.fen(), got, want)
					}
				}
				if ng.inCheck(ng.turn) {
					checks++
				}
				ms := ng.legal()
				m := ms[r.IntN(len(ms))]
				for _, c := range ms { // prefer captures half the time, to reach the end
					if ng.b[c.tx][c.ty].seat >= 0 && r.IntN(4) != 0 {
						m = c
						break
					}
				}
				for _, c := range ms { // and a king's capture always
					if tk := ng.b[c.tx][c.ty]; tk.seat >= 0 && tk.kind == 'K' && !tk.dead {
						m = c
						break
					}
				}
				if m.promo != 0 {
					promos++
				}
				if tk := ng.b[m.tx][m.ty]; tk.seat >= 0 && tk.kind == 'K' && !tk.dead {
					kings++
				}
				outs := ng.out
				tm, err := tb.ParseMove(m.String())
				if err != nil {
					t.Fatalf("%s: %s: %v", where, ng.fen(), err)
				}
				ng.move(m)
				if err := tb.Make(tm); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				for s := range 4 {
					if ng.out[s] && !outs[s] {
						mates++
					}
				}
			}
			compareTable(t, name+" end", tb, ng)
			if ng.over {
				done++
			}
		}
		t.Logf("%s: %d games (%d ended), %d seats out, %d kings taken, %d promotions, %d checks", name, games, done, mates, kings, promos, checks)
		if mates == 0 || promos == 0 || checks == 0 || done == 0 {
			t.Errorf("%s: the random games reached no elimination, promotion, check or end", name)
		}
	}
}
