// Package more is more code under test.
package more

// Double doubles.
func Double(x int) int { return 2 * x }
