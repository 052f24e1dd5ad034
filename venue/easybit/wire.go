package easybit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Wire types of EasyBit's API, as research section A9 of
// ../shared/research/exchange-apis.md describes it (Edge easybit.ts
// @ dcfc9fec and crypto-power's easybit_struct.go; [CODE]). Every answer is
// wrapped in an envelope whose success flag decides, whatever the HTTP status.

// API paths, relative to Descriptor.BaseURL: a rate, a pair's limits, an
// order's creation and the orders by id (OrdersPath?id=).
const (
	RatePath     = "/rate"
	PairInfoPath = "/pairInfo"
	OrderPath    = "/order"
	OrdersPath   = "/orders"
)

// envelope is {"success":1|0,"errorCode":…,"errorMessage":…,"data":…}.
type envelope struct {
	Success      flag            `json:"success"`
	ErrorCode    json.RawMessage `json:"errorCode"` // an int; kept raw, only shown in messages
	ErrorMessage string          `json:"errorMessage"`
	Data         json.RawMessage `json:"data"`
}

// flag is the envelope's success: 1 or 0 (also accepted: true/false, "1"/"0").
type flag struct {
	Set, OK bool
}

func (f *flag) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(b, `"`))
	switch s {
	case "1", "true":
		*f = flag{Set: true, OK: true}
	case "0", "false":
		*f = flag{Set: true}
	case "null":
	default:
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return fmt.Errorf("easybit: success is %q, not 1 or 0", venue.Clip(s))
		}
		*f = flag{Set: true} // any other number is not 1
	}
	return nil
}

// rateData is data of GET /rate?send&receive&sendNetwork&receiveNetwork&amount[&amountType=receive].
// Edge accepts rate as a string or a number.
type rateData struct {
	Rate           *swapscout.Amount `json:"rate"`
	SendAmount     *swapscout.Amount `json:"sendAmount"`
	ReceiveAmount  *swapscout.Amount `json:"receiveAmount"`
	NetworkFee     *swapscout.Amount `json:"networkFee"`
	Confirmations  json.RawMessage   `json:"confirmations"`
	ProcessingTime text              `json:"processingTime"` // minutes, e.g. "5-30"
}

// pairInfoData is data of GET /pairInfo?send&receive&sendNetwork&receiveNetwork
// (limits on the amount sent; with amountType=receive, on the amount received).
type pairInfoData struct {
	MinimumAmount  *swapscout.Amount `json:"minimumAmount"`
	MaximumAmount  *swapscout.Amount `json:"maximumAmount"`
	NetworkFee     *swapscout.Amount `json:"networkFee"`
	Confirmations  json.RawMessage   `json:"confirmations"`
	ProcessingTime text              `json:"processingTime"`
}

// text is a JSON string, or a number kept as written.
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = text(s)
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return fmt.Errorf("easybit: processingTime is %q, not text", venue.Clip(string(b)))
	}
	*t = text(b)
	return nil
}
