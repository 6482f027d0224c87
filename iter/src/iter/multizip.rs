//! Tuples of indexed parallel iterators as one iterator of tuples: `(a, b, c).into_par_iter()`
//! (also on `&(..)` with `par_iter` and `&mut (..)` with `par_iter_mut`), up to 12 elements.

use crate::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::{
    IndexedParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelIterator,
};

/// The iterators of a tuple zipped together, yielding tuples of their items; as long as the
/// shortest. Made by `into_par_iter` on a tuple.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let a = vec![1, 2, 3];
/// let b = vec!['a', 'b', 'c', 'd'];
/// let c = vec![true, false, true];
/// let it = (&a, &b, &c).into_par_iter();
/// assert_eq!(it.len(), 3);
/// let v: Vec<(&i32, &char, &bool)> = it.clone().collect();
/// assert_eq!(v[1], (&2, &'b', &false));
///
/// let mut x = vec![0; 3];
/// (&mut x, &a).into_par_iter().for_each(|(x, a)| *x = a * 10);
/// assert_eq!(x, [10, 20, 30]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug, Clone)]
pub struct MultiZip<T> {
    tuple: T,
}

/// Nests a list left to right in pairs: `nested!(a b c)` is `((a, b), c)` (as a pattern or an
/// expression), the shape that chained `zip`s yield.
macro_rules! nested {
    (@acc $acc:tt) => { $acc };
    (@acc $acc:tt $next:tt $($rest:tt)*) => { nested!(@acc ($acc, $next) $($rest)*) };
    ($first:tt $($rest:tt)*) => { nested!(@acc $first $($rest)*) };
}

/// Zips the iterators of a `MultiZip` tuple left to right and flattens each item into a
/// tuple.
macro_rules! zip_flat {
    ($tuple:expr; $first:tt $(, $idx:tt)*; $($x:ident)+) => {
        $tuple.$first
            $(.zip($tuple.$idx))*
            .map(|nested!($($x)+)| ($($x,)+))
    };
}

macro_rules! multizip_impls {
    ($( ($($T:ident $x:ident $idx:tt),+) )+) => {$(
        impl<$($T,)+> IntoParallelIterator for ($($T,)+)
        where
            $($T: IntoParallelIterator<Iter: IndexedParallelIterator>,)+
        {
            type Item = ($($T::Item,)+);
            type Iter = MultiZip<($($T::Iter,)+)>;

            fn into_par_iter(self) -> Self::Iter {
                MultiZip {
                    tuple: ($(self.$idx.into_par_iter(),)+),
                }
            }
        }

        impl<'a, $($T,)+> IntoParallelIterator for &'a ($($T,)+)
        where
            $($T: IntoParallelRefIterator<'a, Iter: IndexedParallelIterator>,)+
        {
            type Item = ($($T::Item,)+);
            type Iter = MultiZip<($($T::Iter,)+)>;

            fn into_par_iter(self) -> Self::Iter {
                MultiZip {
                    tuple: ($(self.$idx.par_iter(),)+),
                }
            }
        }

        impl<'a, $($T,)+> IntoParallelIterator for &'a mut ($($T,)+)
        where
            $($T: IntoParallelRefMutIterator<'a, Iter: IndexedParallelIterator>,)+
        {
            type Item = ($($T::Item,)+);
            type Iter = MultiZip<($($T::Iter,)+)>;

            fn into_par_iter(self) -> Self::Iter {
                MultiZip {
                    tuple: ($(self.$idx.par_iter_mut(),)+),
                }
            }
        }

        impl<$($T,)+> ParallelIterator for MultiZip<($($T,)+)>
        where
            $($T: IndexedParallelIterator,)+
        {
            type Item = ($($T::Item,)+);

            fn drive_unindexed<CONSUMER>(self, consumer: CONSUMER) -> CONSUMER::Result
            where
                CONSUMER: UnindexedConsumer<Self::Item>,
            {
                self.drive(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(self.len())
            }
        }

        impl<$($T,)+> IndexedParallelIterator for MultiZip<($($T,)+)>
        where
            $($T: IndexedParallelIterator,)+
        {
            fn drive<CONSUMER>(self, consumer: CONSUMER) -> CONSUMER::Result
            where
                CONSUMER: Consumer<Self::Item>,
            {
                zip_flat!(self.tuple; $($idx),+; $($x)+).drive(consumer)
            }

            fn len(&self) -> usize {
                let lens = [$(self.tuple.$idx.len()),+];
                lens.into_iter().min().unwrap_or(0)
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: ProducerCallback<Self::Item>,
            {
                zip_flat!(self.tuple; $($idx),+; $($x)+).with_producer(callback)
            }
        }
    )+};
}

multizip_impls! {
    (A a 0)
    (A a 0, B b 1)
    (A a 0, B b 1, C c 2)
    (A a 0, B b 1, C c 2, D d 3)
    (A a 0, B b 1, C c 2, D d 3, E e 4)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10)
    (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10, L l 11)
}
