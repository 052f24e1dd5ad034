package venue

import (
	"strings"

	"github.com/swapscout/swapscout"
)

// Proxy is the SOCKS5 proxy a venue's calls go through, and why.
type Proxy struct {
	URL string // "" : direct
	Why string // for the startup log: "SWAPSCOUT_EXOLIX_PROXY", "--venue-proxy", "refuses Tor: direct"
}

// ProxyFor decides how d's calls leave this server: through the proxy its
// own SWAPSCOUT_<ID>_PROXY names ("direct" for none), else through all (the
// --venue-proxy every venue takes), except a venue whose ratings say it
// refuses Tor traffic, which then goes direct rather than fail every call:
// the operator who wants it proxied anyway names a proxy for it alone.
func ProxyFor(d *Descriptor, all string, getenv func(string) string) Proxy {
	env := d.EnvPrefix() + "PROXY"
	switch own := strings.TrimSpace(getenv(env)); {
	case strings.EqualFold(own, "direct"):
		return Proxy{Why: env + "=direct"}
	case own != "":
		return Proxy{URL: own, Why: env}
	}
	if all == "" {
		return Proxy{}
	}
	if d.Ratings().Tor == swapscout.TorRefused {
		return Proxy{Why: "refuses Tor traffic: direct (set " + env + " to proxy it anyway)"}
	}
	return Proxy{URL: all, Why: "--venue-proxy"}
}
