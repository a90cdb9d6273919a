// Games of seats: more than two sides around one board (Definition.Seats).

package defs

import (
	"fmt"
	"slices"
	"strings"
)

// SeatEdges are the edges a seat may sit on, in the order of quarter turns clockwise
// from the bottom: a seat on edge k moves as a bottom seat turned k quarter turns.
var SeatEdges = []string{"bottom", "left", "top", "right"}

// DeadLetter starts the FEN token of a dead man (an eliminated seat's man left on the
// board): no seat may take it as its letter.
const DeadLetter = "d"

// seats checks a game of seats: two to four sides on distinct edges with distinct names
// and letters, a turn order and teams that name only seats (each once), the end and
// elimination choices, the points' letters, and refuses the mechanisms a seat's moves
// cannot be computed with (each named).
func (v *validator) seats() {
	s := v.def.Seats
	if s == nil {
		return
	}
	if n := len(s.Sides); n < 2 || n > len(SeatEdges) {
		v.add(s.Src, "sides", "seats.sides lists %d seats; a game of seats has 2 to %d (one an edge)", n, len(SeatEdges))
	}
	names := map[string]bool{}
	var list []string
	letters, edges := map[string]bool{}, map[string]bool{}
	for i := range s.Sides {
		t := &s.Sides[i]
		switch {
		case t.Name == "":
			v.add(t.Src, "", "seat %d has no name", i+1)
		case names[t.Name]:
			v.add(t.Src, "name", "two seats are named %s", Quote(t.Name))
		}
		names[t.Name] = true
		list = append(list, t.Name)
		switch {
		case len(t.Letter) != 1 || t.Letter[0] < 'a' || t.Letter[0] > 'z':
			v.add(t.Src, "letter", "seat %s: letter must be one lowercase letter (it starts its men's FEN tokens, as r in rK), found %s", Quote(t.Name), Quote(t.Letter))
		case t.Letter == DeadLetter:
			v.add(t.Src, "letter", "seat %s: letter %q writes a dead man in the FEN; choose another", Quote(t.Name), DeadLetter)
		case letters[t.Letter]:
			v.add(t.Src, "letter", "two seats have the letter %q", t.Letter)
		}
		letters[t.Letter] = true
		switch {
		case !oneOf(t.Edge, SeatEdges):
			v.add(t.Src, "edge", "seat %s: unknown edge %s (%sexpected one of: %s)", Quote(t.Name), Quote(t.Edge), suggest(t.Edge, SeatEdges), strings.Join(SeatEdges, ", "))
		case edges[t.Edge]:
			v.add(t.Src, "edge", "two seats sit on the %s edge", t.Edge)
		}
		edges[t.Edge] = true
	}
	if len(s.Order) > 0 {
		seen := map[string]bool{}
		for i, n := range s.Order {
			switch {
			case !names[n]:
				v.addItem(s.Src, "order", i, "seats.order names %s, which is no seat (seats: %s)", Quote(n), strings.Join(list, ", "))
			case seen[n]:
				v.addItem(s.Src, "order", i, "seats.order names %s twice", Quote(n))
			}
			seen[n] = true
		}
		if len(s.Order) != len(s.Sides) {
			v.add(s.Src, "order", "seats.order names %d seats; every one of the %d seats moves once a round", len(s.Order), len(s.Sides))
		}
	}
	if len(s.Teams) > 0 {
		team := map[string]int{}
		for i, members := range s.Teams {
			if len(members) == 0 {
				v.addItem(s.Src, "teams", i, "team %d has no seat", i+1)
			}
			for _, n := range members {
				switch {
				case !names[n]:
					v.addItem(s.Src, "teams", i, "team %d names %s, which is no seat (seats: %s)", i+1, Quote(n), strings.Join(list, ", "))
				case team[n] > 0:
					v.addItem(s.Src, "teams", i, "%s is in teams %d and %d", Quote(n), team[n], i+1)
				}
				team[n] = i + 1
			}
		}
		for _, n := range list {
			if team[n] == 0 && n != "" {
				v.add(s.Src, "teams", "seat %s is in no team (with teams, every seat plays in one)", Quote(n))
			}
		}
		if len(s.Teams) < 2 {
			v.add(s.Src, "teams", "seats.teams lists one team: a game of seats needs two or more")
		}
	}
	v.choice(s.Src, "out", "seats.out", s.Out, []string{"dead", "leave"})
	v.choice(s.Src, "stalemate", "seats.stalemate", s.Stalemate, []string{"out", "draw"})
	v.choice(s.Src, "end", "seats.end", s.End, []string{"last", "first-out"})
	if p := s.Points; p != nil {
		ls := make([]string, 0, len(p.Capture))
		for l := range p.Capture {
			ls = append(ls, l)
		}
		slices.Sort(ls)
		v.letterList(p.Src, "capture", ls)
	}
	d := v.def
	if i := slices.IndexFunc(s.Sides, func(t Seat) bool { return t.Mirror }); i >= 0 {
		for _, p := range d.Pieces {
			if !mirrorSymmetric(p, max(d.Board.Files, d.Board.Ranks)) {
				v.add(s.Sides[i].Src, "mirror", "seat %s is mirrored, but the moves of %s (%s) are not their own mirror image: its moves cannot be computed on a mirrored board", Quote(s.Sides[i].Name), p.Name, Quote(p.Letter))
				break
			}
		}
	}
	refuse := func(what string) {
		v.add(s.Src, "", "seats cannot be combined with %s yet", what)
	}
	if d.Board.Boards > 1 || d.Board.Geometry == "hex" {
		refuse("several boards or a hexagonal board")
	}
	if d.Hands != nil || d.Walls != nil || d.Flip != nil || d.Turns != nil || d.Fog != nil || d.Capture != nil {
		refuse("hands, walls, flips, turns of several moves, fog or capture effects")
	}
	if len(d.Goals) > 0 || len(d.Statuses) > 0 || d.BorrowMoves != nil || len(d.Freeze) > 0 {
		refuse("goals, statuses, borrowed moves or freezes (a seat is out when checkmated, stalemated or its royal man is taken)")
	}
	if c := d.Rules.Check; c != "" && c != "royal-attacked" {
		refuse(fmt.Sprintf("rules.check %q (a seat may not leave its royal man attacked by a live opponent)", c))
	}
	if d.Rules.CheckCounter > 0 {
		refuse("a check counter")
	}
	if d.Castling != nil && d.Castling.Opposite {
		refuse("castling.opposite (which opponent's right would end)")
	}
}

// mirrorSymmetric reports whether each of a piece's atoms reaches, on an empty board, the
// mirror image of every vector it reaches (files reversed); an atom whose vectors cannot
// be listed so (a hop, a path with conditions) counts as not.
func mirrorSymmetric(p Piece, span int) bool {
	for _, a := range p.Moves {
		vs := atomVectors(a, span)
		if len(vs) == 0 {
			return false
		}
		for _, v := range vs {
			if !slices.Contains(vs, [2]int{-v[0], v[1]}) {
				return false
			}
		}
	}
	return true
}
