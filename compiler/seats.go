// Games of seats (defs.Seats): two to four sides around one board. A seat's moves are
// computed on a frame: the board turned so that the seat sits at the bottom, its men
// White and every live opponent's men Black as copies of their types turned the way
// they face from there, its partners' men and dead men as inert men (White and Black).

package compiler

import (
	"fmt"
	"slices"
	"strings"

	"chimera/defs"
)

// SeatRules is a compiled game of seats.
type SeatRules struct {
	names   []string // by seat, as listed
	letters []byte   // the seat's FEN letter
	edge    []int    // quarter turns clockwise from the bottom edge: 0 bottom, 1 left, 2 top, 3 right
	mirror  []bool   // the seat's army is the bottom seat's turned and mirrored (defs.Seat.Mirror)
	order   []int    // seats in turn order
	team    []int    // the seat's team (each seat its own without teams)
	Teams   int      // how many teams
	Dead    bool     // an eliminated seat's men stay as dead men (else they leave)
	// StalemateOut: a stalemated seat is out (else the game is drawn).
	StalemateOut bool
	// FirstOut: the game ends when the first seat is out (else when one team is left).
	FirstOut bool
	// Points by type for a capture of a live man (nil without points); Promoted, when
	// set, for a promoted one; Checkmate and Stalemate as defs.SeatPoints says.
	points               []int
	Promoted             int
	PromotedSet          bool
	Checkmate, Stalemate int
	// Men is how many piece types the definition declares: the types from Men on are the
	// turned copies and the inert man the frames use.
	Men int
	// Turned[k][t] is type t's copy turned k quarter turns clockwise (played by Black
	// in a frame: an opponent sitting k quarter turns from the mover); -1 where unused.
	turned [4][]int
	// Inert is the man that never moves nor attacks: a partner's man as White, a dead
	// man as Black.
	Inert int
	// toFrame[f][sq] is square sq of the board turned f%4 quarter turns counterclockwise,
	// its files then reversed when f >= 4 (frame f: the frame of a seat on edge f%4,
	// mirrored from 4 on); fromFrame its inverse.
	toFrame, fromFrame [8][]Square
}

// ToFrame is the square of frame f (Frame: the board turned so that a seat sits at the
// bottom, and mirrored for a mirrored seat) where square sq of the board lies.
func (s *SeatRules) ToFrame(f int, sq Square) Square { return s.toFrame[f][sq] }

// FromFrame is the square of the board where square sq of frame f lies.
func (s *SeatRules) FromFrame(f int, sq Square) Square { return s.fromFrame[f][sq] }

// Frame is seat k's frame, for ToFrame and FromFrame: its edge, plus 4 when it is
// mirrored.
func (s *SeatRules) Frame(k int) int {
	if s.mirror[k] {
		return s.edge[k] + 4
	}
	return s.edge[k]
}

// Facing is the turned copy (Turned's k) that seat o's men are in seat k's frame: the
// quarter turns clockwise from seat k's edge to seat o's, counted the other way round
// in a mirrored frame.
func (s *SeatRules) Facing(k, o int) int {
	q := (s.edge[o] - s.edge[k] + 4) % 4
	if s.mirror[k] {
		q = (4 - q) % 4
	}
	return q
}

// Name is seat k's name.
func (s *SeatRules) Name(k int) string { return s.names[k] }

// Letter is seat k's FEN letter.
func (s *SeatRules) Letter(k int) byte { return s.letters[k] }

// SeatOfLetter is the seat whose letter is l (-1 for none).
func (s *SeatRules) SeatOfLetter(l byte) int { return slices.Index(s.letters, l) }

// SeatNamed is the seat named text, by its letter or its name in either case (-1 for none).
func (s *SeatRules) SeatNamed(text string) int {
	text = strings.TrimSpace(text)
	for k, name := range s.names {
		if strings.EqualFold(text, name) || strings.EqualFold(text, string(s.letters[k])) {
			return k
		}
	}
	return -1
}

