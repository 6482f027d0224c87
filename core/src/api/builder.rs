//! Configuring and building pools: `ThreadPoolBuilder`, its spawn hooks and its error type.

use crate::api::thread_pool::ThreadPool;
use crate::os::topology;
use crate::pool::registry::Registry;
use crate::pool::thread::{self, Start};
use std::any::Any;
use std::fmt;
use std::io;
use std::sync::Arc;
use std::time::Duration;

/// Called with a panic that escaped a detached task (`spawn`, `spawn_fifo`, `spawn_broadcast`).
pub(crate) type PanicHandler = dyn Fn(Box<dyn Any + Send>) + Send + Sync;
/// Called on each pool thread when it starts or exits, with its worker index.
pub(crate) type StartHandler = dyn Fn(usize) + Send + Sync;
/// Names pool threads from their worker index.
pub(crate) type ThreadNamer = dyn FnMut(usize) -> String + Send;

/// The most worker threads a pool may have.
///
/// # Examples
///
/// ```
/// assert!(weft_core::max_num_threads() >= 256);
/// ```
pub fn max_num_threads() -> usize {
    MAX_THREADS
}

pub(crate) const MAX_THREADS: usize = 0xFFFF;
const DEFAULT_KEEP_ALIVE: Duration = Duration::from_secs(60);
const DEFAULT_MAX_BLOCKING_THREADS: usize = 512;

/// Configures a [`ThreadPool`] (or the global pool) before it is built.
///
/// Threads: [`num_threads`](Self::num_threads), else the `WEFT_NUM_THREADS` environment
/// variable, else `RAYON_NUM_THREADS` (so a program switched from rayon keeps its setting),
/// else the number of logical CPUs, or of physical cores with
/// [`physical_cores`](Self::physical_cores).
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new()
///     .num_threads(2)
///     .thread_name(|i| format!("compute-{i}"))
///     .build()
///     .unwrap();
/// assert_eq!(pool.current_num_threads(), 2);
/// ```
pub struct ThreadPoolBuilder<S = DefaultSpawn> {
    pub(crate) num_threads: usize,
    pub(crate) physical_cores: bool,
    pub(crate) use_current_thread: bool,
    pub(crate) get_thread_name: Option<Box<ThreadNamer>>,
    pub(crate) stack_size: Option<usize>,
    pub(crate) start_handler: Option<Box<StartHandler>>,
    pub(crate) exit_handler: Option<Box<StartHandler>>,
    pub(crate) panic_handler: Option<Box<PanicHandler>>,
    pub(crate) keep_alive: Duration,
    pub(crate) max_blocking_threads: usize,
    pub(crate) breadth_first: bool,
    pub(crate) spawn_handler: S,
}

impl Default for ThreadPoolBuilder {
    fn default() -> Self {
        ThreadPoolBuilder {
            num_threads: 0,
            physical_cores: false,
            use_current_thread: false,
            get_thread_name: None,
            stack_size: None,
            start_handler: None,
            exit_handler: None,
            panic_handler: None,
            keep_alive: DEFAULT_KEEP_ALIVE,
            max_blocking_threads: DEFAULT_MAX_BLOCKING_THREADS,
            breadth_first: false,
            spawn_handler: DefaultSpawn,
        }
    }
}

impl<S> fmt::Debug for ThreadPoolBuilder<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadPoolBuilder")
            .field("num_threads", &self.num_threads)
            .field("physical_cores", &self.physical_cores)
            .field("use_current_thread", &self.use_current_thread)
            .field("stack_size", &self.stack_size)
            .field("keep_alive", &self.keep_alive)
            .field("max_blocking_threads", &self.max_blocking_threads)
            .finish_non_exhaustive()
    }
}

