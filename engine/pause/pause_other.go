// Package pause lets long work (a search, a perft count) hand the thread back to the page now and then when it runs in a browser.
//go:build !js

package pause

// Check does nothing: the work's caller has threads of its own (see pause_js.go).
func Check() {}
