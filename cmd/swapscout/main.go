// Command swapscout is the one binary: the aggregator's server, its CLI, the
// venue simulator and the demo that runs both. Subcommands each have their own
// file and flag set, like vegeta's:
//
//	swapscout demo     simulator + server on loopback, ready to curl
//	swapscout serve    the HTTP API against live venues (or --sim-url)
//	swapscout quote    ask venues from the command line and print a table
//	swapscout swap     quote, confirm and create a swap through a server, then follow it
//	swapscout track    follow a swap live until it ends
//	swapscout venues   list the venues and their metadata
//	swapscout sim      the venue simulator alone
//	swapscout mcp      the MCP server over stdio, for AI agents
//	swapscout mcp-token  a token for an agent's grant
//	swapscout version  the build's module version and commit
//	swapscout completion bash|zsh|fish   shell completion from the real flags
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// The first signal starts a graceful shutdown; restoring the
		// default handling lets a second one kill the process at once.
		<-ctx.Done()
		stop()
	}()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	if code := exitCode(err); code != 0 {
		fmt.Fprintln(os.Stderr, "swapscout:", err)
		stop()
		os.Exit(code)
	}
}

// exitCode is the process's exit status after run returned err (README's
// "Exit codes"): 0 also for -h, whose usage was asked for and printed; 2 for
// a command line that cannot be read; 3 for a quote no venue offered on;
// 1 for every other failure.
func exitCode(err error) int {
	var ue *usageError
	var no *noOffersError
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		return 2
	case errors.As(err, &no):
		return 3
	}
	return 1
}

// env is what a command gets from its process.
type env struct {
	getenv         func(string) string
	stdout, stderr io.Writer
}

type command struct {
	summary string
	run     func(ctx context.Context, args []string, e env) error
}

var commands = map[string]command{
	"demo":      {"run the simulator and the server together on loopback", runDemo},
	"serve":     {"serve the HTTP API (live venues, or --sim-url)", runServe},
	"quote":     {"quote a swap from the command line: quote FROM TO AMOUNT", runQuote},
	"venues":    {"list the venues and their metadata", runVenues},
	"assets":    {"list or search the asset catalogue: assets [SEARCH]", runAssets},
	"swap":      {"quote, confirm and make a swap through a server: swap FROM TO AMOUNT", runSwap},
	"track":     {"follow a swap live until it ends: track SWAP_ID", runTrack},
	"sim":       {"serve every venue's API format on loopback", runSim},
	"mcp":       {"serve the Model Context Protocol over stdio, for AI agents", runMCP},
	"mcp-token": {"make a token for an agent and the hash its grant keeps", runMCPToken},
	"board":     {"publish, verify or import a signed outcome board: board export|verify|import", runBoard},
	"version": {"print the version and commit of this build", func(_ context.Context, args []string, e env) error {
		if _, err := parseArgs(newFlagSet("version", "version", e.stderr), args); err != nil {
			return err
		}
		_, err := fmt.Fprintln(e.stdout, version())
		return err
	}},
}

// init adds the commands that list the others.
func init() {
	commands["completion"] = command{"print shell completion: completion bash|zsh|fish", runCompletion}
}

// run is the whole program; tests call it directly. Help asked for (-h,
// --help, help [COMMAND]) goes to stdout and exits 0; usage shown because
// the command line is wrong goes to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return usageErrorf("a command is required")
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return nil
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return nil
		}
		args = []string{args[1], "-h"} // swapscout help quote = swapscout quote -h
	case "--version", "-version":
		args[0] = "version"
	}
	c, ok := commands[args[0]]
	if !ok {
		usage(stderr)
		return usageErrorf("unknown command %q", args[0])
	}
	err := c.run(ctx, args[1:], env{getenv: getenv, stdout: stdout, stderr: stderr})
	var hr *helpRequest
	if errors.As(err, &hr) {
		hr.fs.SetOutput(stdout)
		hr.fs.Usage()
		return nil
	}
	return err
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: swapscout COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nrun 'swapscout COMMAND -h' for a command's flags")
}

// version describes the build from what the Go toolchain recorded in the
// binary: the module version ("(devel)" for a build from a checkout) and,
// when built from a git checkout, the commit, its time and whether the tree
// had uncommitted changes.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "swapscout (no build information)"
	}
	v := "swapscout " + bi.Main.Version
	if bi.Main.Version == "" {
		v += "(unknown)"
	}
	set := map[string]string{}
	for _, s := range bi.Settings {
		set[s.Key] = s.Value
	}
	if c := set["vcs.revision"]; c != "" {
		v += " commit " + c
		if t := set["vcs.time"]; t != "" {
			v += " " + t
		}
		if set["vcs.modified"] == "true" {
			v += " (modified)"
		}
	}
	return v + " " + bi.GoVersion
}
