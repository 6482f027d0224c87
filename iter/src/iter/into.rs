//! The conversion traits: into a parallel iterator, and from one (`collect`, `par_extend`).

use super::ParallelIterator;

/// Conversion into a parallel iterator: `into_par_iter`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let squares: Vec<u32> = (0..5u32).into_par_iter().map(|x| x * x).collect();
/// assert_eq!(squares, [0, 1, 4, 9, 16]);
/// ```
pub trait IntoParallelIterator {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;

    /// Its items.
    type Item: Send;

    /// Converts `self` into a parallel iterator.
    fn into_par_iter(self) -> Self::Iter;
}

impl<T: ParallelIterator> IntoParallelIterator for T {
    type Iter = T;
    type Item = T::Item;

    fn into_par_iter(self) -> T {
        self
    }
}

/// Borrowing iteration: `par_iter`, for every `C` such that `&C: IntoParallelIterator`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = vec![1, 2, 3];
/// assert_eq!(v.par_iter().sum::<i32>(), 6);
/// ```
pub trait IntoParallelRefIterator<'data> {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;

    /// Its items, usually `&'data T`.
    type Item: Send + 'data;

    /// A parallel iterator over references to the items of `self`.
    fn par_iter(&'data self) -> Self::Iter;
}

impl<'data, I: 'data + ?Sized> IntoParallelRefIterator<'data> for I
where
    &'data I: IntoParallelIterator,
{
    type Iter = <&'data I as IntoParallelIterator>::Iter;
    type Item = <&'data I as IntoParallelIterator>::Item;

    fn par_iter(&'data self) -> Self::Iter {
        self.into_par_iter()
    }
}

/// Mutably borrowing iteration: `par_iter_mut`, for every `C` such that
/// `&mut C: IntoParallelIterator`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = vec![1, 2, 3];
/// v.par_iter_mut().for_each(|x| *x *= 10);
/// assert_eq!(v, [10, 20, 30]);
/// ```
pub trait IntoParallelRefMutIterator<'data> {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;

    /// Its items, usually `&'data mut T`.
    type Item: Send + 'data;

    /// A parallel iterator over mutable references to the items of `self`.
    fn par_iter_mut(&'data mut self) -> Self::Iter;
}

impl<'data, I: 'data + ?Sized> IntoParallelRefMutIterator<'data> for I
where
    &'data mut I: IntoParallelIterator,
{
    type Iter = <&'data mut I as IntoParallelIterator>::Iter;
    type Item = <&'data mut I as IntoParallelIterator>::Item;

    fn par_iter_mut(&'data mut self) -> Self::Iter {
        self.into_par_iter()
    }
}

/// Building a collection from a parallel iterator: what `collect` calls.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// struct Count(usize);
///
/// impl<T: Send> FromParallelIterator<T> for Count {
///     fn from_par_iter<I>(par_iter: I) -> Self
///     where
///         I: IntoParallelIterator<Item = T>,
///     {
///         Count(par_iter.into_par_iter().map(|_| 1).sum())
///     }
/// }
///
/// let Count(n) = (0..7).into_par_iter().collect();
/// assert_eq!(n, 7);
/// ```
pub trait FromParallelIterator<T>
where
    T: Send,
{
    /// Builds `Self` from the items of `par_iter`.
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>;
}

/// Extending a collection with the items of a parallel iterator.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = vec![0];
/// v.par_extend((1..4).into_par_iter());
/// assert_eq!(v, [0, 1, 2, 3]);
/// ```
pub trait ParallelExtend<T>
where
    T: Send,
{
    /// Adds the items of `par_iter` to `self`.
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>;
}
