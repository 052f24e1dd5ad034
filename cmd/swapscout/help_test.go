package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestHelpOnStdout: help asked for (--help, -h, help, COMMAND -h, help
// COMMAND) is printed on stdout and exits 0 for every command; a command
// line that cannot be read exits 2 and says where the flags are listed.
func TestHelpOnStdout(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		out, errOut, err := runOut(t, nil, args...)
		if err != nil || exitCode(err) != 0 || !strings.HasPrefix(out, "usage: swapscout COMMAND") || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, exitCode(err), out, errOut)
		}
	}
	for name := range commands {
		for _, args := range [][]string{{name, "-h"}, {name, "--help"}, {"help", name}} {
			out, errOut, err := runOut(t, nil, args...)
			if err != nil || !strings.HasPrefix(out, "usage: swapscout "+name) || errOut != "" {
				t.Errorf("%v: %v, stdout %q, stderr %q", args, err, out, errOut)
			}
		}
	}
	_, errOut, err := runOut(t, nil, "quote", "btc", "eth", "1", "--bogus")
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "'swapscout quote -h' lists its flags") || errOut != "" {
		t.Errorf("an unknown flag: exit %d, %v, stderr %q", exitCode(err), err, errOut)
	}
	_, errOut, err = runOut(t, nil)
	if exitCode(err) != 2 || !strings.HasPrefix(errOut, "usage: swapscout COMMAND") {
		t.Errorf("no command: exit %d, stderr %q", exitCode(err), errOut)
	}
	if _, _, err := runOut(t, nil, "frobnicate"); exitCode(err) != 2 {
		t.Errorf("an unknown command: exit %d (%v)", exitCode(err), err)
	}
}

// TestHelpSections: quote -h lists the user's flags first and the
// simulator's knobs under their own heading; no help prints a default twice.
func TestHelpSections(t *testing.T) {
	out, _, _ := runOut(t, nil, "quote", "-h")
	user, knobs, ok := strings.Cut(out, "\nsimulator options")
	if !ok {
		t.Fatalf("quote -h has no simulator section:\n%s", out)
	}
	var k simKnobs
	k.register(flag.NewFlagSet("", flag.ContinueOnError))
	for name := range k.names {
		if strings.Contains(user, "--"+name+" ") || strings.Contains(user, "--"+name+"\n") || !strings.Contains(knobs, "--"+name) {
			t.Errorf("--%s is not in the simulator section alone", name)
		}
	}
	for _, name := range []string{"sim", "server", "venues", "receive", "fixed", "json"} {
		if !strings.Contains(user, "--"+name) {
			t.Errorf("--%s is not among quote's own flags", name)
		}
	}
	for name := range commands {
		out, _, _ := runOut(t, nil, name, "-h")
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "default") > 1 {
				t.Errorf("%s -h says its default twice: %s", name, strings.TrimSpace(line))
			}
		}
	}
}

