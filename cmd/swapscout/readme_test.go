package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// repoRoot is the repository's root, two directories above this package.
const repoRoot = "../.."

// readmeCommands returns the swapscout command lines of README.md's fenced
// shell blocks, as argument lists without the program name.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds [][]string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "```"):
			in = !in && (line == "```sh" || line == "```bash" || line == "```shell")
			continue
		case !in:
			continue
		}
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		for _, prefix := range []string{"./swapscout ", "swapscout ", "go run ./cmd/swapscout "} {
			if rest, ok := strings.CutPrefix(line, prefix); ok {
				cmds = append(cmds, strings.Fields(rest))
			}
		}
	}
	if len(cmds) < 5 {
		t.Fatalf("found only %d swapscout commands in README.md", len(cmds))
	}
	return cmds
}

var errParsed = errors.New("parsed")

// TestReadmeCommands: every swapscout command line README shows parses with
// the real flag sets, and every --flag README names anywhere is a flag of
// some command. The lines that need no internet and end by themselves (the
// simulator's quotes, venues, version) also run.
func TestReadmeCommands(t *testing.T) {
	flagsOf := map[string]*flag.FlagSet{}
	afterParse = func(fs *flag.FlagSet, _ []string) error {
		flagsOf[fs.Name()] = fs
		return errParsed
	}
	for name := range commands {
		if name == "version" {
			continue
		}
		if err := run(context.Background(), []string{name}, noEnv, &syncBuffer{}, &syncBuffer{}); !errors.Is(err, errParsed) {
			t.Errorf("%s: %v before its flags were parsed", name, err)
		}
	}
	cmds := readmeCommands(t)
	for _, args := range cmds {
		var errOut syncBuffer
		err := run(context.Background(), args, noEnv, &syncBuffer{}, &errOut)
		if args[0] != "version" && !errors.Is(err, errParsed) {
			t.Errorf("README's `swapscout %s` does not parse: %v %s", strings.Join(args, " "), err, errOut.String())
		}
	}
	afterParse = nil

	// Flags named in prose, tables and blocks alike.
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?:^|[\\s`(])--([a-z][a-z-]*)").FindAllStringSubmatch(string(b), -1) {
		found := false
		for _, fs := range flagsOf {
			found = found || fs.Lookup(m[1]) != nil
		}
		if !found && m[1] != "version" && m[1] != "help" {
			t.Errorf("README names --%s, which no command has", m[1])
		}
	}

	if testing.Short() {
		return
	}
	for _, args := range cmds {
		switch {
		case hasSim(args):
			args = append(slices.Clone(args), "--walk=0")
		case args[0] != "venues" && args[0] != "version":
			continue // needs the internet, or serves until stopped
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		var out, errOut syncBuffer
		err := run(ctx, args, noEnv, &out, &errOut)
		cancel()
		if err != nil || out.String() == "" {
			t.Errorf("README's `swapscout %s`: %v\n%s", strings.Join(args, " "), err, errOut.String())
		}
	}
}

func hasSim(args []string) bool {
	for _, a := range args {
		if a == "--sim" {
			return true
		}
	}
	return false
}

// TestDocsStandAlone: the Markdown files point nowhere outside the
// repository and use no words that only make sense to the people who wrote
// them (work sessions, seed numbers, "the research", machine paths).
func TestDocsStandAlone(t *testing.T) {
	banned := regexp.MustCompile(`(?i)\.\./shared|\bthe research\b|\bresearch [AB][0-9]|\bseed [0-9]{3}\b|\bseed's\b|\b(this|a later|an earlier|next) session\b|/(work|root)/|code index|pages corpus|search tool`)
	var files []string
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if len(files) < 10 {
		t.Fatalf("found only %d Markdown files", len(files))
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := banned.FindString(line); m != "" {
				rel, _ := filepath.Rel(repoRoot, p)
				t.Errorf("%s:%d: %q only makes sense inside the team: %s", rel, i+1, m, strings.TrimSpace(line))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "docs", "venues.md")); err != nil {
		t.Error(err)
	}
}
