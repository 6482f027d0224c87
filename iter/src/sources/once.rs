//! `once()`: a parallel iterator that yields a single item.

use super::at_most_one;

/// Creates a parallel iterator that produces `item` exactly once.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::once;
///
/// let v: Vec<i32> = (0..3).into_par_iter().chain(once(7)).collect();
/// assert_eq!(v, [0, 1, 2, 7]);
/// ```
pub fn once<T: Send>(item: T) -> Once<T> {
    Once { item }
}

/// A parallel iterator that yields one item; made by [`once()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let o = weft_iter::sources::once(5);
/// assert_eq!(o.clone().sum::<i32>(), 5);
/// assert_eq!(format!("{o:?}"), "Once { item: 5 }");
/// ```
#[derive(Clone, Debug)]
pub struct Once<T> {
    item: T,
}

at_most_one! {
    impl[T: Send] Once<T> {
        type Item = T;
        len(_once) = 1;
        item(once) = Some(once.item);
    }
}