// TestCompletion: each shell's script names every command and every flag of
// every command (read from the real flag sets), it parses in the shells
// installed here, and bash completes from it.
func TestCompletion(t *testing.T) {
	specs, err := commandSpecs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != len(commands) {
		t.Fatalf("%d commands completed, %d exist", len(specs), len(commands))
	}
	flags := map[string]bool{}
	for _, sh := range shells {
		out, _, err := runOut(t, nil, "completion", sh)
		if err != nil {
			t.Fatalf("completion %s: %v", sh, err)
		}
		for name := range commands {
			if !strings.Contains(out, name) {
				t.Errorf("%s script lacks the command %s", sh, name)
			}
			p := &flagProbe{}
			if err := commands[name].run(context.Background(), nil, env{getenv: noEnv, stdout: io.Discard, stderr: p}); !errors.Is(err, errProbed) {
				t.Fatalf("%s: %v", name, err)
			}
			block := completionBlock(sh, out, name)
			p.sets[0].VisitAll(func(f *flag.Flag) {
				flags[f.Name] = true
				want := "--" + f.Name
				if sh == "fish" {
					want = "-l " + f.Name + " "
				}
				if !strings.Contains(block, want) {
					t.Errorf("%s script lacks %s %s", sh, name, want)
				}
			})
		}
		if path, err := exec.LookPath(sh); err == nil {
			file := filepath.Join(t.TempDir(), "script")
			if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
				t.Fatal(err)
			}
			if b, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", sh, err, b)
			}
		} else {
			t.Logf("%s is not installed: its script's syntax is not checked", sh)
		}
	}
	for name := range flagValues() {
		if !flags[name] {
			t.Errorf("completion lists values for --%s, which no command has", name)
		}
	}
	if _, _, err := runOut(t, nil, "completion", "tcsh"); exitCode(err) != 2 {
		t.Errorf("completion tcsh: exit %d (%v)", exitCode(err), err)
	}

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	script, _, _ := runOut(t, nil, "completion", "bash")
	complete := func(words ...string) []string {
		t.Helper()
		sh := script + "\nCOMP_WORDS=(" + strings.Join(quoteAll(words), " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) +
			"\n_swapscout\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		b, err := exec.Command(bash, "-c", sh).Output()
		if err != nil {
			t.Fatalf("bash: %v", err)
		}
		got := strings.Fields(string(b))
		sort.Strings(got)
		return got
	}
	for _, c := range []struct {
		words []string
		want  []string
	}{
		{[]string{"swapscout", "ve"}, []string{"venues", "version"}},
		{[]string{"swapscout", "quote", "--cus"}, []string{"--custody"}},
		{[]string{"swapscout", "quote", "--custody", ""}, []string{"custodial", "non_custodial"}},
		{[]string{"swapscout", "quote", "xm"}, []string{"xmr", "xmx"}},
		{[]string{"swapscout", "serve", "--log-l"}, []string{"--log-level"}},
		{[]string{"swapscout", "completion", "z"}, []string{"zsh"}},
	} {
		if got := complete(c.words...); !slices.Equal(got, c.want) {
			t.Errorf("completing %q: %q, want %q", c.words, got, c.want)
		}
	}
}

// completionBlock is the part of a shell's script about one command: its
// case branch (bash, zsh), or its lines (fish).
func completionBlock(sh, script, name string) string {
	if sh == "fish" {
		var lines []string
		for _, l := range strings.Split(script, "\n") {
			if strings.Contains(l, "'__fish_seen_subcommand_from "+name+"'") {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "\n")
	}
	_, block, _ := strings.Cut(script, "\n  "+name+")\n")
	block, _, _ = strings.Cut(block, "\n    ;;")
	return block
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = "'" + w + "'"
	}
	return out
}

// TestQuoteExitCodes: a quote no venue gave an offer for exits 3, with the
// failures printed (as a table, or as JSON with --json); one with an offer
// exits 0.
func TestQuoteExitCodes(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		args := []string{"quote", "btc", "eth", "0.1", "--sim", "--walk", "0", "--venues", "kraken", "--venue-error-rate", "kraken=1"}
		if asJSON {
			args = append(args, "--json")
		}
		out, _, err := runOut(t, nil, args...)
		var no *noOffersError
		if !errors.As(err, &no) || exitCode(err) != 3 || !strings.Contains(out, "kraken") {
			t.Errorf("json %v: exit %d (%v), stdout %q; want 3 with kraken's failure shown", asJSON, exitCode(err), err, out)
		}
	}
	if out, _, err := runOut(t, nil, "quote", "btc", "eth", "0.1", "--sim", "--walk", "0", "--venues", "exolix"); err != nil || !strings.Contains(out, "exolix") {
		t.Errorf("a quote with an offer: %v\n%s", err, out)
	}
	if got := exitCode(&usageError{"x"}); got != 2 {
		t.Errorf("usage error exits %d", got)
	}
}
