// Engine processes: starting, line-by-line talk with arrival times, killing.

package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Errors a process reports while the referee waits for it.
var (
	errTimeout = errors.New("no reply in time")
	errExited  = errors.New("the engine exited")
	errAborted = errors.New("the match was stopped")
)

// line is a line the engine wrote and the time it arrived.
type line struct {
	text string
	at   time.Time
}

// proc is a running engine process.
type proc struct {
	name   string // for the log
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan line
	exited chan struct{} // closed when the process has ended and its output is read
	stop   chan struct{} // closed by kill: the reader gives up
	once   sync.Once
	log    *logger
	status string // how it ended, once exited is closed
	cut    bool   // read: a line longer than MaxLine was reported
}

// logger writes the engines' traffic, one line each, with the time and the direction,
// and notes for the user (on the match's progress writer).
type logger struct {
	mu    sync.Mutex
	w     io.Writer
	notes io.Writer
	start time.Time
}

// note writes a line for the user, and to the log.
func (l *logger) note(format string, args ...any) {
	if l == nil {
		return
	}
	l.printf(format, args...)
	if l.notes != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		fmt.Fprintf(l.notes, format+"\n", args...)
	}
}

func (l *logger) printf(format string, args ...any) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%9.3f %s\n", time.Since(l.start).Seconds(), fmt.Sprintf(format, args...))
}

// startProc starts args[0] with the arguments after it, in a process group of its own
// so that kill reaches the programs a wrapper script starts.
func startProc(args []string, name string, log *logger) (*proc, error) {
	cmd := exec.Command(args[0], args[1:]...)
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{name: name, cmd: cmd, stdin: stdin, lines: make(chan line, 4096),
		exited: make(chan struct{}), stop: make(chan struct{}), log: log}
	log.printf("%s: started %q (pid %d)", name, strings.Join(args, " "), cmd.Process.Pid)
	go p.read(stdout)
	return p, nil
}

// MaxLine is how much of a line from an engine the referee keeps: the rest of a longer
// line is read and thrown away (the log and standard error say so), so that a long info
// line is neither taken for silence nor a reason to stop reading the engine.
const MaxLine = 1 << 20

func (p *proc) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 64<<10)
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		n := len(buf) + len(chunk) // the line's length so far
		if room := MaxLine - len(buf); room > 0 {
			buf = append(buf, chunk[:min(len(chunk), room)]...)
		}
		for err == bufio.ErrBufferFull { // a line longer than the reader's buffer
			chunk, err = r.ReadSlice('\n')
			n += len(chunk)
			if room := MaxLine - len(buf); room > 0 {
				buf = append(buf, chunk[:min(len(chunk), room)]...)
			}
		}
		if n > 0 {
			text := strings.TrimRight(strings.TrimSuffix(string(buf), "\n"), "\r")
			l := line{text, time.Now()}
			p.log.printf("%s > %s", p.name, l.text)
			if n > MaxLine {
				p.log.printf("%s: the line above had %d bytes: the first %d were kept", p.name, n, MaxLine)
				if !p.cut {
					p.cut = true
					p.log.note("engine %s: a line of %d bytes cut to its first %d (the referee keeps %d bytes of a line; further long lines of this process are not reported)", p.name, n, MaxLine, MaxLine)
				}
			}
			select {
			case p.lines <- l:
			case <-p.stop:
			}
		}
		buf = buf[:0]
		if err != nil {
			break
		}
	}
	err := p.cmd.Wait()
	p.status = "exit status 0"
	if err != nil {
		p.status = err.Error()
	}
	p.log.printf("%s: ended (%s)", p.name, p.status)
	close(p.lines)
	close(p.exited)
}

// send writes lines to the engine.
func (p *proc) send(lines ...string) error {
	for _, l := range lines {
		p.log.printf("%s < %s", p.name, l)
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			return fmt.Errorf("%w (%v)", errExited, err)
		}
	}
	return nil
}

// recv returns the next line, waiting until deadline (zero: no deadline) at most.
func (p *proc) recv(ctx context.Context, deadline time.Time) (line, error) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return line{}, errExited
		}
		return l, nil
	case <-timeout:
		// A line that arrived in time but was not yet taken still counts.
		select {
		case l, ok := <-p.lines:
			if ok && !l.at.After(deadline) {
				return l, nil
			}
			if ok {
				// Put nothing back: the caller ends the game on the timeout and the
				// process is killed or resynchronized before it is used again.
				return line{}, errTimeout
			}
			return line{}, errExited
		default:
		}
		return line{}, errTimeout
	case <-ctx.Done():
		return line{}, errAborted
	}
}

// exitStatus is how the process ended ("exit status 0", "signal: killed"), once it has;
// "its output closed" when it is still running a second later.
func (p *proc) exitStatus() string {
	select {
	case <-p.exited:
		return strings.TrimSpace(p.status)
	case <-time.After(time.Second):
		return "its output closed"
	}
}

// alive reports whether the process is still running.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill ends the process group at once and waits for it.
func (p *proc) kill() {
	p.once.Do(func() {
		close(p.stop)
		if p.alive() {
			p.log.printf("%s: killed", p.name)
		}
		killGroup(p.cmd)
		p.stdin.Close()
	})
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

// quit sends the quit command, gives the engine a moment to end, then kills it.
func (p *proc) quit(command string, wait time.Duration) {
	if p.alive() {
		p.send(command)
		p.stdin.Close()
		t := time.NewTimer(wait)
		defer t.Stop()
		for done := false; !done; {
			select {
			case <-p.exited:
				done = true
			case _, ok := <-p.lines:
				done = !ok
			case <-t.C:
				done = true
			}
		}
	}
	p.kill()
}
