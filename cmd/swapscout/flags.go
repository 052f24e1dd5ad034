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
// arguments ("quote btc eth 0.1 --sim") and returns the positionals. A
// negative number ("quote btc eth -1") is a positional, not a flag, unless it
// is the value of the flag before it ("--seed -5").
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, err error) {
	if afterParse != nil {
		defer func() {
			if err == nil {
				err = afterParse(fs, pos)
			}
		}()
	}
	for len(args) > 0 {
		// Parse up to the first negative number that is not a flag's value.
		cut := len(args)
		for i, a := range args {
			if a == "--" {
				break
			}
			if isNegativeNumber(a) && (i == 0 || !wantsValue(fs, args[i-1])) {
				cut = i
				break
			}
		}
		if err := fs.Parse(args[:cut]); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) > 0 && rest[0] == "--" {
			return append(append(pos, rest[1:]...), args[cut:]...), nil
		}
		if len(rest) > 0 {
			pos = append(pos, rest[0])
			args = append(rest[1:len(rest):len(rest)], args[cut:]...)
			continue
		}
		if cut < len(args) {
			pos = append(pos, args[cut])
			cut++
		}
		args = args[cut:]
	}
	return pos, nil
}

// afterParse, when set (by tests), sees every command's flag set and
// positionals once parsed; an error it returns ends the command there.
var afterParse func(fs *flag.FlagSet, pos []string) error

// isNegativeNumber reports whether s reads as a negative number ("-1", "-0.5", "-.5").
func isNegativeNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// wantsValue reports whether arg is a flag of fs that takes the next argument
// as its value: "--seed" (not "--seed=5", not a boolean flag).
func wantsValue(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(arg, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimPrefix(name, "-"))
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}

func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: swapscout %s\n", usage)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(stderr, "\nflags:")
			fs.PrintDefaults()
		}
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
