package all_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/all"
)

// TestKindsMatchReadme: README's Venues table names every venue once, in
// the row of its kind, and each row names its kind as /v1/venues writes it
// ("non-custodial protocols (`protocol`)"): the kind a venue reports is the
// class README puts it in.
func TestKindsMatchReadme(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "\n## Venues\n")
	if !ok {
		t.Fatal("README has no Venues section")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	byName := map[string]swapscout.VenueKind{}
	for _, d := range all.Descriptors {
		byName[d.Name] = d.Kind
	}
	kindIn := regexp.MustCompile("`([a-z_]+)`")
	seen := map[string]bool{}
	for _, row := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(row, "| "), " | ")
		m := kindIn.FindStringSubmatch(cells[0])
		if len(cells) != 2 || m == nil {
			continue // the header and its rule
		}
		kind := swapscout.VenueKind(m[1])
		if !kind.Valid() {
			t.Errorf("README row %q: %q is not a venue kind", cells[0], kind)
		}
		for _, name := range strings.Split(withoutParens(cells[1]), ",") {
			name = strings.TrimSpace(name)
			got, ok := byName[name]
			switch {
			case !ok:
				t.Errorf("README names %q, which no descriptor is called", name)
			case got != kind:
				t.Errorf("%s reports kind %s; README lists it under %s", name, got, kind)
			}
			seen[name] = true
		}
	}
	for name := range byName {
		if !seen[name] {
			t.Errorf("README's Venues table does not list %s", name)
		}
	}
}

// withoutParens drops every parenthesised aside, nested ones included.
func withoutParens(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
