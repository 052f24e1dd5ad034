package httpapi

import (
	_ "embed"
	"encoding/json"
	"sort"

	"github.com/swapscout/swapscout"
)

//go:embed openapi.json
var openapiDoc []byte

// OpenAPI returns the embedded OpenAPI 3.2 document.
func OpenAPI() []byte { return openapiDoc }

func handleOpenAPI() Action {
	return func(*Request) (Response, error) { return JSON(200, openapiDoc), nil }
}

type venueJSON struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Kind       string   `json:"kind"`
	KYC        string   `json:"kyc"`
	NeedsKey   bool     `json:"needs_key"`
	Configured bool     `json:"configured"`
	FixedRate  bool     `json:"fixed_rate"`
	Reverse    bool     `json:"reverse"`
	Networks   []string `json:"networks"`
	Evidence   string   `json:"evidence"`
	Website    string   `json:"website,omitempty"`
	Custody    string   `json:"custody"`
	CanSwap    bool     `json:"can_swap"`
	// Accuracy: what the venue's finished swaps delivered (venueaccuracy.go).
	Accuracy *accuracyJSON `json:"accuracy,omitempty"`
	// Support: where a swap venue's users reach its support (venueaccuracy.go).
	Support *supportJSON `json:"support,omitempty"`
}

func handleVenues(d *deps) Action {
	return func(r *Request) (Response, error) {
		infos := d.Venues()
		acc := d.venueAccuracy(r)
		out := struct {
			Venues []venueJSON `json:"venues"`
		}{Venues: make([]venueJSON, len(infos))}
		for i, v := range infos {
			nets := v.Networks
			custody := v.Custody
			if custody == "" {
				custody = swapscout.Custodial
			}
			if nets == nil {
				nets = []string{}
			}
			out.Venues[i] = venueJSON{ID: v.ID, Name: v.Name, Kind: string(v.Kind), KYC: v.KYC.String(),
				NeedsKey: v.NeedsKey, Configured: v.Configured, FixedRate: v.FixedRate, Reverse: v.Reverse,
				Networks: nets, Evidence: string(v.Evidence), Website: v.Website,
				Custody: string(custody), CanSwap: v.CanSwap, Accuracy: acc[v.ID], Support: supportOf(v.Support)}
		}
		b, err := json.Marshal(out)
		if err != nil {
			return Response{}, err
		}
		return JSON(200, append(b, '\n')), nil
	}
}

func handleHealth(d *deps) Action {
	return func(r *Request) (Response, error) {
		checks := map[string]string{}
		if d.Health != nil {
			checks = d.Health(r.Ctx)
		}
		status := "ok"
		if st, ok := checks["status"]; ok { // a dependency degrades the whole
			status = st
		}
		keys := make([]string, 0, len(checks))
		for k := range checks {
			if k != "status" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		b := appendString(append([]byte(nil), `{"status":`...), status)
		for _, k := range keys {
			b = append(b, ',')
			b = appendString(b, k)
			b = append(b, ':')
			b = appendString(b, checks[k])
		}
		b = append(b, "}\n"...)
		return JSON(200, b), nil
	}
}

var errNoMetrics = swapscout.Errorf(swapscout.ENOTFOUND, "metrics are off")

func handleMetrics(d *deps) Action {
	return func(*Request) (Response, error) {
		if d.Metrics == nil {
			return Response{}, errNoMetrics
		}
		body, ctype, err := d.Metrics()
		if err != nil {
			return Response{}, err
		}
		return Response{Status: 200, ContentType: ctype, Body: body}, nil
	}
}
