// PGN files: tag pairs and movetext, several games to a file.

package gametext

import (
	"bufio"
	"fmt"
	"io"
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
	r := NewPGNReader(strings.NewReader(text))
	var games []PGNGame
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, *g)
	}
}

// Bounds of what a PGN reader holds at once, so that memory stays bounded whatever the
// input: a longer line, or a game with more movetext, is an error (a *LineError).
const (
	MaxPGNLine = 1 << 20  // bytes in one line
	MaxPGNGame = 16 << 20 // bytes of one game's movetext
)

// PGNReader reads the games of a PGN file one at a time, as ReadPGN splits them, holding
// no more than one game (and one line of the next) in memory.
type PGNReader struct {
	in      *bufio.Reader
	line    int   // lines read
	pending *Tag  // a tag pair read that starts the next game
	pendAt  int   // its line
	done    bool  // the input has ended
	err     error // the error that stopped reading
	first   bool  // no line read yet (a byte-order mark may start the first)
	body    strings.Builder
}

// NewPGNReader reads PGN text from in.
func NewPGNReader(in io.Reader) *PGNReader {
	return &PGNReader{in: bufio.NewReaderSize(in, 64<<10), first: true}
}

// readLine returns the next line without its end; ok is false at the end of the input.
func (r *PGNReader) readLine() (line string, ok bool, err error) {
	var b []byte
	for {
		chunk, isPrefix, err := r.in.ReadLine()
		if err == io.EOF {
			if b != nil {
				break
			}
			return "", false, nil
		}
		if err != nil {
			return "", false, err
		}
		if len(b)+len(chunk) > MaxPGNLine {
			return "", false, &LineError{r.line + 1, fmt.Sprintf("the line is longer than %d bytes", MaxPGNLine)}
		}
		b = append(b, chunk...)
		if !isPrefix {
			break
		}
	}
	r.line++
	line = string(b)
	if r.first {
		line, r.first = strings.TrimPrefix(line, "\ufeff"), false
	}
	return strings.TrimRight(line, "\r"), true, nil
}

// Next returns the next game, or io.EOF after the last; an error stops the reader.
func (r *PGNReader) Next() (*PGNGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	var cur *PGNGame
	if r.pending != nil {
		cur = &PGNGame{Line: r.pendAt, Tags: []Tag{*r.pending}}
		r.pending = nil
	}
	hasText := false
	r.body.Reset()
	fail := func(err error) (*PGNGame, error) {
		r.err = err
		return nil, err
	}
	braces := 0
	for !r.done {
		line, ok, err := r.readLine()
		if err != nil {
			return fail(err)
		}
		if !ok {
			r.done = true
			break
		}
		n := r.line
		trimmed := strings.TrimSpace(line)
		if braces == 0 && strings.HasPrefix(trimmed, "[") {
			g := tagRE.FindStringSubmatch(trimmed)
			if g == nil {
				return fail(&LineError{n, fmt.Sprintf("not a tag pair (expected [Name \"value\"]): %s", trimmed)})
			}
			value := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(g[2])
			tag := Tag{Name: g[1], Value: value, Line: n}
			if hasText {
				// The tag pair starts the next game.
				r.pending, r.pendAt = &tag, n
				cur.Text = r.body.String()
				return cur, nil
			}
			if cur == nil {
				cur = &PGNGame{Line: n}
			}
			cur.Tags = append(cur.Tags, tag)
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
		if r.body.Len()+len(line) > MaxPGNGame {
			return fail(&LineError{n, fmt.Sprintf("the game starting at line %d has more than %d bytes of movetext", cur.Line, MaxPGNGame)})
		}
		r.body.WriteString(line)
		r.body.WriteByte('\n')
		braces = braceDepth(line, braces)
	}
	if cur != nil && (len(cur.Tags) > 0 || hasText) {
		cur.Text = r.body.String()
		return cur, nil
	}
	r.err = io.EOF
	return nil, io.EOF
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
