// Positioned definition errors: values rendered file:line:col: message, collected and sorted.

package defs

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Error is one problem in a definition file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error renders file:line:col: message; the column is left out when it is unknown (0),
// as for YAML syntax errors, for which yaml.v3 gives only a line.
func (e Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return e.Msg
}

// ErrorList is a sorted list of errors; as an error it prints the first MaxErrors.
type ErrorList []Error

// MaxErrors caps how many errors an ErrorList prints.
const MaxErrors = 20

// Add appends an error at node n (n may be nil). Text arguments (what the file says) are
// shortened by Clip.
func (l *ErrorList) Add(file string, n *yaml.Node, format string, args ...any) {
	e := Error{File: file, Msg: fmt.Sprintf(format, clipArgs(args)...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	*l = append(*l, e)
}

// Sort orders errors by file, line, column and message, dropping exact duplicates.
func (l *ErrorList) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Msg < b.Msg
	})
	out := s[:0]
	for i, e := range s {
		if i > 0 && e == s[i-1] {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i == MaxErrors {
			fmt.Fprintf(&b, "... and %d more errors\n", len(l)-MaxErrors)
			break
		}
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}

// At returns the error position of src's node, or of the value of key within it.
func (s Src) At(key string) *yaml.Node {
	if s.Node == nil {
		return nil
	}
	if key == "" || s.Node.Kind != yaml.MappingNode {
		return s.Node
	}
	for i := 0; i+1 < len(s.Node.Content); i += 2 {
		if s.Node.Content[i].Value == key {
			return s.Node.Content[i+1]
		}
	}
	return s.Node
}

// Item returns the node of element i of the sequence under key (or the key's node).
func (s Src) Item(key string, i int) *yaml.Node {
	n := s.At(key)
	if n != nil && n.Kind == yaml.SequenceNode && i >= 0 && i < len(n.Content) {
		return n.Content[i]
	}
	return n
}

// Errorf builds a positioned error at the value of key in src.
func (s Src) Errorf(key string, format string, args ...any) Error {
	var l ErrorList
	l.Add(s.File, s.At(key), format, args...)
	return l[0]
}

// MaxEcho is how many characters of an input an error message repeats.
const MaxEcho = 200

// Clip shortens an input repeated in an error message to MaxEcho characters, marking the
// cut with "...", so that a huge input (a whole file, a hook of thousands of terms) does not
// make a huge message.
func Clip(s string) string {
	n := 0
	for i := range s {
		if n == MaxEcho {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

// Quote is strconv.Quote of Clip(s).
func Quote(s string) string { return strconv.Quote(Clip(s)) }

// ClipLines is Clip applied to each line of s (an expr error, say: its message, the
// expression and a caret under the fault).
func ClipLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Clip(l)
	}
	return strings.Join(lines, "\n")
}

// clipArgs applies Clip to the text arguments of a message.
func clipArgs(args []any) []any {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = Clip(s)
		}
	}
	return args
}
