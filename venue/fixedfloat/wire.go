package fixedfloat

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/swapscout/swapscout"
)

// Wire types of FixedFloat API v2 (research: exchange-apis.md, section A2).
// Every method is a POST of a JSON body to /api/v2/<method>, signed with
// X-API-SIGN = hex(HMAC-SHA256(secret, body)) [DOC]. Every answer is the
// envelope {"code","msg","data"}, where code 0 is success and anything else
// an error whatever the HTTP status [DOC]; the shapes inside data are what
// three maintained clients decode [CODE].

// APIPath is where every method is posted, as APIPath+method (ccies,
// price, create, order), relative to Descriptor.BaseURL.
const APIPath = "/api/v2/"

// envelope is every answer. crypto-power decodes code as any JSON type, so it
// is read as a number or a numeric string.
type envelope struct {
	Code *flexInt        `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// priceRequest is the body of `price`; amount is a JSON number, written from
// the decimal so no float rounding creeps in.
type priceRequest struct {
	Type      string      `json:"type"`      // "float" or "fixed"
	FromCcy   string      `json:"fromCcy"`   // combined code, e.g. "BTC"
	ToCcy     string      `json:"toCcy"`     // e.g. "USDTTRC"
	Direction string      `json:"direction"` // "from": amount is sent; "to": amount is received
	Amount    json.Number `json:"amount"`
}

// priceData is data of `price`. A non-empty errors with code 0 means the pair
// cannot be quoted at this amount (LIMIT_MIN, LIMIT_MAX, OFFLINE_*, …).
type priceData struct {
	From   *priceSide        `json:"from"`
	To     *priceSide        `json:"to"`
	Errors []json.RawMessage `json:"errors"`
}

// priceSide is one side of a price: amounts are strings, precision a number.
type priceSide struct {
	Code      string            `json:"code"`
	Network   string            `json:"network"`
	Coin      string            `json:"coin"`
	Amount    *swapscout.Amount `json:"amount"`
	Rate      *swapscout.Amount `json:"rate"`
	Precision json.Number       `json:"precision"`
	Min       *swapscout.Amount `json:"min"`
	Max       *swapscout.Amount `json:"max"`
	USD       *swapscout.Amount `json:"usd"`
	BTC       *swapscout.Amount `json:"btc"`
}

// Currency is an item of data of `ccies`. recv and send may be booleans,
// 0/1 or "0"/"1"; tag names the memo field, or is null.
type Currency struct {
	Code     string      `json:"code"`
	Coin     string      `json:"coin"`
	Network  string      `json:"network"`
	Name     string      `json:"name"`
	Recv     flexBool    `json:"recv"`
	Send     flexBool    `json:"send"`
	Tag      *string     `json:"tag"`
	Logo     string      `json:"logo"`
	Color    string      `json:"color"`
	Priority json.Number `json:"priority"`
}

// flexInt is a JSON number or a string holding one.
type flexInt int64

func (n *flexInt) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(b, `"`)
	v, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return errors.New("code is not an integer")
	}
	*n = flexInt(v)
	return nil
}

// flexBool is true, 1 or "1" (and "true"); false, 0, "0", "" or null otherwise.
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	switch string(bytes.Trim(b, `"`)) {
	case "true", "1":
		*f = true
	case "false", "0", "", "null":
		*f = false
	default:
		return errors.New("not a boolean")
	}
	return nil
}
