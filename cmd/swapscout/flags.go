package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
)

// parsePositional is parseArgs for a command that takes exactly n
// positionals: with another count it prints the usage and returns need, the
// message that says what the command needs ("track needs the swap's id, …").
func parsePositional(fs *flag.FlagSet, args []string, n int, need string) ([]string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) != n {
		fs.Usage()
		return nil, errors.New(need)
	}
	return pos, nil
}

// parseTrade is parsePositional for FROM TO AMOUNT (quote, swap), refusing
// an AMOUNT that reads as zero or negative; one that does not read at all
// is left to the quote request, which says why.
func parseTrade(fs *flag.FlagSet, args []string, need string) ([]string, error) {
	pos, err := parsePositional(fs, args, 3, need)
	if err != nil {
		return nil, err
	}
	if a, err := swapscout.ParseAmount(pos[2]); err == nil && a.Sign() <= 0 {
		return nil, fmt.Errorf("amount must be positive, got %s", pos[2])
	}
	return pos, nil
}

// parseArgs parses flags that may appear before, between or after positional
// arguments ("quote btc eth 0.1 --sim") and returns the positionals. A
// negative number ("quote btc eth -1") is a positional, not a flag, unless it
// is the value of the flag before it ("--seed -5").
//
// -h and --help end the command with a *helpRequest (run prints the
// command's usage on stdout and exits 0); a flag that does not parse ends it
// with a usageError (exit 2) that says where the flags are listed. The flag
// package prints nothing itself: every message reaches the user once.
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, err error) {
	if p, ok := fs.Output().(*flagProbe); ok {
		p.sets = append(p.sets, fs)
		return nil, errProbed
	}
	if afterParse != nil {
		defer func() {
			if err == nil {
				err = afterParse(fs, pos)
			}
		}()
	}
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
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
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs: fs}
			}
			return nil, usageErrorf("%v ('swapscout %s -h' lists its flags)", err, fs.Name())
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

// helpRequest is -h or --help given to a command: run prints fs's usage on
// standard output, and the command exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string        { return "help requested" }
func (h *helpRequest) Is(target error) bool { return target == flag.ErrHelp }

// usageError is a command line that cannot be read (an unknown command or
// flag, a flag's bad value): exit status 2, as the flag package's own.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// flagProbe, given as a command's stderr, makes the command stop at its
// parseArgs with errProbed, having registered every flag and done nothing
// else: completion reads the real flag sets this way.
type flagProbe struct{ sets []*flag.FlagSet }

func (*flagProbe) Write(p []byte) (int, error) { return len(p), nil }

var errProbed = errors.New("flags probed")

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

// newFlagSet returns a command's flag set. Its usage goes to stderr when
// the command is used wrongly (fs.Usage), and to standard output when it is
// asked for with -h (see helpRequest).
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printUsage(fs.Output(), fs, usage) }
	return fs
}

// printUsage writes "usage: swapscout USAGE" and fs's flags: the command's
// own first, then each group of flags shared with other commands under its
// heading (the simulator's knobs, the swap database's, the service's), so a
// user's options are not lost among twenty simulator knobs.
func printUsage(w io.Writer, fs *flag.FlagSet, usage string) {
	fmt.Fprintf(w, "usage: swapscout %s\n", usage)
	groups := flagGroups()
	sections := make([][]*flag.Flag, len(groups)+1)
	fs.VisitAll(func(f *flag.Flag) {
		i := 0
		for j, g := range groups {
			if g.names[f.Name] && !g.unless[fs.Name()] {
				i = j + 1
				break
			}
		}
		sections[i] = append(sections[i], f)
	})
	for i, flags := range sections {
		if len(flags) == 0 {
			continue
		}
		title := "flags"
		if i > 0 {
			title = groups[i-1].title
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, f := range flags {
			printFlag(w, f)
		}
	}
}

// printFlag writes one flag as "--name type", its usage below, and its
// default unless it is the zero value or the usage already states one.
func printFlag(w io.Writer, f *flag.Flag) {
	typ, usage := flag.UnquoteUsage(f)
	line := "  --" + f.Name
	if typ != "" {
		line += " " + typ
	}
	fmt.Fprintln(w, line)
	if !isZeroDefault(f.DefValue) && !strings.Contains(usage, "default") {
		if g, ok := f.Value.(flag.Getter); ok && isString(g.Get()) {
			usage += fmt.Sprintf(" (default %q)", f.DefValue)
		} else {
			usage += " (default " + f.DefValue + ")"
		}
	}
	fmt.Fprintf(w, "      %s\n", strings.ReplaceAll(usage, "\n", "\n      "))
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

func isZeroDefault(v string) bool {
	switch v {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// flagGroup is a set of flags registered by one shared helper, shown under
// its own heading in every command that has them, except the commands
// in unless (whose purpose they are).
type flagGroup struct {
	title  string
	names  map[string]bool
	unless map[string]bool
}

// flagGroups are the shared flag sets, named from their real registration.
var flagGroups = sync.OnceValue(func() []flagGroup {
	names := func(register func(*flag.FlagSet)) map[string]bool {
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		register(fs)
		m := map[string]bool{}
		fs.VisitAll(func(f *flag.Flag) { m[f.Name] = true })
		return m
	}
	return []flagGroup{
		{title: "service options (logging, limits, metrics)", names: names(func(fs *flag.FlagSet) { new(serviceFlags).register(fs, noEnv) })},
		{title: "swap database options", names: names(func(fs *flag.FlagSet) { new(dbFlags).register(fs, noEnv) })},
		{title: "simulator options (for quote: with --sim)",
			names: names(func(fs *flag.FlagSet) { new(simKnobs).register(fs) }), unless: map[string]bool{"sim": true}},
	}
})

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
