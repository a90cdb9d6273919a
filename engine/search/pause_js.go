// The search in a browser (GOOS=js): it pauses now and then, so that the page's messages reach the module while it thinks.
//go:build js

package search

import page "chimera/engine/pause"

// calls counts pause's calls: the clock is read every 64th (one thread: no lock).
var calls int

// pause, called at each node, lets the JavaScript event loop run now and then (see
// pause.Check).
func pause() {
	if calls++; calls&63 == 0 {
		page.Check()
	}
}
