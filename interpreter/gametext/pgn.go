// PGN files: tag pairs and movetext, several games to a file.
package gametext

import (
	"fmt"
	"regexp"
	"strings"
)

// Tag is a PGN tag pair, [Name "Value"], with the line it is on (from 1).
type Tag struct {
	Name, Value string
	Line        int
}

// PGNGame is one game of a PGN file: its tag pairs and its movetext.
type PGNGame struct {
	Tags     []Tag
	Text     string // the movetext
	Line     int    // the line the game starts on: its first tag pair or movetext line
	TextLine int    // the line its movetext starts on, or 0 when it has none
}

// Tag returns the game's tag pair named name (compared without regard to case).
func (g *PGNGame) Tag(name string) (Tag, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return Tag{}, false
}

// LineError is an error at a line of a PGN file.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

var tagRE = regexp.MustCompile(`^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$`)

// ReadPGN splits a PGN file into games. A game is its tag pairs (lines starting with '['
// outside comments) then its movetext; a tag pair after movetext starts the next game.
// Text without tag pairs is one game of plain move text. Blank games are left out; a
// line starting with '[' that is not a tag pair is an error (a *LineError).
func ReadPGN(text string) ([]PGNGame, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	var games []PGNGame
	var cur *PGNGame
	var body strings.Builder
	hasText := false
	finish := func() {
		if cur != nil && (len(cur.Tags) > 0 || hasText) {
			cur.Text = body.String()
			games = append(games, *cur)
		}
		cur, hasText = nil, false
		body.Reset()
	}
	braces := 0
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		if braces == 0 && strings.HasPrefix(trimmed, "[") {
			g := tagRE.FindStringSubmatch(trimmed)
			if g == nil {
				return nil, &LineError{n, fmt.Sprintf("not a tag pair (expected [Name \"value\"]): %s", trimmed)}
			}
			if hasText {
				finish()
			}
			if cur == nil {
				cur = &PGNGame{Line: n}
			}
			value := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(g[2])
			cur.Tags = append(cur.Tags, Tag{Name: g[1], Value: value, Line: n})
			continue
		}
		if trimmed != "" && cur == nil {
			cur = &PGNGame{Line: n}
		}
		if cur == nil {
			continue
		}
		if trimmed != "" && !hasText {
			hasText, cur.TextLine = true, n
		}
		body.WriteString(line)
		body.WriteByte('\n')
		braces = braceDepth(line, braces)
	}
	finish()
	return games, nil
}

// braceDepth follows {comments} over a line of movetext: the depth at its end, given the
// depth at its start. A ';' outside braces ends the line.
func braceDepth(line string, depth int) int {
	for _, r := range line {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case r == ';' && depth == 0:
			return depth
		}
	}
	return depth
}
