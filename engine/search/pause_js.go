// The search in a browser (GOOS=js): it pauses now and then, so that the page's messages reach the module while it thinks.
//go:build js

package search

import "time"

// pauseEvery is how long a search runs between its pauses.
const pauseEvery = 50 * time.Millisecond

// The module has one thread: these need no lock.
var (
	calls     int       // pause's calls: the clock is read every 64th
	lastPause time.Time // when a search last paused
)

// pause, called at each node, lets the JavaScript event loop run once pauseEvery has
// passed since the last time. WebAssembly has one thread, and Go hands it back to
// JavaScript only when every goroutine waits: a search that never waited would keep the
// page's messages (a Stop, a closed page's cancel) out until its time is up. A short
// sleep is such a wait.
func pause() {
	if calls++; calls&63 != 0 || time.Since(lastPause) < pauseEvery {
		return
	}
	time.Sleep(time.Millisecond)
	lastPause = time.Now()
}
