// Progress of long jobs (perft, validate) on stderr, and their interruption by Ctrl-C.
//
// Nothing is shown for a job that ends within progressDelay, so short runs, tests and
// scripts see clean output. Past it, a terminal gets one bar line redrawn in place (with a
// carriage return) and anything else gets a plain line every few seconds. The counting
// goroutines only add to atomic counters, per root move or test and every few milliseconds
// within one; a ticker goroutine does the printing.

package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Settings of the progress display; tests change them.
var (
	// progressDelay: nothing is shown for a job that ends sooner (0: shown at once).
	progressDelay = 2 * time.Second
	// progressEvery is the least time between two plain lines; it grows with the
	// elapsed time (a tenth of it), so an hour-long job writes a few hundred lines at most.
	progressEvery = 5 * time.Second
	// barEvery is the time between two redraws of the terminal bar.
	barEvery = 250 * time.Millisecond
	// afterUnit, when not nil, is called after each root move or test of a job is done
	// (a test hook: it can cancel the job's context at a known point).
	afterUnit func()
)

// Layout of the terminal bar.
const (
	barWidth    = 12 // cells between the brackets
	maxLineRune = 79 // the bar line is cut to this many characters so that it never wraps
)

// progress is the display of one long job.
type progress struct {
	w        io.Writer
	off      bool // --quiet: nothing is ever written
	tty      bool // w is a terminal: a bar redrawn in place
	label    string
	unit     string // what total counts: "root moves", "tests"
	total    int
	expected int64 // nodes the job expects to count (0: unknown, extrapolated)
	start    time.Time

	done      atomic.Int64 // units finished
	doneNodes atomic.Int64 // nodes of the finished units
	nodes     atomic.Int64 // nodes counted so far, finished units and part of the others

	mu      sync.Mutex // guards what follows and writes to w
	shown   bool       // the display has started
	barLen  int        // characters of the bar line now on the terminal
	current string     // what is being done now (validate: the test)
	backlog []string   // lines waiting for the display to start
	quit    chan struct{}
	exited  chan struct{}
}

// newProgress makes the display of a job of total units on c's stderr; quiet turns it off.
func newProgress(c *context, quiet bool, label, unit string, total int, expected int64) *progress {
	return &progress{w: c.err, off: quiet, tty: isTerminal(c.err), label: label, unit: unit, total: total, expected: expected}
}

// isTerminal tells whether w (a writer or a reader) is a character device: a terminal,
// or /dev/null, where a redrawn bar does no harm.
func isTerminal(w any) bool {
	if ew, ok := w.(*errWriter); ok {
		w = ew.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// begin starts the clock and the ticker goroutine.
func (p *progress) begin() {
	p.start = time.Now()
	if p.off {
		return
	}
	p.quit, p.exited = make(chan struct{}), make(chan struct{})
	first := progressDelay
	if first <= 0 {
		p.mu.Lock()
		p.show()
		p.mu.Unlock()
		first = p.interval()
	}
	go p.tick(first)
}

func (p *progress) tick(first time.Duration) {
	defer close(p.exited)
	t := time.NewTimer(first)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-t.C:
			p.mu.Lock()
			p.show()
			p.mu.Unlock()
			t.Reset(p.interval())
		}
	}
}

// interval is the time to the next redraw or plain line.
func (p *progress) interval() time.Duration {
	if p.tty {
		return barEvery
	}
	return max(progressEvery, time.Since(p.start)/10)
}

// unitDone records a finished unit of nodes nodes (not added to the live count, which the
// job keeps itself) and shows line (if not empty) above the progress, or keeps it until
// the display starts. It may be called from any goroutine.
func (p *progress) unitDone(nodes int64, line string) {
	p.done.Add(1)
	p.doneNodes.Add(nodes)
	if p.off || line == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.shown {
		p.backlog = append(p.backlog, line)
		return
	}
	p.clearBar()
	fmt.Fprintln(p.w, line)
	p.drawBar()
}

// setCurrent names what is being done now.
func (p *progress) setCurrent(s string) {
	p.mu.Lock()
	p.current = s
	p.mu.Unlock()
}

// print runs f, which writes to standard output, with the bar taken off the terminal
// meanwhile, so that a bar and output lines sharing a terminal do not mix.
func (p *progress) print(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearBar()
	f()
	p.drawBar()
}

// show writes the waiting lines the first time, then the bar or a plain line. p.mu is held.
func (p *progress) show() {
	if !p.shown {
		p.shown = true
		for _, l := range p.backlog {
			fmt.Fprintln(p.w, l)
		}
		p.backlog = nil
	}
	if p.tty {
		p.drawBar()
		return
	}
	fmt.Fprintln(p.w, formatPlain(p.state(), false))
}

// clearBar blanks the bar line and puts the cursor back at its start. p.mu is held.
func (p *progress) clearBar() {
	if p.tty && p.barLen > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.barLen))
		p.barLen = 0
	}
}

