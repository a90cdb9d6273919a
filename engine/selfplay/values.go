// Piece values measured by handicap games.

package selfplay

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// Handicaps lists the piece types whose value can be measured from the position fen: not
// royal, and with at least one piece on each side's board.
func Handicaps(rs *compiler.Ruleset, fen string) ([]int, error) {
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return nil, err
	}
	var out []int
	for t := 0; t < rs.NumPieces(); t++ {
		if rs.Piece(t).Royal {
			continue
		}
		if p.Pieces(compiler.White, t).Any() && p.Pieces(compiler.Black, t).Any() {
			out = append(out, t)
		}
	}
	return out, nil
}

// PairingName names the handicap of removing one piece of type t: "-N".
func PairingName(rs *compiler.Ruleset, t int) string { return "-" + rs.Piece(t).LetterText }

// ValueSpecs describes the handicap games for piece values: for each type of types, in
// that order, perType games (made even) from fen with one piece of that type removed from
// one side — White in the even games, Black in the odd ones — so that the handicapped side
// alternates colours, each pair from the same opening. Pair k removes the k-th piece of
// the type (in square order, cycling), and from Black the piece on the mirrored square
// when it holds one, so both colours lose the same piece. Indices run on across types:
// type j's games are j*perType to (j+1)*perType-1.
func ValueSpecs(rs *compiler.Ruleset, fen string, types []int, perType, randomPlies int, seed uint64) ([]Spec, error) {
	perType += perType % 2
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return nil, err
	}
	var specs []Spec
	for j, t := range types {
		for i := 0; i < perType; i++ {
			side := compiler.Color(i % 2)
			sq, err := nthPiece(rs, p, t, side, i/2)
			if err != nil {
				return nil, err
			}
			start, err := RemovePiece(rs, fen, sq)
			if err != nil {
				return nil, err
			}
			idx := j*perType + i
			specs = append(specs, Spec{Index: idx, FEN: start, RandomPlies: randomPlies,
				OpeningSeed: Seed(seed, idx/2), PlaySeed: Seed(^seed, idx),
				Pairing: PairingName(rs, t), Handicapped: sideName(side)})
		}
	}
	return specs, nil
}

// TradeName names the trade of a piece of type a for one of type b: "N:B", the side
// without the N against the side without the B.
func TradeName(rs *compiler.Ruleset, a, b int) string {
	return rs.Piece(a).LetterText + ":" + rs.Piece(b).LetterText
}

// TradeSpecs describes the games of traded pairs: for each pair {a, b} of trades, perPair
// games (made even) from fen where one side lacks a piece of type a and the other a piece
// of type b — White lacks the a in the even games, Black in the odd ones — so the score of
// the side that kept its a measures a's worth less b's. Pieces are taken as ValueSpecs
// takes them. Indices start at first and run on across pairs.
func TradeSpecs(rs *compiler.Ruleset, fen string, trades [][2]int, perPair, randomPlies int, seed uint64, first int) ([]Spec, error) {
	perPair += perPair % 2
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return nil, err
	}
	var specs []Spec
	for j, tr := range trades {
		if tr[0] == tr[1] {
			return nil, fmt.Errorf("a trade of %s for %s changes nothing", rs.Piece(tr[0]).Name, rs.Piece(tr[1]).Name)
		}
		for i := 0; i < perPair; i++ {
			without := compiler.Color(i % 2) // the side that lacks the a
			sqA, err := nthPiece(rs, p, tr[0], without, i/2)
			if err != nil {
				return nil, err
			}
			sqB, err := nthPiece(rs, p, tr[1], without^1, i/2)
			if err != nil {
				return nil, err
			}
			start, err := RemovePiece(rs, fen, sqA)
			if err == nil {
				start, err = RemovePiece(rs, start, sqB)
			}
			if err != nil {
				return nil, err
			}
			idx := first + j*perPair + i
			specs = append(specs, Spec{Index: idx, FEN: start, RandomPlies: randomPlies,
				OpeningSeed: Seed(seed, idx/2), PlaySeed: Seed(^seed, idx),
				Pairing: TradeName(rs, tr[0], tr[1]), Handicapped: sideName(without)})
		}
	}
	return specs, nil
}

func sideName(c compiler.Color) string {
	if c == compiler.White {
		return "white"
	}
	return "black"
}

