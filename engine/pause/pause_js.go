// Long work in a browser (GOOS=js): it pauses now and then, so that the page's messages reach the module while it works.
//go:build js

package pause

import "time"

// every is how long work runs between its pauses.
const every = 50 * time.Millisecond

// last is when work last paused (the module has one thread: no lock).
var last time.Time

// Check lets the JavaScript event loop run once every has passed since the last pause.
// WebAssembly has one thread, and Go hands it back to JavaScript only when every
// goroutine waits: a search or a count that never waited would keep the page's messages
// (a Stop, a closed page's cancel, the next request) out until it ends. A short sleep
// is such a wait. It reads the clock: call it every few microseconds of work at most.
func Check() {
	if time.Since(last) < every {
		return
	}
	time.Sleep(time.Millisecond)
	last = time.Now()
}