// SeatList lists the seats for a message: "r (Red), b (Blue), ...".
func (s *SeatRules) SeatList() string {
	var out []string
	for k, name := range s.names {
		out = append(out, fmt.Sprintf("%c (%s)", s.letters[k], name))
	}
	return strings.Join(out, ", ")
}

// Edge is seat k's edge: quarter turns clockwise from the bottom (0 bottom, 1 left, 2
// top, 3 right).
func (s *SeatRules) Edge(k int) int { return s.edge[k] }

// Order is the seat that moves i-th in a round.
func (s *SeatRules) Order(i int) int { return s.order[i] }

// Team is seat k's team.
func (s *SeatRules) Team(k int) int { return s.team[k] }

// TeamNames lists the names of team's seats, in seat order.
func (s *SeatRules) TeamNames(team int) []string {
	var names []string
	for k := range s.names {
		if s.team[k] == team {
			names = append(names, s.names[k])
		}
	}
	return names
}

// Scored reports whether the game scores points.
func (s *SeatRules) Scored() bool { return s.points != nil }

// CapturePoints is what taking a live man of type t earns.
func (s *SeatRules) CapturePoints(t int) int {
	if s.points == nil || t < 0 || t >= len(s.points) {
		return 0
	}
	return s.points[t]
}

// Turned is type t's copy turned k quarter turns clockwise (-1 where none is made).
func (s *SeatRules) Turned(k, t int) int { return s.turned[k][t] }

// Seats returns the number of seats (0 for a two-sided game).
func (s *SeatRules) Seats() int {
	if s == nil {
		return 0
	}
	return len(s.names)
}

