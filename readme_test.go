// The documents speak of the repository alone: every link is to a web page, a heading, or
// a file of the repository that exists.
package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	upRE   = regexp.MustCompile(`(^|[^.])\.\./`) // ../ but not the ... of an elided FEN
)

func TestDocumentLinksStayInTheRepository(t *testing.T) {
	docs := []string{"README.md", "BENCHMARKS.md", filepath.Join("docs", "definitions.md"), filepath.Join("docs", "lichess-bot.md")}
	// The recipe for lichess-bot names no page outside the repository at all.
	if data, err := os.ReadFile(filepath.Join("docs", "lichess-bot.md")); err != nil || strings.Contains(string(data), "://") {
		t.Errorf("docs/lichess-bot.md: missing (%v) or naming a page outside the repository", err)
	}
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if upRE.Match(data) {
			t.Errorf("%s mentions a path above the repository (../)", doc)
		}
		for _, m := range linkRE.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") || strings.HasPrefix(target, "#") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			path := filepath.Join(filepath.Dir(doc), filepath.FromSlash(target))
			if !filepath.IsLocal(path) {
				t.Errorf("%s links to %s, outside the repository", doc, m[1])
				continue
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s: %v", doc, m[1], err)
			}
		}
	}
}
