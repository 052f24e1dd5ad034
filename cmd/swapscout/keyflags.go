package main

import (
	"flag"
	"fmt"

	"github.com/swapscout/swapscout/httpapi"
)

// keyFlags configure API keys: the native API's (optional) and the
// Trocador-compatible API's. Keys come from the environment only, never
// from flags (flags show in ps): SWAPSCOUT_API_KEYS and
// SWAPSCOUT_TROCADOR_KEYS, comma-separated, each the key or sha256:HEX of
// it, with an optional /RATE (requests per second).
type keyFlags struct {
	requireForSwaps bool
	api, trocador   string
}

func (f *keyFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.BoolVar(&f.requireForSwaps, "require-key-for-swaps", false, "POST /v1/swaps needs one of SWAPSCOUT_API_KEYS (API-Key, X-API-Key or Authorization: Bearer)")
	f.api, f.trocador = getenv("SWAPSCOUT_API_KEYS"), getenv("SWAPSCOUT_TROCADOR_KEYS")
}

// apply puts the keys into the API's dependencies.
func (f *keyFlags) apply(d *httpapi.Deps) error {
	if f == nil {
		return nil
	}
	api, err := httpapi.ParseKeys(f.api)
	if err != nil {
		return fmt.Errorf("SWAPSCOUT_API_KEYS: %w", err)
	}
	troc, err := httpapi.ParseKeys(f.trocador)
	if err != nil {
		return fmt.Errorf("SWAPSCOUT_TROCADOR_KEYS: %w", err)
	}
	if f.requireForSwaps && api == nil {
		return fmt.Errorf("--require-key-for-swaps: set SWAPSCOUT_API_KEYS")
	}
	d.APIKeys, d.TrocadorKeys, d.RequireKeyForSwaps = api, troc, f.requireForSwaps
	return nil
}
