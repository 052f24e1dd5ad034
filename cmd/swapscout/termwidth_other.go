//go:build !unix

package main

import "io"

// terminalWidth is unknown here: tables are printed whole.
func terminalWidth(io.Writer) int { return 0 }
