//! `empty()`: a parallel iterator that yields nothing.

use std::fmt;
use std::marker::PhantomData;

use super::at_most_one;

/// Creates a parallel iterator that produces nothing.
///
/// Useful where an iterator of some type is expected, e.g. as the neutral start of a `chain`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::empty;
///
/// let v: Vec<i32> = empty().collect();
/// assert!(v.is_empty());
/// ```
pub fn empty<T: Send>() -> Empty<T> {
    Empty {
        marker: PhantomData,
    }
}

/// A parallel iterator that yields nothing; made by [`empty()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let e = weft_iter::sources::empty::<u8>();
/// assert_eq!(e.clone().count(), 0);
/// assert_eq!(format!("{e:?}"), "Empty");
/// ```
pub struct Empty<T> {
    marker: PhantomData<fn() -> T>,
}

impl<T> Clone for Empty<T> {
    fn clone(&self) -> Self {
        Empty {
            marker: PhantomData,
        }
    }
}

impl<T> fmt::Debug for Empty<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Empty")
    }
}

at_most_one! {
    impl[T: Send] Empty<T> {
        type Item = T;
        len(_empty) = 0;
        item(_empty) = None;
    }
}
