//! Release stress of issue 10, every count asserted: 10^4 `blocking` calls under a contended
//! lock on pools of 1, 2 and 8 threads; three pools nested with broadcast, scope,
//! in_place_scope, install and join mixed; start and exit handlers that panic at random
//! indices. Each test runs under a watchdog.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;
use weft_core::{blocking, current_num_threads, current_thread_index, ThreadPoolBuilder};
use weft_testkit::{pools, within, Rng, THREADS};

const LIMIT: Duration = Duration::from_secs(30);
const RELEASE: bool = !cfg!(debug_assertions);

// ---- 10^4 `blocking` calls with a contended lock ----

/// `blocking` calls of [`blocking_under_a_contended_lock`].
const CALLS: usize = 10_000;

#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Tasks that held the lock across a `blocking` call.
    held_across: usize,
    /// Tasks that took the lock inside a `blocking` call.
    taken_inside: usize,
    /// Tasks that took the lock plainly.
    plain: usize,
}

/// On a fresh pool of `threads`: [`CALLS`] `blocking` calls, a third of them holding the
/// shared lock across a brief block (every 16th long enough to be handed off), the others
/// taking the lock inside `blocking`, beside as many tasks again that take it plainly.
fn blocking_under_a_contended_lock(threads: usize) {
    within(LIMIT, move || {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let tally = Mutex::new(Tally::default());
        pool.scope(|s| {
            for i in 0..CALLS {
                let tally = &tally;
                if i % 3 == 0 {
                    s.spawn(move |_| {
                        let mut t = tally.lock().unwrap();
                        let pause = if i % 16 == 0 { 200 } else { 2 };
                        blocking(|| std::thread::sleep(Duration::from_micros(pause)));
                        t.held_across += 1;
                    });
                } else {
                    s.spawn(move |_| blocking(|| tally.lock().unwrap().taken_inside += 1));
                }
                s.spawn(move |_| tally.lock().unwrap().plain += 1);
            }
        });
        let held_across = CALLS.div_ceil(3);
        let expected = Tally {
            held_across,
            taken_inside: CALLS - held_across,
            plain: CALLS,
        };
        assert_eq!(tally.into_inner().unwrap(), expected);
        let m = pool.metrics();
        assert_eq!(m.blocking_calls, CALLS as u64, "{m:?}");
        // The long blocks were handed off; each hand-off is of one call.
        assert!(m.handoffs > 0 && m.handoffs <= m.blocking_calls, "{m:?}");
        assert!(m.spares_reused <= m.handoffs, "{m:?}");
        // The pool still serves every seat.
        let seats = pool.broadcast(|ctx| ctx.index());
        assert_eq!(seats, (0..threads).collect::<Vec<_>>());
        pool.wait_until_stopped();
    });
}

#[test]
fn ten_thousand_blocking_calls_under_a_contended_lock_on_one_thread() {
    blocking_under_a_contended_lock(1);
}

#[test]
fn ten_thousand_blocking_calls_under_a_contended_lock_on_two_threads() {
    blocking_under_a_contended_lock(2);
}

#[test]
fn ten_thousand_blocking_calls_under_a_contended_lock_on_eight_threads() {
    blocking_under_a_contended_lock(8);
}

// ---- Three pools nested ----

/// How one level of a nest enters its pool.
#[derive(Clone, Copy, Debug)]
enum Enter {
    Install,
    Broadcast,
    Join,
    Scope(usize),
    InPlaceScope(usize),
}

impl Enter {
    fn random(rng: &mut Rng) -> Enter {
        let tasks = 1 + rng.below(4) as usize;
        match rng.below(5) {
            0 => Enter::Install,
            1 => Enter::Broadcast,
            2 => Enter::Join,
            3 => Enter::Scope(tasks),
            _ => Enter::InPlaceScope(tasks),
        }
    }

    /// How many times the level below runs per entry into this one.
    fn fan_out(self, threads: usize) -> usize {
        match self {
            Enter::Install => 1,
            Enter::Broadcast => threads,
            Enter::Join => 2,
            Enter::Scope(n) | Enter::InPlaceScope(n) => n,
        }
    }
}

/// Enters `levels[0]`'s pool its way and, in there, the rest; counts each level's bodies.
/// Every body checks that it runs on a worker of the pool it entered.
fn nest(levels: &[(usize, Enter)], bodies: &[AtomicUsize]) {
    let Some((&(p, enter), rest)) = levels.split_first() else {
        return;
    };
    let pool = &pools()[p];
    let body = || {
        assert_eq!(current_num_threads(), THREADS[p], "{enter:?} in pool {p}");
        assert!(current_thread_index().is_some_and(|i| i < THREADS[p]));
        bodies[0].fetch_add(1, Ordering::Relaxed);
        nest(rest, &bodies[1..]);
    };
    match enter {
        Enter::Install => pool.install(body),
        Enter::Broadcast => drop(pool.broadcast(|_| body())),
        Enter::Join => drop(pool.join(body, body)),
        Enter::Scope(n) => pool.scope(|s| {
            for _ in 0..n {
                s.spawn(|_| body());
            }
        }),
        Enter::InPlaceScope(n) => pool.in_place_scope(|s| {
            for _ in 0..n {
                s.spawn(|_| body());
            }
        }),
    }
}

