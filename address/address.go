package address

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// Code is the application error code for a refused address or memo. The
// transport maps it to HTTP 400.
const Code = swapscout.EADDRESS

// Error says which field was refused and why, in words fit for the user. It
// unwraps to a root *swapscout.Error with code [Code], so swapscout.ErrorCode
// and ErrorMessage report it without any conversion by the caller.
type Error struct {
	Field   string // "address" or "memo"
	Network string // swapscout network code, e.g. "btc"
	Reason  string // e.g. "checksum mismatch (a typo?)"
	// LooksLike is the network the refused address belongs to, when it
	// is a valid address of another network ("eth" for an Ethereum
	// address given for Bitcoin); "" otherwise. Reason then says so.
	LooksLike string
}

func (e *Error) Error() string {
	return "invalid " + e.Field + " for " + networkName(e.Network) + ": " + e.Reason
}

// LooksLike returns the network, other than net, whose address rules addr
// passes: the first in swapscout.NetworkTable's order (Ethereum for any
// EVM address), or "" when none does. NEAR's rules accept most short
// lower-case words, so only a name ending in .near counts as NEAR's.
func LooksLike(net, addr string) string {
	net = strings.ToLower(net)
	if generic(addr, maxKnown) != "" {
		return ""
	}
	for _, n := range swapscout.NetworkTable {
		c, ok := networks[n.Code]
		if !ok || n.Code == net || (n.Code == "near" && !strings.HasSuffix(addr, ".near")) {
			continue
		}
		if _, err := c.check(addr); err == nil {
			if other, ok := networks[net]; ok {
				if _, err := other.check(addr); err == nil {
					return "" // valid here too (an EVM address on any EVM network)
				}
			}
			return n.Code
		}
	}
	return ""
}

// Article is "an" before a vowel sound and "a" elsewhere, for "an
// Ethereum address", "a Bitcoin address".
func Article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// Code returns the application error code, [Code].
func (e *Error) Code() string { return Code }

// AppError returns e as a root-package application error carrying [Code] and
// the user-facing message.
func (e *Error) AppError() *swapscout.Error {
	return &swapscout.Error{Code: Code, Message: e.Error()}
}

// Unwrap returns [Error.AppError], for errors.As and the root package's
// ErrorCode and ErrorMessage.
func (e *Error) Unwrap() error { return e.AppError() }

// Need says whether a memo (tag, extra id) may or must accompany an address.
type Need int

// Needs, from the strictest refusal to the strictest demand.
const (
	Forbidden Need = iota // the network has no memo; one given is refused
	Optional              // allowed; exchanges' own addresses usually need one
	Required              // refused without one
)

var needNames = [...]string{Forbidden: "forbidden", Optional: "optional", Required: "required"}

func (n Need) String() string { return nameOf(needNames[:], int(n), "need") }

