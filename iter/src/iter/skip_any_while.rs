//! `skip_any_while`: skips items while a predicate holds; once it fails on any item, the
//! others stop skipping as soon as they see it.

use super::closure_adaptor::closure_adaptor;
use super::gate::{while_gated, GateConsumer, WhileGate};
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::skip_any_while`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::SkipAnyWhile<_, _> = (0..100).into_par_iter().skip_any_while(|x| *x < 50);
    /// assert!(it.count() >= 50);
    /// ```
    SkipAnyWhile { predicate }
}

while_gated!(SkipAnyWhile, take: false);
