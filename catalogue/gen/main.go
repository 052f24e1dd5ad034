// Command gen builds the catalogue snapshot from the recorded venue lists
// under catalogue/testdata and writes it as JSON (go generate ./catalogue).
// Entries that cannot be mapped are printed to stderr and counted in the
// snapshot's sources, never guessed.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
)

func main() {
	out := flag.String("out", "assets_snapshot.json", "file to write")
	dir := flag.String("testdata", "testdata", "directory of the recorded lists")
	date := flag.String("date", "", "date of the snapshot (YYYY-MM-DD), written into it")
	flag.Parse()
	if err := run(*dir, *out, *date); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir, out, date string) error {
	lists, err := catalogue.Load(os.DirFS(dir))
	if err != nil {
		return err
	}
	snap := catalogue.Snapshot(lists, date)
	for _, l := range lists {
		for _, u := range l.Unmapped {
			fmt.Fprintln(os.Stderr, "unmapped:", u)
		}
	}
	b, err := json.MarshalIndent(snap, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Clean(out), append(b, '\n'), 0o644); err != nil {
		return err
	}
	multi := 0
	for _, a := range snap.Assets {
		if len(a.Listings) >= 2 {
			multi++
		}
	}
	fmt.Fprintf(os.Stderr, "%d asset-networks, %d listed by two or more venues\n", len(snap.Assets), multi)
	_ = swapscout.Assets
	return nil
}
