// Package board publishes and verifies outcome boards: an operator signs
// its instance's board (GET /v1/board) with an Ed25519 key, so anyone can
// check that a copy is the one it published, and another instance can
// import boards from the instances it trusts and show them apart from its
// own. A board holds counts and ratios only: no address, amount or
// transaction of any person.
//
// A signed board is a JSON document:
//
//	{"format":"swapscout-board/1","board":{…},"public_key":"BASE64","signature":"BASE64"}
//
// The signature is Ed25519 over "swapscout-board/1\n" followed by the
// board's JSON in compact form (insignificant whitespace removed), so a
// copy re-indented by a tool still verifies and a changed figure does not.
package board

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swapscout/swapscout/api"
)

// Format names the signed document's format and version.
const Format = "swapscout-board/1"

// Signed is a signed board as published.
type Signed struct {
	Format    string          `json:"format"`
	Board     json.RawMessage `json:"board"`
	PublicKey string          `json:"public_key"`
	Signature string          `json:"signature"`
}

// Errors of Verify.
var (
	ErrFormat    = errors.New("board: not a signed swapscout board")
	ErrSignature = errors.New("board: the signature does not match the board (changed or forged)")
	ErrUntrusted = errors.New("board: signed with a key that is not the one trusted")
)

func message(board []byte) ([]byte, error) {
	var c bytes.Buffer
	if err := json.Compact(&c, board); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	return append([]byte(Format+"\n"), c.Bytes()...), nil
}

// Sign signs b with key: the published document, indented for people.
// Imported boards are never re-published: they are left out.
func Sign(b api.Board, key ed25519.PrivateKey) ([]byte, error) {
	b.Imported = nil
	raw, err := api.AppendBoard(nil, b)
	if err != nil {
		return nil, err
	}
	msg, err := message(raw)
	if err != nil {
		return nil, err
	}
	doc := Signed{Format: Format, Board: bytes.TrimSpace(raw),
		PublicKey: base64.StdEncoding.EncodeToString(key.Public().(ed25519.PublicKey)),
		Signature: base64.StdEncoding.EncodeToString(ed25519.Sign(key, msg))}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// Verify checks a signed board document and returns the board and the key
// it was signed with. With trusted keys given, the key must be one of
// them (ErrUntrusted otherwise); without, any key that verifies does (the
// caller then says whose it is).
func Verify(doc []byte, trusted ...ed25519.PublicKey) (*api.Board, ed25519.PublicKey, error) {
	var s Signed
	if err := json.Unmarshal(doc, &s); err != nil || s.Format != Format || len(s.Board) == 0 {
		return nil, nil, ErrFormat
	}
	pub, err := ParsePublicKey(s.PublicKey)
	if err != nil {
		return nil, nil, err
	}
	sig, err := base64.StdEncoding.DecodeString(s.Signature)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, nil, ErrSignature
	}
	msg, err := message(s.Board)
	if err != nil {
		return nil, nil, err
	}
	if !ed25519.Verify(pub, msg, sig) {
		return nil, nil, ErrSignature
	}
	if len(trusted) > 0 {
		ok := false
		for _, k := range trusted {
			ok = ok || k.Equal(pub)
		}
		if !ok {
			return nil, nil, ErrUntrusted
		}
	}
	b, err := api.DecodeBoard(s.Board)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	b.Imported = nil // a signed board carries none
	return b, pub, nil
}

// ParsePublicKey reads a base64 Ed25519 public key.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	k, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("board: %q is not a base64 Ed25519 public key", clip(s))
	}
	return ed25519.PublicKey(k), nil
}

// PublicKeyString writes a public key as Verify and ParsePublicKey read it.
func PublicKeyString(k ed25519.PublicKey) string { return base64.StdEncoding.EncodeToString(k) }

// LoadKey reads the signing key at path (the base64 of its 32-byte seed),
// creating one (mode 0600, its directory 0700) when the file does not
// exist and create is set.
func LoadKey(path string, create bool) (ed25519.PrivateKey, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && create {
		seed := make([]byte, ed25519.SeedSize)
		rand.Read(seed)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("board key: %w", err)
		}
		if err := os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(seed)+"\n"), 0o600); err != nil {
			return nil, fmt.Errorf("board key: %w", err)
		}
		return ed25519.NewKeyFromSeed(seed), nil
	} else if err != nil {
		return nil, fmt.Errorf("board key: %w", err)
	}
	seed, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("board key %s: not the base64 of a 32-byte Ed25519 seed", filepath.Base(path))
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// Dir is where an instance keeps the boards it imported: one verified
// document per publisher key, under its data directory.
const Dir = "boards"

// Import verifies doc against the trusted key and keeps it in dir (one
// file per publisher: a newer board replaces the older); it returns the
// board.
func Import(dir string, doc []byte, trusted ed25519.PublicKey) (*api.Board, error) {
	b, pub, err := Verify(doc, trusted)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	name := strings.NewReplacer("/", "_", "+", "-", "=", "").Replace(PublicKeyString(pub)) + ".json"
	if err := os.WriteFile(filepath.Join(dir, name), doc, 0o600); err != nil {
		return nil, err
	}
	return b, nil
}

// LoadImported reads and verifies every board kept in dir; a document that
// no longer verifies (changed on disk) is left out and reported in bad.
func LoadImported(dir string) (boards []api.ImportedBoard, bad []string, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, nil, err
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			bad = append(bad, filepath.Base(f)+": "+err.Error())
			continue
		}
		b, pub, err := Verify(doc)
		if err != nil {
			bad = append(bad, filepath.Base(f)+": "+err.Error())
			continue
		}
		boards = append(boards, api.ImportedBoard{Board: *b, PublicKey: PublicKeyString(pub)})
	}
	return boards, bad, nil
}

func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
