// Package fence states which packages of the module may import which, as
// one table, and checks an import graph against it: transports → services
// → engine, stores, venues, one direction, with the simulator beside the
// product, never under it. Its test reads the real graph (`go list`) and
// fails on any arrow that runs back.
package fence

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// Module is the module's import path.
const Module = "github.com/swapscout/swapscout"

// Graph maps a package (relative to the module, "." for the root) to its
// direct imports (full import paths, the standard library included).
type Graph map[string][]string

// Rule forbids packages matching From to reach, directly or through other
// packages of the module, a package matching To, unless it matches Allow.
// Patterns are path.Match patterns relative to the module; "x/..." matches
// x and everything under it.
type Rule struct {
	Name   string
	From   []string
	Except []string // packages matching From that the rule leaves alone
	To     []string
	Allow  []string
	// Sibling, when set, forbids a From package to reach another package
	// matching From (adapters importing adapters), kits in Allow aside.
	Sibling bool
}

var (
	adapters   = []string{"venue/*"}
	adapterKit = []string{"venue", "venue/cex", "venue/book", "venue/thornode", "venue/all", "venue/venuetest", "venue/cex/cextest"}
	transports = []string{"httpapi/...", "httpserver/...", "web/...", "cmd/..."}
)

// Rules is the module's fence table.
var Rules = []Rule{
	{Name: "adapters never import the simulator", From: []string{"venue/..."}, Except: []string{"venue/venuetest", "venue/cex/cextest"}, To: []string{"sim/..."}},
	{Name: "adapters never import the engine or the services", From: []string{"venue/..."}, Except: []string{"venue/venuetest", "venue/cex/cextest"},
		To: append([]string{"aggregate/...", "quotes/...", "swaps/...", "chainwatch/..."}, transports...)},
	{Name: "an adapter never imports another adapter", From: adapters, Except: adapterKit, Allow: adapterKit, Sibling: true},
	{Name: "the swap side never imports a transport", From: []string{"swaps/..."}, To: append([]string{"quotes/..."}, transports...)},
	{Name: "the quote service never imports a transport", From: []string{"quotes/..."}, To: append([]string{"swaps/..."}, transports...)},
	{Name: "the engine never imports a service or a transport", From: []string{"aggregate/..."}, To: append([]string{"quotes/...", "swaps/..."}, transports...)},
	{Name: "the wire contract never imports a transport", From: []string{"api/..."}, To: append([]string{"swaps/...", "quotes/...", "aggregate/..."}, transports...)},
	{Name: "only the binary and the simulator use the simulator", From: []string{"..."},
		Except: []string{"sim/...", "cmd/...", "bench/...", "venue/venuetest", "venue/cex/cextest", "internal/..."}, To: []string{"sim/..."}},
	{Name: "the domain imports nothing of the module", From: []string{"."}, To: []string{"..."}, Allow: []string{"."}},
	{Name: "chain readers never import the swap side", From: []string{"chain/...", "chainwatch/..."}, To: append([]string{"swaps/...", "quotes/...", "aggregate/...", "venue/*"}, transports...),
		Allow: []string{"venue/book", "venue/cex"}}, // the venue kit's HTTP helpers, not an adapter
}

// match reports whether pkg (relative, "." for the root) matches one of
// patterns.
func match(pkg string, patterns []string) bool {
	for _, p := range patterns {
		switch {
		case p == "...":
			return true
		case strings.HasSuffix(p, "/..."):
			base := strings.TrimSuffix(p, "/...")
			if pkg == base || strings.HasPrefix(pkg, base+"/") {
				return true
			}
		default:
			if ok, _ := path.Match(p, pkg); ok {
				return true
			}
		}
	}
	return false
}

// local turns an import path into the module-relative name ("" outside
// the module).
func local(imp string) string {
	switch {
	case imp == Module:
		return "."
	case strings.HasPrefix(imp, Module+"/"):
		return strings.TrimPrefix(imp, Module+"/")
	}
	return ""
}

// reach returns every module package from reaches (itself excluded), each
// with the first package it was reached through ("" when direct).
func reach(g Graph, from string) map[string]string {
	via := map[string]string{}
	type step struct{ pkg, first string }
	queue := []step{}
	for _, imp := range g[from] {
		if l := local(imp); l != "" {
			queue = append(queue, step{l, ""})
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if _, seen := via[s.pkg]; seen || s.pkg == from {
			continue
		}
		via[s.pkg] = s.first
		first := s.first
		if first == "" {
			first = s.pkg
		}
		for _, imp := range g[s.pkg] {
			if l := local(imp); l != "" {
				queue = append(queue, step{l, first})
			}
		}
	}
	return via
}

// Check returns every way g breaks rules, one line each, sorted.
func Check(g Graph, rules []Rule) []string {
	var out []string
	for pkg := range g {
		var reached map[string]string
		for _, r := range rules {
			if !match(pkg, r.From) || match(pkg, r.Except) {
				continue
			}
			if reached == nil {
				reached = reach(g, pkg)
			}
			for dep, first := range reached {
				bad := false
				if r.Sibling {
					bad = match(dep, r.From) && !match(dep, r.Allow)
				} else {
					bad = match(dep, r.To) && !match(dep, r.Allow)
				}
				if !bad {
					continue
				}
				line := fmt.Sprintf("%s imports %s: %s", pkg, dep, r.Name)
				if first != "" {
					line = fmt.Sprintf("%s imports %s (via %s): %s", pkg, dep, first, r.Name)
				}
				out = append(out, line)
			}
		}
	}
	sort.Strings(out)
	return out
}
