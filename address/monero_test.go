package address

import (
	"bytes"
	"encoding/hex"
	"testing"
)

// Block vectors from Monero's tests/unit_tests/base58.cpp (encode_block and
// decode_block cases: value, length and overflow limits per block size).
func TestMoneroBase58Blocks(t *testing.T) {
	ff := func(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }
	for _, tc := range []struct {
		enc  string
		want []byte // nil: must fail
	}{
		{"", []byte{}},
		{"11", []byte{0}}, {"5Q", ff(1)}, {"5R", nil}, {"zz", nil},
		{"111", []byte{0, 0}}, {"LUv", ff(2)}, {"LUw", nil}, {"zzz", nil},
		{"11111", []byte{0, 0, 0}}, {"2UzHL", ff(3)}, {"2UzHM", nil},
		{"7YXq9G", ff(4)}, {"7YXq9H", nil}, {"VtB5VXc", ff(5)}, {"VtB5VXd", nil},
		{"3CUsUpv9t", ff(6)}, {"3CUsUpv9u", nil}, {"Ahg1opVcGW", ff(7)}, {"Ahg1opVcGX", nil},
		{"jpXCZedGfVQ", ff(8)}, {"jpXCZedGfVR", nil}, {"zzzzzzzzzzz", nil},
		{"11111111111", make([]byte, 8)},
		{"22222222222", []byte{0x06, 0x15, 0x60, 0x13, 0x76, 0x28, 0x79, 0xF7}},
		{"1z111111111", []byte{0x05, 0xE0, 0x22, 0xBA, 0x37, 0x4B, 0x2A, 0x00}},
		{"22222222222VtB5VXc", []byte{0x06, 0x15, 0x60, 0x13, 0x76, 0x28, 0x79, 0xF7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
		{"jpXCZedGfVQ5Q", ff(9)}, {"jpXCZedGfVQjpXCZedGfVQ", ff(16)},
		// invalid lengths and characters
		{"1", nil}, {"z", nil}, {"1111", nil}, {"11111111", nil}, {"123456789AB1", nil},
		{"123456789AB1111", nil}, {"123456789AB11111111", nil}, {"zzzzzzzzzzz11", nil},
		{"01111111111", nil}, {"I1111111111", nil}, {"O1111111111", nil}, {"l1111111111", nil},
		{"_1111111111", nil}, {"1101111111111", nil}, {"123456789ABjpXCZedGfVR", nil},
	} {
		got, ok := moneroDecode(tc.enc)
		if tc.want == nil {
			if ok {
				t.Errorf("moneroDecode(%q) = %x; want failure", tc.enc, got)
			}
			continue
		}
		if !ok || !bytes.Equal(got, tc.want) {
			t.Errorf("moneroDecode(%q) = %x, %v; want %x", tc.enc, got, ok, tc.want)
		}
	}
}

// decode_addr vectors from Monero's tests/unit_tests/base58.cpp: varint tag,
// data and checksum.
func TestMoneroDecodeAddr(t *testing.T) {
	for _, tc := range []struct {
		addr string
		tag  uint64
		data string // hex; "-" for an expected failure
	}{
		{"15p2yAV", 0, ""},
		{"FNQ3D6A", 0x7F, ""},
		{"26k9QWweu", 0x80, ""},
		{"3BzAD7n3y", 0xFF, ""},
		{"11efCaY6UjG7JrxuB", 0, "11223344556677"},
		{"21rhHRT48LN4PriP9", 6, "11223344556677"},
		{"PuT7GAdgbA819VwdWVDP", 0x1122334455667788, "11"},
		{"PuT7GAdgbA83w6XaVDyvpoGQBEWbB", 0x1122334455667788, "8888888888888888"},
		{"zuT7GAdgbA819VwdWVDP", 0, "-"}, // overflow
		{"0uT7GAdgbA819VwdWVDP", 0, "-"}, // invalid character
		{"PuT7GAdgbA819VwdWVD", 0, "-"},  // invalid length
		{"11efCaY6UjG7JrxuC", 0, "-"},    // bad checksum
		{"jerj2e4mESo", 0, "-"},          // overlong tag varint
		{"1", 0, "-"}, {"11", 0, "-"}, {"999999", 0, "-"}, {"ZZZZZZ", 0, "-"},
	} {
		tag, data, err := moneroDecodeAddr(tc.addr)
		if tc.data == "-" {
			if err == nil {
				t.Errorf("moneroDecodeAddr(%q) succeeded; want failure", tc.addr)
			}
			continue
		}
		if err != nil || tag != tc.tag || hex.EncodeToString(data) != tc.data {
			t.Errorf("moneroDecodeAddr(%q) = %#x, %x, %v; want %#x, %s", tc.addr, tag, data, err, tc.tag, tc.data)
		}
	}
}

func TestMonero(t *testing.T) {
	// Monero docs (public-address/standard-address.md) give this address and
	// its decoding.
	tag, data, err := moneroDecodeAddr("4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge")
	if err != nil || tag != 18 || hex.EncodeToString(data) != "eda9fe8dfcdd25d5430ea64229d04f6b41b2e5a1587c29cd499a63eb79d11711"+"3076a02b73d130fb904c9e91075fcd16f735c6850dfadb125eb826d96a113f09" {
		t.Errorf("docs standard address: %d %x %v", tag, data, err)
	}
	const (
		// Monero's tests/unit_tests/base58.cpp (get_account_address_as_str).
		coreStd = "4AzKEX4gXdJdNeM6dfiBFL7kqund3HYGvMBF3ttsNd9SfzgYB6L7ep1Yg1osYJzLdaKAYSLVh6e6jKnAuzj3bw1oGy9kXCb"
		// Monero docs, integrated-address.md.
		docsInt = "4LL9oSLmtpccfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2bYXZKKQePHES9khPK"
		// Subaddress (0,1) of a well-known test seed, used as a vector by
		// several wallet libraries (e.g. monero-oxide's address tests).
		sub = "8C5zHM5ud8nGC4hC2ULiBLSWx9infi8JUUmWEat4fcTf8J4H38iWYVdFmPCA9UmfLTZxD43RsyKnGEdZkoGij6csDeUnbEB"
		// Its standard and integrated siblings from the same test file.
		oxideStd = "4B33mFPMq6mKi7Eiyd5XuyKRVMGVZz1Rqb9ZTyGApXW5d1aT7UBDZ89ewmnWFkzJ5wPd2SFbn313vCT8a4E2Qf4KQH4pNey"
		oxideInt = "4Ljin4CrSNHKi7Eiyd5XuyKRVMGVZz1Rqb9ZTyGApXW5d1aT7UBDZ89ewmnWFkzJ5wPd2SFbn313vCT8a4E2Qf4KbaTH6MnpXSn88oBX35"
		// monero-python docs: testnet address and subaddress.
		testStd = "A2GmyHHJ9jtUhPiwoAbR2tXU9LJu2U6fJjcsv3rxgkVRWU6tEYcn6C1NBc7wqCv5V7NW3zeYuzKf6RGGgZTFTpVC4QxAiAX"
		testSub = "BenuGf8eyVhjZwdcxEJY1MHrUfqHjPvE3d7Pi4XY5vQz53VnVpB38bCBsf8AS5rJuZhuYrqdG9URc2eFoCNPwLXtLENT4R7"
	)
	runVectors(t, []vector{
		{"xmr", coreStd, "", ""},
		{"xmr", "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge", "", ""},
		{"xmr", docsInt, "", ""},
		{"xmr", sub, "", ""},
		{"xmr", oxideStd, "", ""},
		{"xmr", oxideInt, "", ""},
		{"xmr", oxideInt, "b8963a57855cf73f", "already includes a payment ID"},
		{"xmr", oxideStd, "b8963a57855cf73f", "has no memo"},
		{"xmr", testStd, "", "testnet"},
		{"xmr", testSub, "", "testnet"},
		{"xmr", coreStd[:94] + "c", "", "checksum"},
		{"xmr", coreStd[:94], "", "encoding"},
		{"xmr", "0" + coreStd[1:], "", "'0'"},
		{"xmr", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "encoding"},
	})
}
