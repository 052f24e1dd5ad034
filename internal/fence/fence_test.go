package fence

import (
	"os"
	"os/exec"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The module's import graph, read once per test binary: each package's
// direct imports, production files only (tests may reach further).
func moduleGraph(t *testing.T) Graph {
	t.Helper()
	out, err := exec.Command("go", "-C", "../..", "list", "-e", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	g := Graph{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, "|")
		pkg = strings.TrimPrefix(strings.TrimPrefix(pkg, Module), "/")
		if pkg == "" {
			pkg = "."
		}
		g[pkg] = strings.Fields(imports)
	}
	return g
}

// TestFences: the imports of the whole module run one way (transports →
// services → engine, stores, venues), and the simulator stays beside the
// product. Every rule of Rules is checked against the real graph.
func TestFences(t *testing.T) {
	g := moduleGraph(t)
	if len(g) < 50 {
		t.Fatalf("go list found %d packages; the fence would check nothing", len(g))
	}
	for _, v := range Check(g, Rules) {
		t.Error(v)
	}
}

// TestServerLinksNoTesting: the binary carries no test helper (a package
// meant for tests that a production package imported by mistake).
func TestServerLinksNoTesting(t *testing.T) {
	out, err := exec.Command("go", "-C", "../..", "list", "-deps", "./cmd/swapscout").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "testing" || strings.HasSuffix(p, "/internal/tier") || strings.HasSuffix(p, "test") && strings.HasPrefix(p, Module) {
			t.Errorf("cmd/swapscout links %s", p)
		}
	}
}

// TestEveryRuleBites: each rule fails on a graph that breaks it, so a typo
// in a pattern cannot leave a fence open.
func TestEveryRuleBites(t *testing.T) {
	bad := map[string]Graph{
		"adapters never import the simulator":                 {"venue/exolix": {Module + "/sim/exolix"}},
		"adapters never import the engine or the services":    {"venue/exolix": {Module + "/aggregate"}},
		"an adapter never imports another adapter":            {"venue/exolix": {Module + "/venue/changenow"}},
		"the swap side never imports a transport":             {"swaps/track": {Module + "/httpapi"}},
		"the quote service never imports a transport":         {"quotes": {Module + "/web"}},
		"the engine never imports a service or a transport":   {"aggregate": {Module + "/quotes"}},
		"the wire contract never imports a transport":         {"api": {Module + "/httpapi"}},
		"only the binary and the simulator use the simulator": {"httpapi": {Module + "/sim/hostile"}},
		"the domain imports nothing of the module":            {".": {Module + "/venue"}},
		"chain readers never import the swap side":            {"chain/esplora": {Module + "/swaps"}},
	}
	var names []string
	for _, r := range Rules {
		names = append(names, r.Name)
		g, ok := bad[r.Name]
		if !ok {
			t.Errorf("rule %q has no breaking graph here", r.Name)
			continue
		}
		// The broken package's own imports, plus every package it names
		// as present (so transitive reach is exercised too).
		if got := Check(g, []Rule{r}); len(got) == 0 {
			t.Errorf("rule %q does not fail on %v", r.Name, g)
		}
	}
	if len(names) != len(bad) {
		t.Errorf("%d rules, %d breaking graphs", len(names), len(bad))
	}
}

// TestTransitive: a fence holds through intermediaries.
func TestTransitive(t *testing.T) {
	g := Graph{
		"swaps":        {Module + "/swaps/helper"},
		"swaps/helper": {Module + "/httpapi"},
		"httpapi":      nil,
	}
	got := Check(g, Rules)
	sort.Strings(got)
	want := []string{
		"swaps imports httpapi (via swaps/helper): the swap side never imports a transport",
		"swaps/helper imports httpapi: the swap side never imports a transport",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("violations (-want +got):\n%s", diff)
	}
}

// TestReadmeLayout: README's Layout section names every package of the
// module (a `dir/<name>` entry covers a family), and names none that does
// not exist, as the OpenAPI document is held to the routes.
func TestReadmeLayout(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README has no ## Layout section")
	}
	layout, _, _ = strings.Cut(layout, "\n## ")
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z0-9][a-z0-9/<>]*)`").FindAllStringSubmatch(layout, -1) {
		named[strings.TrimSuffix(m[1], "/")] = true
	}
	g := moduleGraph(t)
	exists := map[string]bool{}
	for pkg := range g {
		exists[pkg] = true
		if pkg == "." || named[pkg] || named[path.Dir(pkg)+"/<name>"] {
			continue
		}
		t.Errorf("README's Layout does not name package %s", pkg)
	}
	for n := range named {
		if strings.Contains(n, "<name>") {
			if !exists[path.Dir(n)] && !strings.Contains(path.Dir(n), "<") {
				found := false
				for pkg := range g {
					found = found || path.Dir(pkg) == path.Dir(n)
				}
				if !found {
					t.Errorf("README's Layout names %s; no package is there", n)
				}
			}
			continue
		}
		if strings.Contains(n, "/") && !exists[n] || !strings.Contains(n, "/") && !exists[n] && isDir("../../"+n) {
			t.Errorf("README's Layout names %s, which is no package", n)
		}
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
