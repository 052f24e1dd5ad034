package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/board"
)

// boardKeyFile is the board signing key's file in the data directory.
const boardKeyFile = "board.key"

// runBoard publishes, checks and imports signed outcome boards (package
// board does the signing and checking).
func runBoard(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("board", "board export|verify|import [flags] [FILE]", e.stderr)
	server := fs.String("server", envOr(e.getenv, "SWAPSCOUT_SERVER", defaultServer), "export: the server whose board is signed (env SWAPSCOUT_SERVER)")
	dataDir := fs.String("data-dir", envOr(e.getenv, "SWAPSCOUT_DATA_DIR", defaultDataDir(e.getenv)), "where the signing key (board.key) and imported boards (boards/) are kept (env SWAPSCOUT_DATA_DIR)")
	keyFile := fs.String("key", envOr(e.getenv, "SWAPSCOUT_BOARD_KEY", ""), "export: the Ed25519 signing key file, created when missing (env SWAPSCOUT_BOARD_KEY; default DATA_DIR/board.key)")
	trust := fs.String("trust", "", "verify, import: the publisher's public key (base64) to trust; verify without it checks the signature against the key the document names")
	name := fs.String("name", envOr(e.getenv, "SWAPSCOUT_BOARD_NAME", ""), "export: the name the board is published under (env SWAPSCOUT_BOARD_NAME)")
	out := fs.String("o", "", "export: write the signed board to this file instead of stdout")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageErrorf("board needs export, verify or import")
	}
	switch pos[0] {
	case "export":
		if len(pos) != 1 {
			return usageErrorf("board export takes no argument")
		}
		path := *keyFile
		if path == "" {
			if *dataDir == "" {
				return errors.New("board export: give --key or --data-dir for the signing key")
			}
			path = filepath.Join(*dataDir, boardKeyFile)
		}
		key, err := board.LoadKey(path, true)
		if err != nil {
			return err
		}
		b, err := api.NewClient(*server).Board(ctx)
		if err != nil {
			return fmt.Errorf("board export: %w", err)
		}
		if *name != "" {
			b.Instance = *name
		}
		doc, err := board.Sign(*b, key)
		if err != nil {
			return err
		}
		pub := board.PublicKeyString(key.Public().(ed25519.PublicKey))
		if *out != "" {
			if err := os.WriteFile(*out, doc, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "signed board of %d venues written to %s\n", len(b.Venues), *out)
		} else if _, err := e.stdout.Write(doc); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "public key (give it to whoever imports this board): %s\n", pub)
		return nil
	case "verify", "import":
		if len(pos) != 2 {
			return usageErrorf("usage: board %s FILE", pos[0])
		}
		doc, err := os.ReadFile(pos[1])
		if err != nil {
			return err
		}
		var trusted []ed25519.PublicKey
		if *trust != "" {
			k, err := board.ParsePublicKey(*trust)
			if err != nil {
				return fmt.Errorf("--trust: %w", err)
			}
			trusted = append(trusted, k)
		}
		if pos[0] == "import" {
			if len(trusted) == 0 {
				return usageErrorf("board import needs --trust: the publisher's public key")
			}
			if *dataDir == "" {
				return errors.New("board import: give --data-dir")
			}
			b, err := board.Import(filepath.Join(*dataDir, board.Dir), doc, trusted[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "imported the board of %s (%d venues); a server on this data directory shows it from its next start\n", orWord(b.Instance, "an unnamed instance"), len(b.Venues))
			return nil
		}
		b, pub, err := board.Verify(doc, trusted...)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "ok: the board of %s, computed %s, %d venues, signed by %s\n", orWord(b.Instance, "an unnamed instance"),
			b.At.UTC().Format("2006-01-02 15:04 UTC"), len(b.Venues), board.PublicKeyString(pub))
		return nil
	}
	return usageErrorf("board needs export, verify or import, not %q", strings.TrimSpace(pos[0]))
}

func orWord(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
