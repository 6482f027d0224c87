//! A start handler that asks about its pool during `build_global` sees that pool (rayon's
//! handlers run on workers): it must not create a default global pool first.

use weft_core::{current_num_threads, ThreadPoolBuilder};

#[test]
fn a_start_handler_calling_current_num_threads_during_build_global() {
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    ThreadPoolBuilder::new()
        .num_threads(3)
        .start_handler(move |_| tx.lock().unwrap().send(current_num_threads()).unwrap())
        .build_global()
        .unwrap();
    for _ in 0..3 {
        let n = rx.recv_timeout(std::time::Duration::from_secs(20)).unwrap();
        assert_eq!(n, 3);
    }
    assert_eq!(current_num_threads(), 3);
}
