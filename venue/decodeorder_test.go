package venue

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestDecodeOrder: an order answer that is not the expected JSON is
// bad_response with a 2xx status and the venue's refusal by status
// otherwise; one that decodes is the caller's to read.
func TestDecodeOrder(t *testing.T) {
	for _, c := range []struct {
		status int
		body   string
		want   swapscout.FailureCode // "" for no error
	}{
		{200, `{"id":"x1"}`, ""},
		{400, `{"id":"x1"}`, ""}, // decodes: the caller reads its error fields
		{200, `<html>`, swapscout.CodeBadResponse},
		{404, `<html>`, CodeOrderNotFound},
		{403, ``, swapscout.CodeNotConfigured},
		{503, `oops`, swapscout.CodeUnavailable},
		{422, `oops`, CodeBadRequest},
	} {
		var v struct {
			ID string `json:"id"`
		}
		err := DecodeOrder("Venue", c.status, []byte(c.body), "x1", &v)
		var ve *swapscout.VenueError
		switch {
		case c.want == "" && (err != nil || v.ID != "x1"):
			t.Errorf("DecodeOrder(%d, %s) = %v, id %q, want it decoded", c.status, c.body, err, v.ID)
		case c.want != "" && (!errors.As(err, &ve) || ve.Code != c.want):
			t.Errorf("DecodeOrder(%d, %s) = %v, want %s", c.status, c.body, err, c.want)
		}
	}
}

// TestHTTPFailure: 401 and 403 are a rejected key, other statuses outside
// 2xx the status's error, and a 2xx leaves the body to decide.
func TestHTTPFailure(t *testing.T) {
	for status, want := range map[int]swapscout.FailureCode{
		200: "", 204: "", 401: swapscout.CodeNotConfigured, 403: swapscout.CodeNotConfigured,
		404: swapscout.CodeBadResponse, 502: swapscout.CodeUnavailable, // 429 never gets here: Fetch answers it
	} {
		err := HTTPFailure("Venue", status, []byte(`{"message":"no"}`))
		var ve *swapscout.VenueError
		switch {
		case want == "" && err != nil:
			t.Errorf("HTTPFailure(%d) = %v, want nil", status, err)
		case want != "" && (!errors.As(err, &ve) || ve.Code != want):
			t.Errorf("HTTPFailure(%d) = %v, want %s", status, err, want)
		}
	}
}
