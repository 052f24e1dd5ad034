package httpapi

import (
	_ "embed"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

//go:embed openapi.json
var openapiDoc []byte

// OpenAPI returns the embedded OpenAPI 3.2 document.
func OpenAPI() []byte { return openapiDoc }

func handleOpenAPI() Action {
	return func(*Request) (Response, error) { return JSON(200, openapiDoc), nil }
}

func handleVenues(d *deps) Action {
	return func(r *Request) (Response, error) {
		infos := d.Venues()
		acc := d.venueAccuracy(r)
		vs := make([]api.Venue, len(infos))
		for i, v := range infos {
			vs[i] = api.NewVenue(v, acc[v.ID])
		}
		return jsonOK(api.AppendVenues(nil, vs))
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
		b := api.AppendHealth(nil, api.Health{Status: status, Checks: checks})
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
