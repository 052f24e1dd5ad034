package address

import (
	"reflect"
	"testing"
)

// FuzzCheck feeds arbitrary bytes to every codec: Check must never panic and
// must give the same answer twice.
func FuzzCheck(f *testing.F) {
	seeds := []string{
		"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
		"4AzKEX4gXdJdNeM6dfiBFL7kqund3HYGvMBF3ttsNd9SfzgYB6L7ep1Yg1osYJzLdaKAYSLVh6e6jKnAuzj3bw1oGy9kXCb",
		"8C5zHM5ud8nGC4hC2ULiBLSWx9infi8JUUmWEat4fcTf8J4H38iWYVdFmPCA9UmfLTZxD43RsyKnGEdZkoGij6csDeUnbEB",
		"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
		"GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ",
		"EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF", "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e",
		"15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8",
		"Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi",
		"account_rdx128y6j78mt0aqv6372evz28hrxp8mn06ccddkr7xppc88hyvynvjdwr", "", "\xff", "1", ":",
	}
	for _, s := range seeds {
		f.Add(s, "")
		f.Add(s, "123")
	}
	nets := make([]string, 0, len(networks)+1)
	for n := range networks {
		nets = append(nets, n)
	}
	nets = append(nets, "unknown")
	f.Fuzz(func(t *testing.T, addr, memo string) {
		for _, n := range nets {
			a, b := Check(n, addr, memo), Check(n, addr, memo)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("Check(%q, %q, %q) not deterministic: %v then %v", n, addr, memo, a, b)
			}
			if a != nil {
				if _, ok := a.(*Error); !ok {
					t.Fatalf("Check(%q, %q) returned %T", n, addr, a)
				}
			}
		}
	})
}
