// Statistics: the score, its Elo difference with a trinomial 95 % margin, the
// likelihood of superiority, and the GSPRT.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// EloOf is the logistic Elo difference that gives the expected score s (0 < s < 1).
func EloOf(s float64) float64 { return -400 * math.Log10(1/s-1) }

// ScoreOf is the expected score of a side elo points stronger: the inverse of EloOf.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Estimate is what a W/D/L record says about the strength difference.
type Estimate struct {
	W, D, L int
	Score   float64 // (W + D/2) / games
	// Elo is EloOf(Score); Margin the half width of its 95 % interval, from the score's
	// standard error under the trinomial model (each game a win, draw or loss with the
	// observed frequencies): sigma^2 = (w(1-s)^2 + d(1/2-s)^2 + l s^2) / n per game.
	Elo, Margin float64
	// LOS is the likelihood of superiority, 1/2 (1 + erf((W-L) / sqrt(2(W+L)))): the
	// chance that the first side is the stronger, from the decisive games.
	LOS float64
}

// Games is the number of games.
func (e Estimate) Games() int { return e.W + e.D + e.L }

// Estimate sums up a W/D/L record. With a score of 0 or 1 the Elo difference is
// infinite; with no games it is 0.
func NewEstimate(w, d, l int) Estimate {
	e := Estimate{W: w, D: d, L: l, LOS: 0.5}
	n := float64(w + d + l)
	if n == 0 {
		return e
	}
	s := (float64(w) + float64(d)/2) / n
	e.Score = s
	e.Elo = EloOf(s)
	if e.Elo == 0 {
		e.Elo = 0 // not -0
	}
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	se := math.Sqrt(variance / n)
	lo, hi := s-z95*se, s+z95*se
	if lo <= 0 || hi >= 1 {
		e.Margin = math.Inf(1)
	} else {
		e.Margin = (EloOf(hi) - EloOf(lo)) / 2
	}
	if w+l > 0 {
		e.LOS = 0.5 * (1 + math.Erf(float64(w-l)/math.Sqrt(2*float64(w+l))))
	}
	return e
}

// EloText writes the Elo difference with its margin: "+35.2 ± 41.0", "+inf" or "-inf".
func (e Estimate) EloText() string {
	if e.Games() == 0 {
		return "0.0 ± inf"
	}
	switch {
	case math.IsInf(e.Elo, 1):
		return "+inf"
	case math.IsInf(e.Elo, -1):
		return "-inf"
	case math.IsInf(e.Margin, 1):
		return fmt.Sprintf("%+.1f ± inf", e.Elo)
	}
	return fmt.Sprintf("%+.1f ± %.1f", e.Elo, e.Margin)
}

// SPRT is a generalized sequential probability ratio test of H0: the Elo difference is
// Elo0, against H1: it is Elo1 (logistic Elo), with error rates Alpha (accepting H1
// when H0 holds) and Beta (accepting H0 when H1 holds).
//
// The log-likelihood ratio is the normal approximation of the GSPRT on the trinomial
// results, as c-chess-cli and fastchess compute it for logistic Elo bounds:
// LLR = n (s1 - s0) (2s - s0 - s1) / (2 sigma^2), with s the observed score, sigma^2 its
// per-game variance, and s0, s1 the scores Elo0 and Elo1 give. It is 0 until the results
// include two different outcomes (sigma^2 > 0).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads elo0=E0,elo1=E1[,alpha=A,beta=B]; alpha and beta default to 0.05.
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return t, fmt.Errorf("sprt %q: expected elo0=E0,elo1=E1[,alpha=A,beta=B]", s)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || x != x || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt %q: %s is not a number", s, v)
		}
		k = strings.ToLower(strings.TrimSpace(k))
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("sprt %q: unknown parameter %q (elo0, elo1, alpha, beta)", s, k)
		}
		seen[k] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return t, fmt.Errorf("sprt %q: elo0 and elo1 are required", s)
	case t.Elo1 <= t.Elo0:
		return t, fmt.Errorf("sprt %q: elo1 must be greater than elo0", s)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return t, fmt.Errorf("sprt %q: alpha and beta must lie between 0 and 0.5", s)
	}
	return t, nil
}

// Bounds are the log-likelihood ratios at which H0 (lower) and H1 (upper) are accepted:
// ln(beta/(1-alpha)) and ln((1-beta)/alpha).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of the record W/D/L.
func (t SPRT) LLR(w, d, l int) float64 {
	n := float64(w + d + l)
	if n == 0 {
		return 0
	}
	s := (float64(w) + float64(d)/2) / n
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	if variance <= 1e-12 {
		return 0
	}
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * variance)
}

// Decision is the test's state for the record W/D/L: "H1" (accepted), "H0" or "" (go on).
func (t SPRT) Decision(w, d, l int) string {
	llr := t.LLR(w, d, l)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}