// nthPiece is the square of the k-th piece of type t (in square order, cycling) that side
// loses: for Black, the mirror image of White's k-th piece when Black has a piece of the
// type there, so that both colours lose the same piece.
func nthPiece(rs *compiler.Ruleset, p *interpreter.Position, t int, side compiler.Color, k int) (compiler.Square, error) {
	whites := squares(p.Pieces(compiler.White, t))
	blacks := squares(p.Pieces(compiler.Black, t))
	if len(whites) == 0 || len(blacks) == 0 {
		return 0, fmt.Errorf("the start position lacks a %s on one side", rs.Piece(t).Name)
	}
	sq := whites[k%len(whites)]
	if side == compiler.White {
		return sq, nil
	}
	mirror := rs.SquareAt(rs.FileOf(sq), rs.Ranks-1-rs.RankOf(sq))
	if p.At(mirror) == interpreter.MakePiece(t, compiler.Black) {
		return mirror, nil
	}
	return blacks[k%len(blacks)], nil
}

func squares(b compiler.Bitboard) []compiler.Square {
	var out []compiler.Square
	for b.Any() {
		sq := b.First()
		out = append(out, sq)
		b = b.Rest()
	}
	return out
}

// RemovePiece returns fen with the piece on sq taken off (the castling rights that need
// it are dropped).
func RemovePiece(rs *compiler.Ruleset, fen string, sq compiler.Square) (string, error) {
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return "", err
	}
	if sq < 0 || sq >= rs.Cells {
		return "", fmt.Errorf("no square %d on the board of %s", sq, rs.Name)
	}
	if p.At(sq) == interpreter.NoPiece {
		return "", fmt.Errorf("no piece on %s in %q", rs.SquareName(sq), fen)
	}
	return interpreter.EditFEN(rs, fen, sq, "")
}

// ValueRow is one piece type's measured value.
type ValueRow struct {
	Letter   string `json:"letter"`
	Name     string `json:"name"`
	Declared int    `json:"declared_cp"` // the definition's value (0: none)
	// DeclaredUnits is Declared over the unit's declared value (0 when either is missing).
	DeclaredUnits float64 `json:"declared_units"`
	// The games, their wins, draws and losses for the side with the piece (the
	// unhandicapped side).
	tally
	Elo EloEstimate `json:"elo"` // the worth of the piece in Elo (the full side's advantage)
	// Value is Elo over the unit's Elo, with a 95 % margin; Bound: the score saturated and
	// Value is a lower bound.
	Value  float64 `json:"value_units"`
	Margin float64 `json:"margin_units"`
	// Fit is Elo over the fitted Elo per unit (ValuesReport.FitElo), with its margin.
	Fit       float64 `json:"fit_units"`
	FitMargin float64 `json:"fit_margin_units"`
	Bound     bool    `json:"lower_bound,omitempty"`
	Verdict   string  `json:"verdict"`
}

// tally counts handicap games from the side that is not handicapped.
type tally struct {
	Games    int `json:"games"`
	Distinct int `json:"distinct_games"` // games whose moves differ from every other's
	Wins     int `json:"wins"`
	Draws    int `json:"draws"`
	Losses   int `json:"losses"`
}

// add counts g; seen holds the games met so far (start and moves).
func (t *tally) add(g Game, seen map[string]bool) {
	t.Games++
	if key := g.FEN + " " + strings.Join(g.Moves, " "); !seen[key] {
		seen[key] = true
		t.Distinct++
	}
	full := "1-0"
	if g.Handicapped == "white" {
		full = "0-1"
	}
	switch {
	case g.Result == full:
		t.Wins++
	case g.Result == "1/2-1/2":
		t.Draws++
	default:
		t.Losses++
	}
}

// ValuesReport is the table of measured piece values.
type ValuesReport struct {
	Info
	Unit       string     `json:"unit"` // the letter of the unit piece
	UnitName   string     `json:"unit_name"`
	PerPairing int        `json:"games_per_pairing"`
	UnitElo    float64    `json:"unit_elo"` // the unit's handicap in Elo
	FitElo     float64    `json:"fit_elo"`  // Elo per unit fitted to the declared values (0: none)
	Rows       []ValueRow `json:"values"`
	Trades     []TradeRow `json:"trades,omitempty"`
	Notes      []string   `json:"notes"`
}