// nameOf returns names[i], or type(i) for a value without a name.
func nameOf(names []string, i int, typ string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

// Kind is the shape a memo must have.
type Kind int

// Kinds of memo.
const (
	NoMemo  Kind = iota // Forbidden rules
	Numeric             // decimal digits only, at most Rule.Max
	Text                // printable UTF-8, at most Rule.MaxLen bytes
)

var kindNames = [...]string{NoMemo: "none", Numeric: "numeric", Text: "text"}

func (k Kind) String() string { return nameOf(kindNames[:], int(k), "kind") }

// Rule is what a network expects of a memo, for pages and API clients to show.
type Rule struct {
	Need   Need
	Kind   Kind
	Name   string // what the network calls it: "destination tag", "memo", "comment"
	MaxLen int    // Text: the most bytes accepted
	Max    uint64 // Numeric: the largest value accepted
}

const (
	maxGeneric = 128 // longest address accepted for an unknown network
	maxKnown   = 256 // longest input any codec is handed (Zcash unified, Firo Spark)
)

var (
	forbidden   = Rule{Need: Forbidden, Kind: NoMemo, Name: "memo"}
	genericMemo = Rule{Need: Optional, Kind: Text, Name: "memo", MaxLen: maxGeneric}
)

// network is one network's address codec and memo rule.
type network struct {
	check func(addr string) (memoForbidden string, err error) // err: a reason
	memo  Rule
}

// reason is a refusal reason; codecs return it and Check wraps it in *Error.
type reason string

func (r reason) Error() string { return string(r) }

// networks maps swapscout network codes to their codecs; see the package
// documentation for what each checks.
var networks = map[string]network{}

// Known reports whether the network has a codec; an unknown network gets only
// the generic checks.
func Known(net string) bool {
	_, ok := networks[strings.ToLower(net)]
	return ok
}

// MemoRule returns the memo rule of a network. Unknown networks get an
// optional text memo of up to 128 bytes.
func MemoRule(net string) Rule {
	if n, ok := networks[strings.ToLower(net)]; ok {
		return n.memo
	}
	return genericMemo
}

// Check validates a mainnet payout address and its memo for a swapscout
// network code (case-insensitive); memo is "" when none is given. It returns
// nil or an *Error naming the field and the reason. It does no I/O.
//
// An unknown network gets only generic sanity checks (non-empty, printable,
// no spaces, at most 128 bytes) so a valid address is never refused for a
// network without a codec.
func Check(net, addr, memo string) error {
	net = strings.ToLower(net)
	n, known := networks[net]
	if !known {
		if r := generic(addr, maxGeneric); r != "" {
			return &Error{Field: "address", Network: net, Reason: r}
		}
		return checkMemo(net, genericMemo, memo)
	}
	if r := generic(addr, maxKnown); r != "" {
		return &Error{Field: "address", Network: net, Reason: r}
	}
	noMemo, err := n.check(addr)
	if err != nil {
		if other := LooksLike(net, addr); other != "" {
			name := swapscout.NetworkName(other)
			return &Error{Field: "address", Network: net, LooksLike: other,
				Reason: "this is " + Article(name) + " " + name + " address, not " + Article(networkName(net)) + " " + networkName(net) + " one (" + err.Error() + ")"}
		}
		return &Error{Field: "address", Network: net, Reason: err.Error()}
	}
	if noMemo != "" && memo != "" {
		return &Error{Field: "memo", Network: net, Reason: noMemo}
	}
	return checkMemo(net, n.memo, memo)
}

// generic returns why addr fails the checks every address passes, or "".
func generic(addr string, max int) string {
	switch {
	case addr == "":
		return "an address is required"
	case len(addr) > max:
		return "too long (" + strconv.Itoa(len(addr)) + " characters, at most " + strconv.Itoa(max) + ")"
	case !utf8.ValidString(addr):
		return "not valid UTF-8 text"
	}
	for _, r := range addr {
		if unicode.IsSpace(r) {
			return "contains a space or line break; paste the address alone"
		}
		if !unicode.IsPrint(r) {
			return "contains an unprintable character"
		}
	}
	return ""
}

func checkMemo(net string, rule Rule, memo string) error {
	bad := func(r string) error { return &Error{Field: "memo", Network: net, Reason: r} }
	if memo == "" {
		if rule.Need == Required {
			return bad("a " + rule.Name + " is required")
		}
		return nil
	}
	switch rule.Kind {
	case NoMemo:
		return bad(networkName(net) + " has no memo or tag; leave it empty")
	case Numeric:
		for i := 0; i < len(memo); i++ {
			if memo[i] < '0' || memo[i] > '9' {
				return bad("the " + rule.Name + " must be a whole number (digits only)")
			}
		}
		v, err := strconv.ParseUint(memo, 10, 64)
		if err != nil || v > rule.Max {
			return bad("the " + rule.Name + " must be at most " + strconv.FormatUint(rule.Max, 10))
		}
	case Text:
		if len(memo) > rule.MaxLen {
			return bad("the " + rule.Name + " is too long (" + strconv.Itoa(len(memo)) + " bytes, at most " + strconv.Itoa(rule.MaxLen) + ")")
		}
		if !utf8.ValidString(memo) {
			return bad("the " + rule.Name + " is not valid UTF-8 text")
		}
		for _, r := range memo {
			if !unicode.IsPrint(r) {
				return bad("the " + rule.Name + " contains an unprintable character")
			}
		}
	}
	return nil
}

// networkName returns the display name of a network code.
func networkName(net string) string {
	if name, ok := swapscout.Networks[net]; ok {
		return name
	}
	if len(net) > 32 || !utf8.ValidString(net) {
		return "this network"
	}
	return strconv.Quote(net)
}
