// Writing fitted weights as a definition's evaluation: section, and what changed, as text.

package tune

import (
	"fmt"
	"io"
	"math"
	"strings"

	"chimera/compiler"
	"chimera/engine/search"
)

// Weights are the result of a fit, with what it started from.
type Weights struct {
	Rules  *compiler.Ruleset
	Params []search.Param
	Start  []float64
	Fitted []float64
	Seen   []int // how many positions have each weight's feature
	// Squares: the square tables were fitted (else they keep the derived ones and are
	// not written).
	Squares bool
}

// Count counts, per weight, the samples that have its feature.
func Count(samples []Sample, n int) []int {
	seen := make([]int, n)
	for i := range samples {
		for _, f := range samples[i].Features {
			seen[f.Index]++
		}
	}
	return seen
}

func round(x float64) int { return int(math.Round(x)) }

// letterKey writes a piece letter as a YAML key ("+P" quoted).
func letterKey(l string) string {
	if len(l) == 1 && l[0] >= 'A' && l[0] <= 'Z' {
		return l
	}
	return fmt.Sprintf("%q", l)
}

// typeSeen reports whether a position had a man of type t on the board.
func (r *Weights) typeSeen(t int) bool {
	for i, p := range r.Params {
		if (p.Kind == search.ParamValue || p.Kind == search.ParamSquare) && p.Type == t && r.Seen[i] > 0 {
			return true
		}
	}
	return false
}

