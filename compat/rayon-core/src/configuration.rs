//! rayon-core's deprecated `Configuration` and `initialize`, kept because rayon-core 1.13
//! still exports them: each is a thin wrapper over weft's [`ThreadPoolBuilder`].
#![allow(deprecated)]

use std::any::Any;
use std::error::Error;

use weft_core::{ThreadPool, ThreadPoolBuilder};

/// rayon's thread pool configuration. Use [`ThreadPoolBuilder`] instead.
///
/// # Examples
///
/// ```
/// #![allow(deprecated)]
/// let pool = rayon_core::Configuration::new().num_threads(2).build().unwrap();
/// assert_eq!(pool.current_num_threads(), 2);
/// ```
#[deprecated(note = "Use `ThreadPoolBuilder`")]
#[derive(Debug, Default)]
pub struct Configuration {
    builder: ThreadPoolBuilder,
}

impl Configuration {
    /// A configuration with every default, as [`ThreadPoolBuilder::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new();
    /// ```
    pub fn new() -> Configuration {
        Configuration {
            builder: ThreadPoolBuilder::new(),
        }
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let pool = rayon_core::Configuration::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.install(rayon_core::current_num_threads), 1);
    /// ```
    pub fn build(self) -> Result<ThreadPool, Box<dyn Error + 'static>> {
        self.builder.build().map_err(Box::from)
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::thread_name`]. The closure is `Send`, as
    /// weft's builder asks (rayon's does not).
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().thread_name(|i| format!("worker {i}"));
    /// ```
    pub fn thread_name<F>(mut self, closure: F) -> Self
    where
        F: FnMut(usize) -> String + Send + 'static,
    {
        self.builder = self.builder.thread_name(closure);
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::num_threads`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().num_threads(4);
    /// ```
    pub fn num_threads(mut self, num_threads: usize) -> Configuration {
        self.builder = self.builder.num_threads(num_threads);
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::panic_handler`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().panic_handler(|_payload| {});
    /// ```
    pub fn panic_handler<H>(mut self, panic_handler: H) -> Configuration
    where
        H: Fn(Box<dyn Any + Send>) + Send + Sync + 'static,
    {
        self.builder = self.builder.panic_handler(panic_handler);
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::stack_size`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().stack_size(1 << 20);
    /// ```
    pub fn stack_size(mut self, stack_size: usize) -> Self {
        self.builder = self.builder.stack_size(stack_size);
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::breadth_first`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().breadth_first();
    /// ```
    pub fn breadth_first(mut self) -> Self {
        self.builder = self.builder.breadth_first();
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::start_handler`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().start_handler(|_index| {});
    /// ```
    pub fn start_handler<H>(mut self, start_handler: H) -> Configuration
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.builder = self.builder.start_handler(start_handler);
        self
    }

    /// Deprecated in favor of [`ThreadPoolBuilder::exit_handler`].
    ///
    /// # Examples
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let _config = rayon_core::Configuration::new().exit_handler(|_index| {});
    /// ```
    pub fn exit_handler<H>(mut self, exit_handler: H) -> Configuration
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.builder = self.builder.exit_handler(exit_handler);
        self
    }
}

/// Deprecated in favor of [`ThreadPoolBuilder::build_global`].
///
/// # Errors
///
/// As [`ThreadPoolBuilder::build_global`]: the global pool was already built.
///
/// # Examples
///
/// ```
/// #![allow(deprecated)]
/// rayon_core::initialize(rayon_core::Configuration::new().num_threads(2)).unwrap();
/// assert_eq!(rayon_core::current_num_threads(), 2);
/// ```
#[deprecated(note = "use `ThreadPoolBuilder::build_global`")]
pub fn initialize(config: Configuration) -> Result<(), Box<dyn Error>> {
    config.builder.build_global().map_err(Box::from)
}
