//! How an adaptor builds its producer around its base's: `wrap_producer!` hands the wrapped
//! producer on, `base_len_limits!` forwards the base's limits on a piece's length, and
//! `with_paired_producers` does for two bases (`chain`, `interleave`, `zip`) what
//! `wrap_producer!` does for one.
//!
//! `with_producer` cannot name its base's producer type (only the base's `with_producer`
//! knows it), so the adaptor passes the base a callback that wraps whatever producer it is
//! given. That callback is the same for every such adaptor but for the values it carries and
//! the producer it builds; `wrap_producer!` writes it:
//!
//! ```text
//! wrap_producer!(self.base, callback, [len: usize = len], |base| RevProducer { base, len })
//! ```
//!
//! hands `callback` a `RevProducer` around the base's producer, `len` carried along. An
//! optional `T => Item` after the values names the wrapped producer's items in terms of the
//! base's `T` where they differ (`T => (usize, T)` for `enumerate`).

use crate::plumbing::{Producer, ProducerCallback};
use crate::IndexedParallelIterator;

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

/// How an adaptor over two indexed iterators (`chain`, `interleave`, `zip`) builds its
/// producer from theirs, keeping whatever it needs (`Self`: their lengths, say).
pub(super) trait PairProducers<TA, TB> {
    /// The items of the producer built.
    type Item;

    /// The adaptor's producer over `a` and `b`.
    fn pair<A, B>(self, a: A, b: B) -> impl Producer<Item = Self::Item>
    where
        A: Producer<Item = TA>,
        B: Producer<Item = TB>;
}

/// Hands `callback` the producer that `pair` builds from the producers of `a` and `b`.
pub(super) fn with_paired_producers<IA, IB, PP, CB>(
    a: IA,
    b: IB,
    pair: PP,
    callback: CB,
) -> CB::Output
where
    IA: IndexedParallelIterator,
    IB: IndexedParallelIterator,
    PP: PairProducers<IA::Item, IB::Item>,
    CB: ProducerCallback<PP::Item>,
{
    return a.with_producer(CallbackA { callback, pair, b });

    struct CallbackA<CB, PP, IB> {
        callback: CB,
        pair: PP,
        b: IB,
    }

    impl<TA, CB, PP, IB> ProducerCallback<TA> for CallbackA<CB, PP, IB>
    where
        IB: IndexedParallelIterator,
        PP: PairProducers<TA, IB::Item>,
        CB: ProducerCallback<PP::Item>,
    {
        type Output = CB::Output;

        fn callback<A: Producer<Item = TA>>(self, a: A) -> CB::Output {
            let CallbackA { callback, pair, b } = self;
            b.with_producer(CallbackB { callback, pair, a })
        }
    }

    struct CallbackB<CB, PP, A> {
        callback: CB,
        pair: PP,
        a: A,
    }

    impl<TB, CB, PP, A> ProducerCallback<TB> for CallbackB<CB, PP, A>
    where
        A: Producer,
        PP: PairProducers<A::Item, TB>,
        CB: ProducerCallback<PP::Item>,
    {
        type Output = CB::Output;

        fn callback<B: Producer<Item = TB>>(self, b: B) -> CB::Output {
            self.callback.callback(self.pair.pair(self.a, b))
        }
    }
}