// TradeRow is one traded pair measured: the side without an A against the side without
// a B, so the score of the side that kept its A gives A's worth less B's.
type TradeRow struct {
	A, B         string      `json:"-"`
	Trade        string      `json:"trade"` // "N:B"
	NameA, NameB string      `json:"-"`
	tally                    // the wins, draws and losses of the side that kept its A
	Elo          EloEstimate `json:"elo"` // A's worth less B's, in Elo
	// Diff is A less B in units, measured by the trade, with its margin (on the scale the
	// values are read on); Singles is the same difference from the two single handicaps.
	Diff          float64 `json:"diff_units"`
	Margin        float64 `json:"margin_units"`
	Singles       float64 `json:"from_singles_units"`
	SinglesMargin float64 `json:"from_singles_margin_units"`
	Declared      float64 `json:"declared_diff_units"` // 0 with a value missing
	HasDeclared   bool    `json:"has_declared"`
	Verdict       string  `json:"verdict"`
}

// AnalyzeValues reads the handicap games: for each pairing, the score of the full side
// turned into Elo, and each Elo divided by the unit's (unit: a piece letter).
func AnalyzeValues(info Info, games []Game, unit string) *ValuesReport {
	r := &ValuesReport{Info: info, Unit: unit}
	byPairing := map[string]*ValueRow{}
	seen := map[string]bool{}
	var order []string
	trades := map[string]*TradeRow{}
	var tradeOrder []string
	for _, g := range games {
		if strings.Contains(g.Pairing, ":") {
			tr := trades[g.Pairing]
			if tr == nil {
				tr = &TradeRow{Trade: g.Pairing}
				tr.A, tr.B, _ = strings.Cut(g.Pairing, ":")
				tr.NameA, tr.NameB = tr.A, tr.B
				for _, pc := range info.Pieces {
					if pc.Letter == tr.A {
						tr.NameA = pc.Name
					}
					if pc.Letter == tr.B {
						tr.NameB = pc.Name
					}
				}
				trades[g.Pairing] = tr
				tradeOrder = append(tradeOrder, g.Pairing)
			}
			tr.add(g, seen) // the side that kept its A is the one not Handicapped
			continue
		}
		row := byPairing[g.Pairing]
		if row == nil {
			letter := strings.TrimPrefix(g.Pairing, "-")
			row = &ValueRow{Letter: letter, Name: letter}
			for _, pc := range info.Pieces {
				if pc.Letter == letter {
					row.Name, row.Declared = pc.Name, pc.Value
				}
			}
			byPairing[g.Pairing] = row
			order = append(order, g.Pairing)
		}
		row.add(g, seen)
	}
	sort.SliceStable(order, func(i, j int) bool { return typeIndex(info, order[i]) < typeIndex(info, order[j]) })
	for _, k := range order {
		row := byPairing[k]
		row.Elo = EloFromResults(row.Wins, row.Draws, row.Losses)
		r.PerPairing = max(r.PerPairing, row.Games)
		r.Rows = append(r.Rows, *row)
		if row.Games >= 10 && float64(row.Distinct) < 0.8*float64(row.Games) {
			r.Notes = append(r.Notes, fmt.Sprintf("only %d of the %d games without a %s differ from every other: its margin, which counts games as independent, is too narrow; raise --random-plies or --jitter", row.Distinct, row.Games, row.Name))
		}
	}
	var u *ValueRow
	for i := range r.Rows {
		if r.Rows[i].Letter == unit {
			u = &r.Rows[i]
		}
	}
	if u == nil {
		r.Notes = append(r.Notes, fmt.Sprintf("no games without a %s: values are left in Elo", unit))
		r.addTrades(trades, tradeOrder, 0)
		return r
	}
	r.UnitName = u.Name
	for i := range r.Rows {
		row := &r.Rows[i]
		row.Bound = row.Elo.Saturated
		if u.Declared > 0 && row.Declared > 0 {
			row.DeclaredUnits = float64(row.Declared) / float64(u.Declared)
		}
	}
	// Scale 1: the unit's own handicap.
	ue := u.Elo
	unitOK := ue.Elo-ue.Margin > 0
	r.UnitElo = ue.Elo
	switch {
	case ue.Elo+ue.Margin < 0:
		r.Notes = append(r.Notes, fmt.Sprintf("the side without a %s does better (%s Elo): the %s gives no scale, so values are read on the fitted scale", u.Name, EloText(ue), u.Name))
	case !unitOK:
		r.Notes = append(r.Notes, fmt.Sprintf("the %s's handicap (%s Elo) is within its margin of nothing: it gives no scale, so values are read on the fitted scale", u.Name, EloText(ue)))
	}
	// Scale 2: Elo per unit fitted to every declared value (weighted least squares through
	// the origin, weights 1/variance): it assumes the declared values are right up to one
	// factor and so checks their ratios.
	var num, den float64
	for _, row := range r.Rows {
		if row.Bound || row.DeclaredUnits == 0 || row.Elo.Margin <= 0 {
			continue
		}
		sd := row.Elo.Margin / Z95
		w := 1 / (sd * sd)
		num += w * row.Elo.Elo * row.DeclaredUnits
		den += w * row.DeclaredUnits * row.DeclaredUnits
	}
	if den > 0 && num > 0 {
		r.FitElo = num / den
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		if unitOK {
			row.Value = row.Elo.Elo / ue.Elo
			relT, relU := row.Elo.Margin/math.Max(math.Abs(row.Elo.Elo), 1), ue.Margin/ue.Elo
			if row == u {
				relT = 0
			}
			row.Margin = math.Abs(row.Value) * math.Sqrt(relT*relT+relU*relU)
		}
		if r.FitElo > 0 {
			row.Fit = row.Elo.Elo / r.FitElo
			row.FitMargin = row.Elo.Margin / r.FitElo
		}
		value, margin, scale := row.Value, row.Margin, ""
		if !unitOK {
			value, margin, scale = row.Fit, row.FitMargin, " (fitted scale)"
		}
		switch {
		case row == u && unitOK:
			row.Verdict = "unit"
		case !unitOK && r.FitElo == 0:
			row.Verdict = "no scale"
		case row.DeclaredUnits == 0:
			row.Verdict = "no declared value"
		case row.Bound && row.Elo.Elo > 0 && value-margin < row.DeclaredUnits:
			row.Verdict = "agrees (bound)" + scale
		case math.Abs(value-row.DeclaredUnits) <= margin:
			row.Verdict = "agrees" + scale
		case value > row.DeclaredUnits:
			row.Verdict = "DISAGREES: worth more than declared" + scale
		default:
			row.Verdict = "DISAGREES: worth less than declared" + scale
		}
	}
	if r.FitElo > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("fitted scale: %.0f Elo per %s, fitted to all the declared values at once (it checks their ratios, not the %s's own worth)", r.FitElo, u.Name, u.Name))
	}
	scale := 0.0
	switch {
	case unitOK:
		scale = ue.Elo
	case r.FitElo > 0:
		scale = r.FitElo
	}
	r.addTrades(trades, tradeOrder, scale)
	return r
}

