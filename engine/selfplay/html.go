// The report as an HTML page with inline SVG charts.

package selfplay

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// Colours of the three results in the charts.
const (
	colWhite = "#e8c872"
	colDraw  = "#a0a0a0"
	colBlack = "#404a6a"
)

// WriteHTML writes the report as a self-contained HTML page: the tables of the text report
// and two SVG charts, results over game length and outcome by reason.
func WriteHTML(w io.Writer, r *Report) error {
	var b strings.Builder
	esc := html.EscapeString
	title := r.Variant
	if r.Title != "" {
		title = r.Title
	}
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Self-play report: %s</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.2em .7em;text-align:right;border-bottom:1px solid #ddd}
td:first-child,th:first-child{text-align:left}.warn{color:#a00}.key span{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}
</style></head><body>
<h1>Self-play report: %s</h1>
<p>%d games (%d distinct), %s, move cap %d plies; games start from %s.</p>
`, esc(title), esc(title), r.Games, r.Distinct, esc(r.Budget), r.MaxPlies, esc(r.Starts))
	b.WriteString("<h2>Results</h2>\n<table><tr><th></th><th>games</th><th>rate</th><th>95 % interval (Wilson)</th></tr>\n")
	for _, x := range []struct {
		name string
		r    Rate
	}{{"White wins", r.White}, {"Draws", r.Draw}, {"Black wins", r.Black}} {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%.1f %%</td><td>%.1f – %.1f %%</td></tr>\n", x.name, x.r.Count, 100*x.r.P, 100*x.r.Lo, 100*x.r.Hi)
	}
	b.WriteString("</table>\n")
	fm := r.FirstMover
	fmt.Fprintf(&b, "<p>First-move advantage: White scores %.1f %% ± %.1f, <b>%s Elo</b>.</p>\n", 100*fm.Score, 100*Z95*fm.ScoreSE, esc(EloText(fm)))
	l := r.Length
	fmt.Fprintf(&b, "<p>Game length: mean %.1f plies, sd %.1f; min %d, quartiles %d / %d / %d, max %d.</p>\n", l.Mean, l.SD, l.Min, l.Q1, l.Median, l.Q3, l.Max)
	b.WriteString(`<p class="key">` + fmt.Sprintf(`<span style="background:%s"></span>White wins<span style="background:%s"></span>draws<span style="background:%s"></span>Black wins`, colWhite, colDraw, colBlack) + "</p>\n")
	b.WriteString("<h2>Results over game length</h2>\n")
	lengthChart(&b, r)
	b.WriteString("<h2>How games ended</h2>\n")
	reasonChart(&b, r)
	b.WriteString("<table><tr><th>reason</th><th>games</th><th>1-0</th><th>draw</th><th>0-1</th></tr>\n")
	for _, e := range r.Endings {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", esc(reasonLabel(e)), e.Games, e.White, e.Draws, e.Black)
	}
	b.WriteString("</table>\n<h2>First moves</h2>\n<table><tr><th>move</th><th>games</th><th>White's score</th><th>1-0</th><th>draw</th><th>0-1</th></tr>\n")
	for i, f := range r.FirstMoves {
		if i == 15 {
			break
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%.1f %%</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", esc(f.Move), f.Games, 100*f.Score, f.White, f.Draws, f.Black)
	}
	b.WriteString("</table>\n<h2>Pieces</h2>\n<table><tr><th>piece</th><th>games in which it moved</th></tr>\n")
	for _, pc := range r.PieceUse {
		moved := "not in play"
		if pc.InPlay {
			moved = fmt.Sprintf("%d (%.0f %%)", pc.MovedIn, 100*float64(pc.MovedIn)/float64(max(r.Games, 1)))
		}
		fmt.Fprintf(&b, "<tr><td>%s %s</td><td>%s</td></tr>\n", esc(pc.Letter), esc(pc.Name), moved)
	}
	b.WriteString("</table>\n<h2>Warnings</h2>\n")
	if len(r.Warnings) == 0 {
		b.WriteString("<p>None.</p>\n")
	} else {
		b.WriteString("<ul>\n")
		for _, s := range r.Warnings {
			fmt.Fprintf(&b, "<li class=\"warn\">%s</li>\n", esc(s))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func reasonLabel(e Ending) string {
	switch {
	case e.Reason == ReasonMoveCap:
		return "move cap (draw)"
	case e.Goal:
		return "goal: " + e.Reason
	}
	return e.Reason
}

// lengthChart draws stacked bars of results per band of game length.
func lengthChart(b *strings.Builder, r *Report) {
	const W, H, left, bottom, top = 640, 240, 40, 30, 10
	bins := 12
	hi := max(r.Length.Max, 1)
	width := (hi + bins) / bins // plies per bin, so that bins*width > hi
	counts := make([][3]int, bins)
	for _, g := range r.Records {
		i := min(g.Plies()/width, bins-1)
		counts[i][resultIndex(g.Result)]++
	}
	most := 1
	for _, c := range counts {
		most = max(most, c[0]+c[1]+c[2])
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-size="11" font-family="sans-serif">`+"\n", W, H, W, H)
	plotH := float64(H - bottom - top)
	barW := float64(W-left-10) / float64(bins)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>`+"\n", left, H-bottom, W-10, H-bottom)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%d</text><text x="%d" y="%d" text-anchor="end">0</text>`+"\n", left-4, top+8, most, left-4, H-bottom)
	for i, c := range counts {
		x := float64(left) + float64(i)*barW
		y := float64(H - bottom)
		for k, col := range []string{colWhite, colDraw, colBlack} {
			h := plotH * float64(c[k]) / float64(most)
			if h > 0 {
				y -= h
				fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%d-%d plies: %d %s</title></rect>`+"\n",
					x+1, y, barW-2, h, col, i*width, (i+1)*width-1, c[k], []string{"White wins", "draws", "Black wins"}[k])
			}
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x+barW/2, H-bottom+14, i*width)
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">game length (plies, band start)</text>`+"\n", (W+left)/2, H-2)
	b.WriteString("</svg>\n")
}

// reasonChart draws a horizontal stacked bar of results per ending reason.
func reasonChart(b *strings.Builder, r *Report) {
	const W, left, row = 640, 150, 26
	H := row*len(r.Endings) + 10
	most := 1
	for _, e := range r.Endings {
		most = max(most, e.Games)
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-size="11" font-family="sans-serif">`+"\n", W, H, W, H)
	span := float64(W - left - 50)
	for i, e := range r.Endings {
		y := 5 + i*row
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, y+15, html.EscapeString(reasonLabel(e)))
		x := float64(left)
		for k, n := range []int{e.White, e.Draws, e.Black} {
			w := span * float64(n) / float64(most)
			if w > 0 {
				fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%d %s</title></rect>`+"\n",
					x, y+2, w, row-6, []string{colWhite, colDraw, colBlack}[k], n, []string{"White wins", "draws", "Black wins"}[k])
				x += w
			}
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%d">%d</text>`+"\n", x+4, y+15, e.Games)
	}
	b.WriteString("</svg>\n")
}

func resultIndex(result string) int {
	switch result {
	case "1-0":
		return 0
	case "0-1":
		return 2
	}
	return 1
}
