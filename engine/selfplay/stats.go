// Statistics: Wilson intervals for rates, Elo from a score with a trinomial margin.

package selfplay

import "math"

// Z95 is the normal quantile of a two-sided 95 % interval.
const Z95 = 1.959963984540054

// Rate is a proportion with its 95 % confidence interval.
type Rate struct {
	Count int     `json:"count"`
	P     float64 `json:"p"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Wilson is the proportion k/n with its Wilson score interval at z (Z95 for 95 %).
// Unlike the normal approximation it stays inside [0, 1] and is useful when k is 0 or n.
func Wilson(k, n int, z float64) Rate {
	if n == 0 {
		return Rate{Count: k, Lo: 0, Hi: 1}
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Rate{Count: k, P: p, Lo: math.Max(0, center-half), Hi: math.Min(1, center+half)}
}

// Elo is the rating difference that gives score s (0 < s < 1) under the logistic model:
// -400 log10(1/s - 1). It is ±Inf at 0 and 1.
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400*math.Log10(1/s-1) + 0 // + 0: no negative zero
}

// ScoreOf is the inverse of Elo: the expected score of a side d Elo stronger.
func ScoreOf(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// EloEstimate is a score turned into Elo, with a 95 % interval.
type EloEstimate struct {
	Score     float64 `json:"score"`      // per game, 0 to 1
	ScoreSE   float64 `json:"score_se"`   // standard error of Score
	Elo       float64 `json:"elo"`        // Elo(Score), clamped to a finite value
	Lo        float64 `json:"elo_lo"`     // Elo at the interval's ends
	Hi        float64 `json:"elo_hi"`     //
	Margin    float64 `json:"elo_margin"` // (Hi-Lo)/2
	Saturated bool    `json:"saturated"`  // Score is 0 or 1: Elo is only a bound
}

// EloFromResults estimates the Elo difference of a side that won w, drew d and lost l
// games. The score's variance is the trinomial one, from the observed win, draw and loss
// frequencies: Var = (w + d/4)/n - s² per game. Scores are kept 1/(2n) from 0 and 1 so that
// Elo stays finite; a score of 0 or 1 (all games lost or won) only bounds it (Saturated).
func EloFromResults(w, d, l int) EloEstimate {
	n := float64(w + d + l)
	if n == 0 {
		return EloEstimate{Score: 0.5}
	}
	s := (float64(w) + float64(d)/2) / n
	variance := (float64(w)+float64(d)/4)/n - s*s
	se := math.Sqrt(math.Max(variance, 0) / n)
	est := EloEstimate{Score: s, ScoreSE: se}
	lim := 1 / (2 * n)
	if w == 0 && d == 0 || d == 0 && l == 0 {
		est.Saturated = true
	}
	clamp := func(x float64) float64 { return math.Min(math.Max(x, lim), 1-lim) }
	est.Elo = Elo(clamp(s))
	est.Lo = Elo(clamp(s - Z95*se))
	est.Hi = Elo(clamp(s + Z95*se))
	est.Margin = (est.Hi - est.Lo) / 2
	return est
}

// meanSD is the mean and the (sample) standard deviation of xs.
func meanSD(xs []float64) (mean, sd float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(xs)-1))
}
