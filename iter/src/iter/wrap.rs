//! How an adaptor builds its producer around its base's: `wrap_producer!` hands the wrapped
//! producer on, `base_len_limits!` forwards the base's limits on a piece's length.
//!
//! `with_producer` cannot name its base's producer type (only the base's `with_producer`
//! knows it), so the adaptor passes the base a callback that wraps whatever producer it is
//! given. That callback is the same for every such adaptor but for the values it carries and
//! the producer it builds; `wrap_producer!` writes it:
//!
//! ```ignore
//! wrap_producer!(self.base, callback, [len: usize = len], |base| RevProducer { base, len })
//! ```
//!
//! hands `callback` a `RevProducer` around the base's producer, `len` carried along. An
//! optional `T => Item` after the values names the wrapped producer's items in terms of the
//! base's `T` where they differ (`T => (usize, T)` for `enumerate`).

macro_rules! wrap_producer {
    (
        $base:expr, $callback:expr, [$($name:ident: $ty:ty = $value:expr),* $(,)?]
        $(, $t:ident => $item:ty)?,
        |$b:ident| $wrapped:expr
    ) => {{
        struct Callback<CB> {
            callback: CB,
            $($name: $ty,)*
        }

        wrap_producer!(@impl [$($t => $item)?] [$($name)*] $b $wrapped);

        $base.with_producer(Callback {
            callback: $callback,
            $($name: $value,)*
        })
    }};
    (@impl [] [$($name:ident)*] $b:ident $wrapped:expr) => {
        wrap_producer!(@impl [T => T] [$($name)*] $b $wrapped);
    };
    (@impl [$t:ident => $item:ty] [$($name:ident)*] $b:ident $wrapped:expr) => {
        impl<$t, CB: ProducerCallback<$item>> ProducerCallback<$t> for Callback<CB> {
            type Output = CB::Output;

            fn callback<P: Producer<Item = $t>>(self, $b: P) -> CB::Output {
                $(let $name = self.$name;)*
                self.callback.callback($wrapped)
            }
        }
    };
}
pub(super) use wrap_producer;

/// Writes the `min_len` and `max_len` of a producer that wraps another in a field `base`:
/// its pieces may hold as few and must hold as many items as its base's.
macro_rules! base_len_limits {
    () => {
        fn min_len(&self) -> usize {
            self.base.min_len()
        }

        fn max_len(&self) -> usize {
            self.base.max_len()
        }
    };
}
pub(super) use base_len_limits;
