//! `closure_adaptor!`: the struct of an adaptor that holds its base iterator and one closure.

/// Declares `pub struct $name<I, F> { base: I, $op: F }` with the doc and attributes given,
/// `#[must_use]`, `Clone`, a `Debug` that prints the base (a closure has nothing to print),
/// and `pub(super) fn new(base, $op)`.
macro_rules! closure_adaptor {
    ($(#[$attr:meta])* $name:ident { $op:ident }) => {
        $(#[$attr])*
        #[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
        #[derive(Clone)]
        pub struct $name<I, F> {
            base: I,
            $op: F,
        }

        impl<I: std::fmt::Debug, F> std::fmt::Debug for $name<I, F> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("base", &self.base)
                    .finish()
            }
        }

        impl<I, F> $name<I, F> {
            pub(super) fn new(base: I, $op: F) -> Self {
                $name { base, $op }
            }
        }
    };
}
pub(super) use closure_adaptor;
