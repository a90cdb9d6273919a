// The passed-man term: which types are pawn-like, and the cached worth against a naive count along random games.
package search

import (
	"math/rand/v2"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// TestPawnLikeTypes: a type is pawn-like when it promotes and only moves forward, and
// counts for its side (not where losing men wins); hands and counting rules turn the
// term's default weight to 0.
func TestPawnLikeTypes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		variant string
		letters string // the pawn-like types' letters, in type order
		weight  int
	}{
		{"chess", "P", 5},
		{"makruk", "P", 0}, // a counting rule
		{"xiangqi", "", 5},
		{"crazyhouse", "P", 0},
		{"shogi", "NLP", 0},
		{"antichess", "", 5}, // losing men wins: no passed men
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1).eval
		got := ""
		for _, ty := range e.pawnTypes {
			got += rs.Piece(ty).LetterText
		}
		if got != c.letters || e.w.Passed != c.weight {
			t.Errorf("%s: pawn-like %q weight %d, want %q and %d", c.variant, got, e.w.Passed, c.letters, c.weight)
		}
	}
}

// naivePassed counts side c's passed men of the types the long way: for each man, every
// enemy man of a pawn-like type on a later rank (for c) and a file at most one away
// stops it; else it counts (6 − s)², not below 0, s the ranks to the nearest cell ahead
// of a promotion zone (or to the last rank), times gain/800.
func naivePassed(rs *compiler.Ruleset, p *interpreter.Position, types []int, gain int, c compiler.Color) int {
	n := 0
	for _, t := range types {
		for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
			sq := b.First()
			stopped := false
			for _, u := range types {
				for o := p.Pieces(c^1, u); o.Any(); o = o.Rest() {
					e := o.First()
					df := rs.FileOf(e) - rs.FileOf(sq)
					ahead := rs.RankOf(e) > rs.RankOf(sq)
					if c == compiler.Black {
						ahead = rs.RankOf(e) < rs.RankOf(sq)
					}
					if ahead && df >= -1 && df <= 1 {
						stopped = true
					}
				}
			}
			left := rs.Ranks - 1 - rs.RankOf(sq)
			if c == compiler.Black {
				left = rs.RankOf(sq)
			}
			for _, u := range types {
				for to := 0; to < rs.Cells; to++ {
					if !rs.Piece(u).Promotion.Zone[c].Has(to) {
						continue
					}
					ahead := rs.RankOf(to) - rs.RankOf(sq)
					if c == compiler.Black {
						ahead = -ahead
					}
					if ahead >= 0 && ahead < left {
						left = ahead
					}
				}
			}
			if !stopped && left < 6 {
				n += (6 - left) * (6 - left) * gain / 800
			}
		}
	}
	return n
}

// naiveStructure counts side c's isolated men of the types (no man of the types of its
// side on a file next to its) and doubled ones (for each man, one more when a man of the
// types of its side stands on its file on an earlier rank), the long way.
func naiveStructure(rs *compiler.Ruleset, p *interpreter.Position, types []int, c compiler.Color) (isolated, doubled int) {
	var men []compiler.Square
	for _, t := range types {
		for b := p.Pieces(c, t); b.Any(); b = b.Rest() {
			men = append(men, b.First())
		}
	}
	for _, sq := range men {
		alone, first := true, true
		for _, o := range men {
			df := rs.FileOf(o) - rs.FileOf(sq)
			if df == 1 || df == -1 {
				alone = false
			}
			if df == 0 && rs.RankOf(o) < rs.RankOf(sq) {
				first = false
			}
		}
		if alone {
			isolated++
		}
		if !first {
			doubled++
		}
	}
	return isolated, doubled
}

// TestPassedMatchesNaive: along random games of a weighed position, with moves taken back
// now and then, the key of the pawn-like men kept by the moves equals the one weighed
// afresh, the search thread's cached worth of the pawn-like men (passed, isolated,
// doubled) equals the naive counts weighed, the files they stand on those counted afresh, and some passed, isolated and doubled men are met.
func TestPassedMatchesNaive(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"chess", "capablanca", "shatranj", "horde"} {
		rs, err := interpreter.Open(v)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1)
		w := e.workers[0]
		if w.passedCache == nil {
			t.Fatalf("%s: no cache", v)
		}
		gain := 0 // the best promoted type's value less the pawn's
		for _, ty := range e.eval.pawnTypes {
			for to, i := rs.Piece(ty).Promotion.To(), 0; i < to.Len(); i++ {
				gain = max(gain, e.eval.value[to.At(i)]-e.eval.value[ty])
			}
		}
		rng := rand.New(rand.NewPCG(3, uint64(len(v))))
		met, isolated, doubled := 0, 0, 0
		ew := e.eval.w
		for game := 0; game < 30; game++ {
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			p.Weigh(e.eval.weights)
			made := 0
			for ply := 0; ply < 150 && p.Result() == interpreter.Ongoing; ply++ {
				key, ok := p.WeighedKey(e.eval.weights)
				q := p.Clone()
				q.Weigh(e.eval.weights)
				if fresh, _ := q.WeighedKey(e.eval.weights); !ok || key != fresh {
					t.Fatalf("%s %s: key %x (weighed %v), weighed afresh %x", v, p.FEN(), key, ok, fresh)
				}
				for range 2 { // the second ask is answered from the cache
					count := e.eval.passed(p, w.passedCache)
					got := [2]int{int(count.n[0]), int(count.n[1])}
					if files := e.eval.fileMasks(e.eval.pawnMen(p)); count.files != files {
						t.Fatalf("%s %s: files with pawn-like men %x, counted afresh %x", v, p.FEN(), count.files, files)
					}
					for c := compiler.White; c <= compiler.Black; c++ {
						passed := naivePassed(rs, p, e.eval.pawnTypes, gain, c)
						iso, dbl := naiveStructure(rs, p, e.eval.pawnTypes, c)
						if want := ew.Passed*passed - ew.Isolated*iso - ew.Doubled*dbl; got[c] != want {
							t.Fatalf("%s %s: side %d pawn-like men %d, want %d (passed %d, isolated %d, doubled %d)", v, p.FEN(), c, got[c], want, passed, iso, dbl)
						}
						if passed > 0 {
							met++
						}
						isolated += min(iso, 1)
						doubled += min(dbl, 1)
					}
				}
				if made > 0 && rng.IntN(4) == 0 {
					p.Unmake()
					made--
					continue
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
				made++
			}
		}
		if met < 100 || isolated < 100 || doubled < 100 {
			t.Errorf("%s: passed men met in only %d positions, isolated in %d, doubled in %d (want 100 each)", v, met, isolated, doubled)
		}
	}
}
