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

// TestNoMergeConflictMarkers: no text file of the repository keeps the markers of a merge
// left half done (a document once did).
func TestNoMergeConflictMarkers(t *testing.T) {
	marker := regexp.MustCompile(`(?m)^(<{7} |={7}$|>{7} )`)
	files := 0
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".yaml", ".js", ".html", ".css", ".py", ".ini", ".txt", ".sh":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if loc := marker.FindIndex(data); loc != nil {
			t.Errorf("%s:%d: a merge conflict marker", path, strings.Count(string(data[:loc[0]]), "\n")+1)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files read", files)
	}
}
