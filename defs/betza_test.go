// XBetza: reading, writing and the round trip over every built-in piece.
package defs

import (
	"strings"
	"testing"
)

// TestBetzaRoundTrip: for every piece of every built-in that XBetza can describe, the
// atoms written as XBetza and read back make the same oriented moves (every image of
// every atom, compared move by move); the pieces it cannot describe are logged with why.
func TestBetzaRoundTrip(t *testing.T) {
	exact, not := 0, 0
	for _, name := range Builtins() {
		def, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range def.Pieces {
			s, why := WriteBetza(p.Moves)
			if why != "" {
				not++
				t.Logf("%s %s (%s): no exact XBetza: %s", name, p.Letter, p.Name, why)
				continue
			}
			back, err := ParseBetza(s)
			if err != nil {
				t.Errorf("%s %s: %q does not read back: %v", name, p.Letter, s, err)
				continue
			}
			if !SameMoves(back, p.Moves) {
				t.Errorf("%s %s: %q reads back as other moves", name, p.Letter, s)
			}
			exact++
		}
	}
	t.Logf("%d pieces written exactly, %d not", exact, not)
	if exact == 0 {
		t.Fatal("no piece written")
	}
}

func TestBetzaReads(t *testing.T) {
	for i, c := range []struct{ in, want string }{
		{"fmWfceF", "fmWfceF"}, {"N", "N"}, {"fN", "fN"}, {"fsW", "fsW"}, {"sN", "sN"},
		{"fhN", "fhN"}, {"pR", "pR"}, {"mRcpR", "mRcpR"}, {"nN", "nN"}, {"nA", "nA"},
		{"KN", "KN"}, {"jR", "jR"}, {"Q", "Q"}, {"WfF", "WfF"}, {"W3", "W3"}, {"NN", "NN"},
		{"RB", "Q"}, {"WF", "K"}, {"R4", "W4"},
		// multi-leg moves: bent, locust, hops over own men
		{"mafsmafW", "mafsmafW"}, {"mafsafW", "mafsmafW"}, {"ftpafmW", "ftpafmW"}, {"ctpafW", "ctpafW"},
		{"cafR", "cafR"}, {"fcafmF", "fcafmF"}, {"mcafcR", "mcafcR"}, {"mafQ", "mafQ"}, {"cafmW3", "cafmW3"},
	} {
		a, err := ParseBetza(c.in)
		if err != nil {
			t.Errorf("#%d %q: %v", i, c.in, err)
			continue
		}
		got, why := WriteBetza(a)
		if got != c.want || why != "" {
			t.Errorf("#%d %q: got %q (%s) want %q", i, c.in, got, why, c.want)
		}
	}
}

func TestBetzaErrors(t *testing.T) {
	for i, c := range []struct {
		in  string
		off int
		has string
	}{
		{"a:mafsW", 1, "no XBetza atom"}, {"mWuF", 2, "cannot say"}, {"xW", 0, "cannot say"}, {"lW", 1, "left-right"},
		{"hrN", 0, "left-right"}, {"ifmnD", 4, "initial"}, {"fmWY", 3, "no XBetza atom"},
		{"fm", 0, "no atom"}, {"KisO2", 3, "castling"}, {"eF", 0, "en passant"}, {"pW", 0, "unlimited"},
		{"", 0, "empty"}, {"dK", 0, "own side"}, {"mmW", 1, "twice"},
		{"cabK", 3, "its own square"}, {"mafmbR", 5, "its own square"}, {"tW", 0, "t is read"}, {"tafW", 0, "t is read"},
		{"tpaftW", 4, "t is read"},
	} {
		_, err := ParseBetza(c.in)
		be, ok := err.(*BetzaError)
		if !ok || be.Offset != c.off || !strings.Contains(be.Msg, c.has) {
			t.Errorf("#%d %q: got %v want offset %d and %q", i, c.in, err, c.off, c.has)
		}
	}
}

func TestBetzaInDefinition(t *testing.T) {
	src := "extends: chess\nname: b\npieces-by-letter:\n  N: {betza: fsWxQ}\n"
	_, err := Parse("b.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "b.yaml:4:17:") || !strings.Contains(err.Error(), `"x"`) {
		t.Fatalf("got %v", err)
	}
	src = "extends: chess\nname: b\npieces-by-letter:\n  N: {betza: mNcB}\n"
	def, err := Parse("b.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range def.Pieces {
		if p.Letter == "N" {
			if s, why := WriteBetza(p.Moves); s != "mNcB" || why != "" {
				t.Fatalf("got %q %s", s, why)
			}
		}
	}
}

// TestBetzaMultiLeg: the janggi elephant written with a reads as the built-in's path.
func TestBetzaMultiLeg(t *testing.T) {
	def, err := Load("janggi")
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseBetza("mafsmafW")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range def.Pieces {
		if p.Letter == "B" && !SameMoves(a, p.Moves) {
			t.Fatalf("mafsmafW is not janggi's elephant: %+v", a)
		}
	}
}

// ParseBetzaTurned reads moves that are not left-right symmetric as Fairy-Stockfish's
// from_betza (src/piece.cpp) does: White's squares, listed here (file, rank) by hand from
// its direction table (hl on N: the moves (b, a), (-b, -a), (-a, b), (a, -b) of its atom
// (a, b) = (2, 1) in rank-file order; a vertical and a horizontal letter naming one
// diagonal, letters adding up on W).
func TestBetzaTurned(t *testing.T) {
	leaps := func(sq ...[2]int) []Atom {
		var out []Atom
		for _, s := range sq {
			out = append(out, Atom{Leap: []int{s[0], s[1]}, Symmetry: "none"})
		}
		return out
	}
	rides := func(sq ...[2]int) []Atom {
		var out []Atom
		for _, s := range sq {
			out = append(out, Atom{Ride: []int{s[0], s[1]}, Symmetry: "none"})
		}
		return out
	}
	quiet := func(as []Atom) []Atom {
		for i := range as {
			as[i].Mode = "move"
		}
		return as
	}
	for _, c := range []struct {
		in   string
		want []Atom
	}{
		{"hlN", leaps([2]int{2, 1}, [2]int{-2, -1}, [2]int{1, -2}, [2]int{-1, 2})},
		{"hrN", leaps([2]int{1, 2}, [2]int{-1, -2}, [2]int{2, -1}, [2]int{-2, 1})},
		{"lfrbB", rides([2]int{-1, 1}, [2]int{1, -1})},
		{"rflbB", rides([2]int{1, 1}, [2]int{-1, -1})},
		{"mfrWmrfF", quiet(leaps([2]int{0, 1}, [2]int{1, 0}, [2]int{1, 1}))},
		{"N", leaps([2]int{1, 2}, [2]int{-1, 2}, [2]int{1, -2}, [2]int{-1, -2}, [2]int{2, 1}, [2]int{-2, 1}, [2]int{2, -1}, [2]int{-2, -1})},
	} {
		got, err := ParseBetzaTurned(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !SameMoves(got, c.want) {
			t.Errorf("%q: got %+v, want %+v", c.in, got, c.want)
		}
		if _, err := ParseBetza(c.in); (err == nil) != (c.in == "N") {
			t.Errorf("%q: ParseBetza (Black's moves mirrored) gives %v", c.in, err)
		}
	}
}