/// `rounds` random nests three pools deep (each pool once, in a random order); one nest in
/// four has a fourth level, re-entering its first pool.
fn random_nests(seed: u64, rounds: usize) {
    let mut rng = Rng::new(seed);
    for round in 0..rounds {
        let mut order = vec![0, 1, 2];
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        if rng.below(4) == 0 {
            order.push(order[0]);
        }
        let levels: Vec<(usize, Enter)> = order
            .iter()
            .map(|&p| (p, Enter::random(&mut rng)))
            .collect();
        let bodies: Vec<AtomicUsize> = levels.iter().map(|_| AtomicUsize::new(0)).collect();
        nest(&levels, &bodies);
        let mut expected = 1;
        for (level, &(p, enter)) in levels.iter().enumerate() {
            expected *= enter.fan_out(THREADS[p]);
            assert_eq!(
                bodies[level].load(Ordering::Relaxed),
                expected,
                "seed {seed} round {round}, level {level} of {levels:?}"
            );
        }
    }
}

#[test]
fn three_pools_nested_with_broadcast_scope_in_place_scope_install_and_join_mixed() {
    let rounds = if RELEASE { 300 } else { 40 };
    within(LIMIT, move || {
        // Two callers from outside at once, so that the nests also meet each other.
        let other = std::thread::spawn(move || random_nests(11, rounds));
        random_nests(10, rounds);
        other.join().unwrap();
    });
}

// ---- Start and exit handlers that panic ----

/// The panics of this section start with this, and the panic hook keeps them off stderr.
const MARK: &str = "handler test panic";

fn quiet_handler_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let ours = info
                .payload()
                .downcast_ref::<String>()
                .is_some_and(|m| m.starts_with(MARK));
            if !ours {
                previous(info);
            }
        }));
    });
}

fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_else(|| "<not a String>".to_owned())
}

/// Which handler calls panic: the pool's size, and for each index whether its start and
/// its exit handler panic.
#[derive(Clone, Debug)]
struct Draw {
    threads: usize,
    start: Vec<bool>,
    exit: Vec<bool>,
}

impl Draw {
    fn new(seed: u64) -> Draw {
        let mut rng = Rng::new(seed);
        let threads = 1 + rng.below(8) as usize;
        let mut one_in_three = || (0..threads).map(|_| rng.below(3) == 0).collect();
        let start = one_in_three();
        let exit = one_in_three();
        Draw {
            threads,
            start,
            exit,
        }
    }

    /// Whether the handler call logged as `call` ("start 3", "exit 0") panics.
    fn panics(&self, call: &str) -> bool {
        let (kind, index) = call.split_once(' ').expect("a logged call");
        let index: usize = index.parse().expect("an index");
        match kind {
            "start" => self.start[index],
            _ => self.exit[index],
        }
    }
}

/// A pool of 1 to 8 threads whose start and exit handlers panic at indices drawn from
/// `seed`: every seat is served (before and after spares started for `blocking`), every
/// panic reaches the panic handler, and `wait_until_stopped` returns.
fn panicking_handlers(seed: u64) {
    let draw = Draw::new(seed);
    let threads = draw.threads;
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let caught = Arc::new(Mutex::new(Vec::new()));
    let handler = |kind: &'static str| {
        let (draw, log) = (draw.clone(), log.clone());
        move |i: usize| {
            let call = format!("{kind} {i}");
            log.lock().unwrap().push(call.clone());
            if draw.panics(&call) {
                panic!("{MARK}: {call}");
            }
        }
    };
    let caught2 = caught.clone();
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(handler("start"))
        .exit_handler(handler("exit"))
        .panic_handler(move |payload| caught2.lock().unwrap().push(message(&*payload)))
        .build()
        .unwrap();
    let seats: Vec<usize> = (0..threads).collect();
    assert_eq!(pool.broadcast(|ctx| ctx.index()), seats, "seed {seed}");
    // More blocked tasks than seats: spares start (their start handlers may panic too).
    pool.scope(|s| {
        for _ in 0..=threads {
            s.spawn(|_| blocking(|| std::thread::sleep(Duration::from_millis(2))));
        }
    });
    assert_eq!(pool.broadcast(|ctx| ctx.index()), seats, "seed {seed}");
    pool.wait_until_stopped();

    let log = log.lock().unwrap();
    let starts = log.iter().filter(|l| l.starts_with("start")).count();
    let exits = log.len() - starts;
    assert!(starts >= threads, "seed {seed}: {log:?}");
    assert_eq!(
        starts, exits,
        "seed {seed}: every started thread exits once: {log:?}"
    );
    // Exactly the calls at a panicking index panicked, and each panic was caught.
    let mut expected: Vec<String> = log
        .iter()
        .filter(|call| draw.panics(call))
        .map(|call| format!("{MARK}: {call}"))
        .collect();
    let mut caught = caught.lock().unwrap().clone();
    expected.sort();
    caught.sort();
    assert_eq!(caught, expected, "seed {seed}: {draw:?}");
}

#[test]
fn handlers_panicking_at_random_indices_leave_every_seat_served_and_the_pool_stops() {
    quiet_handler_panics();
    within(LIMIT, || {
        for seed in 0..32 {
            panicking_handlers(seed);
        }
    });
}
