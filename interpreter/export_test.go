// Test-only access for the external tests of this package: forcing the 256-cell core.
package interpreter

// ForceWideCore makes the positions created from now on use the 256-cell core on every
// board (on), or only on boards of more than 64 cells (off).
func ForceWideCore(on bool) { forceWideCore = on }
