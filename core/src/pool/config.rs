//! A pool's configuration: the plain struct the public builder fills in and
//! `Registry::new` consumes (as tokio's `runtime/config.rs`), so that nothing below the
//! public API imports the builder.

use crate::os::topology;
use crate::pool::error::{ErrorKind, ThreadPoolBuildError};
use std::any::Any;
use std::sync::Mutex;
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

/// How to build a pool (see `ThreadPoolBuilder`'s setters for what each field means). Not
/// generic: the spawn handler is passed beside it, so that the build is compiled once.
pub(crate) struct Config {
    /// The thread count asked for; 0 for the default.
    pub(crate) num_threads: usize,
    /// With no count asked for, one thread per physical core, as this function counts them
    /// (`topology::physical_cores`, set by [`Config::set_physical_cores`]): a function rather
    /// than a flag, so that only a program that asks for physical cores links the code that
    /// reads the CPU topology.
    pub(crate) physical_cores: Option<fn(usize) -> Option<usize>>,
    /// The building thread becomes worker 0.
    pub(crate) use_current_thread: bool,
    /// The callbacks and the stack size, which the pool keeps.
    pub(crate) handlers: Handlers,
    /// How long a spare thread waits in the cache before it exits.
    pub(crate) keep_alive: Duration,
    /// How many spare threads the pool may keep beyond its N.
    pub(crate) max_blocking_threads: usize,
    /// Spawned jobs run in FIFO order.
    pub(crate) breadth_first: bool,
}

/// The user's callbacks and thread settings, kept by the pool.
#[derive(Default)]
pub(crate) struct Handlers {
    /// Receives the panics of detached tasks.
    pub(crate) panic: Option<Box<PanicHandler>>,
    /// Runs on each pool thread when it starts.
    pub(crate) start: Option<Box<StartHandler>>,
    /// Runs on each pool thread before it exits.
    pub(crate) exit: Option<Box<StartHandler>>,
    /// Names the pool's threads.
    pub(crate) namer: Mutex<Option<Box<ThreadNamer>>>,
    /// The stack size of the pool's threads.
    pub(crate) stack_size: Option<usize>,
}

impl Config {
    /// The defaults.
    pub(crate) fn new() -> Self {
        Config {
            num_threads: 0,
            physical_cores: None,
            use_current_thread: false,
            handlers: Handlers::default(),
            keep_alive: DEFAULT_KEEP_ALIVE,
            max_blocking_threads: DEFAULT_MAX_BLOCKING_THREADS,
            breadth_first: false,
        }
    }

    /// Asks for one thread per physical core, or per logical CPU, where no count is set.
    pub(crate) fn set_physical_cores(&mut self, physical: bool) {
        self.physical_cores = physical.then_some(topology::physical_cores);
    }

    /// Resolves the thread count: explicit, `WEFT_NUM_THREADS`, `RAYON_NUM_THREADS`, physical
    /// cores or `cpus` (the logical CPUs this process may use, which the caller read once).
    pub(crate) fn resolved_num_threads(&self, cpus: usize) -> Result<usize, ThreadPoolBuildError> {
        let n = if self.num_threads > 0 {
            self.num_threads
        } else if let Some(n) =
            threads_from_env("WEFT_NUM_THREADS").or_else(|| threads_from_env("RAYON_NUM_THREADS"))
        {
            n
        } else if let Some(physical_cores) = self.physical_cores {
            physical_cores(cpus).unwrap_or(cpus)
        } else {
            cpus
        };
        if n > MAX_THREADS {
            return Err(ThreadPoolBuildError::new(ErrorKind::TooManyThreads(n)));
        }
        Ok(n)
    }
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
