// Package opt fills the options a constructor was given left unset: a zero
// or negative duration, size or count means "the default" throughout the
// module, and Or says so once instead of an if per field.
package opt

// Or returns v when it is positive, else def.
func Or[T ~int | ~int64 | ~float64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}