// WriteSection writes the evaluation: section of the fitted weights: the value and (when
// fitted) the square table of each piece type seen on the board, the pools' values of
// the types seen there, and the generic terms the variant has.
func (r *Weights) WriteSection(w io.Writer) error {
	rs := r.Rules
	var b strings.Builder
	b.WriteString("evaluation:\n")
	pieces := false
	for t := range rs.NumPieces() {
		if !r.typeSeen(t) {
			continue
		}
		if !pieces {
			b.WriteString("  pieces:\n")
			pieces = true
		}
		pt := rs.Piece(t)
		fmt.Fprintf(&b, "    %s:\n", letterKey(pt.LetterText))
		for i, p := range r.Params {
			if p.Kind == search.ParamValue && p.Type == t {
				fmt.Fprintf(&b, "      value: %d\n", round(r.Fitted[i]))
			}
		}
		for i, p := range r.Params {
			// A term whose default is not 0 (reach) is written even at 0.
			if key := pieceTermKey(p.Kind); key != "" && p.Type == t && r.Seen[i] > 0 && (round(r.Fitted[i]) != 0 || p.Kind == search.ParamReach) {
				fmt.Fprintf(&b, "      %s: %d\n", key, round(r.Fitted[i]))
			}
		}
		if !r.Squares {
			continue
		}
		table := make([]int, rs.Cells)
		for i, p := range r.Params {
			if p.Kind == search.ParamSquare && p.Type == t {
				table[p.Square] = round(r.Fitted[i])
			}
		}
		b.WriteString("      squares:\n")
		for row := 0; row < rs.Ranks; row++ {
			rank := rs.Ranks - 1 - row
			cells := make([]string, rs.Files)
			for f := range rs.Files {
				v := 0
				if sq := rs.SquareAt(f, rank); sq >= 0 {
					v = table[sq]
				}
				cells[f] = fmt.Sprintf("%4d", v)
			}
			fmt.Fprintf(&b, "        - [%s]\n", strings.Join(cells, ","))
		}
	}
	pools := rs.Pools()
	wrotePools := map[int]bool{}
	for i, p := range r.Params {
		if p.Kind != search.ParamPool || r.Seen[i] == 0 {
			continue
		}
		if len(wrotePools) == 0 {
			b.WriteString("  pools:\n")
		}
		if !wrotePools[p.Pool] {
			fmt.Fprintf(&b, "    %s:\n", pools[p.Pool])
			wrotePools[p.Pool] = true
		}
		fmt.Fprintf(&b, "      %s: %d\n", letterKey(rs.Piece(p.Type).LetterText), round(r.Fitted[i]))
	}
	for i, p := range r.Params {
		if key := termKey(p.Kind); key != "" {
			fmt.Fprintf(&b, "  %s: %d\n", key, round(r.Fitted[i]))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// termKeys are the evaluation: keys of the terms other than values, square tables and
// pools: under pieces.X for the per-piece ones, else at the section's top.
var termKeys = map[search.ParamKind]struct {
	key      string
	perPiece bool
}{
	search.ParamGoalDistance:   {"goal-distance", false},
	search.ParamChecksGiven:    {"checks-given", false},
	search.ParamTempo:          {"tempo", false},
	search.ParamPassed:         {"passed", false},
	search.ParamIsolated:       {"isolated", false},
	search.ParamDoubled:        {"doubled", false},
	search.ParamPair:           {"pair", false},
	search.ParamOpenFile:       {"open-file", false},
	search.ParamHalfOpenFile:   {"half-open-file", false},
	search.ParamNearEnemyRoyal: {"near-enemy-royal", true},
	search.ParamNearOwnRoyal:   {"near-own-royal", true},
	search.ParamStatusValue:    {"status-value", true},
	search.ParamReach:          {"reach", true},
}

// termKey is the evaluation: key of a term of the whole evaluation ("" for the others).
func termKey(k search.ParamKind) string {
	if t, ok := termKeys[k]; ok && !t.perPiece {
		return t.key
	}
	return ""
}

// pieceTermKey is the evaluation.pieces.X key of a per-piece term other than value and
// squares ("" for the others).
func pieceTermKey(k search.ParamKind) string {
	if t, ok := termKeys[k]; ok && t.perPiece {
		return t.key
	}
	return ""
}

// WriteChanges writes what the fit changed: each value and term before and after, and
// per square table the mean and largest change.
func (r *Weights) WriteChanges(w io.Writer) {
	rs := r.Rules
	for i, p := range r.Params {
		if p.Kind == search.ParamValue && r.Seen[i] > 0 {
			fmt.Fprintf(w, "  value %-3s %6d -> %6d  (%d positions)\n", rs.Piece(p.Type).LetterText, round(r.Start[i]), round(r.Fitted[i]), r.Seen[i])
		}
	}
	if r.Squares {
		for t := range rs.NumPieces() {
			sum, n, big, at := 0.0, 0, 0.0, -1
			for i, p := range r.Params {
				if p.Kind != search.ParamSquare || p.Type != t || r.Seen[i] == 0 {
					continue
				}
				d := r.Fitted[i] - r.Start[i]
				sum += math.Abs(d)
				n++
				if math.Abs(d) > math.Abs(big) {
					big, at = d, p.Square
				}
			}
			if n > 0 && at >= 0 {
				fmt.Fprintf(w, "  squares %-3s mean change %5.1f on %d squares, largest %+d on %s\n", rs.Piece(t).LetterText, sum/float64(n), n, round(big), rs.SquareName(at))
			}
		}
	}
	for i, p := range r.Params {
		if key := pieceTermKey(p.Kind); key != "" && r.Seen[i] > 0 && (round(r.Start[i]) != 0 || round(r.Fitted[i]) != 0) {
			fmt.Fprintf(w, "  %s %-3s %6d -> %6d  (%d positions)\n", key, rs.Piece(p.Type).LetterText, round(r.Start[i]), round(r.Fitted[i]), r.Seen[i])
		}
	}
	pools := rs.Pools()
	for i, p := range r.Params {
		if p.Kind == search.ParamPool && r.Seen[i] > 0 {
			fmt.Fprintf(w, "  pool %s %-3s %6d -> %6d  (%d positions)\n", pools[p.Pool], rs.Piece(p.Type).LetterText, round(r.Start[i]), round(r.Fitted[i]), r.Seen[i])
		}
	}
	for i, p := range r.Params {
		if key := termKey(p.Kind); key != "" {
			fmt.Fprintf(w, "  %-13s %6d -> %6d\n", key, round(r.Start[i]), round(r.Fitted[i]))
		}
	}
}
