// Package address checks payout addresses and memos locally, before any
// venue is called: a wrong address is refused with an *Error naming the field
// ("address" or "memo") and the reason, which the API answers as a 400 with
// code "invalid_address". Only mainnet addresses are accepted; a testnet
// address is refused as such. Check does no I/O.
//
// What each swapscout network gets:
//
//	btc                 base58check P2PKH/P2SH (1…, 3…); segwit bech32/bech32m
//	                    (bc1…) per BIP173/BIP350, any witness version 0–16
//	ltc                 L…, M…, legacy 3…; ltc1… segwit; ltcmweb1… MWEB
//	                    (bech32 checksum and length only)
//	doge, dash          base58check with the chain's version bytes
//	bch                 CashAddr (bitcoincash:q…/p…, prefix optional, including
//	                    CashTokens-aware types) and legacy 1…/3…
//	zec                 transparent t1…/t3… (base58check, two-byte versions);
//	                    Sapling zs1… (bech32, 43 bytes); TEX tex1… (bech32m,
//	                    20 bytes); unified u1… (bech32m checksum only)
//	firo                a…, script and EX… exchange addresses (base58check);
//	                    Spark sm1… (bech32m checksum only)
//	eth, bsc, matic,    0x and 40 hex digits; mixed case must match EIP-55,
//	avaxc, arbitrum,    all-lower and all-upper carry no checksum and pass
//	base, op
//	xmr                 Monero base58 (8-byte blocks), keccak-256 checksum,
//	                    network byte 18 (standard), 42 (subaddress) or 19
//	                    (integrated, which refuses a memo); key points are not
//	                    checked
//	trx                 base58check, version 0x41, 20 bytes (T…)
//	sol                 base58 of 32 bytes; Solana has no checksum
//	xrp                 classic r… (Ripple-alphabet base58check) and X-addresses
//	                    (an X-address with a tag refuses a separate tag)
//	xlm                 strkey G… and muxed M… (base32, CRC16-XModem)
//	ton                 user-friendly 48-character base64/base64url with
//	                    CRC16-XModem (bounceable or not; testnet flag refused)
//	                    and raw 0:…/-1:… with 64 hex digits
//	dot                 SS58 with Polkadot's prefix 0, blake2b checksum; other
//	                    Substrate prefixes (Kusama, generic 42) refused
//	ada                 Shelley addr1… (bech32, CIP-19 header, mainnet network
//	                    id) and Byron Ae2…/Ddz… (base58 CBOR with CRC-32);
//	                    stake addresses refused
//	near                account ids by NEAR's rules: 2–64 of a-z, 0-9 and the
//	                    separators . - _ (none first, last or doubled), so
//	                    named (alice.near), implicit (64 lowercase hex) and
//	                    ETH-implicit (0x and 40 lowercase hex) accounts;
//	                    upper case and "system" refused; no checksum exists
//	xrd                 Radix Babylon accounts account_rdx1… (bech32m of a
//	                    30-byte node id whose entity type is an account:
//	                    allocated, or preallocated secp256k1/Ed25519);
//	                    resources, components, test networks and Olympia
//	                    rdx1… addresses refused
//
// Memo rules ([MemoRule]): XRP takes an optional numeric destination tag
// (0–4294967295); Stellar an optional memo of up to 28 bytes; TON an optional
// comment of up to 128 bytes. Every other known network forbids a memo (Monero
// payment IDs belong in an integrated address). Optional rather than required:
// a personal wallet needs none, and only the receiving exchange knows it needs
// one.
//
// A network without a codec gets generic checks only, so a valid address is
// never refused for want of a codec: non-empty, valid UTF-8, printable, no
// spaces, at most 128 bytes; its memo is optional text of up to 128 bytes.
// Every network in swapscout's catalogue has a codec (a test enforces it).
package address
