//! `per_variant!`: a check written once and run for each variant as a test of its own, so that
//! each is reported by name and they run in parallel.

/// `per_variant! { CHECK; NAME: VARIANT(ARGS...), ... }` defines, for each line,
/// `#[test] fn NAME() { CHECK(Variant::VARIANT, ARGS...) }`; attributes written before a line
/// (such as `#[ignore]`) go onto its test.
macro_rules! per_variant {
    ($check:path; $($(#[$attr:meta])* $test:ident: $variant:ident $(($($arg:expr),*))?,)*) => {$(
        #[test]
        $(#[$attr])*
        fn $test() {
            $check(mancala_solver::Variant::$variant $($(, $arg)*)?);
        }
    )*};
}
