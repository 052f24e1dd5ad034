package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
)

// swapCreateNames are POST /v1/swaps's JSON names, as documented.
var swapCreateNames = map[string]bool{"quote_id": true, "venue": true, "payout_address": true, "payout_memo": true,
	"refund_address": true, "refund_memo": true, "max_slippage": true, "callback_url": true}

// FuzzJSONBody feeds arbitrary bodies to the strict body parser (through
// POST /v1/swaps's). Whatever comes in, it answers without panicking, with
// a 400-class error or a request; and a body it accepts is one JSON object
// whose names are each exactly one of the documented fields, once.
func FuzzJSONBody(f *testing.F) {
	for _, s := range []string{
		`{"quote_id":"q","venue":"fast","payout_address":"0x1","refund_address":"bc1"}`,
		`{"venue":"a","venue":"b"}`, `{"Venue":"a"}`, `{"venue":"a","VENUE":"b"}`, `{"ven\u0075e":"a","venue":"b"}`,
		`{"callbac\u212a_url":""}`, `{"max_slippage":{"a":1,"a":2}}`, `{"max_slippage":[{"a":1},{"a":2}]}`,
		`{"max_slippage":"0.01","refund_memo":"7"}`, `[1]`, `{}`, `{"venue":"a"}{}`, `{"venue":`, `"x"`, `null`, "\xff",
	} {
		f.Add([]byte(s))
	}
	hdr := headers{"Content-Type": "application/json", "Idempotency-Key": "k"}
	f.Fuzz(func(t *testing.T, body []byte) {
		_, err := httpapi.ParseSwapCreate(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps"), Header: hdr, Body: body})
		if err != nil {
			if code := swapscout.ErrorCode(err); code != swapscout.EINVALID && code != swapscout.ETOOLARGE {
				t.Fatalf("%q: error %q (%v), want a 400", body, code, err)
			}
			return
		}
		// Accepted: read its top-level names another way and check them.
		dec := json.NewDecoder(bytes.NewReader(body))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("%q accepted, but it is not a JSON object", body)
		}
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			name, ok := tok.(string)
			if err != nil || !ok {
				t.Fatalf("%q accepted, but its names cannot be read: %v", body, err)
			}
			if !swapCreateNames[name] {
				t.Fatalf("%q accepted with the name %q, which is not a field's own", body, name)
			}
			if seen[strings.ToLower(name)] {
				t.Fatalf("%q accepted with %q given twice", body, name)
			}
			seen[strings.ToLower(name)] = true
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("%q accepted, but its value of %q cannot be read: %v", body, name, err)
			}
		}
	})
}