// drawBar redraws the bar line, if the display has started on a terminal. p.mu is held.
func (p *progress) drawBar() {
	if !p.tty || !p.shown {
		return
	}
	line := formatBar(p.state())
	n := utf8.RuneCountInString(line)
	pad := ""
	if n < p.barLen {
		pad = strings.Repeat(" ", p.barLen-n)
	}
	fmt.Fprintf(p.w, "\r%s%s", line, pad)
	p.barLen = n
}

// end stops the ticker and, if anything was shown, leaves the last state on its own line.
func (p *progress) end() {
	if p.off {
		return
	}
	close(p.quit)
	<-p.exited
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.shown {
		return
	}
	if p.tty {
		p.drawBar()
		fmt.Fprintln(p.w)
		p.barLen = 0
		return
	}
	fmt.Fprintln(p.w, formatPlain(p.state(), true))
}

// progressState is what one line of progress shows.
type progressState struct {
	label, unit, current string
	done, total          int64
	nodes, doneNodes     int64
	expected             int64
	elapsed              time.Duration
}

func (p *progress) state() progressState {
	return progressState{
		label: p.label, unit: p.unit, current: p.current,
		done: p.done.Load(), total: int64(p.total),
		nodes: p.nodes.Load(), doneNodes: p.doneNodes.Load(), expected: p.expected,
		elapsed: time.Since(p.start),
	}
}

// fraction estimates how much of the job is done, from 0 to 1 (0: no idea yet). With an
// expected node count it is the share counted; otherwise the nodes counted over the
// total the finished units extrapolate to (the average finished unit times the units);
// failing that, the share of units finished.
func (s progressState) fraction() float64 {
	var f float64
	switch {
	case s.total > 0 && s.done >= s.total:
		return 1
	case s.expected > 0:
		f = float64(s.nodes) / float64(s.expected)
	case s.done > 0 && s.doneNodes > 0 && s.total > 0:
		f = float64(s.nodes) / (float64(s.doneNodes) / float64(s.done) * float64(s.total))
	case s.total > 0:
		f = float64(s.done) / float64(s.total)
	}
	return min(max(f, 0), 0.999) // not done until every unit is
}

// timeLeft estimates the time to the end at the speed so far; ok is false while there
// is nothing to go by.
func (s progressState) timeLeft() (left time.Duration, ok bool) {
	f := s.fraction()
	switch {
	case f >= 1:
		return 0, true
	case f <= 0 || s.elapsed <= 0:
		return 0, false
	}
	return time.Duration(float64(s.elapsed) * (1 - f) / f), true
}

func (s progressState) speed() float64 {
	return float64(s.nodes) / max(s.elapsed.Seconds(), 1e-9)
}

// formatBar is the terminal line: label, bar, units, time left, nodes, speed, and what
// is being done; cut to maxLineRune characters, so the end goes first.
func formatBar(s progressState) string {
	filled := int(s.fraction()*barWidth + 0.5)
	left := "time left ?"
	if d, ok := s.timeLeft(); ok {
		left = formatDuration(d) + " left"
	}
	line := fmt.Sprintf("%s [%s%s] %d/%d %s, %s, %s nodes, %s/s",
		s.label, strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled),
		s.done, s.total, s.unit, left, formatCount(float64(s.nodes)), formatCount(s.speed()))
	if s.current != "" {
		line += ", " + s.current
	}
	if utf8.RuneCountInString(line) > maxLineRune {
		r := []rune(line)
		line = string(r[:maxLineRune-1]) + "…"
	}
	return line
}

// formatPlain is a progress line for a file or a pipe; final is the last one, when done.
func formatPlain(s progressState, final bool) string {
	if final {
		return fmt.Sprintf("%s: %d/%d %s, %d nodes in %s, %s nodes/s", s.label, s.done, s.total, s.unit,
			s.nodes, formatDuration(s.elapsed), formatCount(s.speed()))
	}
	left := "time left unknown"
	if d, ok := s.timeLeft(); ok {
		left = "about " + formatDuration(d) + " left"
	}
	line := fmt.Sprintf("%s: %d/%d %s, %d nodes, %s nodes/s, %s elapsed, %s", s.label, s.done, s.total, s.unit,
		s.nodes, formatCount(s.speed()), formatDuration(s.elapsed), left)
	if s.current != "" {
		line += " (" + s.current + ")"
	}
	return line
}

// formatCount writes a count or a rate short: 950, 12.3k, 45.6M, 7.89G, 1.23T.
func formatCount(n float64) string {
	switch {
	case n < 1e3:
		return fmt.Sprintf("%.0f", n)
	case n < 1e6:
		return fmt.Sprintf("%.1fk", n/1e3)
	case n < 1e9:
		return fmt.Sprintf("%.1fM", n/1e6)
	case n < 1e12:
		return fmt.Sprintf("%.2fG", n/1e9)
	}
	return fmt.Sprintf("%.2fT", n/1e12)
}

// formatDuration writes a duration to the second: 0s, 42s, 3m05s, 2h13m.
func formatDuration(d time.Duration) string {
	s := int64((d + time.Second/2) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
}
