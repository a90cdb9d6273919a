// The search with threads of its own (every GOOS but js): it never pauses.
//go:build !js

package search

// pause does nothing: the search's caller has threads of its own (see pause_js.go).
func pause() {}
