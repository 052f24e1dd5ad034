package wizardswap

import "encoding/json"

// Wire types of WizardSwap's API, as research section A11 of
// ../shared/research/exchange-apis.md describes it (Edge wizardswap.ts
// @ 084cd1f8 and crypto-power's Go driver; [CODE]). Every response body
// starts with a literal TAB before the JSON.

// API paths, relative to Descriptor.BaseURL: an estimate, an exchange's
// creation (POST ExchangePath) and status (ExchangePath/{id}).
const (
	EstimatePath = "/estimate"
	ExchangePath = "/exchange"
)

// estimateRequest is the JSON body of POST /estimate. api_key is an optional
// affiliate id.
type estimateRequest struct {
	CurrencyFrom string `json:"currency_from"`
	CurrencyTo   string `json:"currency_to"`
	AmountFrom   string `json:"amount_from"`
	APIKey       string `json:"api_key,omitempty"`
}

// estimateResponse is the answer of POST /estimate. estimated_amount is a
// decimal string, a JSON number, false (below the minimum), or a sentence:
// "Value too low." or "Insufficient liquidity.".
type estimateResponse struct {
	EstimatedAmount json.RawMessage `json:"estimated_amount"`
}
