//! After work ends every worker parks: an idle pool does not churn (no wake/park cycles) and
//! burns no CPU.

use std::time::Duration;
use weft_core::ThreadPoolBuilder;

/// utime + stime of this process in clock ticks (Linux /proc).
fn process_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let after_comm = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_comm.split_whitespace().collect();
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the comm field.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn an_idle_pool_stays_asleep() {
    let pool = ThreadPoolBuilder::new().num_threads(8).build().unwrap();
    let sum: u64 = pool.install(|| {
        let (a, b) = weft_core::join(|| (0..1_000_000u64).sum::<u64>(), || 1);
        a + b
    });
    assert!(sum > 0);
    std::thread::sleep(Duration::from_millis(100)); // let searchers park
    let before = pool.metrics();
    let ticks = process_cpu_ticks();
    std::thread::sleep(Duration::from_millis(500));
    let after = pool.metrics();
    assert_eq!(before.wakeups, after.wakeups, "idle workers were woken");
    assert_eq!(
        before.parks, after.parks,
        "idle workers woke and parked again"
    );
    // 100 ticks per second on Linux: allow a tick or two of noise over half a second.
    assert!(process_cpu_ticks() - ticks <= 2, "an idle pool burnt CPU");
}
