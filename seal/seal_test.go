package seal_test

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/seal"
)

const (
	swapA = "aaaaaaaaaaaaaaaaaaaaaaaaaa"
	swapB = "bbbbbbbbbbbbbbbbbbbbbbbbbb"
)

var order = swapscout.OrderRef{ID: "ff-order-1", Secret: "tok3nS3CR3T"}

func TestRoundTrip(t *testing.T) {
	s := seal.New(seal.NewKey())
	stored, err := s.Seal(swapA, order)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stored, "tok3nS3CR3T") || !strings.HasPrefix(stored, "ff-order-1:sealed1.") || !seal.Sealed(stored) {
		t.Fatalf("stored %q", stored)
	}
	again, _ := s.Seal(swapA, order)
	if again == stored {
		t.Error("two seals of one secret are equal: the nonce is not fresh")
	}
	got, err := s.Open(swapA, stored)
	if err != nil || got != order {
		t.Fatalf("Open = %q, %v; want %q", got, err, order)
	}
	_, box, _ := strings.Cut(stored, ":")
	if _, err := s.Seal(swapA, swapscout.OrderRef{ID: order.ID, Secret: box}); err == nil {
		t.Error("sealing a sealed value twice was allowed")
	}
	if got := seal.Public(stored); got != (swapscout.OrderRef{ID: order.ID}) {
		t.Errorf("Public = %#v; want the id alone", got)
	}
}

// An order id holding a ':' reads back whole, sealed even without a secret
// when there is a key, marked plain without one.
func TestColonInID(t *testing.T) {
	s := seal.New(seal.NewKey())
	for _, ref := range []swapscout.OrderRef{{ID: "a:b"}, {ID: "a:b", Secret: "s:t"}} {
		stored, err := s.Seal(swapA, ref)
		if err != nil || !seal.Sealed(stored) || strings.Contains(stored, "s:t") {
			t.Fatalf("Seal(%+v) = %q, %v", ref, stored, err)
		}
		if got, err := s.Open(swapA, stored); err != nil || got.ID != ref.ID || got.Secret != ref.Secret {
			t.Errorf("Open(Seal(%s)) = %s, %v", ref.ID, got.ID, err)
		}
		if got := seal.Public(stored); got.ID != ref.ID || got.Secret != "" {
			t.Errorf("Public(Seal(%s)) = %s", ref.ID, got.ID)
		}
		var none *seal.Sealer
		stored, err = none.Seal(swapA, ref)
		if err != nil || seal.Sealed(stored) {
			t.Fatalf("nil Seal(%s) = %q, %v", ref.ID, stored, err)
		}
		if got, err := none.Open(swapA, stored); err != nil || got.ID != ref.ID || got.Secret != ref.Secret {
			t.Errorf("nil Open(Seal(%s)) = %s, %v", ref.ID, got.ID, err)
		}
	}
}

// Order ids without a secret, and ones written before sealing, are kept.
func TestPlain(t *testing.T) {
	s := seal.New(seal.NewKey())
	for _, id := range []string{"cn-123", "", "1234-Ethereum-5"} {
		if got, err := s.Seal(swapA, swapscout.OrderRef{ID: id}); err != nil || got != id {
			t.Errorf("Seal(%q) = %q, %v", id, got, err)
		}
		if got, err := s.Open(swapA, id); err != nil || got != (swapscout.OrderRef{ID: id}) {
			t.Errorf("Open(%q) = %#v, %v", id, got, err)
		}
	}
	const legacy = "ff-order-1:tok3nS3CR3T"
	if got, err := s.Open(swapA, legacy); err != nil || got != order {
		t.Errorf("Open of a legacy plain value = %#v, %v", got, err)
	}
	var none *seal.Sealer
	if got, _ := none.Seal(swapA, order); got != legacy {
		t.Errorf("nil Sealer sealed: %q", got)
	}
}

