// The stop signals of long jobs: one handler for perft, validate, selfplay, values, tune, match and serve.

package cli

import (
	gocontext "context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// signalContext gives the context of a long job: the first stop signal (stopSignals:
// Ctrl-C, SIGTERM, and where there is one SIGHUP, a closed terminal or ssh session)
// cancels it, with the signal as its cause (caughtSignal, interruptedStatus). After it the
// signals have their default action back, so a second one kills. release stops listening;
// call it when the job ends. Tests replace it, or set interruptRun.
var signalContext = func() (ctx gocontext.Context, release gocontext.CancelFunc) {
	ctx, cancel := gocontext.WithCancelCause(gocontext.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, stopSignals...)
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(signalCause{s})
		case <-ctx.Done():
			signal.Stop(sigs)
		}
	}()
	if interruptRun != nil {
		interruptRun(sigs)
	}
	return ctx, func() { cancel(nil) }
}

// interruptRun, when not nil, is given the channel signalContext's signals arrive on (a
// test hook: it can send one at a known point).
var interruptRun func(chan<- os.Signal)

// signalCause is the cause of a job's context cancelled by a signal.
type signalCause struct{ sig os.Signal }

func (s signalCause) Error() string { return "interrupted by " + s.sig.String() }

// caughtSignal is the signal that cancelled ctx, or nil.
func caughtSignal(ctx gocontext.Context) os.Signal {
	var sc signalCause
	if errors.As(gocontext.Cause(ctx), &sc) {
		return sc.sig
	}
	return nil
}

// interruptedStatus is the exit status of a job stopped early: 128 plus the signal's
// number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), 130 when no signal is known.
func interruptedStatus(ctx gocontext.Context) int {
	if n, ok := caughtSignal(ctx).(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitInterrupted
}

// signalStatus is the exit status of a run its signal interrupted after writing what
// finished: 128 and the signal's number, as a shell reports a process the signal killed.
func signalStatus(code int, s os.Signal) int {
	if code != exitOK || s == nil {
		return code
	}
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitFail
}
