package board_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/board"
)

func sample() api.Board {
	m := int64(95)
	return api.Board{Instance: "example", At: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), WindowSeconds: 86400,
		Venues: []api.BoardVenue{{Venue: "changenow", Swaps: 10, Finished: 8, Refunded: 1, Held: 1, Timed: 8, MedianSeconds: &m, P90Seconds: &m,
			OnChain: 8, MedianDelivered: "0.998", P10Delivered: "0.8", ShortOnChain: 1, Unverified: 1}},
		Imported: []api.ImportedBoard{{PublicKey: "x"}}}
}

func key(t *testing.T) ed25519.PrivateKey {
	k, err := board.LoadKey(filepath.Join(t.TempDir(), "k", "board.key"), true)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestSignVerify: a signed board verifies, with its key trusted or not,
// and reads back as signed (imported boards are never re-published); a
// re-indented copy still verifies; a tampered copy, a swapped key, another
// trusted key and garbage are refused.
func TestSignVerify(t *testing.T) {
	k := key(t)
	doc, err := board.Sign(sample(), k)
	if err != nil {
		t.Fatal(err)
	}
	b, pub, err := board.Verify(doc, k.Public().(ed25519.PublicKey))
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if !pub.Equal(k.Public()) || b.Instance != "example" || len(b.Venues) != 1 || b.Venues[0].Unverified != 1 || b.Imported != nil {
		t.Fatalf("verified %+v", b)
	}
	var again bytes.Buffer
	json.Indent(&again, doc, "", "\t")
	if _, _, err := board.Verify(again.Bytes()); err != nil {
		t.Errorf("re-indented copy: %v", err)
	}
	tampered := []byte(strings.Replace(string(doc), `"unverified": 1`, `"unverified": 0`, 1))
	if bytes.Equal(tampered, doc) {
		t.Fatal("the test did not tamper with anything")
	}
	if _, _, err := board.Verify(tampered); !errors.Is(err, board.ErrSignature) {
		t.Errorf("tampered copy: %v; want ErrSignature", err)
	}
	other := key(t)
	if _, _, err := board.Verify(doc, other.Public().(ed25519.PublicKey)); !errors.Is(err, board.ErrUntrusted) {
		t.Errorf("another trusted key: %v; want ErrUntrusted", err)
	}
	var s board.Signed
	json.Unmarshal(doc, &s)
	s.PublicKey = board.PublicKeyString(other.Public().(ed25519.PublicKey))
	swapped, _ := json.Marshal(s)
	if _, _, err := board.Verify(swapped); !errors.Is(err, board.ErrSignature) {
		t.Errorf("swapped key: %v; want ErrSignature", err)
	}
	if _, _, err := board.Verify([]byte("{}")); !errors.Is(err, board.ErrFormat) {
		t.Errorf("empty document: %v; want ErrFormat", err)
	}
}

// TestImport: an imported board is kept and read back verified; a kept
// file changed on disk is left out and said.
func TestImport(t *testing.T) {
	k := key(t)
	doc, _ := board.Sign(sample(), k)
	dir := filepath.Join(t.TempDir(), board.Dir)
	if _, err := board.Import(dir, doc, key(t).Public().(ed25519.PublicKey)); !errors.Is(err, board.ErrUntrusted) {
		t.Fatalf("import with another key: %v", err)
	}
	if _, err := board.Import(dir, doc, k.Public().(ed25519.PublicKey)); err != nil {
		t.Fatal(err)
	}
	got, bad, err := board.LoadImported(dir)
	if err != nil || len(bad) != 0 || len(got) != 1 || got[0].Instance != "example" || got[0].PublicKey != board.PublicKeyString(k.Public().(ed25519.PublicKey)) {
		t.Fatalf("LoadImported = %+v, %v, %v", got, bad, err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	b, _ := json.Marshal(board.Signed{Format: board.Format, Board: json.RawMessage(`{"venues":[]}`), PublicKey: got[0].PublicKey, Signature: "AAAA"})
	writeFile(t, files[0], b)
	if got, bad, _ := board.LoadImported(dir); len(got) != 0 || len(bad) != 1 {
		t.Errorf("a changed file: %d boards, bad %v", len(got), bad)
	}
}

// TestSignedGroups: the per pair and bracket lines are part of what is
// signed: they read back as published, and a moved bracket is refused.
func TestSignedGroups(t *testing.T) {
	k := key(t)
	b := sample()
	b.Groups = []api.BoardGroup{{From: api.BoardAsset{Ticker: "btc", Network: "btc"}, To: api.BoardAsset{Ticker: "eth", Network: "eth"},
		Bracket: "1k-10k", BoardVenue: api.BoardVenue{Venue: "changenow", Swaps: 6, Finished: 6, OnChain: 6, MedianDelivered: "0.97", P10Delivered: "0.9"}}}
	doc, err := board.Sign(b, k)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := board.Verify(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Groups) != 1 || got.Groups[0].Bracket != "1k-10k" || got.Groups[0].From.Ticker != "btc" || got.Groups[0].MedianDelivered != "0.97" {
		t.Fatalf("groups read back: %+v", got.Groups)
	}
	tampered := []byte(strings.Replace(string(doc), `"bracket": "1k-10k"`, `"bracket": "<100"`, 1))
	if bytes.Equal(tampered, doc) {
		t.Fatal("the test did not tamper with anything")
	}
	if _, _, err := board.Verify(tampered); !errors.Is(err, board.ErrSignature) {
		t.Errorf("moved bracket: %v; want ErrSignature", err)
	}
}
