//! A pool's configuration: the plain struct the public builder fills in and
//! `Registry::new` consumes (as tokio's `runtime/config.rs`), so that nothing below the
//! public API imports the builder.

use crate::os::topology;
use crate::pool::error::{ErrorKind, ThreadPoolBuildError};
use crate::pool::spawn::DefaultSpawn;
use std::any::Any;
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
/// The default of [`Config::keep_alive`].
const DEFAULT_KEEP_ALIVE: Duration = Duration::from_secs(60);
/// The default of [`Config::max_blocking_threads`].
const DEFAULT_MAX_BLOCKING_THREADS: usize = 512;

/// How to build a pool (see `ThreadPoolBuilder`'s setters for what each field means).
pub(crate) struct Config<S = DefaultSpawn> {
    /// The thread count asked for; 0 for the default.
    pub(crate) num_threads: usize,
    /// With no count asked for, one thread per physical core, as this function counts them
    /// (`topology::physical_cores`, set by [`Config::set_physical_cores`]): a function rather
    /// than a flag, so that only a program that asks for physical cores links the code that
    /// reads the CPU topology.
    pub(crate) physical_cores: Option<fn(usize) -> Option<usize>>,
    /// The building thread becomes worker 0.
    pub(crate) use_current_thread: bool,
    /// Names the pool's threads.
    pub(crate) get_thread_name: Option<Box<ThreadNamer>>,
    /// The stack size of the pool's threads.
    pub(crate) stack_size: Option<usize>,
    /// Runs on each pool thread when it starts.
    pub(crate) start_handler: Option<Box<StartHandler>>,
    /// Runs on each pool thread before it exits.
    pub(crate) exit_handler: Option<Box<StartHandler>>,
    /// Receives the panics of detached tasks.
    pub(crate) panic_handler: Option<Box<PanicHandler>>,
    /// How long a spare thread waits in the cache before it exits.
    pub(crate) keep_alive: Duration,
    /// How many spare threads the pool may keep beyond its N.
    pub(crate) max_blocking_threads: usize,
    /// Spawned jobs run in FIFO order.
    pub(crate) breadth_first: bool,
    /// How the pool's threads are spawned while it is built.
    pub(crate) spawn_handler: S,
}

impl Config {
    /// The defaults.
    pub(crate) fn new() -> Self {
        Config {
            num_threads: 0,
            physical_cores: None,
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

impl<S> Config<S> {
    /// Asks for one thread per physical core, or per logical CPU, where no count is set.
    pub(crate) fn set_physical_cores(&mut self, physical: bool) {
        self.physical_cores = physical.then_some(topology::physical_cores);
    }

    /// Resolves the thread count: explicit, `WEFT_NUM_THREADS`, `RAYON_NUM_THREADS`, physical
    /// cores or `cpus` (the logical CPUs this process may use, which the caller read once).
    pub(crate) fn resolved_num_threads(&self, cpus: usize) -> Result<usize, ThreadPoolBuildError> {
        resolve_num_threads(self.num_threads, self.physical_cores, cpus)
    }

    /// The same settings with another way of spawning threads.
    pub(crate) fn with_spawn<T>(self, spawn_handler: T) -> Config<T> {
        Config {
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

/// [`Config::resolved_num_threads`], compiled once rather than once per spawn handler type.
fn resolve_num_threads(
    num_threads: usize,
    physical_cores: Option<fn(usize) -> Option<usize>>,
    cpus: usize,
) -> Result<usize, ThreadPoolBuildError> {
    let n = if num_threads > 0 {
        num_threads
    } else if let Some(n) =
        threads_from_env("WEFT_NUM_THREADS").or_else(|| threads_from_env("RAYON_NUM_THREADS"))
    {
        n
    } else if let Some(physical_cores) = physical_cores {
        physical_cores(cpus).unwrap_or(cpus)
    } else {
        cpus
    };
    if n > MAX_THREADS {
        return Err(ThreadPoolBuildError::new(ErrorKind::TooManyThreads(n)));
    }
    Ok(n)
}

/// The thread count environment variable `var` asks for, if it holds a number above 0.
fn threads_from_env(var: &str) -> Option<usize> {
    let n = std::env::var(var)
        .ok()?
        .trim_ascii()
        .parse::<usize>()
        .ok()?;
    (n > 0).then_some(n)
}
