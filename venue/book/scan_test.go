package book_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden (and the generated depth fixture)")

// venues are the shapes of each venue's depth answer, as its adapter
// declares it (venue/<name>'s cex.Spec.Book).
var venues = map[string]book.Shape{
	"binance":  {},
	"mexc":     {},
	"gate":     {},
	"coinbase": {Both: true},
	"gemini":   {Layout: book.Gemini},
	"bybit":    {In: "result", Bids: "b", Asks: "a"},
	"kucoin":   {In: "data"},
	"bitget":   {In: "data"},
	"htx":      {In: "tick"},
	"okx":      {In: "data", First: true},
	"kraken":   {In: "result", First: true},
	"bitfinex": {Signed: true, Layout: book.Bitfinex},
}

func decode(t testing.TB, venue string, data []byte) (book.Book, error) {
	t.Helper()
	var s book.Scanner
	var b book.Book
	sh := venues[venue]
	return b, s.ReadBook(data, &b, &sh, nil)
}

func render(b book.Book) string {
	var sb strings.Builder
	for _, side := range []struct {
		name   string
		levels []book.Level
	}{{"bids", b.Bids}, {"asks", b.Asks}} {
		sb.WriteString(side.name + "\n")
		for _, l := range side.levels {
			sb.WriteString("  " + l.Price.String() + " " + l.Qty.String() + "\n")
		}
	}
	return sb.String()
}

// TestVenueFixtures decodes each venue's recorded or documented response
// shape and compares it with its golden rendering (run with -update to
// rewrite the goldens, then review the diff).
func TestVenueFixtures(t *testing.T) {
	for venue := range venues {
		t.Run(venue, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", venue+".json"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := decode(t, venue, data)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			got := render(b)
			golden := filepath.Join("testdata", venue+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("book differs from %s (-want +got):\n%s", golden, diff)
			}
			if err := b.Normalize(); err != nil {
				t.Errorf("Normalize: %v", err)
			}
		})
	}
}

