package swapscout

// A letter rating (KYCRating, LogRating) is 'A' up to its scale's last
// letter, best first; zero is not rated.

// letterString is r's letter, "?" when r is not on the scale 'A'..last.
func letterString(r, last byte) string {
	if r < 'A' || r > last {
		return "?"
	}
	return string(rune(r))
}

// parseRating reads one letter of the scale 'A'..last, in either case;
// refused, with refusal as the error's message.
func parseRating[R ~byte](s string, last byte, refusal string) (R, error) {
	if len(s) == 1 {
		if c := s[0] &^ 0x20; c >= 'A' && c <= last {
			return R(c), nil
		}
	}
	return 0, Errorf(EINVALID, "%s", refusal)
}
