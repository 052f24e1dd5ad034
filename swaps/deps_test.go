package swaps_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/swapscout/swapscout"

// banned are the layers the swap side never reaches, directly or through
// another package: the transports (the service knows nothing of HTTP), the
// wiring, and the venues' simulator.
var banned = []string{"httpapi", "httpserver", "web", "cmd", "sim", "hostile"}

// TestSwapSideFences: no package under swaps/ imports a transport, the
// wiring or the simulator, however far down the import runs (the swap
// service is called by the API, never the reverse).
func TestSwapSideFences(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		pkgs = append(pkgs, filepath.ToSlash(filepath.Join("swaps", path)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	deps := map[string][]string{} // package dir (module-relative) → module packages it imports
	var imports func(dir string) []string
	imports = func(dir string) []string {
		if got, ok := deps[dir]; ok {
			return got
		}
		deps[dir] = nil // cycles are the compiler's business
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		var out []string
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if rel, ok := strings.CutPrefix(p, module+"/"); ok {
					out = append(out, rel)
				}
			}
		}
		deps[dir] = out
		return out
	}
	for _, pkg := range pkgs {
		// Walk pkg's imports, keeping the path that reached each.
		via := map[string]string{pkg: pkg}
		queue := []string{pkg}
		for len(queue) > 0 {
			dir := queue[0]
			queue = queue[1:]
			for _, dep := range imports(dir) {
				if _, seen := via[dep]; seen {
					continue
				}
				via[dep] = via[dir] + " → " + dep
				queue = append(queue, dep)
				for _, b := range banned {
					if dep == b || strings.HasPrefix(dep, b+"/") {
						t.Errorf("%s imports %s", pkg, via[dep])
					}
				}
			}
		}
	}
	if len(pkgs) < 6 {
		t.Errorf("found %d packages under swaps/: %v", len(pkgs), pkgs)
	}
}
