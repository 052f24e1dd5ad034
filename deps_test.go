package swapscout_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootImportsStdlibOnly keeps the domain package free of transports,
// drivers and third-party code (STYLE: dependency fences as tests).
func TestRootImportsStdlibOnly(t *testing.T) {
	banned := map[string]bool{"net/http": true, "database/sql": true, "net": true}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if strings.Contains(strings.Split(p, "/")[0], ".") || banned[p] {
				t.Errorf("%s imports %s; the root package may import only the standard library (no transports)", f, p)
			}
		}
	}
}

// TestPackageDocs fails when a package has no doc comment.
func TestPackageDocs(t *testing.T) {
	docs := map[string]bool{}
	dirs := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || path == "bench") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.Dir(path)
		dirs[dir] = true
		af, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if af.Doc != nil && strings.TrimSpace(af.Doc.Text()) != "" {
			docs[dir] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range dirs {
		if !docs[dir] {
			t.Errorf("package in %s has no doc comment", dir)
		}
	}
	_ = os.Getenv
}
