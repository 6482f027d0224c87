//! `closure_adaptor!`: the struct of an adaptor that holds its base iterator and one closure;
//! `base_adaptor!`: that of an adaptor that holds only its base;
//! `mapped_adaptor!`: the impls of an adaptor that is `map` underneath.

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

/// Declares `pub struct $name<I> { base: I }` with the doc and attributes given, `#[must_use]`,
/// `Clone`, `Debug`, and `pub(super) fn new(base)`.
macro_rules! base_adaptor {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        #[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
        #[derive(Clone, Debug)]
        pub struct $name<I> {
            base: I,
        }

        impl<I> $name<I> {
            pub(super) fn new(base: I) -> Self {
                $name { base }
            }
        }
    };
}
pub(super) use base_adaptor;

/// Implements `ParallelIterator` and `IndexedParallelIterator` for an adaptor that is `map`
/// underneath (`cloned`, `copied`, `inspect`, `update`): each method binds the adaptor to
/// `$this`, maps its base with `$map` and forwards to the result. The base, `$I`, is bound by
/// the trait being implemented (and yields `$base_item`, if given), with `$bound` besides.
macro_rules! mapped_adaptor {
    (
        impl[$($gen:tt)*] $ty:ty => $item:ty,
        base $I:ident $(yielding $base_item:ty)?, where [$($bound:tt)*],
        map($this:ident) = $map:expr
    ) => {
        impl<$($gen)*> ParallelIterator for $ty
        where
            $I: ParallelIterator $(<Item = $base_item>)?,
            $($bound)*
        {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                let $this = self;
                $this.base.map($map).drive_unindexed(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.base.opt_len()
            }
        }

        impl<$($gen)*> IndexedParallelIterator for $ty
        where
            $I: IndexedParallelIterator $(<Item = $base_item>)?,
            $($bound)*
        {
            fn len(&self) -> usize {
                self.base.len()
            }

            fn drive<C: Consumer<$item>>(self, consumer: C) -> C::Result {
                let $this = self;
                $this.base.map($map).drive(consumer)
            }

            fn with_producer<CB: ProducerCallback<$item>>(self, callback: CB) -> CB::Output {
                let $this = self;
                $this.base.map($map).with_producer(callback)
            }
        }
    };
}
pub(super) use mapped_adaptor;
