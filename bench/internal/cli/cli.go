// Package cli runs a benchmark command's run function as its main: under a
// context an interrupt cancels, with the error, if any, on stderr and exit
// status 1.
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Main runs run with the command's arguments and stdout; name prefixes its
// error.
func Main(name string, run func(ctx context.Context, args []string, stdout io.Writer) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}
