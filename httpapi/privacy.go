package httpapi

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/web"
)

// pagePrivacy says in plain words what this server stores, for how long,
// what it never does, and which venues' ratings and Tor stance to weigh.
func pagePrivacy(d *deps) Action {
	return func(r *Request) (Response, error) {
		page := web.PrivacyPage{Onion: d.OnionURL, Swaps: d.Swaps != nil}
		if d.Retention > 0 {
			page.Retention = web.Duration(d.Retention)
		}
		for _, v := range d.Venues() {
			switch {
			case v.Ratings.Tor == swapscout.TorRefused:
				page.TorRefused = append(page.TorRefused, v.Name)
			}
			if v.Ratings.PreCheck {
				page.PreCheck = append(page.PreCheck, v.Name)
			}
		}
		return d.render(r, 200, "privacy", page)
	}
}

// onionLocation adds the Onion-Location header to a page's answer: the same
// path and query at the onion address.
func onionLocation(onion string, a Action) Action {
	return func(r *Request) (Response, error) {
		resp, err := a(r)
		if err != nil {
			return resp, err
		}
		loc := onion + string(r.Path)
		if len(r.RawQuery) > 0 {
			loc += "?" + string(r.RawQuery)
		}
		hdr := make([]Field, 0, len(resp.Headers)+1)
		resp.Headers = append(append(hdr, resp.Headers...), MakeField("Onion-Location", loc))
		return resp, nil
	}
}