// addTrades reads the traded pairs: each trade's Elo, and with a scale (Elo per unit,
// 0: none) the difference in units, set against the two single handicaps' difference
// and the declared one. The unit's own margin is left out of a trade's margin: both
// differences are read on the same scale, so its error moves them together.
func (r *ValuesReport) addTrades(trades map[string]*TradeRow, order []string, scale float64) {
	singles := map[string]*ValueRow{}
	for i := range r.Rows {
		singles[r.Rows[i].Letter] = &r.Rows[i]
	}
	unitCP := 0
	if u := singles[r.Unit]; u != nil {
		unitCP = u.Declared
	}
	for _, k := range order {
		tr := trades[k]
		tr.Elo = EloFromResults(tr.Wins, tr.Draws, tr.Losses)
		a, b := singles[tr.A], singles[tr.B]
		if a != nil && b != nil && a.Declared > 0 && b.Declared > 0 && unitCP > 0 {
			tr.Declared, tr.HasDeclared = float64(a.Declared-b.Declared)/float64(unitCP), true
		}
		if tr.Games >= 10 && float64(tr.Distinct) < 0.8*float64(tr.Games) {
			r.Notes = append(r.Notes, fmt.Sprintf("only %d of the %d games of the trade %s differ from every other: its margin is too narrow; raise --random-plies or --jitter", tr.Distinct, tr.Games, tr.Trade))
		}
		switch {
		case scale <= 0:
			tr.Verdict = "no scale"
		default:
			tr.Diff, tr.Margin = tr.Elo.Elo/scale, tr.Elo.Margin/scale
			if a != nil && b != nil && !a.Elo.Saturated && !b.Elo.Saturated {
				tr.Singles = (a.Elo.Elo - b.Elo.Elo) / scale
				tr.SinglesMargin = math.Hypot(a.Elo.Margin, b.Elo.Margin) / scale
			}
			switch {
			case tr.Elo.Saturated:
				tr.Verdict = "one-sided (a bound)"
			case !tr.HasDeclared:
				tr.Verdict = "no declared values"
			case math.Abs(tr.Diff-tr.Declared) <= tr.Margin:
				tr.Verdict = "agrees"
			case tr.Diff > tr.Declared:
				tr.Verdict = "DISAGREES: " + tr.NameA + " worth more against " + tr.NameB
			default:
				tr.Verdict = "DISAGREES: " + tr.NameA + " worth less against " + tr.NameB
			}
		}
		r.Trades = append(r.Trades, *tr)
	}
}