// The wrong key, another swap's id, another public id or altered bytes
// fail with ErrOpen, which never carries the stored value.
func TestOpenFails(t *testing.T) {
	s := seal.New(seal.NewKey())
	stored, _ := s.Seal(swapA, order)
	public, box, _ := strings.Cut(stored, ":")
	raw, _ := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(box, "sealed1."))
	raw[len(raw)-1] ^= 1
	for name, c := range map[string]struct {
		s            *seal.Sealer
		swap, stored string
		want         error
	}{
		"wrong key":      {seal.New(seal.NewKey()), swapA, stored, seal.ErrOpen},
		"other swap":     {s, swapB, stored, seal.ErrOpen},
		"other order id": {s, swapA, "ff-order-2:" + box, seal.ErrOpen},
		"altered":        {s, swapA, public + ":sealed1." + base64.RawURLEncoding.EncodeToString(raw), seal.ErrOpen},
		"truncated":      {s, swapA, public + ":sealed1.AAAA", seal.ErrOpen},
		"not base64":     {s, swapA, public + ":sealed1.***", seal.ErrOpen},
		"no key at all":  {nil, swapA, stored, seal.ErrNoKey},
	} {
		got, err := c.s.Open(c.swap, c.stored)
		if !errors.Is(err, c.want) || !got.IsZero() {
			t.Errorf("%s: Open = %#v, %v; want %v", name, got, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), box[:20]) {
			t.Errorf("%s: the error repeats the stored value: %v", name, err)
		}
	}
}

func TestParseKey(t *testing.T) {
	k := seal.NewKey()
	s := seal.New(k)
	stored, _ := s.Seal(swapA, order)
	raw := make([]byte, 32)
	for i := range raw {
		raw[i] = byte(i * 7)
	}
	forms := []string{hex.EncodeToString(raw), strings.ToUpper(hex.EncodeToString(raw)) + "\n",
		base64.StdEncoding.EncodeToString(raw), base64.RawURLEncoding.EncodeToString(raw), " " + base64.URLEncoding.EncodeToString(raw) + "\r\n"}
	var first string
	for i, f := range forms {
		k, err := seal.ParseKey(f)
		if err != nil {
			t.Fatalf("ParseKey(form %d): %v", i, err)
		}
		st, _ := seal.New(k).Seal(swapA, order)
		if i == 0 {
			first = st
		}
		// Every form is the same key: each opens the first's seal.
		if got, err := seal.New(k).Open(swapA, first); err != nil || got != order {
			t.Errorf("form %d is another key: %v", i, err)
		}
	}
	for _, bad := range []string{"", "abc", strings.Repeat("z", 64), hex.EncodeToString(raw[:16]), base64.StdEncoding.EncodeToString(append(raw, 1))} {
		if _, err := seal.ParseKey(bad); err == nil || (bad != "" && strings.Contains(err.Error(), bad)) {
			t.Errorf("ParseKey(%q) = %v", bad, err)
		}
	}
	_ = stored
	kr, _ := seal.ParseKey(hex.EncodeToString(raw))
	for _, verb := range []string{"%v", "%s", "%x", "%#v", "%+v", "%d"} {
		out := fmt.Sprintf(verb, kr)
		if strings.Contains(out, hex.EncodeToString(raw)[4:12]) || strings.Contains(out, "7 14 21") || strings.Contains(out, "[0 7") {
			t.Errorf("%s of a key shows %q", verb, out)
		}
	}
}

// TestKeyFile: made once with mode 0600, then read back the same; racing
// starts share one key.
func TestKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "secret.key")
	k1, created, err := seal.KeyFile(path)
	if err != nil || !created {
		t.Fatalf("first KeyFile = %v, %v", created, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v; want 0600", fi.Mode().Perm())
	}
	stored, _ := seal.New(k1).Seal(swapA, order)
	k2, created, err := seal.KeyFile(path)
	if err != nil || created {
		t.Fatalf("second KeyFile = %v, %v", created, err)
	}
	if got, err := seal.New(k2).Open(swapA, stored); err != nil || got != order {
		t.Errorf("the key read back is another: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("left files behind: %v", entries)
	}

	// Starts racing on an empty directory end with one key.
	path = filepath.Join(t.TempDir(), "secret.key")
	var wg sync.WaitGroup
	keys := make([]seal.Key, 8)
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, _, err := seal.KeyFile(path)
			if err != nil {
				t.Error(err)
			}
			keys[i] = k
		}()
	}
	wg.Wait()
	st, _ := seal.New(keys[0]).Seal(swapA, order)
	for i, k := range keys {
		if _, err := seal.New(k).Open(swapA, st); err != nil {
			t.Errorf("start %d has another key", i)
		}
	}

	// A file that is not a key is an error naming the file, not its text.
	bad := filepath.Join(t.TempDir(), "bad.key")
	os.WriteFile(bad, []byte("hunter2hunter2"), 0o600)
	if _, _, err := seal.KeyFile(bad); err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "bad.key") {
		t.Errorf("bad key file: %v", err)
	}
}

func BenchmarkSealOpen(b *testing.B) {
	s := seal.New(seal.NewKey())
	b.ReportAllocs()
	for b.Loop() {
		st, _ := s.Seal(swapA, order)
		if _, err := s.Open(swapA, st); err != nil {
			b.Fatal(err)
		}
	}
}
