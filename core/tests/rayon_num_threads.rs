//! A program switched from rayon keeps its `RAYON_NUM_THREADS` setting (own process: it sets
//! the environment).

#[test]
fn rayon_num_threads_sets_the_default_thread_count() {
    if std::env::var_os("WEFT_NUM_THREADS").is_some() {
        return; // WEFT_NUM_THREADS wins, as documented; nothing to check here.
    }
    std::env::set_var("RAYON_NUM_THREADS", "3");
    let pool = weft_core::ThreadPoolBuilder::new().build().unwrap();
    assert_eq!(pool.current_num_threads(), 3);
    std::env::set_var("WEFT_NUM_THREADS", "2");
    let pool = weft_core::ThreadPoolBuilder::new().build().unwrap();
    assert_eq!(pool.current_num_threads(), 2);
}
