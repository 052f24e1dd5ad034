// Package seal keeps the secret part of a venue's order id out of the swap
// database. Some adapters keep a secret beside an order's id, after the
// first ':' of Swap.VenueOrderID (FixedFloat's order token; Quickex's
// payout address, which authorizes its status reads). A Sealer encrypts
// that part with AES-256-GCM before it is written and decrypts it when it is
// read back, so the database holds only ciphertext while the tracker's
// status polls see the real order id.
//
// The swap's id (and the order's public id) are the associated data: a
// sealed value copied into another record does not open there.
//
// A sealed order id keeps its public part readable, for operators and for
// what the API shows:
//
//	<public id>:sealed1.<base64url(nonce ‖ ciphertext ‖ tag)>
//
// Order ids without a ':' carry no secret and are kept as they are.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// KeySize is the length of a key: 32 bytes, for AES-256.
const KeySize = 32

// Key is a sealing key. Its String and Format never show the bytes.
type Key struct{ b [KeySize]byte }

// String hides the key, so a key printed by mistake shows nothing.
func (Key) String() string { return "seal.Key(redacted)" }

// Format hides the key from every verb (%x, %d and %#v included).
func (Key) Format(f fmt.State, _ rune) { io.WriteString(f, "seal.Key(redacted)") }

// NewKey returns a new random key.
func NewKey() Key {
	var k Key
	rand.Read(k.b[:]) // never fails (crypto/rand, Go 1.24+)
	return k
}

// errKeyForm is what a malformed key text hears; it never repeats the text.
var errKeyForm = errors.New("a secret key is 32 random bytes written as 64 hex digits or in base64 (e.g. `openssl rand -hex 32`)")

// ParseKey reads a key written as 64 hex digits or as base64 (standard or
// URL alphabet, padded or not) of 32 bytes; surrounding space is ignored.
// Its error never repeats the text.
func ParseKey(text string) (Key, error) {
	text = strings.TrimSpace(text)
	var k Key
	if len(text) == 2*KeySize {
		if n, err := hex.Decode(k.b[:], []byte(text)); err == nil && n == KeySize {
			return k, nil
		}
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(text); err == nil && len(b) == KeySize {
			copy(k.b[:], b)
			return k, nil
		}
	}
	return Key{}, errKeyForm
}

// ReadKeyFile reads a key file (ParseKey's forms). Its errors name the
// file, never its content.
func ReadKeyFile(path string) (Key, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Key{}, err
	}
	k, err := ParseKey(string(b))
	if err != nil {
		return Key{}, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// KeyFile reads the key at path, or, when there is no file there, makes a
// new key and writes it there (hex, mode 0600, its directory 0700) for the
// next start; created says which. Two processes racing to create it end up
// with the one key that was written first.
func KeyFile(path string) (k Key, created bool, err error) {
	k, err = ReadKeyFile(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return k, false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return Key{}, false, err
	}
	k = NewKey()
	// Written under another name and linked into place, so a reader never
	// sees a half-written key and an existing one is never replaced.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".key-*")
	if err != nil {
		return Key{}, false, err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return Key{}, false, err
	}
	_, werr := tmp.WriteString(hex.EncodeToString(k.b[:]) + "\n")
	if err := errors.Join(werr, tmp.Sync(), tmp.Close()); err != nil {
		return Key{}, false, err
	}
	if err := os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		k, err = ReadKeyFile(path) // another process made it first
		return k, false, err
	} else if err != nil {
		return Key{}, false, err
	}
	return k, true, nil
}

// Sealer seals and opens the secret part of order ids. A nil *Sealer
// seals nothing (tests, and stores that only read) and refuses to open a
// sealed value with ErrNoKey.
type Sealer struct {
	aead cipher.AEAD
}

// New returns a Sealer with key.
func New(key Key) *Sealer {
	block, err := aes.NewCipher(key.b[:])
	if err != nil {
		panic(err) // unreachable: the key is 32 bytes
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err) // unreachable: AES has a 16-byte block
	}
	return &Sealer{aead: aead}
}

// sep separates an order's public id from its secret, as the adapters and
// api.PublicOrderID have it.
const sep = ":"

// prefix marks a sealed secret.
const prefix = "sealed1."

var (
	// ErrOpen: a sealed secret does not open with this key (another key
	// sealed it, or it was moved from another record or altered).
	ErrOpen = errors.New("the order's secret does not open with this server's secret key (was the key changed, or --secret-key-file / SWAPSCOUT_SECRET_KEY not set as when the swap was made?)")
	// ErrNoKey: a sealed secret was read without a key to open it.
	ErrNoKey = errors.New("the order's secret is sealed and no secret key is configured (--secret-key-file or SWAPSCOUT_SECRET_KEY)")
)

// Sealed reports whether a stored order id carries a sealed secret.
func Sealed(stored string) bool {
	_, secret, ok := strings.Cut(stored, sep)
	return ok && strings.HasPrefix(secret, prefix)
}

// additional binds a sealed secret to its swap and its order's public id.
func additional(swapID, public string) []byte {
	return []byte("swapscout order secret\x00" + swapID + "\x00" + public)
}

// Seal returns orderID as it may be stored for swap swapID: its secret
// part, if any, sealed. A nil Sealer returns orderID unchanged.
func (s *Sealer) Seal(swapID, orderID string) (string, error) {
	public, secret, ok := strings.Cut(orderID, sep)
	if !ok || s == nil {
		return orderID, nil
	}
	if strings.HasPrefix(secret, prefix) {
		return "", errors.New("seal: the order id is sealed already")
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(secret)+s.aead.Overhead())
	rand.Read(nonce)
	box := s.aead.Seal(nonce, nonce, []byte(secret), additional(swapID, public))
	return public + sep + prefix + base64.RawURLEncoding.EncodeToString(box), nil
}

// Open returns the order id stored for swap swapID with its secret opened.
// An order id without a sealed secret is returned unchanged (no secret, or
// one written before sealing). The errors are ErrOpen and ErrNoKey and
// never contain the stored value.
func (s *Sealer) Open(swapID, stored string) (string, error) {
	if !Sealed(stored) {
		return stored, nil
	}
	if s == nil {
		return "", ErrNoKey
	}
	public, secret, _ := strings.Cut(stored, sep)
	box, err := base64.RawURLEncoding.DecodeString(secret[len(prefix):])
	if err != nil || len(box) < s.aead.NonceSize()+s.aead.Overhead() {
		return "", ErrOpen
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, box[:n], box[n:], additional(swapID, public))
	if err != nil {
		return "", ErrOpen
	}
	return public + sep + string(plain), nil
}

// Public returns the part of an order id that may be shown: what comes
// before its secret.
func Public(orderID string) string {
	public, _, _ := strings.Cut(orderID, sep)
	return public
}
