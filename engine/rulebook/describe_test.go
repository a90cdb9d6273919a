// Tests of the movement atoms described in words.

package rulebook

import (
	"testing"

	"chimera/defs"
)

func TestDescribeAtom(t *testing.T) {
	cases := []struct {
		atom defs.Atom
		want string
	}{
		{defs.Atom{Leap: []int{1, 2}}, "leaps (1,2) in all 8 directions (knight-like)"},
		{defs.Atom{Leap: []int{1, 0}}, "steps one square orthogonally"},
		{defs.Atom{Leap: []int{1, 1}, Only: []string{"forward"}, Mode: "capture"}, "steps one square diagonally forward, only to capture"},
		{defs.Atom{Leap: []int{0, 1}, Symmetry: "none", Mode: "move"}, "steps one square forward, without capturing"},
		{defs.Atom{Leap: []int{1, 0}, Only: []string{"sideways"}}, "steps one square sideways"},
		{defs.Atom{Leap: []int{2, 2}}, "jumps two squares diagonally (alfil-like)"},
		{defs.Atom{Leap: []int{1, 2}, Only: []string{"forward"}}, "leaps (1,2) in the 4 forward directions"},
		{defs.Atom{Leap: []int{1, 2}, Symmetry: "mirror"}, "leaps (1,2) in the 2 forward directions"},
		{defs.Atom{Ride: []int{1, 0}}, "rides orthogonally, any distance (rook-like)"},
		{defs.Atom{Ride: []int{1, 1}, Range: []int{2}}, "rides diagonally, up to 2 squares"},
		{defs.Atom{Ride: []int{0, 1}, Range: []int{2, 2}, Symmetry: "none", Mode: "move"}, "rides forward, exactly 2 squares, without capturing"},
		{defs.Atom{Ride: []int{1, 0}, Only: []string{"forward", "backward"}}, "rides forward or backward, any distance"},
		{defs.Atom{Ride: []int{1, 1}, Only: []string{"backward"}}, "rides diagonally backward, any distance"},
		{defs.Atom{Ride: []int{1, 2}}, "rides along repeated (1,2) leaps in all 8 directions, any distance (nightrider-like)"},
		{defs.Atom{Ride: []int{0, 1}, Only: []string{"forward", "backward"}, Mode: "capture-royal"},
			"rides forward or backward, any distance, only to capture a royal piece (so it never moves: it only gives check)"},
		{defs.Atom{Path: []defs.Leg{{Step: []int{1, 1}, On: []string{"any"}, Capture: true}, {Step: []int{1, 1}}}},
			"path, first step diagonally: one step over an empty square or a friendly piece, or capturing an enemy piece there; " +
				"then one more step in the same direction, landing on an empty square or capturing"},
		{defs.Atom{Path: []defs.Leg{{Step: []int{1, 0}, On: []string{"empty"}, Range: []int{0, 0}}, {Step: []int{1, 0}, On: []string{"enemy"}, Capture: true}, {Step: []int{1, 0}, On: []string{"empty"}}}},
			"path, first step orthogonally: any number of steps (none or more) over empty squares; " +
				"then one more step in the same direction, capturing an enemy piece there; then one more step in the same direction, landing on an empty square"},
		{defs.Atom{Path: []defs.Leg{{Step: []int{0, 1}, On: []string{"enemy"}}, {Step: []int{1, 0}, On: []string{"empty"}}}, Symmetry: "none"},
			"path, first step forward: one step over an enemy piece; then one more step of (1,0) (turned as the first step is), landing on an empty square"},
		{defs.Atom{Path: []defs.Leg{{Step: []int{1, 0}, On: []string{"friend", "enemy"}}, {Step: []int{1, 0}, Range: []int{1, 0}, On: []string{"enemy"}}}},
			"path, first step orthogonally: one step over a friendly piece or an enemy piece; then 1 or more steps in the same direction, through empty squares, landing only by capturing"},
	}
	for i, c := range cases {
		if got := describeAtom(nil, &c.atom); got != c.want {
			t.Errorf("#%d got %q\nwant %q", i, got, c.want)
		}
	}
}
