//! Why a pool could not be built: [`ThreadPoolBuildError`].

use crate::pool::config::MAX_THREADS;
use std::fmt;
use std::io;

/// Why a pool could not be built.
///
/// # Examples
///
/// ```
/// let err = weft_core::ThreadPoolBuilder::new().num_threads(1 << 20).build().unwrap_err();
/// println!("{err}");
/// ```
#[derive(Debug)]
pub struct ThreadPoolBuildError {
    kind: ErrorKind,
}

#[derive(Debug)]
pub(crate) enum ErrorKind {
    GlobalPoolAlreadyInitialized,
    CurrentThreadAlreadyInPool,
    TooManyThreads(usize),
    IOError(io::Error),
}

/// rayon's text for [`ErrorKind::GlobalPoolAlreadyInitialized`] (code compares it).
const GLOBAL_POOL_ALREADY_INITIALIZED: &str =
    "The global thread pool has already been initialized.";
/// rayon's text for [`ErrorKind::CurrentThreadAlreadyInPool`].
const CURRENT_THREAD_ALREADY_IN_POOL: &str =
    "The current thread is already part of another thread pool.";

impl ThreadPoolBuildError {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Self { kind }
    }
}

impl fmt::Display for ThreadPoolBuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::GlobalPoolAlreadyInitialized => f.write_str(GLOBAL_POOL_ALREADY_INITIALIZED),
            ErrorKind::CurrentThreadAlreadyInPool => f.write_str(CURRENT_THREAD_ALREADY_IN_POOL),
            ErrorKind::TooManyThreads(n) => write!(
                f,
                "{n} threads asked for, more than max_num_threads() = {MAX_THREADS}"
            ),
            ErrorKind::IOError(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ThreadPoolBuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::IOError(e) => Some(e),
            _ => None,
        }
    }
}
