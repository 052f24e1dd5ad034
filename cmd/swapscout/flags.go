package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// parseArgs parses flags that may appear before, between or after positional
// arguments ("quote btc eth 0.1 --sim") and returns the positionals.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: swapscout %s\n\nflags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// kvDurations is a repeatable NAME=DURATION flag.
type kvDurations map[string]time.Duration

func (m kvDurations) String() string { return joinKV(m) }
func (m kvDurations) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want NAME=DURATION, got %q", s)
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return fmt.Errorf("bad duration in %q", s)
	}
	m[strings.ToLower(k)] = d
	return nil
}

// kvRates is a repeatable NAME=RATE flag with RATE in [0,1].
type kvRates map[string]float64

func (m kvRates) String() string { return joinKV(m) }
func (m kvRates) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want NAME=RATE, got %q", s)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		return fmt.Errorf("rate in %q must be between 0 and 1", s)
	}
	m[strings.ToLower(k)] = f
	return nil
}

func joinKV[V any](m map[string]V) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, m[k])
	}
	return strings.Join(parts, ",")
}

// envOr returns getenv(key) or def.
func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}
