// Package stats is the code under test.
package stats

// Median of sorted values.
func Median(xs []int) int { return xs[len(xs)/2] }