impl ThreadPoolBuilder {
    /// A builder with the defaults.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().build().unwrap();
    /// assert!(pool.current_num_threads() >= 1);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds the pool and runs `with_pool` with it; the pool's threads are scoped threads
    /// made by `wrapper` (which must call [`ThreadBuilder::run`]), so they may borrow from the
    /// caller's stack, and all have exited when this returns.
    ///
    /// # Examples
    ///
    /// ```
    /// let answer = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .build_scoped(|thread| thread.run(), |pool| pool.install(|| 6 * 7))
    ///     .unwrap();
    /// assert_eq!(answer, 42);
    /// ```
    pub fn build_scoped<W, F, R>(self, wrapper: W, with_pool: F) -> Result<R, ThreadPoolBuildError>
    where
        W: Fn(ThreadBuilder) + Sync,
        F: FnOnce(&ThreadPool) -> R,
    {
        std::thread::scope(|scope| {
            let pool = self
                .with_spawn(ScopedSpawn {
                    scope,
                    wrapper: &wrapper,
                })
                .build()?;
            // Declared after `pool`, so dropped first, also when `with_pool` panics: no spare
            // is spawned into the scope once this function leaves it.
            let _retire = RetireSpawner(pool.registry().clone());
            let result = with_pool(&pool);
            pool.wait_until_stopped();
            Ok(result)
        })
    }
}

/// Spawns `build_scoped`'s threads as scoped threads running the user's wrapper.
struct ScopedSpawn<'scope, 'env, W> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    wrapper: &'env W,
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

/// Retires a pool's spare spawner when dropped (see `ScopedSpawn::spare_spawner`).
struct RetireSpawner(Arc<Registry>);

impl Drop for RetireSpawner {
    fn drop(&mut self) {
        self.0.retire_spawner();
    }
}

