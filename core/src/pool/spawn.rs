//! How a pool's threads are spawned: the [`ThreadBuilder`] a spawn handler receives, and the
//! spawners ([`DefaultSpawn`], [`CustomSpawn`], `build_scoped`'s [`ScopedSpawn`]).

use crate::os;
use crate::pool::registry::Registry;
use crate::pool::thread::{self, Start};
use std::fmt;
use std::io;
use std::sync::Arc;

/// A worker thread waiting to be started by a spawn handler.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new()
///     .num_threads(1)
///     .spawn_handler(|thread| {
///         assert_eq!(thread.index(), 0);
///         std::thread::spawn(move || thread.run());
///         Ok(())
///     })
///     .build()
///     .unwrap();
/// pool.install(|| ());
/// ```
pub struct ThreadBuilder {
    pub(crate) name: Option<String>,
    pub(crate) stack_size: Option<usize>,
    pub(crate) registry: Arc<Registry>,
    pub(crate) index: usize,
    pub(crate) start: Start,
}

impl ThreadBuilder {
    /// This thread's worker index (for a spare thread, the seat it is spawned to serve).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .spawn_handler(|thread| {
    ///         assert!(thread.index() < 2);
    ///         std::thread::spawn(move || thread.run());
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(pool.current_num_threads(), 2);
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The name the builder's `thread_name` gave this thread, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .thread_name(|i| format!("w{i}"))
    ///     .spawn_handler(|thread| {
    ///         assert_eq!(thread.name(), Some("w0"));
    ///         std::thread::spawn(move || thread.run());
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The stack size asked for, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .stack_size(1 << 20)
    ///     .spawn_handler(|thread| {
    ///         assert_eq!(thread.stack_size(), Some(1 << 20));
    ///         std::thread::spawn(move || thread.run());
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn stack_size(&self) -> Option<usize> {
        self.stack_size
    }

    /// Runs the pool thread on the current thread until the pool shuts down (or, for a spare,
    /// until its keep-alive runs out).
    ///
    /// # Examples
    ///
    /// See [`ThreadPoolBuilder::spawn_handler`](crate::ThreadPoolBuilder::spawn_handler).
    pub fn run(self) {
        thread::main(self.registry, self.start);
    }
}

impl fmt::Debug for ThreadBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadBuilder")
            .field("index", &self.index)
            .field("name", &self.name)
            .field("stack_size", &self.stack_size)
            .finish_non_exhaustive()
    }
}

/// How a builder starts threads. Implemented by [`DefaultSpawn`] and [`CustomSpawn`].
pub trait ThreadSpawn: sealed::Sealed {
    /// Starts `thread` while the pool is built.
    #[doc(hidden)]
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<()>;

    /// How the pool spawns spare threads later (for `blocking`).
    #[doc(hidden)]
    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send>;
}

mod sealed {
    /// Only weft's spawners implement [`ThreadSpawn`](super::ThreadSpawn).
    pub trait Sealed {}
    impl Sealed for super::DefaultSpawn {}
    impl<F> Sealed for super::CustomSpawn<F> {}
    impl<W> Sealed for super::ScopedSpawn<'_, '_, W> {}
}

/// Spawns worker threads with `std::thread::Builder`, named and sized as the builder says.
///
/// # Examples
///
/// ```
/// let builder: weft_core::ThreadPoolBuilder<weft_core::DefaultSpawn> =
///     weft_core::ThreadPoolBuilder::new();
/// assert!(builder.num_threads(1).build().is_ok());
/// ```
#[derive(Debug, Default)]
pub struct DefaultSpawn;

impl ThreadSpawn for DefaultSpawn {
    fn spawn(&mut self, mut thread: ThreadBuilder) -> io::Result<()> {
        // The thread is named now: `run` needs no name.
        let (name, size) = (thread.name.take(), thread.stack_size);
        os::thread::spawn(name, size, Box::new(|| thread.run()))
    }

    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send> {
        Box::new(|thread| DefaultSpawn.spawn(thread))
    }
}

/// Spawns worker threads with a user closure (see
/// [`ThreadPoolBuilder::spawn_handler`](crate::ThreadPoolBuilder::spawn_handler)).
///
/// The closure is only called while the pool is built: like rayon's, it may borrow data that
/// does not outlive `build`, so weft cannot call it later. Spare threads for
/// [`blocking`](fn@crate::blocking) are therefore made as [`DefaultSpawn`] makes them (named and
/// sized by the builder; the start handler runs on them). Use
/// [`build_scoped`](crate::ThreadPoolBuilder::build_scoped) to have spares made by your wrapper
/// too.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new()
///     .num_threads(1)
///     .spawn_handler(|thread| {
///         std::thread::spawn(move || thread.run());
///         Ok(())
///     })
///     .build()
///     .unwrap();
/// assert_eq!(pool.install(|| 2 + 2), 4);
/// ```
#[derive(Debug)]
pub struct CustomSpawn<F>(pub(crate) F);

impl<F: FnMut(ThreadBuilder) -> io::Result<()>> ThreadSpawn for CustomSpawn<F> {
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<()> {
        (self.0)(thread)
    }

    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send> {
        DefaultSpawn.spare_spawner()
    }
}

/// Spawns `build_scoped`'s threads as scoped threads running the user's wrapper.
pub(crate) struct ScopedSpawn<'scope, 'env, W> {
    pub(crate) scope: &'scope std::thread::Scope<'scope, 'env>,
    pub(crate) wrapper: &'env W,
}

impl<'scope, 'env, W: Fn(ThreadBuilder) + Sync> ScopedSpawn<'scope, 'env, W> {
    fn spawn_scoped(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        wrapper: &'env W,
        thread: ThreadBuilder,
    ) -> io::Result<()> {
        let mut builder = std::thread::Builder::new();
        if let Some(name) = thread.name() {
            builder = builder.name(name.to_string());
        }
        if let Some(size) = thread.stack_size() {
            builder = builder.stack_size(size);
        }
        builder.spawn_scoped(scope, move || wrapper(thread))?;
        Ok(())
    }
}

impl<W: Fn(ThreadBuilder) + Sync> ThreadSpawn for ScopedSpawn<'_, '_, W> {
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<()> {
        Self::spawn_scoped(self.scope, self.wrapper, thread)
    }

    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send> {
        let (scope, wrapper) = (self.scope, self.wrapper);
        let spawner: Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send + '_> =
            Box::new(move |thread| Self::spawn_scoped(scope, wrapper, thread));
        // SAFETY: only `build_scoped` makes a `ScopedSpawn`, and it retires the pool's spawner
        // (`RetireSpawner`, under the spawner's mutex, which every spawn holds) before it
        // leaves the scope that `scope` and `wrapper` borrow from; nothing calls the spawner
        // after that. The two types differ only in the trait object's lifetime bound.
        unsafe {
            std::mem::transmute::<
                Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send + '_>,
                Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send + 'static>,
            >(spawner)
        }
    }
}
