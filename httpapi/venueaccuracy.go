package httpapi

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// venueAccuracy reads the venues' accuracy; a failure is logged and the
// venues are listed without it.
func (d *deps) venueAccuracy(r *Request) map[string]*api.Accuracy {
	if d.Accuracy == nil {
		return nil
	}
	all, err := d.Accuracy(r.Ctx)
	if err != nil {
		d.Logger.Warn("venue accuracy unavailable", "err", err, "request_id", string(r.ID))
		return nil
	}
	out := make(map[string]*api.Accuracy, len(all))
	for id, a := range all {
		out[id] = api.NewAccuracy(a, d.AccuracyWindow)
	}
	return out
}

// venueInfo is the venue id as GET /v1/venues shows it; zero when unknown.
func (d *deps) venueInfo(id string) swapscout.VenueInfo {
	for _, v := range d.Venues() {
		if v.ID == id {
			return v
		}
	}
	return swapscout.VenueInfo{}
}