impl<S: ThreadSpawn> ThreadPoolBuilder<S> {
    /// Builds a pool. Fails if a thread cannot be spawned or the thread count is too high.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(weft_core::max_num_threads() + 1)
    ///     .build()
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("threads"));
    /// ```
    pub fn build(self) -> Result<ThreadPool, ThreadPoolBuildError> {
        Registry::new(self).map(ThreadPool::from_registry)
    }

    /// Builds the global pool, used by `join`, `scope`, `spawn` and parallel iterators called
    /// outside any pool. Fails if the global pool already exists (it is created on first use).
    ///
    /// # Examples
    ///
    /// ```
    /// // The global pool may already exist in this process; both outcomes are fine.
    /// let _ = weft_core::ThreadPoolBuilder::new().num_threads(2).build_global();
    /// assert!(weft_core::current_num_threads() >= 1);
    /// ```
    pub fn build_global(self) -> Result<(), ThreadPoolBuildError> {
        crate::pool::registry::init_global(self)
    }

    /// Resolves the thread count: explicit, `WEFT_NUM_THREADS`, `RAYON_NUM_THREADS`, physical
    /// cores or `cpus` (the logical CPUs this process may use, which the caller read once).
    pub(crate) fn resolved_num_threads(&self, cpus: usize) -> Result<usize, ThreadPoolBuildError> {
        let n = if self.num_threads > 0 {
            self.num_threads
        } else if let Some(n) = ["WEFT_NUM_THREADS", "RAYON_NUM_THREADS"]
            .into_iter()
            .find_map(|var| {
                std::env::var(var)
                    .ok()
                    .and_then(|s| s.trim().parse::<usize>().ok())
                    .filter(|&n| n > 0)
            })
        {
            n
        } else if self.physical_cores {
            topology::physical_cores(cpus).unwrap_or(cpus)
        } else {
            cpus
        };
        if n > MAX_THREADS {
            return Err(ThreadPoolBuildError::new(ErrorKind::TooManyThreads(n)));
        }
        Ok(n)
    }

    /// Sets the number of worker threads; 0 (the default) means `WEFT_NUM_THREADS` if set,
    /// else `RAYON_NUM_THREADS` if set, else one per logical CPU (or per physical core, see
    /// [`physical_cores`]).
    ///
    /// [`physical_cores`]: Self::physical_cores
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 3);
    /// ```
    pub fn num_threads(mut self, num_threads: usize) -> Self {
        self.num_threads = num_threads;
        self
    }

    /// With no explicit count, use one thread per physical core (read from Linux's CPU
    /// topology; falls back to logical CPUs where it cannot be read).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().physical_cores(true).build().unwrap();
    /// assert!(pool.current_num_threads() >= 1);
    /// ```
    pub fn physical_cores(mut self, physical: bool) -> Self {
        self.physical_cores = physical;
        self
    }

    /// Makes the calling thread worker 0: it runs pool work while it waits inside the pool
    /// (joins, scopes, installs), and the pool spawns one thread fewer.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .use_current_thread()
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(weft_core::current_thread_index(), Some(0));
    /// assert_eq!(pool.install(|| weft_core::join(|| 1, || 2)), (1, 2));
    /// ```
    pub fn use_current_thread(mut self) -> Self {
        self.use_current_thread = true;
        self
    }

    /// Names the pool's threads from their index.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .thread_name(|i| format!("worker-{i}"))
    ///     .build()
    ///     .unwrap();
    /// let name = pool.install(|| std::thread::current().name().map(str::to_owned));
    /// assert_eq!(name.as_deref(), Some("worker-0"));
    /// ```
    pub fn thread_name<F>(mut self, closure: F) -> Self
    where
        F: FnMut(usize) -> String + Send + 'static,
    {
        self.get_thread_name = Some(Box::new(closure));
        self
    }

    /// Sets the stack size of the pool's threads, in bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().stack_size(4 << 20).build().unwrap();
    /// pool.install(|| ());
    /// ```
    pub fn stack_size(mut self, stack_size: usize) -> Self {
        self.stack_size = Some(stack_size);
        self
    }

    /// Called on each pool thread (spares included) when it starts, with its worker index.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use std::sync::Arc;
    /// let started = Arc::new(AtomicUsize::new(0));
    /// let s = started.clone();
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .start_handler(move |_| { s.fetch_add(1, Ordering::SeqCst); })
    ///     .build()
    ///     .unwrap();
    /// pool.broadcast(|_| ());
    /// assert_eq!(started.load(Ordering::SeqCst), 2);
    /// ```
    pub fn start_handler<H>(mut self, start_handler: H) -> Self
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.start_handler = Some(Box::new(start_handler));
        self
    }

    /// Called on each pool thread (spares included) just before it exits, with its index.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .exit_handler(|i| assert_eq!(i, 0))
    ///     .build()
    ///     .unwrap();
    /// pool.wait_until_stopped();
    /// ```
    pub fn exit_handler<H>(mut self, exit_handler: H) -> Self
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.exit_handler = Some(Box::new(exit_handler));
        self
    }

    /// Receives panics of detached tasks (`spawn`, `spawn_fifo`, `spawn_broadcast`). Without
    /// one, the panic is printed to stderr and the pool goes on.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::mpsc::channel;
    /// let (tx, rx) = channel();
    /// let tx = std::sync::Mutex::new(tx);
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .panic_handler(move |_| tx.lock().unwrap().send(()).unwrap())
    ///     .build()
    ///     .unwrap();
    /// pool.spawn(|| panic!("boom"));
    /// rx.recv().unwrap();
    /// ```
    pub fn panic_handler<H>(mut self, panic_handler: H) -> Self
    where
        H: Fn(Box<dyn Any + Send>) + Send + Sync + 'static,
    {
        self.panic_handler = Some(Box::new(panic_handler));
        self
    }

    /// How long a spare thread made for [`blocking`](crate::blocking) waits in the cache for
    /// reuse before it exits (default 60 s).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .keep_alive(Duration::from_millis(100))
    ///     .build()
    ///     .unwrap();
    /// pool.install(|| weft_core::blocking(|| ()));
    /// ```
    pub fn keep_alive(mut self, keep_alive: std::time::Duration) -> Self {
        self.keep_alive = keep_alive;
        self
    }

    /// Caps how many spare threads [`blocking`](crate::blocking) may keep beyond the pool's N
    /// (default 512). With the cache empty and the cap reached, `blocking` runs its closure
    /// in place, costing the pool that worker while it blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().max_blocking_threads(0).build().unwrap();
    /// assert_eq!(pool.install(|| weft_core::blocking(|| 7)), 7);
    /// assert_eq!(pool.metrics().spares_started, 0);
    /// ```
    pub fn max_blocking_threads(mut self, max: usize) -> Self {
        self.max_blocking_threads = max;
        self
    }

    /// Spawns the pool's worker threads with `spawn` instead of `std::thread`. It receives a
    /// [`ThreadBuilder`] and must arrange for [`ThreadBuilder::run`] to be called on the new
    /// thread. (Spare threads for `blocking` are still spawned with `std::thread`.)
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .spawn_handler(|thread| {
    ///         std::thread::Builder::new().spawn(|| thread.run())?;
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(pool.install(|| 1 + 1), 2);
    /// ```
    pub fn spawn_handler<F>(self, spawn: F) -> ThreadPoolBuilder<CustomSpawn<F>>
    where
        F: FnMut(ThreadBuilder) -> io::Result<()>,
    {
        self.with_spawn(CustomSpawn(spawn))
    }

    /// Has worker threads run spawned jobs in the order they were spawned (FIFO) instead of
    /// the default most-recent-first, as rayon's deprecated option of the same name.
    ///
    /// # Examples
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).breadth_first().build().unwrap();
    /// assert_eq!(pool.install(|| weft_core::join(|| 1, || 2)), (1, 2));
    /// ```
    #[deprecated(note = "use `scope_fifo` and `spawn_fifo` for similar effect")]
    pub fn breadth_first(mut self) -> Self {
        self.breadth_first = true;
        self
    }

    /// The same settings with another way of spawning threads.
    fn with_spawn<T>(self, spawn_handler: T) -> ThreadPoolBuilder<T> {
        ThreadPoolBuilder {
            num_threads: self.num_threads,
            physical_cores: self.physical_cores,
            use_current_thread: self.use_current_thread,
            get_thread_name: self.get_thread_name,
            stack_size: self.stack_size,
            start_handler: self.start_handler,
            exit_handler: self.exit_handler,
            panic_handler: self.panic_handler,
            keep_alive: self.keep_alive,
            max_blocking_threads: self.max_blocking_threads,
            breadth_first: self.breadth_first,
            spawn_handler,
        }
    }
}

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
    /// See [`ThreadPoolBuilder::spawn_handler`].
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
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<()> {
        let mut b = std::thread::Builder::new();
        if let Some(name) = thread.name() {
            b = b.name(name.to_owned());
        }
        if let Some(size) = thread.stack_size() {
            b = b.stack_size(size);
        }
        b.spawn(|| thread.run())?;
        Ok(())
    }

    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send> {
        Box::new(|thread| DefaultSpawn.spawn(thread))
    }
}

/// Spawns worker threads with a user closure (see [`ThreadPoolBuilder::spawn_handler`]).
///
/// The closure is only called while the pool is built: like rayon's, it may borrow data that
/// does not outlive `build`, so weft cannot call it later. Spare threads for
/// [`blocking`](crate::blocking) are therefore made as [`DefaultSpawn`] makes them (named and
/// sized by the builder; the start handler runs on them). Use
/// [`build_scoped`](ThreadPoolBuilder::build_scoped) to have spares made by your wrapper too.
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
pub struct CustomSpawn<F>(F);

impl<F: FnMut(ThreadBuilder) -> io::Result<()>> ThreadSpawn for CustomSpawn<F> {
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<()> {
        (self.0)(thread)
    }

    fn spare_spawner(&self) -> Box<dyn FnMut(ThreadBuilder) -> io::Result<()> + Send> {
        DefaultSpawn.spare_spawner()
    }
}

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
