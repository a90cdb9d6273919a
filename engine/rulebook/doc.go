// Package rulebook presents a variant to people: its board drawn as text (for a terminal)
// or as an SVG picture (for rules pages and the web page), and its pieces and rules in
// words, generated from the definition. The command line (show, play, replay) and the web
// app (chimera serve and the static build) draw with it.
package rulebook