func TestDecodeExact(t *testing.T) {
	lv := func(p, q string) book.Level {
		return book.Level{Price: swapscout.MustAmount(p), Qty: swapscout.MustAmount(q)}
	}
	tests := []struct {
		name, venue, in string
		want            book.Book
	}{
		{"strings", "binance", `{"bids":[["32085.65000000","0.00000500"]],"asks":[["32085.66","2.048437"]]}`,
			book.Book{Bids: []book.Level{lv("32085.65", "0.000005")}, Asks: []book.Level{lv("32085.66", "2.048437")}}},
		{"numbers", "htx", `{"tick":{"bids":[[49790.87,0.779876]],"asks":[[49790.88,2.980472]]}}`,
			book.Book{Bids: []book.Level{lv("49790.87", "0.779876")}, Asks: []book.Level{lv("49790.88", "2.980472")}}},
		{"exponents", "htx", `{"tick":{"bids":[[1.5e3,2E-2],[1e+2,25e-1]],"asks":[]}}`,
			book.Book{Bids: []book.Level{lv("1500", "0.02"), lv("100", "2.5")}, Asks: []book.Level{}}},
		{"whitespace", "binance", " \t\r\n{ \"bids\" : [ [ \"1\" , \"2\" ] , [\"0.5\",\"3\"] ] ,\n\"asks\":[ ] } \n",
			book.Book{Bids: []book.Level{lv("1", "2"), lv("0.5", "3")}, Asks: []book.Level{}}},
		{"escapes", "binance", `{"b\u0069ds":[["1\u002e5","2"]],"asks\"":[["x"]],"\u0061sks":[]}`,
			book.Book{Bids: []book.Level{lv("1.5", "2")}, Asks: []book.Level{}}},
		{"null side", "binance", `{"bids":null,"asks":[["2","1"]]}`,
			book.Book{Bids: []book.Level{}, Asks: []book.Level{lv("2", "1")}}},
		{"empty", "binance", `{"bids":[],"asks":[]}`, book.Book{Bids: []book.Level{}, Asks: []book.Level{}}},
		{"last duplicate wins", "binance", `{"bids":[["1","1"]],"bids":[["2","2"]]}`,
			book.Book{Bids: []book.Level{lv("2", "2")}, Asks: []book.Level{}}},
		{"extra elements skipped", "okx", `{"data":[{"bids":[["1","2",{"a":[1,{"b":null}]},"x",true]],"asks":[]},{"bids":[["9","9"]]}]}`,
			book.Book{Bids: []book.Level{lv("1", "2")}, Asks: []book.Level{}}},
		{"gemini member order", "gemini", `{"bids":[{"timestamp":"1","amount":"3","price":"2","x":{}}]}`,
			book.Book{Bids: []book.Level{lv("2", "3")}, Asks: []book.Level{}}},
		{"many fraction digits", "binance", `{"bids":[["1.0000000000000000000000000000004","1"]]}`,
			book.Book{Bids: []book.Level{lv("1", "1")}, Asks: []book.Level{}}},
		{"nesting 64 in a level", "binance", `{"bids":[["1","2",` + nest(61) + `]]}`,
			book.Book{Bids: []book.Level{lv("1", "2")}}},
		{"nesting 64 skipped", "binance", `{"x":` + nest(63) + `,"bids":[["1","2"]]}`,
			book.Book{Bids: []book.Level{lv("1", "2")}}},
		{"bitfinex sides", "bitfinex", `[[10,1,0.5],[11,2,-0.25],[9,1,0],[12,1,-1e-8]]`,
			book.Book{Bids: []book.Level{lv("10", "0.5")}, Asks: []book.Level{lv("11", "0.25"), lv("12", "0.00000001")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decode(t, tt.venue, []byte(tt.in))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeMalformed(t *testing.T) {
	deep := nest(64)
	tests := []struct{ name, in string }{
		{"empty input", ``},
		{"only space", "  \n"},
		{"truncated object", `{`},
		{"truncated key", `{"bi`},
		{"truncated after key", `{"bids"`},
		{"truncated levels", `{"bids":[["1","2"]`},
		{"truncated level", `{"bids":[["1","2"`},
		{"truncated number", `{"bids":[[1.`},
		{"truncated string", `{"bids":[["1`},
		{"truncated escape", `{"bids":[["1\`},
		{"truncated unicode escape", `{"x":"\u00`},
		{"trailing comma in levels", `{"bids":[["1","2"],]}`},
		{"trailing comma in object", `{"bids":[],}`},
		{"leading comma", `{,"bids":[]}`},
		{"missing comma", `{"bids":[] "asks":[]}`},
		{"missing colon", `{"bids" []}`},
		{"unquoted key", `{bids:[]}`},
		{"single quotes", `{'bids':[]}`},
		{"short level", `{"bids":[["1"]]}`},
		{"empty level", `{"bids":[[]]}`},
		{"level not array", `{"bids":["1","2"]}`},
		{"levels not array", `{"bids":{"1":"2"}}`},
		{"levels a string", `{"bids":"1,2"}`},
		{"bool price", `{"bids":[[true,"2"]]}`},
		{"null price", `{"bids":[[null,"2"]]}`},
		{"object qty", `{"bids":[["1",{}]]}`},
		{"word price", `{"bids":[["abc","2"]]}`},
		{"empty string price", `{"bids":[["","2"]]}`},
		{"spaced string price", `{"bids":[[" 1","2"]]}`},
		{"NaN string", `{"bids":[["NaN","2"]]}`},
		{"NaN literal", `{"bids":[[NaN,2]]}`},
		{"Infinity literal", `{"bids":[[Infinity,2]]}`},
		{"zero price", `{"bids":[["0","2"]]}`},
		{"negative price", `{"asks":[["-1","2"]]}`},
		{"negative qty", `{"bids":[["1","-2"]]}`},
		{"huge exponent", `{"bids":[["1e400","1"]]}`},
		{"huge integer", `{"bids":[["1234567890123456789012345678901234567890123","1"]]}`},
		{"huge number", `{"bids":[[1234567890123456789012345678901234567890123,1]]}`},
		{"leading zero", `{"bids":[[01,2]]}`},
		{"bare dot", `{"bids":[[.5,2]]}`},
		{"dot without digits", `{"bids":[[1.,2]]}`},
		{"plus sign", `{"bids":[[+1,2]]}`},
		{"lone minus", `{"bids":[[-,2]]}`},
		{"empty exponent", `{"bids":[[1e,2]]}`},
		{"hex", `{"bids":[[0x10,2]]}`},
		{"bad literal", `{"x":tru}`},
		{"bad literal null", `{"x":nul}`},
		{"control char in string", "{\"x\":\"a\x01b\"}"},
		{"newline in string", "{\"x\":\"a\nb\"}"},
		{"bad escape", `{"x":"\x41"}`},
		{"bad unicode escape", `{"x":"\u12G4"}`},
		{"trailing garbage", `{"bids":[]} x`},
		{"two values", `{"bids":[]}{}`},
		{"top-level array for object", `[]`},
		{"top-level null", `null`},
		{"top-level string", `"bids"`},
		{"deep nesting", `{"x":` + deep + `}`},
		{"deep unclosed", strings.Repeat("[", 100000)},
		{"deep level element", `{"bids":[["1","2",` + nest(62) + `]]}`},
		{"NUL byte", "{\"bids\":[]}\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decode(t, "binance", []byte(tt.in))
			if !errors.Is(err, swapscout.ErrBadResponse) {
				t.Fatalf("decode(%.40q) error = %v, want one wrapping ErrBadResponse", tt.in, err)
			}
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) || ve.Msg == "" {
				t.Errorf("error %v is not a *VenueError with a message", err)
			}
		})
	}
	t.Run("bitfinex", func(t *testing.T) {
		for _, in := range []string{`[[10,1]]`, `[[0,1,1]]`, `[[-1,1,-1]]`, `{"bids":[]}`, `[[1,2,3]`, `[[1,2,"x"]]`} {
			if _, err := decode(t, "bitfinex", []byte(in)); !errors.Is(err, swapscout.ErrBadResponse) {
				t.Errorf("decode(%q) error = %v, want ErrBadResponse", in, err)
			}
		}
	})
	t.Run("gemini", func(t *testing.T) {
		for _, in := range []string{`{"bids":[{"price":"1"}]}`, `{"bids":[{}]}`, `{"bids":[["1","2"]]}`,
			`{"bids":[{"price":"1","amount":"2",}]}`, `{"bids":[{"price":"1" "amount":"2"}]}`, `{"bids":[{"price":0,"amount":"2"}]}`} {
			if _, err := decode(t, "gemini", []byte(in)); !errors.Is(err, swapscout.ErrBadResponse) {
				t.Errorf("decode(%q) error = %v, want ErrBadResponse", in, err)
			}
		}
	})
}

func TestScannerValues(t *testing.T) {
	var s book.Scanner
	s.Reset([]byte(`{"n":-42,"ts":"1629966436396","t":true,"f":"false","s":"a\"b\\c\/\u00e9\ud83d\ude00\ud800x","a":"1e-8","arr":[1,"two",null,{}],"k":null}`))
	if s.Kind() != book.Object || !s.EnterObject() {
		t.Fatal("want an object")
	}
	var got []string
	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
		k := string(key)
		kind := s.Kind()
		switch k {
		case "n", "ts":
			got = append(got, k+"="+itoa(s.Int()))
		case "t", "f":
			got = append(got, k+"="+map[bool]string{true: "true", false: "false"}[s.Bool()])
		case "s":
			got = append(got, k+"="+string(s.String()))
		case "a":
			got = append(got, k+"="+s.Amount().String())
		case "arr":
			s.EnterArray()
			var kinds []string
			for s.NextElem() {
				kinds = append(kinds, s.Kind().String())
				s.Skip()
			}
			got = append(got, k+"="+strings.Join(kinds, ","))
		default:
			got = append(got, k+":"+kind.String())
			s.Skip()
		}
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	want := []string{"n=-42", "ts=1629966436396", "t=true", "f=false", "s=a\"b\\c/é😀\uFFFDx", "a=0.00000001",
		"arr=number,string,null,object", "k:null"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// nest returns n nested empty arrays.
func nest(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// TestScannerMisuse checks that calls out of order are errors, not panics,
// loops or silently accepted input.
func TestScannerMisuse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		run  func(s *book.Scanner)
	}{
		{"zero scanner", ``, func(s *book.Scanner) { s.Skip() }},
		{"key value not read", `{"a":1,"b":2}`, func(s *book.Scanner) {
			s.EnterObject()
			for _, ok := s.NextKey(); ok; _, ok = s.NextKey() {
			}
		}},
		{"element not read", `[1,2]`, func(s *book.Scanner) {
			s.EnterArray()
			for s.NextElem() {
			}
		}},
		{"NextElem in object", `{"a":1}`, func(s *book.Scanner) { s.EnterObject(); s.NextElem() }},
		{"NextKey in array", `[1]`, func(s *book.Scanner) { s.EnterArray(); s.NextKey() }},
		{"NextKey at top", `{}`, func(s *book.Scanner) { s.NextKey() }},
		{"value without NextElem", `[{},{}]`, func(s *book.Scanner) {
			s.EnterArray()
			s.NextElem()
			s.Skip()
			s.Skip()
		}},
		{"second top-level read", `1`, func(s *book.Scanner) { s.Int(); s.Int() }},
		{"not read to the end", `{"a":1}`, func(s *book.Scanner) { s.EnterObject() }},
		{"not read at all", `{}`, func(s *book.Scanner) {}},
		{"wrong kind", `{"a":"x"}`, func(s *book.Scanner) { s.EnterArray() }},
		{"int from fraction", `1.5`, func(s *book.Scanner) { s.Int() }},
		{"int overflow", `9223372036854775808`, func(s *book.Scanner) { s.Int() }},
		{"bool from string", `"yes"`, func(s *book.Scanner) { s.Bool() }},
		{"string from number", `1`, func(s *book.Scanner) { s.String() }},
		{"invalid layout", `[]`, func(s *book.Scanner) { s.Levels(nil, book.Layout{}) }},
		{"half object layout", `[]`, func(s *book.Scanner) { s.Levels(nil, book.Layout{PriceKey: "p"}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s book.Scanner
			if tt.name != "zero scanner" {
				s.Reset([]byte(tt.in))
			}
			tt.run(&s)
			if err := s.Finish(); !errors.Is(err, swapscout.ErrBadResponse) {
				t.Fatalf("error = %v, want one wrapping ErrBadResponse", err)
			}
			// Sticky: everything after an error is inert.
			if s.EnterObject() || s.NextElem() || s.Kind() != book.Invalid || s.Int() != 0 || s.Amount().Sign() != 0 {
				t.Error("scanner not inert after an error")
			}
		})
	}
}

func TestScannerMinInt(t *testing.T) {
	var s book.Scanner
	s.Reset([]byte(`[-9223372036854775808, "9223372036854775807"]`))
	s.EnterArray()
	s.NextElem()
	lo := s.Int()
	s.NextElem()
	hi := s.Int()
	s.NextElem()
	if err := s.Finish(); err != nil || lo != -1<<63 || hi != 1<<63-1 {
		t.Fatalf("got %d, %d, %v", lo, hi, err)
	}
}

// TestScannerReuse checks that a Scanner's earlier keys survive later
// escaped strings and that Reset starts afresh.
func TestScannerReuse(t *testing.T) {
	var s book.Scanner
	s.Reset([]byte(`{"\u0061":1,"b\u0062":2}`))
	s.EnterObject()
	k1, _ := s.NextKey()
	s.Skip()
	k2, _ := s.NextKey()
	s.Skip()
	s.NextKey()
	if err := s.Finish(); err != nil || string(k1) != "a" || string(k2) != "bb" {
		t.Fatalf("keys %q %q, err %v", k1, k2, err)
	}
	s.Reset([]byte(`true`))
	if !s.Bool() || s.Finish() != nil {
		t.Fatal("Reset did not start afresh")
	}
}

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning, at the top level and inside the
// envelopes venues wrap their books in; null empties a side.
func TestDuplicateKeysLastWins(t *testing.T) {
	tests := []struct {
		venue, doc string
		bids, asks []book.Level
	}{
		{"binance", `{"bids":[["1","1"]],"asks":[["2","1"]],"bids":[["0.5","3"]]}`, levels("0.5", "3"), levels("2", "1")},
		{"binance", `{"bids":[["1","1"]],"asks":[["2","1"]],"bids":null}`, nil, levels("2", "1")},
		{"binance", `{"asks":[["2","1"]],"asks":[],"bids":[["1","1"]]}`, levels("1", "1"), nil},
		{"bybit", `{"result":{"b":[["1","1"]],"a":[["2","1"]]},"result":{"a":[["3","1"]]}}`, nil, levels("3", "1")},
		{"kucoin", `{"code":"200000","data":{"bids":[["1","1"]]},"data":{"bids":[["1.5","2"]],"bids":[["1.2","2"]]}}`, levels("1.2", "2"), nil},
		{"htx", `{"tick":{"asks":[["2","1"]]},"tick":{"bids":[["1","1"]],"asks":[["2.5","1"]]}}`, levels("1", "1"), levels("2.5", "1")},
	}
	for _, tt := range tests {
		got, err := decode(t, tt.venue, []byte(tt.doc))
		if err != nil {
			t.Errorf("%s %s: %v", tt.venue, tt.doc, err)
			continue
		}
		want := book.Book{Bids: tt.bids, Asks: tt.asks}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.venue, tt.doc, diff)
		}
		if tt.venue == "binance" { // and encoding/json reads the same
			std, invalid, ok := stdDepth([]byte(tt.doc))
			if !ok || invalid || !cmp.Equal(std, got, cmpopts.EquateEmpty()) {
				t.Errorf("%s: encoding/json reads %+v (ok %v invalid %v), we read %+v", tt.doc, std, ok, invalid, got)
			}
		}
	}
}
