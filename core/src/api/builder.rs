//! `ThreadPoolBuilder`: fills in a pool's [`Config`] and builds the pool from it.

use crate::api::thread_pool::ThreadPool;
use crate::pool::config::Config;
use crate::pool::error::ThreadPoolBuildError;
use crate::pool::registry::Registry;
use crate::pool::spawn::{CustomSpawn, DefaultSpawn, ScopedSpawn, ThreadBuilder, ThreadSpawn};
use std::any::Any;
use std::fmt;
use std::io;
use std::sync::{Arc, Mutex};

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
    /// What the pool is built from (the builder only fills it in).
    config: Config,
    spawn_handler: S,
}

impl Default for ThreadPoolBuilder {
    fn default() -> Self {
        ThreadPoolBuilder {
            config: Config::new(),
            spawn_handler: DefaultSpawn,
        }
    }
}

impl<S> fmt::Debug for ThreadPoolBuilder<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadPoolBuilder")
            .field("num_threads", &self.config.num_threads)
            .field("physical_cores", &self.config.physical_cores.is_some())
            .field("use_current_thread", &self.config.use_current_thread)
            .field("stack_size", &self.config.handlers.stack_size)
            .field("keep_alive", &self.config.keep_alive)
            .field("max_blocking_threads", &self.config.max_blocking_threads)
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
        let mut spawn_handler = self.spawn_handler;
        Registry::new(self.config, &mut spawn_handler).map(ThreadPool::from_registry)
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
        let mut spawn_handler = self.spawn_handler;
        crate::pool::registry::init_global(self.config, &mut spawn_handler)
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
        self.config.num_threads = num_threads;
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
        self.config.set_physical_cores(physical);
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
        self.config.use_current_thread = true;
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
        self.config.handlers.namer = Mutex::new(Some(Box::new(closure)));
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
        self.config.handlers.stack_size = Some(stack_size);
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
        self.config.handlers.start = Some(Box::new(start_handler));
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
        self.config.handlers.exit = Some(Box::new(exit_handler));
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
        self.config.handlers.panic = Some(Box::new(panic_handler));
        self
    }

    /// How long a spare thread made for [`blocking`](fn@crate::blocking) waits in the cache for
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
        self.config.keep_alive = keep_alive;
        self
    }

    /// Caps how many spare threads [`blocking`](fn@crate::blocking) may keep beyond the pool's N
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
        self.config.max_blocking_threads = max;
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
    /// let pool =
    /// weft_core::ThreadPoolBuilder::new().num_threads(1).breadth_first().build().unwrap();
    /// assert_eq!(pool.install(|| weft_core::join(|| 1, || 2)), (1, 2));
    /// ```
    #[deprecated(note = "use `scope_fifo` and `spawn_fifo` for similar effect")]
    pub fn breadth_first(mut self) -> Self {
        self.config.breadth_first = true;
        self
    }

    /// The same settings with another way of spawning threads.
    fn with_spawn<T>(self, spawn_handler: T) -> ThreadPoolBuilder<T> {
        ThreadPoolBuilder {
            config: self.config,
            spawn_handler,
        }
    }
}