func typeIndex(info Info, pairing string) int {
	for i, pc := range info.Pieces {
		if "-"+pc.Letter == pairing {
			return i
		}
	}
	return len(info.Pieces)
}

// WriteText writes the values table.
func (r *ValuesReport) WriteText(w io.Writer) {
	title := r.Variant
	if r.Title != "" && r.Title != r.Variant {
		title = fmt.Sprintf("%s (%s)", r.Title, r.Variant)
	}
	unit := r.UnitName
	if unit == "" {
		unit = r.Unit
	}
	fmt.Fprintf(w, "Piece values: %s\n", title)
	if r.Partial != "" {
		fmt.Fprintf(w, "PARTIAL: %s; the figures below are of those games only\n", r.Partial)
	}
	fmt.Fprintf(w, "%d games per piece type, %s, move cap %d plies; unit: one %s\n", r.PerPairing, r.Budget, r.MaxPlies, unit)
	if r.Starts != "" {
		fmt.Fprintf(w, "Games start from %s\n", r.Starts)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "                                        full side    piece's worth   value in %ss\n", unit)
	fmt.Fprintf(w, "  piece               games distinct   won drawn lost  in Elo          measured        fitted scale    declared  verdict\n")
	for _, row := range r.Rows {
		cmp := ""
		if row.Bound {
			cmp = "≥"
			if row.Elo.Elo < 0 {
				cmp = "≤"
			}
		}
		measured, fitted, declared := "-", "-", "-"
		if row.Value != 0 || row.Margin != 0 {
			measured = fmt.Sprintf("%s%.2f ± %.2f", cmp, row.Value, row.Margin)
		}
		if r.FitElo > 0 {
			fitted = fmt.Sprintf("%s%.2f ± %.2f", cmp, row.Fit, row.FitMargin)
		}
		if row.DeclaredUnits > 0 {
			declared = fmt.Sprintf("%.2f", row.DeclaredUnits)
		}
		fmt.Fprintf(w, "  %s %-17s %5d %8d  %5d %5d %4d  %-15s %-15s %-15s %-8s  %s\n",
			row.Letter, row.Name, row.Games, row.Distinct, row.Wins, row.Draws, row.Losses, EloText(row.Elo), measured, fitted, declared, row.Verdict)
	}
	if len(r.Trades) > 0 {
		fmt.Fprintf(w, "\nTrades: one side without the first piece, the other without the second\n")
		fmt.Fprintf(w, "                         side keeping the first   first less second, in %ss\n", unit)
		fmt.Fprintf(w, "  trade   games distinct   won drawn lost  in Elo          measured        from singles    declared  verdict\n")
		for _, tr := range r.Trades {
			measured, singles, declared := "-", "-", "-"
			if tr.Diff != 0 || tr.Margin != 0 {
				measured = fmt.Sprintf("%+.2f ± %.2f", tr.Diff, tr.Margin)
			}
			if tr.Singles != 0 || tr.SinglesMargin != 0 {
				singles = fmt.Sprintf("%+.2f ± %.2f", tr.Singles, tr.SinglesMargin)
			}
			if tr.HasDeclared {
				declared = fmt.Sprintf("%+.2f", tr.Declared)
			}
			fmt.Fprintf(w, "  %-5s %7d %8d  %5d %5d %4d  %-15s %-15s %-15s %-8s  %s\n",
				tr.Trade, tr.Games, tr.Distinct, tr.Wins, tr.Draws, tr.Losses, EloText(tr.Elo), measured, singles, declared, tr.Verdict)
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  ! %s\n", n)
	}
}