// seatPieces returns a copy of def whose pieces list is followed by the turned copies
// a game of seats needs (one for each declared type and each quarter turn between two
// seats' edges) and the inert man, each with a letter no piece takes. It reports the
// copies' indices in sr.
func seatPieces(def *defs.Definition, sr *SeatRules) (*defs.Definition, error) {
	d := *def
	men := len(def.Pieces)
	d.Pieces = append([]defs.Piece(nil), def.Pieces...)
	used := map[byte]bool{}
	for _, p := range def.Pieces {
		for _, l := range []string{p.Letter, p.FENAlias} {
			if l != "" {
				used[l[len(l)-1]] = true
			}
		}
	}
	next := byte('A')
	letter := func() (string, bool) {
		for ; next <= 'Z' && used[next]; next++ {
		}
		if next > 'Z' {
			return "", false
		}
		used[next] = true
		return string(next), true
	}
	need := [4]bool{}
	for k := range sr.edge {
		for o := range sr.edge {
			if k != o {
				need[sr.Facing(k, o)] = true
			}
		}
	}
	sr.Men = men
	for k := 1; k < 4; k++ {
		sr.turned[k] = make([]int, men)
		for t := range men {
			sr.turned[k][t] = -1
			if !need[k] {
				continue
			}
			l, ok := letter()
			if !ok {
				return nil, def.Src.Errorf("seats", "seats: %d piece types and their copies turned toward %d other edges need more than the 26 FEN letters", men, countTrue(need[:]))
			}
			p := def.Pieces[t]
			p.Name = fmt.Sprintf("%s turned %d/4", p.Name, k)
			p.Letter, p.FENAlias, p.FEN, p.SANLetter = l, "", "", nil
			p.Royal, p.Promotion, p.Quarter, p.Turned = false, nil, k, false
			p.DemotesTo = ""
			sr.turned[k][t] = len(d.Pieces)
			d.Pieces = append(d.Pieces, p)
		}
	}
	l, ok := letter()
	if !ok {
		return nil, def.Src.Errorf("seats", "seats: no FEN letter is left for the inert man")
	}
	sr.Inert = len(d.Pieces)
	d.Pieces = append(d.Pieces, defs.Piece{Src: def.Seats.Src, Name: "Inert man", Letter: l})
	return &d, nil
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// seatRules reads the seats' keys (the definition was validated).
func seatRules(s *defs.Seats) *SeatRules {
	sr := &SeatRules{Dead: s.Out != "leave", StalemateOut: s.Stalemate != "draw", FirstOut: s.End == "first-out"}
	for _, t := range s.Sides {
		sr.names = append(sr.names, t.Name)
		sr.letters = append(sr.letters, t.Letter[0])
		sr.edge = append(sr.edge, slices.Index(defs.SeatEdges, t.Edge))
		sr.mirror = append(sr.mirror, t.Mirror)
	}
	if len(s.Order) == 0 {
		for i := range s.Sides {
			sr.order = append(sr.order, i)
		}
	}
	for _, n := range s.Order {
		sr.order = append(sr.order, slices.Index(sr.names, n))
	}
	sr.team = make([]int, len(sr.names))
	if len(s.Teams) == 0 {
		for i := range sr.team {
			sr.team[i] = i
		}
		sr.Teams = len(sr.names)
	} else {
		for k, members := range s.Teams {
			for _, n := range members {
				sr.team[slices.Index(sr.names, n)] = k
			}
		}
		sr.Teams = len(s.Teams)
	}
	return sr
}

// seatFrames checks that the board maps onto itself under the turns between the seats'
// edges and builds the frames' square maps.
func (l *lowering) seatFrames() {
	sr := l.rs.Seats
	g := &l.rs.Geometry
	quarter := false
	for _, e := range sr.edge {
		quarter = quarter || e%2 == 1
	}
	if quarter && g.Files != g.Ranks {
		l.errorf(l.def.Seats.Src, "sides", "a seat on the left or right edge needs a square board (the board turned a quarter turn is itself): this one is %dx%d", g.Files, g.Ranks)
		return
	}
	n := g.Files
	for k := range 8 {
		sr.toFrame[k] = make([]Square, g.Cells)
		sr.fromFrame[k] = make([]Square, g.Cells)
		for sq := range g.Cells {
			x, y := g.FileOf(sq), g.RankOf(sq)
			switch e := k % 4; {
			case e == 2:
				x, y = g.Files-1-x, g.Ranks-1-y
			case e%2 == 1 && quarter:
				for range e { // a quarter turn counterclockwise: (x, y) -> (n-1-y, x)
					x, y = n-1-y, x
				}
			}
			if k >= 4 {
				x = g.Files - 1 - x
			}
			sr.toFrame[k][sq] = g.SquareAt(x, y)
		}
		for sq, f := range sr.toFrame[k] {
			sr.fromFrame[k][f] = sq
		}
	}
	for k, e := range sr.edge {
		for sq := range g.Cells {
			if f := sr.toFrame[sr.Frame(k)][sq]; g.kind[sq] != g.kind[f] {
				how := "turned"
				if sr.mirror[k] {
					how = "turned and mirrored"
				}
				l.errorf(l.def.Board.Src, "", "the board is not the same %s toward each seat's edge: %s is %s but %s, where it lies %s toward the %s edge's seat, is %s", how, g.names[sq], cellKindName(g.kind[sq]), g.names[f], how, defs.SeatEdges[e], cellKindName(g.kind[f]))
				return
			}
		}
	}
}

func cellKindName(k CellKind) string {
	switch k {
	case CellMissing:
		return "no cell"
	case CellUnused:
		return "an unused cell"
	}
	return "a square"
}

// seatPoints reads the points of a free-for-all.
func (l *lowering) seatPoints() {
	p := l.def.Seats.Points
	if p == nil {
		return
	}
	sr := l.rs.Seats
	sr.points = make([]int, sr.Men)
	for i := range sr.Men {
		sr.points[i] = p.Capture[l.def.Pieces[i].Letter]
	}
	if p.Promoted != nil {
		sr.Promoted, sr.PromotedSet = *p.Promoted, true
	}
	sr.Checkmate, sr.Stalemate = p.Checkmate, p.Stalemate
}

// Names lists the seats' names (a copy).
func (s *SeatRules) Names() []string { return slices.Clone(s.names) }
