package htx

// Wire types of HTX's public spot REST API as the simulator writes them,
// mirroring the docs' examples in ../shared/research/exchange-apis.md
// section B10 ([DOC] HTX docs and JKorf HTX.Net's GetSymbols and
// GetOrderBook fixtures). Answers carry "status":"ok"; an error keeps HTTP
// 200 with {"status":"error","err-code","err-msg","ts"}. Book prices and
// amounts are JSON numbers; the symbol list's ts is a string, the book's a
// number.

// symbolsResponse is GET /v2/settings/common/symbols.
type symbolsResponse struct {
	Status string       `json:"status"`
	Data   []symbolInfo `json:"data"`
	Ts     string       `json:"ts"`
	Full   int          `json:"full"`
}

// symbolInfo is one symbol, with HTX's abbreviated keys: sc the symbol
// (ethusdt), bc/qc the base and quote coins (lower case), bcdn/qcdn their
// display names, dn the pair's, state online/offline/pre-online/suspend, te
// trade enabled, tpp/tap/ttp/fp price, amount, total and fee precisions,
// toa the opening time (ms), sp the partition, w the weight, lr the leverage
// ratio, wr the withdrawal risk; the nullable ones are null on most symbols.
type symbolInfo struct {
	Tags  string      `json:"tags"`
	State string      `json:"state"`
	Wr    string      `json:"wr"`
	Sc    string      `json:"sc"`
	P     []partition `json:"p"`
	Bcdn  string      `json:"bcdn"`
	Qcdn  string      `json:"qcdn"`
	Elr   *string     `json:"elr"`
	Tpp   int         `json:"tpp"`
	Tap   int         `json:"tap"`
	Fp    int         `json:"fp"`
	Smlr  *string     `json:"smlr"`
	Flr   *string     `json:"flr"`
	Whe   bool        `json:"whe"`
	Cd    bool        `json:"cd"`
	Te    bool        `json:"te"`
	Sp    string      `json:"sp"`
	D     *string     `json:"d"`
	Bc    string      `json:"bc"`
	Qc    string      `json:"qc"`
	Toa   int64       `json:"toa"`
	Ttp   int         `json:"ttp"`
	W     int64       `json:"w"`
	Lr    *int        `json:"lr"`
	Dn    string      `json:"dn"`
}

type partition struct {
	ID     int    `json:"id"`
	Name   string `json:"name"`
	Weight int    `json:"weight"`
}

// errorResponse is an error, sent with HTTP 200.
type errorResponse struct {
	Status  string `json:"status"` // "error"
	ErrCode string `json:"err-code"`
	ErrMsg  string `json:"err-msg"`
	Ts      int64  `json:"ts"`
}
