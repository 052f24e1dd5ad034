package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/swapscout/swapscout/venue/all"
)

// deployCommands returns the swapscout command lines of the deployment
// files (deploy/): the compose file's services on the swapscout image, the
// systemd unit's ExecStart, the Containerfile's default command.
func deployCommands(t *testing.T) map[string][]string {
	t.Helper()
	cmds := map[string][]string{}
	read := func(path string) []byte {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(repoRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, f := range []string{"compose.yaml", "compose.sim.yaml"} {
		var c struct {
			Services map[string]struct {
				Image   string
				Command []string
			}
		}
		if err := yaml.Unmarshal(read("deploy/compose/"+f), &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for name, s := range c.Services {
			if strings.HasPrefix(s.Image, "localhost/swapscout") {
				cmds[f+" "+name] = s.Command
			}
		}
	}
	exec := regexp.MustCompile(`(?m)^ExecStart=/usr/local/bin/swapscout (.*)$`).FindSubmatch(read("deploy/systemd/swapscout.service"))
	if exec == nil {
		t.Fatal("swapscout.service runs no /usr/local/bin/swapscout")
	}
	cmds["swapscout.service"] = strings.Fields(string(exec[1]))
	cmd := regexp.MustCompile(`(?m)^CMD (\[.*\])$`).FindSubmatch(read("deploy/container/Containerfile"))
	var args []string
	if cmd == nil || json.Unmarshal(cmd[1], &args) != nil {
		t.Fatal("the Containerfile has no CMD [...]")
	}
	cmds["Containerfile"] = args
	return cmds
}

// TestDeployCommands: every swapscout command line in the deployment files
// names a command and flags that exist (parsed with the real flag sets),
// and every SWAPSCOUT_ variable they set is one swapscout reads: a flag's
// environment variable or secret, or a venue's key.
func TestDeployCommands(t *testing.T) {
	read := map[string]bool{}
	getenv := func(k string) string { read[k] = true; return "" }
	afterParse = func(*flag.FlagSet, []string) error { return errParsed }
	defer func() { afterParse = nil }()
	cmds := deployCommands(t)
	if len(cmds) < 5 {
		t.Fatalf("found %d command lines: %v", len(cmds), cmds)
	}
	for where, args := range cmds {
		if len(args) == 0 {
			t.Errorf("%s: no command", where)
			continue
		}
		if _, ok := commands[args[0]]; !ok {
			t.Errorf("%s: swapscout has no command %q", where, args[0])
			continue
		}
		var errOut syncBuffer
		if err := run(context.Background(), args, getenv, &syncBuffer{}, &errOut); !errors.Is(err, errParsed) {
			t.Errorf("%s: `swapscout %s` does not parse: %v %s", where, strings.Join(args, " "), err, errOut.String())
		}
	}

	venues := map[string]bool{}
	for _, d := range all.Descriptors {
		venues[strings.ToUpper(d.ID)] = true
	}
	venueKey := regexp.MustCompile(`^SWAPSCOUT_([A-Z0-9]+)_(API_KEY|API_SECRET|AFFILIATE_ID)$`)
	for _, path := range []string{"deploy/compose/compose.yaml", "deploy/compose/compose.sim.yaml", "deploy/compose/swapscout.env.example", "deploy/systemd/swapscout.service",
		"deploy/systemd/swapscout.env.example", "deploy/container/Containerfile"} {
		b, err := os.ReadFile(filepath.Join(repoRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		names := regexp.MustCompile(`\bSWAPSCOUT_[A-Z0-9_]+`).FindAllString(string(b), -1)
		slices.Sort(names)
		for _, name := range slices.Compact(names) {
			if m := venueKey.FindStringSubmatch(name); m != nil {
				if !venues[m[1]] {
					t.Errorf("%s: %s names no venue", path, name)
				}
			} else if !read[name] {
				t.Errorf("%s: swapscout serve reads no %s", path, name)
			}
		}
	}
}
